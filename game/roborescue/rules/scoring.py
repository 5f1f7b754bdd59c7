"""Placement rules and round scoring of one Lab Area, and the solo rating table.

Pure functions over sequences of `Card`, shared by the engine (to enforce rules), the AI (to
evaluate), the screen (live scores, legal areas) and the tests (independent recomputation).

Rules encoded here (rulebook sections 3 and 4):

* Workshop: any card; at most one of each of the six component types per area. A card counts
  as every type it shows, so it may join only if it shares no type with the area.
* Storage: robot part cards only; one card per colour; a new card must show at least one part
  type present on ALL cards already there (the area's *chain*).
* Storage score = base (for each chain type, the sum of that type's values on every card:
  three cards with Body 2 score 6) + card-count bonus (2 -> 2, 3 -> 3, 4 -> 8, and n >= 5 -> n,
  our reading of "five valid cards score 5"; one card per colour makes 5+ unreachable with
  four colours anyway).
* Workshop score = base (sum of all icon values) + colour bonus (2 per card when all cards
  share a colour, else 1 per card) + completion bonus (1 per card when all six types present).
* Only areas with at least two cards, not decommissioned, may be scored; exactly two are
  scored when possible (one, or none, when fewer are eligible).
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Sequence

from game.roborescue.rules.cards import ALL_TYPES_MASK, PART_MASK, PART_TYPES, TYPE_BIT, Card

WORKSHOP = "workshop"
STORAGE = "storage"
MIN_CARDS_TO_SCORE = 2

STORAGE_COUNT_BONUS = {0: 0, 1: 0, 2: 2, 3: 3, 4: 8}

# Solo ratings (rulebook section 6). The book says "151-180" and "180+"; we read exactly 180
# as "wow" and 181 or more as legendary.
RATING_BANDS: tuple[tuple[str, int, int | None, str], ...] = (
    ("start", 0, 100, "A start to your robot-building journey!"),
    ("not_bad", 101, 150, "Not bad! You've made an impressive machine!"),
    ("wow", 151, 180, "Wow, now that's a robot!"),
    ("legendary", 181, None, "Legendary! A masterpiece of engineering!"),
)


def storage_count_bonus(n_cards: int) -> int:
    """Card-count bonus of a Storage Area; 5 or more cards score their count."""
    return STORAGE_COUNT_BONUS.get(n_cards, n_cards)


def can_place(kind: str, area: Sequence[Card], card: Card) -> bool:
    """May `card` join an area of this kind holding `area` (ignores decommission / Advanced Mode)?"""
    if kind == WORKSHOP:
        used = 0
        for other in area:
            used |= other.mask
        return not (used & card.mask)
    if not card.is_part:
        return False
    if not area:
        return True
    chain = PART_MASK
    for other in area:
        if other.colour == card.colour:
            return False
        chain &= other.mask
    return bool(chain & card.mask)


def storage_chain(area: Sequence[Card]) -> tuple[str, ...]:
    """The part types present on every card of a Storage Area (empty area: none)."""
    if not area:
        return ()
    chain = PART_MASK
    for card in area:
        chain &= card.mask
    return tuple(p for p in PART_TYPES if chain & TYPE_BIT[p])


@dataclass(frozen=True)
class AreaScore:
    """The breakdown of one area's round score. `eligible`: may it be chosen for scoring?"""

    base: int
    count_bonus: int = 0       # Storage only
    colour_bonus: int = 0      # Workshop only
    completion_bonus: int = 0  # Workshop only
    eligible: bool = False

    @property
    def total(self) -> int:
        return self.base + self.count_bonus + self.colour_bonus + self.completion_bonus


def score_area(kind: str, area: Sequence[Card]) -> AreaScore:
    """Score an area as the rulebook's round scoring would (eligibility reported, not enforced)."""
    n = len(area)
    eligible = n >= MIN_CARDS_TO_SCORE
    if n == 0:
        return AreaScore(0)
    if kind == STORAGE:
        chain = storage_chain(area)
        base = sum(card.value_of(part) for card in area for part in chain)
        return AreaScore(base, count_bonus=storage_count_bonus(n), eligible=eligible)
    base = sum(card.value for card in area)
    same_colour = all(card.colour == area[0].colour for card in area)
    colour = 2 * n if same_colour else n
    mask = 0
    for card in area:
        mask |= card.mask
    completion = n if mask == ALL_TYPES_MASK else 0
    return AreaScore(base, colour_bonus=colour, completion_bonus=completion, eligible=eligible)


def scoring_choices(scores: Sequence[AreaScore | None]) -> list[tuple[int, ...]]:
    """The legal choices of areas to score: every pair of eligible areas; one or none if fewer.

    `scores[i]` is None for a decommissioned area.
    """
    eligible = [i for i, s in enumerate(scores) if s is not None and s.eligible]
    if len(eligible) >= 2:
        return list(combinations(eligible, 2))
    return [tuple(eligible)]


def best_pair(scores: Sequence[AreaScore | None]) -> tuple[tuple[int, ...], int]:
    """The scoring choice with the highest total, and that total (first best on ties)."""
    best: tuple[tuple[int, ...], int] = ((), -1)
    for choice in scoring_choices(scores):
        total = sum(scores[i].total for i in choice)  # type: ignore[union-attr]
        if total > best[1]:
            best = (choice, total)
    return best[0], max(best[1], 0)


def rating(score: int) -> str:
    """The solo rating band name for a final score (see RATING_BANDS)."""
    for name, _, high, _ in RATING_BANDS:
        if high is None or score <= high:
            return name
    return RATING_BANDS[-1][0]


def rating_text(score: int) -> str:
    name = rating(score)
    return next(text for band, _, _, text in RATING_BANDS if band == name)
