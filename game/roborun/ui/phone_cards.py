"""Robo Run action cards as the table's phone page shows them (game/client/table_art.py): the
same faces as the stands on the screen (hud_render.card_face), one image per card side."""
from __future__ import annotations

import pygame

from game.roborun.rules.cards import action_cards
from game.roborun.ui.hud_render import card_face

SIZE = (150, 210)


def card_faces() -> dict[str, pygame.Surface]:
    """"<card>-<side>" (a stand's card and its face's side) -> that face."""
    return {f"{card}-{side}": card_face(face, SIZE)
            for card, sides in action_cards().items() for side, face in sides.items()}
