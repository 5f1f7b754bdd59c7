"""A game's board drawn from one seat's view, for a seat played from another Robo Arcade (`python main.py join`).

The joined client (game/client/table_screens.py, JoinTableScene) receives only its seat's view
and the legal choices; each game lists in VIEW_BOARDS a class that paints that view with the
game's own renderers at the screen's logical size (`paint`), names a choice in the game's
own words (`label`) and tells an event as the game's log does (`describe`). `ScaledBoard` fits the part worth showing (`source`) into the join
screen's board area, painted once per view (the join screen decodes a new view per update).
"""
from __future__ import annotations

from typing import Any

import pygame

from game.client import theme


class ScaledBoard:
    """Paint a view full size once, then blit it scaled into `area` on every frame."""

    source = pygame.Rect(0, 0, *theme.LOGICAL_SIZE)     # the part of the painted picture that is shown

    def __init__(self, view: Any, area: pygame.Rect) -> None:
        self.area = area
        self._painted: Any = None           # the view painted last (held: its identity is the cache key)
        self._picture: pygame.Surface | None = None

    def paint(self, surface: pygame.Surface, view: Any) -> None:
        raise NotImplementedError

    def label(self, choice: Any, view: Any) -> str | None:
        """A legal choice in the game's words (None: the join screen's generic label)."""
        return None

    def describe(self, event: Any, before: Any, after: Any) -> str | None:
        """One line for the join screen's log of what happened (None: not worth a line)."""
        return None

    def draw(self, surface: pygame.Surface, view: Any) -> None:
        if self._picture is None or self._painted is not view:
            canvas = pygame.Surface(theme.LOGICAL_SIZE)
            canvas.fill(theme.BG)
            self.paint(canvas, view)
            part = canvas.subsurface(self.source)
            scale = min(self.area.width / self.source.width, self.area.height / self.source.height)
            size = (max(1, int(self.source.width * scale)), max(1, int(self.source.height * scale)))
            self._picture = pygame.transform.smoothscale(part, size)
            self._painted = view
        surface.blit(self._picture, self._picture.get_rect(center=self.area.center))
