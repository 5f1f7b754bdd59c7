"""Inspect anything in a Robo Rescue lab: what a card, area, base card or pile is and does.

`inspect_targets(model, cards, show_hand)` lists every thing on the lab screen a player can
point at (or step to with INFO and the arrows), most specific first: drawn cards, display
cards, the visible strip of each card in an area, the areas, the Workshop and Storage cards,
the draw pile and the scores. The words follow the Robo Rescue: Origins rulebook ('Workshop
Areas', 'Storage Areas', 'Can't Place a Card?', '4. Round Scoring').
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.roborescue.rules.cards import Card
from game.roborescue.rules.scoring import STORAGE, WORKSHOP, storage_count_bonus
from game.roborescue.ui.card_sprites import CARD_H, CARD_W, STRIP_W
from game.roborescue.ui.lab_render import (AREA_KINDS, AREA_TITLES, FACE_DOWN, SCORES_RECT, LabModel, area_card_pos,
                                           area_rect, base_pos, breakdown_text, display_rect, hand_rect, pile_rect)

WORKSHOP_RULE = ("Workshop: any card may go here, but each area holds at most one of each of the six types (Head, "
                 "Body, Arm, Wheel, Engineer, Workbench). It scores its values, plus 2 per card if all share a "
                 "colour (1 per card if not), plus 1 per card with all six types.")
STORAGE_RULE = ("Storage: robot parts only, one card per colour, and each new card must show a part that every "
                "card before it shows. It scores those shared parts, plus 2 / 3 / 8 for 2 / 3 / 4 cards.")


@dataclass(frozen=True)
class Inspectable:
    rect: pygame.Rect
    title: str
    text: str
    kind: str = ""      # hand | display | card | area | base | pile | scores


def card_text(card: Card) -> str:
    """What a card is and where it may go, from its data."""
    icons = ", ".join(f"{name} {value}" for name, value in card.icons)
    if card.is_part:
        return (f"A {card.colour} robot part card: {icons}. It may join a Workshop area holding none of its "
                f"types, or a Storage area (one card per colour, continuing the part chain).")
    return (f"A {card.colour} {card.kind.title()} ({icons}). Workshop areas only, one {card.kind.title()} per "
            f"area; it adds {card.value} to that area's values.")


def _area_text(model: LabModel, cards: tuple[Card, ...], area: int) -> str:
    kind = AREA_KINDS[area]
    shown = model.face_up_cards(cards, area)
    score = model.scores(cards)[area]
    rule = WORKSHOP_RULE if kind == WORKSHOP else STORAGE_RULE
    now = breakdown_text(score, kind, shown)
    return f"Now: {now}\n{rule}"


def inspect_targets(model: LabModel, cards: tuple[Card, ...], show_hand: bool) -> list[Inspectable]:
    found: list[Inspectable] = []
    if show_hand:
        for index, card_id in enumerate(model.hand):
            card = cards[card_id]
            found.append(Inspectable(hand_rect(index).inflate(0, 20), f"Drawn: {card.label}",
                                     card_text(card) + " Place it in one of your four areas.", "hand"))
    for slot, card_id in enumerate(model.display):
        if card_id is None:
            continue
        card = cards[card_id]
        found.append(Inspectable(display_rect(slot), f"Display: {card.label}",
                                 card_text(card) + " On turns 3 and 4 you may take it instead of a second draw; "
                                 "the Display refills at once.", "display"))
    for area in range(4):
        ids = model.areas[area]
        for index, card_id in enumerate(ids):
            x, y = area_card_pos(area, index, len(ids))
            last = index == len(ids) - 1
            nxt = area_card_pos(area, index + 1, len(ids))[0] if not last else x + CARD_W
            rect = pygame.Rect(x, y, max(4, min(CARD_W, nxt - x)), CARD_H)
            if card_id == FACE_DOWN:
                found.append(Inspectable(rect, f"Face-down card in {AREA_TITLES[area]}",
                                         "Decommissioned: this area's cards are face down and it cannot score "
                                         "this round. Cards that fit nowhere are put here too.", "card"))
                continue
            card = cards[card_id]
            found.append(Inspectable(rect, f"{card.label} in {AREA_TITLES[area]}", card_text(card), "card"))
    for area in range(4):
        title = AREA_TITLES[area] + (" (decommissioned)" if model.decommissioned == area else "")
        found.append(Inspectable(area_rect(area), title, _area_text(model, cards, area), "area"))
    for kind, rule in ((STORAGE, STORAGE_RULE), (WORKSHOP, WORKSHOP_RULE)):
        found.append(Inspectable(pygame.Rect(base_pos(kind), (CARD_W, CARD_H)), f"The {kind.title()} card",
                                 rule + " Its two areas are to its left and right.", "base"))
    found.append(Inspectable(pile_rect(), "Draw pile",
                             f"{model.pile_count} cards, face down. Turns 1 and 2: draw 2. Turns 3 and 4: draw 1, "
                             "then 1 more or a Display card.", "pile"))
    rounds = ", ".join(str(points) for points in model.round_scores) or "none yet"
    found.append(Inspectable(SCORES_RECT, "Scores",
                             f"Round scores so far: {rounds}. At each round's end you score your best two areas "
                             f"with 2 or more cards; a Storage area of 4 cards earns {storage_count_bonus(4)} bonus. "
                             f"Victory Points: {model.vp_count}.", "scores"))
    return found


def inspect_at(targets: list[Inspectable], pos: tuple[int, int]) -> Inspectable | None:
    return next((t for t in targets if t.rect.collidepoint(pos)), None)


def stepping_order(targets: list[Inspectable]) -> list[Inspectable]:
    """What INFO steps through: single cards and the things around them, in reading order."""
    wanted = [t for t in targets if t.kind != "area" or not any(
        o.kind == "card" and t.rect.contains(o.rect) for o in targets)]
    return sorted(wanted, key=lambda t: (t.rect.top // 80, t.rect.left))
