"""The Robo Rescue AI's edge over random play as a record (records/roborescue-ai.json, issue 24).

Each entry is one AI level playing solo games on seeds FIRST_SEED..; the result is every game's
final score. Playing them takes seconds to minutes, so `make test` does not:
`python main.py measure roborescue-ai` re-measures, tests/roborescue/test_ai_record.py checks
that the hard AI outscores random play on the same deals, the fingerprint, and re-plays one
recorded game per level. The calibration table of docs/roborescue-content.md (1,000 games per
level) is measured by `simulate roborescue`, not kept here.
"""
from __future__ import annotations

import zlib
from pathlib import Path

FIRST_SEED, GAMES = 100, 40
LEVELS = ("hard", "random")


def final_score_of(level: str, seed: int) -> int:
    from game.roborescue.rules.engine import final_score
    from game.roborescue.tools.simulate import play_game
    return final_score(play_game([level], seed), 0)


class AIRecord:
    name = "roborescue-ai"
    what = f"Robo Rescue solo: final score per game, seeds {FIRST_SEED}-{FIRST_SEED + GAMES - 1}, per AI level"
    code_modules = ("game.roborescue.tools.ai_record", "game.roborescue.tools.simulate")
    code_left_out = ("game.core",)       # errors, file reading: plumbing, not play

    def entries(self) -> dict[str, list[Path]]:
        deck = Path(__file__).resolve().parents[1] / "rules" / "data" / "deck.json"
        return {level: [deck] for level in LEVELS}

    def measure(self, key: str) -> dict:
        return {"first_seed": FIRST_SEED, "scores": [final_score_of(key, FIRST_SEED + g) for g in range(GAMES)]}


RECORD = AIRecord()


def sample_seed(key: str) -> int:
    """Which recorded game of a level a test run re-plays: fixed per level."""
    return FIRST_SEED + zlib.crc32(key.encode()) % GAMES
