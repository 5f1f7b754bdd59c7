"""Draw every Robo Run sprite and the Tiled tileset from code.

Why code and not hand-painted files: the art stays consistent (one palette, one line
weight), is reproducible byte for byte, and a new space kind is one function away.
Run it again whenever the palette or a shape changes:

    .venv/bin/python sprites/generate.py

It writes
  sprites/roborun/*.png                one 64x64 image per space kind, robot, token, spawn
                                       marker, and 64x16 gate / wall bars (horizontal; the
                                       client rotates them for vertical edges)
  levels/tilesets/roborun.png          the same images packed into one atlas
  levels/tilesets/roborun.tsx          the Tiled tileset: one tile per atlas cell, carrying
                                       the properties the level loader reads

Style: a factory floor seen from above; bold shapes with dark outlines, high contrast so
it reads on a TV and on a 7-inch screen. Every robot colour also has its own symbol
(green circle, red plus, white triangle, purple diamond, blue square) that appears on the
pawn, its exits and its gates, so colour-blind players can tell them apart.
"""
from __future__ import annotations

import math
import os
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402  (after the headless driver is chosen)

ROOT = Path(__file__).resolve().parent.parent
SPRITE_DIR = ROOT / "sprites" / "roborun"
TILESET_DIR = ROOT / "levels" / "tilesets"
T = 64            # tile size in pixels
ATLAS_COLUMNS = 8

# ---------------------------------------------------------------- palette
INK = (22, 24, 30)
FLOOR = (92, 100, 112)
FLOOR_LINE = (74, 81, 92)
FLOOR_LIGHT = (112, 120, 132)
RIVET = (130, 138, 150)
VOID = (12, 12, 16)
OUTLINE = (255, 204, 0)          # "interrupting" special spaces get this border
HAZARD_YELLOW = (250, 200, 30)
WHITE = (245, 245, 245)
COLOURS = {
    "green": (46, 190, 90),
    "red": (230, 50, 60),
    "white": (235, 235, 235),
    "purple": (160, 80, 210),
    "blue": (50, 120, 235),
}
DARK = {name: tuple(int(c * 0.45) for c in rgb) for name, rgb in COLOURS.items()}
SYMBOL_OF = {"green": "circle", "red": "plus", "white": "triangle", "purple": "diamond", "blue": "square"}
DIRS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def new_tile(size: tuple[int, int] = (T, T)) -> pygame.Surface:
    return pygame.Surface(size, pygame.SRCALPHA)


def font(size: int) -> pygame.font.Font:
    return pygame.font.Font(None, size)


def text(surface: pygame.Surface, label: str, centre: tuple[float, float], size: int,
         colour=INK, halo=None) -> None:
    """Centred bold text, optionally with a one-pixel halo for contrast."""
    f = font(size)
    f.set_bold(True)
    if halo is not None:
        shadow = f.render(label, True, halo)
        for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2), (-1, -1), (1, 1), (-1, 1), (1, -1)):
            surface.blit(shadow, shadow.get_rect(center=(centre[0] + dx, centre[1] + dy)))
    img = f.render(label, True, colour)
    surface.blit(img, img.get_rect(center=centre))


def symbol(surface: pygame.Surface, colour: str, centre: tuple[float, float], r: float,
           fill=None, line=INK, width: int = 2) -> None:
    """The colour's identity symbol (colour-blind aid), radius r."""
    cx, cy = centre
    fill = COLOURS[colour] if fill is None else fill
    kind = SYMBOL_OF[colour]
    if kind == "circle":
        pygame.draw.circle(surface, fill, centre, r)
        pygame.draw.circle(surface, line, centre, r, width)
        return
    if kind == "plus":
        a, b = r, r * 0.38
        pts = [(cx - b, cy - a), (cx + b, cy - a), (cx + b, cy - b), (cx + a, cy - b), (cx + a, cy + b),
               (cx + b, cy + b), (cx + b, cy + a), (cx - b, cy + a), (cx - b, cy + b), (cx - a, cy + b),
               (cx - a, cy - b), (cx - b, cy - b)]
    elif kind == "triangle":
        pts = [(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)]
    elif kind == "diamond":
        pts = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    else:
        pts = [(cx - r * 0.8, cy - r * 0.8), (cx + r * 0.8, cy - r * 0.8), (cx + r * 0.8, cy + r * 0.8),
               (cx - r * 0.8, cy + r * 0.8)]
    pygame.draw.polygon(surface, fill, pts)
    pygame.draw.polygon(surface, line, pts, width)


def arrow(surface: pygame.Surface, direction: str, colour, centre=(T / 2, T / 2), length: float = 40,
          shaft: float = 10, head: float = 24, line=INK) -> None:
    """A bold arrow pointing in a map direction."""
    dx, dy = DIRS[direction]
    px, py = -dy, dx                          # perpendicular
    cx, cy = centre
    tail = (cx - dx * length / 2, cy - dy * length / 2)
    tip = (cx + dx * length / 2, cy + dy * length / 2)
    neck = (tip[0] - dx * head * 0.8, tip[1] - dy * head * 0.8)
    s, h = shaft / 2, head / 2
    pts = [(tail[0] + px * s, tail[1] + py * s), (neck[0] + px * s, neck[1] + py * s),
           (neck[0] + px * h, neck[1] + py * h), tip, (neck[0] - px * h, neck[1] - py * h),
           (neck[0] - px * s, neck[1] - py * s), (tail[0] - px * s, tail[1] - py * s)]
    pygame.draw.polygon(surface, colour, pts)
    pygame.draw.polygon(surface, line, pts, 2)


# ---------------------------------------------------------------- spaces
def floor() -> pygame.Surface:
    s = new_tile()
    s.fill(FLOOR)
    pygame.draw.rect(s, FLOOR_LIGHT, (2, 2, T - 4, T - 4), 1)
    pygame.draw.rect(s, FLOOR_LINE, (0, 0, T, T), 2)
    for x, y in ((7, 7), (T - 8, 7), (7, T - 8), (T - 8, T - 8)):
        pygame.draw.circle(s, RIVET, (x, y), 2)
    return s


def outlined(s: pygame.Surface) -> pygame.Surface:
    """Mark an interrupting space: its effect happens mid-movement."""
    pygame.draw.rect(s, INK, (0, 0, T, T), 5)
    pygame.draw.rect(s, OUTLINE, (1, 1, T - 2, T - 2), 3)
    return s


def void() -> pygame.Surface:
    s = new_tile()
    s.fill(VOID)
    for i in range(-T, T, 12):
        pygame.draw.line(s, (30, 30, 38), (i, T), (i + T, 0), 3)
    return s


def exit_space(colour: str) -> pygame.Surface:
    s = floor()
    pygame.draw.rect(s, COLOURS[colour], (4, 4, T - 8, T - 8), border_radius=6)
    pygame.draw.rect(s, INK, (4, 4, T - 8, T - 8), 3, border_radius=6)
    for i in range(3):                                   # chevrons "out"
        y = 14 + i * 10
        pygame.draw.lines(s, WHITE if colour != "white" else INK, False,
                          [(18, y + 8), (32, y), (46, y + 8)], 4)
    symbol(s, colour, (32, 50), 8, fill=WHITE)
    return s


def hazard(variant: str) -> pygame.Surface:
    s = floor()
    pygame.draw.rect(s, HAZARD_YELLOW, (3, 3, T - 6, T - 6))
    for i in range(-T, 2 * T, 14):                       # yellow/black warning stripes
        pygame.draw.line(s, INK, (i, 0), (i + T, T), 5)
    inner = pygame.Rect(11, 11, T - 22, T - 22)
    if variant == "shredder":
        pygame.draw.rect(s, (60, 60, 66), inner)
        for row in (22, 40):
            teeth = [(12, row)] + [(12 + k * 5, row + (6 if k % 2 else -6)) for k in range(1, 8)] + [(52, row)]
            pygame.draw.lines(s, (220, 220, 230), False, teeth, 3)
    elif variant == "crusher":
        pygame.draw.rect(s, (40, 40, 46), inner)                       # the pit
        pygame.draw.rect(s, (150, 156, 170), (13, 13, T - 26, 18))     # the press head...
        pygame.draw.rect(s, INK, (13, 13, T - 26, 18), 2)
        for k in range(5):                                               # ...with teeth
            x = 14 + k * 7.4
            pygame.draw.polygon(s, (200, 205, 215), [(x, 31), (x + 7.4, 31), (x + 3.7, 42)])
            pygame.draw.polygon(s, INK, [(x, 31), (x + 7.4, 31), (x + 3.7, 42)], 1)
        for x in (18, 32, 46):                                           # impact marks
            pygame.draw.line(s, (230, 60, 40), (x, 46), (x, 51), 3)
    elif variant == "lava":
        pygame.draw.rect(s, (200, 50, 10), inner)
        for c, r in (((24, 26), 7), ((40, 36), 8), ((27, 44), 5)):
            pygame.draw.circle(s, (255, 170, 30), c, r)
    else:  # acid
        pygame.draw.rect(s, (150, 210, 30), inner)
        for c, r in (((24, 26), 5), ((40, 32), 7), ((28, 44), 4)):
            pygame.draw.circle(s, (220, 255, 120), c, r)
            pygame.draw.circle(s, (70, 110, 10), c, r, 2)
    pygame.draw.rect(s, INK, inner, 2)
    return outlined(s)


def tunnel() -> pygame.Surface:
    s = floor()
    pygame.draw.circle(s, (40, 40, 46), (32, 32), 24)
    pygame.draw.circle(s, VOID, (32, 32), 16)
    pygame.draw.circle(s, INK, (32, 32), 24, 3)
    for d in "NESW":                                     # arrows into the hole
        dx, dy = DIRS[d]
        arrow(s, {"N": "S", "S": "N", "E": "W", "W": "E"}[d], WHITE, centre=(32 + dx * 20, 32 + dy * 20),
              length=12, shaft=4, head=10)
    return outlined(s)


def tunnel_exit() -> pygame.Surface:
    s = floor()
    pygame.draw.circle(s, (40, 40, 46), (32, 32), 22, 6)
    for d in "NESW":
        dx, dy = DIRS[d]
        arrow(s, d, WHITE, centre=(32 + dx * 14, 32 + dy * 14), length=14, shaft=4, head=10)
    pygame.draw.circle(s, WHITE, (32, 32), 5)
    return s


def lift() -> pygame.Surface:
    s = floor()
    pygame.draw.rect(s, (150, 156, 168), (8, 8, T - 16, T - 16), border_radius=4)
    pygame.draw.rect(s, INK, (8, 8, T - 16, T - 16), 3, border_radius=4)
    for x in (14, 50):
        pygame.draw.line(s, INK, (x, 12), (x, 52), 2)
    arrow(s, "N", (90, 200, 250), centre=(26, 32), length=30, shaft=6, head=14)
    arrow(s, "S", (90, 200, 250), centre=(38, 32), length=30, shaft=6, head=14)
    return s


def lever() -> pygame.Surface:
    s = floor()
    pygame.draw.rect(s, (60, 60, 70), (14, 40, 36, 12), border_radius=3)
    pygame.draw.line(s, INK, (32, 46), (44, 16), 8)
    pygame.draw.line(s, (200, 200, 210), (32, 46), (44, 16), 4)
    pygame.draw.circle(s, (230, 50, 60), (44, 15), 8)
    pygame.draw.circle(s, INK, (44, 15), 8, 2)
    return outlined(s)


def pusher(direction: str) -> pygame.Surface:
    s = floor()
    pygame.draw.rect(s, (70, 76, 88), (8, 8, T - 16, T - 16), border_radius=4)
    arrow(s, direction, (255, 140, 0), length=44, shaft=14, head=30)
    return outlined(s)


def number_changer(value: int) -> pygame.Surface:
    s = floor()
    pygame.draw.circle(s, (70, 76, 88), (32, 32), 24)
    for k in range(8):                                  # gear teeth
        a = k * math.pi / 4
        pygame.draw.circle(s, (70, 76, 88), (32 + 24 * math.cos(a), 32 + 24 * math.sin(a)), 6)
    pygame.draw.circle(s, WHITE, (32, 32), 18)
    pygame.draw.circle(s, INK, (32, 32), 18, 2)
    text(s, f"{value:+d}", (32, 33), 30)
    return outlined(s)


def number_exchanger(value: int) -> pygame.Surface:
    s = floor()
    pygame.draw.rect(s, (70, 76, 88), (6, 6, T - 12, T - 12), border_radius=10)
    pygame.draw.lines(s, WHITE, False, [(12, 18), (52, 18), (46, 12)], 3)
    pygame.draw.lines(s, WHITE, False, [(52, 46), (12, 46), (18, 52)], 3)
    pygame.draw.circle(s, WHITE, (32, 32), 11)
    pygame.draw.circle(s, INK, (32, 32), 11, 2)
    text(s, str(value), (32, 33), 26)
    return outlined(s)


def hidden_exit(colour: str, value: int) -> pygame.Surface:
    s = floor()
    r = pygame.Rect(6, 6, T - 12, T - 12)
    for i in range(0, 4 * (T - 12), 8):                 # dashed frame: an exit you cannot see yet
        side, off = divmod(i, T - 12)
        p = [(r.left + off, r.top), (r.right, r.top + off), (r.right - off, r.bottom), (r.left, r.bottom - off)][side]
        pygame.draw.circle(s, COLOURS[colour], p, 3)
    symbol(s, colour, (20, 20), 7, fill=COLOURS[colour])
    pygame.draw.circle(s, WHITE, (36, 38), 14)
    pygame.draw.circle(s, INK, (36, 38), 14, 2)
    text(s, str(value), (36, 39), 26)
    return s


def button() -> pygame.Surface:
    s = floor()
    pygame.draw.circle(s, (50, 50, 58), (32, 34), 22)
    pygame.draw.circle(s, (255, 130, 0), (32, 30), 17)
    pygame.draw.circle(s, (255, 190, 80), (28, 26), 6)
    pygame.draw.circle(s, INK, (32, 30), 17, 3)
    return s


def production_line(direction: str) -> pygame.Surface:
    s = new_tile()
    s.fill((48, 52, 60))
    dx, dy = DIRS[direction]
    horizontal = dx != 0
    for i in range(0, T, 8):                            # belt slats across the direction of travel
        if horizontal:
            pygame.draw.line(s, (70, 76, 88), (i, 4), (i, T - 5), 3)
        else:
            pygame.draw.line(s, (70, 76, 88), (4, i), (T - 5, i), 3)
    rail = (30, 32, 38)
    if horizontal:
        pygame.draw.rect(s, rail, (0, 0, T, 5))
        pygame.draw.rect(s, rail, (0, T - 5, T, 5))
    else:
        pygame.draw.rect(s, rail, (0, 0, 5, T))
        pygame.draw.rect(s, rail, (T - 5, 0, 5, T))
    for k in (-1, 1):                                   # two chevrons along the travel
        cx, cy = 32 + dx * k * 12, 32 + dy * k * 12
        px, py = -dy, dx
        pts = [(cx - dx * 6 + px * 14, cy - dy * 6 + py * 14), (cx + dx * 6, cy + dy * 6),
               (cx - dx * 6 - px * 14, cy - dy * 6 - py * 14)]
        pygame.draw.lines(s, HAZARD_YELLOW, False, pts, 6)
    return s


# ---------------------------------------------------------------- robots
def good_robot(colour: str) -> pygame.Surface:
    """Friendly: round body, big eyes, smile, antenna."""
    s = new_tile()
    c, d = COLOURS[colour], DARK[colour]
    pygame.draw.circle(s, (0, 0, 0, 90), (33, 36), 26)  # shadow
    pygame.draw.line(s, INK, (32, 12), (32, 4), 3)
    pygame.draw.circle(s, c, (32, 5), 4)
    pygame.draw.circle(s, INK, (32, 5), 4, 2)
    pygame.draw.circle(s, c, (32, 34), 24)
    pygame.draw.circle(s, INK, (32, 34), 24, 3)
    pygame.draw.rect(s, WHITE, (15, 18, 34, 16), border_radius=8)   # visor
    pygame.draw.rect(s, INK, (15, 18, 34, 16), 2, border_radius=8)
    for x in (25, 39):                                               # round, happy eyes
        pygame.draw.circle(s, INK, (x, 26), 4)
        pygame.draw.circle(s, WHITE, (x + 1, 25), 1)
    pygame.draw.arc(s, INK, (22, 30, 20, 14), math.pi * 1.15, math.pi * 1.85, 3)   # smile
    pygame.draw.circle(s, d, (18, 38), 3)                            # cheeks
    pygame.draw.circle(s, d, (46, 38), 3)
    symbol(s, colour, (32, 50), 6, fill=WHITE)
    return s


def bad_robot(colour: str) -> pygame.Surface:
    """Menacing: body shaped like the colour's symbol, spikes, angry red eyes."""
    s = new_tile()
    c = COLOURS[colour]
    shape = SYMBOL_OF[colour]
    symbol_shadow = new_tile()
    symbol(symbol_shadow, colour, (33, 35), 28, fill=(0, 0, 0, 90), line=(0, 0, 0, 0), width=1)
    s.blit(symbol_shadow, (0, 0))
    symbol(s, colour, (32, 33), 28, fill=c, line=INK, width=3)
    if shape != "triangle":                           # horns (the triangle is pointed enough)
        top = 8 if shape == "square" else 14
        for x in (22, 42):
            pygame.draw.polygon(s, INK, [(x - 4, top + 4), (x + 4, top + 4), (x, top - 6)])
    eye_y = 36 if shape == "triangle" else 30
    for x, slant in ((24, 1), (40, -1)):
        pygame.draw.polygon(s, INK, [(x - 7, eye_y - 4 * slant - 3), (x + 7, eye_y + 4 * slant - 3),
                                     (x + 7, eye_y + 4), (x - 7, eye_y + 4)])
        pygame.draw.circle(s, (255, 40, 20), (x, eye_y + 1), 3)
    mouth_y = eye_y + 12
    pts = [(21 + k * 4, mouth_y + (3 if k % 2 else -1)) for k in range(6)]
    pygame.draw.lines(s, INK, False, pts, 3)
    return s


# ---------------------------------------------------------------- tokens
def token_disc(fill, ring=INK) -> pygame.Surface:
    s = new_tile()
    pygame.draw.circle(s, (0, 0, 0, 100), (34, 34), 23)
    pygame.draw.circle(s, fill, (32, 32), 23)
    pygame.draw.circle(s, ring, (32, 32), 23, 3)
    return s


def token(kind: str, value: int | None = None, direction: str | None = None) -> pygame.Surface:
    if kind == "energy":
        s = token_disc((40, 40, 50), ring=HAZARD_YELLOW)
        pygame.draw.polygon(s, HAZARD_YELLOW, [(36, 12), (20, 35), (30, 35), (26, 52), (44, 27), (33, 27)])
        pygame.draw.polygon(s, INK, [(36, 12), (20, 35), (30, 35), (26, 52), (44, 27), (33, 27)], 2)
    elif kind == "experience":
        s = token_disc((40, 90, 200))
        pts = [(32 + r * math.sin(k * math.pi / 5), 33 - r * math.cos(k * math.pi / 5))
               for k, r in zip(range(10), [16, 7] * 5)]
        pygame.draw.polygon(s, (255, 230, 90), pts)
        pygame.draw.polygon(s, INK, pts, 2)
    elif kind == "equipment":
        s = token_disc((230, 120, 30))
        pygame.draw.line(s, INK, (22, 42), (40, 24), 9)
        pygame.draw.line(s, WHITE, (22, 42), (40, 24), 5)
        pygame.draw.circle(s, WHITE, (42, 22), 8)
        pygame.draw.circle(s, (230, 120, 30), (46, 18), 5)
        pygame.draw.circle(s, INK, (42, 22), 8, 2)
    elif kind == "key":
        s = token_disc((60, 50, 30), ring=(240, 200, 60))
        pygame.draw.circle(s, (240, 200, 60), (22, 32), 9)
        pygame.draw.circle(s, (60, 50, 30), (22, 32), 4)
        pygame.draw.rect(s, (240, 200, 60), (28, 29, 20, 6))
        pygame.draw.rect(s, (240, 200, 60), (40, 34, 4, 8))
        pygame.draw.rect(s, (240, 200, 60), (46, 34, 3, 6))
    elif kind == "laser":
        s = token_disc((40, 0, 0), ring=(255, 60, 40))
        for k in range(8):
            a = k * math.pi / 4
            r1, r2 = 6, 19
            pygame.draw.line(s, (255, 80, 50), (32 + r1 * math.cos(a), 32 + r1 * math.sin(a)),
                             (32 + r2 * math.cos(a), 32 + r2 * math.sin(a)), 4)
        pygame.draw.circle(s, (255, 230, 200), (32, 32), 6)
    elif kind == "wall":
        s = token_disc((150, 70, 50))
        for row, y in enumerate((20, 30, 40)):
            pygame.draw.line(s, INK, (12, y), (52, y), 2)
            for x in range(14 + (row % 2) * 6, 52, 12):
                pygame.draw.line(s, INK, (x, y), (x, y + 10), 2)
    elif kind == "number":
        s = token_disc(WHITE)
        text(s, str(value), (32, 34), 40)
    else:  # production_line token: the direction of the line
        s = token_disc((48, 52, 60), ring=HAZARD_YELLOW)
        arrow(s, direction or "N", HAZARD_YELLOW, length=32, shaft=8, head=20)
    return s


def spawn_marker(round_number: int) -> pygame.Surface:
    """Where the round-N bad robot appears: a dashed ring with the round number."""
    s = new_tile()
    for k in range(16):
        a0 = k * math.pi / 8
        pygame.draw.arc(s, (255, 60, 60), (6, 6, T - 12, T - 12), a0, a0 + math.pi / 14, 4)
    pygame.draw.circle(s, INK, (32, 32), 13)
    text(s, str(round_number), (32, 33), 28, colour=(255, 90, 90))
    return s


# ---------------------------------------------------------------- edges
def gate_bar(colour: str) -> pygame.Surface:
    """A horizontal 64x16 gate bar in the colour, with the colour's symbol repeated."""
    s = new_tile((T, 16))
    pygame.draw.rect(s, COLOURS[colour], (2, 2, T - 4, 12), border_radius=4)
    pygame.draw.rect(s, INK, (2, 2, T - 4, 12), 2, border_radius=4)
    for x in (14, 32, 50):
        symbol(s, colour, (x, 8), 4, fill=WHITE if colour != "white" else INK, width=1)
    return s


def gate_bar_multi(colours: list[str]) -> pygame.Surface:
    """A gate open to several colours: the bar is split into one segment per colour."""
    s = new_tile((T, 16))
    seg = (T - 4) / len(colours)
    for i, colour in enumerate(colours):
        pygame.draw.rect(s, COLOURS[colour], (2 + i * seg, 2, seg, 12))
        symbol(s, colour, (2 + i * seg + seg / 2, 8), 4, fill=WHITE, width=1)
    pygame.draw.rect(s, INK, (2, 2, T - 4, 12), 2, border_radius=4)
    return s


def wall_bar() -> pygame.Surface:
    s = new_tile((T, 16))
    pygame.draw.rect(s, (150, 70, 50), (0, 1, T, 14))
    for x in range(0, T, 10):
        pygame.draw.line(s, INK, (x, 1), (x, 15), 2)
    pygame.draw.line(s, INK, (0, 8), (T, 8), 2)
    pygame.draw.rect(s, INK, (0, 1, T, 14), 2)
    return s


def on_edge(bar: pygame.Surface, orientation: str) -> pygame.Surface:
    """A 64x64 tile with the bar across its middle: 'h' lies along a horizontal edge
    (between a space and the one below it), 'v' along a vertical edge."""
    s = new_tile()
    if orientation == "h":
        s.blit(bar, (0, T // 2 - 8))
    else:
        s.blit(pygame.transform.rotate(bar, 90), (T // 2 - 8, 0))
    return s


# ---------------------------------------------------------------- catalogue
def catalogue() -> list[tuple[str, pygame.Surface, dict[str, object]]]:
    """(sprite name, image, tile properties) for every tile of the tileset, in atlas order.
    Append new tiles at the END so existing tile ids (and every map) stay valid."""
    tiles: list[tuple[str, pygame.Surface, dict[str, object]]] = []

    def space(name: str, img: pygame.Surface, kind: str, outlined_: bool = False, **props: object) -> None:
        tiles.append((f"space_{name}", img, {"role": "space", "kind": kind, "outlined": outlined_, **props}))

    space("floor", floor(), "floor")
    space("void", void(), "void")
    for colour in ("green", "red"):
        space(f"exit_{colour}", exit_space(colour), "exit", colour=colour)
    for variant in ("shredder", "crusher", "lava", "acid"):
        space(f"hazard_{variant}", hazard(variant), "hazard", True, variant=variant)
    space("tunnel", tunnel(), "tunnel", True)
    space("tunnel_exit", tunnel_exit(), "tunnel_exit")
    space("lift", lift(), "lift")
    space("lever", lever(), "lever", True)
    for d in "NESW":
        space(f"pusher_{d}", pusher(d), "pusher", True, direction=d)
    for v in (-2, -1, 1, 2):
        name = f"number_changer_{'plus' if v > 0 else 'minus'}{abs(v)}"
        space(name, number_changer(v), "number_changer", True, value=v)
    for v in range(1, 7):
        space(f"number_exchanger_{v}", number_exchanger(v), "number_exchanger", True, value=v)
    for colour in ("green", "red"):
        for v in range(1, 7):
            space(f"hidden_exit_{colour}_{v}", hidden_exit(colour, v), "hidden_exit", colour=colour, value=v)
    space("button", button(), "button")
    for d in "NESW":
        space(f"production_line_{d}", production_line(d), "production_line", direction=d)
    for colour in ("green", "red"):
        tiles.append((f"robot_{colour}", good_robot(colour), {"role": "robot", "colour": colour}))
    for colour in ("white", "purple", "blue"):
        tiles.append((f"robot_{colour}", bad_robot(colour), {"role": "robot", "colour": colour}))
    for kind in ("energy", "experience", "equipment", "key", "laser"):
        tiles.append((f"token_{kind}", token(kind), {"role": "token", "kind": kind}))
    for v in range(1, 7):
        tiles.append((f"token_number_{v}", token("number", value=v), {"role": "token", "kind": "number", "value": v}))
    for d in "NESW":
        tiles.append((f"token_production_line_{d}", token("production_line", direction=d),
                      {"role": "token", "kind": "production_line", "direction": d}))
    for r in (1, 2, 3):
        tiles.append((f"spawn_{r}", spawn_marker(r), {"role": "spawn", "value": r}))
    gate_sets = [[c] for c in COLOURS] + [["green", "red"]]
    for colours in gate_sets:
        bar = gate_bar(colours[0]) if len(colours) == 1 else gate_bar_multi(colours)
        for o in ("h", "v"):
            tiles.append((f"edge_gate_{'_'.join(colours)}_{o}", on_edge(bar, o),
                          {"role": "gate", "colour": ",".join(colours), "orientation": o}))
    for o in ("h", "v"):
        tiles.append((f"edge_wall_{o}", on_edge(wall_bar(), o), {"role": "wall", "orientation": o}))
    # Appended later: a Wall TOKEN sits on a space and can leave the map (lever rule
    # remove_walls); the edge walls above are printed on the board and stay.
    tiles.append(("token_wall", token("wall"), {"role": "token", "kind": "wall"}))
    return tiles


# Properties whose values come from a project enum get a propertytype, so Tiled shows a list.
ENUM_OF = {"direction": "Direction", "variant": "HazardVariant", "role": "TileRole",
           "orientation": "EdgeOrientation", "colour": "Colour"}


def enum_for(name: str, props: dict[str, object]) -> str | None:
    """The project enum a tile property draws its values from (None: free text / number)."""
    if name == "kind":
        return {"space": "SpaceKind", "token": "TokenKind"}.get(str(props.get("role")))
    if name == "colour" and "," in str(props.get("colour")):
        return None                        # a multi-colour gate lists several colours
    return ENUM_OF.get(name)


def property_xml(name: str, value: object, enum: str | None = None) -> str:
    if isinstance(value, bool):
        return f'    <property name="{name}" type="bool" value="{"true" if value else "false"}"/>'
    if isinstance(value, int):
        return f'    <property name="{name}" type="int" value="{value}"/>'
    extra = f' propertytype="{enum}"' if enum else ""
    return f'    <property name="{name}"{extra} value={quoteattr(str(value))}/>'


def tileset_xml(tiles, rows: int) -> str:
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<tileset version="1.8" tiledversion="1.8.2" name="roborun" tilewidth="{T}" tileheight="{T}" '
             f'tilecount="{len(tiles)}" columns="{ATLAS_COLUMNS}">',
             f' <image source="roborun.png" width="{ATLAS_COLUMNS * T}" height="{rows * T}"/>']
    for tile_id, (name, _img, props) in enumerate(tiles):
        lines.append(f' <tile id="{tile_id}">')
        lines.append("  <properties>")
        for key in sorted(props):
            lines.append(property_xml(key, props[key], enum_for(key, props)))
        lines.append(property_xml("sprite", name))
        lines.append("  </properties>")
        lines.append(" </tile>")
    lines.append("</tileset>")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    pygame.font.init()          # fonts only: no display or audio needed
    SPRITE_DIR.mkdir(parents=True, exist_ok=True)
    TILESET_DIR.mkdir(parents=True, exist_ok=True)
    tiles = catalogue()
    for name, img, _props in tiles:
        if not name.startswith("edge_"):
            pygame.image.save(img, str(SPRITE_DIR / f"{name}.png"))
    for colour in COLOURS:
        pygame.image.save(gate_bar(colour), str(SPRITE_DIR / f"gate_{colour}.png"))
    pygame.image.save(gate_bar_multi(["green", "red"]), str(SPRITE_DIR / "gate_green_red.png"))
    pygame.image.save(wall_bar(), str(SPRITE_DIR / "wall.png"))
    rows = math.ceil(len(tiles) / ATLAS_COLUMNS)
    atlas = pygame.Surface((ATLAS_COLUMNS * T, rows * T), pygame.SRCALPHA)
    for i, (_name, img, _props) in enumerate(tiles):
        atlas.blit(img, ((i % ATLAS_COLUMNS) * T, (i // ATLAS_COLUMNS) * T))
    pygame.image.save(atlas, str(TILESET_DIR / "roborun.png"))
    (TILESET_DIR / "roborun.tsx").write_text(tileset_xml(tiles, rows), encoding="utf-8")
    print(f"{len(tiles)} tiles -> {TILESET_DIR / 'roborun.tsx'}; sprites in {SPRITE_DIR}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
