"""The hand-over page between two humans' turns at one screen.

It is opaque, so nothing of the table (and no hand) shows while the screen changes hands;
the next player confirms when the others have looked away.
"""
from __future__ import annotations

from typing import Protocol

import pygame

from game.client import input as inp
from game.client import theme
from game.client.menus import PauseScene, draw_mascot
from game.client.scene import Scene
from game.client.widgets import draw_hints, draw_text
from game.robomissions.rules.view import SeatView
from game.robomissions.ui import table_render as render


class HandOverTable(Protocol):
    """What the hand-over page needs of the table under it (the table passes itself)."""

    shown: SeatView

    def hand_over_done(self, seat: int) -> None: ...


class HandOverScene(Scene):
    """Between two humans' turns at one screen: hide everything until the next player is ready."""
    animated = False       # changes only on input (issue 26: nothing drawn while left alone)

    def __init__(self, table: HandOverTable, seat: int) -> None:
        super().__init__()
        self.table, self.seat = table, seat

    def handle(self, action: inp.Action) -> None:
        if action.name in (inp.CONFIRM, inp.CLICK):
            self.app.audio.play("click")
            self.app.stack.pop()
            self.table.hand_over_done(self.seat)
        elif action.name == inp.MENU:
            self.app.stack.push(PauseScene())

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(theme.BG)
        colour = render.seat_colour(self.table.shown, self.seat)
        draw_mascot(surface, (theme.WIDTH // 2, 150), colour, 1.1)
        draw_text(surface, f"Pass to {render.seat_name(self.seat)}", (theme.WIDTH // 2, 260), "title", colour,
                  "center", bold=True)
        draw_text(surface, "Everyone else, look away: your hands stay secret.", (theme.WIDTH // 2, 350), "body",
                  theme.TEXT_DIM, "center")
        draw_text(surface, f"{render.seat_name(self.seat)}: press {self.app.input.hint(inp.CONFIRM)} when ready",
                  (theme.WIDTH // 2, 420), "large", theme.TEXT, "center")
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "I'm ready"), (inp.MENU, "Pause")])
