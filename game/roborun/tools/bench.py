"""`python main.py bench engine`: how fast the rules engine plays random legal games.

Prints ONE JSON object: playouts_per_s (random games played to the end per CPU second on
one core, so a busy machine does not distort it; cpu_share tells how much of the wall time
we got), applies_per_s, copies_per_s, average decisions per game, on a built-in busy board
with every special space (and on shipped level 1.1 when the Tiled loader is present).
With --calls it adds calls_per_apply: Python function calls (and C calls) per apply over a
few seeded games, counted with sys.setprofile (a figure that does not depend on the load).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time

from game.core.errors import UserError
from game.roborun.levels.ascii_board import parse_board
from game.roborun.levels.tmx_loader import find_level, load_level
from game.roborun.rules.engine import apply, legal_choices, new_game

BUSY_BOARD = """
.+G    .+e    .      T1     .+b    .      Xr
.      .+q    H      .      .      .+k    .
V=remove_walls  .  .+w   =>     =>     =>     .
P>     .      .      L1     .      .+x    t1
.      .+W    B      .      .+p    .+z    C=1
.+3    .      .      L1     .      N=2    .
Xg     .+b    .      .      Yr=3   .      .+R
gate 3,0 S green,blue
wall 1,3 E
spawn 1 3,1
spawn 2 4,5
spawn 3 6,3
support blue,purple,white
"""


def busy_level():
    return parse_board(BUSY_BOARD, name="bench board")


def measure(level, seconds: float, seed: int = 0) -> dict:
    rng = random.Random(seed)
    games = applies = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    deadline = start + seconds
    g = 0
    while time.perf_counter() < deadline:
        state = new_game(level, seed + g)
        g += 1
        while state.outcome is None:
            apply(state, rng.choice(legal_choices(state)))
            applies += 1
        games += 1
    wall = time.perf_counter() - start
    elapsed = max(time.process_time() - cpu_start, 1e-9)     # CPU seconds: fair on a busy machine
    state = new_game(level, seed)
    copies = 0
    t0 = time.process_time()
    w0 = time.perf_counter()
    while time.perf_counter() - w0 < min(0.5, seconds / 5):
        for _ in range(100):
            state.copy()
        copies += 100
    copy_time = max(time.process_time() - t0, 1e-9)
    return {"playouts_per_s": round(games / elapsed, 1), "applies_per_s": round(applies / elapsed),
            "copies_per_s": round(copies / copy_time), "decisions_per_game": round(applies / max(games, 1), 1),
            "games": games, "cpu_share": round(elapsed / wall, 2)}


def calls_per_apply(level, games: int = 100) -> dict:
    """Python and C function calls per apply over `games` seeded random games (new_game included),
    counted on a second pass so the figure does not depend on which caches were already warm."""
    counts = {"call": 0, "c_call": 0}

    def count(frame, event, arg):
        if event in counts:
            counts[event] += 1

    def play() -> int:
        rng = random.Random(0)
        applies = 0
        for g in range(games):
            state = new_game(level, g)
            while state.outcome is None:
                apply(state, rng.choice(legal_choices(state)))
                applies += 1
        return applies

    play()          # once unprofiled: the lazily filled tables (shared Choices, step tables, path caches)
    sys.setprofile(count)       # are then as warm as in a long run, whatever ran before in this process
    try:
        applies = play()
    finally:
        sys.setprofile(None)
    return {"python_calls_per_apply": round(counts["call"] / max(applies, 1), 1),
            "c_calls_per_apply": round(counts["c_call"] / max(applies, 1), 1)}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="main.py bench engine", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per board (default 5)")
    parser.add_argument("--calls", action="store_true", help="also count function calls per apply")
    args = parser.parse_args(argv)
    if not 0 < args.seconds <= 86400:          # also refuses nan and inf before any work
        raise UserError("command line", f"--seconds must be a number above 0 (got {args.seconds:g})")
    out = {"board": "builtin busy board", **measure(busy_level(), args.seconds)}
    if args.calls:
        out["calls_per_apply"] = calls_per_apply(busy_level())
    try:
        level = load_level(find_level("1.1"))
    except UserError:                       # the level is not shipped in this build
        level = None
    if level is not None:
        out["level_1_1"] = measure(level, args.seconds / 2)
    print(json.dumps(out))
    return 0
