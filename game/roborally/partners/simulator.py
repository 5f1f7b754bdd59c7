"""Simulator: an outside-style opponent that tries programs through the engine.

How a player who knows the rules but nothing of the project's AI might write one: deal
random orderings of its hand, play each through the engine once in a world drawn from its
seat view (the other robots play a random program from a sampled hand), and keep the
program that ends nearest (Manhattan distance, and facing its way) its next checkpoint, a checkpoint reached
being worth 100 and a reboot costing 30. The work is fixed (PROGRAMS tries), never a clock.
Upgrades: never buys one; weapons: always the main laser; after a reboot it faces its next
checkpoint (RR16/RR23 Rebooting lets the player choose any facing).
"""
from __future__ import annotations

import random

from game.roborally.rules import engine as E
from game.roborally.rules.worlds import deal_hand, play_activation, world_from_view

PROGRAMS = 100          # programs tried per hand
REBOOT_PENALTY = 30.0
CHECKPOINT_VALUE = 100.0


class Simulator:
    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._plan: list[str] = []
        self._round = None

    def choose(self, view, choices):
        if view.phase == "reboot_facing":
            return _face_checkpoint(view, choices)
        if view.phase != "program":
            keep = [c for c in choices if c.kind in ("pass", "fire")]
            return keep[0] if keep else choices[0]
        if self._round != view.round:
            self._round = view.round
            self._plan = self._program(view)
        slot = sum(c is not None for c in view.regs)
        want = E.Choice("card", self._plan[slot]) if slot < len(self._plan) else None
        if want in choices:
            return want
        cards = [c for c in choices if c.kind == "card" and c.arg != "again"] or choices
        return cards[0]

    def _program(self, view) -> list[str]:
        rng = random.Random(f"{self.seed}/{view.round}/{view.seat}")
        world = world_from_view(view, rng)
        others = {}
        for r in world.robots:
            if r.seat != view.seat:
                hand = deal_hand(world, r.seat)
                rng.shuffle(hand)
                others[r.seat] = _legal_order(hand)[:E.REGISTERS]
        fixed = [c for c in view.regs if c is not None]
        best, best_score = None, None
        for _ in range(PROGRAMS):
            hand = list(view.hand)
            rng.shuffle(hand)
            program = fixed + _legal_order(hand)[:E.REGISTERS - len(fixed)]
            s, ev = play_activation(world, {view.seat: program, **others})
            value = self._score(view, s, ev)
            if best_score is None or value > best_score:
                best, best_score = program, value
        return best

    @staticmethod
    def _score(view, s, ev) -> float:
        me = s.robots[view.seat]
        if s.winner == view.seat:
            return 1e6
        value = CHECKPOINT_VALUE * (me.cp - view.robots[view.seat].cp)
        value -= REBOOT_PENALTY * sum(1 for e in ev if e.kind == "reboot" and e.seat == view.seat)
        checkpoints = view.board.checkpoints
        if me.cp < len(checkpoints):
            tx, ty = checkpoints[me.cp]
            value -= abs(me.x - tx) + abs(me.y - ty)
            dx, dy = tx - me.x, ty - me.y
            ahead = _gain(me.d, dx, dy)
            value -= 0.0 if ahead > 0 or (dx, dy) == (0, 0) else 1.5
        return value


def _face_checkpoint(view, choices):
    """The facing whose straight line gains most on the next checkpoint (a tie keeps the first)."""
    me = view.robots[view.seat]
    checkpoints = view.board.checkpoints
    if me.cp >= len(checkpoints):
        return choices[0]
    tx, ty = checkpoints[me.cp]
    return max(choices, key=lambda c: _gain(c.arg, tx - me.x, ty - me.y))


def _gain(d: int, dx: int, dy: int) -> int:
    """Squares gained on a target (dx, dy) away by moving the way `d` (N E S W) faces."""
    return {0: -dy, 1: dx, 2: dy, 3: -dx}[d]


def _legal_order(cards: list[str]) -> list[str]:
    """The cards in this order, but never Again first (it may not go in register 1)."""
    if cards and cards[0] == "again":
        others = [i for i, c in enumerate(cards) if c != "again"]
        if others:
            i = others[0]
            cards[0], cards[i] = cards[i], cards[0]
    return cards
