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
        self._shown: pygame.Rect | None = None      # where the scaled picture was blitted last

    def paint(self, surface: pygame.Surface, view: Any) -> None:
        raise NotImplementedError

    def label(self, choice: Any, view: Any) -> str | None:
        """A legal choice in the game's words (None: the join screen's generic label)."""
        return None

    def targets(self, choice: Any, view: Any) -> list[pygame.Rect]:
        """Where a legal choice sits on the painted board (a hand card, a robot, a room), in
        painted coordinates: pointing there focuses it, a click or tap chooses it."""
        return []

    def describe(self, event: Any, before: Any, after: Any) -> str | None:
        """One line for the join screen's log of what happened (None: not worth a line)."""
        return None

    def draw(self, surface: pygame.Surface, view: Any) -> None:
        self.prepare(view)
        surface.blit(self._picture, self._shown)

    def prepare(self, view: Any) -> None:
        """Paint `view` (once: the painted picture is kept until another view comes)."""
        if self._picture is None or self._painted is not view:
            canvas = pygame.Surface(theme.LOGICAL_SIZE)
            canvas.fill(theme.BG)
            self.paint(canvas, view)
            part = canvas.subsurface(self.source)
            scale = min(self.area.width / self.source.width, self.area.height / self.source.height)
            size = (max(1, int(self.source.width * scale)), max(1, int(self.source.height * scale)))
            self._picture = pygame.transform.smoothscale(part, size)
            self._shown = self._picture.get_rect(center=self.area.center)
            self._painted = view

    def _scale(self) -> float:
        return self._shown.width / self.source.width if self._shown is not None else 1.0

    def to_screen(self, rect: pygame.Rect) -> pygame.Rect:
        """A painted rect where the scaled board shows it."""
        scale = self._scale()
        left = self._shown.left + (rect.left - self.source.left) * scale if self._shown else rect.left
        top = self._shown.top + (rect.top - self.source.top) * scale if self._shown else rect.top
        return pygame.Rect(round(left), round(top), round(rect.width * scale), round(rect.height * scale))

    def to_painted(self, pos: tuple[int, int]) -> tuple[float, float] | None:
        """A screen point on the board in painted coordinates (None: not on the board)."""
        if self._shown is None or not self._shown.collidepoint(pos):
            return None
        scale = self._scale()
        return (self.source.left + (pos[0] - self._shown.left) / scale,
                self.source.top + (pos[1] - self._shown.top) / scale)
