"""AI players for Robo Rescue: Origins. They see only their `PlayerView` (never the pile order).

    choose(view, legal_choices, rng, level="hard") -> Action
    LEVELS = ("random", "easy", "normal", "hard")

* random: any legal action.
* easy: the normal player's choice, but a random legal action 35% of the time.
* normal: greedy on a heuristic value of the Lab (the best pair of areas as if scored now,
  plus a little credit for room left to grow while cards remain this round).
* hard: Monte Carlo look-ahead to the end of the round. For every candidate action it plays
  the rest of the round several times with the normal player's policy, each time on a
  shuffled sample of the cards it has not seen (its pile's contents, never their order), and
  picks the action with the best average round score. The same samples are used for every
  candidate (common random numbers), so differences come from the action, not the luck.

Only the current round is planned: rounds are independent apart from the 3-card display,
so maximising each round's score is what a careful player does (also in multiplayer, where
the highest round score wins the VP).

The look-ahead runs on `_Lab`, a tiny incremental model of the four areas (bit masks and
running sums), because copying the engine state and calling `apply` is far too slow for
hundreds of simulated placements per decision.
"""
from __future__ import annotations

import random
from typing import Sequence

from game.roborescue.rules.cards import ALL_TYPES_MASK, COLOURS, PART_MASK, PART_TYPES, TYPE_BIT, Card
from game.roborescue.rules.engine import (
    AREA_KINDS,
    PLACE,
    SCORE,
    SOURCE,
    TURNS_PER_ROUND,
    Action,
    Decommission,
    DiscardFaceDown,
    DrawSecond,
    Place,
    PlayerView,
    TakeFromDisplay,
)
from game.roborescue.rules.scoring import STORAGE, storage_count_bonus

LEVELS = ("random", "easy", "normal", "hard")
EASY_RANDOM_SHARE = 0.35
HARD_SAMPLES = 12          # sampled futures per decision
HARD_MAX_CANDIDATES = 6    # candidates (best by the heuristic) given the full look-ahead
GROWTH_CREDIT = 0.6        # heuristic points per card that could still join an area
SOURCE_SAMPLE = 16         # unseen cards the normal player weighs against the display

_PART_BITS = tuple(TYPE_BIT[p] for p in PART_TYPES)
_COLOUR_BIT = {c: 1 << i for i, c in enumerate(COLOURS)}
_STORAGE_BONUS = tuple(storage_count_bonus(n) for n in range(9))
_POPCOUNT = tuple(bin(m).count("1") for m in range(ALL_TYPES_MASK + 1))


class _FastCard:
    """The numbers the look-ahead needs from a Card, as plain attributes."""

    __slots__ = ("index", "mask", "value", "colour", "is_part", "part_values")

    def __init__(self, card: Card):
        self.index = card.index
        self.mask = card.mask
        self.value = card.value
        self.colour = _COLOUR_BIT[card.colour]
        self.is_part = card.is_part
        self.part_values = tuple(card.value_of(p) for p in PART_TYPES)


_FAST_CACHE: dict[int, tuple[tuple[Card, ...], list[_FastCard]]] = {}


def _fast_cards(cards: tuple[Card, ...]) -> list[_FastCard]:
    cached = _FAST_CACHE.get(id(cards))
    if cached is None or cached[0] is not cards:
        cached = (cards, [_FastCard(c) for c in cards])
        _FAST_CACHE[id(cards)] = cached
    return cached[1]


class _Area:
    """Running totals of one area: enough to test placement and score in O(1)."""

    __slots__ = ("storage", "n", "mask", "base", "colours", "sums", "_cached_left", "_cached_worth")

    def __init__(self, storage: bool):
        self.storage = storage
        self.n = 0
        self.mask = 0              # workshop: union of types; storage: chain (types on all cards)
        self.base = 0              # workshop: sum of icon values
        self.colours = 0           # bit set of colours present
        self.sums = [0, 0, 0, 0]   # storage: per part type, sum of its values over the cards
        self._cached_left = -1     # `worth` is asked again and again between changes: cache it
        self._cached_worth = 0.0

    def copy(self) -> "_Area":
        other = _Area.__new__(_Area)
        other.storage, other.n, other.mask, other.base, other.colours = (
            self.storage, self.n, self.mask, self.base, self.colours)
        other.sums = self.sums[:]
        other._cached_left, other._cached_worth = self._cached_left, self._cached_worth
        return other

    def fits(self, card: _FastCard) -> bool:
        if not self.storage:
            return not (self.mask & card.mask)
        if not card.is_part or self.colours & card.colour:
            return False
        return self.n == 0 or bool(self.mask & card.mask)

    def add(self, card: _FastCard) -> None:
        if self.storage:
            self.mask = card.mask & PART_MASK if self.n == 0 else self.mask & card.mask
            for i, v in enumerate(card.part_values):
                self.sums[i] += v
        else:
            self.mask |= card.mask
            self.base += card.value
        self.colours |= card.colour
        self.n += 1
        self._cached_left = -1

    def score(self) -> int:
        """The area's score as if it were scored now (eligibility is the caller's concern)."""
        return self._score(self.n, self.mask, self.colours, self.base, self.sums, None)

    def worth(self, cards_left: int) -> float:
        """Heuristic worth: score plus credit for room to grow; exact score at round end
        (-1 when the area could not be scored)."""
        if cards_left != self._cached_left:
            self._cached_worth = self._worth(self.n, self.mask, self.colours, self.base, self.sums, None, cards_left)
            self._cached_left = cards_left
        return self._cached_worth

    def worth_with(self, card: _FastCard, cards_left: int) -> float:
        """`worth` after adding `card`, without changing the area."""
        if self.storage:
            mask = card.mask & PART_MASK if self.n == 0 else self.mask & card.mask
        else:
            mask = self.mask | card.mask
        return self._worth(self.n + 1, mask, self.colours | card.colour, self.base + card.value,
                           self.sums, card.part_values, cards_left)

    def _worth(self, n: int, mask: int, colours: int, base: int, sums: list[int],
               extra: tuple[int, ...] | None, cards_left: int) -> float:
        if cards_left == 0:
            return self._score(n, mask, colours, base, sums, extra) if n >= 2 else -1.0
        if self.storage:
            room = 4 - n if (n == 0 or mask) else 0
        else:
            room = 6 - _POPCOUNT[mask]
        return self._score(n, mask, colours, base, sums, extra) + GROWTH_CREDIT * min(room, cards_left)

    def _score(self, n: int, mask: int, colours: int, base: int, sums: list[int],
               extra: tuple[int, ...] | None) -> int:
        if n == 0:
            return 0
        if self.storage:
            total = 0
            for i, bit in enumerate(_PART_BITS):
                if mask & bit:
                    total += sums[i] + (extra[i] if extra else 0)
            return total + _STORAGE_BONUS[n]
        single_colour = not (colours & (colours - 1))
        return base + (2 * n if single_colour else n) + (n if mask == ALL_TYPES_MASK else 0)


def _top_two(values: list[float]) -> float:
    first = second = -1.0
    for v in values:
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return max(first, 0.0) + max(second, 0.0)


class _Lab:
    __slots__ = ("areas", "decommissioned")

    def __init__(self, areas: list[_Area], decommissioned: int | None):
        self.areas = areas
        self.decommissioned = decommissioned

    @classmethod
    def from_view(cls, view: PlayerView, fast: list[_FastCard]) -> "_Lab":
        areas = []
        for index, ids in enumerate(view.lab.areas):
            area = _Area(AREA_KINDS[index] == STORAGE)
            for c in ids:
                area.add(fast[c])
            areas.append(area)
        return cls(areas, view.lab.decommissioned)

    def copy(self) -> "_Lab":
        return _Lab([a.copy() for a in self.areas], self.decommissioned)

    def legal(self, card: _FastCard, no_empty: bool) -> list[int]:
        return [
            i for i, a in enumerate(self.areas)
            if i != self.decommissioned and not (no_empty and a.n == 0) and a.fits(card)
        ]

    def worths(self, cards_left: int) -> list[float]:
        return [-1.0 if i == self.decommissioned else a.worth(cards_left) for i, a in enumerate(self.areas)]

    def value(self, cards_left: int) -> float:
        """Heuristic worth of the Lab with `cards_left` cards still to place this round: the
        best two areas' worth. With none left it is the exact best round score."""
        return _top_two(self.worths(cards_left))


def _place_greedy(lab: _Lab, card: _FastCard, cards_left: int, no_empty: bool) -> None:
    """Policy used inside the look-ahead: the placement with the best heuristic value."""
    options = lab.legal(card, no_empty)
    if not options:
        if lab.decommissioned is None:
            lab.decommissioned = _area_to_decommission(lab, cards_left)
        return
    best_area, best_value = _best_spot(lab, card, options, cards_left)
    lab.areas[best_area].add(card)


def _best_spot(lab: _Lab, card: _FastCard, options: list[int], cards_left: int) -> tuple[int, float]:
    """The legal area where `card` gives the best Lab value, and that value."""
    worths = lab.worths(cards_left)
    best_area, best_value = options[0], -2.0
    for i in options:
        saved = worths[i]
        worths[i] = lab.areas[i].worth_with(card, cards_left)
        v = _top_two(worths)
        worths[i] = saved
        if v > best_value:
            best_area, best_value = i, v
    return best_area, best_value


def _area_to_decommission(lab: _Lab, cards_left: int) -> int:
    best_area, best_value = 0, -1.0
    for i in range(4):
        lab.decommissioned = i
        v = lab.value(cards_left)
        if v > best_value:
            best_area, best_value = i, v
    lab.decommissioned = None
    return best_area


def _cards_after(turn: int) -> int:
    """Cards still to come this round after the current turn ends."""
    return 2 * (TURNS_PER_ROUND - turn)


def _rollout(lab: _Lab, hand: Sequence[_FastCard], turn: int, display: list[_FastCard],
             pile: list[_FastCard], advanced: bool, pending_source: bool = False) -> int:
    """Play the rest of the round greedily on a sampled pile; return the round score."""
    pile = pile[:]
    display = display[:]
    hand = list(hand)
    while True:
        left = len(hand) + _cards_after(turn) + (1 if pending_source else 0)
        no_empty = advanced and turn >= 3
        for card in hand:
            left -= 1
            _place_greedy(lab, card, left, no_empty)
        if pending_source:
            left -= 1
            _place_greedy(lab, _pick_source(lab, display, pile, left, no_empty), left, no_empty)
        turn += 1
        if turn > TURNS_PER_ROUND:
            return int(lab.value(0))
        hand = [pile.pop()] if pile else []
        if turn <= 2:
            if pile:
                hand.append(pile.pop())
            pending_source = False
        else:
            pending_source = bool(pile or display)


def _pick_source(lab: _Lab, display: list[_FastCard], pile: list[_FastCard], cards_left: int,
                 no_empty: bool) -> _FastCard:
    """Inside a rollout: take the display card or the next pile card, whichever fits better
    (a sampled pile card stands for 'an unknown card', so peeking at it is fair here)."""
    best_slot, best_value = -1, -3.0
    for slot, card in enumerate([pile[-1]] if pile else []):
        options = lab.legal(card, no_empty)
        best_value = _best_spot(lab, card, options, cards_left)[1] if options else -1.5
    for slot, card in enumerate(display):
        options = lab.legal(card, no_empty)
        v = _best_spot(lab, card, options, cards_left)[1] if options else -1.5
        if v > best_value:
            best_slot, best_value = slot, v
    if best_slot < 0:
        return pile.pop()
    card = display.pop(best_slot)
    if pile:
        display.insert(best_slot, pile.pop())
    return card


# ----------------------------------------------------------------------------- decisions
def choose(view: PlayerView, legal_choices: Sequence[Action], rng: random.Random, level: str = "hard") -> Action:
    """Pick one of `legal_choices` for `view.seat` at the given level."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r} (choose from {', '.join(LEVELS)})")
    if len(legal_choices) == 1:
        return legal_choices[0]
    if level == "random" or (level == "easy" and rng.random() < EASY_RANDOM_SHARE):
        return rng.choice(list(legal_choices))
    if view.phase == SCORE:
        return _best_scoring(view, legal_choices)
    if view.phase not in (PLACE, SOURCE):
        return _keep_vp(view, legal_choices)
    if level == "hard":
        return _lookahead(view, legal_choices, rng)
    return _greedy(view, legal_choices)


def _best_scoring(view: PlayerView, legal: Sequence[Action]) -> Action:
    lab = _Lab.from_view(view, _fast_cards(view.cards))
    return max(legal, key=lambda a: sum(lab.areas[i].score() for i in a.areas))  # type: ignore[attr-defined]


def _keep_vp(view: PlayerView, legal: Sequence[Action]) -> Action:
    """Any card will do (all are discarded anyway); keep the lowest-valued for a tidy log."""
    return min(legal, key=lambda a: (view.cards[a.card].value, a.card))  # type: ignore[attr-defined]


def _after(view: PlayerView, action: Action, fast: list[_FastCard]) -> tuple[_Lab, list[_FastCard], list[_FastCard]]:
    """The Lab, the hand and the display right after `action` (a DrawSecond adds nothing
    here: the drawn card is unknown, and the look-ahead supplies it from each sample)."""
    lab = _Lab.from_view(view, fast)
    hand = [fast[c] for c in view.hand]
    display = [fast[c] for c in view.lab.display]
    if isinstance(action, Place):
        hand = [c for c in hand if c.index != action.card]
        lab.areas[action.area].add(fast[action.card])
    elif isinstance(action, Decommission):
        hand = [c for c in hand if c.index != action.card]
        lab.decommissioned = action.area
    elif isinstance(action, DiscardFaceDown):
        hand = [c for c in hand if c.index != action.card]
    elif isinstance(action, TakeFromDisplay):
        hand.append(fast[action.card])
        display.pop(action.slot)
    return lab, hand, display


def _greedy(view: PlayerView, legal: Sequence[Action]) -> Action:
    fast = _fast_cards(view.cards)
    if view.phase == SOURCE:
        return _greedy_source(view, legal, fast)
    left_after = len(view.hand) - 1 + _cards_after(view.turn)
    best, best_value = legal[0], -1.0
    for action in legal:
        lab = _after(view, action, fast)[0]
        v = lab.value(left_after)
        if v > best_value:
            best, best_value = action, v
    return best


def _greedy_source(view: PlayerView, legal: Sequence[Action], fast: list[_FastCard]) -> Action:
    """Take a display card if it beats the average pile card by the heuristic."""
    lab = _Lab.from_view(view, fast)
    left = len(view.hand) + 1 + _cards_after(view.turn)
    no_empty = view.advanced and view.turn >= 3

    def worth(card: _FastCard) -> float:
        trial = lab.copy()
        for c in [fast[i] for i in view.hand] + [card]:
            _place_greedy(trial, c, left - 1, no_empty)
        return trial.value(left - 2)

    step = max(1, len(view.unseen) // SOURCE_SAMPLE)
    unseen = [fast[c] for c in view.unseen[::step]]  # an even spread of the unseen cards
    pile_worth = sum(worth(c) for c in unseen) / len(unseen) if unseen else -1.0
    best, best_value = None, pile_worth
    for action in legal:
        if isinstance(action, TakeFromDisplay):
            v = worth(fast[action.card])
            if v > best_value:
                best, best_value = action, v
    if best is None:
        best = next((a for a in legal if isinstance(a, DrawSecond)), legal[0])
    return best


def _lookahead(view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
    fast = _fast_cards(view.cards)
    candidates = list(legal)
    if len(candidates) > HARD_MAX_CANDIDATES and view.phase == PLACE:
        left_after = len(view.hand) - 1 + _cards_after(view.turn)
        candidates.sort(key=lambda a: -_after(view, a, fast)[0].value(left_after))
        candidates = candidates[:HARD_MAX_CANDIDATES]
    unseen = [fast[c] for c in view.unseen]
    samples = []
    for _ in range(HARD_SAMPLES):
        sample = unseen[:]
        rng.shuffle(sample)
        samples.append(sample)
    best, best_total = candidates[0], -1.0
    for action in candidates:
        lab, hand, display = _after(view, action, fast)
        total = 0.0
        for sample in samples:
            this_hand, this_display, pile = _deal(action, hand, display, sample)
            total += _rollout(lab.copy(), this_hand, view.turn, this_display, pile, view.advanced)
        if total > best_total:
            best, best_total = action, total
    return best


def _deal(action: Action, hand: list[_FastCard], display: list[_FastCard], sample: list[_FastCard]):
    """Hand, display and pile for one sampled future: the sample's last card is the pile top,
    which DrawSecond puts in hand and TakeFromDisplay moves into the emptied display slot."""
    if sample and isinstance(action, DrawSecond):
        return hand + [sample[-1]], display, sample[:-1]
    if sample and isinstance(action, TakeFromDisplay):
        refilled = display[:]
        refilled.insert(action.slot, sample[-1])
        return hand, refilled, sample[:-1]
    return hand, display, sample
