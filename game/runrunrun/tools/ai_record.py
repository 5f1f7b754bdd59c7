"""The Run Run Run! AI's win rates as a record (records/runrunrun-ai.json, issue 24).

Each entry is one table (the seats, the hard seat moving round the table: game g turns it by g
seats) played on seeds FIRST_SEED.. that were never used while tuning the AI or its partners;
the result is every game's outcome ("won" or the loss cause), so the win rate, the loss causes
and any single game can be checked. Playing them takes minutes, so `make test` does not:
`python main.py measure runrunrun-ai` re-measures, tests/runrunrun/test_ai_record.py checks the
targets, the fingerprint, re-plays a sample game of each table and checks that
docs/runrunrun-ai.md quotes these figures. Decision times are not recorded (they are the
machine's, not the code's); `simulate runrunrun` reports them.
"""
from __future__ import annotations

import zlib
from pathlib import Path

FIRST_SEED = 9000           # seeds >= 9000: never used while tuning (issue 24)
TURN_CAP = 400

# entry -> (seats, games); "+" tables are one hard AI with partners from game/runrunrun/partners
TABLES: dict[str, tuple[tuple[str, ...], int]] = {
    "hard + sensible": (("hard", "sensible"), 200),
    "hard + noisy": (("hard", "noisy"), 200),
    "hard + hasty": (("hard", "hasty"), 200),
    "sensible x2": (("sensible", "sensible"), 200),
    "noisy x2": (("noisy", "noisy"), 200),
    "hard + 3 sensible": (("hard", "sensible", "sensible", "sensible"), 100),
    "sensible x4": (("sensible",) * 4, 100),
    "hard x4": (("hard",) * 4, 100),
    "random x4": (("random",) * 4, 40),
}


def table_seats(seats, game: int) -> list[str]:
    """Game g turns the table by g seats, so the hard AI sits in every seat in turn."""
    shift = game % len(seats)
    return list(seats[-shift:]) + list(seats[:-shift]) if shift else list(seats)


def outcome(seats, game: int) -> str:
    """'won', or the cause of the loss ('turn_cap' for a game still going at the cap)."""
    from game.runrunrun import rules as R
    from game.runrunrun.tools.simulate import play_game
    state = play_game(table_seats(seats, game), "standard", FIRST_SEED + game)
    result = R.result(state)
    return "turn_cap" if result is None else ("won" if result.outcome == "won" else result.cause)


class AIRecord:
    name = "runrunrun-ai"
    what = (f"Run Run Run! standard: every game's outcome per table (the hard seat moving round), seeds "
            f"{FIRST_SEED} on, never used while tuning")
    code_modules = ("game.runrunrun.tools.ai_record", "game.runrunrun.tools.simulate")
    code_left_out = ("game.core",)       # errors, file reading, the outside-seat loader: plumbing, not play

    def entries(self) -> dict[str, list[Path]]:
        content = Path(__file__).resolve().parents[1] / "rules" / "data" / "content.json"
        return {key: [content] for key in TABLES}

    def measure(self, key: str) -> dict:
        seats, games = TABLES[key]
        return {"seats": list(seats), "first_seed": FIRST_SEED,
                "outcomes": [outcome(seats, g) for g in range(games)]}


RECORD = AIRecord()


def sample_game(key: str) -> int:
    """Which recorded game of a table a test run re-plays: fixed per table, spread over the tables."""
    return zlib.crc32(key.encode()) % TABLES[key][1]
