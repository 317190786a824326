"""The scenes of the window: menu, setup, board, results, pause, settings, rules...

``base`` is the scene protocol and stack, ``widget_scene`` the menu scenes' base. No
scene imports another: they name routes (``game.ui.routes``) and ``game.ui.router``
knows which scene answers each.
"""
