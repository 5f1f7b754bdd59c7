"""Three outside players, each a short reading of the Robo Rescue: Origins rulebook.

Written without looking at game.roborescue.ai: they know the rules (the card catalogue and the
rulebook's area scoring, rules.scoring) and read a seat view and the legal choices. By section:

* '3. Gameplay', 'Turns 3 & 4': draw a second card or take one from the Display.
* 'Workshop Areas' / 'Storage Areas': where a card may go (the legal choices say so).
* 'Can't Place a Card?': decommission one area; later unplaceable cards go there face down.
* '4. Round Scoring': only 2 areas score, each needs at least 2 cards; base, card count,
  colour and completion bonuses.
"""
from __future__ import annotations

import random

from game.roborescue.rules.engine import AREA_KINDS, Decommission, DrawSecond, KeepVP, Place, ScoreAreas, TakeFromDisplay
from game.roborescue.rules.scoring import can_place, score_area

TAKE_GAIN = 4        # a display card is worth taking over a blind draw when it adds this many points


def _areas(view) -> list[list]:
    return [view.area_cards(a) for a in range(4)]


def _area_points(kind: str, cards) -> int:
    return score_area(kind, cards).total if cards else 0


def table_points(view, areas) -> int:
    """The greedy player's measure: what every live area would score now, eligible or not."""
    return sum(_area_points(AREA_KINDS[a], cards) for a, cards in enumerate(areas) if a != view.lab.decommissioned)


def _gain(view, card, area: int) -> int:
    areas = _areas(view)
    before = _area_points(AREA_KINDS[area], areas[area])
    return _area_points(AREA_KINDS[area], areas[area] + [view.cards[card]]) - before


def _best_gain(view, card) -> int:
    """The most one card adds to the table by the greedy measure, wherever it fits (-1 nowhere)."""
    areas = _areas(view)
    fits = [a for a in range(4) if a != view.lab.decommissioned and can_place(AREA_KINDS[a], areas[a], view.cards[card])]
    return max((_gain(view, card, a) for a in fits), default=-1)


class RandomLegalPlayer:
    """Any legal choice, uniformly."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view, choices):
        return self.rng.choice(list(choices))


class GreedyPlayer:
    """The choice that adds most to its table now (see table_points)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view, choices):
        choices = list(choices)
        first = choices[0]
        if isinstance(first, (DrawSecond, TakeFromDisplay)):
            takes = [c for c in choices if isinstance(c, TakeFromDisplay)]
            best = max(takes, key=lambda c: _best_gain(view, c.card), default=None)
            if best is not None and (_best_gain(view, best.card) >= TAKE_GAIN or DrawSecond() not in choices):
                return best
            return DrawSecond()
        if isinstance(first, ScoreAreas):
            areas = _areas(view)
            return max(choices, key=lambda c: sum(_area_points(AREA_KINDS[a], areas[a]) for a in c.areas))
        if isinstance(first, KeepVP):
            return min(choices, key=lambda c: (view.cards[c.card].value, c.card))
        return max(choices, key=lambda c: self.placement_value(view, c))

    def placement_value(self, view, choice) -> float:
        if isinstance(choice, Place):
            return _gain(view, choice.card, choice.area)
        if isinstance(choice, Decommission):        # give up the area that scores least now
            return -1000 - _area_points(AREA_KINDS[choice.area], _areas(view)[choice.area])
        return -2000                                # a face-down discard: only when nothing else is legal


class FirstChoicePlayer:
    """Always the first legal choice (the seed is taken like every seat's, and not needed)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view, choices):
        return list(choices)[0]
