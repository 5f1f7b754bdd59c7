"""Questions asked over the current screen (ChoiceScene, ConfirmScene).

Their own module, not menus.py: screens that menus.py itself opens (the table's) ask them too,
and importing menus from there would close an import ring."""
from __future__ import annotations

from typing import Callable

import pygame

from game.client import input as inp
from game.client import theme
from game.client.scene import Scene
from game.client.widgets import Menu, MenuItem, darken, draw_fit, draw_hints, panel


class ChoiceScene(Scene):
    """A question with a few answers over the current screen; the first answer is the safe one:
    it has the focus, and Back picks it. Each answer's callback runs after the box closes."""
    animated = False       # changes only on input (issue 26: nothing drawn while left alone)

    opaque = False

    def __init__(self, question: str, answers: list[tuple[str, Callable[[], None]]], detail: str = "",
                 details: list[str] | None = None) -> None:
        super().__init__()
        self.question = question
        self.detail = detail
        self.answers = answers
        details = details or []
        row = 64 if len(answers) <= 2 else 56
        # question and detail above the answers, each answer's detail line below them (two answers
        # and no details: the original 760x340 box)
        self.box = pygame.Rect(0, 0, 760, 340 + row * max(0, len(answers) - 2) + (90 if details else 0))
        self.box.center = (theme.WIDTH // 2, theme.HEIGHT // 2 + 20)
        self.menu = Menu([MenuItem(label, lambda run=run: self._answer(run), details[i] if i < len(details) else "")
                          for i, (label, run) in enumerate(answers)],
                         center_x=theme.WIDTH // 2, top=self.box.top + 180, width=440, row_height=row)

    def _answer(self, run: Callable[[], None]) -> None:
        self.app.stack.pop()
        run()

    def handle(self, action: inp.Action) -> None:
        if not self.menu.handle(action) and action.name == inp.BACK:
            self._answer(self.answers[0][1])

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        darken(surface, 150)
        box = self.box
        panel(surface, box)
        draw_fit(surface, self.question, pygame.Rect(box.left + 30, box.top + 20, box.width - 60, 90), "large",
                 theme.ACCENT, align="center", valign="middle", min_size="body", bold=True)
        if self.detail:
            draw_fit(surface, self.detail, pygame.Rect(box.left + 30, box.top + 114, box.width - 60, 60), "body",
                     theme.TEXT_DIM, align="center")
        self.menu.draw(surface)
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "Select"), (inp.BACK, self.answers[0][0])])


class ConfirmScene(ChoiceScene):
    """Ask once before a costly step (e.g. ending a turn with actions left): the safe answer has the focus.

    `on_yes` runs after the box closes; Back, or the first item, keeps playing.
    """

    def __init__(self, question: str, on_yes, yes: str = "Yes", no: str = "Keep playing", detail: str = "") -> None:
        super().__init__(question, [(no, lambda: None), (yes, on_yes)], detail)
        self.on_yes = on_yes
