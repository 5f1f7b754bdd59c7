"""Draws a Robo Run map: a cached static layer plus the things that move.

Why this shape: on a Raspberry Pi the costly part of a frame is touching every tile, so
everything that never changes during a scenario (spaces, edge walls, gates, spawn markers,
grid) is rendered ONCE into one opaque surface; each frame then costs one blit plus a few
small sprite blits for robots and tokens.

The map is drawn from the LevelSpec (the plain model the Tiled loader builds from the
map's layers) with the same sprites the Tiled tileset uses, so what the designer sees in
Tiled is what the player sees. The renderer knows nothing about rules.

The board can be drawn turned 180 degrees (`flip=True`) for seat 1, who sits at the top
edge of the physical map: then "up" on screen is that seat's up, and card arrows, which
are read from the active seat, point the way they look on the card.
"""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from pathlib import Path

import pygame

from game.client import theme
from game.client.widgets import draw_text, opaque_surface
from game.roborun.rules.geometry import board as rules_board
from game.roborun.rules.level import DELTAS, LevelSpec, Pos, Space

SPRITE_DIR = Path(__file__).resolve().parents[3] / "sprites" / "roborun"
BAD_LETTERS = {"white": "W", "purple": "P", "blue": "B"}
GRID_LINE = (40, 44, 52)
FLIP_DIR = {"N": "S", "S": "N", "E": "W", "W": "E"}


# ---------------------------------------------------------------- sprites
@lru_cache(maxsize=128)            # bounded: one per sprite file (every cache is bounded)
def _raw_sprite(name: str) -> pygame.Surface | None:
    path = SPRITE_DIR / f"{name}.png"
    if not path.exists():
        return None
    image = pygame.image.load(str(path))
    return image.convert_alpha() if pygame.display.get_surface() else image


@lru_cache(maxsize=512)            # bounded: pawns scale during animations (many sizes)
def sprite(name: str, width: int, height: int | None = None) -> pygame.Surface | None:
    """The named sprite scaled once to the size asked for (cached per size)."""
    raw = _raw_sprite(name)
    if raw is None:
        return None
    size = (width, height if height is not None else width)
    return raw if raw.get_size() == size else pygame.transform.smoothscale(raw, size)


def space_sprite_name(space: Space) -> str:
    """The sprite file name for a space, following sprites/generate.py's catalogue."""
    kind = space.kind
    if kind in ("exit",):
        return f"space_exit_{space.colour or 'green'}"
    if kind == "hazard":
        return f"space_hazard_{space.variant or 'shredder'}"
    if kind in ("pusher", "production_line"):
        return f"space_{kind}_{space.direction or 'N'}"
    if kind == "number_changer":
        value = space.value or 0
        return f"space_number_changer_{'plus' if value > 0 else 'minus'}{abs(value)}"
    if kind == "number_exchanger":
        return f"space_number_exchanger_{space.value}"
    if kind == "hidden_exit":
        return f"space_hidden_exit_{space.colour}_{space.value}"
    return f"space_{kind}"


def token_sprite_name(kind: str, value: int | None = None, direction: str | None = None) -> str:
    if kind == "number" and value is not None:
        return f"token_number_{value}"
    if kind == "production_line" and direction:
        return f"token_production_line_{direction}"
    return f"token_{kind}"


def _fallback_tile(size: int, label: str, fill=(70, 76, 90)) -> pygame.Surface:
    """A plain labelled square for art that does not exist (yet): never crash on new kinds."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(surface, fill, surface.get_rect().inflate(-4, -4), border_radius=size // 6)
    pygame.draw.rect(surface, theme.SHADOW, surface.get_rect().inflate(-4, -4), 2, border_radius=size // 6)
    draw_text(surface, label[:4], (size // 2, size // 2), max(12, size // 3), theme.TEXT, "center", bold=True)
    return surface


@lru_cache(maxsize=256)
def robot_image(colour: str, size: int, patterns: bool) -> pygame.Surface:
    """A robot pawn; with colour-blind patterns on, bad robots also carry a letter badge."""
    base = sprite(f"robot_{colour}", size)
    image = base.copy() if base is not None else _fallback_tile(size, colour, theme.ROBOT.get(colour, (128, 128, 128)))
    if patterns and colour in BAD_LETTERS:
        r = max(7, size // 6)
        centre = (size - r - 1, size - r - 1)
        pygame.draw.circle(image, theme.SHADOW, centre, r)
        pygame.draw.circle(image, theme.TEXT, centre, r, 2)
        draw_text(image, BAD_LETTERS[colour], centre, max(12, int(r * 1.6)), theme.TEXT, "center", bold=True)
    return image


@lru_cache(maxsize=256)
def token_image(kind: str, value: int | None, direction: str | None, size: int) -> pygame.Surface:
    image = sprite(token_sprite_name(kind, value, direction), size)
    if image is None:
        label = str(value) if value is not None else kind
        image = _fallback_tile(size, label, (150, 70, 50) if kind == "wall" else (90, 90, 110))
    return image


@lru_cache(maxsize=64)             # bounded: colours x the few board sizes
def ghost_image(colour: str, size: int) -> pygame.Surface:
    """A see-through copy of a pawn: where a previewed card would leave that robot."""
    image = robot_image(colour, size, False).copy()
    image.set_alpha(120)
    return image


# ---------------------------------------------------------------- renderer
class BoardRenderer:
    """Maps board coordinates to the screen and draws the map inside `area`."""

    def __init__(self, level: LevelSpec, area: pygame.Rect, flip: bool = False, patterns: bool = True,
                 max_tile: int = 64) -> None:
        self.level = level
        self.area = pygame.Rect(area)
        self.flip = flip
        self.patterns = patterns
        self.tile = max(16, min(max_tile, self.area.width // level.width, self.area.height // level.height))
        size = (self.tile * level.width, self.tile * level.height)
        self.rect = pygame.Rect((0, 0), size)
        self.rect.center = self.area.center
        self.static = self._render_static()

    # coordinates -----------------------------------------------------
    def to_screen(self, fx: float, fy: float) -> tuple[float, float]:
        """Top-left pixel of board cell (fx, fy); fractional coordinates for moving pieces."""
        if self.flip:
            fx, fy = self.level.width - 1 - fx, self.level.height - 1 - fy
        return self.rect.left + fx * self.tile, self.rect.top + fy * self.tile

    def centre(self, fx: float, fy: float) -> tuple[int, int]:
        x, y = self.to_screen(fx, fy)
        return int(x + self.tile / 2), int(y + self.tile / 2)

    def cell_rect(self, pos: Pos) -> pygame.Rect:
        x, y = self.to_screen(*pos)
        return pygame.Rect(int(x), int(y), self.tile, self.tile)

    def pos_at(self, point: tuple[int, int]) -> Pos | None:
        if not self.rect.collidepoint(point):
            return None
        x = (point[0] - self.rect.left) // self.tile
        y = (point[1] - self.rect.top) // self.tile
        if self.flip:
            x, y = self.level.width - 1 - x, self.level.height - 1 - y
        return (x, y)

    def to_board(self, point: tuple[float, float]) -> tuple[float, float]:
        """Fractional board coordinates of a screen point (a pawn centred there)."""
        fx = (point[0] - self.rect.left) / self.tile - 0.5
        fy = (point[1] - self.rect.top) / self.tile - 0.5
        if self.flip:
            fx, fy = self.level.width - 1 - fx, self.level.height - 1 - fy
        return fx, fy

    def screen_direction(self, direction: str) -> str:
        """The on-screen direction of an absolute map direction (turned when flipped)."""
        return "".join(FLIP_DIR[d] for d in direction) if self.flip else direction

    # static layer ----------------------------------------------------
    def _render_static(self) -> pygame.Surface:
        level, t = self.level, self.tile
        surface = opaque_surface(self.rect.size)      # in the display's format: no convert() copy
        surface.fill(GRID_LINE)
        offset = pygame.Vector2(self.rect.topleft)
        line_dir = rules_board(level).line_dir      # a Production Line token turns its whole line
        for y in range(level.height):
            for x in range(level.width):
                space = level.spaces[y][x]
                if space.kind in ("pusher", "production_line"):
                    direction = line_dir.get((x, y), space.direction) if space.kind == "production_line" \
                        else space.direction
                    space = replace(space, direction=self.screen_direction(direction or "N"))
                image = sprite(space_sprite_name(space), t) or _fallback_tile(t, space.kind)
                surface.blit(image, pygame.Vector2(self.to_screen(x, y)) - offset)
        for round_number, pos in sorted(level.spawns.items()):
            marker = sprite(f"spawn_{round_number}", t)
            if marker is not None:
                surface.blit(marker, pygame.Vector2(self.to_screen(*pos)) - offset)
        for (pos, direction) in sorted(level.walls):
            self._blit_edge(surface, sprite("wall", t, max(4, t // 4)), pos, direction, offset)
        for (pos, direction), colours in sorted(level.gates.items(), key=lambda item: item[0]):
            self._blit_edge(surface, self._gate_bar(colours), pos, direction, offset)
        self._draw_links(surface, offset)
        for token in level.tokens:          # fixed for the scenario: part of the board, not the stage
            if token.kind == "production_line" and token.direction:
                image = token_image("production_line", None, self.screen_direction(token.direction),
                                    max(4, int(t * 0.62) & ~1))
                centre = pygame.Vector2(self.centre(*token.pos)) - offset
                surface.blit(image, image.get_rect(center=(int(centre.x), int(centre.y))))
        pygame.draw.rect(surface, theme.SHADOW, surface.get_rect(), 3)
        return surface

    def _gate_bar(self, colours: frozenset[str]) -> pygame.Surface:
        t, h = self.tile, max(4, self.tile // 4)
        if self.patterns:
            image = sprite("gate_" + "_".join(sorted(colours)), t, h)
            if image is not None:
                return image
        bar = pygame.Surface((t, h), pygame.SRCALPHA)
        ordered = sorted(colours)
        seg = t / max(1, len(ordered))
        for index, colour in enumerate(ordered):
            pygame.draw.rect(bar, theme.ROBOT.get(colour, (200, 200, 200)), (index * seg, 0, seg + 1, h))
        pygame.draw.rect(bar, theme.SHADOW, bar.get_rect(), 2, border_radius=3)
        return bar

    def _blit_edge(self, surface, bar, pos: Pos, direction: str, offset) -> None:
        """Centre a horizontal bar on the edge leaving `pos` towards `direction` (E or S)."""
        if bar is None:
            return
        screen_dir = self.screen_direction(direction)
        cx, cy = self.centre(*pos)
        dx, dy = DELTAS[screen_dir]
        ex, ey = cx + dx * self.tile / 2 - offset.x, cy + dy * self.tile / 2 - offset.y
        image = bar if dy else pygame.transform.rotate(bar, 90)
        surface.blit(image, image.get_rect(center=(int(ex), int(ey))))

    def _draw_links(self, surface, offset) -> None:
        """Thin dotted lines from each tunnel to its exit and between lift pairs."""
        pairs = list(self.level.tunnels.items()) + list(self.level.lifts)
        for a, b in pairs:
            start = pygame.Vector2(self.centre(*a)) - offset
            end = pygame.Vector2(self.centre(*b)) - offset
            length = start.distance_to(end)
            if length < 1:
                continue
            steps = int(length // 10)
            for k in range(1, steps):
                if k % 2:
                    point = start.lerp(end, k / steps)
                    pygame.draw.circle(surface, (250, 200, 30), point, 2)

    # per frame -------------------------------------------------------
    def draw_static(self, surface: pygame.Surface, shake: tuple[int, int] = (0, 0)) -> None:
        surface.blit(self.static, self.rect.move(shake))

    def draw_token(self, surface, kind: str, value, direction, fx: float, fy: float, scale: float = 1.0) -> None:
        size = max(4, int(self.tile * 0.8 * scale) & ~1)
        image = token_image(kind, value, direction, size)
        cx, cy = self.centre(fx, fy)
        surface.blit(image, image.get_rect(center=(cx, cy)))

    def robot_blit(self, colour: str, fx: float, fy: float, scale: float = 1.0, lift: float = 0.0):
        """(image, topleft) for one pawn; the scene batches these with fblits."""
        size = max(4, int(self.tile * 0.92 * scale) & ~1)     # even sizes only: half the cached images
        image = robot_image(colour, size, self.patterns)
        cx, cy = self.centre(fx, fy)
        return image, (cx - size // 2, cy - size // 2 - int(lift * self.tile))

    def draw_ghost(self, surface, colour: str, pos: Pos) -> None:
        size = int(self.tile * 0.8)
        image = ghost_image(colour, size)
        surface.blit(image, image.get_rect(center=self.centre(*pos)))

    def draw_destroyed_mark(self, surface, pos: Pos) -> None:
        """Preview: the robot on `pos` would be destroyed (a red X)."""
        rect = self.cell_rect(pos).inflate(-16, -16)
        pygame.draw.line(surface, theme.BAD, rect.topleft, rect.bottomright, 5)
        pygame.draw.line(surface, theme.BAD, rect.topright, rect.bottomleft, 5)

    def draw_escaped_mark(self, surface, pos: Pos) -> None:
        """Preview: the robot on `pos` would escape (a green ring with a tick) - never the red X."""
        rect = self.cell_rect(pos).inflate(-12, -12)
        pygame.draw.ellipse(surface, theme.GOOD, rect, 4)
        a = (rect.left + rect.width * 0.28, rect.top + rect.height * 0.52)
        b = (rect.left + rect.width * 0.45, rect.top + rect.height * 0.70)
        c = (rect.left + rect.width * 0.74, rect.top + rect.height * 0.32)
        pygame.draw.lines(surface, theme.GOOD, False, (a, b, c), 5)

    def draw_highlight(self, surface, pos: Pos, colour=theme.ACCENT, width: int = 4) -> None:
        pygame.draw.rect(surface, colour, self.cell_rect(pos).inflate(-2, -2), width, border_radius=6)

    def draw_arrow(self, surface, pos: Pos, direction: str, colour=theme.ACCENT) -> None:
        """An arrow from the centre of `pos` toward an absolute map direction."""
        screen_dir = self.screen_direction(direction)
        dx = sum(DELTAS[d][0] for d in screen_dir)
        dy = sum(DELTAS[d][1] for d in screen_dir)
        cx, cy = self.centre(*pos)
        t = self.tile
        tip = (cx + dx * t * 0.7, cy + dy * t * 0.7)
        base = (cx + dx * t * 0.34, cy + dy * t * 0.34)
        px, py = -dy * t * 0.2, dx * t * 0.2
        points = [tip, (base[0] + px, base[1] + py), (base[0] - px, base[1] - py)]
        pygame.draw.polygon(surface, colour, points)
        pygame.draw.polygon(surface, theme.SHADOW, points, 2)


def draw_stage(surface: pygame.Surface, board: BoardRenderer, stage, shake: tuple[int, int] = (0, 0),
               only: frozenset | None = None, exclude: frozenset = frozenset(), particles: bool = True) -> None:
    """Tokens, pawns and particles of an anim.Stage over the board (static layer drawn by the caller).

    `only` / `exclude` pick actors by key, so the resting pieces can be cached in a layer
    and only the moving ones drawn each frame.
    """
    dx, dy = shake

    def wanted(actor) -> bool:
        return (only is None or actor.key in only) and actor.key not in exclude

    for token in stage.tokens.values():
        if wanted(token):
            board.draw_token(surface, token.kind, token.value, token.direction, token.x + dx / board.tile,
                             token.y + dy / board.tile, token.scale)
    blits = []
    for actor in sorted(stage.robots.values(), key=lambda a: (a.y, a.x)):
        if actor.visible and actor.scale > 0.02 and wanted(actor):
            image, (x, y) = board.robot_blit(actor.colour, actor.x, actor.y, actor.scale, actor.lift)
            blits.append((image, (x + dx, y + dy)))
    if blits:
        surface.fblits(blits)
    if not particles:
        return
    for p in stage.particles:
        cx, cy = board.centre(p.x - 0.5, p.y - 0.5)
        size = max(2, int(board.tile * 0.08 * min(1.0, p.life * 2)))
        surface.fill(p.colour, (cx + dx, cy + dy, size, size))
