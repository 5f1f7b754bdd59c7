"""Robo Rally's program cards as the table's phone page shows them (game/client/table_art.py):
drawn by the same `draw_card` as the hand on the screen, one image per card name in a hand."""
from __future__ import annotations

import pygame

from game.roborally.rules import content as C
from game.roborally.ui.board_view import draw_card

SIZE = (118, 110)          # the hand card on the screen (hand.py: up to 118 x 104), with its shadow


def card_faces() -> dict[str, pygame.Surface]:
    """Card name (as the view's hand holds it: "move1", "spam", a Haywire id) -> its face."""
    faces = {}
    for card in list(C.CARD_NAMES) + list(C.HAYWIRE):
        surface = pygame.Surface(SIZE, pygame.SRCALPHA)
        draw_card(surface, pygame.Rect(0, 0, SIZE[0], SIZE[1] - 6), C.card_name(card),
                  spam=card == "spam" or C.is_haywire(card))
        faces[card] = surface
    return faces


def card_captions() -> dict[str, str]:
    """Card name -> the words under its face on the phone ('Turn Right', not 'Right')."""
    return {card: C.card_name(card) for card in list(C.CARD_NAMES) + list(C.HAYWIRE)}
