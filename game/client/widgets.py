"""Drawing helpers and small widgets shared by every screen.

Text is rendered once and cached (re-rendering text every frame is the classic slow path on
a Raspberry Pi); panels are plain rounded rectangles; Menu is a vertical list that works
the same with keys, mouse and gamepad.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

import pygame

from game.client import input as inp
from game.client import theme


@lru_cache(maxsize=None)
def font(size: str | int = "body", bold: bool = False) -> pygame.font.Font:
    px = theme.FONT_SIZES.get(size, 28) if isinstance(size, str) else size
    f = pygame.font.Font(None, int(px * 1.25))  # pygame's default font runs small
    f.set_bold(bold)
    return f


@lru_cache(maxsize=2048)
def render_text(text: str, size: str | int = "body", colour=theme.TEXT, bold: bool = False) -> pygame.Surface:
    return font(size, bold).render(text, True, colour)


@lru_cache(maxsize=8)
def shade(alpha: int) -> pygame.Surface:
    """A full-screen translucent black layer for overlays: made once, not every frame."""
    layer = pygame.Surface(theme.LOGICAL_SIZE, pygame.SRCALPHA)
    layer.fill((0, 0, 0, alpha))
    return layer


def reset_caches() -> None:
    """Forget cached fonts and text: they die with pygame.quit(), and a new App re-inits pygame."""
    font.cache_clear()
    render_text.cache_clear()
    _hint_bar.cache_clear()
    shade.cache_clear()


def draw_text(surface: pygame.Surface, text: str, pos: tuple[int, int], size: str | int = "body",
              colour=theme.TEXT, anchor: str = "topleft", bold: bool = False, shadow: bool = False) -> pygame.Rect:
    image = render_text(text, size, tuple(colour), bold)
    rect = image.get_rect(**{anchor: pos})
    if shadow:
        surface.blit(render_text(text, size, theme.SHADOW, bold), rect.move(2, 3))
    surface.blit(image, rect)
    return rect


def wrap_text(text: str, width: int, size: str | int = "body") -> list[str]:
    """Split text into lines that fit `width` pixels (paragraphs kept)."""
    f = font(size)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words, line = paragraph.split(), ""
        for word in words:
            trial = f"{line} {word}".strip()
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def draw_paragraph(surface, text, rect: pygame.Rect, size="body", colour=theme.TEXT, spacing=4) -> int:
    y = rect.top
    for line in wrap_text(text, rect.width, size):
        image = render_text(line, size, tuple(colour))
        surface.blit(image, (rect.left, y))
        y += image.get_height() + spacing
    return y


def panel(surface: pygame.Surface, rect, fill=theme.PANEL, edge=theme.PANEL_EDGE, radius: int = 14,
          width: int = 2) -> None:
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, theme.SHADOW, rect.move(0, 4), border_radius=radius)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if width:
        pygame.draw.rect(surface, edge, rect, width, border_radius=radius)


def vertical_gradient(size: tuple[int, int], top, bottom) -> pygame.Surface:
    """An opaque background surface; build it once and blit it each frame.

    Built from a one-pixel-wide column stretched sideways (no numpy: it is on the start-up path).
    """
    w, h = size
    column = pygame.Surface((1, h))
    span = max(1, h - 1)
    for y in range(h):
        t = y / span
        column.set_at((0, y), tuple(int(a * (1 - t) + b * t) for a, b in zip(top, bottom)))
    surface = pygame.transform.scale(column, (w, h))
    return surface.convert() if pygame.display.get_surface() else surface


@dataclass
class MenuItem:
    label: str
    on_select: Callable[[], None] | None = None
    detail: str = ""
    enabled: bool = True
    # For option items: current value text and a change(step) callback for left/right.
    value: Callable[[], str] | None = None
    on_change: Callable[[int], None] | None = None


@dataclass
class Menu:
    """A vertical menu: up/down (or pointer) to focus, confirm/click to select, left/right to change."""

    items: list[MenuItem]
    center_x: int
    top: int
    width: int = 520
    row_height: int = 64
    focus: int = 0
    rects: list[pygame.Rect] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rects = [pygame.Rect(self.center_x - self.width // 2, self.top + i * self.row_height,
                                  self.width, self.row_height - 10) for i in range(len(self.items))]
        self._skip_disabled(1)

    def _skip_disabled(self, step: int) -> None:
        for _ in range(len(self.items)):
            if self.items[self.focus].enabled:
                return
            self.focus = (self.focus + step) % len(self.items)

    def handle(self, action: inp.Action) -> bool:
        """React to an action; True if the menu used it."""
        name = action.name
        if name in (inp.UP, inp.DOWN):
            step = -1 if name == inp.UP else 1
            self.focus = (self.focus + step) % len(self.items)
            self._skip_disabled(step)
            return True
        item = self.items[self.focus]
        if name in (inp.LEFT, inp.RIGHT) and item.on_change:
            item.on_change(-1 if name == inp.LEFT else 1)
            return True
        if name == inp.POINT and action.pos:
            for index, rect in enumerate(self.rects):
                if rect.collidepoint(action.pos) and self.items[index].enabled:
                    self.focus = index
            return False
        if name == inp.CLICK and action.pos:
            for index, rect in enumerate(self.rects):
                if rect.collidepoint(action.pos) and self.items[index].enabled:
                    self.focus = index
                    chosen = self.items[index]
                    if chosen.on_change:
                        chosen.on_change(-1 if action.pos[0] < rect.centerx else 1)
                    elif chosen.on_select:
                        chosen.on_select()
                    return True
            return False
        if name == inp.CONFIRM and item.enabled:
            if item.on_select:
                item.on_select()
            elif item.on_change:
                item.on_change(1)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Blit the menu, re-drawn into a cached layer only when focus, labels or values change."""
        key = self.key()
        if key != self._key or self._layer is None:
            self._key = key
            area = self.rects[0].unionall(self.rects[1:]).inflate(8, 16) if self.rects else pygame.Rect(0, 0, 1, 1)
            self._layer_pos = area.topleft
            self._layer = pygame.Surface(area.size, pygame.SRCALPHA)
            self._draw_items(self._layer, (-area.left, -area.top), key[1])
            if pygame.display.get_surface() is not None:
                self._layer = self._layer.convert_alpha()     # the display's format: the fast blit
        surface.blit(self._layer, self._layer_pos)
        item = self.items[self.focus]
        if item.detail:
            draw_text(surface, item.detail, (self.center_x, self.rects[-1].bottom + 24), "small",
                      theme.TEXT_DIM, "midtop")

    def key(self) -> tuple:
        """What the menu shows (focus, labels, values): a screen may cache its drawing by it."""
        return (self.focus, tuple((item.label, item.enabled, item.value() if item.value else None)
                                  for item in self.items))

    # the cached layer (plain class attributes, not dataclass fields)
    _key = None
    _layer = None
    _layer_pos = (0, 0)

    def _draw_items(self, surface: pygame.Surface, offset: tuple[int, int], shown: tuple) -> None:
        for index, ((label, enabled, value), rect) in enumerate(zip(shown, self.rects)):
            rect = rect.move(offset)
            focused = index == self.focus
            fill = theme.ACCENT if focused else theme.PANEL
            colour = theme.BG if focused else (theme.TEXT if enabled else theme.TEXT_DIM)
            panel(surface, rect, fill=fill, edge=theme.ACCENT if focused else theme.PANEL_EDGE, radius=12)
            if value is not None:
                draw_text(surface, label, (rect.left + 24, rect.centery), "body", colour, "midleft", bold=focused)
                draw_text(surface, f"< {value} >", (rect.right - 24, rect.centery), "body", colour, "midright")
            else:
                draw_text(surface, label, rect.center, "large" if focused else "body", colour, "center", bold=focused)


def draw_hints(surface: pygame.Surface, mapper: inp.InputMapper, hints: list[tuple[str, str]]) -> None:
    """The bottom hint bar, named for the device the player used last (cached: one blit a frame)."""
    if not hints:
        return
    keys = tuple((mapper.hint(action_name), meaning) for action_name, meaning in hints)
    surface.blit(_hint_bar(keys), (0, theme.HEIGHT - 40))


@lru_cache(maxsize=64)
def _hint_bar(keys: tuple[tuple[str, str], ...]) -> pygame.Surface:
    bar = pygame.Surface((theme.WIDTH, 40))
    bar.fill(theme.SHADOW)
    x, middle = 24, 20
    for key, meaning in keys:
        if not key:
            continue
        key_rect = render_text(key, "small", theme.BG, True).get_rect(midleft=(x + 8, middle))
        pill = key_rect.inflate(16, 8)
        pygame.draw.rect(bar, theme.ACCENT, pill, border_radius=8)
        draw_text(bar, key, pill.center, "small", theme.BG, "center", bold=True)
        label = draw_text(bar, meaning, (pill.right + 8, middle), "small", theme.TEXT_DIM, "midleft")
        x = label.right + 28
    return bar
