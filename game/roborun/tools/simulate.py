"""`python main.py simulate roborun`: AI-with-AI games, headless, with a per-level report.

It answers "how good and how fast is the AI?" on the shipped levels:

    python main.py simulate roborun --all --games 20 --seed 1 --ai hard --json
    python main.py simulate roborun --level 1.1 --games 50 --seed 7 --partner random

Both seats are AI players at --ai (easy / normal / hard / random); --partner random makes
seat 1 a random-legal player instead (the baseline the brief asks to beat). Each AI sees
only its seat_view. Per level it reports games, wins, win rate, the solver's win rate on
the same deals (deals the solver settled within a small budget; null when the solver is
not available), the mean and 95th-percentile decision time (CPU time of the deciding thread,
so other load on the machine does not distort it; wall-clock figures are reported too) and
the most common loss cause.

Deal i of a level uses seed S + i, so two runs with the same arguments play the same deals
and their figures compare directly (AI vs random, AI vs solver).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

from game.core.errors import UserError
from game.core.stats import percentile
from game.roborun.ai.player import RoboRunAI
from game.roborun.levels.solver import Budget, solve_deal
from game.roborun.levels.tmx_loader import find_level, list_levels, load_level
from game.roborun.rules.engine import apply, legal_choices, new_game
from game.roborun.rules.view import seat_view

MAX_DECISIONS_PER_GAME = 3000     # a guard against an engine loop; never reached in a sane game
SOLVER_BUDGET_S = 2.0             # per deal; the solver is a reference, not the subject
SOLVER_NODES = 4000
AI_CHOICES = ("easy", "normal", "hard", "random")


@dataclass
class LevelReport:
    games: int = 0
    wins: int = 0
    solver_wins: int = 0
    solver_finished: int = 0
    solver_available: bool = True
    decision_ms: list[float] = field(default_factory=list)        # CPU time of the deciding thread
    decision_wall_ms: list[float] = field(default_factory=list)   # wall clock (includes other load)
    losses: Counter = field(default_factory=Counter)
    solver_winnable_games: int = 0        # deals the solver won ...
    wins_on_solver_winnable: int = 0      # ... and of those, the ones the AI won too

    def to_json(self) -> dict:
        times = sorted(self.decision_ms)
        p95 = percentile(times, 0.95)
        wall = sorted(self.decision_wall_ms)
        top = self.losses.most_common(1)
        return {
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.wins / self.games, 4) if self.games else None,
            "solver_wins": self.solver_wins if self.solver_available else None,
            "solver_finished": self.solver_finished if self.solver_available else None,
            "decision_ms_mean": round(sum(times) / len(times), 3) if times else None,
            "decision_ms_p95": round(p95, 3) if p95 is not None else None,
            "top_loss_cause": top[0][0] if top else None,
            "wins_on_solver_winnable": self.wins_on_solver_winnable if self.solver_available else None,
            "decision_wall_ms_mean": round(sum(wall) / len(wall), 3) if wall else None,
            "decision_wall_ms_p95": _round(percentile(wall, 0.95)),
        }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


Chooser = Callable[[object, list, random.Random], object]


def make_chooser(kind: str) -> Chooser:
    """A function (view, choices, rng) -> choice for one seat (a fresh AI per seat and game)."""
    if kind == "random":
        return lambda view, choices, rng: rng.choice(choices)

    player = RoboRunAI(kind)
    return lambda view, choices, rng: player.choose(view, choices, rng)


def play_game(level, seed: int, choosers: tuple[Chooser, Chooser], report: LevelReport) -> tuple[str, str | None]:
    """Play one deal to the end; record decision times; return (outcome, loss cause)."""

    state = new_game(level, seed)
    rng = random.Random(seed * 7919 + 17)
    for _ in range(MAX_DECISIONS_PER_GAME):
        seat = state.decision_seat
        if seat is None:
            break
        choices = legal_choices(state)
        view = seat_view(state, seat)
        start, cpu_start = time.perf_counter(), time.thread_time()
        choice = choosers[seat](view, choices, rng)
        report.decision_ms.append((time.thread_time() - cpu_start) * 1000.0)
        report.decision_wall_ms.append((time.perf_counter() - start) * 1000.0)
        apply(state, choice)
    else:
        return "lost", "stuck:decision_limit"
    return state.outcome or "lost", state.loss_cause


def solver_function():
    """The solver's `solve_deal` (kept as a function so callers and tests can swap it)."""
    return solve_deal


def solve_outcome(solve_deal, level, seed: int, seconds: float, nodes: int = SOLVER_NODES) -> bool | None:
    """True / False when the solver settled the deal within its budget, None otherwise.

    The solver answers "won" when it found a winning line, and "exhausted" when it searched
    every line; a deal with neither within the budget is unsettled and left out.
    """

    result = solve_deal(level, seed, Budget(nodes=nodes, seconds=seconds), count_first_moves=False)
    if result.won:
        return True
    if result.exhausted:
        return False
    return None


def simulate_level(level_id: str, level, games: int, seed: int, ai: str, partner: str,
                   use_solver: bool = True, solver_seconds: float = SOLVER_BUDGET_S,
                   solver_nodes: int = SOLVER_NODES) -> LevelReport:
    report = LevelReport()
    solve_deal = solver_function() if use_solver else None
    report.solver_available = solve_deal is not None
    seat1 = "random" if partner == "random" else ai
    for i in range(games):
        deal = seed + i
        choosers = (make_chooser(ai), make_chooser(seat1))
        outcome, cause = play_game(level, deal, choosers, report)
        report.games += 1
        if outcome == "won":
            report.wins += 1
        else:
            report.losses[_cause_family(cause)] += 1
        if solve_deal is not None:
            solved = solve_outcome(solve_deal, level, deal, solver_seconds, solver_nodes)
            if solved is not None:
                report.solver_finished += 1
                report.solver_wins += int(solved)
                if solved:
                    report.solver_winnable_games += 1
                    report.wins_on_solver_winnable += int(outcome == "won")
    return report


def _cause_family(cause: str | None) -> str:
    return cause or "unknown"


def _levels(args) -> list[tuple[str, object]]:

    if args.all:
        refs = [level_id for level_id, _path in list_levels()]
        if not refs:
            raise UserError("simulate", "no shipped levels found under levels/")
    elif args.level:
        refs = args.level
    else:
        raise UserError("command line", "simulate roborun needs --level ID (repeatable) or --all")
    return [(ref, load_level(find_level(ref))) for ref in refs]


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="main.py simulate roborun", description=__doc__.split("\n")[0])
    parser.add_argument("--level", action="extend", nargs="+", metavar="ID",
                        help="level ids (e.g. 1.1 2.3) or .tmx paths; repeatable")
    parser.add_argument("--all", action="store_true", help="every shipped level")
    parser.add_argument("--games", type=int, default=10, help="deals per level (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="first deal's seed (deal i uses seed+i)")
    parser.add_argument("--ai", choices=AI_CHOICES, default="hard", help="AI level of both seats")
    parser.add_argument("--partner", choices=("ai", "random"), default="ai", help="seat 1: the AI or random-legal")
    parser.add_argument("--no-solver", action="store_true", help="skip the solver comparison")
    parser.add_argument("--solver-seconds", type=float, default=SOLVER_BUDGET_S,
                        help=f"solver time budget per deal (default {SOLVER_BUDGET_S})")
    parser.add_argument("--solver-nodes", type=int, default=SOLVER_NODES,
                        help=f"solver node budget per deal (default {SOLVER_NODES})")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:          # argparse already printed usage / help
        raise _ArgExit(int(exc.code or 0)) from None
    if args.games < 1:
        raise UserError("command line", "--games must be at least 1")
    if args.solver_nodes < 1 or not 0 < args.solver_seconds <= 1e6:     # 0, -1, nan, inf
        raise UserError("command line", "--solver-nodes and --solver-seconds must be above 0")
    return args


class _ArgExit(Exception):
    def __init__(self, code: int):
        self.code = code


def main(argv: list[str]) -> int:
    try:
        args = parse_args(argv)
    except _ArgExit as exc:
        return exc.code
    out = {"levels": {}}
    for level_id, level in _levels(args):
        report = simulate_level(level_id, level, args.games, args.seed, args.ai, args.partner,
                                use_solver=not args.no_solver, solver_seconds=args.solver_seconds,
                                solver_nodes=args.solver_nodes)
        out["levels"][level_id] = report.to_json()
        if not args.json:
            _print_row(level_id, out["levels"][level_id], args)
    if args.json:
        print(json.dumps(out, sort_keys=True))
    return 0


def _print_row(level_id: str, row: dict, args) -> None:
    partner = "random" if args.partner == "random" else args.ai
    solver = ("n/a" if row["solver_finished"] is None else
              f"{row['solver_wins']}/{row['solver_finished']}")
    print(f"level {level_id}: {args.ai}+{partner} won {row['wins']}/{row['games']} "
          f"({(row['win_rate'] or 0) * 100:.0f}%), solver {solver}, decision ms mean "
          f"{row['decision_ms_mean']} p95 {row['decision_ms_p95']}, top loss {row['top_loss_cause']}",
          file=sys.stdout)
