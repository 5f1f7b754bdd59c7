"""Parts of a screen that change rarely, drawn once over a cached backdrop and blitted opaque.

Why: on a Raspberry Pi the cost of a frame is mostly pixels blended. A panel of text and
rounded rectangles redrawn every frame costs many draw calls and alpha blits; drawn once
into a copy of the backdrop it becomes one opaque blit of its rectangle, redrawn only when
what it shows (its key) or the backdrop changes.

    info = CachedRegion()
    ... each frame, after blitting the backdrop:
    info.blit(surface, backdrop, area, key=(backdrop_key, title, detail),
              draw=lambda layer: draw_info(layer, ...))   # draws at screen coordinates
"""
from __future__ import annotations

from typing import Callable, Hashable

import pygame


class CachedRegion:
    def __init__(self) -> None:
        self.key: Hashable = None
        self.layer: pygame.Surface | None = None
        self.used = False

    def blit(self, target: pygame.Surface, backdrop: pygame.Surface, area: pygame.Rect, key: Hashable,
             draw: Callable[[pygame.Surface], None]) -> None:
        """Blit `area` of the cached layer; first redraw it (backdrop + draw(layer)) if `key` changed.

        `key` must change whenever the backdrop under `area` or anything `draw` shows changes.
        `draw` paints in screen coordinates and must stay inside `area`.
        """
        area = pygame.Rect(area).clip(backdrop.get_rect())
        if not self.used:
            # The first time, straight onto the target: the layer (a copy of the whole backdrop,
            # 3.7 MB of fresh pages for a full screen) is made the next time (issue 26: a screen's
            # first frame is usually the program's first). The same drawing on the same format.
            self.used = True
            self._draw(target, backdrop, area, draw)
            return
        if self.layer is None or self.layer.get_size() != backdrop.get_size():
            self.layer = backdrop.copy()
            self.key = None
        if key != self.key:
            self.key = key
            self._draw(self.layer, backdrop, area, draw)
        target.blit(self.layer, area.topleft, area)

    @staticmethod
    def _draw(layer: pygame.Surface, backdrop: pygame.Surface, area: pygame.Rect,
              draw: Callable[[pygame.Surface], None]) -> None:
        clip = layer.get_clip()
        layer.blit(backdrop, area.topleft, area)
        layer.set_clip(area.clip(clip))       # a target's own clip still holds
        try:
            draw(layer)
        finally:
            layer.set_clip(clip)
