"""Robo Rescue cards as the table's phone page shows them (game/client/table_art.py): the same
faces as the lab on the screen (card_sprites.CardArt), one image per card of the deck."""
from __future__ import annotations

import pygame

from game.roborescue.rules.cards import default_deck
from game.roborescue.ui.card_sprites import CardArt


def card_faces() -> dict[str, pygame.Surface]:
    """Card index (the view's `cards[i].index`, as text) -> its face, with the colour-blind patterns."""
    art = CardArt(patterns=True)
    return {str(card.index): art.face(card) for card in default_deck()}
