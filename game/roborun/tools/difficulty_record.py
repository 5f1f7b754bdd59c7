"""The difficulty table of docs/roborun-levels.md as a record (records/roborun-difficulty.json).

Each shipped scenario's entry holds, for deals 0-79, the round in which the node-bound
solver wins (None where it finds no win within its bound). Difficulty, solver wins and the
campaign rise are computed from these rounds; the fingerprint covers the map and its
tileset, and the code covers the solver, the rules it plays and the AI's route evaluation it
is guided by (game/roborun/ai/board.py). `python main.py measure roborun-difficulty`
re-measures what changed; tests/roborun/levels/test_difficulty.py checks the targets and
re-solves a sample of deals every run.
"""
from __future__ import annotations

import zlib
from pathlib import Path

DEALS, FIRST_SEED = 80, 0
SAMPLES_PER_SCENARIO = 1
SOLVER_NODES, SOLVER_SECONDS = 8000, 60.0   # node-bound (the same on any machine); seconds only a safety net


class DifficultyRecord:
    name = "roborun-difficulty"
    what = (f"Robo Run: per shipped scenario, the round of the solver's win on deals "
            f"{FIRST_SEED}-{FIRST_SEED + DEALS - 1} (null: no win within its node bound)")
    # what the figures depend on: this module (deals, budget), the solver and the map loader,
    # and through them the rules and the AI's route evaluation that guides the solver
    code_modules = ("game.roborun.tools.difficulty_record", "game.roborun.levels.solver",
                    "game.roborun.levels.tmx_loader")
    code_left_out = ("game.core",)       # errors, file reading, saves: plumbing, not play

    def entries(self) -> dict[str, list[Path]]:
        from game.roborun.levels.tmx_loader import list_levels
        tileset = Path(__file__).resolve().parents[3] / "levels" / "tilesets" / "roborun.tsx"
        return {ref: [path, tileset] for ref, path in list_levels()}

    def measure(self, key: str) -> dict:
        from game.roborun.levels.tmx_loader import find_level, load_level
        level = load_level(find_level(key))
        return {"first_seed": FIRST_SEED,
                "solver_rounds": [solver_round(level, FIRST_SEED + i) for i in range(DEALS)]}


def solver_round(level, deal: int) -> int | None:
    """The round of the solver's win on one deal, None where it finds none within its bound."""
    from game.roborun.levels.solver import Budget, solve_deal
    solved = solve_deal(level, deal, Budget(nodes=SOLVER_NODES, seconds=SOLVER_SECONDS), count_first_moves=False)
    return solved.rounds if solved.won else None


RECORD = DifficultyRecord()


def sample_deals(key: str, count: int = SAMPLES_PER_SCENARIO) -> list[int]:
    """Which recorded deals of a scenario a test run re-solves: fixed per scenario (so a run
    is repeatable) and spread over the scenarios' deals (so the whole record gets covered)."""
    start = zlib.crc32(key.encode()) % DEALS
    return [FIRST_SEED + (start + i * DEALS // max(count, 1)) % DEALS for i in range(count)]
