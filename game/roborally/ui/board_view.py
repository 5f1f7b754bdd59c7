"""Drawing a Robo Rally course: tiles from the generated tileset, walls, lasers, checkpoints,
robots (at animated positions), laser shots, the programming preview and floating text."""
from __future__ import annotations
import math
from pathlib import Path
import pygame
from game.client import theme
from game.client.text import draw_fit
from game.client.widgets import draw_text, panel
from game.core.cache import LRU
from game.roborally.ui.course_files import tileset
from game.roborally.rules.board import DIRS, DX, DY, Board

ROOT = Path(__file__).resolve().parents[3]
ATLAS = ROOT / "levels" / "tilesets" / "roborally.png"
SRC = 64

ROBOT_COLOURS = [theme.ROBOT[c] for c in ("yellow", "blue", "green", "red", "purple", "white")]
ROBOT_NAMES = ["Yellow", "Blue", "Green", "Red", "Purple", "White"]


class TileArt:
    """Tile images by meaning (role/kind/dir/turn/rot/marker), scaled once per tile size."""

    def __init__(self) -> None:
        self.props = tileset()
        atlas = pygame.image.load(str(ATLAS))
        if pygame.display.get_surface() is not None:
            atlas = atlas.convert_alpha()
        cols = atlas.get_width() // SRC
        self.by_key = {}
        for tid, p in self.props.items():
            img = atlas.subsurface(((tid % cols) * SRC, (tid // cols) * SRC, SRC, SRC))
            key = tuple(sorted((k, v) for k, v in p.items() if k not in ("sprite",)))
            self.by_key[key] = img
        self.scaled: LRU = LRU(1024)     # (tile, size) -> image: a few sizes of ~100 tiles

    def get(self, size: int, **props) -> pygame.Surface | None:
        key = tuple(sorted(props.items()))
        ck = (key, size)
        if ck not in self.scaled:
            img = self.by_key.get(key)
            self.scaled[ck] = None if img is None else pygame.transform.smoothscale(img, (size, size))
        return self.scaled[ck]


_art: tuple[pygame.Surface | None, TileArt] | None = None


def tile_art() -> TileArt:
    """The tile images, read once per window: the race's board and a how-to page's small board
    share them (issue 26: reading and cutting the atlas took ~7 ms, twice before the first frame)."""
    global _art
    display = pygame.display.get_surface()
    if _art is None or _art[0] is not display:
        _art = (display, TileArt())
    return _art[1]


class BoardView:
    def __init__(self, board: Board, area: pygame.Rect) -> None:
        self.board = board
        self.art = tile_art()
        self.tile = max(16, min(area.width // board.width, area.height // board.height))
        self.rect = pygame.Rect(0, 0, self.tile * board.width, self.tile * board.height)
        self.rect.center = area.center
        self.background = self._render_background()

    def cell_rect(self, x: float, y: float) -> pygame.Rect:
        t = self.tile
        return pygame.Rect(self.rect.left + round(x * t), self.rect.top + round(y * t), t, t)

    def centre(self, x: float, y: float) -> tuple[float, float]:
        t = self.tile
        return self.rect.left + (x + 0.5) * t, self.rect.top + (y + 0.5) * t

    def _render_background(self) -> pygame.Surface:
        b, t = self.board, self.tile
        surf = pygame.Surface(self.rect.size)
        spec_cells = {(x, y): p for x, y, p in b.spec.get("cells", [])}
        for y in range(b.height):
            for x in range(b.width):
                p = spec_cells.get((x, y), {"kind": "floor"})
                kind = p["kind"]
                pos = (x * t, y * t)
                floor = self.art.get(t, role="space", kind="floor")
                surf.blit(floor, pos)
                if kind in ("belt", "express"):
                    img = self.art.get(t, role="space", kind=kind, dir=p["dir"], turn=p.get("turn") or "none")
                elif kind == "gear":
                    img = self.art.get(t, role="space", kind="gear", rot=p["rot"])
                elif kind == "push":
                    img = self.art.get(t, role="element", kind="push", dir=p["dir"])
                elif kind == "crusher":
                    img = self.art.get(t, role="element", kind="crusher")
                elif kind != "floor":
                    img = self.art.get(t, role="space", kind=kind)
                else:
                    img = None
                if img is not None:
                    surf.blit(img, pos)
                if kind in ("push", "crusher"):
                    regs = ",".join(str(r) for r in sorted(p["registers"]))
                    draw_text(surf, regs, (pos[0] + t // 2, pos[1] + t - 4), max(12, t // 4), theme.TEXT, "midbottom", bold=True)
        for (i, d) in b.walls:
            x, y = i % b.width, i // b.width
            img = self.art.get(t, role="wall", dir=DIRS[d])
            surf.blit(img, (x * t, y * t))
        for x, y, d, s in b.lasers:
            img = self.art.get(t, role="laser", dir=DIRS[d])
            surf.blit(img, (x * t, y * t))
            if s > 1:
                draw_text(surf, f"x{s}", (x * t + 4, y * t + 2), max(12, t // 4), (255, 120, 120), "topleft", bold=True)
        for n, (x, y) in enumerate(b.checkpoints, start=1):
            img = self.art.get(t, role="marker", marker="checkpoint")
            surf.blit(img, (x * t, y * t))
            draw_text(surf, str(n), (x * t + t * 0.62, y * t + t * 0.66), max(14, t // 3), theme.SHADOW, "center", bold=True)
        for seat, (x, y, d) in enumerate(b.starts):
            img = self.art.get(t, role="marker", marker="start", dir=DIRS[d])
            faded = img.copy()
            faded.set_alpha(110)
            surf.blit(faded, (x * t, y * t))
            draw_text(surf, str(seat + 1), (x * t + 4, y * t + 2), max(12, t // 4), theme.TEXT_DIM, "topleft", bold=True)
        rx, ry, rd = b.reboot
        surf.blit(self.art.get(t, role="marker", marker="reboot", dir=DIRS[rd]), (rx * t, ry * t))
        return surf

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background, self.rect)
        pygame.draw.rect(surface, theme.PANEL_EDGE, self.rect, 2)

    def draw_robot(self, surface, seat: int, x: float, y: float, angle: float, flash: float = 0.0) -> None:
        """angle in quarter turns (0 = N, 1 = E ...), fractional while turning."""
        cx, cy = self.centre(x, y)
        t = self.tile
        colour = ROBOT_COLOURS[seat % 6]
        r = t * 0.36
        a = (angle - 1) * math.pi / 2          # 0 quarter turns = up
        tip = (cx + math.cos(a) * r, cy + math.sin(a) * r)
        left = (cx + math.cos(a + 2.4) * r, cy + math.sin(a + 2.4) * r)
        right = (cx + math.cos(a - 2.4) * r, cy + math.sin(a - 2.4) * r)
        pygame.draw.circle(surface, theme.SHADOW, (cx + 2, cy + 3), r)
        pygame.draw.circle(surface, colour, (cx, cy), r)
        pygame.draw.circle(surface, theme.SHADOW, (cx, cy), r, 2)
        pygame.draw.polygon(surface, theme.SHADOW, (tip, left, (cx, cy), right))
        pygame.draw.polygon(surface, colour, (tip, left, (cx, cy), right), 0)
        pygame.draw.polygon(surface, theme.SHADOW, (tip, left, (cx, cy), right), 2)
        draw_text(surface, str(seat + 1), (cx, cy), max(12, int(t * 0.32)), theme.SHADOW, "center", bold=True)
        if flash > 0:
            pygame.draw.circle(surface, (255, 255, 255), (cx, cy), r + 4 + 6 * flash, 3)

    def draw_beam(self, surface, path, colour=(255, 60, 60), width=4, origin=None) -> None:
        if not path:
            return
        pts = [self.centre(*p) for p in path]
        if origin is not None:
            pts = [self.centre(*origin)] + pts
        if len(pts) == 1:
            pts = pts * 2
        pygame.draw.lines(surface, colour, False, pts, width)
        pygame.draw.circle(surface, (255, 230, 120), pts[-1], width + 3)

    def draw_preview(self, surface, steps) -> None:
        """Ghost path of the programming preview: list of (x, y, d) after each register."""
        prev = None
        numbers: dict = {}                     # a space visited twice (turning in place) shows "2,3"
        for i, (x, y, d) in enumerate(steps):
            if self.board.inside(x, y):
                numbers.setdefault((x, y), []).append(str(i + 1))
        for i, (x, y, d) in enumerate(steps):
            if not self.board.inside(x, y):
                continue
            c = self.centre(x, y)
            if prev is not None:
                pygame.draw.line(surface, theme.ACCENT, prev, c, 3)
            rect = self.cell_rect(x, y).inflate(-self.tile // 3, -self.tile // 3)
            pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=6)
            if numbers.get((x, y), [None])[-1] == str(i + 1):
                label = ",".join(numbers[(x, y)])
                draw_fit(surface, label, self.cell_rect(x, y).inflate(-4, -4), max(12, self.tile // 4), theme.ACCENT,
                         wrap=False, bold=True)
            tip = (c[0] + DX[d] * self.tile * 0.3, c[1] + DY[d] * self.tile * 0.3)
            pygame.draw.line(surface, theme.ACCENT, c, tip, 3)
            prev = c


    def draw_facing(self, surface, x: int, y: int, d: int) -> None:
        """An arrow out of the robot's square toward `d`: the facing a rebooted robot's owner is picking."""
        cx, cy = self.centre(x, y)
        ux, uy = DX[d], DY[d]
        start = (cx + ux * self.tile * 0.45, cy + uy * self.tile * 0.45)
        tip = (cx + ux * self.tile * 0.95, cy + uy * self.tile * 0.95)
        side = self.tile * 0.2
        base = (tip[0] - ux * side * 1.4, tip[1] - uy * side * 1.4)
        pygame.draw.line(surface, theme.ACCENT, start, base, max(3, self.tile // 10))
        pygame.draw.polygon(surface, theme.ACCENT, [tip, (base[0] - uy * side, base[1] + ux * side),
                                                    (base[0] + uy * side, base[1] - ux * side)])


def draw_card(surface, rect: pygame.Rect, label: str, *, spam: bool = False, use: bool = False,
              focused: bool = False, count: int = 1) -> None:
    """A programming card (or an upgrade to use) as the hand shows it."""
    fill = (110, 50, 50) if spam else (60, 100, 80) if use else (60, 70, 100)
    panel(surface, rect, fill=fill, edge=theme.ACCENT if focused else theme.PANEL_EDGE, radius=8,
          width=3 if focused else 2)
    draw_fit(surface, label, rect.inflate(-10, -34).move(0, -4), "small", theme.TEXT, align="center", bold=focused)
    if count > 1:
        draw_fit(surface, f"x{count}", pygame.Rect(rect.left + 6, rect.bottom - 28, rect.width - 12, 24), "small",
                 theme.ACCENT_2, align="right", wrap=False, bold=True)


class ViewBoard:
    """The course as one seat's view shows it, for a seat played from another Robo Arcade
    (`python main.py join`): the board and every robot where the view puts it."""

    def __init__(self, view, area: pygame.Rect) -> None:
        self.board_view = BoardView(view.board, area)

    def draw(self, surface: pygame.Surface, view) -> None:
        self.board_view.draw(surface)
        for robot in view.robots:
            self.board_view.draw_robot(surface, robot.seat, robot.x, robot.y, robot.d)
