"""Attract mode: AI-with-AI Robo Run scenarios behind the title until a key is pressed.

The scene owns a spectating PlayScene as a child (not on the stack), forwards update/draw,
and never lets it open its results screen: when a scenario ends it waits a moment and starts
the next shipped scenario. Any key, click or button returns to the title; the title's DemoCycle runs it between the
other games' demos and draws the DEMO bar.
"""
from __future__ import annotations

import pygame

from game.client import input as inp
from game.client import theme
from game.client.scene import Scene
from game.client.widgets import draw_text
from game.roborun.ui.level_files import list_levels
from game.roborun.ui.play_scene import PlayScene
from game.roborun.ui.session import GameOptions

PAUSE_AFTER_GAME = 3.0   # seconds the final board stays up before the next scenario


class AttractScene(Scene):
    covers_screen = True

    def __init__(self, seed: int = 1, ai_level: str = "normal") -> None:
        super().__init__()
        self.seed = seed
        self.ai_level = ai_level
        self.level_index = 0
        self.child = None
        self.ended_for = 0.0
        self.t = 0.0

    def enter(self) -> None:
        self._next_game()

    def exit(self) -> None:
        if self.child is not None:      # its AI worker goes with it
            self.child.exit()
            self.child = None

    def _next_game(self) -> None:
        if self.child is not None:
            self.child.exit()
        levels = list_levels()
        ref = levels[self.level_index % len(levels)][0]
        self.level_index += 1
        self.seed += 1
        child = PlayScene(GameOptions(level_ref=ref, partner="ai", ai_level=self.ai_level, seed=self.seed,
                                      spectate=True, tutorial=False, intro=False))
        child.app = self.app
        child.results_shown = True   # attract mode shows no results screen: it moves on
        child.enter()
        self.child = child
        self.ended_for = 0.0

    def handle(self, action: inp.Action) -> None:
        if action.name not in (inp.POINT,):
            self.app.stack.pop()

    def update(self, dt: float) -> None:
        self.t += dt
        self.child.update(dt)
        if self.child.state.outcome is not None and not self.child.animator.busy:
            self.ended_for += dt
            if self.ended_for > PAUSE_AFTER_GAME:
                self._next_game()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.child.draw(surface, alpha)
        # Under the title's DemoCycle (the usual way in) the cycle draws the DEMO bar; alone on the
        # stack, draw it here, over the hint bar, where it never covers the prompt line.
        if self.app.stack.top is self and int(self.t * 1.5) % 2 == 0:
            bar = pygame.Rect(0, theme.HEIGHT - 40, theme.WIDTH, 40)
            pygame.draw.rect(surface, theme.SHADOW, bar)
            draw_text(surface, "DEMO  -  press any key to play", bar.center, "body", theme.ACCENT, "center", bold=True)


def make_attract_scene(app) -> Scene:
    return AttractScene()
