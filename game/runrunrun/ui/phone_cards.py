"""Run Run Run! room tiles as the table's phone page shows them (game/client/table_art.py): the
same hex as a hand tile on the screen (render.draw_tile_icon), one image per tile."""
from __future__ import annotations

import pygame

from game.client import theme
from game.runrunrun.rules import content as C
from game.runrunrun.ui.render import draw_tile_icon
from game.runrunrun.ui.text import tile_text

SIZE = (150, 150)


def card_faces() -> dict[str, pygame.Surface]:
    """Tile id (as the view's hand holds it, as text) -> the tile on a card."""
    faces = {}
    for tile in C.TILES:
        surface = pygame.Surface(SIZE, pygame.SRCALPHA)
        pygame.draw.rect(surface, theme.PANEL, surface.get_rect(), border_radius=14)
        draw_tile_icon(surface, surface.get_rect().inflate(-8, -8), tile.id)
        faces[str(tile.id)] = surface
    return faces


def card_captions() -> dict[str, str]:
    """Tile id -> the words under its face on the phone ('3 exits, Scarab', as the choices say it)."""
    return {str(tile.id): tile_text(tile.id) for tile in C.TILES}
