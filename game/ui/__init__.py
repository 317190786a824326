"""Tabula's window: the only package that imports pygame.

``app`` owns the loop (events -> update(dt) -> draw -> flip) and a stack of
scenes (``scenes``); scenes move on by naming a ``routes.Route`` (``app.go``), and
``router`` is the one table of routes to scene classes. ``widgets`` is the menus'
toolkit; ``looks`` the one table of each variant's look; ``render`` draws boards from
pure layout geometry; ``anim`` holds tweens and the sequencer that replays a play's
steps.
"""
