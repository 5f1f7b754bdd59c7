"""Where everything sits on the lab screen, the display model, and drawing it.

Layout (logical 1280x720), following the rulebook's Lab: the Storage card above the
Workshop card, one Area left and right of each; the draw pile, the 3-card display and the
drawn cards on the right; a detail panel (focus breakdown, reasons) and the scores below.

`LabModel` is what the screen *shows* of one seat's Lab. It trails the engine state while
animations play (each animation moves one card in it) and is re-synced from the engine's
view whenever the animation queue is empty, so it can never drift for long.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.client.text import draw_fit
from game.client import theme
from game.client.widgets import draw_paragraph, draw_text, panel, render_text
from game.core.cache import LRU
from game.roborescue.ui.card_sprites import CARD_H, CARD_W, STRIP_W, CardArt
from game.roborescue.rules.cards import Card
from game.roborescue.rules.scoring import STORAGE, WORKSHOP, AreaScore, best_pair, score_area, storage_chain

AREA_KINDS = (WORKSHOP, WORKSHOP, STORAGE, STORAGE)   # engine area ids 0-3
AREA_TITLES = ("Workshop left", "Workshop right", "Storage left", "Storage right")
FACE_DOWN = -1                                       # a card id the viewer may not see
MAX_FACE_UP = 6                                      # a Workshop Area holds at most 6 cards

# ----------------------------------------------------------------------------- layout
TOP_BAR_H = 50
LAB_LEFT = 20
AREA_PAD = 6
AREA_W = CARD_W + (MAX_FACE_UP - 1) * STRIP_W + 2 * AREA_PAD
BASE_X = LAB_LEFT + AREA_W + 10
RIGHT_AREA_X = BASE_X + CARD_W + 10
ROW_CARD_Y = {STORAGE: 84, WORKSHOP: 304}
SIDE_X = RIGHT_AREA_X + AREA_W + 22                 # right-hand column: supply and hand
DISPLAY_X = [SIDE_X + 120 + i * 108 for i in range(3)]
PILE_POS = (SIDE_X, ROW_CARD_Y[STORAGE])
HAND_Y = ROW_CARD_Y[WORKSHOP]
BOTTOM_Y = 506


def area_rect(area: int) -> pygame.Rect:
    x = LAB_LEFT if area in (0, 2) else RIGHT_AREA_X
    y = ROW_CARD_Y[AREA_KINDS[area]] - AREA_PAD
    return pygame.Rect(x, y, AREA_W, CARD_H + 2 * AREA_PAD)


def base_pos(kind: str) -> tuple[int, int]:
    return BASE_X, ROW_CARD_Y[kind]


def area_card_pos(area: int, index: int, count: int) -> tuple[int, int]:
    """Top-left of the index-th card of an area holding `count` cards (overlapped left to right)."""
    rect = area_rect(area)
    room = AREA_W - 2 * AREA_PAD - CARD_W
    step = STRIP_W if count <= MAX_FACE_UP else room / (count - 1)
    return int(rect.left + AREA_PAD + index * step), rect.top + AREA_PAD


def display_pos(slot: int) -> tuple[int, int]:
    return DISPLAY_X[slot], ROW_CARD_Y[STORAGE]


def hand_pos(index: int) -> tuple[int, int]:
    return SIDE_X + 120 + index * 108, HAND_Y


def pile_rect() -> pygame.Rect:
    return pygame.Rect(PILE_POS, (CARD_W, CARD_H))


def display_rect(slot: int) -> pygame.Rect:
    return pygame.Rect(display_pos(slot), (CARD_W, CARD_H))


def hand_rect(index: int) -> pygame.Rect:
    return pygame.Rect(hand_pos(index), (CARD_W, CARD_H))


SCORE_BUTTON = pygame.Rect(SIDE_X, HAND_Y + CARD_H - 54, 100, 54)
DETAIL_RECT = pygame.Rect(LAB_LEFT, BOTTOM_Y, RIGHT_AREA_X + AREA_W - LAB_LEFT, 166)
SCORES_RECT = pygame.Rect(SIDE_X - 8, BOTTOM_Y, theme.WIDTH - SIDE_X - 6, 166)


# ----------------------------------------------------------------------------- model
@dataclass
class LabModel:
    """What the screen shows of one seat's Lab (card ids; FACE_DOWN where hidden)."""

    seat: int
    areas: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    decommissioned: int | None = None
    display: list[int | None] = field(default_factory=list)   # None: a slot being refilled
    pile_count: int = 0
    discard_count: int = 0
    vp_count: int = 0
    round_scores: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)

    def sync(self, lab, hand: tuple[int, ...] = ()) -> None:
        """Copy an engine `LabView` (plus the hand, for the viewing seat)."""
        self.areas = [list(a) for a in lab.areas]
        self.decommissioned = lab.decommissioned
        if lab.decommissioned is not None and len(self.areas[lab.decommissioned]) < lab.facedown_count:
            self.areas[lab.decommissioned] = [FACE_DOWN] * lab.facedown_count
        self.display = list(lab.display)
        self.pile_count = lab.pile_count
        self.discard_count = lab.discard_count
        self.vp_count = lab.vp_count
        self.round_scores = list(lab.round_scores)
        self.hand = list(hand)

    def face_up_cards(self, cards: tuple[Card, ...], area: int) -> list[Card]:
        return [cards[c] for c in self.areas[area] if c != FACE_DOWN]

    def scores(self, cards: tuple[Card, ...]) -> list[AreaScore | None]:
        """Live score of each area as shown (None: decommissioned), via the engine's scoring."""
        return [None if a == self.decommissioned else score_area(AREA_KINDS[a], self.face_up_cards(cards, a))
                for a in range(4)]

    def best(self, cards: tuple[Card, ...]) -> tuple[tuple[int, ...], int]:
        return best_pair(self.scores(cards))


@dataclass
class Marks:
    """What the controller wants highlighted this frame (no rules here: it is all given)."""

    legal: set[int] = field(default_factory=set)        # areas shown as legal targets
    dimmed: set[int] = field(default_factory=set)       # areas shown as illegal
    selected: set[int] = field(default_factory=set)     # areas chosen for scoring
    focus: tuple | None = None                          # ("area", i) ("pile",) ("display", i) ("hand", i) ("card", area, i) ("score",)
    ghost: int | None = None                            # card id previewed in the focused area
    active_hand: int | None = None                      # hand index of the card being placed
    danger: bool = False                                # legal areas are ones to decommission


# ----------------------------------------------------------------------------- drawing
def score_text(score: AreaScore | None, n_cards: int) -> str:
    if score is None:
        return "decommissioned"
    if n_cards == 0:
        return "empty"
    if not score.eligible:
        return "needs 2 cards to score"
    return f"{score.total} pts"


def breakdown_text(score: AreaScore | None, kind: str, cards: list[Card]) -> str:
    """The focused area's score spelled out, e.g. 'base 9 + count bonus 3 = 12'."""
    if score is None:
        return "Decommissioned: these cards are face down and this area cannot score this round."
    if not cards:
        return "Empty. " + ("Robot parts only, one per colour, each new card must continue a part chain."
                            if kind == STORAGE else "Any card; at most one of each of the six component types.")
    if kind == STORAGE:
        chain = storage_chain(cards)
        chain_text = ", ".join(chain) if chain else "none"
        parts = f"base {score.base} (chain: {chain_text}) + card count {score.count_bonus}"
    else:
        parts = f"base {score.base} + colour {score.colour_bonus} + completion {score.completion_bonus}"
    total = f" = {score.total} pts" if score.eligible else f" = {score.total} (scores from 2 cards)"
    return parts + total


class LabRenderer:
    """Draws one seat's Lab from a LabModel; card faces come from the cached CardArt."""

    def __init__(self, art: CardArt) -> None:
        self.art = art
        self._ghosts: dict[tuple[Card, bool], pygame.Surface] = LRU(128)   # bounded caches
        self._shades: dict[tuple[int, int], pygame.Surface] = LRU(16)

    def _ghost(self, card: Card) -> pygame.Surface:
        """A see-through copy of a card, previewing where it would go (made once per card)."""
        key = (card, self.art.patterns)
        if key not in self._ghosts:
            ghost = self.art.face(card).copy()
            ghost.set_alpha(210)
            self._ghosts[key] = ghost
        return self._ghosts[key]

    def _shade(self, size: tuple[int, int]) -> pygame.Surface:
        if size not in self._shades:
            shade = pygame.Surface(size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 130))
            self._shades[size] = shade
        return self._shades[size]

    def draw_lab(self, surface: pygame.Surface, model: LabModel, cards: tuple[Card, ...], marks: Marks) -> None:
        scores = model.scores(cards)
        best, _ = best_pair(scores)
        for kind in (STORAGE, WORKSHOP):
            x, y = base_pos(kind)
            surface.blit(self.art.base(kind), (x, y))
        for area in range(4):
            self._draw_area(surface, model, cards, area, scores[area], area in best, marks)

    def _draw_area(self, surface, model: LabModel, cards, area: int, score, is_best: bool, marks: Marks) -> None:
        rect = area_rect(area)
        focused = marks.focus == ("area", area)
        fill = (30, 36, 52)
        edge = theme.PANEL_EDGE
        if area in marks.legal:
            fill, edge = ((64, 34, 38), theme.BAD) if marks.danger else ((34, 58, 48), theme.GOOD)
        if area in marks.selected:
            fill, edge = (70, 60, 30), theme.ACCENT
        if focused:
            edge = theme.ACCENT
        pygame.draw.rect(surface, fill, rect, border_radius=12)
        pygame.draw.rect(surface, edge, rect, 5 if focused else 2, border_radius=12)
        title = AREA_TITLES[area]
        draw_text(surface, title, (rect.left + 4, rect.top - 4), "small", theme.TEXT_DIM, "bottomleft")
        ids = model.areas[area]
        facedown = model.decommissioned == area
        count = len(ids) + (1 if marks.ghost is not None and focused else 0)
        for index, card_id in enumerate(ids):
            pos = area_card_pos(area, index, count)
            image = self.art.back() if facedown or card_id == FACE_DOWN else self.art.face(cards[card_id])
            surface.blit(image, pos)
            if marks.focus == ("card", area, index):
                pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(pos, (CARD_W, CARD_H)).inflate(6, 6), 4,
                                 border_radius=10)
        if marks.ghost is not None and focused:
            surface.blit(self._ghost(cards[marks.ghost]), area_card_pos(area, len(ids), count))
        if area in marks.dimmed:
            surface.blit(self._shade(rect.size), rect)
        # live score line under the area
        text = score_text(score, len(ids))
        colour = theme.BAD if score is None else (theme.TEXT if score.eligible else theme.TEXT_DIM)
        size = "body" if score is not None and score.eligible else "small"
        label = draw_text(surface, text, (rect.left + 6, rect.bottom + 2), size, colour, "topleft", bold=True)
        if is_best and score is not None and score.eligible:
            draw_text(surface, "* best pair", (label.right + 12, label.centery), "small", theme.ACCENT, "midleft")
        if facedown:
            label = render_text("DECOMMISSIONED", "body", theme.TEXT, True)
            pill = label.get_rect(center=rect.center).inflate(20, 10)
            pygame.draw.rect(surface, theme.BAD, pill, border_radius=10)
            surface.blit(label, label.get_rect(center=pill.center))

    def draw_supply(self, surface: pygame.Surface, model: LabModel, cards, marks: Marks, show_hand: bool) -> None:
        """Draw pile with its count, the 3-card display and (own seat only) the drawn cards."""
        pile = pile_rect()
        draw_text(surface, "Draw pile", (pile.left, pile.top - 4), "small", theme.TEXT_DIM, "bottomleft")
        if model.pile_count:
            for depth in range(min(3, model.pile_count) - 1, -1, -1):
                surface.blit(self.art.back(), pile.move(depth * 3, depth * 3))
        else:
            pygame.draw.rect(surface, theme.PANEL_EDGE, pile, 2, border_radius=9)
        draw_text(surface, str(model.pile_count), (pile.centerx, pile.bottom - 6), "large", theme.TEXT,
                  "midbottom", bold=True, shadow=True)
        if marks.focus == ("pile",):
            pygame.draw.rect(surface, theme.ACCENT, pile.inflate(10, 10), 5, border_radius=12)
        draw_text(surface, "Display", (DISPLAY_X[0], pile.top - 4), "small", theme.TEXT_DIM, "bottomleft")
        for slot in range(3):
            rect = display_rect(slot)
            if slot < len(model.display) and model.display[slot] is not None:
                surface.blit(self.art.face(cards[model.display[slot]]), rect)
            else:
                pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 2, border_radius=9)
            if marks.focus == ("display", slot):
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(10, 10), 5, border_radius=12)
        if not show_hand:
            return
        draw_text(surface, "Drawn cards", (hand_pos(0)[0], HAND_Y - 14), "small", theme.TEXT_DIM, "bottomleft")
        for index, card_id in enumerate(model.hand):
            rect = hand_rect(index)
            lift = -10 if index == marks.active_hand else 0
            surface.blit(self.art.face(cards[card_id]), rect.move(0, lift))
            if marks.focus == ("hand", index) or index == marks.active_hand:
                pygame.draw.rect(surface, theme.ACCENT, rect.move(0, lift).inflate(10, 10), 4, border_radius=12)

    def draw_score_button(self, surface: pygame.Surface, focused: bool, enabled: bool) -> None:
        fill = theme.ACCENT if focused else (theme.PANEL if enabled else (30, 33, 44))
        panel(surface, SCORE_BUTTON, fill=fill, edge=theme.ACCENT if enabled else theme.PANEL_EDGE, radius=12)
        colour = theme.BG if focused else (theme.TEXT if enabled else theme.TEXT_DIM)
        draw_text(surface, "Score!", SCORE_BUTTON.center, "body", colour, "center", bold=True)

    def draw_detail(self, surface: pygame.Surface, title: str, text: str, colour=theme.TEXT) -> None:
        panel(surface, DETAIL_RECT, radius=12)
        draw_fit(surface, title, pygame.Rect(DETAIL_RECT.left + 16, DETAIL_RECT.top + 8, DETAIL_RECT.width - 32, 30),
                 "body", theme.ACCENT, valign="middle", wrap=False, bold=True)
        draw_paragraph(surface, text, DETAIL_RECT.inflate(-32, -56).move(0, 18), "small", colour)
