"""AI-with-AI races: python main.py simulate roborally --course ID --seats LEVEL,... --games G --seed S [--json]

Prints games, wins_by_seat, draws (races nobody finished within the round cap), mean_rounds
and decision_ms_p95 (CPU time of the deciding thread to program a hand, 95th percentile,
per level; CPU time so a busy machine does not inflate it). Seats rotate the
starting priority token by game so no seat keeps the first move.
"""
from __future__ import annotations

import argparse
import json
import time

from game.core.errors import UserError
from game.core.stats import percentile
from game.roborally import rules as R
from game.roborally.ai import LEVELS, make_player
from game.roborally.levels.tmx import find_course, load_course
from game.roborally.rules.engine import make_config


def parse(argv):
    p = argparse.ArgumentParser(prog="main.py simulate roborally", description=__doc__.splitlines()[0])
    p.add_argument("--course", default="dizzy-dash")
    p.add_argument("--seats", default="hard,random")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-rounds", type=int, default=30)
    p.add_argument("--json", action="store_true")
    try:
        a = p.parse_args(argv)
    except SystemExit as exc:
        if exc.code:
            raise UserError("command line", "bad simulate roborally options (see --help)") from None
        raise
    seats = a.seats.split(",")
    for s in seats:
        if s not in LEVELS:
            raise UserError("--seats", f"unknown AI level '{s}' (choose from: {', '.join(LEVELS)})")
    if not 2 <= len(seats) <= 6:
        raise UserError("--seats", "name 2 to 6 seats")
    if a.games < 1:
        raise UserError("--games", "must be at least 1")
    return a, seats


def run(course: dict, seats: list[str], games: int, seed: int, max_rounds: int) -> dict:
    wins = [0] * len(seats)
    draws = 0
    rounds = []
    times: dict[str, list[float]] = {lvl: [] for lvl in set(seats)}
    config = make_config(course, len(seats), max_rounds)
    for g in range(games):
        state = R.new_game(config, seed + g)
        state.token = g % len(seats)               # rotate the priority token's first holder
        state.order = [(state.token + i) % len(seats) for i in range(len(seats))]
        players = [make_player(lvl, seed * 1000 + g * 10 + i) for i, lvl in enumerate(seats)]
        for _ in range(20000):
            if R.is_over(state):
                break
            seat = R.current_seat(state)
            choices = R.legal_choices(state)
            view = R.seat_view(state, seat)
            t0 = time.thread_time()
            choice = players[seat].choose(view, choices)
            dt = (time.thread_time() - t0) * 1000
            if state.phase == "program" and all(c is None for c in view.regs):
                times[seats[seat]].append(dt)
            R.apply(state, choice)
        res = R.result(state)
        if res and res.winners:
            wins[res.winners[0]] += 1
        else:
            draws += 1
        rounds.append(state.round)
    return {"course": course["id"], "seats": seats, "games": games, "wins_by_seat": wins, "draws": draws,
            "mean_rounds": round(sum(rounds) / len(rounds), 2),
            "decision_ms_p95": {lvl: round(percentile(v, 95), 1) if v else None for lvl, v in sorted(times.items())}}


def main(argv: list[str]) -> int:
    a, seats = parse(argv)
    course = load_course(find_course(a.course))
    report = run(course, seats, a.games, a.seed, a.max_rounds)
    if a.json:
        print(json.dumps(report))
    else:
        for k, v in report.items():
            print(f"{k}: {v}")
    return 0
