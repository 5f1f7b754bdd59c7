"""The panels around the Robo Run map: card faces, stands, player boards, header, log.

Everything here draws from plain values the play scene reads out of a SeatView, so the
screen can never show a seat something its view does not contain. Card faces and other
fixed pieces are rendered once per (content, size) and cached: the scene redraws the HUD
into its cached backdrop only when the view or the focus changes, never per frame.

Card arrows are drawn as printed on the card: the player reads them from their own seat,
and the board is turned for seat 1, so "up" on a card is always up on the screen.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from game.client.text import display_scale, draw_fit, layout
from game.client import theme
from game.client.widgets import draw_text, font, panel, render_text
from game.roborun.rules.cards import robot_boards
from game.roborun.ui.event_text import ABILITY_NAMES, message_text  # noqa: F401  (ABILITY_NAMES re-exported)

YELLOW_FACE = (250, 204, 64)
BLUE_FACE = (86, 150, 240)
INK = (22, 24, 30)
PART_LABELS = ("YOU", "MATE", "BAD")
STAND_HEIGHT = 150              # card height on the stands: big enough to read the arrows on a TV
REL_VECTORS = {"U": (0, -1), "D": (0, 1), "L": (-1, 0), "R": (1, 0),
               "UL": (-0.75, -0.75), "UR": (0.75, -0.75), "DL": (-0.75, 0.75), "DR": (0.75, 0.75)}


def fit_text(text: str, width: int, size) -> str:
    """The text, shortened with '...' when it would be wider than `width` pixels (one line)."""
    return layout(text, width, 1 << 16, size, min_size=size, wrap=False).lines[0]


# ---------------------------------------------------------------- card faces
def _arrow(surface, centre, vector, length, colour, width) -> None:
    cx, cy = centre
    vx, vy = vector
    norm = math.hypot(vx, vy) or 1
    vx, vy = vx / norm, vy / norm
    tip = (cx + vx * length, cy + vy * length)
    pygame.draw.line(surface, colour, centre, tip, width)
    head = length * 0.55
    px, py = -vy, vx
    left = (tip[0] - vx * head + px * head * 0.6, tip[1] - vy * head + py * head * 0.6)
    right = (tip[0] - vx * head - px * head * 0.6, tip[1] - vy * head - py * head * 0.6)
    pygame.draw.polygon(surface, colour, [tip, left, right])


def draw_action_icon(surface: pygame.Surface, action: tuple, rect: pygame.Rect, colour=INK) -> None:
    """One movement action: arrows for each option, a trail for slides, a chip for CHIP."""
    mode, dirs = action[0], action[1]
    centre = rect.center
    if mode == "chip":
        chip = rect.inflate(-rect.width * 0.3, -rect.height * 0.3)
        pygame.draw.rect(surface, colour, chip, border_radius=4)
        for k in range(3):
            x = chip.left + (k + 1) * chip.width / 4
            pygame.draw.line(surface, colour, (x, chip.top - 4), (x, chip.bottom + 4), 2)
        draw_text(surface, "C", chip.center, max(12, chip.height), YELLOW_FACE, "center", bold=True)
        return
    length = rect.width * (0.48 if len(dirs) == 1 else 0.44)
    width = max(3, rect.width // 8)
    for d in dirs:
        _arrow(surface, centre, REL_VECTORS[d], length, colour, width)
    if mode == "slide":
        for d in dirs:
            vx, vy = REL_VECTORS[d]
            for k in (0.2, 0.45):
                back = (centre[0] - vx * length * k * 1.6, centre[1] - vy * length * k * 1.6)
                pygame.draw.circle(surface, colour, back, max(2, width // 2 + 1))
        pygame.draw.circle(surface, colour, centre, max(3, width))


def card_face(face, size: tuple[int, int], mark: str = "") -> pygame.Surface:
    """A card face (cards.Face) as a small upright card: YOU / MATE / BAD parts top to bottom.

    mark: "" normal, "focus" a thick frame, "beep" a red BEEP flag on it. Cached per window
    scale too: its texts follow the window's text floor (a face drawn for 1280x720 is never
    reused after a resize to 800x480).
    """
    return _card_face(face, tuple(size), mark, display_scale())


@lru_cache(maxsize=256)
def _card_face(face, size: tuple[int, int], mark: str, scale: float) -> pygame.Surface:
    w, h = size
    surface = pygame.Surface(size, pygame.SRCALPHA)
    fill = YELLOW_FACE if face.side == "yellow" else BLUE_FACE
    pygame.draw.rect(surface, fill, surface.get_rect(), border_radius=8)
    pygame.draw.rect(surface, INK, surface.get_rect(), 2, border_radius=8)
    draw_text(surface, str(face.card), (5, 2), "tiny", INK, bold=True)
    row_h = (h - 16) / 3
    parts = (face.top, face.middle, face.bottom)
    for index, part in enumerate(parts):
        top = 16 + index * row_h
        band = pygame.Rect(3, int(top), w - 6, int(row_h) - 2)
        pygame.draw.rect(surface, (255, 255, 255) if index < 2 else (225, 225, 232), band, border_radius=5)
        if index == 2 and face.bottom_colours:    # which bad robots: a column of dots at the left edge
            dot = max(3, min(6, int((band.height - 4) / (2 * len(face.bottom_colours)) - 1)))
            for k, colour in enumerate(face.bottom_colours):
                centre = (band.left + dot + 2, band.top + dot + 2 + k * (dot * 2 + 1))
                pygame.draw.circle(surface, theme.ROBOT[colour], centre, dot)
                pygame.draw.circle(surface, INK, centre, dot, 1)
            band = pygame.Rect(band.left + dot * 2 + 3, band.top, band.width - dot * 2 - 3, band.height)
        if not part:
            pygame.draw.line(surface, (190, 190, 200), (band.left + 8, band.centery), (band.right - 8, band.centery), 2)
            continue
        cell = min(band.height - 2, (band.width - 4) // len(part))
        for k, action in enumerate(part):
            cx = band.centerx + (k - (len(part) - 1) / 2) * (cell + 2)
            draw_action_icon(surface, action, pygame.Rect(int(cx - cell / 2), band.centery - cell // 2, cell, cell))
    if mark == "focus":
        pygame.draw.rect(surface, (255, 255, 255), surface.get_rect(), 4, border_radius=8)
    elif mark == "beep":
        # sized to the label: on a small window the text floor makes "BEEP" wider than 34 px
        label = render_text("BEEP", 14, theme.TEXT, bold=True)
        flag = pygame.Rect(0, 0, min(w, max(34, label.get_width() + 8)), max(16, label.get_height() + 2))
        flag.topright = (w, 0)
        pygame.draw.rect(surface, theme.BAD, flag, border_radius=4)
        draw_text(surface, "BEEP", flag.center, 14, theme.TEXT, "center", bold=True)
    return surface


def card_back(size: tuple[int, int]) -> pygame.Surface:
    """The back of a card (cached per size and window scale, like card_face)."""
    return _card_back(tuple(size), display_scale())


@lru_cache(maxsize=64)
def _card_back(size: tuple[int, int], scale: float) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surface, (70, 74, 92), surface.get_rect(), border_radius=8)
    pygame.draw.rect(surface, INK, surface.get_rect(), 2, border_radius=8)
    draw_text(surface, "?", surface.get_rect().center, "large", theme.TEXT_DIM, "center", bold=True)
    return surface


# ---------------------------------------------------------------- panels
@dataclass
class SeatPanel:
    """What one seat's column shows; filled by the play scene from a SeatView."""

    title: str                      # "You - Green" / "Teammate - Red"
    colour: str                     # robot colour
    board_name: str
    stand: list = field(default_factory=list)      # cards.Face visible to the viewer
    played: int = 0                 # cards in the played stack
    energy: int = 0
    abilities: list[tuple[str, str]] = field(default_factory=list)  # (ability id, "locked"|"unlocked"|"usable")
    chip_level: int = 1
    chip_max: int = 4
    equipment: list[str] = field(default_factory=list)
    numbers: list[int] = field(default_factory=list)
    escaped: bool = False
    active: bool = False
    played_top: int | None = None   # the card on top of the played stack (face up: public)
    message: str = ""               # the last Walkie-Talkie message this seat sent


ENERGY_ROW = 8 + 30 + 24 + STAND_HEIGHT + 8     # offset of the Energy track inside a seat panel


def seat_panel(reader, seat: int, viewer: int, human: bool, usable: frozenset = frozenset()) -> SeatPanel:
    """A SeatPanel from a choice_ui.ViewReader; `usable` = abilities among the viewer's legal choices now."""
    board = robot_boards()[reader.robot_name(seat)]
    unlocked = reader.unlocked(seat)
    abilities = [(a, "usable" if a in usable else "unlocked" if a in unlocked else "locked")
                 for a in board.abilities]
    who = "You" if seat == viewer else "Teammate"
    colour = ("green", "red")[seat]
    played = reader.played(seat)
    said = [text for sender, text in reader.messages() if sender == seat]
    return SeatPanel(
        title=f"{who} - {colour.capitalize()}", colour=colour, board_name=board.name, stand=reader.stand(seat),
        played=len(played), played_top=played[-1].card if played else None,
        message=message_text(said[-1]) if said else "", energy=reader.energy(seat), abilities=abilities,
        chip_level=reader.chip(seat), chip_max=len(board.chip), equipment=reader.equipment(seat),
        numbers=reader.numbers(seat), escaped=reader.escaped(seat),
        active=reader.decision_seat == seat or (reader.decision_seat is None and reader.active == seat))


def stand_card_rects(area: pygame.Rect, count: int) -> list[pygame.Rect]:
    """Where the cards of a stand sit inside `area` (up to 4, side by side)."""
    if count <= 0:
        return []
    gap = 6
    w = min(84, (area.width - gap * (count - 1)) // count)
    h = area.height
    left = area.centerx - (count * w + (count - 1) * gap) // 2
    return [pygame.Rect(left + k * (w + gap), area.top, w, h) for k in range(count)]


def draw_energy(surface, pos: tuple[int, int], energy: int, colour) -> pygame.Rect:
    x, y = pos
    label = draw_text(surface, "Energy", (x, y), "small", theme.TEXT_DIM)
    for k in range(5):
        centre = (label.right + 18 + k * 26, label.centery)
        pygame.draw.circle(surface, (250, 200, 30) if k < energy else (60, 66, 84), centre, 10)
        pygame.draw.circle(surface, theme.SHADOW, centre, 10, 2)
    return pygame.Rect(x, y, label.width + 18 + 5 * 26, label.height)


def draw_seat_panel(surface: pygame.Surface, rect: pygame.Rect, seat: SeatPanel,
                    card_marks: dict[int, str] | None = None) -> list[pygame.Rect]:
    """One seat's column; returns the rects of the stand's cards (for pointer hits)."""
    edge = theme.ACCENT if seat.active else theme.PANEL_EDGE
    panel(surface, rect, edge=edge, width=4 if seat.active else 2)
    x = rect.left + 12
    y = rect.top + 8
    pygame.draw.circle(surface, theme.ROBOT.get(seat.colour, theme.TEXT), (x + 9, y + 13), 9)
    size = "body" if font("body", True).size(seat.title)[0] <= rect.width - 50 else "small"
    draw_text(surface, seat.title, (x + 26, y + (0 if size == "body" else 3)), size,
              theme.ACCENT if seat.active else theme.TEXT, bold=True)
    y += 30
    status = "escaped!" if seat.escaped else seat.board_name
    draw_text(surface, status, (x, y), "small", theme.GOOD if seat.escaped else theme.TEXT_DIM)
    played = f"played {seat.played}" + (f", top #{seat.played_top}" if seat.played_top else "")
    draw_text(surface, played, (rect.right - 12, y + 3), "tiny", theme.TEXT_DIM, "topright")
    y += 24
    stand_area = pygame.Rect(rect.left + 8, y, rect.width - 16, STAND_HEIGHT)
    rects = stand_card_rects(stand_area, len(seat.stand))
    marks = card_marks or {}
    for card_rect, face in zip(rects, seat.stand):
        mark = marks.get(face.card, "")
        surface.blit(card_face(face, card_rect.size, "" if mark == "focus" else mark), card_rect)
        if mark == "focus":     # white frame outside the card: stands out on yellow and blue faces alike
            pygame.draw.rect(surface, (255, 255, 255), card_rect.inflate(6, 6), 3, border_radius=10)
    if not seat.stand:
        draw_text(surface, "stand empty", stand_area.center, "small", theme.TEXT_DIM, "center")
    y = stand_area.bottom + 8
    draw_energy(surface, (x, y), seat.energy, seat.colour)
    y += 28
    draw_text(surface, "CHIP", (x, y), "small", theme.TEXT_DIM)
    for k in range(seat.chip_max):
        box = pygame.Rect(x + 74 + k * 26, y + 2, 20, 16)
        pygame.draw.rect(surface, theme.ACCENT_2 if k < seat.chip_level else (60, 66, 84), box, border_radius=3)
    y += 26
    for ability, state in seat.abilities:        # filled box: unlocked; green: usable right now
        colour = {"usable": theme.GOOD, "unlocked": theme.TEXT}.get(state, (96, 104, 128))
        dot = pygame.Rect(x, y + 4, 12, 12)
        pygame.draw.rect(surface, colour, dot, 2 if state == "locked" else 0, border_radius=3)
        label = ABILITY_NAMES.get(ability, ability) + (" (now)" if state == "usable" else "")
        draw_text(surface, fit_text(label, rect.width - 44, "tiny"), (x + 18, y + 10), "tiny", colour, "midleft",
                  bold=state == "usable")
        y += 21
    y += 4
    if seat.equipment:
        draw_text(surface, "Equipment", (x, y), "small", theme.TEXT_DIM)
        y += 22
        for name in seat.equipment[:3]:
            draw_text(surface, name, (x + 6, y), "small", (240, 160, 80))
            y += 22
        if len(seat.equipment) > 3:
            draw_text(surface, f"+{len(seat.equipment) - 3} more", (x + 6, y), "tiny", theme.TEXT_DIM)
            y += 20
    if seat.numbers:
        draw_text(surface, "Numbers " + " ".join(str(n) for n in seat.numbers), (x, y), "small", theme.TEXT)
        y += 24
    if seat.message:
        bubble = pygame.Rect(rect.left + 8, min(y + 4, rect.bottom - 34), rect.width - 16, 28)
        pygame.draw.rect(surface, theme.ACCENT_2, bubble, border_radius=8)
        draw_text(surface, fit_text(f"says: {seat.message}", bubble.width - 12, "tiny"), (bubble.left + 6,
                  bubble.centery), "tiny", theme.BG, "midleft", bold=True)
    return rects


def draw_token_chip(surface, pos, label: str, available: bool | None) -> pygame.Rect:
    """PASS / BEEP tokens: green side = available, red = used, grey = not in this scenario."""
    fill = (60, 66, 84) if available is None else (theme.GOOD if available else theme.BAD)
    text = render_text(label, "small", theme.BG, True)
    rect = text.get_rect(topleft=pos).inflate(18, 8)
    rect.topleft = pos
    pygame.draw.rect(surface, fill, rect, border_radius=rect.height // 2)
    surface.blit(text, text.get_rect(center=rect.center))
    return rect


def banner(text: str, colour, max_width: int = 10_000) -> pygame.Surface:
    """A caption over the map (card played, BEEP, Event...), rendered once per text and window scale,
    never wider than `max_width` (the map): a long one wraps and shrinks instead of running
    across both side panels (issue 25)."""
    return _banner(text, tuple(colour), display_scale(), max_width)


@lru_cache(maxsize=64)
def _banner(text: str, colour, scale: float, max_width: int) -> pygame.Surface:
    image = render_text(text, "large", tuple(colour), True)
    if image.get_width() + 28 <= max_width:
        surface = pygame.Surface((image.get_width() + 28, image.get_height() + 12))   # opaque: the fast blit
        surface.fill(theme.SHADOW)
        surface.blit(image, (14, 6))
    else:
        surface = pygame.Surface((max_width, 2 * image.get_height() + 12))
        surface.fill(theme.SHADOW)
        draw_fit(surface, text, surface.get_rect().inflate(-28, -12), "large", tuple(colour), align="center",
                 valign="middle", bold=True, min_size="small")
    pygame.draw.rect(surface, tuple(colour), surface.get_rect(), 2)
    return surface.convert() if pygame.display.get_surface() else surface


# tests start from clean caches (cached surfaces die with pygame.quit())
card_face.cache_clear = _card_face.cache_clear      # type: ignore[attr-defined]
card_back.cache_clear = _card_back.cache_clear      # type: ignore[attr-defined]
banner.cache_clear = _banner.cache_clear            # type: ignore[attr-defined]


def draw_log(surface, rect: pygame.Rect, lines: list[str], title: str = "What happened") -> None:
    panel(surface, rect)
    draw_text(surface, title, (rect.left + 12, rect.top + 8), "small", theme.TEXT_DIM)
    y = rect.bottom - 8
    width = rect.width - 20
    for line in reversed(lines):           # newest at the bottom; a long line wraps onto a second
        lay = layout(line, width, 2 * font("tiny").get_linesize() + 2, "tiny", min_size="tiny")
        if y - lay.height < rect.top + 32:
            break
        y -= lay.height
        draw_fit(surface, line, pygame.Rect(rect.left + 12, y, width, lay.height), "tiny", theme.TEXT,
                 min_size="tiny")
        y -= 3
