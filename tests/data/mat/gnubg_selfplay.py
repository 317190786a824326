# Run inside GNU Backgammon: SEED=11 LENGTH=5 OUT=x.mat gnubg -t -q -p gnubg_selfplay.py
# Both players are GNU Backgammon at 0 ply; "play" until the match is over, then export.
import os

import gnubg

seed, length, out = os.environ["SEED"], os.environ["LENGTH"], os.environ["OUT"]
for command in [
    "set player 0 gnubg",
    "set player 1 gnubg",
    "set player 0 chequerplay evaluation plies 0",
    "set player 1 chequerplay evaluation plies 0",
    "set player 0 cubedecision evaluation plies 0",
    "set player 1 cubedecision evaluation plies 0",
    f"set seed {seed}",
    f"new match {length}",
]:
    gnubg.command(command)
for _ in range(500):
    gnubg.command("play")
gnubg.command(f"export match mat {out}")
