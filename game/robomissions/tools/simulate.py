"""AI-with-AI games: `python main.py simulate robomissions --mode ffa --seats normal,random --games 200 --seed 1 [--json]`.

Reports wins per seat (a team win credits every member; a shared win credits each winner),
mean turns (a turn is one player's turn), the 95th-percentile time of one bot decision (wall
clock, and CPU time, which other busy programs on the machine do not inflate), and how many
games hit the engine's turn cap (a safety net that should stay at 0).
Seat i always plays level i and game g uses seed S+g, so a run is
reproducible; compare levels fairly by also running with the seats swapped.
"""
from __future__ import annotations

import argparse
import json
import time

from game.core.errors import UserError
from game.robomissions.rules import engine
from game.robomissions.ai import LEVELS, make_player
from game.robomissions.rules.view import seat_view
from game.core.stats import percentile

SEATS_FOR_MODE = {"2v1": 3, "2v2": 4}


def play_game(mode: str, levels: list[str], seed: int, timings: list[tuple[float, float]] | None = None) -> engine.GameState:
    """Play one game to the end; append each decision's (wall, CPU) seconds to `timings`."""
    state = engine.new_game(engine.Config(mode, len(levels)), seed)
    players = [make_player(level, seed * 31 + seat) for seat, level in enumerate(levels)]
    while not state.is_over:
        seat = state.current_player
        legal = engine.legal_choices(state)
        start, start_cpu = time.perf_counter(), time.process_time()
        action = players[seat].choose(seat_view(state, seat), legal)
        if timings is not None:
            timings.append((time.perf_counter() - start, time.process_time() - start_cpu))
        engine.apply(state, action)
    return state


def run(mode: str, levels: list[str], games: int, seed: int) -> dict:
    wins = [0.0] * len(levels)
    turns, timings, capped = [], [], 0
    for g in range(games):
        state = play_game(mode, levels, seed + g, timings)
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
        "turn_cap_games": capped,
    }


def _p95_ms(seconds: list[float]) -> float:
    return round(percentile(seconds, 0.95, default=0.0) * 1000, 3)


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="main.py simulate robomissions", description="AI-with-AI ROBOMissions games")
    parser.add_argument("--mode", choices=sorted(engine.MODES), default="ffa")
    parser.add_argument("--seats", default="normal,random", help=f"comma-separated levels: {', '.join(LEVELS)}")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    args.levels = [s.strip() for s in args.seats.split(",") if s.strip()]
    bad = [s for s in args.levels if s not in LEVELS]
    if bad:
        raise UserError("command line", f"unknown AI level '{bad[0]}' (choose from: {', '.join(LEVELS)})")
    allowed = engine.MODES[args.mode]
    if len(args.levels) not in allowed:
        raise UserError("command line", f"--mode {args.mode} needs {' or '.join(map(str, allowed))} seats, got {len(args.levels)}")
    if args.games < 1:
        raise UserError("command line", "--games must be at least 1")
    return args


def main(argv: list[str]) -> int:
    args = _parse(argv)
    report = run(args.mode, args.levels, args.games, args.seed)
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"ROBOMissions {args.mode}: {args.games} games from seed {args.seed}")
    print(f"{'seat':>4}  {'level':<7} {'wins':>7} {'rate':>6}")
    for seat, (level, wins) in enumerate(zip(args.levels, report["wins_by_seat"])):
        print(f"{seat:>4}  {level:<7} {wins:>7g} {wins / args.games:>6.1%}")
    print(f"mean turns {report['mean_turns']}, decision p95 {report['decision_ms_p95']} ms "
          f"(CPU {report['decision_cpu_ms_p95']} ms), turn-cap games {report['turn_cap_games']}")
    return 0
