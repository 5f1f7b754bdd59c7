"""Hard's spiral races, round by round: python -m game.roborally.tools.trace_spirals
--course ID|FILE [--robots 2|4] [--seed S] [--games N] [--race SEED] [--json]

Issue 23, ninth round (docs/roborally-ai.md): a few races carry a quarter of hard's reboots
and every capped race (reboot, fall again, reboot ...). For every round of hard's race this
notes where it began (on the reboot space, in a board laser's beam), the Haywires waiting face
down on its mat, the SPAM it holds, its energy and upgrades, its program and in which registers
it fell, and which damage it took. Race SEED is `simulate.run(course, seats, 1, SEED, 30)`:
hard in seat 0 against normal (with 2 robots hard sits in seat 0 on even seeds, seat 1 on odd).

Without --race it prints one line a race and the table of rounds by the Haywires waiting at
their start; with --race SEED the story of that race (the seventh round's register words).
"""
from __future__ import annotations

import argparse
import json
from collections import Counter

from game.core.errors import UserError, run_tool
from game.roborally import rules as R
from game.roborally.levels.tmx import find_course, load_course
from game.roborally.rules.board import DIRS, DX, DY, Board
from game.roborally.rules.engine import make_config
from game.roborally.tools.simulate import make_seat
from game.roborally.tools.trace_reboots import story


def beam_squares(board: Board) -> set:
    """Every square a board laser's beam crosses when no robot stands in it (walls stop it)."""
    out = set()
    for x, y, d, _strength in board.lasers:
        out.add((x, y))
        while not board.wall_between(x, y, d):
            x, y = x + DX[d], y + DY[d]
            if not board.inside(x, y):
                break
            out.add((x, y))
    return out


def seats_for(robots: int, seed: int) -> list[str]:
    if robots == 2:
        return ["hard", "normal"] if seed % 2 == 0 else ["normal", "hard"]
    return ["hard"] + ["normal"] * (robots - 1)


def play(course: dict, seats: list[str], seed: int, max_rounds: int = 30) -> dict:
    """One race exactly as simulate.run(course, seats, 1, seed, max_rounds) plays it, with hard's rounds."""
    state = R.new_game(make_config(course, len(seats), max_rounds), seed)
    state.token = 0
    state.order = list(range(len(seats)))
    players = [make_seat(kind, seed * 1000 + i) for i, kind in enumerate(seats)]
    hard = seats.index("hard")
    board = state.board
    beams = beam_squares(board)
    rounds: list[dict] = []
    cur, before, events, reg = None, None, [], 0
    while not R.is_over(state):
        seat = R.current_seat(state)
        choice = players[seat].choose(R.seat_view(state, seat), R.legal_choices(state))
        if state.phase == "program":
            # One apply runs the whole activation, so hard's round is read before the choice
            # that starts it (the last card of the last seat to program).
            r = state.robots[hard]
            regs = [choice.arg if (seat == hard and c is None and choice.kind == "card" and i == r.regs.index(None))
                    else c for i, c in enumerate(r.regs)]
            held = r.deck + r.hand + r.discard + [c for c in r.regs if c is not None]
            before = {"round": state.round, "at": [r.x, r.y, DIRS[r.d]],
                      "on_reboot": (r.x, r.y) == board.reboot[:2], "in_beam": (r.x, r.y) in beams,
                      "cp": r.cp, "energy": r.energy, "upgrades": r.perm + r.temp,
                      "haywires": [i + 1 for i, h in enumerate(r.haywire) if h is not None],
                      "spam": held.count("spam"), "program": regs, "falls": [], "damage": Counter()}
        for e in R.apply(state, choice):
            if e.kind == "activation":
                cur, events = before, []
                rounds.append(cur)
            if cur is None:
                continue
            events.append(e)
            if e.kind == "reveal":
                reg = e.data["register"]
            elif e.kind == "reboot" and e.seat == hard:
                cur["falls"].append([reg, e.data["cause"]])
            elif e.kind == "damage" and e.seat == hard:
                cur["damage"][f"{e.data['why']}:{e.data['card']}"] += 1
            if e.kind == "round_end":
                cur["story"] = story(events, hard, 5)
    if cur is not None and "story" not in cur:          # the race ended inside this round
        cur["story"] = story(events, hard, 5)
    res = R.result(state)
    winner = res.winners[0] if res and res.winners else None
    for rd in rounds:
        rd["damage"] = dict(rd["damage"])
    return {"seed": seed, "hard": hard, "winner": winner, "capped": winner is None, "rounds": state.round,
            "reboots": sum(len(rd["falls"]) for rd in rounds), "trace": rounds}


def runs(race: dict) -> list[int]:
    """Lengths of the runs of consecutive rounds in which hard fell."""
    out, n = [], 0
    for rd in race["trace"] + [{"falls": []}]:
        if rd["falls"]:
            n += 1
        elif n:
            out.append(n)
            n = 0
    return out


def anatomy(races: list[dict]) -> str:
    """Hard's rounds by the Haywires waiting face down on its mat when the round began."""
    n, fell, beam, reboot, after = Counter(), Counter(), Counter(), Counter(), Counter()
    for race in races:
        prev = False
        for rd in race["trace"]:
            h = len(rd["haywires"])
            n[h] += 1
            fell[h] += bool(rd["falls"])
            beam[h] += rd["in_beam"]
            reboot[h] += rd["on_reboot"]
            after[h] += prev
            prev = bool(rd["falls"])
    lines = ["| Haywires waiting | rounds | hard fell | began in a beam | began on the reboot space "
             "| came right after a round with a fall |", "|---|---|---|---|---|---|"]
    for h in sorted(n):
        lines.append(f"| {h} | {n[h]} | {fell[h]} ({100 * fell[h] / n[h]:.0f}%) | {beam[h]} ({100 * beam[h] / n[h]:.0f}%) "
                     f"| {reboot[h]} | {after[h]} |")
    return "\n".join(lines)


def summary(races: list[dict]) -> str:
    lines = []
    for race in races:
        lines.append(f"seed {race['seed']}: hard reboots {race['reboots']}, rounds {race['rounds']}, "
                     f"{'capped' if race['capped'] else 'won by seat ' + str(race['winner'])}, "
                     f"runs of falling rounds {runs(race) or '-'}")
    total = sum(r["reboots"] for r in races)
    spiral = sum(sum(k for k in runs(r) if k >= 3) for r in races)
    in_spirals = sum(sum(len(rd["falls"]) for rd in _in_runs(r, 3)) for r in races)
    capped = [r for r in races if r["capped"]]
    lines.append(f"\n{len(races)} races: hard reboots {total}; capped {len(capped)} holding "
                 f"{sum(r['reboots'] for r in capped)}; {spiral} rounds in runs of 3+ falling rounds hold "
                 f"{in_spirals} reboots\n")
    lines.append(anatomy(races))
    return "\n".join(lines)


def _in_runs(race: dict, least: int) -> list[dict]:
    out, cur = [], []
    for rd in race["trace"] + [{"falls": []}]:
        if rd["falls"]:
            cur.append(rd)
            continue
        if len(cur) >= least:
            out += cur
        cur = []
    return out


def tell(race: dict) -> str:
    lines = [f"seed {race['seed']} (hard is seat {race['hard']}): {race['reboots']} reboots, {race['rounds']} rounds"]
    for rd in race["trace"]:
        where = ("reboot space " if rd["on_reboot"] else "") + ("in a beam " if rd["in_beam"] else "")
        told = "; ".join(f"{k} " + " ".join(v) for k, v in rd["story"].items() if v)
        lines.append(f"round {rd['round']}: at {rd['at']} {where}cp {rd['cp']} energy {rd['energy']} "
                     f"upgrades {rd['upgrades'] or '-'} Haywires {''.join(map(str, rd['haywires'])) or '-'} "
                     f"SPAM {rd['spam']} | program {' '.join(c or '-' for c in rd['program'])} | {told} | damage {rd['damage'] or '-'}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m game.roborally.tools.trace_spirals", description=__doc__.splitlines()[0])
    p.add_argument("--course", required=True)
    p.add_argument("--robots", type=int, choices=(2, 4), default=4)
    p.add_argument("--seed", type=int, default=3801)
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--race", type=int, help="tell this one race (its seed) round by round")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)          # argparse's own one-line usage error for a bad option
    if a.games < 1:
        raise UserError("--games", "must be at least 1")
    course = load_course(find_course(a.course))
    seeds = [a.race] if a.race is not None else range(a.seed, a.seed + a.games)
    races = [play(course, seats_for(a.robots, s), s) for s in seeds]
    if a.json:
        print(json.dumps(races))
    elif a.race is not None:
        print(tell(races[0]))
    else:
        print(summary(races))
    return 0


if __name__ == "__main__":
    run_tool(main)
