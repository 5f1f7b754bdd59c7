"""Run Run Run! screens over the table: how to play, the hand-over between two human seats, the
pause menu, and the first-game tutorial."""
from __future__ import annotations


import pygame

from game.client import input as inp
from game.client import theme, tutorials
from game.client.menus import PauseScene
from game.client.scene import Scene
from game.client.text import draw_fit
from game.client.widgets import MenuItem, draw_hints, draw_paragraph, panel, shade
from game.runrunrun import rules as R
from game.runrunrun.rules import content as C
from game.runrunrun.rules.maze import FINAL

from . import render as V
from .text import HOW_TO_PLAY, SEAT_NAMES, TUTORIAL_PAGES


HOW_TO_PICTURES = ("maze", "mummy", "tile", "dice", "tile", "symbols", "dice")   # one per HOW_TO_PLAY page


class HowToScene(Scene):
    """How to play, one page at a time (reachable from the set-up menu and from pause)."""
    animated = False       # changes only on input (issue 26: nothing drawn while left alone)

    def __init__(self) -> None:
        super().__init__()
        self.page = 0

    def handle(self, action):
        if action.name in (inp.RIGHT, inp.NEXT, inp.CONFIRM, inp.CLICK):
            if self.page == len(HOW_TO_PLAY) - 1 and action.name in (inp.CONFIRM, inp.CLICK):
                self.app.stack.pop()
                return
            self.page = min(len(HOW_TO_PLAY) - 1, self.page + 1)
        elif action.name in (inp.LEFT, inp.PREV):
            self.page = max(0, self.page - 1)
        elif action.name in (inp.BACK, inp.MENU):
            self.app.stack.pop()

    def draw(self, surface, alpha):
        surface.fill(theme.BG)
        title, text = HOW_TO_PLAY[self.page]
        draw_fit(surface, "How to play Run Run Run!", pygame.Rect(40, 40, theme.WIDTH - 80, 60), "large", theme.ACCENT,
                 align="center", valign="middle", wrap=False, bold=True)
        box = pygame.Rect(140, 130, theme.WIDTH - 280, 460)
        panel(surface, box)
        draw_fit(surface, title, pygame.Rect(box.left + 30, box.top + 20, box.width - 60, 56), "large", theme.TEXT,
                 wrap=False, bold=True)
        pic = pygame.Rect(box.left + 30, box.top + 100, 240, 240)
        _draw_picture(surface, pic, HOW_TO_PICTURES[self.page % len(HOW_TO_PICTURES)])
        draw_paragraph(surface, text, pygame.Rect(pic.right + 30, box.top + 90, box.right - pic.right - 60,
                                                  box.height - 110), "body", theme.TEXT, spacing=8)
        draw_fit(surface, f"page {self.page + 1} of {len(HOW_TO_PLAY)}", pygame.Rect(140, 600, theme.WIDTH - 280, 34),
                 "small", theme.TEXT_DIM, align="center", wrap=False)
        last = self.page == len(HOW_TO_PLAY) - 1      # Right does nothing there: Enter closes the pages
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "Done") if last else (inp.RIGHT, "Next page"),
                                             (inp.LEFT, "Previous"), (inp.BACK, "Close")])


class HandOverScene(Scene):
    """Hides the table until the next human player is the only one looking."""
    animated = False       # changes only on input (issue 26: nothing drawn while left alone)

    def __init__(self, seat: int, why: str) -> None:
        super().__init__()
        self.seat, self.why = seat, why

    def handle(self, action):
        if action.name in (inp.CONFIRM, inp.CLICK):
            self.app.stack.pop()
        elif action.name == inp.MENU:
            self.app.stack.push(_pause())

    def draw(self, surface, alpha):
        surface.fill(theme.SHADOW)
        colour = V.SEAT_COLOURS[self.seat]
        draw_fit(surface, f"Pass to {SEAT_NAMES[self.seat]}", pygame.Rect(40, 220, theme.WIDTH - 80, 100), "title",
                 colour, align="center", valign="middle", wrap=False, bold=True)
        draw_fit(surface, self.why, pygame.Rect(40, 336, theme.WIDTH - 80, 48), "body", theme.TEXT, align="center")
        draw_fit(surface, "Only the player whose turn it is should look at the screen.",
                 pygame.Rect(40, 398, theme.WIDTH - 80, 60), "small", theme.TEXT_DIM, align="center")
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "I'm ready")])


def _pause() -> PauseScene:
    scene = PauseScene(extra=[MenuItem("How to play", lambda: scene.app.stack.push(HowToScene()))])
    return scene


class TutorialOverlay(Scene):
    """First-game help over the table: a few pages with pictures; remembered once dismissed."""
    animated = False       # changes only on input (issue 26: nothing drawn while left alone)

    opaque = False

    def __init__(self) -> None:
        super().__init__()
        self.page = 0

    def _close(self) -> None:
        tutorials.mark_tutorial_done(R.GAME_ID)
        self.app.stack.pop()

    def handle(self, action):
        if action.name in (inp.CONFIRM, inp.CLICK, inp.RIGHT, inp.NEXT):
            self.page += 1
            if self.page >= len(TUTORIAL_PAGES):
                self._close()
        elif action.name in (inp.LEFT, inp.PREV):
            self.page = max(0, self.page - 1)
        elif action.name in (inp.BACK, inp.SKIP, inp.MENU):
            self._close()

    def draw(self, surface, alpha):
        shade(surface, (0, 0, 0, 170))
        box = pygame.Rect(0, 0, 900, 470)
        box.center = (theme.WIDTH // 2, theme.HEIGHT // 2 - 20)
        panel(surface, box, fill=(40, 32, 26), edge=theme.ACCENT)
        title, text, picture = TUTORIAL_PAGES[min(self.page, len(TUTORIAL_PAGES) - 1)]
        draw_fit(surface, f"First game: {title}", pygame.Rect(box.left + 30, box.top + 20, box.width - 60, 50),
                 "large", theme.ACCENT, bold=True, wrap=False)
        pic = pygame.Rect(box.left + 30, box.top + 90, 250, 250)
        _draw_picture(surface, pic, picture)
        draw_fit(surface, text, pygame.Rect(pic.right + 30, pic.top, box.right - pic.right - 60, 300), "body",
                 theme.TEXT, spacing=6)
        draw_fit(surface, f"page {self.page + 1} of {len(TUTORIAL_PAGES)}",
                 pygame.Rect(box.left, box.bottom - 60, box.width, 40), "small", theme.TEXT_DIM, align="center",
                 wrap=False)
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "Next"), (inp.LEFT, "Back a page"), (inp.BACK, "Skip")])


def tutorial_seen() -> bool:
    """The first-game tutorial was closed once (game/client/tutorials.py, shared by the games)."""
    return not tutorials.tutorial_due(R.GAME_ID)


def _draw_picture(surface, rect: pygame.Rect, kind: str) -> None:
    """The game's own pieces, drawn for a tutorial or how-to-play page."""
    pygame.draw.rect(surface, (24, 20, 18), rect, border_radius=10)
    if kind == "maze":
        cells = [FINAL, (0, 0), (1, 0), (1, -1), (2, -1)]
        lay = V.HexLayout(rect.inflate(-20, -20), cells, max_size=40.0)
        V.draw_room(surface, lay, FINAL, 1 << 0, None)
        V.draw_room(surface, lay, (0, 0), 0b110011, None)
        for cell, tile in (((1, 0), 3), ((1, -1), 7), ((2, -1), 12)):
            V.draw_room(surface, lay, cell, C.TILES[tile].exits, tile)
        V.draw_mummy(surface, lay.center((2, -1)), 1, 5, lay.size)
        V.draw_cat(surface, lay.center((1, 0)), 0, lay.size, True)
    elif kind == "tile":
        for i, tile in enumerate((3, 20, 40)):
            V.draw_tile_icon(surface, pygame.Rect(rect.left + 10 + i * 78, rect.centery - 40, 74, 80), tile)
    elif kind == "mummy":
        V.draw_mummy(surface, (rect.centerx - 50, rect.centery), 2, 5, 90.0)
        V.draw_mummy(surface, (rect.centerx + 60, rect.centery), 10, 12, 90.0)
    elif kind == "symbols":
        for i, sym in enumerate(("ankh", "eye", "scarab")):
            V.draw_symbol(surface, sym, (rect.left + 50 + i * 75, rect.centery), 30)
    else:
        for i, face in enumerate(("hit", "ability", "draw", "lure", "mummy")):
            V.draw_die(surface, pygame.Rect(rect.left + 12 + (i % 3) * 80, rect.top + 40 + (i // 3) * 90, 64, 64), face)
