"""Procedural card art for Robo Rescue: Origins, drawn once per card and cached.

Every card is built from its data (colour, kind, icons), so the deck in `data/deck.json`
needs no image files. The left *icon strip* (STRIP_W pixels) carries everything a player
needs: a colour badge with a letter (readable without colour vision), then one row per
component icon with its value. Cards in an area overlap so that only this strip of the
older cards shows, exactly as the rulebook lays them out. The right part shows a small
robot with the card's parts lit (part cards) or a big engineer / workbench picture.
"""
from __future__ import annotations

import pygame

from game.client import theme
from game.client.widgets import render_text
from game.core.cache import LRU
from game.roborescue.rules.cards import Card

CARD_W, CARD_H = 100, 150
STRIP_W = 44            # the part of a card that stays visible under the next one
ICON_ROW_H = 30
BADGE_H = 26

CARD_COLOURS = {
    "red": (206, 66, 66),
    "blue": (60, 116, 222),
    "green": (56, 160, 86),
    "yellow": (226, 182, 40),
}
COLOUR_LETTERS = {"red": "R", "blue": "B", "green": "G", "yellow": "Y"}
INK = (26, 28, 36)
PAPER = (246, 244, 236)
BACK_FILL = (44, 52, 84)
BACK_EDGE = (104, 120, 170)


def _darker(colour, amount: int = 60):
    return tuple(max(0, c - amount) for c in colour)


def _lighter(colour, amount: int = 60):
    return tuple(min(255, c + amount) for c in colour)


# ----------------------------------------------------------------------------- icons
def draw_icon(surface: pygame.Surface, name: str, rect: pygame.Rect, colour=INK) -> None:
    """One component pictogram (Head, Body, Arm, Wheel, Engineer, Workbench) inside `rect`."""
    s = min(rect[2], rect[3])
    r = pygame.Rect(0, 0, s, s)        # every pictogram is drawn in a centred square
    r.center = pygame.Rect(rect).center
    cx, cy = r.center
    line = max(2, s // 9)
    if name == "Head":
        box = pygame.Rect(0, 0, s * 0.8, s * 0.62)
        box.center = (cx, cy + s * 0.12)
        pygame.draw.line(surface, colour, (cx, box.top), (cx, r.top + s * 0.08), line)
        pygame.draw.circle(surface, colour, (cx, r.top + s * 0.1), max(2, s // 9))
        pygame.draw.rect(surface, colour, box, border_radius=max(2, s // 7))
        for dx in (-0.18, 0.18):
            pygame.draw.circle(surface, PAPER, (cx + dx * s, box.centery), max(2, s // 10))
    elif name == "Body":
        box = pygame.Rect(0, 0, s * 0.78, s * 0.86)
        box.center = (cx, cy)
        pygame.draw.rect(surface, colour, box, border_radius=max(2, s // 8))
        inner = box.inflate(-s * 0.36, -s * 0.5)
        pygame.draw.rect(surface, PAPER, inner, border_radius=2)
    elif name == "Arm":
        points = [(r.left + s * 0.15, r.bottom - s * 0.15), (cx - s * 0.05, cy), (r.right - s * 0.3, r.top + s * 0.25)]
        pygame.draw.lines(surface, colour, False, points, max(3, s // 5))
        claw = (r.right - s * 0.3, r.top + s * 0.25)
        pygame.draw.line(surface, colour, claw, (r.right - s * 0.05, r.top + s * 0.12), line)
        pygame.draw.line(surface, colour, claw, (r.right - s * 0.12, r.top + s * 0.5), line)
        pygame.draw.circle(surface, colour, (cx - s * 0.05, cy), max(2, s // 7))
    elif name == "Wheel":
        pygame.draw.circle(surface, colour, (cx, cy), s * 0.44)
        pygame.draw.circle(surface, PAPER, (cx, cy), s * 0.26)
        pygame.draw.circle(surface, colour, (cx, cy), s * 0.12)
    elif name == "Engineer":
        pygame.draw.circle(surface, colour, (cx, cy - s * 0.12), s * 0.22)
        helmet = pygame.Rect(0, 0, s * 0.56, s * 0.22)
        helmet.midbottom = (cx, cy - s * 0.18)
        pygame.draw.ellipse(surface, colour, helmet)
        pygame.draw.line(surface, colour, (helmet.left - s * 0.06, helmet.bottom), (helmet.right + s * 0.06, helmet.bottom), line)
        body = pygame.Rect(0, 0, s * 0.84, s * 0.34)
        body.midbottom = (cx, r.top + s * 0.98)
        pygame.draw.rect(surface, colour, body, border_top_left_radius=s // 4, border_top_right_radius=s // 4)
    elif name == "Workbench":
        top = pygame.Rect(0, 0, s * 0.94, s * 0.2)
        top.center = (cx, cy - s * 0.12)
        pygame.draw.rect(surface, colour, top, border_radius=2)
        for dx in (-0.36, 0.36):
            pygame.draw.line(surface, colour, (cx + dx * s, top.bottom), (cx + dx * s, r.top + s * 0.94), line + 1)
        pygame.draw.line(surface, colour, (cx - s * 0.36, cy + s * 0.24), (cx + s * 0.36, cy + s * 0.24), line)
        pygame.draw.rect(surface, colour, pygame.Rect(cx - s * 0.1, top.top - s * 0.16, s * 0.26, s * 0.16))


def _robot_figure(surface: pygame.Surface, area: pygame.Rect, lit: set[str], colour) -> None:
    """A little robot whose parts shown on the card are lit; the others are faint outlines."""
    def tone(part: str):
        return colour if part in lit else _lighter(colour, 110)

    cx = area.centerx
    head = pygame.Rect(0, 0, 30, 22)
    head.midtop = (cx, area.top + 6)
    body = pygame.Rect(0, 0, 36, 34)
    body.midtop = (cx, head.bottom + 4)
    pygame.draw.rect(surface, tone("Head"), head, border_radius=5)
    pygame.draw.rect(surface, tone("Body"), body, border_radius=5)
    for side in (-1, 1):
        start = (cx + side * 18, body.top + 8)
        pygame.draw.line(surface, tone("Arm"), start, (cx + side * 26, body.bottom + 2), 6)
    for dx in (-10, 10):
        pygame.draw.circle(surface, tone("Wheel"), (cx + dx, body.bottom + 10), 8)
    if "Head" in lit:
        for dx in (-6, 6):
            pygame.draw.circle(surface, PAPER, (cx + dx, head.centery), 3)


# ----------------------------------------------------------------------------- cards
def _pattern(surface: pygame.Surface, area: pygame.Rect, colour_name: str, tone) -> None:
    """A texture per card colour (colour-blind setting): stripes, dots, bars or checks."""
    clip = surface.get_clip()
    surface.set_clip(area)
    if colour_name == "red":
        for offset in range(-area.height, area.width, 10):
            pygame.draw.line(surface, tone, (area.left + offset, area.bottom), (area.left + offset + area.height, area.top), 3)
    elif colour_name == "blue":
        for y in range(area.top + 5, area.bottom, 10):
            for x in range(area.left + 5 + (y // 10 % 2) * 5, area.right, 10):
                pygame.draw.circle(surface, tone, (x, y), 2)
    elif colour_name == "green":
        for y in range(area.top + 4, area.bottom, 9):
            pygame.draw.line(surface, tone, (area.left, y), (area.right, y), 3)
    else:
        for y in range(area.top + 4, area.bottom, 12):
            for x in range(area.left + 4 + (y // 12 % 2) * 6, area.right, 12):
                pygame.draw.rect(surface, tone, pygame.Rect(x, y, 4, 4))
    surface.set_clip(clip)


def caption_image(caption: str, width: int) -> pygame.Surface:
    """A card's kind under its picture, narrowed to the picture's width ("ENGINEER" ran past
    the card's edge and read "ENGINEE")."""
    text = render_text(caption, 15 if len(caption) <= 5 else 12, PAPER, True)
    if text.get_width() > width:
        text = pygame.transform.smoothscale(text, (width, text.get_height()))
    return text


class CardArt:
    """Builds and caches card surfaces; `face(card)`, `back()`, `base(kind)`.

    `patterns` (the colour-blind setting) adds a texture per colour to card faces, on top
    of the colour letter every card always shows.
    """

    def __init__(self, patterns: bool = False) -> None:
        self._cache: dict[tuple, pygame.Surface] = LRU(256)      # bounded: faces, backs, bases
        self.patterns = patterns

    def _new_surface(self) -> pygame.Surface:
        surface = pygame.Surface((CARD_W, CARD_H), pygame.SRCALPHA)
        return surface.convert_alpha() if pygame.display.get_surface() else surface

    def face(self, card: Card) -> pygame.Surface:
        key = ("face", card.kind, card.colour, card.icons, self.patterns)
        if key not in self._cache:
            self._cache[key] = self._draw_face(card)
        return self._cache[key]

    def back(self) -> pygame.Surface:
        if ("back",) not in self._cache:
            self._cache[("back",)] = self._draw_back()
        return self._cache[("back",)]

    def base(self, kind: str) -> pygame.Surface:
        key = ("base", kind)
        if key not in self._cache:
            self._cache[key] = self._draw_base(kind)
        return self._cache[key]

    # -- drawing -------------------------------------------------------------
    def _draw_face(self, card: Card) -> pygame.Surface:
        surface = self._new_surface()
        fill = CARD_COLOURS.get(card.colour, (128, 128, 128))
        rect = surface.get_rect()
        pygame.draw.rect(surface, fill, rect, border_radius=9)
        strip = pygame.Rect(0, 0, STRIP_W, CARD_H)
        pygame.draw.rect(surface, _darker(fill, 45), strip, border_top_left_radius=9, border_bottom_left_radius=9)
        pygame.draw.rect(surface, INK, rect, 2, border_radius=9)
        # colour badge: a letter so colour never has to be told from hue alone
        badge = pygame.Rect(4, 4, STRIP_W - 8, BADGE_H - 4)
        pygame.draw.rect(surface, PAPER, badge, border_radius=6)
        letter = render_text(COLOUR_LETTERS.get(card.colour, "?"), 24, _darker(fill, 70), True)
        surface.blit(letter, letter.get_rect(center=badge.center))
        # one row per icon: pictogram and value
        for row, (name, value) in enumerate(card.icons):
            top = BADGE_H + 2 + row * ICON_ROW_H
            cell = pygame.Rect(3, top, STRIP_W - 6, ICON_ROW_H - 3)
            pygame.draw.rect(surface, PAPER, cell, border_radius=5)
            draw_icon(surface, name, pygame.Rect(cell.left + 2, cell.top + 3, 20, 20))
            number = render_text(str(value), 26, INK, True)
            surface.blit(number, number.get_rect(midright=(cell.right - 2, cell.centery + 1)))
        # picture on the right (hidden when another card overlaps it)
        art = pygame.Rect(STRIP_W + 4, 8, CARD_W - STRIP_W - 10, CARD_H - 40)
        pygame.draw.rect(surface, _lighter(fill, 40), art, border_radius=8)
        if self.patterns:
            _pattern(surface, art.inflate(-4, -4), card.colour, _lighter(fill, 22))
        if card.is_part:
            _robot_figure(surface, art, set(card.types), INK)
        else:
            draw_icon(surface, card.icons[0][0], art.inflate(-8, -8), INK)
        caption = {"part": "PART", "engineer": "ENGINEER", "workbench": "BENCH"}.get(card.kind, card.kind.upper())
        text = caption_image(caption, art.width)
        surface.blit(text, text.get_rect(midbottom=(art.centerx, CARD_H - 10)))
        return surface

    def _draw_back(self) -> pygame.Surface:
        surface = self._new_surface()
        rect = surface.get_rect()
        pygame.draw.rect(surface, BACK_FILL, rect, border_radius=9)
        for offset in range(-CARD_H, CARD_W, 14):
            pygame.draw.line(surface, _lighter(BACK_FILL, 14), (offset, CARD_H), (offset + CARD_H, 0), 3)
        pygame.draw.rect(surface, BACK_EDGE, rect, 3, border_radius=9)
        pygame.draw.circle(surface, BACK_EDGE, rect.center, 26)
        pygame.draw.circle(surface, BACK_FILL, rect.center, 20)
        text = render_text("RRO", 22, theme.ACCENT, True)
        surface.blit(text, text.get_rect(center=rect.center))
        return surface

    def _draw_base(self, kind: str) -> pygame.Surface:
        """The Storage and Workshop cards at the centre of a Lab, with their rules as icons."""
        surface = self._new_surface()
        rect = surface.get_rect()
        fill = (92, 100, 120) if kind == "storage" else (120, 96, 70)
        pygame.draw.rect(surface, fill, rect, border_radius=9)
        pygame.draw.rect(surface, INK, rect, 2, border_radius=9)
        title = render_text(kind.upper(), 19, PAPER, True)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, 8)))
        if kind == "workshop":
            names = ("Head", "Wheel", "Engineer", "Body", "Arm", "Workbench")  # the Workshop Card's order
            for i, name in enumerate(names):
                cell = pygame.Rect(8 + (i % 3) * 29, 36 + (i // 3) * 34, 26, 30)
                pygame.draw.rect(surface, PAPER, cell, border_radius=4)
                draw_icon(surface, name, cell.inflate(-4, -6))
            lines = ("any card", "1 of each", "type")
        else:
            for i, name in enumerate(("Head", "Body", "Arm", "Wheel")):
                cell = pygame.Rect(8 + (i % 2) * 44, 36 + (i // 2) * 34, 40, 30)
                pygame.draw.rect(surface, PAPER, cell, border_radius=4)
                draw_icon(surface, name, cell.inflate(-12, -6))
            lines = ("parts only", "1 per colour", "keep a chain")
        for i, line in enumerate(lines):
            text = render_text(line, 14, PAPER)
            surface.blit(text, text.get_rect(midtop=(rect.centerx, 106 + i * 14)))
        return surface
