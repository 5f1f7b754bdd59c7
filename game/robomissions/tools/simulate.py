"""AI-with-AI games: `python main.py simulate robomissions --mode ffa --seats normal,random --games 200 --seed 1 [--json]`.

Reports wins per seat (a team win credits every member; a shared win credits each winner),
mean turns (a turn is one player's turn), the 95th-percentile time of one bot decision (wall
clock, and CPU time, which other busy programs on the machine do not inflate), and how many
games hit the engine's turn cap (a safety net that should stay at 0).
Seat i always plays level i and game g uses seed S+g, so a run is
reproducible; compare levels fairly by also running with the seats swapped.

A seat is an AI level (random, easy, normal, hard), a player written from the rulebook outside
the AI (random-legal, greedy, contrary: game/robomissions/partners/), or `module:Class`: any
class with choose(view, choices), built with the seat's seed when its constructor takes one. An
outside player's illegal choice is a one-line error naming its seat. `decision_cpu_ms_p95_by_seat`
is the same percentile for each seat alone (None for a seat that never decided).
"""
from __future__ import annotations

import argparse
import json

from game.core.errors import UserError
from game.core.players import load_policy
from game.robomissions.rules import engine
from game.robomissions.ai import LEVELS
from game.robomissions.partners import PARTNERS
from game.robomissions.tools.play import DECISION_CAP, make_seat, play_game  # noqa: F401 (simulate's API)
from game.core.stats import percentile

SEATS_FOR_MODE = {"2v1": 3, "2v2": 4}


def run(mode: str, levels: list[str], games: int, seed: int) -> dict:
    wins = [0.0] * len(levels)
    turns, timings, capped = [], [], 0
    seat_cpu: list[list[float]] = [[] for _ in levels]
    for g in range(games):
        state = play_game(mode, levels, seed + g, timings, seat_cpu)
        for s in state.winners:
            wins[s] += 1
        turns.append(state.turn)
        capped += state.end_reason == "turn_cap"
    return {
        "mode": mode, "seats": levels, "games": games, "seed": seed,
        "wins_by_seat": wins,
        "mean_turns": round(sum(turns) / max(1, len(turns)), 2),
        "decision_ms_p95": _p95_ms([wall for wall, _ in timings]),
        "decision_cpu_ms_p95": _p95_ms([cpu for _, cpu in timings]),   # the same without other programs' load
        "decision_cpu_ms_p95_by_seat": [_p95_ms(cpu) if cpu else None for cpu in seat_cpu],
        "turn_cap_games": capped,
    }


def _p95_ms(seconds: list[float]) -> float:
    return round(percentile(seconds, 0.95, default=0.0) * 1000, 3)


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="main.py simulate robomissions", description="AI-with-AI ROBOMissions games")
    parser.add_argument("--mode", choices=sorted(engine.MODES), default="ffa")
    parser.add_argument("--seats", default="normal,random",
                        help=f"comma-separated seats: AI levels ({', '.join(LEVELS)}), partners "
                             f"({', '.join(PARTNERS)}) or module:Class")
    parser.add_argument("--cross-play", action="store_true",
                        help="hard with and against each partner style in every mode and seat order "
                             "(game/robomissions/tools/crossplay.py); --games is per arrangement")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    args.levels = [s.strip() for s in args.seats.split(",") if s.strip()]
    for kind in args.levels:
        if ":" in kind:
            load_policy(kind)           # a bad module or class is one line now, not in the first game
        elif kind not in LEVELS and kind not in PARTNERS:
            raise UserError("command line", f"unknown AI level or partner '{kind}' (choose from: "
                                            f"{', '.join(LEVELS + tuple(PARTNERS))}, or module:Class)")
    allowed = engine.MODES[args.mode]
    if len(args.levels) not in allowed:
        raise UserError("command line", f"--mode {args.mode} needs {' or '.join(map(str, allowed))} seats, got {len(args.levels)}")
    if args.games < 1:
        raise UserError("command line", "--games must be at least 1")
    return args


def main(argv: list[str]) -> int:
    args = _parse(argv)
    if args.cross_play:
        from game.robomissions.tools.crossplay import cross_play, markdown
        report = cross_play(args.games, args.seed)
        print(json.dumps(report) if args.json else markdown(report))
        return 0
    report = run(args.mode, args.levels, args.games, args.seed)
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"ROBOMissions {args.mode}: {args.games} games from seed {args.seed}")
    print(f"{'seat':>4}  {'level':<12} {'wins':>7} {'rate':>6}")
    for seat, (level, wins) in enumerate(zip(args.levels, report["wins_by_seat"])):
        print(f"{seat:>4}  {level:<12} {wins:>7g} {wins / args.games:>6.1%}")
    print(f"mean turns {report['mean_turns']}, decision p95 {report['decision_ms_p95']} ms "
          f"(CPU {report['decision_cpu_ms_p95']} ms), turn-cap games {report['turn_cap_games']}")
    return 0
