"""Draw the Robo Rally tileset from code: levels/tilesets/roborally.png + roborally.tsx.

Run again whenever a tile changes:   .venv/bin/python sprites/generate_roborally.py

Every tile carries typed properties (enums from levels/roborally.tiled-project) that the
course loader (game/roborally/levels/tmx.py) reads; nothing about a tile's meaning is
hard-coded by tile number:
  role    TileRole   space | element | wall | laser | marker
  kind    CellKind   floor, pit, deep_pit, belt, express, gear, teleporter, randomizer, energy,
                     push, crusher (role space or element)
  dir     Direction  N E S W: belt/push direction, wall side, laser firing direction, marker facing
  turn    Turn       none | left | right (curved belts)
  rot     Rotation   left | right (gears)
  marker  MarkerKind checkpoint | start | reboot
"""
from __future__ import annotations

import math
import os
from pathlib import Path
from xml.sax.saxutils import quoteattr

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "levels" / "tilesets"
T = 64
COLUMNS = 8
DIRS = "NESW"
VEC = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}

INK = (20, 22, 28)
FLOOR = (96, 104, 116)
FLOOR_LINE = (76, 83, 94)
GREEN = (40, 170, 90)
BLUE = (50, 120, 235)
YELLOW = (250, 200, 30)
RED = (225, 50, 60)
PURPLE = (150, 80, 210)
ORANGE = (240, 140, 30)
WHITE = (245, 245, 245)


def tiles() -> list[dict]:
    """Every tile in atlas order, with its properties."""
    out = [dict(role="space", kind="floor"), dict(role="space", kind="pit"), dict(role="space", kind="deep_pit")]
    for kind in ("belt", "express"):
        for d in DIRS:
            out.append(dict(role="space", kind=kind, dir=d, turn="none"))
        for d in DIRS:
            for t in ("left", "right"):
                out.append(dict(role="space", kind=kind, dir=d, turn=t))
    out += [dict(role="space", kind="gear", rot="left"), dict(role="space", kind="gear", rot="right"),
            dict(role="space", kind="teleporter"), dict(role="space", kind="randomizer"),
            dict(role="space", kind="energy")]
    out += [dict(role="element", kind="push", dir=d) for d in DIRS]
    out += [dict(role="element", kind="crusher")]
    out += [dict(role="wall", dir=d) for d in DIRS]
    out += [dict(role="laser", dir=d) for d in DIRS]
    out += [dict(role="marker", marker="checkpoint")]
    out += [dict(role="marker", marker="start", dir=d) for d in DIRS]
    out += [dict(role="marker", marker="reboot", dir=d) for d in DIRS]
    for i, t in enumerate(out):
        t["sprite"] = "_".join(str(v) for k, v in t.items() if k != "role" and v != "none")
    return out


PROPERTY_TYPES = {"role": "TileRole", "kind": "CellKind", "dir": "Direction", "turn": "Turn", "rot": "Rotation",
                  "marker": "MarkerKind"}


# ---------------------------------------------------------------- drawing
def floor(s):
    s.fill(FLOOR)
    pygame.draw.rect(s, FLOOR_LINE, (0, 0, T, T), 2)
    for cx, cy in ((8, 8), (T - 8, 8), (8, T - 8), (T - 8, T - 8)):
        pygame.draw.circle(s, FLOOR_LINE, (cx, cy), 2)


def arrow(s, d, colour, centre=(T / 2, T / 2), size=14, width=0):
    dx, dy = VEC[d]
    px, py = -dy, dx
    cx, cy = centre
    tip = (cx + dx * size, cy + dy * size)
    left = (cx - dx * size * 0.4 + px * size * 0.8, cy - dy * size * 0.4 + py * size * 0.8)
    right = (cx - dx * size * 0.4 - px * size * 0.8, cy - dy * size * 0.4 - py * size * 0.8)
    pygame.draw.polygon(s, colour, (tip, left, right), width)


def belt(s, t):
    colour = GREEN if t["kind"] == "belt" else BLUE
    s.fill(tuple(int(c * 0.55) for c in colour))
    pygame.draw.rect(s, INK, (0, 0, T, T), 2)
    d = t["dir"]
    dx, dy = VEC[d]
    if t.get("turn", "none") != "none":
        # curved piece: the robot arrives from the side and leaves toward d
        k = 1 if t["turn"] == "right" else -1
        # incoming direction is d rotated back by the turn
        come = DIRS[(DIRS.index(d) - k) % 4]
        cx, cy = VEC[come]
        pygame.draw.line(s, colour, (T / 2 - cx * T / 2, T / 2 - cy * T / 2), (T / 2, T / 2), 10)
        pygame.draw.line(s, colour, (T / 2, T / 2), (T / 2 + dx * T / 2, T / 2 + dy * T / 2), 10)
        arrow(s, d, WHITE, (T / 2 + dx * 14, T / 2 + dy * 14), 10)
    else:
        pygame.draw.line(s, colour, (T / 2 - dx * T / 2, T / 2 - dy * T / 2), (T / 2 + dx * T / 2, T / 2 + dy * T / 2), 12)
        arrow(s, d, WHITE, (T / 2 + dx * 10, T / 2 + dy * 10), 10)
        if t["kind"] == "express":
            arrow(s, d, WHITE, (T / 2 - dx * 10, T / 2 - dy * 10), 10)
        else:
            arrow(s, d, WHITE, (T / 2 - dx * 12, T / 2 - dy * 12), 6)


def draw(t) -> pygame.Surface:
    s = pygame.Surface((T, T), pygame.SRCALPHA)
    role, kind = t["role"], t.get("kind")
    if role == "space":
        if kind in ("belt", "express"):
            belt(s, t)
            return s
        floor(s)
        if kind == "pit":
            pygame.draw.rect(s, (10, 10, 12), (6, 6, T - 12, T - 12))
            pygame.draw.rect(s, YELLOW, (6, 6, T - 12, T - 12), 3)
        elif kind == "deep_pit":
            pygame.draw.rect(s, (6, 4, 14), (4, 4, T - 8, T - 8))
            for r in (24, 16, 8):
                pygame.draw.circle(s, PURPLE, (T // 2, T // 2), r, 2)
            pygame.draw.rect(s, RED, (4, 4, T - 8, T - 8), 3)
        elif kind == "gear":
            colour = RED if t["rot"] == "left" else GREEN
            for k in range(8):
                a = k * math.pi / 4
                pygame.draw.circle(s, INK, (T / 2 + math.cos(a) * 22, T / 2 + math.sin(a) * 22), 6)
            pygame.draw.circle(s, colour, (T // 2, T // 2), 20)
            pygame.draw.circle(s, INK, (T // 2, T // 2), 20, 2)
            a0, a1 = (math.pi * 0.2, math.pi * 1.6)
            pygame.draw.arc(s, WHITE, (T / 2 - 12, T / 2 - 12, 24, 24), a0, a1, 3)
            end = a1 if t["rot"] == "left" else a0
            ex, ey = T / 2 + math.cos(end) * 12, T / 2 - math.sin(end) * 12
            pygame.draw.circle(s, WHITE, (ex, ey), 4)
        elif kind == "teleporter":
            for r, c in ((26, PURPLE), (18, (200, 150, 255)), (10, WHITE)):
                pygame.draw.circle(s, c, (T // 2, T // 2), r, 4)
        elif kind == "randomizer":
            pygame.draw.rect(s, ORANGE, (8, 8, T - 16, T - 16), border_radius=6)
            f = pygame.font.Font(None, 48)
            img = f.render("?", True, INK)
            s.blit(img, img.get_rect(center=(T / 2, T / 2 + 2)))
        elif kind == "energy":
            pygame.draw.rect(s, INK, (20, 12, 24, 40), border_radius=4)
            pygame.draw.rect(s, GREEN, (23, 15, 18, 34), border_radius=3)
            pygame.draw.rect(s, INK, (27, 8, 10, 5))
        return s
    if role == "element":
        if kind == "push":
            d = t["dir"]
            dx, dy = VEC[d]
            # the panel sits on the side opposite to where it pushes
            bx, by = -dx, -dy
            rect = pygame.Rect(0, 0, T if bx == 0 else 14, T if by == 0 else 14)
            rect.center = (T / 2 + bx * (T / 2 - 7), T / 2 + by * (T / 2 - 7))
            pygame.draw.rect(s, YELLOW, rect)
            pygame.draw.rect(s, INK, rect, 2)
            arrow(s, d, YELLOW, (T / 2, T / 2), 14)
            arrow(s, d, INK, (T / 2, T / 2), 14, 2)
        elif kind == "crusher":
            for k in range(4):
                pygame.draw.polygon(s, RED, ((6 + k * 13, 6), (19 + k * 13, 6), (12.5 + k * 13, 26)))
                pygame.draw.polygon(s, RED, ((6 + k * 13, T - 6), (19 + k * 13, T - 6), (12.5 + k * 13, T - 26)))
            pygame.draw.rect(s, INK, (4, 4, T - 8, T - 8), 3)
        return s
    if role == "wall":
        dx, dy = VEC[t["dir"]]
        rect = pygame.Rect(0, 0, T if dx == 0 else 8, T if dy == 0 else 8)
        rect.center = (T / 2 + dx * (T / 2 - 4), T / 2 + dy * (T / 2 - 4))
        pygame.draw.rect(s, YELLOW, rect)
        pygame.draw.rect(s, INK, rect, 2)
        return s
    if role == "laser":
        d = t["dir"]
        dx, dy = VEC[d]
        # the emitter is on the wall behind the space, firing toward d
        cx, cy = T / 2 - dx * (T / 2 - 8), T / 2 - dy * (T / 2 - 8)
        pygame.draw.circle(s, RED, (cx, cy), 8)
        pygame.draw.circle(s, INK, (cx, cy), 8, 2)
        pygame.draw.line(s, (255, 90, 90), (cx, cy), (T / 2 + dx * T / 2, T / 2 + dy * T / 2), 3)
        return s
    marker = t["marker"]
    if marker == "checkpoint":
        pygame.draw.circle(s, WHITE, (T // 2, T // 2), 26)
        pygame.draw.circle(s, INK, (T // 2, T // 2), 26, 3)
        pygame.draw.line(s, INK, (24, 50), (24, 14), 4)
        pygame.draw.polygon(s, RED, ((26, 14), (46, 20), (26, 28)))
    elif marker == "start":
        pygame.draw.rect(s, (40, 60, 90), (6, 6, T - 12, T - 12), border_radius=6)
        arrow(s, t["dir"], WHITE, (T / 2, T / 2), 16)
    else:
        pygame.draw.rect(s, (30, 120, 110), (6, 6, T - 12, T - 12), border_radius=6)
        arrow(s, t["dir"], WHITE, (T / 2, T / 2), 16)
        f = pygame.font.Font(None, 22)
        img = f.render("R", True, INK)
        s.blit(img, img.get_rect(center=(T / 2, T / 2)))
    return s


def main() -> int:
    pygame.init()
    defs = tiles()
    rows = (len(defs) + COLUMNS - 1) // COLUMNS
    atlas = pygame.Surface((COLUMNS * T, rows * T), pygame.SRCALPHA)
    for i, t in enumerate(defs):
        atlas.blit(draw(t), ((i % COLUMNS) * T, (i // COLUMNS) * T))
    OUT.mkdir(parents=True, exist_ok=True)
    pygame.image.save(atlas, str(OUT / "roborally.png"))
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<tileset version="1.8" tiledversion="1.8.2" name="roborally" tilewidth="{T}" tileheight="{T}" '
             f'tilecount="{len(defs)}" columns="{COLUMNS}">',
             f' <image source="roborally.png" width="{COLUMNS * T}" height="{rows * T}"/>']
    for i, t in enumerate(defs):
        lines.append(f' <tile id="{i}">')
        lines.append('  <properties>')
        for key in sorted(t):
            if key in PROPERTY_TYPES:
                lines.append(f'   <property name="{key}" propertytype="{PROPERTY_TYPES[key]}" value={quoteattr(t[key])}/>')
            else:
                lines.append(f'   <property name="{key}" value={quoteattr(t[key])}/>')
        lines.append('  </properties>')
        lines.append(' </tile>')
    lines.append('</tileset>')
    (OUT / "roborally.tsx").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(defs)} tiles to {OUT / 'roborally.png'} and roborally.tsx")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
