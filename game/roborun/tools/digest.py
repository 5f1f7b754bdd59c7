"""`python -m game.roborun.tools.digest [--games N] [--set fixed|wide]`: one digest of the event
streams of N seeded random games, to prove an engine change (e.g. a speed-up) plays exactly as before.

--set fixed (the default): game g is played on board g % (the bench's busy board + the frozen
copies of campaigns 1 and 2 in digest_maps.json), seed g, with the Single Scenario set-up the seed deals.
--set wide: the frozen copies of the campaign 3-5 maps in digest_maps.json (so retuning a shipped
map does not move it); every odd game gets a "rich" set-up (every ability unlocked, 5 Energy, the
highest CHIP level, two Equipment cards each), so the reaction windows (tried on copies), the
abilities and the Equipment cards are played too; each game's final state summary is hashed.
Choices are uniform among the legal choices with random.Random(g). Every event (all fields) and
every choice goes into a SHA-256. Run it before and after a change: equal digests, same games.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import time
from functools import lru_cache
from pathlib import Path

from game.core import files
from game.core.errors import UserError
from game.roborun.rules.cards import equipment_cards, robot_boards
from game.roborun.rules.engine import apply, legal_choices, new_game
from game.roborun.rules.level import LevelSpec
from game.roborun.rules.state import PlayerSetup, Setup
from game.roborun.tools.bench import busy_level

PLAYOUT_CAP = 3000


FIXED_CAMPAIGNS = ("1.", "2.")     # boards whose content is settled: new or retuned maps must not move the digest
WIDE_MAPS = Path(__file__).with_name("digest_maps.json")


def _frozen_maps(key: str) -> dict:
    """One table of digest_maps.json, read through game.core.files; one line if it is not there."""
    data = files.read_json(WIDE_MAPS, what="frozen maps")
    maps = data.get(key) if isinstance(data, dict) else None
    if not isinstance(maps, dict):
        raise UserError(f"{WIDE_MAPS}: {key}", "must be an object of maps by id")
    return maps


@lru_cache(maxsize=1)
def boards() -> tuple[LevelSpec, ...]:
    """The bench's busy board, then campaigns 1-2 as frozen in digest_maps.json ("fixed_maps"):
    retuning a shipped map of those campaigns must not move the guard either."""
    maps = _frozen_maps("fixed_maps")
    return (busy_level(),) + tuple(LevelSpec.from_json(maps[ref], f"{WIDE_MAPS.name} {ref}")
                                   for ref in sorted(maps) if ref.startswith(FIXED_CAMPAIGNS))


@lru_cache(maxsize=1)
def wide_boards() -> tuple[LevelSpec, ...]:
    """Campaigns 3-5 as frozen in digest_maps.json (reading order of their ids)."""
    maps = _frozen_maps("maps")
    return tuple(LevelSpec.from_json(maps[ref], f"{WIDE_MAPS.name} {ref}") for ref in sorted(maps))


def rich_setup(rng: random.Random) -> Setup:
    """Two random robots with everything unlocked, full Energy, top CHIP and two Equipment cards each."""
    boards_ = robot_boards()
    robots = rng.sample(sorted(boards_), 2)
    cards = rng.sample(sorted(equipment_cards()), 4)
    return Setup(tuple(PlayerSetup(r, tuple(boards_[r].abilities), len(boards_[r].chip), 5, tuple(cards[2 * i:2 * i + 2]))
                       for i, r in enumerate(robots)))


def digest(games: int, which: str = "fixed") -> tuple[str, int]:
    """(hex digest, applies) of `games` seeded random games on the `which` set of boards."""
    h = hashlib.sha256()
    wide = which == "wide"
    levels = list(wide_boards()) if wide else boards()
    applies = 0
    for g in range(games):
        setup = rich_setup(random.Random(-1 - g)) if wide and g % 2 else None
        state = new_game(levels[g % len(levels)], g, setup)
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
        if wide:
            h.update(json.dumps(state.summary(), sort_keys=True).encode())
    return h.hexdigest(), applies


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.roborun.tools.digest", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--set", choices=("fixed", "wide"), default="fixed", dest="which",
                        help="fixed: busy board + campaigns 1-2; wide: frozen campaigns 3-5, rich set-ups")
    args = parser.parse_args(argv)
    start = time.process_time()
    value, applies = digest(args.games, args.which)
    print(json.dumps({"games": args.games, "set": args.which, "applies": applies, "sha256": value,
                      "cpu_s": round(time.process_time() - start, 1)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
