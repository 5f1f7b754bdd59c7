"""Where everything sits on the ROBOMissions table, and how it is drawn.

`build_layout` turns one seat's `SeatView` into rectangles: a zone per player (the viewing
seat at the bottom, the others across the top in turn order), each robot and each part of a
Megabot, Chainbot places (gaps included), the viewer's hand, opponents' hands, the piles and
the buttons. The table screen uses the same rectangles to draw, to hit-test the mouse, to
move the keyboard focus and to aim animations, so they can never disagree.

Drawing reads only the view it is given. Card faces come from `face()`, which is the single
gate for showing a face: a test can watch it to prove no hidden card is ever drawn.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from game.client.text import draw_fit, em_px
from game.client import theme
from game.client.widgets import draw_text, font, opaque_surface, paint_vertical_gradient, panel, render_text
from game.robomissions.rules import engine
from game.robomissions.ui import card_sprites as sprites
from game.robomissions.rules.cards import CardDef
from game.robomissions.rules.view import RobotView, SeatView

Rect = pygame.Rect

STATUS_BAR = Rect(0, 0, 1280, 38)
OPPONENT_AREA = Rect(6, 42, 990, 264)
OWN_ZONE = Rect(6, 312, 990, 222)
SIDEBAR = Rect(1004, 42, 270, 634)
HAND_TOP = 548                       # where resting hand cards start (they peek above the hint bar)
HAND_LIFT = 78                       # how far the focused card rises to show all of it
ZONE_HEADER = 30

SEAT_COLOURS = (theme.ROBOT["green"], theme.ROBOT["red"], theme.ROBOT["purple"], theme.ROBOT["blue"])
TEAM_COLOURS = ((250, 204, 64), (88, 180, 255))
TEAM_NAMES = ("Gold team", "Blue team")
SHIELD_COLOUR = (110, 220, 255)
DAMAGE_COLOUR = theme.BAD

# Item sizes at scale 1.0; zones scale them down until everything fits.
CHIP_W, HEAD_H, BODY_H, LEGS_H, ARM_W, GAP = 80, 48, 52, 36, 30, 4
STATUS_H = 26
SINGLEBOT_SIZE = (92, 120 + STATUS_H)
CHAINBOT_SIZE = (70, 110 + STATUS_H)
SLOT_SIZE = (80, 110 + STATUS_H)
SCALES = (1.3, 1.2, 1.1, 1.0, 0.9, 0.8, 0.7, 0.62, 0.55, 0.48, 0.42, 0.36)

# why a game ended, as the results screen and the table's phone page say it (engine end_reason)
END_REASONS = {"elimination": "Last one standing", "deck": "The End Game deck ran out: most robots wins",
               "turn_cap": "Turn limit reached"}


def ending_words(result: dict) -> str | None:
    """Why the game ended (a Result in JSON form), for the table's phone page."""
    return END_REASONS.get(str(result.get("cause")))


# ------------------------------------------------------------------------ faces


def face(card: CardDef, size: tuple[int, int] = sprites.HAND_SIZE, uid: int | None = None) -> pygame.Surface:
    """Every card face on the table is fetched here (tests watch `uid` to catch peeking)."""
    return sprites.card_face(card, size)


def chip(card: CardDef, size: tuple[int, int], uid: int | None = None) -> pygame.Surface:
    """A table piece (part of a robot on the table, always public)."""
    return sprites.part_chip(card, size)


# ------------------------------------------------------------------------ names & colours


def seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


@lru_cache(maxsize=16)
def mode_teams(mode: str, n_players: int) -> tuple[int, ...]:
    """Team of each seat as the engine deals it (read from a real deal, so they never disagree)."""
    try:
        return tuple(p.team for p in engine.new_game(engine.Config(mode, n_players), 0).players)
    except Exception:  # noqa: BLE001 - an impossible mode/player pair simply has no teams
        return tuple(range(n_players))


def team_label(mode: str, n_players: int, seat: int) -> str:
    if mode == "ffa":
        return ""
    teams = mode_teams(mode, n_players)
    return TEAM_NAMES[teams[seat] % 2] if seat < len(teams) else ""


def seat_colour(view: SeatView, seat: int) -> tuple[int, int, int]:
    if view.mode == "ffa":
        return SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    return TEAM_COLOURS[view.teams[seat] % 2]


# ------------------------------------------------------------------------ layout


@dataclass
class Layout:
    viewer: int
    zones: dict[int, Rect] = field(default_factory=dict)
    scales: dict[int, float] = field(default_factory=dict)
    robots: dict[int, Rect] = field(default_factory=dict)
    parts: dict[tuple[int, str], Rect] = field(default_factory=dict)
    chain_slots: dict[tuple[int, int], Rect] = field(default_factory=dict)
    new_slots: dict[int, Rect] = field(default_factory=dict)
    hands: dict[int, Rect] = field(default_factory=dict)       # opponents' hands (card backs)
    hand_cards: dict[int, Rect] = field(default_factory=dict)  # the viewer's hand, resting position
    piles: dict[str, Rect] = field(default_factory=dict)
    buttons: dict[str, Rect] = field(default_factory=dict)
    log_rect: Rect = field(default_factory=lambda: Rect(0, 0, 0, 0))
    info_rect: Rect = field(default_factory=lambda: Rect(0, 0, 0, 0))

    def robot_center(self, rid: int, fallback: tuple[int, int]) -> tuple[int, int]:
        rect = self.robots.get(rid)
        return rect.center if rect else fallback

    def zone_center(self, seat: int) -> tuple[int, int]:
        zone = self.zones.get(seat)
        return zone.center if zone else (OPPONENT_AREA.centerx, OPPONENT_AREA.centery)


def seat_order(view: SeatView, viewer: int) -> list[int]:
    """Opponents in turn order after the viewer (left to right across the top)."""
    n = len(view.teams)
    return [(viewer + i) % n for i in range(1, n)]


def _megabot_rows(robot: RobotView, full: bool) -> tuple[list[str], list[str]]:
    """Which rows (head/body/legs) and arm columns a Megabot is drawn with.

    The viewer's own Megabots show every place a part could go (arms are attached to them);
    opponents' show only what is there (plus the head place, so "NO HEAD" has a spot),
    which leaves room to draw them bigger.
    """
    if full:
        return ["head", "body", "legs"], ["arm0", "arm1"]
    slots = {slot for slot, _ in robot.parts}
    return [r for r in ("head", "body", "legs") if r == "head" or r in slots], [a for a in ("arm0", "arm1") if a in slots]


def megabot_size(robot: RobotView, full: bool) -> tuple[int, int]:
    rows, arms = _megabot_rows(robot, full)
    heights = {"head": HEAD_H, "body": BODY_H, "legs": LEGS_H}
    width = max(CHIP_W + len(arms) * (ARM_W + GAP), 104)    # wide enough for its HP bar
    return width, sum(heights[r] for r in rows) + GAP * (len(rows) - 1) + STATUS_H


def _zone_items(view: SeatView, seat: int, reserve_new: bool, reserve_end: bool,
                full: bool) -> list[tuple[str, int, tuple[int, int]]]:
    """(kind, ref, base size) of everything in a player's zone, in reading order."""
    items: list[tuple[str, int, tuple[int, int]]] = []
    for rid in view.bots[seat]:
        robot = view.robot(rid)
        items.append(("robot", rid, megabot_size(robot, full) if robot.kind == "megabot" else SINGLEBOT_SIZE))
    if reserve_new:
        items.append(("new", seat, SLOT_SIZE))
    chain = view.chains[seat]
    for index, rid in enumerate(chain):
        items.append(("chain", index, CHAINBOT_SIZE))
    if reserve_end:
        items.append(("chain", len(chain), CHAINBOT_SIZE))
    return items


def _flow(items, area: Rect, scale: float) -> list[Rect] | None:
    """Place items left to right, wrapping rows; None if they do not fit `area` at `scale`."""
    rects, x, y, row_h = [], area.left, area.top, 0
    gap = max(4, int(12 * scale))
    for kind, _ref, (w, h) in items:
        w, h = int(w * scale), int(h * scale)
        if x + w > area.right and x > area.left:
            x, y, row_h = area.left, y + row_h + gap, 0
        rects.append(Rect(x, y, w, h))
        x += w + (gap if kind != "chain" else max(2, gap // 3))
        row_h = max(row_h, h)
    if rects and max(r.bottom for r in rects) > area.bottom:
        return None
    return rects


def split_robot(rect: Rect, scale: float, status_on_top: bool) -> tuple[Rect, Rect]:
    """(picture, HP bar) of a robot's place. The viewer's own robots carry their HP bar on top,
    where the lifted hand card (which rises from below) never covers it."""
    status_h = int(STATUS_H * scale)
    if status_on_top:
        return Rect(rect.left, rect.top + status_h, rect.width, rect.height - status_h), \
            Rect(rect.left, rect.top, rect.width, status_h - 2)
    body = Rect(rect.left, rect.top, rect.width, rect.height - status_h)
    return body, Rect(rect.left, body.bottom + 2, rect.width, status_h - 2)


def _layout_zone(layout: Layout, view: SeatView, seat: int, zone: Rect, reserve_new: bool, reserve_end: bool) -> None:
    """Fit a player's robots into their zone at the largest scale that fits, centred."""
    content = Rect(zone.left + 10, zone.top + ZONE_HEADER + 4, zone.width - 20, zone.height - ZONE_HEADER - 8)
    full = seat == layout.viewer
    items = _zone_items(view, seat, reserve_new, reserve_end, full)
    rects, scale = None, SCALES[-1]
    for scale in SCALES:
        rects = _flow(items, content, scale)
        if rects is not None:
            break
    if rects is None:  # truly crowded: shrink to the smallest and let it clip
        rects = _flow(items, Rect(content.left, content.top, content.width, 10_000), scale) or []
    # centre the used width inside the zone
    if rects:
        used = max(r.right for r in rects) - content.left
        shift = max(0, (content.width - used) // 2)
        rects = [r.move(shift, 0) for r in rects]
    layout.scales[seat] = scale
    for (kind, ref, _size), rect in zip(items, rects):
        if kind == "robot":
            layout.robots[ref] = rect
            robot = view.robot(ref)
            if robot.kind == "megabot":
                for slot, part_rect in megabot_slots(split_robot(rect, scale, full)[0], scale,
                                                     *_megabot_rows(robot, full)).items():
                    layout.parts[(ref, slot)] = part_rect
        elif kind == "new":
            layout.new_slots[seat] = rect
        else:
            layout.chain_slots[(seat, ref)] = rect
            chain = view.chains[seat]
            if ref < len(chain) and chain[ref] is not None:
                layout.robots[chain[ref]] = rect


def megabot_slots(rect: Rect, scale: float, rows: list[str], arms: list[str]) -> dict[str, Rect]:
    """Head on top, Body in the middle with an Arm on either side, Legs below."""
    s = scale
    chip_w, arm_w, gap = int(CHIP_W * s), int(ARM_W * s), max(2, int(GAP * s))
    heights = {"head": int(HEAD_H * s), "body": int(BODY_H * s), "legs": int(LEGS_H * s)}
    structure_w = chip_w + len(arms) * (arm_w + gap)
    left = rect.centerx - structure_w // 2 + (arm_w + gap if "arm0" in arms else 0)
    slots: dict[str, Rect] = {}
    y = rect.top
    for row in rows:
        slots[row] = Rect(left, y, chip_w, heights[row])
        y += heights[row] + gap
    if "body" in slots:
        body = slots["body"]
        arm_h = body.height + (heights["legs"] // 2 if "legs" in slots else 0)
        if "arm0" in arms:
            slots["arm0"] = Rect(body.left - gap - arm_w, body.top, arm_w, arm_h)
        if "arm1" in arms:
            slots["arm1"] = Rect(body.right + gap, body.top, arm_w, arm_h)
    return slots


def hand_positions(count: int, area_left: int = 20, area_right: int = 990) -> list[Rect]:
    """Resting rectangles of a fanned hand (a slight arc; overlapping when the hand is big)."""
    w, h = sprites.HAND_SIZE
    if count == 0:
        return []
    span = area_right - area_left - w
    step = min(w + 10, span / max(1, count - 1)) if count > 1 else 0
    total = step * (count - 1) + w
    left = area_left + (area_right - area_left - total) / 2
    rects = []
    for i in range(count):
        offset = (i - (count - 1) / 2) / max(1, count)
        rects.append(Rect(int(left + i * step), int(HAND_TOP + abs(offset) * 30), w, h))
    return rects


def build_layout(view: SeatView, viewer: int, reserve_new: frozenset[int] = frozenset(),
                 reserve_end: frozenset[int] = frozenset()) -> Layout:
    layout = Layout(viewer)
    opponents = seat_order(view, viewer)
    width = OPPONENT_AREA.width // max(1, len(opponents))
    for index, seat in enumerate(opponents):
        zone = Rect(OPPONENT_AREA.left + index * width, OPPONENT_AREA.top, width - 6, OPPONENT_AREA.height)
        layout.zones[seat] = zone
        layout.hands[seat] = Rect(zone.right - 66, zone.top + 4, 60, 22)
        _layout_zone(layout, view, seat, zone, seat in reserve_new, seat in reserve_end)
    layout.zones[viewer] = OWN_ZONE
    _layout_zone(layout, view, viewer, OWN_ZONE, viewer in reserve_new, viewer in reserve_end)
    for uid, rect in zip(view.hand if view.seat == viewer else (), hand_positions(len(view.hand))):
        layout.hand_cards[uid] = rect
    pile_w, pile_h = 66, 92
    for index, name in enumerate(("draw", "discard", "used")):
        layout.piles[name] = Rect(SIDEBAR.left + 14 + index * 86, SIDEBAR.top + 8, pile_w, pile_h)
    layout.info_rect = Rect(SIDEBAR.left, SIDEBAR.top + 136, SIDEBAR.width, 190)
    layout.buttons["end_turn"] = Rect(SIDEBAR.left + 6, layout.info_rect.bottom + 8, 128, 44)
    layout.buttons["cancel"] = Rect(SIDEBAR.left + 140, layout.info_rect.bottom + 8, 124, 44)
    layout.log_rect = Rect(SIDEBAR.left, layout.buttons["end_turn"].bottom + 8, SIDEBAR.width,
                           SIDEBAR.bottom - layout.buttons["end_turn"].bottom - 8)
    return layout


# ------------------------------------------------------------------------ drawing the table


@lru_cache(maxsize=4)
def table_background(size: tuple[int, int] = theme.LOGICAL_SIZE) -> pygame.Surface:
    """The felt and the fixed panels, drawn once."""
    surface = opaque_surface(size)
    paint_table_background(surface)
    return surface


def paint_table_background(surface: pygame.Surface) -> None:
    """The felt and the fixed panels, painted over all of `surface` (the table's board layer
    repaints them at each redraw: a full-screen copy kept to blit costs 3.7 MB and, at the
    first frame, its fresh pages; issue 26)."""
    width, height = surface.get_size()
    paint_vertical_gradient(surface, (28, 44, 52), (14, 22, 28))
    for x in range(0, width, 40):
        pygame.draw.line(surface, (32, 50, 58), (x, 0), (x, height))
    for y in range(0, height, 40):
        pygame.draw.line(surface, (32, 50, 58), (0, y), (width, y))
    panel(surface, SIDEBAR, fill=(26, 30, 44), edge=theme.PANEL_EDGE, radius=12)


def draw_turn_glow(surface: pygame.Surface, zone: Rect, now: float) -> None:
    """The pulsing frame around the zone of the player whose turn it is (drawn every frame)."""
    glow = 2 + int(2 * (1 + math.sin(now * 4)))
    pygame.draw.rect(surface, theme.ACCENT, zone.inflate(glow * 2, glow * 2), 2, border_radius=14)


def seat_symbol(surface: pygame.Surface, seat: int, center: tuple[int, int], size: int, colour) -> None:
    """A shape per seat (circle, triangle, square, diamond) so players never depend on colour alone."""
    x, y = center
    r = size // 2
    if seat % 4 == 0:
        pygame.draw.circle(surface, colour, center, r)
    elif seat % 4 == 1:
        pygame.draw.polygon(surface, colour, [(x, y - r), (x + r, y + r), (x - r, y + r)])
    elif seat % 4 == 2:
        pygame.draw.rect(surface, colour, (x - r + 1, y - r + 1, 2 * r - 2, 2 * r - 2))
    else:
        pygame.draw.polygon(surface, colour, [(x, y - r), (x + r, y), (x, y + r), (x - r, y)])


def draw_zone(surface: pygame.Surface, view: SeatView, layout: Layout, seat: int, labels: dict[int, str],
              hidden: set[int] | frozenset[int] = frozenset(), patterns: bool = True) -> None:
    """One player's area: header (name, team, hand size) and every robot (static: cache it).

    With colour-blind patterns on, the header starts with the seat's shape.
    """
    zone = layout.zones[seat]
    colour = seat_colour(view, seat)
    alive = view.alive[seat]
    current = view.current == seat and not view.over
    fill = (34, 40, 56) if alive else (30, 30, 34)
    panel(surface, zone, fill=fill, edge=colour if alive else (70, 70, 76), radius=12, width=4 if current else 2)
    header = Rect(zone.left, zone.top, zone.width, ZONE_HEADER)
    pygame.draw.rect(surface, colour if alive else (70, 70, 76), header, border_top_left_radius=12,
                     border_top_right_radius=12)
    name = labels.get(seat, seat_name(seat))
    left = header.left + 10
    if patterns:
        seat_symbol(surface, seat, (left + 8, header.centery), 16, theme.SHADOW)
        left += 24
    room = header.right - left - (74 if seat != layout.viewer else 10)
    draw_fit(surface, name, Rect(left, header.top, room, header.height), 22, theme.SHADOW, valign="middle",
             wrap=False, min_size=16, bold=True)
    if seat != layout.viewer:
        _draw_hand_backs(surface, layout.hands[seat], view.hand_counts[seat])
    if not alive:
        draw_text(surface, "OUT", zone.center, "title", (90, 90, 96), "center", bold=True)
        return
    scale = layout.scales.get(seat, 1.0)
    for rid in view.bots[seat]:
        if rid not in hidden:
            draw_robot(surface, view, view.robot(rid), layout, scale)
    chain = view.chains[seat]
    for index, rid in enumerate(chain):
        rect = layout.chain_slots.get((seat, index))
        if rect is None:
            continue
        if rid is None:
            gap = split_robot(rect, scale, seat == layout.viewer)[0]
            surface.blit(sprites.card_slot(gap.size, "gap"), gap)
        elif rid not in hidden:
            draw_robot(surface, view, view.robot(rid), layout, scale)
    # chain links between neighbouring Chainbots
    for index in range(len(chain) - 1):
        a, b = layout.chain_slots.get((seat, index)), layout.chain_slots.get((seat, index + 1))
        if a and b and chain[index] is not None and chain[index + 1] is not None and abs(a.top - b.top) < 4:
            y = chain_link_y(a, scale, seat == layout.viewer)
            pygame.draw.line(surface, (200, 200, 210), (a.right - 2, y), (b.left + 2, y), max(2, int(5 * scale)))


def chain_link_y(rect: Rect, scale: float, status_on_top: bool) -> int:
    """Where the link between two Chainbots runs: across their pictures, below the names."""
    body = split_robot(rect, scale, status_on_top)[0]
    return body.top + int(body.height * 0.62)


def _draw_hand_backs(surface: pygame.Surface, rect: Rect, count: int) -> None:
    """An opponent's hand: a small fan of backs and the count (never the faces)."""
    back = sprites.card_back((16, 22))
    for i in range(min(count, 3)):
        surface.blit(back, (rect.left + i * 6, rect.top))
    draw_text(surface, f"x{count}", (rect.left + 34, rect.centery), "small", theme.SHADOW, "midleft", bold=True)


def draw_robot(surface: pygame.Surface, view: SeatView, robot: RobotView, layout: Layout, scale: float) -> None:
    rect = layout.robots.get(robot.rid)
    if rect is None:
        return
    body, status = split_robot(rect, scale, robot.owner == layout.viewer)
    parts = dict(robot.parts)
    if robot.kind == "megabot":
        for slot in ("head", "body", "arm0", "arm1", "legs"):
            part_rect = layout.parts.get((robot.rid, slot))
            if part_rect is None:
                continue
            if slot in parts:
                surface.blit(chip(view.cards[parts[slot]], part_rect.size, parts[slot]), part_rect)
            else:
                pygame.draw.rect(surface, (62, 72, 96), part_rect, 1, border_radius=6)
        if "head" not in parts:
            _tag(surface, "NO HEAD", (body.centerx, layout.parts[(robot.rid, "head")].centery), theme.BAD, scale)
    else:
        uid = parts["core"]
        surface.blit(chip(view.cards[uid], body.size, uid), body)
    if robot.shield is not None:
        pygame.draw.rect(surface, SHIELD_COLOUR, body.inflate(8, 8), 3, border_radius=10)
        _tag(surface, "FORCE FIELD", (body.centerx, body.bottom - 2), SHIELD_COLOUR, scale)
    if robot.battery is not None:
        ready = view.turns_taken[robot.owner] > robot.battery_turn
        if robot.kind == "megabot":   # left of the head, mirroring the damage counter on the right
            head = layout.parts[(robot.rid, "head")]
            center = (head.left - int(16 * scale), head.top + int(20 * scale))
        else:
            center = (body.left + int(16 * scale), body.bottom - int(24 * scale))
        _battery_badge(surface, center, ready, scale)
    if robot.rid in view.attacked:
        _tag(surface, "ATTACKED", (body.centerx, body.centery), theme.TEXT_DIM, scale)
    _draw_status(surface, robot, status, scale)
    if robot.damage:
        radius = max(11, int(16 * scale))
        if robot.kind == "megabot":   # beside the head, where no part ever goes
            head = layout.parts[(robot.rid, "head")]
            center = (head.right + radius - 2, head.top + radius)
        else:                          # over the bottom corner of the picture, clear of the name
            center = (body.right - radius + 3, body.bottom - radius - 3)
        _damage_badge(surface, robot.damage, center, radius)


def _battery_badge(surface: pygame.Surface, center: tuple[int, int], ready: bool, scale: float) -> None:
    """An attached Parallel Pack: two cells, and whether its second attack is NOW or NEXT turn."""
    colour = sprites.KIND_COLOURS["battery"] if ready else (150, 130, 60)
    w, h = max(8, int(10 * scale)), max(14, int(22 * scale))
    for dx in (-w // 2 - 1, w // 2 + 1):
        cell = Rect(0, 0, w, h)
        cell.center = (center[0] + dx, center[1] - 6)
        pygame.draw.rect(surface, theme.SHADOW, cell.move(1, 2), border_radius=3)
        pygame.draw.rect(surface, colour, cell, border_radius=3)
        pygame.draw.rect(surface, theme.SHADOW, (cell.centerx - 2, cell.top - 3, 4, 3))
    _tag(surface, "NOW" if ready else "NEXT", (center[0], center[1] + h // 2), colour, scale * 0.8)


def _tag(surface: pygame.Surface, text: str, center: tuple[int, int], colour, scale: float) -> None:
    px = max(12, int(16 * scale))
    image = render_text(text, px, theme.SHADOW, True)
    pill = image.get_rect(center=center).inflate(8, 2)
    pygame.draw.rect(surface, colour, pill, border_radius=pill.height // 2)
    surface.blit(image, image.get_rect(center=pill.center))


STATUS_REFERENCE_PX = 20     # the robot names' size: its font is open by the time a status bar is drawn
STATUS_SLACK = 1.15          # a size whose width, scaled from the reference, is 15% over the room is not measured


def status_label(texts: tuple[str, ...], width: int, top_px: int) -> tuple[str, int] | None:
    """The first of `texts` at the largest size from `top_px` down to 12 (steps of 2) that fits
    `width`, bold; None when none does.

    Each size measured opens a font and loads its glyphs, so a size whose width, scaled from one
    measure at STATUS_REFERENCE_PX, is clearly too wide is skipped unmeasured (issue 26: at the
    first frame the search opened three fonts only to refuse them). While widths follow the size
    to within STATUS_SLACK, the choice is the one measuring every size gives (a test checks it).
    """
    reference_em = em_px(STATUS_REFERENCE_PX)
    for text in texts:
        reference = font(STATUS_REFERENCE_PX, True).size(text)[0]
        for px in range(top_px, 11, -2):
            if reference * em_px(px) / reference_em > width * STATUS_SLACK:
                continue
            if font(px, True).size(text)[0] <= width:
                return text, px
    return None


def _draw_status(surface: pygame.Surface, robot: RobotView, rect: Rect, scale: float) -> None:
    """HP bar with 'HP left/total', the damage counter badge and AP."""
    left = max(0, robot.hp - robot.damage)
    bar = Rect(rect.left + 2, rect.top + 2, rect.width - 4, rect.height - 4)
    pygame.draw.rect(surface, theme.SHADOW, bar, border_radius=5)
    if robot.hp > 0:
        filled = bar.copy()
        filled.width = int(bar.width * left / robot.hp)
        colour = theme.GOOD if left * 2 > robot.hp else (240, 180, 60) if left * 4 > robot.hp else theme.BAD
        pygame.draw.rect(surface, colour, filled, border_radius=5)
    fit = status_label((f"HP {left}/{robot.hp}  AP {robot.ap}", f"HP {left}/{robot.hp}", f"{left}/{robot.hp}"),
                       bar.width - 6, max(12, int(20 * scale)))
    if fit is not None:
        text, px = fit
        image, shadow = render_text(text, px, theme.TEXT, True), render_text(text, px, theme.SHADOW, True)
        surface.blit(shadow, shadow.get_rect(center=(bar.centerx + 1, bar.centery + 2)))
        surface.blit(image, image.get_rect(center=bar.center))


def _damage_badge(surface: pygame.Surface, damage: int, center: tuple[int, int], radius: int) -> None:
    """The pile of damage counters on a robot, shown as one red counter with the total."""
    pygame.draw.circle(surface, theme.SHADOW, (center[0] + 1, center[1] + 3), radius)
    pygame.draw.circle(surface, DAMAGE_COLOUR, center, radius)
    pygame.draw.circle(surface, theme.TEXT, center, radius, 2)
    image = render_text(str(damage), max(12, radius + 2), theme.TEXT, True)
    surface.blit(image, image.get_rect(center=center))


def mark(surface: pygame.Surface, rect: Rect, text: str, colour) -> None:
    """A labelled frame: the attacker being used, the card being played."""
    pygame.draw.rect(surface, colour, rect.inflate(10, 10), 4, border_radius=12)
    _tag(surface, text, (rect.centerx, rect.top - 4), colour, 1.0)


def draw_slot(surface: pygame.Surface, rect: Rect, text: str) -> None:
    """A place a new robot can go (shown only while it is a legal choice)."""
    surface.blit(sprites.card_slot(rect.size, text), rect)


def draw_piles(surface: pygame.Surface, view: SeatView, layout: Layout) -> None:
    size = layout.piles["draw"].size
    labels = {"draw": "Deck", "discard": "Discard", "used": "Used"}
    counts = {"draw": view.deck_size, "discard": len(view.discard), "used": len(view.used)}
    tops = {"draw": None, "discard": view.discard[-1] if view.discard else None,
            "used": view.used[-1] if view.used else None}
    for name, rect in layout.piles.items():
        if counts[name] == 0:
            surface.blit(sprites.card_slot(size, "empty"), rect)
        elif name == "draw":
            for i in range(min(3, counts[name]), 0, -1):
                surface.blit(sprites.card_back(size), rect.move(i * 2, -i * 2))
        else:
            uid = tops[name]
            surface.blit(face(view.cards[uid], size, uid), rect)
        draw_text(surface, f"{labels[name]} {counts[name]}", (rect.centerx, rect.bottom + 14), "tiny", theme.TEXT,
                  "center", bold=True)


def draw_hand_card(surface: pygame.Surface, view: SeatView, uid: int, rect: Rect, dim: bool) -> None:
    surface.blit(face(view.cards[uid], rect.size, uid), rect)
    if dim:
        shade = _shade(rect.size)
        surface.blit(shade, rect)


@lru_cache(maxsize=8)
def _shade(size: tuple[int, int]) -> pygame.Surface:
    shade = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (10, 12, 20, 150), shade.get_rect(), border_radius=max(4, size[0] // 14))
    return shade


@lru_cache(maxsize=4)
def screen_shade(alpha: int) -> pygame.Surface:
    """A full-screen translucent black layer for overlays (built once, not every frame)."""
    shade = pygame.Surface(theme.LOGICAL_SIZE, pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    return shade


def draw_hidden_hand(surface: pygame.Surface, count: int, text: str) -> None:
    """A hand this screen may not show (another human's, or an all-AI table): backs only."""
    for rect in hand_positions(count):
        surface.blit(sprites.card_back(rect.size), rect)
    if text:
        draw_text(surface, text, (500, HAND_TOP + 40), "body", theme.TEXT, "center", bold=True, shadow=True)


def highlight(surface: pygame.Surface, rect: Rect, focused: bool, now: float) -> None:
    """Legal options pulse softly; the focused one gets a thick bright frame."""
    if focused:
        pygame.draw.rect(surface, theme.ACCENT, rect.inflate(10, 10), 5, border_radius=12)
        pygame.draw.polygon(surface, theme.ACCENT, [(rect.centerx - 10, rect.top - 18), (rect.centerx + 10, rect.top - 18),
                                                    (rect.centerx, rect.top - 7)])
    else:
        pulse = 0.5 + 0.5 * math.sin(now * 5)
        colour = tuple(int(a + (b - a) * pulse) for a, b in zip((120, 150, 90), theme.GOOD))
        pygame.draw.rect(surface, colour, rect.inflate(6, 6), 3, border_radius=10)


def draw_button(surface: pygame.Surface, rect: Rect, text: str, enabled: bool, focused: bool) -> None:
    fill = theme.ACCENT if focused else (theme.PANEL if enabled else (34, 36, 46))
    colour = theme.BG if focused else (theme.TEXT if enabled else theme.TEXT_DIM)
    panel(surface, rect, fill=fill, edge=theme.ACCENT if enabled else theme.PANEL_EDGE, radius=10)
    draw_text(surface, text, rect.center, "small", colour, "center", bold=True)
