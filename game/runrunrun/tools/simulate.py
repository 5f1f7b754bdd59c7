"""AI-with-AI games of Run Run Run!, for calibration and balance reports.

    python main.py simulate runrunrun --players N --difficulty standard|difficult|insane
                                      --seats LEVEL,... --games G --seed S [--json]

Game g uses engine seed S+g and seat i's AI seed (S+g)*10+i, so a run is reproducible.
Levels: random, greedy, easy, normal, hard. With --json it prints ONE object:

    games            number of games played
    wins             games won (the table wins or loses together)
    win_rate         wins / games
    mean_turns       mean number of turns (one turn = one Catventurer's Mummies' + Player's Action)
    loss_causes      counts by cause: mummy_reached_relics, boss_reached_relics, darkness_curse
                     (the torch-shortage move), turn_cap (a game that did not end in the cap)
    win_ratings      counts by achievement rating (bronze .. platinum)
    decision_ms_p95  95th-percentile AI decision time in ms over every AI decision (process CPU
                     time, so other programs on a busy machine do not inflate it)
"""
from __future__ import annotations

import argparse
import json
import time
from collections import Counter

from game.core.errors import UserError
from game.core.stats import percentile
from game.runrunrun import rules as R
from game.runrunrun.ai import make_player
from game.runrunrun.rules.engine import DIFFICULTIES, Config

LEVELS = ("random", "greedy", "easy", "normal", "hard")
TURN_CAP = 400


class _Parser(argparse.ArgumentParser):
    def error(self, message):          # one line, never a usage dump plus traceback
        raise UserError("command line", message)


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = _Parser(prog="main.py simulate runrunrun", description="AI-with-AI games of Run Run Run!")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--difficulty", default="standard")
    parser.add_argument("--seats", default=None, help="comma-separated AI levels, one per seat")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    seats = args.seats.split(",") if args.seats else None
    players = args.players if args.players is not None else (len(seats) if seats else 4)
    if not 1 <= players <= 4:
        raise UserError("command line", f"--players must be 1-4 (got {players})")
    seats = seats or ["hard"] * players
    if len(seats) != players:
        raise UserError("command line", f"--seats names {len(seats)} levels for {players} players")
    for level in seats:
        if level not in LEVELS:
            raise UserError("command line", f"unknown AI level '{level}' (choose from: {', '.join(LEVELS)})")
    if args.difficulty not in DIFFICULTIES:
        raise UserError("command line", f"--difficulty must be one of {', '.join(DIFFICULTIES)}")
    if args.games < 1:
        raise UserError("command line", "--games must be at least 1")
    args.seat_levels = seats
    args.players = players
    return args


def play_game(levels, difficulty: str, seed: int, timings: list | None = None):
    """One game with these AI levels; returns the finished state (or the state at the turn cap)."""
    state = R.new_game(Config(len(levels), difficulty), seed)
    players = [make_player(level, seed * 10 + i) for i, level in enumerate(levels)]
    while not R.is_over(state) and state.turn < TURN_CAP:
        seat = R.current_seat(state)
        view = R.seat_view(state, seat)
        choices = R.legal_choices(state)
        t0 = time.process_time()
        choice = players[seat].choose(view, choices)
        if timings is not None:
            timings.append(time.process_time() - t0)
        R.apply(state, choice)
    return state


def run(levels, difficulty: str, games: int, seed: int) -> dict:
    wins, turns, timings = 0, [], []
    causes, ratings = Counter(), Counter()
    for g in range(games):
        state = play_game(levels, difficulty, seed + g, timings)
        turns.append(state.turn)
        result = R.result(state)
        if result is None:
            causes["turn_cap"] += 1
        elif result.outcome == "won":
            wins += 1
            ratings[result.cause] += 1
        else:
            causes[result.cause] += 1
    return {
        "games": games, "wins": wins, "win_rate": round(wins / games, 4),
        "mean_turns": round(sum(turns) / games, 2), "loss_causes": dict(sorted(causes.items())),
        "win_ratings": dict(sorted(ratings.items())),
        "decision_ms_p95": round(percentile(timings, 0.95) * 1000, 3) if timings else 0.0,
        "seats": list(levels), "difficulty": difficulty,
    }


def main(argv: list[str]) -> int:
    args = _parse(argv)
    report = run(args.seat_levels, args.difficulty, args.games, args.seed)
    if args.json:
        print(json.dumps(report))
    else:
        print(f"Run Run Run! {args.difficulty}, seats {','.join(args.seat_levels)}: "
              f"{report['wins']}/{report['games']} won ({report['win_rate']:.0%}), "
              f"{report['mean_turns']} turns on average, losses {report['loss_causes']}, "
              f"decision p95 {report['decision_ms_p95']} ms")
    return 0
