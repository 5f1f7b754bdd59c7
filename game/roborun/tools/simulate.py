"""`python main.py simulate roborun`: AI-with-AI games, headless, with a per-level report.

It answers "how good and how fast is the AI?" on the shipped levels:

    python main.py simulate roborun --all --games 20 --seed 1 --ai hard --json
    python main.py simulate roborun --level 1.1 --games 50 --seed 7 --partner random
    python main.py simulate roborun --level 1.1 --seats hard,greedy       (seat 0 first)
    python main.py simulate roborun --level 1.1 --seats mypkg.bots:MyBot,hard
    python main.py simulate roborun --all --cross-play --games 20 --seed 9000 --json
    python main.py simulate roborun --level 1.1 1.4 --cross-play --styles selfish,timid --games 4

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
import sys

from game.core.errors import UserError
from game.core.players import load_policy
from game.roborun.levels.solver import Budget, solve_deal
from game.roborun.levels.tmx_loader import find_level, list_levels, load_level
from game.roborun.partners import STYLES
from game.roborun.tools import levels_table
from game.roborun.tools.crossplay import (CROSS_STYLES, SEAT_KINDS, LevelReport, cross_play, cross_play_table,
                                          make_chooser, play_game)

SOLVER_BUDGET_S = 2.0             # per deal; the solver is a reference, not the subject
SOLVER_NODES = 4000
AI_CHOICES = ("easy", "normal", "hard", "random")


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
    parser.add_argument("--seats", metavar="P0,P1",
                        help="the two seats, seat 0 first: AI levels (easy/normal/hard), random, partner "
                             f"styles ({'/'.join(STYLES)}) or module:Class; overrides --ai/--partner")
    parser.add_argument("--cross-play", action="store_true",
                        help="each partner style with itself and with hard (both seat orders), hard with "
                             "itself, and how often each style's card equals hard's in the same position")
    parser.add_argument("--styles", metavar="S1,S2",
                        help=f"with --cross-play: the styles to pair (default all: {','.join(CROSS_STYLES)})")
    parser.add_argument("--no-solver", action="store_true", help="skip the solver comparison")
    parser.add_argument("--solver-seconds", type=float, default=None,
                        help=f"solver time budget per deal (default {SOLVER_BUDGET_S}; 60 with --levels-table)")
    parser.add_argument("--solver-nodes", type=int, default=None,
                        help=f"solver node budget per deal (default {SOLVER_NODES}; 8000 with --levels-table)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--levels-table", action="store_true",
                        help="print the difficulty table of docs/roborun-levels.md as Markdown "
                             "(solver default 8000 nodes / 60 s per deal; see game.roborun.tools.levels_table)")
    parser.add_argument("--no-ai", action="store_true",
                        help="with --levels-table: solver columns only, no AI pairs (for tuning maps)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="with --levels-table: levels measured at once in worker processes (default 1; "
                             "the table is the same for any number)")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:          # argparse already printed usage / help
        raise _ArgExit(int(exc.code or 0)) from None
    if args.games < 1:
        raise UserError("command line", "--games must be at least 1")
    if args.seats is not None:
        seats = [x.strip() for x in args.seats.split(",")]
        if len(seats) != 2 or not all(seats):
            raise UserError("--seats", "give two players, seat 0 first, e.g. --seats hard,greedy")
        for kind in seats:
            if kind not in SEAT_KINDS and kind != "random" and ":" not in kind:
                raise UserError("--seats", f"unknown player {kind!r} (use {', '.join(SEAT_KINDS)} or module:Class)")
            if ":" in kind:
                load_policy(kind)
        args.seats = tuple(seats)
    if args.styles is not None:
        if not args.cross_play:
            raise UserError("command line", "--styles goes with --cross-play")
        styles = tuple(x.strip() for x in args.styles.split(",") if x.strip())
        unknown = [x for x in styles if x not in STYLES]
        if unknown or not styles:
            raise UserError("--styles", f"unknown style {unknown[0] if unknown else '(none)'!r} "
                            f"(choose from {', '.join(STYLES)})")
        args.styles = styles
    else:
        args.styles = CROSS_STYLES
    if args.solver_nodes is None:
        args.solver_nodes = levels_table.TABLE_NODES if args.levels_table else SOLVER_NODES
    if args.solver_seconds is None:
        args.solver_seconds = levels_table.TABLE_SECONDS if args.levels_table else SOLVER_BUDGET_S
    if args.levels_table and (args.json or args.partner == "random" or args.no_solver):
        raise UserError("command line", "--levels-table prints Markdown with the solver and the AI pair; "
                        "drop --json / --partner random / --no-solver")
    if args.no_ai and not args.levels_table:
        raise UserError("command line", "--no-ai goes with --levels-table")
    if not 1 <= args.jobs <= 64:
        raise UserError("command line", f"--jobs must be between 1 and 64 (got {args.jobs})")
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
    if args.levels_table:
        levels_table.run(_levels(args), args.games, args.seed, args.ai, args.solver_nodes, args.solver_seconds,
                         with_ai=not args.no_ai, jobs=args.jobs)
        return 0
    if args.cross_play:
        out = cross_play(_levels(args), args.games, args.seed, args.styles)
        if args.json:
            print(json.dumps(out, sort_keys=True))
        else:
            print(cross_play_table(out))
        return 0
    if args.seats is not None:
        out = {"levels": {}, "seats": list(args.seats)}
        for level_id, level in _levels(args):
            report = LevelReport()
            report.solver_available = False
            for i in range(args.games):
                deal = args.seed + i
                outcome, cause = play_game(level, deal, (make_chooser(args.seats[0], deal),
                                                         make_chooser(args.seats[1], deal)), report)
                report.games += 1
                report.wins += outcome == "won"
                if outcome != "won":
                    report.losses[_cause_family(cause)] += 1
            out["levels"][level_id] = report.to_json()
            if not args.json:
                row = out["levels"][level_id]
                print(f"level {level_id}: {args.seats[0]}+{args.seats[1]} won {row['wins']}/{row['games']}, "
                      f"decision ms p95 {row['decision_ms_p95']}, top loss {row['top_loss_cause']}")
        if args.json:
            print(json.dumps(out, sort_keys=True))
        return 0
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
