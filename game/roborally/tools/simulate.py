"""AI-with-AI races: python main.py simulate roborally --course ID|FILE --seats SEAT,... --games G --seed S [--json]

A seat is an AI level (random, easy, normal, hard) or `module:Class`: any class with
choose(view, choices), built with a seed if its constructor takes an argument (players
written outside the project measure ours). Prints games, wins_by_seat, draws (races nobody
finished within the round cap), mean_rounds, reboots per race by cause (per seat),
capped races, the winner and rounds of each race, and decision_ms_p95 (CPU time of the deciding thread to program a hand, the
95th percentile, per seat kind; CPU time so a busy machine does not inflate it). Seats rotate
the starting priority token by game so no seat keeps the first move.

`--courses-table` plays every shipped course (hard against normal, both seat orders) and
prints the Markdown table that docs/roborally-courses.md keeps.
"""
from __future__ import annotations

import argparse
import json
import time
from collections import Counter

from game.core.errors import UserError
from game.core.players import load_policy, make_outside_player
from game.core.stats import percentile
from game.roborally import rules as R
from game.roborally.ai import LEVELS, make_player
from game.roborally.levels.tmx import course_ids, find_course, load_course
from game.roborally.rules.engine import make_config


def parse(argv):
    p = argparse.ArgumentParser(prog="main.py simulate roborally", description=__doc__.splitlines()[0])
    p.add_argument("--course", default="dizzy-dash")
    p.add_argument("--seats", default="hard,random")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-rounds", type=int, default=30)
    p.add_argument("--json", action="store_true")
    p.add_argument("--courses-table", action="store_true",
                   help="every shipped course, hard vs normal in both seat orders: a Markdown table")
    try:
        a = p.parse_args(argv)
    except SystemExit as exc:
        if exc.code:
            raise UserError("command line", "bad simulate roborally options (see --help)") from None
        raise
    seats = a.seats.split(",")
    for s in seats:
        if s not in LEVELS and ":" not in s:
            raise UserError("--seats", f"unknown AI level '{s}' (choose from: {', '.join(LEVELS)}, or module:Class)")
        if ":" in s:
            load_policy(s)
    if not 2 <= len(seats) <= 6:
        raise UserError("--seats", "name 2 to 6 seats")
    if a.games < 1:
        raise UserError("--games", "must be at least 1")
    return a, seats


def make_seat(kind: str, seed: int):
    """A player for one seat of one race: an AI level or an outside `module:Class`."""
    return make_outside_player(kind, seed) if ":" in kind else make_player(kind, seed)


def run(course: dict, seats: list[str], games: int, seed: int, max_rounds: int) -> dict:
    wins = [0] * len(seats)
    winners: list[int | None] = []
    draws = 0
    rounds = []
    reboots = [Counter() for _ in seats]
    checkpoints = [0] * len(seats)
    times: dict[str, list[float]] = {kind: [] for kind in set(seats)}
    config = make_config(course, len(seats), max_rounds)
    for g in range(games):
        state = R.new_game(config, seed + g)
        state.token = g % len(seats)               # rotate the priority token's first holder
        state.order = [(state.token + i) % len(seats) for i in range(len(seats))]
        players = [make_seat(kind, seed * 1000 + g * 10 + i) for i, kind in enumerate(seats)]
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
            for e in R.apply(state, choice):
                if e.kind == "reboot":
                    reboots[e.seat][e.data["cause"]] += 1
        res = R.result(state)
        if res and res.winners:
            wins[res.winners[0]] += 1
        else:
            draws += 1
        winners.append(res.winners[0] if res and res.winners else None)
        rounds.append(state.round)
        for r in state.robots:
            checkpoints[r.seat] += r.cp
    return {"course": course["id"], "seats": seats, "games": games, "wins_by_seat": wins, "draws": draws,
            "capped": draws, "mean_rounds": round(sum(rounds) / len(rounds), 2),
            "reboots_per_race": [round(sum(c.values()) / games, 2) for c in reboots],
            "reboots_by_cause": [{k: round(v / games, 2) for k, v in sorted(c.items())} for c in reboots],
            "checkpoints_per_race": [round(c / games, 2) for c in checkpoints],
            "decision_ms_p95": {kind: round(percentile(v, 0.95), 1) if v else None for kind, v in sorted(times.items())},
            "winners": winners, "rounds": rounds}


def courses_table(games: int, seed: int, max_rounds: int, ids: list[str] | None = None) -> str:
    """Per course, hard against normal, half the races in each seat order: the Markdown table."""
    lines = ["| course | checkpoints | races | hard wins | mean rounds | reboots per race (hard: pit / edge / crusher) "
             "| capped | hard p95 ms |", "|---|---|---|---|---|---|---|---|"]
    for cid in ids or course_ids():
        course = load_course(find_course(cid))
        half = max(1, games // 2)
        a = run(course, ["hard", "normal"], half, seed, max_rounds)
        b = run(course, ["normal", "hard"], half, seed + 50000, max_rounds)
        races = 2 * half
        hard_wins = a["wins_by_seat"][0] + b["wins_by_seat"][1]
        cause = Counter(a["reboots_by_cause"][0]) + Counter(b["reboots_by_cause"][1])
        per = (a["reboots_per_race"][0] + b["reboots_per_race"][1]) / 2
        causes = " / ".join(f"{cause.get(k, 0) / 2:.2f}" for k in ("pit", "edge", "crusher"))
        p95 = max(a["decision_ms_p95"]["hard"] or 0, b["decision_ms_p95"]["hard"] or 0)
        lines.append(f"| {cid} | {len(course['checkpoints'])} | {races} | {hard_wins} ({100 * hard_wins / races:.0f}%) "
                     f"| {(a['mean_rounds'] + b['mean_rounds']) / 2:.1f} | {per:.2f} ({causes}) "
                     f"| {a['capped'] + b['capped']} | {p95:.0f} |")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    a, seats = parse(argv)
    if a.courses_table:
        print(courses_table(a.games, a.seed, a.max_rounds))
        return 0
    course = load_course(find_course(a.course))
    report = run(course, seats, a.games, a.seed, a.max_rounds)
    if a.json:
        print(json.dumps(report))
    else:
        for k, v in report.items():
            print(f"{k}: {v}")
    return 0
