"""A look-ahead over the Boss's run for the Vault: how likely the table is to beat it.

Run Run Run! rulebook, 'The Boss Mummies': the Boss moves its extra rooms plus one per Mummy
symbol on every Catventurer's turn, and once it stands in the Vault's first room the next move
loses the game ('Mummies' Actions'). So the table gets one turn per seat, in turn order, until the
Boss reaches the door, and each of those turns is a fight only if that Catventurer can reach the
Boss. This module plays those turns forward on expectations (the Boss's average pace, half the
Combat dice hitting, a torch rerolling a miss) and turns the damage into a chance with a normal
approximation: a few hundred operations per Boss room, bounded by the maze's size, no clock.

The AI uses it to choose where to place a Boss it wakes (docs/runrunrun-ai.md: the uses tried and
left out).
"""
from __future__ import annotations

import math

from game.runrunrun.rules import content as C
from game.runrunrun.rules.engine import BASIC_MOVE
from game.runrunrun.rules.maze import distances, toward_vault

HIT = 0.5                   # three of the six Combat die faces are hits
MEAN_STRENGTH = sum(t.strength for t in C.TILES) / len(C.TILES)
PARTNER_REACH = BASIC_MOVE  # a partner who does not say its plan is expected to walk, not pay the deck
MY_DECK_PAY = 3             # deck tiles I would pay to reach the Boss


def boss_path(masks, vd, cell) -> list:
    """The rooms the Boss walks from `cell` to the Vault's open room (a shortest way)."""
    path = [cell]
    while vd.get(path[-1], 0) > 0:
        path.append(toward_vault(masks, path[-1], vd)[0])
    return path


def _pace(view, boss: int) -> float:
    """Rooms the Boss moves on one Catventurer's turn, on average: its extra rooms plus a third of
    the Power's dice (1 plus the extra die of each active Mummy)."""
    power = 1 + sum(C.MUMMIES[mid]["extra_die"] for mid, _, _ in view.mummies if mid in C.MUMMIES)
    return C.BOSSES[boss]["extra_move"] + power / 3


def _fight(dice: float, supply: float, tokens: list, boss: int, cat: int):
    """(mean, variance, torches used, token used) of one fight with `dice` Combat dice."""
    hit = HIT + (1 / 6 if C.CATS[cat]["ability"] == "damage" and not C.BOSSES[boss]["no_ability"] else 0)
    rerolls = min(supply, dice * (1 - hit))
    mean = dice * hit + rerolls * hit
    var = dice * hit * (1 - hit)
    kinds = [C.SARCOPHAGUS[t]["kind"] for t in tokens]
    if "double" in kinds:
        return 2 * mean, 4 * var, rerolls, "double"
    if "plus" in kinds:
        return mean + 1, var, rerolls, "plus"
    return mean, var, rerolls, None


def win_chance(view, boss: int, boss_cell, pos: list, hands: list, dist_from, first: int) -> float:
    """The chance the table deals the Boss its Hearts before it reaches the Relics.

    `pos`: each seat's room; `hands`: each seat's Combat strength in hand (expected for partners);
    `dist_from(cell)`: room distances from a room; `first`: the seat whose turn comes next (the
    Boss moves at the start of it)."""
    masks, players, me = view.masks, view.players, view.seat
    vd = dist_from(None)
    path = boss_path(masks, vd, boss_cell)
    door = len(path) - 1
    pace = _pace(view, boss)
    hearts = C.BOSSES[boss]["hearts"]
    supply = float(view.supply)
    tokens = [list(view.sarc[s]) for s in range(players)]
    hands = list(hands)
    fought_at = [None] * players          # path index of a seat's last fight
    walked = [0] * players                # rooms walked toward the Boss before its first fight
    start = [dist_from(pos[s]) for s in range(players)]
    mean = var = 0.0
    at = 0.0
    for k in range(4 * players + 4):
        seat = (first + k) % players
        if at >= door and (k or door == 0):
            break                         # the Boss stood at the door and moves again: the Relics
        at = min(door, at + pace)
        here = min(door, round(at))
        reach = BASIC_MOVE + min(MY_DECK_PAY, view.deck_count) if seat == me else PARTNER_REACH
        if fought_at[seat] is not None:
            d = here - fought_at[seat]
        else:
            d = max(0, start[seat].get(path[here], 99) - walked[seat])
        if d <= reach and hands[seat] >= 1:
            dice = min(6.0, hands[seat])
            m, v, used, token = _fight(dice, supply, tokens[seat], boss, view.cats[seat])
            mean, var = mean + m, var + v
            supply -= used
            if token:
                tokens[seat].remove(next(t for t in tokens[seat] if C.SARCOPHAGUS[t]["kind"] == token))
            hands[seat] = max(0.0, hands[seat] - 6.0)
            fought_at[seat] = here
        elif fought_at[seat] is None:
            walked[seat] += BASIC_MOVE
        else:
            fought_at[seat] = max(here - BASIC_MOVE, fought_at[seat])
        if view.deck_count > k:
            hands[seat] += MEAN_STRENGTH
    if var <= 0:
        return 1.0 if mean >= hearts else 0.0
    return 0.5 * math.erfc((hearts - 0.5 - mean) / math.sqrt(2 * var))


class BossLookAhead:
    """Room distances cached for one decision, and the chances for a Boss placed in a room."""

    def __init__(self, view, vd) -> None:
        self.view = view
        self.vd = vd
        self._dist = {}

    def dist_from(self, cell):
        if cell is None:
            return self.vd
        if cell not in self._dist:
            self._dist[cell] = distances(self.view.masks, cell)
        return self._dist[cell]

    def hands(self, my_strength: float) -> list:
        v = self.view
        return [my_strength if s == v.seat else v.hand_counts[s] * MEAN_STRENGTH for s in range(v.players)]

    def chance(self, boss: int, cell, pos, hands, first: int) -> float:
        return win_chance(self.view, boss, cell, pos, hands, self.dist_from, first)

    def best_room(self, boss: int, pos, hands, first: int, rooms):
        """(chance, room) of the room in `rooms` where the Boss is likeliest to be beaten."""
        return max((self.chance(boss, c, pos, hands, first), self.vd.get(c, 0), c) for c in rooms)[::2]
