"""Card faces for the table's phone page, drawn by each game's own screens (issue 29).

The page (game/table/page/) has no build step and no drawing code of its own for cards: the
host draws every card face of the game with the same functions its screens use (each game's
`ui/phone_cards.py`), once, as PNG images the table serves under `/art/NAME.png`. The page
names a card the way the view does (a Robo Rally card name, a ROBOMissions card key, ...) and
falls back to the card's name in words where no image exists.
"""
from __future__ import annotations

import io
import re

import pygame

from game.client import text
from game.client.registry import load

PHONE_CARDS = {game: f"game.{game}.ui.phone_cards:card_faces"
               for game in ("roborun", "robomissions", "roborescue", "runrunrun", "roborally")}
NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def card_art(game_id: str) -> dict[str, bytes]:
    """Image name -> PNG bytes of every card face of `game_id` ({} if the game draws none)."""
    faces = load(PHONE_CARDS.get(game_id))
    if faces is None:
        return {}
    if not pygame.font.get_init():
        pygame.font.init()          # fonts only: pygame.init() would let SDL take SIGTERM from `host --no-window`
        text.reset_caches()         # fonts cached before belong to a font module that was quit
    art = {}
    for name, surface in faces().items():
        if NAME.match(name):
            out = io.BytesIO()
            pygame.image.save(surface, out, "card.png")
            art[name] = out.getvalue()
    return art
