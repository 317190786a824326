"""Tabula's window: the only package that imports pygame.

``app`` owns the loop (events -> update(dt) -> draw -> flip) and a stack of
scenes (``scenes``); ``render`` draws boards from pure layout geometry;
``anim`` holds tweens and the sequencer that replays a play's steps.
"""
