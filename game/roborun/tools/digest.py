"""`python -m game.roborun.tools.digest [--games N]`: one digest of the event streams of N
seeded random games, to prove an engine change (e.g. a speed-up) plays exactly as before.

Game g is played on board g % (the bench's busy board + campaigns 1 and 2), seed g, choosing
uniformly among the legal choices with random.Random(g). Every event (all fields) and every
choice goes into a SHA-256. Run it before and after a change: equal digests, same games.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import time

from game.roborun.levels.tmx_loader import list_levels, load_level
from game.roborun.rules.engine import apply, legal_choices, new_game
from game.roborun.tools.bench import busy_level

PLAYOUT_CAP = 3000


FIXED_CAMPAIGNS = ("1.", "2.")     # boards whose content is settled: new or retuned maps must not move the digest


def boards() -> list:
    return [busy_level()] + [load_level(path) for ref, path in list_levels() if ref.startswith(FIXED_CAMPAIGNS)]


def digest(games: int) -> tuple[str, int]:
    """(hex digest, applies) of `games` seeded random games."""
    h = hashlib.sha256()
    levels = boards()
    applies = 0
    for g in range(games):
        state = new_game(levels[g % len(levels)], g)
        rng = random.Random(g)
        for _ in range(PLAYOUT_CAP):
            if state.outcome is not None:
                break
            choice = rng.choice(legal_choices(state))
            h.update(repr((choice.kind, choice.args)).encode())
            for e in apply(state, choice):
                h.update(repr((e.kind, e.robot, e.frm, e.to, e.path, e.at, e.seat, e.card, e.face, e.token,
                               e.colour, e.value, e.detail)).encode())
            applies += 1
        h.update(repr((state.outcome, state.loss_cause, state.round)).encode())
    return h.hexdigest(), applies


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.roborun.tools.digest", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args(argv)
    start = time.process_time()
    value, applies = digest(args.games)
    print(json.dumps({"games": args.games, "applies": applies, "sha256": value,
                      "cpu_s": round(time.process_time() - start, 1)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
