"""The Run Run Run! maze as one seat's view shows it, for a seat played from another Robo Arcade.

`python main.py join` (game/client/table_screens.py, VIEW_BOARDS) receives only its seat's view:
this paints the maze with the play screen's own renderer and the seat's tiles face up, and names
each legal choice as the play screen's list does (text.choice_label).
"""
from __future__ import annotations

import pygame

from game.client import theme
from game.client.view_board import ScaledBoard
from game.client.widgets import draw_text
from game.runrunrun.rules.maze import FINAL, open_doorways
from game.runrunrun.ui import render as V
from game.runrunrun.ui.text import SEAT_NAMES, choice_label, log_line

MAZE = pygame.Rect(10, 10, 860, 560)
HAND_TOP = 590


def maze_layout(view) -> V.HexLayout:
    cells = [c for c, _, _ in view.tiles] + [c for c in open_doorways(view.masks) if c != FINAL]
    return V.HexLayout(MAZE, cells, max_size=60.0)


def hand_tile_rect(index: int) -> pygame.Rect:
    return pygame.Rect(16 + index * 84, HAND_TOP, 80, 84)


class ViewBoard(ScaledBoard):
    source = pygame.Rect(0, 0, 880, theme.LOGICAL_SIZE[1])

    def paint(self, surface: pygame.Surface, view) -> None:
        surface.fill((20, 17, 15))
        V.draw_maze(surface, maze_layout(view), view)
        draw_text(surface, f"{SEAT_NAMES[view.seat]}'s tiles · {view.torch_left} torches · doors "
                  f"{view.doors_done}/{view.doors_needed}", (16, HAND_TOP - 24), "small", V.SEAT_COLOURS[view.seat],
                  bold=True)
        for index, tile in enumerate(view.hand[:10]):
            V.draw_tile_icon(surface, hand_tile_rect(index), tile)

    def targets(self, choice, view) -> list[pygame.Rect]:
        """A room for a choice of a room, a hand tile for a choice of a tile."""
        if choice.kind in ("cell", "to"):
            layout = maze_layout(view)
            x, y = layout.center(tuple(choice.args[:2]))
            side = layout.size * 1.6
            return [pygame.Rect(round(x - side / 2), round(y - side / 2), round(side), round(side))]
        if choice.kind in ("explore", "commit", "offer") and choice.args and choice.args[0] in view.hand[:10]:
            return [hand_tile_rect(view.hand.index(choice.args[0]))]
        return []

    def label(self, choice, view) -> str | None:
        return choice_label(choice, view)

    def describe(self, event, before, after) -> str | None:
        return log_line(event)
