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
from collections import Counter
from types import SimpleNamespace

from game.roborally.ai.planner import Planner, fill
from game.roborally.rules import content as C
from game.roborally.rules import engine as E

CANDIDATES = 6          # programs checked with the engine
SAMPLES = 5             # sampled worlds each program plays in (the same worlds for every program)
REBOOT_COST = 25.0      # a reboot: 2 damage, the rest of the round lost, far from the checkpoint
DAMAGE_COST = 1.2       # one damage card (SPAM clogs the deck, Haywire spoils a register)


def _base_deck() -> list[str]:
    return C.starting_programming_deck()


def _unseen_cards(known: list, total: int, rng: random.Random) -> list[str]:
    """`total` cards, shuffled, of a robot's deck that the view does not show: its 20 cards
    minus the ones seen, then SPAM for the rest (how many SPAM it holds is not shown)."""
    pool = Counter(_base_deck())
    pool.subtract(Counter(c for c in known if c in pool))
    cards = list((+pool).elements())
    rng.shuffle(cards)
    cards = cards[:total] + ["spam"] * max(0, total - len(cards))
    rng.shuffle(cards)
    return cards


def sample_world(view, rng: random.Random) -> E.RallyState:
    """A full engine state consistent with `view`, the hidden parts drawn at random."""
    s = E.RallyState.__new__(E.RallyState)
    s.__dict__.update(E.RallyState().__dict__)
    s.config = SimpleNamespace(max_rounds=0, players=len(view.robots))
    s.board = view.board
    s.rng = random.Random(rng.random())
    s.round, s.register, s.token = view.round, 0, view.token
    s.order = list(view.order)
    haywire_kinds = sorted(C.HAYWIRE)
    for rv in view.robots:
        r = E.Robot(rv.seat, rv.x, rv.y, rv.d, cp=rv.cp, energy=rv.energy)
        r.perm, r.temp, r.rebooted = list(rv.perm), list(rv.temp), rv.rebooted
        r.discard = list(rv.discard)
        r.haywire = [rng.choice(haywire_kinds) if h else None for h in rv.haywire]
        if rv.seat == view.seat:
            known = list(view.hand) + [c for c in view.regs if c is not None] + list(rv.discard)
            deck = _unseen_cards(known, rv.deck_size, rng)
        else:
            # its hand and face-down registers go back into the pool: it is dealt a sampled hand
            deck = _unseen_cards(list(rv.discard), rv.deck_size + rv.hand_size + sum(c == "?" for c in rv.regs), rng)
        r.deck = deck
        s.robots.append(r)
    damage = C.starting_damage_deck()
    rng.shuffle(damage)
    s.damage_deck = damage[:view.damage_left]
    s.damage_discard = damage[view.damage_left:]
    s.upgrade_deck = C.starting_upgrade_deck()
    return s


def _others_programs(world: E.RallyState, seat: int) -> None:
    """Every other robot gets the program a normal player picks from a sampled hand of 9."""
    for r in world.robots:
        if r.seat == seat:
            continue
        hand = r.deck[:E.HAND_SIZE]
        r.deck = r.deck[E.HAND_SIZE:]
        if len(hand) < E.REGISTERS:
            hand += ["powerup"] * (E.REGISTERS - len(hand))
        view = E.seat_view(world, r.seat)
        view.hand = tuple(hand)
        view.regs = (None,) * E.REGISTERS
        seq = Planner(view, "normal").greedy_program(list(hand))
        r.regs = fill(seq, hand, E.REGISTERS)[:E.REGISTERS]


def play_round(world: E.RallyState, seat: int, program: list[str]) -> tuple[E.RallyState, list]:
    """Play one activation phase with `program` in `seat`'s registers; the events it made."""
    s = world.copy()
    me = s.robots[seat]
    me.regs = list(program)
    me.hand = []
    s.phase = "activate"
    ev: list = []
    E.start_activation(s, ev)
    start_round = s.round
    for _ in range(200):
        if s.phase in ("over", "upgrade", "program") or s.round != start_round:
            break
        legal = E.legal_choices(s)
        pick = legal[0] if s.phase == "fire" else legal[-1]
        ev += E.apply(s, pick)
    return s, ev


def score(planner: Planner, before_cp: int, s: E.RallyState, ev: list, seat: int) -> float:
    """Higher is better: the race won, checkpoints, cards still to go, reboots and damage."""
    if s.winner == seat:
        return 10000.0
    r = s.robots[seat]
    value = 100.0 * (r.cp - before_cp) + planner.terminal(r.x, r.y, r.d, r.cp, False)
    value -= REBOOT_COST * sum(1 for e in ev if e.kind == "reboot" and e.seat == seat)
    value -= DAMAGE_COST * sum(1 for e in ev if e.kind == "damage" and e.seat == seat)
    if s.winner is not None:
        value -= 50.0
    return value


def choose(view, planner: Planner, candidates: list[list[str]], seed: int) -> list[str]:
    """The candidate with the best mean score over SAMPLES sampled worlds (same worlds for all)."""
    if len(candidates) <= 1:
        return candidates[0] if candidates else []
    rng = random.Random(f"{seed}/{view.round}/{view.seat}/{view.register}")
    me = view.robots[view.seat]
    worlds = []
    for _ in range(SAMPLES):
        w = sample_world(view, rng)
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
