"""Text that fits its box by construction: the one text-layout helper every screen uses.

`layout(text, width, height, size)` decides how a text fills a box, in this order:
  1. wrap at word boundaries (a word wider than the box breaks between letters);
  2. if the lines still do not fit, shrink the font step by step down to a floor size;
  3. at the floor, keep the lines that fit and end the last one with "..." (the Layout is
     marked `truncated`; the full text stays available: `draw_fit` registers it so the App
     shows it as a tooltip when the pointer rests on it, and menus show it on focus).

Sizes are nominal theme sizes ("tiny" .. "huge", or a number) as elsewhere in the client; the
font is opened at `em_px(size)` pixels (its em size, the CSS "font-size"). The floor follows
the window: once the logical 1280x720 screen is scaled to the window, no text is drawn with
an em under MIN_SCREEN_PX (12) real pixels, so on an 800x480 Pi screen (scale 0.625) every
font is at least 20 logical pixels. `font()` applies that floor to every text in the client,
including texts drawn without a box.

Cost is linear in the text and capped: a text is first cut to what the box could show at the
floor size (at most `width // 2` characters per line, no glyph advance being under 2 px), then
measured once with Font.metrics and wrapped by prefix sums; each produced line is checked once
with Font.size for kerning. A 300,000-character title lays out in about a millisecond
(`python main.py bench text` measures it). Layouts, fonts and rendered lines sit in bounded
LRU caches.

For tests, `record()` collects every text drawn through this module (its ink rectangle, the
box it was given and the surface it was drawn on), so a test can assert nothing leaves its box
or overlaps another text.
"""
from __future__ import annotations

import math
import os
import time
import weakref
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

import pygame

from game.client import text_memo, theme
from game.core.cache import LRU, surface_bytes

MIN_SCREEN_PX = 12          # smallest em, in real window pixels, of any text
ELLIPSIS = "..."
SHRINK_STEP = 0.9           # each shrink step multiplies the em size by this

_scale = 1.0                # window pixels per logical pixel (set by the App)


# ---------------------------------------------------------------- sizes and the floor
def set_display_scale(scale: float) -> None:
    """Tell the text module how much the logical screen is scaled in the window (App does this)."""
    global _scale
    scale = float(scale) if scale and scale > 0 else 1.0
    if scale != _scale:
        _scale = scale
        reset_caches()


def display_scale() -> float:
    return _scale


def min_em() -> int:
    """The smallest em (logical pixels) that is still MIN_SCREEN_PX once scaled to the window."""
    return math.ceil(MIN_SCREEN_PX / _scale - 1e-9)


def nominal_em(size: str | int) -> int:
    """The em a theme size asks for, before the floor ("body" -> 35: pygame's default font runs small)."""
    px = theme.FONT_SIZES.get(size, 28) if isinstance(size, str) else size
    return max(1, int(px * 1.25))


def em_px(size: str | int) -> int:
    """The em actually used for `size`: the nominal em, raised to the window's floor."""
    return max(nominal_em(size), min_em())


def compact() -> bool:
    """True when the window is small enough that screens should use their compact layout."""
    return _scale < 0.8


@lru_cache(maxsize=1)
def _bundled_font_file() -> str | None:
    """pygame's own font (the one `Font(None)` opens) by its path; None where it is not a file.

    `Font(None)` finds it through importlib.resources and hands SDL a Python file object: the
    first font imports importlib.readers and zipfile, and every font costs ~0.5 ms more to open
    (issue 26: the first frame opens 10-15 sizes). By its path SDL opens the same file itself.
    """
    path = os.path.join(os.path.dirname(pygame.__file__), pygame.font.get_default_font())
    return path if os.path.isfile(path) else None


DEFAULT_FONT_SCALE = 0.6875     # pygame opens Font(None, size) at this share of `size` (pygame's font.c)


def font_points(em: int) -> int:
    """The point size pygame opens for an em of `em` pixels (`Font(None, em)` and `new_font`)."""
    return max(1, int(em * DEFAULT_FONT_SCALE))


def new_font(em: int) -> pygame.font.Font:
    """pygame's bundled font as `Font(None, em)` opens it, uncached (`font()` is the cached one
    with the floor): by its path, at the size pygame would use, so every glyph is the same."""
    path = _bundled_font_file()
    if path is None:
        return pygame.font.Font(None, em)
    return pygame.font.Font(path, font_points(em))


class Face:
    """pygame's font at one em and weight: what `font()` returns.

    Its answers (render, size, metrics, line size...) come from the last start's table
    (game.client.text_memo) while that has them, so a start that draws what the last one drew
    opens no font and loads no glyph before its first frame; the real font is opened at the
    first question the table cannot answer. Everything else is the real font's own."""

    __slots__ = ("em", "bold", "points", "_font")

    def __init__(self, em: int, bold: bool) -> None:
        self.em, self.bold, self.points = em, bold, font_points(em)
        self._font: pygame.font.Font | None = None

    def real(self) -> pygame.font.Font:
        if self._font is None:
            self._font = new_font(self.em)
            self._font.set_bold(self.bold)
        return self._font

    def alive(self) -> bool:
        """False when the font module was quit since the real font was opened ("Invalid font")."""
        if self._font is None:
            return True
        try:
            self._font.get_height()
        except pygame.error:
            return False
        return True

    def render(self, text, antialias, color, bgcolor=None, wraplength=0) -> pygame.Surface:
        if antialias is True and bgcolor is None and not wraplength and type(text) is str:
            return text_memo.render(self.real, self.points, self.bold, text, tuple(color))
        return self.real().render(text, antialias, color, bgcolor, wraplength)

    def size(self, text: str) -> tuple[int, int]:
        return text_memo.ask(self.real, self.points, self.bold, "size", text)

    def metrics(self, text: str) -> list:
        return text_memo.ask(self.real, self.points, self.bold, "metrics", text)

    def get_linesize(self) -> int:
        return text_memo.ask(self.real, self.points, self.bold, "get_linesize")

    def get_height(self) -> int:
        return text_memo.ask(self.real, self.points, self.bold, "get_height")

    def get_ascent(self) -> int:
        return text_memo.ask(self.real, self.points, self.bold, "get_ascent")

    def get_descent(self) -> int:
        return text_memo.ask(self.real, self.points, self.bold, "get_descent")

    def __getattr__(self, name: str):
        return getattr(self.real(), name)


def face(em: int, bold: bool = False) -> Face:
    """The cached font of exactly `em` pixels (no floor: a title's big letters)."""
    return _font_em(em, bool(bold))


def begin_start(name: str) -> None:
    """Answer fonts from the table the last start `name` wrote, and record this start's (the App)."""
    text_memo.begin(name, _bundled_font_file())


def end_start(wait: bool = False) -> None:
    """The first frame is drawn: keep what this start asked for the next one (the App); with
    `wait`, the program is ending: the table is on disk when this returns."""
    text_memo.end()
    if wait:
        text_memo.wait()


@lru_cache(maxsize=64)
def _new_font_em(em: int, bold: bool) -> Face:
    return Face(em, bold)


def _font_em(em: int, bold: bool) -> Face:
    """The font of `em` pixels, made again when the font module was quit since it was opened
    (a second App in one process, the host drawing phone card art after a closed App): a font
    kept across pygame.quit() raised "Invalid font" at its next use."""
    f = _new_font_em(em, bold)
    if not f.alive():
        reset_caches()                 # every cached font and line is from the dead module
        f = _new_font_em(em, bold)
    return f


def font(size: str | int = "body", bold: bool = False) -> Face:
    return _font_em(em_px(size), bool(bold))


RENDER_CACHE_LINES = 2048
RENDER_CACHE_BYTES = 16 << 20     # long lines are wide surfaces: bound the bytes, not only the count
_rendered = LRU(RENDER_CACHE_LINES, max_bytes=RENDER_CACHE_BYTES, sizeof=surface_bytes)


def _render_em(text: str, em: int, colour, bold: bool) -> pygame.Surface:
    key = (text, em, colour, bold)
    surface = _rendered.get(key)
    if surface is None:
        surface = _rendered[key] = _font_em(em, bold).render(text, True, colour)
    return surface


def render(text: str, size: str | int = "body", colour=theme.TEXT, bold: bool = False) -> pygame.Surface:
    """`text` rendered once (cached) in `size` with the window's floor applied."""
    return _render_em(text, em_px(size), tuple(colour), bool(bold))


def reset_caches() -> None:
    """Forget fonts, rendered lines and layouts (after pygame.quit() or a change of window scale)."""
    _new_font_em.cache_clear()
    _rendered.clear()
    _layout_em.cache_clear()
    _layer_cuts.clear()



# ---------------------------------------------------------------- layout
@dataclass(frozen=True)
class Layout:
    lines: tuple[str, ...]
    em: int                  # font em used (logical pixels)
    bold: bool
    line_height: int
    spacing: int
    width: int               # widest line, pixels
    height: int              # all lines with spacing, pixels
    truncated: bool          # some text was replaced by "..."
    full_text: str           # what the box was asked to show (for the tooltip; at most what the box could hold)

    @property
    def font(self) -> Face:
        return _font_em(self.em, self.bold)


def _advances(f: pygame.font.Font, text: str) -> list[int]:
    """Prefix sums of glyph advances: width of text[i:j] ~ sums[j] - sums[i] (checked later)."""
    sums = [0]
    total = 0
    for ch, metric in zip(text, f.metrics(text)):
        total += metric[4] if metric is not None else f.size(ch)[0]
        sums.append(total)
    return sums


def _shorten_to(f: pygame.font.Font, line: str, width: int) -> str:
    """Drop characters from the end until Font.size agrees the line fits (kerning, rounding)."""
    while line and f.size(line)[0] > width:
        line = line[:-1]
    return line


def _min_advance(f: pygame.font.Font, text: str) -> int:
    """The narrowest glyph advance among the characters of `text` (at least 1)."""
    chars = "".join(sorted(set(text))) or " "     # sorted: the same question at every start (text_memo)
    return max(1, min((m[4] for m in f.metrics(chars) if m is not None), default=1))


def _break(text: str, start: int, end: int, n: int) -> int:
    """Where a line from `start` that fits up to `end` breaks: at the last space before a cut
    word, else at `end` (a word longer than the line is split there)."""
    if end < n and text[end] != " ":
        space = text.rfind(" ", start, end)
        if space > start:
            return space
    return end


SPACES_TRIED = 3       # spaces tried right to left before a line's end is searched glyph by glyph


def _last_fitting_space(f: pygame.font.Font, text: str, start: int, before: int, width: int,
                        widths: dict[str, int] | None) -> int | None:
    """The last of the SPACES_TRIED spaces before `before` where the line from `start` fits;
    None when none of them does (the caller searches glyph by glyph)."""
    space = text.rfind(" ", start, before)
    for _ in range(SPACES_TRIED):
        if space <= start:
            return None
        if _line_width(f, text[start:space].rstrip(), widths) <= width:
            return space
        space = text.rfind(" ", start, space)
    return None


def _line_width(f: pygame.font.Font, line: str, widths: dict[str, int] | None) -> int:
    """Font.size(line)[0], kept in `widths` (the layout measures its widest line again)."""
    if widths is None:
        return f.size(line)[0]
    if line not in widths:
        widths[line] = f.size(line)[0]
    return widths[line]


def _wrap_paragraph(f: pygame.font.Font, text: str, width: int, limit: int, splits: list[int],
                    widths: dict[str, int] | None = None) -> list[str]:
    """Greedy word wrap of one paragraph; stops after `limit` lines (the rest cannot show).

    Only the start of the paragraph that `limit` lines could hold is measured. A word split
    between letters (wider than the box) is counted in `splits`; lines measured go in `widths`.
    """
    if not text.strip():
        return [""]
    reach = (width // _min_advance(f, text) + 2) * (limit + 1)
    if len(text) > reach:
        text = text[:reach]
    sums = _advances(f, text)
    n = len(text)
    lines: list[str] = []
    start = 0
    while start < n and len(lines) < limit:
        while start < n and text[start] == " ":
            start += 1
        if start >= n:
            break
        # furthest end such that text[start:end] fits (prefix sums are monotone)
        end = start
        lo, hi = start + 1, n
        while lo <= hi:
            mid = (lo + hi) // 2
            if sums[mid] - sums[start] <= width:
                end, lo = mid, mid + 1
            else:
                hi = mid - 1
        if end == start:              # not even one glyph fits: put one anyway
            end = start + 1
        # The line as it will break (at the last space that the advances let in) is measured
        # with Font.size; if the advances under-counted it (kerning, overhang), the spaces before
        # are tried, right to left, and only then the end searched glyph by glyph. The lines are
        # the ones a glyph-by-glyph search gives, for about one Font.size call a line instead of
        # six to eight for lines filled to the edge: each call shapes the text (issue 26).
        broken = _break(text, start, end, n)
        if end > start + 1 and _line_width(f, text[start:broken].rstrip(), widths) > width:
            broken = _last_fitting_space(f, text, start, broken, width, widths)
            if broken is None:
                lo, hi = start + 1, end - 1
                end = start + 1
                while lo <= hi:
                    mid = (lo + hi) // 2
                    if f.size(text[start:mid].rstrip())[0] <= width:
                        end, lo = mid, mid + 1
                    else:
                        hi = mid - 1
                broken = _break(text, start, end, n)
        if broken == end and end < n and text[end] != " " and end > start:
            splits.append(start)      # no space to break at: the long word is split
        lines.append(text[start:broken].rstrip())
        start = broken
    if start < n and text[start:].strip():
        lines.append(text[start:])    # marker for "more text": the caller truncates
    return lines


def wrap(text: str, width: int, f: pygame.font.Font, limit: int = 1 << 30,
         splits: list[int] | None = None, widths: dict[str, int] | None = None) -> list[str]:
    """Lines of at most `width` pixels (paragraphs kept); at most `limit` + 1 lines are produced."""
    lines: list[str] = []
    splits = [] if splits is None else splits
    for paragraph in text.split("\n"):
        if len(lines) > limit:
            break
        lines.extend(_wrap_paragraph(f, paragraph, width, limit + 1 - len(lines), splits, widths))
    return lines


def ellipsize(f: pygame.font.Font, line: str, width: int) -> str:
    """The longest start of `line` that fits `width` with "..." after it, ending on a whole word if it can."""
    room = width - f.size(ELLIPSIS)[0]
    if room <= 0:
        return _shorten_to(f, ELLIPSIS, width)
    sums = _advances(f, line)
    keep = 0
    lo, hi = 0, len(line)
    while lo <= hi:
        mid = (lo + hi) // 2
        if sums[mid] <= room:
            keep, lo = mid, mid + 1
        else:
            hi = mid - 1
    if keep < len(line) and line[keep] != " ":
        space = line.rfind(" ", 0, keep)
        if space >= keep * 0.6:        # end on a whole word unless that throws away too much
            keep = space
    return _shorten_to(f, line[:keep].rstrip() + ELLIPSIS, width)


def _capacity(width: int, height: int, floor_em: int, wrap_lines: bool) -> int:
    """How many characters the box could possibly show at the floor size (no glyph under 2 px)."""
    per_line = max(1, width // 2) + 1
    if not wrap_lines:
        return per_line
    line_h = max(1, _font_em(floor_em, False).get_linesize())
    return per_line * (max(1, height // line_h) + 1)


def _finish(f, lines: list[str], em: int, bold: bool, line_h: int, spacing: int, truncated: bool,
            text: str, widths: dict[str, int] | None = None) -> Layout:
    widest = max((_line_width(f, line, widths) for line in lines), default=0)
    total = len(lines) * line_h + (len(lines) - 1) * spacing
    return Layout(tuple(lines), em, bold, line_h, spacing, widest, total, truncated, text)


@lru_cache(maxsize=1024)
def _layout_em(text: str, width: int, height: int, em: int, floor_em: int, wrap_lines: bool, bold: bool,
               spacing: int) -> Layout:
    width = max(1, width)
    cap = _capacity(width, height, floor_em, wrap_lines)
    clipped = len(text) > cap
    body = text[:cap] if clipped else text
    if not wrap_lines:
        body = " ".join(body.split("\n"))
    sizes: list[int] = []
    size = em if not clipped else floor_em     # more than the floor size can show: no size will fit
    while size > floor_em:
        sizes.append(size)
        size = max(floor_em, min(size - 1, int(size * SHRINK_STEP)))
    sizes.append(floor_em)
    fallback: Layout | None = None       # the first size that fits by splitting a long word
    for index, size in enumerate(sizes):
        f = _font_em(size, bold)
        line_h = f.get_linesize()
        max_lines = max(1, (height + spacing) // (line_h + spacing)) if wrap_lines else 1
        last = index == len(sizes) - 1
        splits: list[int] = []
        widths: dict[str, int] = {}      # lines measured at this size
        lines = wrap(body, width, f, max_lines, splits, widths) if wrap_lines else [body]
        fits = len(lines) <= max_lines and not clipped and (wrap_lines or _line_width(f, body, widths) <= width)
        if fits and splits and not last:
            fallback = fallback or _finish(f, lines, size, bold, line_h, spacing, False, text, widths)
            continue                  # a smaller size may keep every word whole
        if fits:
            return _finish(f, lines, size, bold, line_h, spacing, False, text, widths)
        if last:
            if fallback is not None:
                return fallback
            kept = lines[:max_lines]
            more = " " + lines[max_lines] if len(lines) > max_lines else ""
            kept[-1] = ellipsize(f, (kept[-1] + more).strip() if wrap_lines else body, width)
            return _finish(f, kept, size, bold, line_h, spacing, True, text)
    raise AssertionError("unreachable")  # pragma: no cover


def layout(text: str, width: int, height: int, size: str | int = "body", *, min_size: str | int | None = None,
           wrap: bool = True, bold: bool = False, spacing: int = 2) -> Layout:
    """How `text` fits a width x height box: wrapped, shrunk to the floor, then ellipsised."""
    em = em_px(size)
    floor_em = min(em, em_px(min_size) if min_size is not None else max(min_em(), min(em, nominal_em("tiny"))))
    text = str(text)
    cap = _capacity(max(1, int(width)), int(height), floor_em, bool(wrap))
    if len(text) > cap + 1:
        text = text[:cap + 1]      # what the box can show, and one more to know it was cut (keeps cache keys small)
    return _layout_em(text, int(width), int(height), em, floor_em, bool(wrap), bool(bold), int(spacing))


# ---------------------------------------------------------------- drawing, tooltips, recording
@dataclass
class TextRecord:
    """One text drawn: its ink rectangle and the box it had to stay in, on `target`."""

    text: str
    ink: pygame.Rect
    box: pygame.Rect
    target: pygame.Surface
    em: int
    layer: int


class Recorder:
    def __init__(self) -> None:
        self.records: list[TextRecord] = []
        self.layer = 0

    def new_layer(self) -> None:
        """Texts in different layers (a scene and the overlay above it) may overlap."""
        self.layer += 1


_recorder: Recorder | None = None
_hover: list[tuple[pygame.Rect, str]] = []      # truncated texts drawn on the display this frame
_focus: list[tuple[pygame.Rect, str]] = []      # ... of them, the ones that have the keyboard focus
# Truncated texts drawn into screen-sized cached layers (a HUD redrawn only when it changes):
# (surface id, box) -> (surface ref, rect, full text, ref to the scene that drew it)
_layer_cuts: dict[tuple[int, tuple[int, int, int, int]], tuple] = {}
_drawing_scene: weakref.ref | None = None
MAX_LAYER_CUTS = 512


@contextmanager
def record() -> Iterator[Recorder]:
    """Collect every text drawn through this module while the block runs (tests)."""
    global _recorder
    previous, _recorder = _recorder, Recorder()
    try:
        yield _recorder
    finally:
        _recorder = previous


def note(surface: pygame.Surface, text: str, image: pygame.Surface, rect: pygame.Rect,
         box: pygame.Rect | None, em: int) -> None:
    """Record a drawn text (only while `record()` is active)."""
    if _recorder is None:
        return
    ink = image.get_bounding_rect().move(rect.topleft)
    if ink.width == 0 or ink.height == 0:
        return
    _recorder.records.append(TextRecord(text, ink, pygame.Rect(box) if box is not None else surface.get_rect(),
                                        surface, em, _recorder.layer))


def new_layer(scene=None) -> None:
    """The next texts belong to a new layer: `scene` draws them (the scene stack calls this)."""
    global _drawing_scene
    _drawing_scene = weakref.ref(scene) if scene is not None else None
    if _recorder is not None:
        _recorder.new_layer()


def forget(surface: pygame.Surface, region: pygame.Rect) -> None:
    """A cached layer's `region` is being cleared: its shortened texts are gone (call before redrawing)."""
    region = pygame.Rect(region)
    for key in [k for k in _layer_cuts if k[0] == id(surface) and region.colliderect(k[1])]:
        del _layer_cuts[key]


def drawing_scene():
    """The scene whose draw() is running (set by the scene stack), or None."""
    return _drawing_scene() if _drawing_scene is not None else None


def _note_cut(surface: pygame.Surface, box: pygame.Rect, used: pygame.Rect, lay: Layout, focused: bool) -> None:
    """Remember a shortened text so the App can show it whole under the pointer (or while focused)."""
    display = pygame.display.get_surface()
    if display is None:
        return
    if surface is display:
        if lay.truncated:
            _hover.append((used.copy(), lay.full_text))
            if focused:
                _focus.append((used.copy(), lay.full_text))
        return
    if surface.get_size() != display.get_size():
        return                        # a sprite or card surface: its screen position is unknown
    for key in [k for k in _layer_cuts if k[0] == id(surface) and box.colliderect(k[1])]:
        del _layer_cuts[key]          # this part of the layer was drawn again
    if lay.truncated:
        if len(_layer_cuts) >= MAX_LAYER_CUTS:
            del _layer_cuts[next(iter(_layer_cuts))]
        _layer_cuts[(id(surface), tuple(box))] = (weakref.ref(surface), used.copy(), lay.full_text, _drawing_scene,
                                                  focused)


def note_cut(surface: pygame.Surface, box: pygame.Rect, used: pygame.Rect, lay: Layout, focused: bool) -> None:
    """A text laid out as `lay` shows on `surface` in `used` (box `box`), blitted from a cached
    layer: register it like draw_fit would, so its full text stays on hover or focus."""
    _note_cut(surface, pygame.Rect(box), pygame.Rect(used), lay, focused)


def begin_frame() -> None:
    _hover.clear()
    _focus.clear()


def _align_x(box: pygame.Rect, width: int, align: str) -> int:
    if align == "center":
        return box.centerx - width // 2
    if align == "right":
        return box.right - width
    return box.left


def draw_fit(surface: pygame.Surface, text: str, box, size: str | int = "body", colour=theme.TEXT, *,
             align: str = "left", valign: str = "top", wrap: bool = True, min_size: str | int | None = None,
             bold: bool = False, shadow: bool = False, spacing: int = 2, focused: bool = False) -> pygame.Rect:
    """Draw `text` inside `box` (wrapped, shrunk or ellipsised); returns the rectangle it used.

    align: left/center/right; valign: top/middle/bottom. A truncated text registers its full
    version so the App can show it as a tooltip under the pointer, or next to it while it has
    the keyboard/gamepad focus (`focused`).
    """
    box = pygame.Rect(box)
    lay = layout(text, box.width, box.height, size, min_size=min_size, wrap=wrap, bold=bold, spacing=spacing)
    if valign == "middle":
        y = box.centery - lay.height // 2
    elif valign == "bottom":
        y = box.bottom - lay.height
    else:
        y = box.top
    used = pygame.Rect(box.left, y, 0, 0)
    colour = tuple(colour)
    for index, line in enumerate(lay.lines):
        image = _render_em(line, lay.em, colour, lay.bold)
        rect = image.get_rect(topleft=(_align_x(box, image.get_width(), align), y))
        if shadow:
            surface.blit(_render_em(line, lay.em, theme.SHADOW, lay.bold), rect.move(2, 3))
        surface.blit(image, rect)
        note(surface, line, image, rect, box, lay.em)
        used = rect if index == 0 else used.union(rect)
        y += lay.line_height + lay.spacing
    _note_cut(surface, box, used, lay, focused)
    return used


def truncated_at(pos: tuple[int, int] | None, scenes=None) -> str | None:
    """The full text of a shortened text shown under `pos`, if any.

    Texts drawn on the display this frame count, and texts in cached screen-sized layers
    drawn by one of `scenes` (the scenes shown this frame) whose layer is still alive.
    """
    if pos is None:
        return None
    for rect, full in reversed(_hover):
        if rect.collidepoint(pos):
            return full
    if scenes:
        shown = {id(scene) for scene in scenes}
        for surface_ref, rect, full, scene_ref, _focused in reversed(list(_layer_cuts.values())):
            scene = scene_ref() if scene_ref is not None else None
            if surface_ref() is not None and scene is not None and id(scene) in shown and rect.collidepoint(pos):
                return full
    return None


def draw_tooltip(surface: pygame.Surface, full_text: str, pos: tuple[int, int]) -> pygame.Rect:
    """A box with the full text near `pos`, kept on screen."""
    area = surface.get_rect()
    width = min(560, area.width - 16)
    lay = layout(full_text, width - 20, area.height // 2, "small")
    box = pygame.Rect(0, 0, lay.width + 20, lay.height + 16)
    box.topleft = (pos[0] + 16, pos[1] + 20)
    if box.bottom > area.bottom - 4:
        box.bottom = pos[1] - 8
    box.clamp_ip(area.inflate(-8, -8))
    pygame.draw.rect(surface, theme.SHADOW, box, border_radius=8)
    pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=8)
    draw_fit(surface, full_text, box.inflate(-20, -16), "small")
    return box


def draw_hover_tooltip(surface: pygame.Surface, pos: tuple[int, int] | None, scenes=None) -> pygame.Rect | None:
    """The tooltip of the shortened text under `pos`, if any; the rectangle it covers."""
    full = truncated_at(pos, scenes)
    if full is not None and pos is not None:
        return draw_tooltip(surface, full, pos)
    return None


def focused_cut(scenes=None) -> tuple[pygame.Rect, str] | None:
    """(where, full text) of the focused text that was cut short, if one is shown."""
    if _focus:
        return _focus[-1]
    if scenes:
        shown = {id(scene) for scene in scenes}
        for surface_ref, rect, full, scene_ref, focused in reversed(list(_layer_cuts.values())):
            scene = scene_ref() if scene_ref is not None else None
            if focused and surface_ref() is not None and scene is not None and id(scene) in shown:
                return rect, full
    return None


def draw_focus_tooltip(surface: pygame.Surface, scenes=None) -> pygame.Rect | None:
    """The whole of the focused text that was cut short, just below it (keyboard and gamepad);
    the rectangle it covers, if one was drawn."""
    found = focused_cut(scenes)
    if found is not None:
        rect, full = found
        return draw_tooltip(surface, full, (rect.left - 16, rect.bottom - 16))
    return None


def bench_main(argv: list[str]) -> int:  # pragma: no cover - `python main.py bench text`
    """Time the layout of 300,000-character texts (the cap keeps it to milliseconds)."""
    import argparse

    argparse.ArgumentParser(prog="main.py bench text", description=bench_main.__doc__).parse_args(argv)
    _measure()
    return 0


def _measure() -> None:  # pragma: no cover - a manual benchmark: python -m game.client.text
    pygame.font.init()
    title = ("Robo Run: the very long scenario title " * 8000)[:300_000]
    word = "x" * 300_000
    for label, text, size, box in (("title, one line", title, "large", (600, 60)),
                                   ("title, wrapped", title, "large", (600, 120)),
                                   ("word, wrapped", word, "body", (600, 400))):
        layout(text[1:], box[0], box[1], size, wrap=box[1] > 60)     # opens the fonts once
        _layout_em.cache_clear()                                      # ... but measures a real layout
        started = time.perf_counter()
        lay = layout(text, box[0], box[1], size, wrap=box[1] > 60)
        spent = (time.perf_counter() - started) * 1000
        print(f"300,000-character {label}: {spent:.2f} ms -> {len(lay.lines)} lines, em {lay.em}, "
              f"truncated={lay.truncated}")


if __name__ == "__main__":  # pragma: no cover
    _measure()
