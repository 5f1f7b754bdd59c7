"""The Robo Rally set-up menu: course (by title), robots, humans, AI level, the sand timer."""
from __future__ import annotations

import pygame

from game.client import input as inp
from game.client import theme
from game.client.menus import NoticeScene
from game.client.scene import Scene
from game.client.text import draw_fit
from game.client.widgets import Menu, MenuItem, draw_hints
from game.core.session import has_saved_game, load_saved_game
from game.roborally import rules as R
from game.roborally.ai import LEVELS
from game.roborally.ui.course_files import course_ids
from game.roborally.ui import howto
from game.roborally.ui.race_scene import course_title, new_race, resume_scene


class SetupScene(Scene):
    animated = False       # changes only on input (issue 26: nothing drawn while left alone)

    def __init__(self) -> None:
        super().__init__()
        self.courses = course_ids()
        self.titles = [course_title(c) for c in self.courses]
        self.course = 0
        self.players = 2
        self.humans = 1
        self.ai = LEVELS.index("normal")
        self.timer: bool | None = None      # None: on only between two or more humans

    def enter(self) -> None:
        def cyc(attr, lo, hi):
            def change(step):
                setattr(self, attr, lo + (getattr(self, attr) - lo + step) % (hi - lo + 1))
                self.humans = min(self.humans, self.players)
            return change

        items = []
        if has_saved_game(R.GAME_ID):
            items.append(MenuItem("Continue saved race", self._continue))
        items += [
            MenuItem("Course", value=lambda: self.titles[self.course], on_change=cyc("course", 0, len(self.courses) - 1)),
            MenuItem("Robots", value=lambda: str(self.players), on_change=cyc("players", 2, 6)),
            MenuItem("Humans", value=lambda: str(self.humans), on_change=cyc("humans", 0, 6)),
            MenuItem("AI level", value=lambda: LEVELS[self.ai].capitalize(), on_change=cyc("ai", 0, len(LEVELS) - 1)),
            MenuItem("Sand timer", value=lambda: "30 s" if self._timer_on() else "Off", on_change=self._toggle_timer,
                     detail="The printed game's optional sand timer: once one robot is programmed, the others "
                            "have 30 seconds. Off by default against AIs."),
            MenuItem("Start race", self._start),
            MenuItem("How to play", lambda: self.app.stack.push(howto.how_to_play_scene())),
        ]
        self.menu = Menu(items, center_x=theme.WIDTH // 2, top=150, width=640, row_height=62)
        if not has_saved_game(R.GAME_ID):   # Continue stays first when there is a race to continue
            self.menu.focus = len(items) - 2    # "Start race" (issue 25: Enter changed the Course)

    def _timer_on(self) -> bool:
        return self.humans >= 2 if self.timer is None else self.timer

    def _toggle_timer(self, step: int) -> None:
        self.timer = not self._timer_on()

    def _start(self) -> None:
        self.humans = min(self.humans, self.players)
        scene = new_race(self.courses[self.course], self.players, self.humans, LEVELS[self.ai], None,
                         timer=self._timer_on())
        self.app.stack.replace(scene)

    def _continue(self) -> None:
        session, _, warning = load_saved_game(R.GAME_ID, R)   # the title's Continue path: damaged saves set aside
        if session is None:
            self.app.stack.push(NoticeScene(warning or "There is no saved race.", "Cannot continue"))
            self.enter()                                      # a save set aside: no "Continue" any more
            return
        self.app.stack.replace(resume_scene(self.app, session))

    def handle(self, action) -> None:
        if not self.menu.handle(action) and action.name == inp.BACK:
            self.app.stack.pop()

    def draw(self, surface, alpha) -> None:
        surface.fill(theme.BG)
        draw_fit(surface, "Robo Rally: Chaos & Carnage", pygame.Rect(40, 20, theme.WIDTH - 80, 110), "title", theme.TEXT,
                 align="center", valign="middle", wrap=False, bold=True)
        self.menu.draw(surface)
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "Select"), (inp.LEFT_RIGHT, "Change"), (inp.BACK, "Back")])
