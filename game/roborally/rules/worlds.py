"""Worlds a seat could be in: a full engine state drawn from what one seat sees, and one
activation phase played in it with given programs.

A player that looks ahead through the engine (the hard AI's engine check, and the outside
players that measure it) needs a whole `RallyState`, but may read only its seat view. The
hidden parts are drawn at random from what they could be: the seat's own deck order, the
other robots' hands and decks, which Haywire lies face down, the damage deck.
"""
from __future__ import annotations

import random
from collections import Counter
from types import SimpleNamespace

from game.roborally.rules import content as C
from game.roborally.rules import engine as E


def unseen_cards(known: list, total: int, rng: random.Random) -> list[str]:
    """`total` cards, shuffled, of a robot's deck that the view does not show: its 20 cards
    minus the ones seen, then SPAM for the rest (how many SPAM it holds is not shown)."""
    pool = Counter(C.starting_programming_deck())
    pool.subtract(Counter(c for c in known if c in pool))
    cards = list((+pool).elements())
    rng.shuffle(cards)
    cards = cards[:total] + ["spam"] * max(0, total - len(cards))
    rng.shuffle(cards)
    return cards


def world_from_view(view, rng: random.Random) -> E.RallyState:
    """A full engine state consistent with `view`, the hidden parts drawn at random. The
    other robots' hands and face-down registers go back into their decks (deal them a hand
    with `deal_hand`); the round cap is off."""
    s = E.RallyState.__new__(E.RallyState)
    s.__dict__.update(E.RallyState().__dict__)
    s.config = SimpleNamespace(max_rounds=0, players=len(view.robots), reboot_facing=True)
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
            r.deck = unseen_cards(known, rv.deck_size, rng)
        else:
            hidden = rv.deck_size + rv.hand_size + sum(c == "?" for c in rv.regs)
            r.deck = unseen_cards(list(rv.discard), hidden, rng)
        s.robots.append(r)
    damage = C.starting_damage_deck()
    rng.shuffle(damage)
    s.damage_deck = damage[:view.damage_left]
    s.damage_discard = damage[view.damage_left:]
    s.upgrade_deck = C.starting_upgrade_deck()
    return s


def deal_hand(world: E.RallyState, seat: int) -> list[str]:
    """Deal `seat` a hand from the top of its sampled deck (Power Up where it runs short)."""
    r = world.robots[seat]
    hand, r.deck = r.deck[:E.HAND_SIZE], r.deck[E.HAND_SIZE:]
    return hand + ["powerup"] * max(0, E.REGISTERS - len(hand))


def play_activation(world: E.RallyState, programs: dict) -> tuple[E.RallyState, list]:
    """A copy of `world` after one activation phase with `programs` (seat -> 5 cards) in the
    registers, and the events it made. Weapons fire their main laser; Controlled Chaos takes
    the last register offered; a rebooted robot keeps the reboot arrow's facing."""
    s = world.copy()
    for seat, program in programs.items():
        s.robots[seat].regs = list(program)
        s.robots[seat].hand = []
    s.phase = "activate"
    ev: list = []
    E.start_activation(s, ev)
    start_round = s.round
    for _ in range(200):
        if s.phase in ("over", "upgrade", "program") or s.round != start_round:
            break
        legal = E.legal_choices(s)
        if s.phase == "reboot_facing":
            pick = E.Choice("facing", s.robots[s.pending[1]].d)
        else:
            pick = legal[0] if s.phase == "fire" else legal[-1]
        ev += E.apply(s, pick)
    return s, ev
