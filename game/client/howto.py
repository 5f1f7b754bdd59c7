"""How to play: short pages, each with a picture the game draws itself, and first-game tutorials.

A game gives a list of `Page`s (a heading, a few sentences and a function that draws its
picture into a rectangle with the game's own sprite code); `HowToPlayScene` pages through
them from the set-up menu or the pause menu. `TutorialScene` is the same pager laid over the
table at the start of a player's first game of that game; closing it is remembered in a
small save (tutorials.json through game.core.storage), so it shows once.

Controls: Enter / click / Right: next page; Left: back a page; Esc / Tab-skip: close.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from game.client import input as inp
from game.client import theme
from game.client.scene import Scene
from game.client.widgets import draw_hints, draw_paragraph, draw_text, font, panel, wrap_text
from game.core import storage

FILE_NAME = "tutorials.json"

Picture = Callable[[pygame.Surface, pygame.Rect], None]


@dataclass(frozen=True)
class Page:
    heading: str
    text: str
    picture: Picture | None = None


# ---------------------------------------------------------------- remembered tutorials
def tutorial_seen(game_id: str) -> bool:
    data, _warning = storage.load_json(storage.data_dir() / FILE_NAME, default={})
    return isinstance(data, dict) and data.get(game_id) is True


def mark_tutorial_seen(game_id: str) -> None:
    path = storage.data_dir() / FILE_NAME
    data, _warning = storage.load_json(path, default={})
    data = data if isinstance(data, dict) else {}
    data[game_id] = True
    storage.save_json(path, data)


# ---------------------------------------------------------------- the pager
def _fitting_size(text: str, width: int, height: int) -> str:
    """The largest text size whose wrapped lines fit the box (the smallest size otherwise)."""
    for size in ("body", "small", "tiny"):
        lines = wrap_text(text, width, size)
        if len(lines) * (font(size).get_linesize() + 4) <= height:
            return size
    return "tiny"


class HowToPlayScene(Scene):
    """Pages with a picture on the left and the words on the right."""

    BOX = pygame.Rect(0, 0, 1120, 560)

    def __init__(self, title: str, pages: list[Page], opaque: bool = True) -> None:
        super().__init__()
        if not pages:
            raise ValueError("a how-to-play needs at least one page")
        self.title = title
        self.pages = pages
        self.page = 0
        self.opaque = opaque

    @property
    def covers_screen(self) -> bool:
        return self.opaque

    def close(self) -> None:
        self.app.stack.pop()

    def handle(self, action: inp.Action) -> None:
        name = action.name
        if name in (inp.CONFIRM, inp.RIGHT, inp.NEXT, inp.DOWN):
            self._turn(1)
        elif name == inp.CLICK and action.pos:
            box = self._box()
            if not box.collidepoint(action.pos) or action.pos[0] >= box.centerx:
                self._turn(1)
            else:
                self._turn(-1)
        elif name in (inp.LEFT, inp.PREV, inp.UP):
            self._turn(-1)
        elif name in (inp.BACK, inp.MENU, inp.SKIP):
            self.close()

    def _turn(self, step: int) -> None:
        if self.page + step >= len(self.pages):
            self.close()
            return
        self.page = max(0, self.page + step)
        if self.app is not None:
            self.app.audio.play("move")

    def _box(self) -> pygame.Rect:
        box = self.BOX.copy()
        box.center = (theme.WIDTH // 2, theme.HEIGHT // 2 - 12)
        return box

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.opaque:
            surface.fill(theme.BG)
        else:
            shade = pygame.Surface(theme.LOGICAL_SIZE, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 170))
            surface.blit(shade, (0, 0))
        page = self.pages[self.page]
        box = self._box()
        panel(surface, box, edge=theme.ACCENT, width=3)
        draw_text(surface, self.title, (box.left + 30, box.top + 18), "small", theme.TEXT_DIM)
        draw_text(surface, f"{self.page + 1} / {len(self.pages)}", (box.right - 30, box.top + 18), "small",
                  theme.TEXT_DIM, "topright")
        draw_text(surface, page.heading, (box.centerx, box.top + 62), "large", theme.ACCENT, "center", bold=True)
        body = pygame.Rect(box.left + 30, box.top + 100, box.width - 60, box.height - 130)
        if page.picture is not None:
            picture = pygame.Rect(body.left, body.top, 500, body.height)
            pygame.draw.rect(surface, theme.BG, picture, border_radius=12)
            clip = surface.get_clip()
            surface.set_clip(picture)
            page.picture(surface, picture.inflate(-16, -16))
            surface.set_clip(clip)
            text_box = pygame.Rect(picture.right + 26, body.top + 6, body.right - picture.right - 26, body.height - 6)
        else:
            text_box = body.inflate(-60, 0)
        draw_paragraph(surface, page.text, text_box, _fitting_size(page.text, text_box.width, text_box.height))
        last = self.page == len(self.pages) - 1
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "Done" if last else "Next page"),
                                             (inp.LEFT, "Back a page"), (inp.BACK, "Close")])


class TutorialScene(HowToPlayScene):
    """The first-game tutorial over the table: shown once per game, remembered when closed."""

    def __init__(self, game_id: str, title: str, pages: list[Page]) -> None:
        super().__init__(title, pages, opaque=False)
        self.game_id = game_id

    def close(self) -> None:
        mark_tutorial_seen(self.game_id)
        super().close()
