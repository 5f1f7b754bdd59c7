"""Hard's falls traced against its own plan: python -m game.roborally.tools.trace_reboots
--course ID|FILE [--robots 2|4] [--seed S] [--games N] [--json]

Issue 23, seventh round (docs/roborally-ai.md): six rounds of weight tuning read within the
noise, so each fall is set against what hard expected. For every round in which the hard seat
reboots (hard against normal; in 1v1 the seat order alternates by race): the register it fell
in and what happened to it register by register (the engine's events), the fall share its
planner gave that register for the program it chose, how many of the engine check's sampled
worlds dropped it there, and the same round replayed by the engine from the real hidden state
(deck order, damage deck, the cards under the Haywires, the others' real programs) with the
engine check's candidates and other programs from the same hand. A fall is "unavoidable" when
none of those programs avoids it, "seen" when the plan's share was at least 0.15 or a world
fell there, "unseen" otherwise (a defect of the model, not of a price).
"""
from __future__ import annotations

import argparse
import json
import random
from collections import Counter

from game.core.errors import UserError, run_tool
from game.roborally import rules as R
from game.roborally.ai import make_player, rollout
from game.roborally.ai.planner import Planner, fill
from game.roborally.levels.tmx import find_course, load_course
from game.roborally.rules import engine as E
from game.roborally.rules.worlds import play_activation

SEEN_SHARE = 0.15           # about one Haywire card in six
OTHER_PROGRAMS = 150        # programs of the hand replayed in the real world, besides the candidates


def fall_shares(planner: Planner, view, program) -> list[float]:
    """Per register, the share of the plan's belief that falls there: known falls, the share of
    unknown cards (a later Haywire, a SPAM, a randomizer) that drop it, push threats."""
    me = view.robots[view.seat]
    belief = {(me.x, me.y, me.d, me.cp, None, me.rebooted): 1.0}
    shares = []
    for reg, card in enumerate(program, 1):
        nxt: Counter = Counter()
        falls = 0.0
        haywire, split = planner.haywire_regs[reg - 1], len(belief) == 1
        for (x, y, d, cp, prev, reb), w in belief.items():
            if reb or cp >= len(planner.cps):
                nxt[(x, y, d, cp, prev, reb)] += w
                continue
            if haywire and split:
                for nx, ny, nd, ncp, nreb, _ in planner._haywire_outcomes(reg, x, y, d, cp):
                    falls += w * nreb / 6
                    nxt[(nx, ny, nd, ncp, "damage", nreb)] += w / 6
                continue
            if haywire:
                p = planner._risk(x, y, d, "haywire")
                nx, ny, nd, ncp, nreb, _ = planner._haywire_in_place(reg, x, y, d, cp)
                done = "damage"
            else:
                unknown = card == "spam" or planner.board.kind_at(x, y) == "randomizer"
                p = planner._risk(x, y, d, "card") if unknown else 0.0
                nx, ny, nd, ncp, nreb, _, done = planner.step(reg, x, y, d, cp, prev, card)
            falls += w * (p + (1 - p) * (1.0 if nreb else planner.threat.get((nx, ny), 0.0)))
            nxt[(nx, ny, nd, ncp, done, nreb)] += w
        belief = nxt
        shares.append(round(falls, 3))
    return shares


def fall_register(events, seat) -> int | None:
    """The register in which `seat` first rebooted in these events, None if it did not."""
    reg = 0
    for e in events:
        reg = e.data["register"] if e.kind == "reveal" else reg
        if e.kind == "reboot" and e.seat == seat:
            return reg
    return None


def story(events, seat, upto: int) -> dict[int, list[str]]:
    """What happened to `seat` in registers 1..upto, in words (a randomizer's card counts in its register)."""
    out: dict[int, list[str]] = {k: [] for k in range(1, upto + 1)}
    reg = 0
    for e in events:
        if e.kind == "reveal":
            reg = e.data["register"]
            continue
        if e.seat != seat:
            continue
        if e.kind == "randomize" and e.data["register"] in out:
            out[e.data["register"]].append(f"randomized {e.data['card']}")
        elif reg not in out:
            continue
        elif e.kind == "play":
            out[reg].append(e.data["card"])
        elif e.kind == "draw" and "register" in e.data:
            out[reg].append(f"drew {e.data['card']}")
        elif e.kind == "pushed":
            out[reg].append("push panel" if e.data.get("by") is None else f"pushed by seat {e.data['by']}")
        elif e.kind in ("convey", "crush", "teleport"):
            out[reg].append(e.kind)
        elif e.kind == "reboot":
            out[reg].append(f"FALL {e.data['cause']}")
            break
    return out


def _worlds_falling(view, program, seed: int) -> list[int | None]:
    """The register each of the engine check's worlds drops the robot in (None: it does not)."""
    rng = random.Random(f"{seed}/{view.round}/{view.seat}/{view.register}")
    out = []
    for own in rollout._haywire_strata(view.robots[view.seat].haywire, rng):
        world = rollout.sample_world(view, rng, own)
        rollout._others_programs(world, view.seat)
        out.append(fall_register(rollout.play_round(world, view.seat, program)[1], view.seat))
    return out


def analyse(before, programs, events, view, seat, seed, race) -> dict:
    """One fall: the plan's and the engine check's view of it, and the hand's other programs."""
    program, reg = programs[seat], fall_register(events, seat)
    hand = list(view.hand)
    candidates = [fill(c, hand, 5) for c in Planner(view, "hard").top_programs(hand, (), rollout.CANDIDATES)]
    rng = random.Random(race * 1000 + view.round)
    others = {tuple(c) for c in candidates}
    for _ in range(20 * OTHER_PROGRAMS):
        if len(others) >= OTHER_PROGRAMS + len(candidates):
            break
        pick = rng.sample(hand, 5)
        if pick[0] != "again":
            others.add(tuple(pick))
    safe = [p for p in others if fall_register(play_activation(before, {**programs, seat: list(p)})[1], seat) is None]
    share = fall_shares(Planner(view, "hard"), view, program)[reg - 1]
    worlds = sum(1 for r in _worlds_falling(view, program, seed) if r == reg)
    avoid = len(safe) / len(others)
    kind = "unavoidable" if not safe else "seen" if share >= SEEN_SHARE or worlds else "unseen"
    return {"race": race, "round": before.round, "register": reg, "program": program,
            "haywires": [i + 1 for i, h in enumerate(view.robots[seat].haywire) if h],
            "story": story(events, seat, reg), "plan_share": share, "worlds_falling": worlds,
            "avoid_share": round(avoid, 2), "safe_candidates": sum(1 for c in candidates if tuple(c) in safe),
            "kind": kind}


def trace_race(course: dict, seats: list[str], seed: int, race: int, max_rounds: int = 30) -> list[dict]:
    """Play one race (hard's seat is seats.index('hard')) and analyse every round it falls in."""
    hard = seats.index("hard")
    state = R.new_game(E.make_config(course, len(seats), max_rounds), seed + race)
    state.token = race % len(seats)
    state.order = [(state.token + i) % len(seats) for i in range(len(seats))]
    players = [make_player(kind, seed * 1000 + race * 10 + i) for i, kind in enumerate(seats)]
    falls, view, before, programs, events = [], None, None, None, None
    while not R.is_over(state):
        seat = R.current_seat(state)
        choice = players[seat].choose(R.seat_view(state, seat), R.legal_choices(state))
        programming = state.phase == "program" and choice.kind == "card"
        if programming and seat == hard and all(c is None for c in state.robots[seat].regs):
            view = R.seat_view(state, seat)
        if programming and state.turn_i == len(state.order) - 1 and state.robots[seat].regs.count(None) == 1:
            before = state.copy()                 # the activation starts with this card
            programs = {r.seat: list(r.regs) for r in before.robots}
            programs[seat][-1] = choice.arg
            events = []
        new = R.apply(state, choice)
        if events is not None:
            events += new
        if events is not None and (R.is_over(state) or any(e.kind == "round_end" for e in new)):
            if fall_register(events, hard) is not None:
                falls.append(analyse(before, programs, events, view, hard, players[hard].seed, race))
            events = None
    return falls


def trace(course: dict, robots: int, seed: int, games: int) -> list[dict]:
    falls = []
    for race in range(games):
        seats = ["hard"] + ["normal"] * (robots - 1)
        if robots == 2 and race % 2:
            seats.reverse()
        falls += trace_race(course, seats, seed, race)
    return falls


def table(falls: list[dict]) -> str:
    lines = ["| race.round | fell in | Haywires under | program | hard's registers | plan's share | worlds falling "
             "| hand avoiding it | class |", "|---|---|---|---|---|---|---|---|---|"]
    for f in falls:
        told = "; ".join(f"{k} " + " ".join(v) for k, v in f["story"].items())
        lines.append(f"| {f['race']}.{f['round']} | {f['register']} | {''.join(map(str, f['haywires'])) or '-'} "
                     f"| {' '.join(f['program'])} | {told} | {f['plan_share']:.2f} | {f['worlds_falling']}/{rollout.SAMPLES} "
                     f"| {100 * f['avoid_share']:.0f}% (candidates {f['safe_candidates']}) | {f['kind']} |")
    counts = Counter(f["kind"] for f in falls)
    lines.append("")
    lines.append(", ".join(f"{k}: {counts[k]}" for k in ("unavoidable", "seen", "unseen")))
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m game.roborally.tools.trace_reboots", description=__doc__.splitlines()[0])
    p.add_argument("--course", required=True)
    p.add_argument("--robots", type=int, choices=(2, 4), default=2)
    p.add_argument("--seed", type=int, default=4101)
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)          # argparse's own one-line usage error for a bad option
    if a.games < 1:
        raise UserError("--games", "must be at least 1")
    falls = trace(load_course(find_course(a.course)), a.robots, a.seed, a.games)
    print(json.dumps(falls) if a.json else table(falls))
    return 0


if __name__ == "__main__":
    run_tool(main)
