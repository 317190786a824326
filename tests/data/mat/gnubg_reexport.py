# Run inside GNU Backgammon (gnubg -t -q -p gnubg_reexport.py): import each .mat named in
# the environment variable MATS (comma-separated), export it again as NAME.gnubg, and print
# the final score of each match as "SCORE NAME <score of side 0> <score of side 1>".
import os

import gnubg

for name in os.environ["MATS"].split(","):
    gnubg.command(f'import mat "{name}"')
    info = gnubg.match(analysis=0, boards=0, statistics=0, verbose=0)["games"][-1]["info"]
    # gnubg's X is the file's first (left) player, O the second.
    left = info["score-X"] + (info.get("points-won", 0) if info.get("winner") == "X" else 0)
    right = info["score-O"] + (info.get("points-won", 0) if info.get("winner") == "O" else 0)
    print("SCORE", name, left, right, flush=True)
    if os.environ.get("EXPORT"):
        gnubg.command(f'export match mat "{name}.gnubg"')
