"""Checking candidate programs with the real engine: what the board and the others will do.

The planner's own simulation is fast but approximate (one robot, no pushes, unknown cards
priced by averages). Hard takes the planner's best few programs and plays each through
`game.roborally.rules.engine` itself, on a few sampled worlds built from its seat view only:
every hidden card drawn at random from what it could be (its own deck's order, the other
robots' hands, the face-down Haywire, the damage deck), and every other robot given the
program a normal player would choose from its sampled hand. So damage cards, Haywire,
randomizers and teleporters (decided at the reveal), belts, crushers, push panels and lasers
in every register, and pushes by the other robots, all act as the rules say. The program
with the best mean score over the samples wins. The work is fixed (candidates x samples
rounds), never a clock, so every machine plays the same moves.
"""
from __future__ import annotations

import random

from game.roborally.ai.planner import PENDING_HAYWIRE_COST, Planner, fill
from game.roborally.rules import content as C
from game.roborally.rules import engine as E
from game.roborally.rules.worlds import deal_hand, play_activation, world_from_view

CANDIDATES = 6          # programs checked with the engine
SAMPLES = 6             # sampled worlds each program plays in (the same worlds for every program)
REBOOT_COST = 25.0      # a reboot: 2 damage, the rest of the round lost, far from the checkpoint
DAMAGE_COST = 1.2       # one damage card (SPAM clogs the deck, Haywire spoils a register)


def sample_world(view, rng: random.Random, own_haywire: dict | None = None) -> E.RallyState:
    """A full engine state consistent with `view`, the hidden parts drawn at random;
    `own_haywire` (register index -> Haywire card) fixes what lies under the seat's own
    face-down Haywires instead."""
    s = world_from_view(view, rng)
    if own_haywire:
        me = s.robots[view.seat]
        me.haywire = [own_haywire.get(i, card) if card else None for i, card in enumerate(me.haywire)]
    return s


def _others_programs(world: E.RallyState, seat: int) -> None:
    """Every other robot gets the program a normal player picks from a sampled hand of 9."""
    for r in world.robots:
        if r.seat == seat:
            continue
        hand = deal_hand(world, r.seat)
        view = E.seat_view(world, r.seat)
        view.hand = tuple(hand)
        view.regs = (None,) * E.REGISTERS
        seq = Planner(view, "normal").greedy_program(list(hand))
        r.regs = fill(seq, hand, E.REGISTERS)[:E.REGISTERS]


def play_round(world: E.RallyState, seat: int, program: list[str]) -> tuple[E.RallyState, list]:
    """Play one activation phase with `program` in `seat`'s registers (the others keep theirs)."""
    others = {r.seat: r.regs for r in world.robots if r.seat != seat}
    return play_activation(world, {seat: program, **others})


def score(planner: Planner, before_cp: int, s: E.RallyState, ev: list, seat: int) -> float:
    """Higher is better: the race won, checkpoints, cards still to go, reboots and damage."""
    if s.winner == seat:
        return 10000.0
    r = s.robots[seat]
    value = 100.0 * (r.cp - before_cp) + planner.terminal(r.x, r.y, r.d, r.cp, False)
    value -= REBOOT_COST * sum(1 for e in ev if e.kind == "reboot" and e.seat == seat)
    value -= DAMAGE_COST * sum(1 for e in ev if e.kind == "damage" and e.seat == seat)
    # Haywires still face down at the round's end play next round (a reboot skips, not clears, them)
    value -= PENDING_HAYWIRE_COST * sum(1 for h in r.haywire if h is not None)
    if s.winner is not None:
        value -= 50.0
    return value


def _haywire_strata(face_down, rng: random.Random) -> list[dict]:
    """What lies under the seat's own face-down Haywires in each of the SAMPLES worlds: every
    Haywire card equally often (a shuffled cycle per register), not five independent draws, so
    a program is judged against each way its Haywire can move the robot (issue 23: a Haywire
    dropping the robot in 2 cases of 6 was missed by all five draws one time in eight)."""
    kinds = sorted(C.HAYWIRE)
    cycles = {}
    for i, down in enumerate(face_down):
        if down:
            cycle = list(kinds)
            rng.shuffle(cycle)
            cycles[i] = cycle
    return [{i: cycle[k % len(cycle)] for i, cycle in cycles.items()} for k in range(SAMPLES)]


def choose(view, planner: Planner, candidates: list[list[str]], seed: int) -> list[str]:
    """The candidate with the best mean score over SAMPLES sampled worlds (same worlds for all)."""
    if len(candidates) <= 1:
        return candidates[0] if candidates else []
    rng = random.Random(f"{seed}/{view.round}/{view.seat}/{view.register}")
    me = view.robots[view.seat]
    worlds = []
    for own_haywire in _haywire_strata(me.haywire, rng):
        w = sample_world(view, rng, own_haywire)
        _others_programs(w, view.seat)
        worlds.append(w)
    best, best_value = candidates[0], None
    for program in candidates:
        total = 0.0
        for w in worlds:
            s, ev = play_round(w, view.seat, program)
            total += score(planner, me.cp, s, ev, view.seat)
        if best_value is None or total > best_value:
            best, best_value = program, total
    return best
