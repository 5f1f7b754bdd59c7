"""Drawing helpers and small widgets shared by every screen.

Text is rendered once and cached (re-rendering text every frame is the classic slow path on
a Raspberry Pi); panels are plain rounded rectangles; Menu is a vertical list that works
the same with keys, mouse and gamepad.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

import pygame

from game.client import input as inp
from game.client import text as text_layout
from game.client import theme


def font(size: str | int = "body", bold: bool = False) -> pygame.font.Font:
    """The font for a theme size, never under the window's floor (see game.client.text)."""
    return text_layout.font(size, bold)


def render_text(text: str, size: str | int = "body", colour=theme.TEXT, bold: bool = False) -> pygame.Surface:
    return text_layout.render(text, size, colour, bold)


def darken(surface: pygame.Surface, alpha: int) -> None:
    """Dim what is drawn so far as a black layer of opacity `alpha` would (within one level of
    each colour): one multiplying fill, without a full-screen translucent layer to make at start-up
    (3.7 MB of fresh memory, ~10 ms here) and blend every frame (2x slower than the fill)."""
    keep = 255 - alpha
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_MULT)


SHADE_ROWS = 24      # rows of the translucent strip `shade` blends down the screen


def shade(surface: pygame.Surface, rgba) -> None:
    """Blend a translucent colour over all of `surface`, pixel for pixel as blitting a
    full-screen layer of that colour does, from one small cached strip: no full-screen
    translucent layer made at start-up or in a frame (3.7 MB of fresh memory, ~3.5 ms of page
    faults here each time)."""
    width, height = surface.get_size()
    strip = _shade_strip(width, tuple(rgba))
    for top in range(0, height, SHADE_ROWS):
        surface.blit(strip, (0, top))


@lru_cache(maxsize=8)
def _shade_strip(width: int, rgba: tuple) -> pygame.Surface:
    strip = pygame.Surface((width, SHADE_ROWS), pygame.SRCALPHA)
    strip.fill(rgba)
    return strip


def reset_caches() -> None:
    """Forget cached fonts and text: they die with pygame.quit(), and a new App re-inits pygame."""
    text_layout.reset_caches()
    _hint_bar.cache_clear()
    _shade_strip.cache_clear()


# callers written when these were lru_caches clear them directly
font.cache_clear = text_layout.reset_caches            # type: ignore[attr-defined]
render_text.cache_clear = text_layout.reset_caches     # type: ignore[attr-defined]


def draw_text(surface: pygame.Surface, text: str, pos: tuple[int, int], size: str | int = "body",
              colour=theme.TEXT, anchor: str = "topleft", bold: bool = False, shadow: bool = False,
              box: pygame.Rect | None = None) -> pygame.Rect:
    """One line at `pos`. Text that may not fit should use draw_fit (or pass `box` to be checked)."""
    image = render_text(text, size, tuple(colour), bold)
    rect = image.get_rect(**{anchor: pos})
    if shadow:
        surface.blit(render_text(text, size, theme.SHADOW, bold), rect.move(2, 3))
    surface.blit(image, rect)
    text_layout.note(surface, text, image, rect, box, text_layout.em_px(size))
    return rect


draw_fit = text_layout.draw_fit


def wrap_text(text: str, width: int, size: str | int = "body") -> list[str]:
    """Split text into lines that fit `width` pixels (paragraphs kept); long words are split."""
    return text_layout.wrap(text, width, font(size))


def draw_paragraph(surface, text, rect: pygame.Rect, size="body", colour=theme.TEXT, spacing=4) -> int:
    """Wrap `text` into `rect` (shrinking or ellipsising if it must); returns the y under it."""
    used = draw_fit(surface, text, rect, size, colour, spacing=spacing)
    return max(used.bottom, rect.top) + spacing


def panel(surface: pygame.Surface, rect, fill=theme.PANEL, edge=theme.PANEL_EDGE, radius: int = 14,
          width: int = 2) -> None:
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, theme.SHADOW, rect.move(0, 4), border_radius=radius)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if width:
        pygame.draw.rect(surface, edge, rect, width, border_radius=radius)


def opaque_surface(size: tuple[int, int]) -> pygame.Surface:
    """An opaque surface already in the display's pixel format, made in one allocation.

    `Surface(size).convert()` makes it twice: at start-up each full-screen copy costs about
    10 ms of fresh memory pages here (issue 26: the first frame's budget), more on a Pi.
    """
    display = pygame.display.get_surface()
    return pygame.Surface(size, 0, display) if display is not None else pygame.Surface(size)


def vertical_gradient(size: tuple[int, int], top, bottom) -> pygame.Surface:
    """An opaque background surface; build it once and blit it each frame.

    Each run of rows of one colour is one fill of one display-format surface (no numpy, no
    scaled or converted copy: it is on the start-up path).
    """
    surface = opaque_surface(size)
    paint_vertical_gradient(surface, top, bottom)
    return surface


def paint_vertical_gradient(surface: pygame.Surface, top, bottom, area: pygame.Rect | None = None) -> None:
    """Fill `surface` (or only `area` of it) with the gradient from `top` to `bottom` over its
    whole height: a few dozen fills, cheap enough to repaint a cached layer's background instead
    of keeping a full-screen copy of it to blit from."""
    w, h = surface.get_size()
    for colour, y, rows in _gradient_bands(h, tuple(top), tuple(bottom)):
        band = pygame.Rect(0, y, w, rows)
        surface.fill(colour, band if area is None else band.clip(area))


@lru_cache(maxsize=32)
def _gradient_bands(h: int, top: tuple, bottom: tuple) -> tuple[tuple[tuple, int, int], ...]:
    """(colour, first row, rows) of each run of rows of one colour."""
    span = max(1, h - 1)
    bands, start, colour = [], 0, top
    for y in range(1, h + 1):
        t = y / span
        row = tuple(int(a * (1 - t) + b * t) for a, b in zip(top, bottom)) if y < h else None
        if row != colour:
            bands.append((colour, start, y - start))
            start, colour = y, row
    return tuple(bands)


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
                    if action.tap and index == self.focus and self.items[index].on_change \
                            and not self._touch_chose:
                        # a finger lifted on the value row chosen before it touched: every tap
                        # steps it (the tap-again rule made each step two taps: 36 to set an
                        # address part from 2 to 20); a tap that chose the row only chooses
                        self.items[index].on_change(-1 if action.pos[0] < rect.centerx else 1)
                        return True
                    if action.device == "touch" and index != self.focus:
                        self._touch_chose = True
                    self.focus = index
            if action.tap:
                self._touch_chose = False
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
        """Blit the menu, re-drawn into a cached layer only when focus, labels, values or the text
        scale change; the focused item's detail (or its label, when cut short) is drawn under it."""
        key = self.key()
        if key != self._key or self._layer is None:
            self._key = key
            area = self.rects[0].unionall(self.rects[1:]).inflate(8, 16) if self.rects else pygame.Rect(0, 0, 1, 1)
            self._layer_pos = area.topleft
            self._layer = pygame.Surface(area.size, pygame.SRCALPHA)
            self._detail, self._cuts = self._draw_items(self._layer, area.topleft, key[1])
            if pygame.display.get_surface() is not None:
                self._layer = self._layer.convert_alpha()     # the display's format: the fast blit
        surface.blit(self._layer, self._layer_pos)
        for box, used, lay, focused in self._cuts:     # a label cut short: its full text on hover/focus
            text_layout.note_cut(surface, box, used, lay, focused)
        if self._detail:
            area = surface.get_rect()
            top = self.rects[-1].bottom + 12
            box = pygame.Rect(self.center_x - self.width // 2 - 80, top, self.width + 160,
                              max(0, min(80, area.bottom - 44 - top)))
            box = box.clip(area)
            if box.height > 0:
                draw_fit(surface, self._detail, box, "small", theme.TEXT_DIM, align="center")

    def key(self) -> tuple:
        """What the menu shows (focus, labels, values, text scale): a screen may cache its drawing by it."""
        return (self.focus, tuple((item.label, item.enabled, item.value() if item.value else None)
                                  for item in self.items), text_layout.min_em())

    _touch_chose = False        # the finger now on the screen moved the focus (its tap only chooses)

    # the cached layer (plain class attributes, not dataclass fields)
    _key = None
    _layer = None
    _layer_pos = (0, 0)
    _detail = ""
    _cuts = ()

    def _draw_items(self, surface: pygame.Surface, origin: tuple[int, int], shown: tuple) -> tuple[str, list]:
        """Draw the items into `surface`, whose top-left is at `origin` on the screen.

        Returns the focused item's detail line and the labels cut short, as (box, used, layout,
        focused) in screen coordinates.
        """
        detail = ""
        cuts = []
        offset = (-origin[0], -origin[1])
        for index, ((label, enabled, value), item, screen_rect) in enumerate(zip(shown, self.items, self.rects)):
            rect = screen_rect.move(offset)
            focused = index == self.focus
            fill = theme.ACCENT if focused else theme.PANEL
            colour = theme.BG if focused else (theme.TEXT if enabled else theme.TEXT_DIM)
            panel(surface, rect, fill=fill, edge=theme.ACCENT if focused else theme.PANEL_EDGE, radius=12)
            inner = rect.inflate(-40, -6)
            if value is not None:
                value = f"< {value} >"
                value_w = min(font("body").size(value)[0], inner.width // 2)
                value_box = pygame.Rect(inner.right - value_w, inner.top, value_w, inner.height)
                label_box = pygame.Rect(inner.left, inner.top, inner.width - value_w - 16, inner.height)
                draw_fit(surface, value, value_box, "body", colour, align="right", valign="middle", wrap=False)
                lay = text_layout.layout(label, label_box.width, label_box.height, "body", wrap=False,
                                         bold=focused)
                used = draw_fit(surface, label, label_box, "body", colour, valign="middle", wrap=False, bold=focused)
                box = label_box
            else:
                size = "large" if focused else "body"
                lay = text_layout.layout(label, inner.width, inner.height, size, wrap=False, bold=focused)
                used = draw_fit(surface, label, inner, size, colour, align="center", valign="middle", wrap=False,
                                bold=focused)
                box = inner
            if lay.truncated:
                cuts.append((box.move(origin), used.move(origin), lay, focused))
            if focused:
                # a label cut short is shown whole under the menu while focused, with its detail
                detail = (label + (": " if item.detail else "") if lay.truncated else "") + (
                    item.detail if item.detail else "")
        return detail, cuts


# the hint pills of each scene, so a tap on one does what it says: id(scene) -> (scene ref, [(rect, action)])
_hint_targets: dict[int, tuple[weakref.ref, list[tuple[pygame.Rect, str]]]] = {}


RESULTS_HOLD_SECONDS = 1.5     # a game's results stay up this long before a key can leave them


class ResultsHold:
    """Results first, then a deliberate choice (issue 25).

    A player pressing Enter to hurry the last animations along would otherwise press the
    results screen's first item (Play again) before seeing who won. For RESULTS_HOLD_SECONDS
    after the results appear, confirm, click and back do not leave them (`blocks`), and the
    screen leaves its way-out menu undrawn (`ready`) so nothing looks chosen yet. A leaving
    press made during the hold starts it again: a player who keeps pressing Enter through the
    last animations (as a newcomer does) sees the way out only once they stop and look.
    """

    LEAVING = (inp.CONFIRM, inp.CLICK, inp.BACK)

    def __init__(self, seconds: float = RESULTS_HOLD_SECONDS) -> None:
        self.seconds = seconds
        self.left = seconds

    def update(self, dt: float) -> None:
        self.left = max(0.0, self.left - dt)

    @property
    def ready(self) -> bool:
        return self.left <= 1e-9         # 90 steps of 1/60 s leave 3e-16 of 1.5 s

    def blocks(self, action: inp.Action) -> bool:
        """True if `action` must not leave the results yet; such a press restarts the hold."""
        if self.ready or action.name not in self.LEAVING:
            return False
        self.left = self.seconds
        return True


def hint_action_at(pos: tuple[int, int], scenes) -> str | None:
    """The action of the hint pill under `pos` in the top-most shown scene that drew a hint bar."""
    for scene in reversed(list(scenes or [])):
        entry = _hint_targets.get(id(scene))
        if entry is not None and entry[0]() is scene:
            for rect, name in entry[1]:
                if rect.collidepoint(pos):
                    return inp.PAIR_STEP.get(name, name)
            return None
    return None


HINT_BAR_HEIGHT = 40


def hints_shown(app) -> bool:
    """Whether a play screen draws its hint bar: as the "Control hints" setting says, and always
    for a finger, whose only Menu, Back, Undo and Skip buttons are the bar's pills (with hints
    off, a touch screen could not pause or leave Robo Run, ROBOMissions or Robo Rescue)."""
    return bool(app.settings.show_hints) or app.input.last_device == "touch"


def draw_hints(surface: pygame.Surface, mapper: inp.InputMapper, hints: list[tuple[str, str]]) -> None:
    """The bottom hint bar, named for the device the player used last; hints that do not fit are left out.

    Each pill (with its meaning) is also a touch button for its action, see hint_action_at. The
    bar is cached (one blit a frame) by its keys, meanings, width and the text scale.
    """
    if not hints:
        return
    area = surface.get_rect()
    keys = tuple((action_name, mapper.hint(action_name), meaning) for action_name, meaning in hints)
    bar_image, pills = _hint_bar(keys, area.width, text_layout.min_em())
    top = area.height - HINT_BAR_HEIGHT
    surface.blit(bar_image, (0, top))
    scene = text_layout.drawing_scene()
    if scene is not None:
        _hint_targets[id(scene)] = (weakref.ref(scene), [(rect.move(0, top), name) for rect, name in pills])
        for key in [k for k, (ref, _) in _hint_targets.items() if ref() is None]:
            del _hint_targets[key]


@lru_cache(maxsize=64)
def _hint_bar(keys: tuple[tuple[str, str, str], ...], width: int,
              min_em: int) -> tuple[pygame.Surface, list[tuple[pygame.Rect, str]]]:
    """The bar image and its pills' rectangles (bar coordinates) with their actions; min_em keys the text scale."""
    bar_image = pygame.Surface((width, HINT_BAR_HEIGHT))
    bar = bar_image.get_rect()
    bar_image.fill(theme.SHADOW)
    pills: list[tuple[pygame.Rect, str]] = []
    x = 24
    for action_name, key, meaning in keys:
        if not key:
            continue
        key_w, key_h = font("small", True).size(key)
        meaning_w = font("small").size(meaning)[0]
        if x + key_w + 16 + 8 + meaning_w > bar.right - 12:
            break
        pill = pygame.Rect(0, 0, key_w + 16, key_h + 8)
        pill.midleft = (x, bar.centery)
        pygame.draw.rect(bar_image, theme.ACCENT, pill, border_radius=8)
        draw_text(bar_image, key, pill.center, "small", theme.BG, "center", bold=True)
        label = draw_text(bar_image, meaning, (pill.right + 8, bar.centery), "small", theme.TEXT_DIM, "midleft")
        pills.append((pill.union(label).inflate(12, 0).clip(bar), action_name))
        x = label.right + 28
    return bar_image, pills
