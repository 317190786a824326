"""Study away from the board: a whole game judged afterwards (``analysis``), read from a
replay or a ``.mat`` file and written as JSON and text (``python -m game.study FILE``).

Pure: the rules and the trained opponents only, never the window or the records book.
"""
