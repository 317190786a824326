"""The scenes of the window: menu, setup, board, results, pause, settings, rules."""
