"""Computer opponents: evaluations trained by self-play, and the levels built on them.

Pure Python and numpy: never pygame. ``network`` is a small multilayer
perceptron with save/load; ``encode`` turns positions into its inputs;
``train`` learns by temporal differences from self-play (as TD-Gammon did).
"""
