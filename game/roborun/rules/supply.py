"""The general supply: what the box holds (Robo Run rulebook, '1. Components').

Pawns: 4 White, 4 Purple, 8 Blue bad robots. Tokens: 4 sets of 6 Number tokens (so four
of each value 1-6), 2 Keys, 4 Walls, 1 Laser, 5 Energy (two of them mark the players'
Energy tracks), 2 Production Line tokens. A pawn or token the supply does not hold
cannot be taken from it: an upgrade to Blue needs a Blue pawn in the supply, Hacking
Probe needs a Purple one, a Number Changer needs a token of the new value.
"""
from __future__ import annotations

PAWNS = {"white": 4, "purple": 4, "blue": 8}
NUMBER_TOKENS_PER_VALUE = 4


def pawns_in_supply(state, colour: str) -> int:
    """Pawns of `colour` neither on the map nor waiting on the Support space."""
    used = sum(1 for r in state.pos if state.colour[r] == colour) + state.support.count(colour)
    return max(0, PAWNS.get(colour, 0) - used)


def numbers_in_supply(state, value: int) -> int:
    """Number tokens of `value` neither on the map nor held by a player."""
    used = sum(1 for kind, v in state.items.values() if kind == "number" and v == value)
    used += state.numbers[0].count(value) + state.numbers[1].count(value)
    return max(0, NUMBER_TOKENS_PER_VALUE - used)
