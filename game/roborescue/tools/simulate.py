"""AI-with-AI games of Robo Rescue: Origins, for calibration and balance reports.

    python main.py simulate roborescue --players N --seats LEVEL,... --games G --seed S [--json] [--advanced]

Game g uses engine seed S+g; each seat's AI has its own random stream derived from (S, g, seat),
so a run is reproducible. With --json it prints ONE object:

    games               number of games played
    mean_score_by_seat  mean final score (sum of round scores) per seat
    score_histogram     solo: games per rating band {"start", "not_bad", "wow", "legendary"};
                        multiplayer: one such dict per seat (of that seat's summed score, for
                        comparison only: ratings are a solo idea)
    wins_by_seat        games won per seat (shared victories count for every sharer)
    decision_ms_p95     95th-percentile AI decision time in ms, per seat (CPU time of this
                        process, so other programs on a busy machine do not inflate it)
    share_above_180_by_seat  fraction of games with a legendary score, per seat

Timing reads the process clock, which is fine here: it is measured, never fed into a decision.

A seat is an AI level (random, easy, normal, hard), a player written from the rulebook outside
the AI (random-legal, greedy, first-choice: game/roborescue/partners/), or `module:Class`: any
class with choose(view, choices), built with the seat's seed when its constructor takes one. An
outside player's illegal choice is a one-line error naming its seat. `--cross-play` plays the
hard AI with and against each partner style (game/roborescue/tools/crossplay.py).
"""
from __future__ import annotations

import argparse
import json
from typing import Any

from game.core.errors import UserError
from game.core.players import load_policy
from game.roborescue import ai
from game.roborescue.partners import PARTNERS
from game.roborescue.rules.engine import MAX_PLAYERS, final_score
from game.roborescue.tools.play import make_seat, play_game  # noqa: F401 (simulate's API; ai_record plays through it)
from game.roborescue.rules.scoring import RATING_BANDS, rating
from game.core.stats import percentile


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="main.py simulate roborescue", description="AI-with-AI games")
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--seats", default=None,
                        help=f"comma-separated seats: AI levels ({', '.join(ai.LEVELS)}), partners "
                             f"({', '.join(PARTNERS)}) or module:Class")
    parser.add_argument("--cross-play", action="store_true",
                        help="hard with and against each partner style, solo and 2-4 players, every seat order; "
                             "--games is per arrangement")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--advanced", action="store_true")
    args = parser.parse_args(argv)
    if not 1 <= args.players <= MAX_PLAYERS:
        raise UserError("command line", f"--players must be 1-{MAX_PLAYERS} (got {args.players})")
    seats = (args.seats or ",".join(["normal"] * args.players)).split(",")
    if len(seats) != args.players:
        raise UserError("command line", f"--seats names {len(seats)} levels for {args.players} players")
    for level in seats:
        if ":" in level:
            load_policy(level)          # a bad module or class is one line now, not in the first game
        elif level not in ai.LEVELS and level not in PARTNERS:
            raise UserError("command line", f"unknown AI level or partner '{level}' (choose from: "
                                            f"{', '.join(ai.LEVELS + tuple(PARTNERS))}, or module:Class)")
    if args.games < 1:
        raise UserError("command line", "--games must be at least 1")
    args.seat_levels = seats
    return args


def _p95(values: list[float]) -> float:
    return percentile(values, 0.95, default=0.0)


def run(levels: list[str], games: int, seed: int, advanced: bool = False) -> dict[str, Any]:
    n = len(levels)
    timings: list[list[float]] = [[] for _ in levels]
    totals = [0] * n
    wins = [0] * n
    bands = [{name: 0 for name, *_ in RATING_BANDS} for _ in levels]
    for g in range(games):
        state = play_game(levels, seed + g, advanced, timings)
        for seat in range(n):
            score = final_score(state, seat)
            totals[seat] += score
            bands[seat][rating(score)] += 1
        for seat in state.winners:
            wins[seat] += 1
    return {
        "games": games,
        "players": n,
        "seats": levels,
        "advanced": advanced,
        "mean_score_by_seat": [round(t / games, 2) for t in totals],
        "score_histogram": bands[0] if n == 1 else bands,
        "share_above_180_by_seat": [round(b["legendary"] / games, 4) for b in bands],
        "wins_by_seat": wins,
        "decision_ms_p95": [round(_p95(t), 3) for t in timings],
    }


def main(argv: list[str]) -> int:
    args = _parse(argv)
    if args.cross_play:
        from game.roborescue.tools.crossplay import cross_play, markdown
        report = cross_play(args.games, args.seed, args.advanced)
        print(json.dumps(report) if args.json else markdown(report))
        return 0
    report = run(args.seat_levels, args.games, args.seed, args.advanced)
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"{report['games']} games, seats {', '.join(args.seat_levels)}{' (advanced)' if args.advanced else ''}")
    for seat, level in enumerate(args.seat_levels):
        print(f"  seat {seat} {level:>6}: mean {report['mean_score_by_seat'][seat]:7.2f}  "
              f"wins {report['wins_by_seat'][seat]:5d}  p95 {report['decision_ms_p95'][seat]:.2f} ms")
    hist = report["score_histogram"]
    for seat, seat_bands in enumerate([hist] if n_is_solo(report) else hist):
        print(f"  seat {seat} bands: " + ", ".join(f"{k} {v}" for k, v in seat_bands.items()))
    return 0


def n_is_solo(report: dict[str, Any]) -> bool:
    return report["players"] == 1
