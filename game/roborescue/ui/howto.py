"""How to play Robo Rescue: Origins: short pages whose pictures are the lab's own cards.

Every picture is drawn with card_sprites.CardArt from real cards of the shipped deck, laid
out as the lab lays them (each older card showing its icon strip). The words follow the
Robo Rescue: Origins rulebook ('3. Gameplay', 'Workshop Areas', 'Storage Areas', 'Can't
Place a Card?', '4. Round Scoring', '5. Game End', '7. Advanced Mode').

    how_to_play_scene(opaque)  the pages (set-up menu and pause menu)
    tutorial_scene()           the first-game tutorial over the lab (shown once)
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable

import pygame

from game.client import theme, tutorials
from game.client.menus import HowToPage as Page
from game.client.menus import HowToPlayScene
from game.client.text import draw_fit
from game.client.widgets import draw_text
from game.roborescue.rules.cards import Card, default_deck
from game.roborescue.rules.engine import GAME_ID
from game.roborescue.rules.scoring import STORAGE, WORKSHOP, score_area, storage_chain
from game.roborescue.ui.card_sprites import CARD_H, CARD_W, STRIP_W, CardArt

__all__ = ["how_to_play_scene", "tutorial_scene", "tutorial_due", "PAGES", "TUTORIAL"]


@lru_cache(maxsize=1)
def _art() -> CardArt:
    return CardArt()


def _find(test: Callable[[Card], bool], count: int = 1, distinct_colours: bool = False) -> list[Card]:
    """The first `count` cards of the shipped deck that pass `test` (optionally of different colours)."""
    found: list[Card] = []
    for card in default_deck():
        if test(card) and not (distinct_colours and any(c.colour == card.colour for c in found)):
            found.append(card)
            if len(found) == count:
                break
    return found


def _storage_row() -> list[Card]:
    """Three part cards of different colours that all show a Body: a valid Storage chain."""
    return _find(lambda c: c.is_part and "Body" in c.types, 3, distinct_colours=True)


def _workshop_row() -> list[Card]:
    """A Head card, an Arm card, an Engineer and a Workbench of one colour: no type twice."""
    head = _find(lambda c: c.is_part and c.types == frozenset({"Head"}) and c.colour == "green")
    arm = _find(lambda c: c.is_part and c.types == frozenset({"Arm", "Wheel"}) and c.colour == "green")
    crew = _find(lambda c: c.kind == "engineer" and c.colour == "green") + \
        _find(lambda c: c.kind == "workbench" and c.colour == "green")
    return head + arm + crew


# ---------------------------------------------------------------- pictures
def _area(surface: pygame.Surface, left: int, top: int, cards: list[Card], label: str = "",
          face_down: bool = False) -> pygame.Rect:
    """Cards laid into an area as the lab does: each older card shows its icon strip."""
    width = max(CARD_W, STRIP_W * (len(cards) - 1) + CARD_W) + 16
    box = pygame.Rect(left, top, width, CARD_H + 16)
    pygame.draw.rect(surface, (30, 52, 40), box, border_radius=10)
    pygame.draw.rect(surface, theme.GOOD, box, 2, border_radius=10)
    for i, card in enumerate(cards):
        surface.blit(_art().back() if face_down else _art().face(card), (box.left + 8 + i * STRIP_W, box.top + 8))
    if label:
        draw_text(surface, label, (box.left, box.bottom + 6), "small", theme.TEXT_DIM)
    return box


def _lab(surface: pygame.Surface, rect: pygame.Rect) -> None:
    for row, kind in enumerate(("storage", "workshop")):
        y = rect.top + 20 + row * (CARD_H + 60)
        base = _art().base(kind)
        surface.blit(base, base.get_rect(midtop=(rect.centerx, y + 8)))
        for side, x in ((0, rect.left + 4), (1, rect.centerx + CARD_W // 2 + 12)):
            box = pygame.Rect(x, y, rect.centerx - CARD_W // 2 - 16 - rect.left, CARD_H + 16)
            pygame.draw.rect(surface, (30, 52, 40), box, border_radius=10)
            pygame.draw.rect(surface, theme.GOOD, box, 2, border_radius=10)
            draw_fit(surface, f"{kind.title()} {'left' if side == 0 else 'right'}", box.inflate(-8, -8), "small",
                     theme.TEXT_DIM, align="center", valign="middle")


def _drawing(surface: pygame.Surface, rect: pygame.Rect) -> None:
    for i in range(3):
        surface.blit(_art().back(), (rect.left + 6 + i * 3, rect.top + 40 - i * 3))
    draw_text(surface, "Draw pile", (rect.left + 56, rect.top + 206), "small", theme.TEXT_DIM, "midtop")
    display = _find(lambda c: c.is_part, 3, distinct_colours=True)
    left = rect.left + CARD_W + 30
    step = min(CARD_W + 10, (rect.right - left - CARD_W) // 2)     # overlap, as in an area, when narrow
    for i, card in enumerate(display):
        surface.blit(_art().face(card), (left + i * step, rect.top + 37))
    draw_text(surface, "Display", (left + (2 * step + CARD_W) // 2, rect.top + 206), "small", theme.TEXT_DIM,
              "midtop")


def _workshop(surface: pygame.Surface, rect: pygame.Rect) -> None:
    surface.blit(_art().base("workshop"), (rect.left + 8, rect.top + 28))
    cards = _workshop_row()
    _area(surface, rect.left + CARD_W + 24, rect.top + 20, cards, "One of each type: all allowed")
    score = score_area(WORKSHOP, cards)
    draw_text(surface, f"values {score.base} + colour {score.colour_bonus} = {score.total}",
              (rect.centerx, rect.bottom - 40), "body", theme.ACCENT, "center", bold=True)


def _storage(surface: pygame.Surface, rect: pygame.Rect) -> None:
    surface.blit(_art().base("storage"), (rect.left + 8, rect.top + 28))
    cards = _storage_row()
    _area(surface, rect.left + CARD_W + 24, rect.top + 20, cards, "Every card shows a Body")
    score = score_area(STORAGE, cards)
    shared = " + ".join(storage_chain(cards))
    draw_text(surface, f"{shared} {score.base} + 3 cards {score.count_bonus} = {score.total}", (rect.centerx, rect.bottom - 40), "body",
              theme.ACCENT, "center", bold=True)


def _decommission(surface: pygame.Surface, rect: pygame.Rect) -> None:
    cards = _find(lambda c: c.is_part, 3)
    box = _area(surface, rect.left + 20, rect.top + 30, cards, "Decommissioned: face down, never scored",
                face_down=True)
    pygame.draw.line(surface, theme.BAD, box.topleft, box.bottomright, 4)
    pygame.draw.line(surface, theme.BAD, box.bottomleft, box.topright, 4)


def _scoring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    storage, workshop = _storage_row(), _workshop_row()
    _area(surface, rect.left + 10, rect.top + 10, storage)
    _area(surface, rect.left + 10, rect.top + CARD_H + 40, workshop)
    for i, text in enumerate(("score this one", "and this one")):
        draw_text(surface, text, (rect.right - 10, rect.top + 80 + i * (CARD_H + 30)), "small", theme.ACCENT,
                  "midright", bold=True)


PAGES: list[Page] = [
    Page("Your lab", "You have four areas: Storage left and right, Workshop left and right. Each turn you draw "
         "2 cards and place each one in an area, to the right of the cards already there. A round is 4 turns, "
         "so 8 cards.", _lab),
    Page("Drawing", "Turns 1 and 2: draw 2 cards from your pile. Turns 3 and 4: draw 1, then take a second from "
         "the pile or a card from the Display (it refills at once).", _drawing),
    Page("Workshop areas", "Any card may go here, but only one of each of the six types (Head, Body, Arm, Wheel, "
         "Engineer, Workbench). Score the values, plus 2 per card when all share a colour (1 per card if not), "
         "plus 1 per card with all six types.", _workshop),
    Page("Storage areas", "Robot parts only, one card per colour, and every card must show a part that all the "
         "cards before it show. Score those shared parts, plus a card count bonus: 2 cards 2, 3 cards 3, "
         "4 cards 8.", _storage),
    Page("Can't place a card?", "If a card fits nowhere, decommission one area: its cards turn face down with "
         "the one you could not place, and it cannot score this round. Later cards that fit nowhere go there "
         "too.", _decommission),
    Page("Round scoring", "At round end choose 2 areas with at least 2 cards each and add their points. Solo: "
         "6 rounds, your total is your score. Multiplayer: the round's best score takes a Victory Point; most "
         "VP after 5 rounds wins. Advanced Mode: from turn 3, no new areas.", _scoring),
]

TUTORIAL: list[Page] = [
    Page("Welcome to your lab!", "Place the cards you draw into your four areas, then score the best two at "
         "the end of each round.", _lab),
    Page("Place where it glows", "The drawn card glows with the areas it may go to; the best one is suggested. "
         "Move with the arrows or the mouse, press Enter or click to place. The panel below says what the area "
         "would score; point at anything, or press Read (I / Y), to see what it is.", _workshop),
    Page("Have fun!", "How to play is always in the pause menu (P). Happy building!", _storage),
]


def tutorial_due() -> bool:
    """True until the first-game tutorial has been closed once (game/client/tutorials.py)."""
    return tutorials.tutorial_due(GAME_ID)


def _tutorial_done() -> None:
    tutorials.mark_tutorial_done(GAME_ID)


def how_to_play_scene() -> HowToPlayScene:
    return HowToPlayScene("Robo Rescue: Origins", PAGES)


def tutorial_scene() -> HowToPlayScene:
    """The first-game tutorial over the lab; closing it (at the end or early) is remembered."""
    return HowToPlayScene("Robo Rescue: your first game", TUTORIAL, on_close=_tutorial_done)
