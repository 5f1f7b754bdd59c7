"""AI-with-AI games of Run Run Run!, for calibration and balance reports.

    python main.py simulate runrunrun --players N --difficulty standard|difficult|insane
                                      --seats SEAT,... --games G --seed S [--json]
    python main.py simulate runrunrun --players N --cross-play --games G --seed S [--json]

Game g uses engine seed S+g and seat i's seed (S+g)*10+i, so a run is reproducible.
A seat is an AI level (random, greedy, easy, normal, hard), a partner written from the rulebook
outside the AI (sensible, noisy, hasty: game/runrunrun/partners/), or `module:Class`: any class
with choose(view, choices), built with the seat's seed when its constructor takes one.
With --json it prints ONE object:

    games            number of games played
    wins             games won (the table wins or loses together)
    win_rate         wins / games
    mean_turns       mean number of turns (one turn = one Catventurer's Mummies' + Player's Action)
    loss_causes      counts by cause: mummy_reached_relics, boss_reached_relics, darkness_curse
                     (the torch-shortage move), turn_cap (a game that did not end in the cap)
    win_ratings      counts by achievement rating (bronze .. platinum)
    decision_ms_p95  95th-percentile decision time in ms of the project's AI seats (every seat when
                     there is none), process CPU time, so other programs do not inflate it

--cross-play plays, for each partner style, a table of N partners and a table of one hard AI
with N-1 partners (the hard seat moves round the table, game g puts it in seat g mod N), and N
hard AIs; it prints {"players", "difficulty", "games", "seed", "tables": {name: report}}.
"""
from __future__ import annotations

import argparse
import json
import time
from collections import Counter

from game.core.errors import UserError
from game.core.players import load_policy, make_outside_player
from game.core.stats import percentile
from game.runrunrun import rules as R
from game.runrunrun.ai import make_player
from game.runrunrun.partners import PARTNERS
from game.runrunrun.rules.engine import DIFFICULTIES, Config

LEVELS = ("random", "greedy", "easy", "normal", "hard")
CROSS_PARTNERS = ("sensible", "noisy", "hasty")
TURN_CAP = 400


class _Parser(argparse.ArgumentParser):
    def error(self, message):          # one line, never a usage dump plus traceback
        raise UserError("command line", message)


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = _Parser(prog="main.py simulate runrunrun", description="AI-with-AI games of Run Run Run!")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--difficulty", default="standard")
    parser.add_argument("--seats", default=None,
                        help="comma-separated seats: AI levels, partners (sensible, noisy, hasty) or module:Class")
    parser.add_argument("--cross-play", action="store_true",
                        help="each partner style alone and with one hard AI, and N hard AIs")
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
    for kind in seats:
        seat_factory(kind)          # a bad seat is a one-line error before any game is played
    if args.difficulty not in DIFFICULTIES:
        raise UserError("command line", f"--difficulty must be one of {', '.join(DIFFICULTIES)}")
    if args.games < 1:
        raise UserError("command line", "--games must be at least 1")
    args.seat_levels = seats
    args.players = players
    return args


def load_class(spec: str):
    """`module:Class` -> the class; a one-line error naming --seats if it is missing or has no choose()."""
    return load_policy(spec, "--seats")


def seat_factory(kind: str):
    """A function seed -> player for one seat kind (see the module docstring)."""
    if kind in LEVELS:
        return lambda seed: make_player(kind, seed)
    if kind in PARTNERS:
        return PARTNERS[kind]
    if ":" in kind:
        load_class(kind)                   # a bad name is a one-line error now, not in the first game
        return lambda seed: make_outside_player(kind, seed)
    raise UserError("command line", f"unknown AI level or partner '{kind}' (choose from: "
                                    f"{', '.join(LEVELS + tuple(PARTNERS))}, or module:Class)")


def _timed_seats(kinds) -> set:
    """Seats whose decision times are reported: the project's AI levels, else every seat."""
    ours = {i for i, k in enumerate(kinds) if k in LEVELS and k != "random"}
    return ours or set(range(len(kinds)))


def play_game(levels, difficulty: str, seed: int, timings: list | None = None):
    """One game with these seats; returns the finished state (or the state at the turn cap)."""
    state = R.new_game(Config(len(levels), difficulty), seed)
    players = [seat_factory(kind)(seed * 10 + i) for i, kind in enumerate(levels)]
    timed = _timed_seats(levels)
    while not R.is_over(state) and state.turn < TURN_CAP:
        seat = R.current_seat(state)
        view = R.seat_view(state, seat)
        choices = R.legal_choices(state)
        t0 = time.process_time()
        choice = players[seat].choose(view, choices)
        if timings is not None and seat in timed:
            timings.append(time.process_time() - t0)
        R.apply(state, choice)
    return state


def run(levels, difficulty: str, games: int, seed: int, rotate: bool = False) -> dict:
    """Games seed..seed+games-1; with `rotate` game g turns the table by g seats (same kinds, each
    kind in every seat in turn)."""
    wins, turns, timings = 0, [], []
    causes, ratings = Counter(), Counter()
    for g in range(games):
        shift = g % len(levels) if rotate else 0
        seats = list(levels[-shift:]) + list(levels[:-shift]) if shift else list(levels)
        state = play_game(seats, difficulty, seed + g, timings)
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


def cross_play(players: int, difficulty: str, games: int, seed: int) -> dict:
    """Each partner style alone, one hard AI with the rest of the table that style, and all hard."""
    tables = {}
    for partner in CROSS_PARTNERS:
        tables[f"{partner} x{players}"] = run([partner] * players, difficulty, games, seed)
        if players > 1:
            tables[f"hard + {players - 1} {partner}"] = run(["hard"] + [partner] * (players - 1), difficulty,
                                                             games, seed, rotate=True)
    tables[f"hard x{players}"] = run(["hard"] * players, difficulty, games, seed)
    return {"players": players, "difficulty": difficulty, "games": games, "seed": seed, "tables": tables}


def main(argv: list[str]) -> int:
    args = _parse(argv)
    if args.cross_play:
        out = cross_play(args.players, args.difficulty, args.games, args.seed)
        if args.json:
            print(json.dumps(out))
        else:
            for name, row in out["tables"].items():
                print(f"{name}: {row['wins']}/{row['games']} won ({row['win_rate']:.0%}), "
                      f"losses {row['loss_causes']}, decision p95 {row['decision_ms_p95']} ms")
        return 0
    report = run(args.seat_levels, args.difficulty, args.games, args.seed)
    if args.json:
        print(json.dumps(report))
    else:
        print(f"Run Run Run! {args.difficulty}, seats {','.join(args.seat_levels)}: "
              f"{report['wins']}/{report['games']} won ({report['win_rate']:.0%}), "
              f"{report['mean_turns']} turns on average, losses {report['loss_causes']}, "
              f"decision p95 {report['decision_ms_p95']} ms")
    return 0
