"""A game in progress without a window: the table (``game.play.table``), what it tells
the window (``game.play.events``), a person's step-by-step move input
(``game.play.turn``), the tutor's words (``game.play.advice``) and what the scenes hand
each other (``game.play.session``). Never imports pygame or ``game.ui``."""
