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
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

from game.core.errors import UserError
from game.core.players import load_policy, make_outside_player
from game.core.stats import percentile
from game.roborun.ai.player import RoboRunAI, loses_now
from game.roborun.levels.solver import Budget, solve_deal
from game.roborun.levels.tmx_loader import find_level, list_levels, load_level
from game.roborun.partners import HELD_OUT_STYLES, HUMAN_STYLES, STYLES, make_partner
from game.roborun.rules.engine import apply, legal_choices, new_game
from game.roborun.rules.view import seat_view
from game.roborun.tools import levels_table

MAX_DECISIONS_PER_GAME = 3000     # a guard against an engine loop; never reached in a sane game
SOLVER_BUDGET_S = 2.0             # per deal; the solver is a reference, not the subject
SOLVER_NODES = 4000
AI_CHOICES = ("easy", "normal", "hard", "random")
SEAT_KINDS = ("easy", "normal", "hard") + tuple(STYLES) + ("random",)
CROSS_STYLES = HUMAN_STYLES + HELD_OUT_STYLES     # the partner suite (game.roborun.partners)


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
    blunders: int = 0                     # losses right after a watched seat's card that lost at once
    blunder_deals: list = field(default_factory=list)

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


def make_chooser(kind: str, seed: int = 0) -> Chooser:
    """A function (view, choices, rng) -> choice for one seat (a fresh player per seat and game).

    kind: an AI level (easy / normal / hard), `random`, a partner style of the suite written
    apart from the AI (game.roborun.partners: selfish, reckless, timid, novice, follower,
    confused, greedy, cautious, noisy), or `module:Class` - any class with
    choose(view, choices), built with the deal's seed if its constructor takes an argument."""
    if kind == "random":
        return lambda view, choices, rng: rng.choice(choices)
    if kind in STYLES:
        partner = make_partner(kind, seed)
        return lambda view, choices, rng: partner.choose(view, choices)
    if ":" in kind:
        outside = make_outside_player(kind, seed)
        return lambda view, choices, rng: outside.choose(view, list(choices))
    if kind not in LEVEL_KINDS:
        raise UserError("--seats", f"unknown player {kind!r} (use {', '.join(SEAT_KINDS)} or module:Class)")
    player = RoboRunAI(kind)
    return lambda view, choices, rng: player.choose(view, choices, rng)


LEVEL_KINDS = ("easy", "normal", "hard")


def play_game(level, seed: int, choosers: tuple[Chooser, Chooser], report: LevelReport,
              timed: tuple[bool, bool] = (True, True), watch: tuple[bool, bool] = (False, False)
              ) -> tuple[str, str | None]:
    """Play one deal to the end; record decision times of the `timed` seats; return (outcome,
    loss cause). For `watch`ed seats, a loss that follows at once from a card that seat chose
    while another option would not have lost at once is counted in report.blunders."""

    state = new_game(level, seed)
    rng = random.Random(seed * 7919 + 17)
    last_card = None                      # (seat, state before, choice) of the latest card decision
    for _ in range(MAX_DECISIONS_PER_GAME):
        seat = state.decision_seat
        if seat is None:
            break
        choices = legal_choices(state)
        view = seat_view(state, seat)
        start, cpu_start = time.perf_counter(), time.thread_time()
        choice = choosers[seat](view, choices, rng)
        if timed[seat]:
            report.decision_ms.append((time.thread_time() - cpu_start) * 1000.0)
            report.decision_wall_ms.append((time.perf_counter() - start) * 1000.0)
        if state.pending.kind == "card":
            last_card = (seat, state.copy(), choice) if watch[seat] else None
        apply(state, choice)
    else:
        return "lost", "stuck:decision_limit"
    if state.outcome == "lost" and last_card is not None and state.loss_cause != "timeout" \
            and state.phase == "action":
        seat, before, chosen = last_card
        if _loses_at_once(before, chosen) and any(_safe_option(before, c)
                                                  for c in legal_choices(before) if c != chosen):
            report.blunders += 1
            report.blunder_deals.append({"level": level.level_id or level.source, "seed": seed, "seat": seat,
                                         "card": chosen.label, "cause": state.loss_cause})
    return state.outcome or "lost", state.loss_cause


def _safe_option(state, choice) -> bool:
    """A card or PASS that does not lose during its own resolution; a free action (ability,
    Equipment) after which such a card or PASS exists."""
    if choice.kind in ("play", "pass"):
        return not _loses_at_once(state, choice)
    trial = state.copy()
    apply(trial, choice)
    if trial.outcome is None and trial.pending is not None and trial.pending.kind == "card":
        return any(not _loses_at_once(trial, c) for c in legal_choices(trial) if c.kind in ("play", "pass"))
    return not _loses_at_once(state, choice)     # it moved on (e.g. the only card played itself)


def _loses_at_once(state, choice) -> bool:
    """Does `choice` lose during the card's own resolution, before the Event phase (the
    card's mid-card decisions taken greedily, as the AI's look-ahead does)?"""
    return loses_now(state, choice)


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


class _Agreement:
    """Wraps a style's chooser: at each of its card choices (more than one option) it also
    asks a shadow hard AI, which sees the same view, and counts when both pick the same."""

    def __init__(self, chooser: Chooser, seed: int) -> None:
        self.chooser, self.shadow = chooser, RoboRunAI("hard")
        self.rng = random.Random(seed * 31 + 7)
        self.decisions = self.same = 0

    def __call__(self, view, choices, rng):
        choice = self.chooser(view, choices, rng)
        if view.decision_kind == "card" and len(choices) > 1:
            self.decisions += 1
            self.same += self.shadow.choose(view, list(choices), random.Random(self.rng.getrandbits(64))) == choice
        return choice


def _rate(wins: int, games: int) -> float | None:
    return round(wins / games, 4) if games else None


def cross_play(levels, games: int, seed: int, styles: tuple[str, ...] = CROSS_STYLES) -> dict:
    """The partner suite against hard (issue 22). For each style, on every level and deal:
    the style with itself, hard in seat 0 with the style, the style in seat 0 with hard; the
    gain (hard+style both orders minus style+style); and the agreement rate, how often the
    style's card choice equals what hard would choose in the same position (asked of a
    shadow hard AI at the style's card choices in the games with hard). Also hard with
    itself, hard's decision times and its blunders (see play_game)."""
    hard = LevelReport()
    per_level: dict = {level_id: {} for level_id, _ in levels}
    rows: dict = {}

    def run(a: str, b: str, agree: list) -> int:
        wins = 0
        for level_id, level in levels:
            won_here = 0
            for i in range(games):
                deal = seed + i
                choosers = [make_chooser(a, deal), make_chooser(b, deal)]
                for seat, kind in enumerate((a, b)):
                    if kind in STYLES and "hard" in (a, b):
                        choosers[seat] = _Agreement(choosers[seat], deal)
                        agree.append(choosers[seat])
                outcome, _cause = play_game(level, deal, tuple(choosers), hard,
                                            timed=(a == "hard", b == "hard"), watch=(a == "hard", b == "hard"))
                won_here += outcome == "won"
            per_level[level_id][f"{a}+{b}"] = won_here
            wins += won_here
        print(f"cross-play {a}+{b}: won {wins}/{games * len(levels)}", file=sys.stderr, flush=True)
        return wins

    total = games * len(levels)
    hard_self = run("hard", "hard", [])
    for style in styles:
        agree: list[_Agreement] = []
        alone = run(style, style, agree)
        first = run("hard", style, agree)
        second = run(style, "hard", agree)
        decided, same = sum(a.decisions for a in agree), sum(a.same for a in agree)
        with_hard = _rate(first + second, 2 * total)
        rows[style] = {
            "style_with_itself": {"games": total, "wins": alone, "win_rate": _rate(alone, total)},
            "hard_then_style": {"games": total, "wins": first, "win_rate": _rate(first, total)},
            "style_then_hard": {"games": total, "wins": second, "win_rate": _rate(second, total)},
            "with_hard": {"games": 2 * total, "wins": first + second, "win_rate": with_hard},
            "gain": round(with_hard - _rate(alone, total), 4),
            "agreement": {"decisions": decided, "same": same, "rate": _rate(same, decided)},
        }
    human = [rows[s]["with_hard"]["win_rate"] for s in styles if s in HUMAN_STYLES]
    times = sorted(hard.decision_ms)
    return {"games_per_level": games, "seed": seed, "levels": per_level, "styles": rows,
            "hard_with_itself": {"games": total, "wins": hard_self, "win_rate": _rate(hard_self, total)},
            "human_styles_mean_with_hard": round(sum(human) / len(human), 4) if human else None,
            "hard": {"decisions": len(times), "decision_ms_p95": _round(percentile(times, 0.95)),
                     "decision_ms_mean": _round(sum(times) / len(times)) if times else None,
                     "blunders": hard.blunders, "blunder_deals": hard.blunder_deals}}


def cross_play_table(out: dict) -> str:
    """cross_play's figures as the Markdown table docs/roborun-ai.md keeps."""
    pct = lambda r: "-" if r is None else f"{r * 100:.0f}%"  # noqa: E731
    lines = ["| style | style+style | hard+style | style+hard | hard with style (both) | gain | agreement |",
             "|---|---|---|---|---|---|---|"]
    for style, row in out["styles"].items():
        a, f, s, w = row["style_with_itself"], row["hard_then_style"], row["style_then_hard"], row["with_hard"]
        g = row["agreement"]
        lines.append(f"| {style} | {a['wins']}/{a['games']} ({pct(a['win_rate'])}) | {f['wins']}/{f['games']} | "
                     f"{s['wins']}/{s['games']} | {w['wins']}/{w['games']} ({pct(w['win_rate'])}) | "
                     f"{row['gain'] * 100:+.0f} points | {g['same']}/{g['decisions']} ({pct(g['rate'])}) |")
    h = out["hard_with_itself"]
    lines.append(f"\nhard with itself: {h['wins']}/{h['games']} ({pct(h['win_rate'])}); "
                 f"human styles' mean with hard: {pct(out['human_styles_mean_with_hard'])}; "
                 f"hard decision ms p95 {out['hard']['decision_ms_p95']}, blunders {out['hard']['blunders']}")
    return "\n".join(lines)


def _print_row(level_id: str, row: dict, args) -> None:
    partner = "random" if args.partner == "random" else args.ai
    solver = ("n/a" if row["solver_finished"] is None else
              f"{row['solver_wins']}/{row['solver_finished']}")
    print(f"level {level_id}: {args.ai}+{partner} won {row['wins']}/{row['games']} "
          f"({(row['win_rate'] or 0) * 100:.0f}%), solver {solver}, decision ms mean "
          f"{row['decision_ms_mean']} p95 {row['decision_ms_p95']}, top loss {row['top_loss_cause']}",
          file=sys.stdout)
