"""Procedural card art for ROBOMissions: faces, backs and small robot icons.

Nothing here is loaded from image files: every card is drawn from its `CardDef` (type
colour band, name, HP/AP badges, a robot icon per kind, wrapped ability text) and cached by
(card key, size), so a hand of ten cards costs ten blits per frame, not ten layouts. The
card size is a parameter because the same face is drawn in the hand, in the focus panel and
small on the table.
"""
from __future__ import annotations

import math
import zlib
from functools import lru_cache

import pygame

from game.client import theme
from game.client import text as text_layout
from game.client.widgets import draw_fit, font, render_text, wrap_text
from game.robomissions.rules.cards import CardDef

HAND_SIZE = (150, 210)   # a card in the human's hand: readable on a TV from the sofa
BIG_SIZE = (210, 294)    # the focused card in the description panel

# One colour per card family; the band also names the family so colour is never the only cue.
KIND_COLOURS: dict[str, tuple[int, int, int]] = {
    "head": (222, 84, 64),
    "part": (232, 140, 52),
    "chainbot": (70, 180, 100),
    "singlebot": (150, 96, 220),
    "battery": (240, 200, 60),
    "action": (72, 140, 236),
}

KIND_LABELS: dict[str, str] = {
    "head": "MEGABOT HEAD",
    "part": "MEGABOT PART",
    "chainbot": "CHAINBOT",
    "singlebot": "SINGLEBOT",
    "battery": "BATTERY",
    "action": "ACTION",
}

CARD_FACE = (244, 240, 228)
CARD_INK = (30, 32, 40)
CARD_INK_DIM = (90, 94, 110)


def kind_colour(card: CardDef) -> tuple[int, int, int]:
    return KIND_COLOURS.get(card.kind, theme.PANEL_EDGE)


def kind_label(card: CardDef) -> str:
    label = KIND_LABELS.get(card.kind, card.kind.upper())
    if card.kind == "part" and card.slot:
        return card.slot.upper()
    if card.kind == "battery" and card.wiring and card.wiring != "single":
        return card.wiring.upper()
    return label


def darker(colour, amount: int = 70) -> tuple[int, int, int]:
    return tuple(max(0, c - amount) for c in colour)


def default_text(card: CardDef) -> str:
    """The rules line printed on cards whose data has no flavour text of their own."""
    if card.text:
        return card.text
    if card.kind == "head":
        return "Starts a Megabot. Attach Body, Arms and Legs to grow it."
    if card.kind == "part":
        if card.hp is None:
            return "Attach to a Megabot. Adds AP but no HP."
        return f"Attach to a Megabot's {card.slot}. Without a head: half HP."
    if card.kind == "chainbot":
        return "Links into a Robot Chain. One battery powers the whole chain."
    return ""


# --------------------------------------------------------------------------- icons
def draw_robot_icon(surface: pygame.Surface, card: CardDef, rect: pygame.Rect) -> None:
    """A simple robot picture per card family, drawn to fit `rect`."""
    colour = kind_colour(card)
    dark = darker(colour)
    s = min(rect.width, rect.height) / 46
    cx, cy = rect.center

    def box(w, h, dx=0.0, dy=0.0, fill=colour, radius=4):
        r = pygame.Rect(0, 0, max(2, int(w * s)), max(2, int(h * s)))
        r.center = (int(cx + dx * s), int(cy + dy * s))
        pygame.draw.rect(surface, fill, r, border_radius=max(1, int(radius * s)))
        pygame.draw.rect(surface, dark, r, max(1, int(2 * s)), border_radius=max(1, int(radius * s)))
        return r

    def eyes(r, gap=8, size=5):
        for dx in (-gap, gap):
            pygame.draw.circle(surface, CARD_INK, (int(r.centerx + dx * s), int(r.centery - 1 * s)), max(1, int(size * s / 2)))

    if card.kind == "head":
        head = box(34, 28, 0, 4)
        eyes(head)
        pygame.draw.line(surface, dark, head.midtop, (head.centerx, int(head.top - 10 * s)), max(1, int(3 * s)))
        pygame.draw.circle(surface, theme.ACCENT, (head.centerx, int(head.top - 12 * s)), max(2, int(4 * s)))
    elif card.kind == "part":
        if card.slot == "body":
            body = box(36, 34)
            box(16, 8, 0, 0, dark, 2)
        elif card.slot == "arm":
            box(12, 34, 0, -4)
            pygame.draw.circle(surface, dark, (cx, int(cy + 16 * s)), max(2, int(7 * s)), max(1, int(3 * s)))
        else:  # legs
            box(10, 30, -9, 0)
            box(10, 30, 9, 0)
            box(34, 6, 0, 16, dark, 2)
    elif card.kind == "chainbot":
        for dx in (-18, 0, 18):
            bot = box(14, 16, dx, 0, radius=3)
            pygame.draw.circle(surface, CARD_INK, bot.center, max(1, int(2 * s)))
        for dx in (-9, 9):
            pygame.draw.line(surface, dark, (int(cx + (dx - 3) * s), cy), (int(cx + (dx + 3) * s), cy), max(1, int(3 * s)))
    elif card.kind == "singlebot":
        _draw_singlebot(surface, card, (cx, cy), s)
    elif card.kind == "battery":
        cells = 1 if card.wiring == "single" else 2
        for i in range(cells):
            if card.wiring == "series":
                dx, dy = 0, (i - 0.5) * 22
            else:
                dx, dy = (i - (cells - 1) / 2) * 24, 0
            cell = box(18, 22 if card.wiring == "series" else 34, dx, dy)
            cap = pygame.Rect(0, 0, max(2, int(8 * s)), max(2, int(4 * s)))
            cap.midbottom = cell.midtop
            pygame.draw.rect(surface, dark, cap)
            # lightning bolt
            bx, by = cell.center
            points = [(bx + 2 * s, by - 7 * s), (bx - 4 * s, by + 1 * s), (bx, by + 1 * s), (bx - 2 * s, by + 7 * s),
                      (bx + 4 * s, by - 1 * s), (bx, by - 1 * s)]
            pygame.draw.polygon(surface, CARD_INK, points)
    else:
        _draw_action_icon(surface, card.effect, (cx, cy), s, colour, dark)


# Singlebot paint jobs: picked from the card's key, so every Singlebot card has its own robot.
SINGLEBOT_PAINTS = ((150, 96, 220), (64, 170, 200), (226, 110, 150), (110, 190, 90), (230, 150, 60),
                    (120, 130, 230), (200, 200, 90), (90, 200, 170))


def singlebot_look(card: CardDef) -> tuple[tuple[int, int, int], str, str]:
    """(paint, head shape, feet) of a Singlebot, generated from its data: the key picks the paint
    and shapes, the ability picks the tool it carries (see _draw_singlebot)."""
    code = zlib.crc32(card.key.encode("utf-8"))
    paint = SINGLEBOT_PAINTS[code % len(SINGLEBOT_PAINTS)]
    head = ("box", "dome", "visor")[(code // 8) % 3]
    feet = ("wheels", "treads", "legs")[(code // 24) % 3]
    return paint, head, feet


def _draw_singlebot(surface: pygame.Surface, card: CardDef, center: tuple[int, int], s: float) -> None:
    """A Singlebot drawn from its card: own paint, head and feet, and the tool of its ability."""
    paint, head_shape, feet = singlebot_look(card)
    dark = darker(paint)
    cx, cy = center
    line = max(1, int(2 * s))

    def rect(w, h, dx, dy) -> pygame.Rect:
        r = pygame.Rect(0, 0, max(2, int(w * s)), max(2, int(h * s)))
        r.center = (int(cx + dx * s), int(cy + dy * s))
        return r

    def pt(dx, dy) -> tuple[int, int]:
        return int(cx + dx * s), int(cy + dy * s)

    # feet
    if feet == "wheels":
        for dx in (-10, 10):
            pygame.draw.circle(surface, dark, pt(dx, 22), max(2, int(5 * s)))
    elif feet == "treads":
        tread = rect(30, 8, 0, 22)
        pygame.draw.rect(surface, dark, tread, border_radius=max(1, int(4 * s)))
    else:
        for dx in (-7, 7):
            pygame.draw.line(surface, dark, pt(dx, 16), pt(dx * 1.4, 24), max(1, int(3 * s)))
    body = rect(26, 22, 0, 8)
    pygame.draw.rect(surface, paint, body, border_radius=max(1, int(4 * s)))
    pygame.draw.rect(surface, dark, body, line, border_radius=max(1, int(4 * s)))
    # head
    head = rect(22, 16, 0, -12)
    if head_shape == "dome":
        pygame.draw.ellipse(surface, paint, head.inflate(0, int(4 * s)))
        pygame.draw.ellipse(surface, dark, head.inflate(0, int(4 * s)), line)
    else:
        pygame.draw.rect(surface, paint, head, border_radius=max(1, int(3 * s)))
        pygame.draw.rect(surface, dark, head, line, border_radius=max(1, int(3 * s)))
    if head_shape == "visor":
        pygame.draw.rect(surface, CARD_INK, rect(16, 4, 0, -13), border_radius=max(1, int(2 * s)))
    else:
        for dx in (-5, 5):
            pygame.draw.circle(surface, CARD_INK, pt(dx, -13), max(1, int(2 * s)))
    # the tool of its ability
    ability = card.ability
    if ability == "draw_on_play":        # a lightning antenna: it starts quick
        pygame.draw.lines(surface, theme.ACCENT, False, [pt(0, -20), pt(-4, -25), pt(3, -26), pt(-1, -31)],
                          max(1, int(2 * s)))
    elif ability == "repair_aura":       # a red cross on the chest
        pygame.draw.rect(surface, theme.BAD, rect(4, 12, 0, 8))
        pygame.draw.rect(surface, theme.BAD, rect(12, 4, 0, 8))
    elif ability == "pierce_shield":     # a drill arm
        pygame.draw.polygon(surface, CARD_INK_DIM, [pt(13, 4), pt(13, 12), pt(26, 8)])
        pygame.draw.line(surface, dark, pt(17, 6), pt(19, 10), line)
    elif ability == "armor":             # a shield plate on the arm
        pygame.draw.polygon(surface, (200, 206, 220), [pt(14, 0), pt(24, 0), pt(24, 10), pt(19, 16), pt(14, 10)])
        pygame.draw.polygon(surface, dark, [pt(14, 0), pt(24, 0), pt(24, 10), pt(19, 16), pt(14, 10)], line)
    elif ability == "self_charge":       # a battery on its back, with a bolt
        cell = rect(7, 14, -17, 6)
        pygame.draw.rect(surface, KIND_COLOURS["battery"], cell, border_radius=max(1, int(2 * s)))
        pygame.draw.rect(surface, dark, cell, line, border_radius=max(1, int(2 * s)))
    elif ability == "salvage_on_ko":     # a horseshoe magnet held up
        pygame.draw.arc(surface, theme.BAD, rect(14, 14, 20, -2), 3.3, 6.1, max(2, int(4 * s)))
        pygame.draw.line(surface, dark, pt(13, 6), pt(16, 1), line)


def _draw_action_icon(surface: pygame.Surface, effect: str, center: tuple[int, int], s: float, colour, dark) -> None:
    """One picture per action effect, so two action cards never look alike."""
    cx, cy = center
    line = max(1, int(3 * s))

    def pt(dx: float, dy: float) -> tuple[int, int]:
        return int(cx + dx * s), int(cy + dy * s)

    if effect == "force_field":      # a bubble around a little robot
        pygame.draw.circle(surface, (200, 236, 255), pt(0, 0), int(22 * s))
        pygame.draw.circle(surface, colour, pt(0, 0), int(22 * s), line)
        pygame.draw.rect(surface, dark, (*pt(-7, -6), int(14 * s), int(14 * s)), border_radius=max(1, int(3 * s)))
    elif effect == "disperse":       # one big counter splitting into small ones
        pygame.draw.circle(surface, colour, pt(-10, 0), int(12 * s))
        pygame.draw.circle(surface, dark, pt(-10, 0), int(12 * s), line)
        for dx, dy in ((14, -14), (20, 0), (14, 14)):
            pygame.draw.line(surface, dark, pt(2, dy * 0.3), pt(dx - 4, dy), line)
            pygame.draw.circle(surface, colour, pt(dx, dy), int(5 * s))
    elif effect == "chop":           # scissors
        pygame.draw.line(surface, dark, pt(-16, -18), pt(14, 14), line + 1)
        pygame.draw.line(surface, dark, pt(16, -18), pt(-14, 14), line + 1)
        for dx in (-16, 16):
            pygame.draw.circle(surface, colour, pt(dx, 18), int(7 * s))
            pygame.draw.circle(surface, dark, pt(dx, 18), int(7 * s), line)
    elif effect == "repair":         # a wrench
        pygame.draw.line(surface, dark, pt(-14, 16), pt(8, -6), int(7 * s))
        pygame.draw.circle(surface, colour, pt(12, -10), int(11 * s))
        pygame.draw.circle(surface, CARD_FACE, pt(16, -14), int(5 * s))
        pygame.draw.circle(surface, dark, pt(12, -10), int(11 * s), line)
    elif effect == "recharge":       # two cards with a plus
        for dx, dy in ((-8, 4), (6, -4)):
            rect = pygame.Rect(*pt(dx - 9, dy - 13), int(18 * s), int(26 * s))
            pygame.draw.rect(surface, colour, rect, border_radius=max(1, int(3 * s)))
            pygame.draw.rect(surface, dark, rect, line, border_radius=max(1, int(3 * s)))
        pygame.draw.line(surface, CARD_INK, pt(6, -10), pt(6, 2), line)
        pygame.draw.line(surface, CARD_INK, pt(0, -4), pt(12, -4), line)
    elif effect == "sabotage":       # a bomb with a lit fuse
        pygame.draw.circle(surface, dark, pt(-2, 4), int(16 * s))
        pygame.draw.line(surface, CARD_INK, pt(8, -8), pt(16, -18), line)
        pygame.draw.circle(surface, theme.ACCENT, pt(17, -20), int(4 * s))
    else:                            # anything else: a star burst
        points = []
        for i in range(10):
            radius = (24 if i % 2 == 0 else 11) * s
            angle = math.pi * i / 5 - math.pi / 2
            points.append((cx + math.cos(angle) * radius, cy + math.sin(angle) * radius))
        pygame.draw.polygon(surface, colour, points)
        pygame.draw.polygon(surface, dark, points, line)


# --------------------------------------------------------------------------- faces
def _shrink_to(image: pygame.Surface, width: int) -> pygame.Surface:
    """A printed word shrunk to `width` when the window's text floor made it wider than the card
    (issue 25: at 800x480 small cards showed "ABOT H" / "tan He"); the card is a picture, and
    INFO shows it large."""
    if image.get_width() <= width or width < 8:
        return image
    return pygame.transform.smoothscale(image, (width, max(1, round(image.get_height() * width / image.get_width()))))


def _badge(surface: pygame.Surface, text: str, center: tuple[int, int], fill, size: int,
           width: int = 10_000) -> None:
    image = _shrink_to(render_text(text, size, theme.TEXT, True), width - 12)
    pill = image.get_rect(center=center).inflate(12, 4)
    pygame.draw.rect(surface, fill, pill, border_radius=pill.height // 2)
    surface.blit(image, image.get_rect(center=pill.center))


@lru_cache(maxsize=256)
def card_face(card: CardDef, size: tuple[int, int] = HAND_SIZE) -> pygame.Surface:
    """The printed face of `card` at `size` (cached; never mutate the returned surface)."""
    w, h = size
    surface = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(4, w // 14)
    colour = kind_colour(card)
    pygame.draw.rect(surface, CARD_FACE, surface.get_rect(), border_radius=radius)
    band_h = max(16, h // 9)
    band = pygame.Rect(0, 0, w, band_h)
    pygame.draw.rect(surface, colour, band, border_top_left_radius=radius, border_top_right_radius=radius)
    label_px = max(12, int(band_h * 0.62))
    label = _shrink_to(render_text(kind_label(card), label_px, CARD_INK, True), w - 8)
    surface.blit(label, label.get_rect(center=band.center))
    # name, shrunk until it fits
    name_px = max(14, int(h * 0.085))
    while name_px > 12 and font(name_px, True).size(card.name)[0] > w - 10:
        name_px -= 1
    name = _shrink_to(render_text(card.name, name_px, CARD_INK, True), w - 8)
    surface.blit(name, name.get_rect(midtop=(w // 2, band.bottom + 3)))
    # icon
    icon_top = band.bottom + name.get_height() + 4
    icon_h = int(h * 0.26)
    draw_robot_icon(surface, card, pygame.Rect(w // 4, icon_top, w // 2, icon_h))
    y = icon_top + icon_h + 2
    # stats: HP / AP in steps of 10
    stat_px = max(12, int(h * 0.075))
    if card.kind in ("head", "part", "chainbot", "singlebot"):
        hp = "HP -" if card.hp is None else f"HP {card.hp}"
        _badge(surface, hp, (w // 4 + 2, y + stat_px // 2 + 2), theme.GOOD if card.hp else CARD_INK_DIM, stat_px,
               w // 2 - 2)
        _badge(surface, f"AP {card.ap}", (3 * w // 4 - 2, y + stat_px // 2 + 2), theme.BAD, stat_px, w // 2 - 2)
        y += stat_px + 8
    # rules text
    text = default_text(card)
    if text:
        text_px = max(11, int(h * 0.085))
        lines = wrap_text(text, w - 12, text_px)
        max_lines = max(1, (h - y - 4) // (font(text_px).get_linesize()))
        while len(lines) > max_lines and text_px > 10:
            text_px -= 1
            lines = wrap_text(text, w - 12, text_px)
            max_lines = max(1, (h - y - 4) // (font(text_px).get_linesize()))
        for line in lines[:max_lines]:
            image = _shrink_to(render_text(line, text_px, CARD_INK), w - 8)
            surface.blit(image, image.get_rect(midtop=(w // 2, y)))
            y += font(text_px).get_linesize()
    pygame.draw.rect(surface, darker(colour, 40), surface.get_rect(), max(2, w // 60), border_radius=radius)
    return surface


@lru_cache(maxsize=16)
def card_back(size: tuple[int, int] = HAND_SIZE) -> pygame.Surface:
    """The shared back of every card: what an opponent's hand and the draw pile look like."""
    w, h = size
    surface = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(4, w // 14)
    pygame.draw.rect(surface, (44, 52, 86), surface.get_rect(), border_radius=radius)
    inner = surface.get_rect().inflate(-max(6, w // 10), -max(6, w // 10))
    pygame.draw.rect(surface, (60, 72, 120), inner, border_radius=radius)
    step = max(6, w // 8)
    for x in range(inner.left - inner.height, inner.right, step):
        pygame.draw.line(surface, (70, 84, 136), (x, inner.bottom - 1), (x + inner.height, inner.top), 2)
    pygame.draw.rect(surface, theme.ACCENT, inner, max(1, w // 50), border_radius=radius)
    logo_px = max(12, w // 3)
    logo = render_text("RM", logo_px, theme.ACCENT, True)
    surface.blit(logo, logo.get_rect(center=inner.center))
    pygame.draw.rect(surface, theme.SHADOW, surface.get_rect(), max(1, w // 60), border_radius=radius)
    return surface


MIN_LABEL_PX = 10       # a slot's label smaller than this (6 px at 800x480) is not read


@lru_cache(maxsize=16)
def card_slot(size: tuple[int, int], label: str) -> pygame.Surface:
    """An empty outlined place (empty pile, chain gap)."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, (255, 255, 255, 24), rect, border_radius=max(4, size[0] // 14))
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 2, border_radius=max(4, size[0] // 14))
    if label:
        # shrunk until every word fits whole (a narrow slot read "New Megabo t" at 800x480); a
        # slot too narrow for that shows a plus, and the prompt names what goes there
        px, box = max(14, min(size[0] // 4, 24)), rect.inflate(-6, -6)
        fitted = text_layout.layout(label, box.width, box.height, px, min_size=MIN_LABEL_PX)
        if not fitted.truncated and " ".join(fitted.lines).split() == label.split():
            draw_fit(surface, label, box, px, theme.TEXT_DIM, align="center", valign="middle", min_size=MIN_LABEL_PX)
        else:
            plus = render_text("+", max(MIN_LABEL_PX, min(size) * 3 // 4), theme.TEXT_DIM)
            surface.blit(plus, plus.get_rect(center=rect.center))
    return surface


@lru_cache(maxsize=512)
def part_chip(card: CardDef, size: tuple[int, int]) -> pygame.Surface:
    """A small table piece for one card on a robot: colour band, short name, HP/AP.

    Tall thin chips (Megabot arms) print the name sideways so it still reads.
    """
    w, h = size
    surface = pygame.Surface(size, pygame.SRCALPHA)
    colour = kind_colour(card)
    radius = max(3, min(w, h) // 8)
    pygame.draw.rect(surface, CARD_FACE, surface.get_rect(), border_radius=radius)
    if w < h * 0.5:   # sideways (an arm)
        band = pygame.Rect(0, 0, max(5, w // 4), h)
        pygame.draw.rect(surface, colour, band, border_top_left_radius=radius, border_bottom_left_radius=radius)
        px = max(11, min(18, w - 10))
        text = render_text(_short_name(card, h - 8, px), px, CARD_INK, True)
        text = pygame.transform.rotate(text, 90)
        surface.blit(text, text.get_rect(center=(w // 2 + band.width // 2, h // 2)))
    else:
        band_h = max(5, h // 7)
        pygame.draw.rect(surface, colour, (0, 0, w, band_h), border_top_left_radius=radius,
                         border_top_right_radius=radius)
        name_px = max(11, min(20, h // 3))
        stats_px = max(10, min(17, h // 4))
        if h >= 70 and font(name_px, True).size(card.name)[0] > w - 6:
            words = card.name.split()   # tall chips have room for two lines: "Chain" / "Tank"
            lines = [" ".join(words[:1]), " ".join(words[1:])] if len(words) > 1 else [card.name]
            while name_px > 12 and max(font(name_px, True).size(line)[0] for line in lines) > w - 6:
                name_px -= 1
        else:
            lines = [_short_name(card, w - 6, name_px)]
        y = band_h + 2
        for line in lines:
            image = render_text(_fit(line, w - 6, name_px), name_px, CARD_INK, True)
            surface.blit(image, image.get_rect(midtop=(w // 2, y)))
            y += image.get_height() - 2
        if h >= 70:
            icon_h = h - y - 8 - (stats_px + 2 if card.kind in ("head", "part") else 0)   # clear of the stats
            draw_robot_icon(surface, card, pygame.Rect(w // 4, y + 2, w // 2, icon_h))
        if card.kind in ("head", "part"):   # a Megabot's parts add up; the robot's own bar shows the total
            hp = "-" if card.hp is None else str(card.hp)
            for text in (f"HP{hp} AP{card.ap}", f"{hp}/{card.ap}"):
                stats = render_text(text, stats_px, CARD_INK_DIM, True)
                if stats.get_width() <= w - 4:
                    surface.blit(stats, stats.get_rect(midbottom=(w // 2, h - 2)))
                    break
    pygame.draw.rect(surface, darker(colour, 30), surface.get_rect(), 2, border_radius=radius)
    return surface


def _fit(text: str, width: int, px: int) -> str:
    """`text`, clipped with a dot if it is wider than `width`."""
    if font(px, True).size(text)[0] <= width:
        return text
    while len(text) > 2 and font(px, True).size(text + ".")[0] > width:
        text = text[:-1]
    return text + "."


def _short_name(card: CardDef, width: int, px: int) -> str:
    """The card name, or its first word, or a clipped word: whatever fits `width`."""
    for text in (card.name, card.name.split()[0]):
        if font(px, True).size(text)[0] <= width:
            return text
    text = card.name.split()[0]
    while len(text) > 2 and font(px, True).size(text + ".")[0] > width:
        text = text[:-1]
    return text + "."
