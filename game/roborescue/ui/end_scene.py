"""The end of a game: solo score, rating and high scores, or the multiplayer VP result.

The solo high-score table is saved atomically the moment this screen opens (through
the engine team's `highscores` module), so closing the window here loses nothing.
"""
from __future__ import annotations

import random
from typing import Callable

import pygame

from game.client.text import draw_fit
from game.client import input as inp
from game.client import theme
from game.client.menus import TitleScene
from game.client.scene import Scene
from game.client.widgets import Menu, MenuItem, ResultsHold, draw_hints, draw_text, panel, vertical_gradient
from game.roborescue.rules import engine
from game.roborescue.ui.anim import count_up
from game.roborescue.ui.lab_config import GameConfig
from game.roborescue.rules.scoring import rating_text
from game.roborescue.ui.score_table_ui import draw_score_table, record_solo_score


COUNT_UP_SECONDS = 2.0    # the final score counts up this long


class EndScene(Scene):
    def __init__(self, config: GameConfig, state: engine.GameState,
                 play_again: Callable[[GameConfig], Scene] | None = None,
                 new_setup: Callable[[GameConfig], Scene] | None = None,
                 leave: tuple[str, Callable[[], None]] | None = None) -> None:
        """`play_again(config)` makes a new lab, `new_setup(config)` the set-up menu (the lab
        passes both); an item whose factory is missing is not offered. `leave`: (words, what)
        in place of "Quit to title", for a seat of a networked table (nothing recorded either)."""
        super().__init__()
        self.leave = leave
        self.config = config
        self.play_again, self.new_setup = play_again, new_setup
        self.solo = config.n_players == 1
        self.scores = [engine.final_score(state, seat) for seat in range(config.n_players)]
        self.vp = [len(player.vp) for player in state.players]
        self.winners = tuple(state.winners)
        self.final_score = self.scores[0]
        self.rating = rating_text(self.final_score) if self.solo else ""
        self.table: list = []
        self.rank: int | None = None
        self.warning: str | None = None
        self.t = 0.0
        self.background: pygame.Surface | None = None
        self.menu = Menu([item for item, offered in (
            (MenuItem("Play again", self._again), play_again is not None),
            (MenuItem("New set-up", self._setup), new_setup is not None),
            (MenuItem(leave[0] if leave else "Quit to title", self._title), True)) if offered], center_x=theme.WIDTH - 250, top=470, width=400, row_height=60)
        # a table's end (only the way out): one centred result with its one button under it; at
        # 800x480 the points panel sat on the left and the lone button far to the right
        self.centred = len(self.menu.items) == 1 and not self.solo
        if self.centred:
            self.menu = Menu(self.menu.items, center_x=theme.WIDTH // 2, top=self._points_box().bottom + 24,
                             width=400, row_height=60)
        self.hold = ResultsHold()       # the score first; the way out after

    def enter(self) -> None:
        self.background = vertical_gradient(theme.LOGICAL_SIZE, (30, 36, 60), (12, 14, 22))
        if self.solo and self.config.is_human(0) and self.leave is None:
            self.table, self.rank, self.warning = record_solo_score(self.final_score)
        won = self.solo or any(self.config.is_human(s) for s in self.winners)
        self.app.audio.play("win" if won else "lose")

    def _again(self) -> None:
        config = GameConfig(self.config.n_players, self.config.seats, self.config.advanced,
                            random.SystemRandom().randrange(1 << 31))
        self.app.stack.replace(self.play_again(config))

    def _setup(self) -> None:
        self.app.stack.replace(self.new_setup(self.config))

    def _title(self) -> None:
        if self.leave is not None:
            self.app.stack.pop()
            self.leave[1]()
            return
        self.app.stack.clear_to(TitleScene())

    def handle(self, action: inp.Action) -> None:
        if action.name == inp.SKIP or self.hold.blocks(action):
            self.t = 10.0       # a key pressed while the score counts up shows it at once
            return
        if not self.menu.handle(action) and action.name == inp.BACK:
            self._back()        # Esc leaves too (issue 25: it did nothing here)

    def _back(self) -> None:
        """Esc: back to the set-up the game came from, or to the title when there is none."""
        if self.new_setup is not None:
            self._setup()
        else:
            self._title()

    def animating(self) -> bool:
        # the score counts up, the way-out menu appears when the results hold ends, then it rests
        return self.t < COUNT_UP_SECONDS + 0.1 or not self.hold.ready

    def update(self, dt: float) -> None:
        self.t += dt * self.app.settings.animation_speed
        self.hold.update(dt)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(self.background, (0, 0))
        draw_text(surface, "Game over", (theme.WIDTH // 2, 60), "title", theme.TEXT, "center", bold=True)
        if self.solo:
            self._draw_solo(surface)
        else:
            self._draw_multi(surface)
        if self.hold.ready:
            self.menu.draw(surface)
            hints = [(inp.CONFIRM, "Select")] + [(inp.UP_DOWN, "Move")] * (len(self.menu.items) > 1) + [
                     (inp.BACK, "New set-up" if self.new_setup else "Leave" if self.leave else "Title")]
            draw_hints(surface, self.app.input, hints + [(inp.SKIP, "Skip")] * (self.t < COUNT_UP_SECONDS))

    def _draw_solo(self, surface: pygame.Surface) -> None:
        box = pygame.Rect(60, 130, 620, 300)
        panel(surface, box)
        draw_text(surface, "Final score", (box.centerx, box.top + 30), "large", theme.TEXT_DIM, "center")
        shown = count_up(self.final_score, min(1.0, self.t / COUNT_UP_SECONDS))
        draw_text(surface, str(shown), (box.centerx, box.top + 120), "huge", theme.ACCENT, "center", bold=True,
                  shadow=True)
        if self.t >= COUNT_UP_SECONDS:
            draw_text(surface, self.rating, (box.centerx, box.top + 220), "small", theme.TEXT, "center", bold=True)
            if self.rank is not None:
                praise = "New high score!" if self.rank == 1 else f"Number {self.rank} in your high scores!"
                draw_text(surface, praise, (box.centerx, box.top + 264), "body",
                          theme.GOOD, "center", bold=True)
        draw_score_table(surface, pygame.Rect(720, 130, 500, 320), self.table, self.rank)
        if self.warning:
            draw_text(surface, self.warning, (60, 450), "tiny", theme.BAD)

    def _points_box(self) -> pygame.Rect:
        """The Victory Points panel: left of the way-out menu, or centred above a lone button."""
        box = pygame.Rect(60, 190, 600, 60 + 56 * self.config.n_players)
        if self.centred:
            box.centerx = theme.WIDTH // 2
        return box

    def _draw_multi(self, surface: pygame.Surface) -> None:
        names = [self.config.seat_name(s) for s in self.winners]
        title = f"{names[0]} win{'s' if names[0] != 'You' else ''}!" if len(names) == 1 else \
            "Shared victory: " + ", ".join(names)
        draw_fit(surface, title, pygame.Rect(40, 112, theme.WIDTH - 80, 56), "large", theme.ACCENT, align="center",
                 valign="middle", wrap=False, bold=True)
        box = self._points_box()
        panel(surface, box)
        draw_text(surface, "Victory Points", (box.left + 20, box.top + 14), "body", theme.TEXT_DIM)
        for seat in range(self.config.n_players):
            y = box.top + 60 + seat * 56
            colour = theme.ACCENT if seat in self.winners else theme.TEXT
            draw_fit(surface, self.config.seat_name(seat), pygame.Rect(box.left + 20, y - 6, box.width - 240, 46),
                     "large", colour, valign="middle", wrap=False, bold=True)
            draw_text(surface, f"{self.vp[seat]} VP", (box.right - 180, y), "large", colour, bold=True)
            draw_text(surface, f"{self.scores[seat]} pts", (box.right - 20, y + 8), "small", theme.TEXT_DIM,
                      "topright")
