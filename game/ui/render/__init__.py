"""Drawing the board: ``layout`` is the pure geometry, ``board_view`` paints it."""
