"""ROBOMissions cards as the table's phone page shows them (game/client/table_art.py): the same
printed faces as the hand on the screen (card_sprites.card_face), one image per card key."""
from __future__ import annotations

import pygame

from game.robomissions.rules.cards import default_cards
from game.robomissions.ui.card_sprites import card_face


def card_faces() -> dict[str, pygame.Surface]:
    """Card key (the view's `cards[uid].key`) -> its face."""
    return {card.key: card_face(card) for card in default_cards()}
