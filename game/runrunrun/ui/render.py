"""Drawing the pyramid: pointy-top hexagons laid out from the engine's axial cells.

Everything is drawn from the tiles' data (doorway masks, torch, symbol, sarcophagus), so a
new tile list in content.json draws without new art.
"""
from __future__ import annotations

import math

import pygame

from game.client import theme
from game.client.text import draw_fit
from game.runrunrun.rules import content as C
from game.runrunrun.rules.maze import DIRS, FINAL, OPEN, open_doorways, rotate

SQ3 = math.sqrt(3)
SAND = (196, 164, 108)
SAND_DARK = (150, 120, 74)
STONE = (74, 62, 48)
CORRIDOR = (236, 214, 160)
GOLD = (240, 196, 70)
SEAT_COLOURS = ((70, 150, 250), (250, 150, 60), (90, 210, 110), (240, 110, 200))
SYMBOL_COLOURS = {"ankh": (60, 200, 220), "eye": (220, 80, 90), "scarab": (120, 210, 90)}
MUMMY = (235, 232, 215)
BOSS = (170, 100, 230)


class HexLayout:
    """Maps axial cells to screen pixels inside `area`, sized to fit every cell given."""

    def __init__(self, area: pygame.Rect, cells, max_size: float = 44.0, min_size: float = 12.0) -> None:
        self.area = area
        xs, ys = [], []
        for q, r in cells:
            xs.append(SQ3 * (q + r / 2))
            ys.append(1.5 * r)
        span_x = (max(xs) - min(xs)) + SQ3
        span_y = (max(ys) - min(ys)) + 2
        self.size = max(min_size, min(max_size, (area.width - 16) / span_x, (area.height - 16) / span_y))
        cx = (max(xs) + min(xs)) / 2
        cy = (max(ys) + min(ys)) / 2
        self.ox = area.centerx - cx * self.size
        self.oy = area.centery - cy * self.size

    def center(self, cell) -> tuple[float, float]:
        q, r = cell
        return (self.ox + self.size * SQ3 * (q + r / 2), self.oy + self.size * 1.5 * r)

    def corners(self, cell, shrink: float = 0.0):
        x, y = self.center(cell)
        s = self.size - shrink
        return [(x + s * math.cos(math.radians(60 * i - 30)), y + s * math.sin(math.radians(60 * i - 30)))
                for i in range(6)]

    def edge_mid(self, cell, d: int, f: float = 1.0):
        x, y = self.center(cell)
        ang = math.radians(-60 * d)
        h = self.size * SQ3 / 2 * f
        return (x + h * math.cos(ang), y + h * math.sin(ang))

    def cell_at(self, pos, cells):
        best, bd = None, None
        for c in cells:
            x, y = self.center(c)
            d = (x - pos[0]) ** 2 + (y - pos[1]) ** 2
            if d <= (self.size * 0.9) ** 2 and (bd is None or d < bd):
                best, bd = c, d
        return best


def draw_symbol(surface, kind: str, center, size: float) -> None:
    x, y = center
    col = SYMBOL_COLOURS[kind]
    s = max(3, int(size))
    if kind == "ankh":
        pygame.draw.circle(surface, col, (int(x), int(y - s * 0.45)), max(2, int(s * 0.35)), 2)
        pygame.draw.line(surface, col, (x, y - s * 0.1), (x, y + s * 0.8), 3)
        pygame.draw.line(surface, col, (x - s * 0.45, y + s * 0.15), (x + s * 0.45, y + s * 0.15), 3)
    elif kind == "eye":
        rect = pygame.Rect(0, 0, int(s * 1.6), int(s * 0.9))
        rect.center = (int(x), int(y))
        pygame.draw.ellipse(surface, col, rect, 2)
        pygame.draw.circle(surface, col, (int(x), int(y)), max(2, int(s * 0.25)))
    else:
        rect = pygame.Rect(0, 0, int(s * 0.9), int(s * 1.3))
        rect.center = (int(x), int(y))
        pygame.draw.ellipse(surface, col, rect)
        for dy in (-0.3, 0.1, 0.45):
            pygame.draw.line(surface, col, (x - s * 0.8, y + s * dy), (x + s * 0.8, y + s * dy), 2)


def draw_torch(surface, center, size: float, lit: bool = True) -> None:
    x, y = center
    s = max(3, size)
    pygame.draw.line(surface, (110, 70, 40), (x, y + s * 0.2), (x, y + s * 0.9), 3)
    flame = [(x, y - s * 0.7), (x + s * 0.35, y), (x, y + s * 0.25), (x - s * 0.35, y)]
    pygame.draw.polygon(surface, (255, 170, 40) if lit else (90, 80, 70), flame)


def label(surface, text: str, center, width: float, height: float, size, colour, bold: bool = True) -> None:
    """A short label centred on `center`, kept inside a width x height box (shrunk or ellipsised)."""
    box = pygame.Rect(0, 0, max(4, int(width)), max(4, int(height)))
    box.center = (int(center[0]), int(center[1]))
    draw_fit(surface, text, box, size, colour, align="center", valign="middle", wrap=False, bold=bold,
             min_size=size)


def draw_room(surface, layout: HexLayout, cell, mask: int, tile: int | None, alpha_surface=None,
              highlight=None) -> None:
    """One room: stone hex, sand floor, corridors to each doorway, its torch/symbol/sarcophagus."""
    target = alpha_surface or surface
    size = layout.size
    if cell == FINAL:
        pygame.draw.polygon(target, GOLD, layout.corners(cell, 1))
        pygame.draw.polygon(target, STONE, layout.corners(cell, 1), 3)
        label(target, "Relics", layout.center(cell), size * 1.6, size, "tiny" if size > 26 else 12, STONE)
        return
    pygame.draw.polygon(target, STONE, layout.corners(cell, 1))
    pygame.draw.polygon(target, SAND if cell != OPEN else (214, 186, 120), layout.corners(cell, size * 0.18))
    cx, cy = layout.center(cell)
    width = max(3, int(size * 0.32))
    for d in range(6):
        if mask >> d & 1:
            pygame.draw.line(target, CORRIDOR, (cx, cy), layout.edge_mid(cell, d, 1.0), width)
    pygame.draw.circle(target, CORRIDOR, (int(cx), int(cy)), int(width * 0.9))
    if highlight:
        pygame.draw.polygon(target, highlight, layout.corners(cell, 2), 3)
    if tile is None or tile < 0:
        if cell == OPEN:
            label(target, "Vault", (cx, cy + size * 0.45), size * 1.6, size * 0.6, "tiny" if size > 26 else 12, STONE)
        return
    t = C.TILES[tile]
    if t.torch:
        draw_torch(target, (cx - size * 0.42, cy - size * 0.38), size * 0.28)
    if t.symbol:
        draw_symbol(target, t.symbol, (cx + size * 0.38, cy - size * 0.36), size * 0.26)
    if t.sarcophagus:
        r = pygame.Rect(0, 0, int(size * 0.26), int(size * 0.5))
        r.center = (int(cx - size * 0.05), int(cy + size * 0.45))
        pygame.draw.rect(target, (120, 80, 160), r, border_radius=4)


PIECE_MIN_RADIUS = 11          # logical pixels: 7 on the 800x480 screen, where hexes shrink in a big maze


def draw_mummy(surface, center, mid: int, hearts: int, size: float) -> None:
    x, y = center
    boss = mid >= 10
    # never smaller than a finger's width on the 800x480 screen, however many rooms shrink the hexes
    r = int(max(size * (0.42 if boss else 0.33), PIECE_MIN_RADIUS + (3 if boss else 2)))
    pygame.draw.circle(surface, BOSS if boss else MUMMY, (int(x), int(y)), r)
    pygame.draw.circle(surface, STONE, (int(x), int(y)), r, 2)
    for k in (-0.3, 0.0, 0.3):    # bandages
        pygame.draw.line(surface, (170, 160, 140), (x - r * 0.8, y + r * k), (x + r * 0.8, y + r * k - 2), 1)
    pygame.draw.circle(surface, (200, 30, 30), (int(x - r * 0.35), int(y - r * 0.25)), max(1, r // 6))
    pygame.draw.circle(surface, (200, 30, 30), (int(x + r * 0.35), int(y - r * 0.25)), max(1, r // 6))
    draw_heart_count(surface, (x + r * 0.9, y - r * 0.9), hearts, size)
    # one label per Mummy: which card (B for the Boss) and its Hearts, on the token
    name = "B" if boss else str(mid)
    label(surface, f"{name}:{hearts}", (x, y + r * 0.2), max(2 * r, size * 0.5), max(r, 14), 14 if size < 30 else "tiny",
          STONE)


def draw_heart_count(surface, pos, hearts: int, size: float) -> None:
    x, y = pos
    s = max(5, size * 0.16)
    pygame.draw.circle(surface, (220, 40, 60), (int(x - s * 0.5), int(y)), int(s * 0.6))
    pygame.draw.circle(surface, (220, 40, 60), (int(x + s * 0.5), int(y)), int(s * 0.6))
    pygame.draw.polygon(surface, (220, 40, 60), [(x - s * 1.1, y + s * 0.1), (x + s * 1.1, y + s * 0.1), (x, y + s * 1.3)])


def draw_cat(surface, center, seat: int, size: float, active: bool) -> None:
    x, y = center
    r = int(max(size * 0.24, PIECE_MIN_RADIUS))
    col = SEAT_COLOURS[seat]
    if active:
        pygame.draw.circle(surface, theme.ACCENT, (int(x), int(y)), r + 4, 3)
    pygame.draw.circle(surface, col, (int(x), int(y)), r)
    ear = r * 0.8
    pygame.draw.polygon(surface, col, [(x - r, y - r * 0.3), (x - r * 0.7, y - r - ear * 0.6), (x - r * 0.1, y - r * 0.8)])
    pygame.draw.polygon(surface, col, [(x + r, y - r * 0.3), (x + r * 0.7, y - r - ear * 0.6), (x + r * 0.1, y - r * 0.8)])
    pygame.draw.circle(surface, theme.SHADOW, (int(x - r * 0.35), int(y - r * 0.1)), max(1, r // 5))
    pygame.draw.circle(surface, theme.SHADOW, (int(x + r * 0.35), int(y - r * 0.1)), max(1, r // 5))


def triangle_center(layout: HexLayout, tri):
    pts = [layout.center(c) for c in tri]
    return (sum(p[0] for p in pts) / 3, sum(p[1] for p in pts) / 3)


def draw_mechanism(surface, center, kind: str, size: float) -> None:
    x, y = center
    r = max(6, int(size * 0.26))
    if kind == "torch":
        pygame.draw.circle(surface, (255, 150, 30), (int(x), int(y)), r)
        pygame.draw.circle(surface, STONE, (int(x), int(y)), r, 2)
        draw_torch(surface, (x, y + 1), r * 0.8)
    else:
        pygame.draw.circle(surface, (150, 150, 165), (int(x), int(y)), r)
        for i in range(8):
            a = math.radians(45 * i)
            pygame.draw.line(surface, (90, 90, 105), (x, y), (x + r * 1.15 * math.cos(a), y + r * 1.15 * math.sin(a)), 3)
        pygame.draw.circle(surface, (190, 190, 205), (int(x), int(y)), r // 2)


def draw_maze(surface, layout: HexLayout, view, highlights=(), preview=None, marks_owner=None) -> None:
    """The whole maze of a seat view: rooms, mechanisms, reserve marks, Mummies and Catventurers."""
    tiles = {c: (t, r) for c, t, r in view.tiles}
    for cell in open_doorways(view.masks):
        if cell != FINAL:
            pygame.draw.polygon(surface, (44, 40, 36), layout.corners(cell, 3), 1)
    for cell, (t, _) in tiles.items():
        draw_room(surface, layout, cell, view.masks[cell], t)
    for cell, colour in highlights:
        pygame.draw.polygon(surface, colour, layout.corners(cell, 3), 3)
    if preview is not None:
        cell, tile, rot = preview
        ghost = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        draw_room(ghost, layout, cell, rotate(C.TILES[tile].exits, rot), tile)
        ghost.set_alpha(200)
        surface.blit(ghost, (0, 0))
        pygame.draw.polygon(surface, theme.ACCENT, layout.corners(cell, 1), 3)
    for tri in view.torch_tris:
        draw_mechanism(surface, triangle_center(layout, tri), "torch", layout.size)
    for tri in view.door_tris:
        draw_mechanism(surface, triangle_center(layout, tri), "door", layout.size)
    for seat, cell in view.marks:
        x, y = layout.center(tuple(cell))
        pygame.draw.circle(surface, SEAT_COLOURS[seat], (int(x), int(y)), int(layout.size * 0.78), 3)
        pygame.draw.circle(surface, SEAT_COLOURS[seat], (int(x - layout.size * 0.62), int(y + layout.size * 0.3)),
                           max(3, int(layout.size * 0.12)))
    by_cell: dict = {}
    for mid, cell, hearts in view.mummies:
        by_cell.setdefault(tuple(cell), []).append((mid, hearts))
    for cell, ms in by_cell.items():
        x, y = layout.center(cell)
        for i, (mid, hearts) in enumerate(ms):
            off = (i - (len(ms) - 1) / 2) * layout.size * 0.5
            draw_mummy(surface, (x + off, y + layout.size * 0.05), mid, hearts, layout.size)
    cats_at: dict = {}
    for seat, cell in enumerate(view.pos):
        cats_at.setdefault(tuple(cell), []).append(seat)
    for cell, seats in cats_at.items():
        x, y = layout.center(cell)
        for i, seat in enumerate(seats):
            off = (i - (len(seats) - 1) / 2) * layout.size * 0.42
            draw_cat(surface, (x + off, y + layout.size * 0.5), seat, layout.size, seat == view.active)


def draw_tile_icon(surface, rect: pygame.Rect, tile: int, focused: bool = False) -> None:
    """A hand tile: a small hex with its doorways and features, plus its Combat Strength."""
    area = rect
    layout = HexLayout(area, [(0, 0)], max_size=min(area.width, area.height) / 2.1)
    cell = (0, 0)
    layout.ox, layout.oy = area.centerx, area.centery
    pygame.draw.polygon(surface, STONE, layout.corners(cell, 0))
    pygame.draw.polygon(surface, SAND, layout.corners(cell, layout.size * 0.15))
    t = C.TILES[tile]
    width = max(3, int(layout.size * 0.3))
    for d in range(6):
        if t.exits >> d & 1:
            pygame.draw.line(surface, CORRIDOR, (area.centerx, area.centery), layout.edge_mid(cell, d), width)
    if t.torch:
        draw_torch(surface, (area.centerx - layout.size * 0.42, area.centery - layout.size * 0.38), layout.size * 0.28)
    if t.symbol:
        draw_symbol(surface, t.symbol, (area.centerx + layout.size * 0.38, area.centery - layout.size * 0.36),
                    layout.size * 0.26)
    if t.sarcophagus:
        r = pygame.Rect(0, 0, int(layout.size * 0.26), int(layout.size * 0.5))
        r.center = (int(area.centerx), int(area.centery + layout.size * 0.45))
        pygame.draw.rect(surface, (120, 80, 160), r, border_radius=4)
    if focused:
        pygame.draw.polygon(surface, theme.ACCENT, layout.corners(cell, 0), 3)
    box = pygame.Rect(0, 0, area.width // 2, area.height // 2)
    box.bottomright = (area.right, area.bottom)
    size = max(18, area.height // 3)      # the Combat Strength stays readable on the 800x480 screen
    draw_fit(surface, str(t.strength), box, size, theme.TEXT, align="right", valign="bottom", wrap=False, bold=True,
             min_size=16)


DIE_COLOURS = {"hit": (220, 60, 70), "ability": (90, 170, 250), "draw": (220, 200, 120), "lure": (120, 210, 120),
               "mummy": (235, 232, 215), "blank": (90, 90, 100)}


def draw_die(surface, rect: pygame.Rect, face: str) -> None:
    pygame.draw.rect(surface, (245, 240, 228), rect, border_radius=6)
    pygame.draw.rect(surface, STONE, rect, 2, border_radius=6)
    inner = rect.inflate(-10, -10)
    pygame.draw.rect(surface, DIE_COLOURS.get(face, (120, 120, 120)), inner, border_radius=4)
    glyph = {"hit": "-1", "ability": "?", "draw": "+T", "lure": "<<", "mummy": "M", "blank": ""}.get(face, face[:2])
    if glyph:
        label(surface, glyph, rect.center, rect.width, rect.height, 18, theme.SHADOW)
