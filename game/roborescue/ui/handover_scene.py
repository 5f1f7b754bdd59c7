"""The hand-over screen between two human seats sharing one screen.

It is opaque, so the previous player's Lab and drawn cards are hidden until the next
player confirms they are the one looking.
"""
from __future__ import annotations

from typing import Callable

import pygame

from game.client.text import draw_fit
from game.client import input as inp
from game.client import theme
from game.client.scene import Scene
from game.client.widgets import draw_hints, draw_text


class HandoverScene(Scene):
    animated = False       # changes only on input (issue 26: nothing drawn while left alone)

    def __init__(self, seat_name: str, on_ready: Callable[[], None]) -> None:
        super().__init__()
        self.seat_name = seat_name
        self.on_ready = on_ready

    def handle(self, action: inp.Action) -> None:
        if action.name in (inp.CONFIRM, inp.CLICK):
            self.app.audio.play("click")
            self.app.stack.pop()
            self.on_ready()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(theme.BG)
        width = theme.WIDTH - 120
        draw_fit(surface, f"Pass to {self.seat_name}", pygame.Rect(60, 200, width, 150), "title", theme.ACCENT,
                 align="center", valign="middle", min_size="large", bold=True)
        draw_fit(surface, "Everyone else, look away: the next lab and drawn cards are private.",
                 pygame.Rect(60, 355, width, 34), "body", theme.TEXT_DIM, align="center", wrap=False)
        draw_fit(surface, f"{self.seat_name}: press {self.app.input.hint(inp.CONFIRM)} when ready",
                 pygame.Rect(60, 405, width, 100), "large", theme.TEXT, align="center", bold=True)
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "I'm ready")])
