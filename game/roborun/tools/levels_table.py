"""`python main.py simulate roborun --levels-table`: the difficulty table of
docs/roborun-levels.md, printed as Markdown.

    python main.py simulate roborun --levels-table --all --games 20 --seed 0

For every level and deal S..S+games-1 (Single Scenario set-up) it runs the solver
(`main.py solve`, bound --solver-nodes / --solver-seconds, default 8000 nodes / 60 s)
and plays the deal with the hard AI pair (`--ai`, both seats, each seeing only its seat
view) and with the hard AI in seat 0 beside the greedy partner of the suite
(game/roborun/partners, written apart from the AI) in seat 1. Columns: the solver's wins, the round of each win, their mean, the difficulty
(mean winning round over all deals, a deal the solver did not win counting as round 5),
the AI pair's wins, the AI pair's wins on the deals the solver won, and the hard + greedy
pair's wins. A second table
gives the campaign means. `--no-ai` (for tuning maps) skips both AI pairs and prints "-"
in their columns; the solver columns are the same either way. Deal i uses seed S + i everywhere, so the output is
reproducible (up to the time bound on a very slow machine).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from game.roborun.partners import make_partner
from game.roborun.ai.player import RoboRunAI
from game.roborun.levels.solver import Budget, solve_deal
from game.roborun.rules.engine import apply, legal_choices, new_game
from game.roborun.rules.view import seat_view
from game.roborun.tools import difficulty_record

MAX_DECISIONS_PER_GAME = 3000     # a guard against an engine loop (as in simulate)
UNWON_ROUND = 5           # a deal the solver did not win counts as round 5 in the difficulty
TABLE_NODES, TABLE_SECONDS = difficulty_record.SOLVER_NODES, difficulty_record.SOLVER_SECONDS
HEADER = ("| level | solver wins / {n} | rounds of the solver's wins | mean round | difficulty "
          "| hard AI pair wins / {n} | AI wins on solver-won deals | hard + greedy wins / {n} |")
RULE = "|---|---|---|---|---|---|---|---|"
CAMPAIGN_HEADER = "| campaign | mean difficulty | solver wins | hard AI pair wins | hard + greedy wins |"


@dataclass
class Row:
    level_id: str
    games: int
    solver_rounds: list[int | None] = field(default_factory=list)   # per deal: winning round or None
    ai_won: list[bool] = field(default_factory=list)
    greedy_won: list[bool] = field(default_factory=list)       # hard AI in seat 0, greedy partner in seat 1

    @property
    def solver_wins(self) -> int:
        return sum(r is not None for r in self.solver_rounds)

    @property
    def mean_round(self) -> float | None:
        won = [r for r in self.solver_rounds if r is not None]
        return sum(won) / len(won) if won else None

    @property
    def difficulty(self) -> float:
        return sum(UNWON_ROUND if r is None else r for r in self.solver_rounds) / len(self.solver_rounds)

    @property
    def ai_wins(self) -> int:
        return sum(self.ai_won)

    @property
    def ai_wins_on_solver_won(self) -> int:
        return sum(ai for ai, r in zip(self.ai_won, self.solver_rounds) if r is not None)

    @property
    def has_ai(self) -> bool:
        return bool(self.ai_won)

    def markdown(self) -> str:
        rounds = " ".join(str(r) for r in self.solver_rounds if r is not None) or "-"
        mean = "-" if self.mean_round is None else f"{self.mean_round:.2f}"
        if not self.has_ai:
            return f"| {self.level_id} | {self.solver_wins} | {rounds} | {mean} | {self.difficulty:.2f} | - | - | - |"
        return (f"| {self.level_id} | {self.solver_wins} | {rounds} | {mean} | {self.difficulty:.2f} | "
                f"{self.ai_wins} | {self.ai_wins_on_solver_won} / {self.solver_wins} | {sum(self.greedy_won)} |")


def ai_pair_wins(level, seed: int, ai: str, partner: str | None = None) -> bool:
    """One deal played by two `ai` players (or `ai` in seat 0 and a partner of the suite,
    e.g. greedy, in seat 1), each seeing only its seat view; the same deal and AI random
    stream as `simulate roborun` plays for seed `seed`."""
    state = new_game(level, seed)
    rng = random.Random(seed * 7919 + 17)
    players = (RoboRunAI(ai), RoboRunAI(ai) if partner is None else _Partner(make_partner(partner, seed)))
    for _ in range(MAX_DECISIONS_PER_GAME):
        seat = state.decision_seat
        if seat is None:
            break
        apply(state, players[seat].choose(seat_view(state, seat), legal_choices(state), rng))
    return state.outcome == "won"


class _Partner:
    """A partner of the suite (choose(view, choices)) behind the AI's choose(view, choices, rng)."""

    def __init__(self, partner):
        self.partner = partner

    def choose(self, view, choices, rng):
        return self.partner.choose(view, choices)


def measure(level_id: str, level, games: int, seed: int, ai: str = "hard",
            nodes: int = TABLE_NODES, seconds: float = TABLE_SECONDS, with_ai: bool = True) -> Row:
    """One row; with_ai=False measures the solver only (the AI columns stay empty)."""
    row = Row(level_id, games)
    for i in range(games):
        deal = seed + i
        solved = solve_deal(level, deal, Budget(nodes=nodes, seconds=seconds), count_first_moves=False)
        row.solver_rounds.append(solved.rounds if solved.won else None)
        if with_ai:
            row.ai_won.append(ai_pair_wins(level, deal, ai))
            row.greedy_won.append(ai_pair_wins(level, deal, ai, "greedy"))
    return row


def recorded_rows() -> list[Row]:
    """The table's rows (solver columns) as recorded in records/roborun-difficulty.json."""
    from game.core import records
    rows = []
    for key, entry in records.load(difficulty_record.RECORD.name).entries.items():
        row = Row(key, len(entry.result["solver_rounds"]))
        row.solver_rounds = list(entry.result["solver_rounds"])
        rows.append(row)
    return rows


def _count(rows: list[Row], wins) -> str:
    """A campaign total of an AI column, or "-" when a row of it was measured without the AI."""
    return str(sum(wins(r) for r in rows)) if all(r.has_ai for r in rows) else "-"


def table(rows: list[Row], games: int) -> list[str]:
    """The Markdown lines: the level table, a blank line, the campaign table."""
    lines = [HEADER.format(n=games), RULE] + [r.markdown() for r in rows]
    campaigns: dict[str, list[Row]] = {}
    for r in rows:
        campaigns.setdefault(r.level_id.split(".")[0], []).append(r)
    lines += ["", CAMPAIGN_HEADER, "|---|---|---|---|---|"]
    for name, group in campaigns.items():
        mean = sum(r.difficulty for r in group) / len(group)
        total = sum(r.games for r in group)
        lines.append(f"| {name} | {mean:.2f} | {sum(r.solver_wins for r in group)} / {total} | "
                     f"{_count(group, lambda r: r.ai_wins)} / {total} | "
                     f"{_count(group, lambda r: sum(r.greedy_won))} / {total} |")
    return lines


def _measure_args(args: tuple) -> Row:
    return measure(*args)


def measure_all(levels: list[tuple[str, object]], games: int, seed: int, ai: str = "hard",
                nodes: int = TABLE_NODES, seconds: float = TABLE_SECONDS, with_ai: bool = True,
                jobs: int = 1):
    """The rows of `levels` in order, yielded as they are ready; `jobs` > 1 measures that
    many levels at once in worker processes (each row is deterministic, so the table is the
    same for any number of jobs)."""
    work = [(level_id, level, games, seed, ai, nodes, seconds, with_ai) for level_id, level in levels]
    if jobs <= 1 or len(work) <= 1:
        yield from map(_measure_args, work)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    with ProcessPoolExecutor(max_workers=min(jobs, len(work)),
                             mp_context=multiprocessing.get_context("spawn")) as pool:
        yield from pool.map(_measure_args, work)


def run(levels: list[tuple[str, object]], games: int, seed: int, ai: str, nodes: int, seconds: float,
        out=None, with_ai: bool = True, jobs: int = 1) -> list[Row]:
    """Measure each level and print the table; each row as soon as it is measured (so a
    long run shows progress), the campaign table at the end."""
    out = out or (lambda line: print(line, flush=True))
    out(HEADER.format(n=games))
    out(RULE)
    rows = []
    for row in measure_all(levels, games, seed, ai, nodes, seconds, with_ai, jobs):
        rows.append(row)
        out(row.markdown())
    for line in table(rows, games)[len(rows) + 2:]:
        out(line)
    return rows
