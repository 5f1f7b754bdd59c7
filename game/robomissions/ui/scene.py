"""ROBOMissions entry points: the set-up menu and `python main.py robomissions ...`.

The game select screen calls `make_entry_scene(app)` (a menu: mode, player count, who sits
in each seat); the command line calls `main(argv)`, which skips the menu and deals a game
with seat 0 human. Both end in the same `TableConfig`, so the table never cares how it was
reached. `resume_scene(app, session)` (the catalog's `resume`) continues a saved game at the
same position, with the seats that were noted beside the save.
"""
from __future__ import annotations

import argparse
import random

import pygame

from game.client import input as inp
from game.client import theme
from game.client.app import App, add_display_args, run_scene
from game.client.scene import Scene
from game.client.widgets import Menu, MenuItem, draw_hints, draw_text, vertical_gradient
from game.core.session import GameSession
from game.robomissions import ai
from game.robomissions.rules import engine
from game.robomissions.rules.view import seat_view
from game.robomissions.ui.table_config import (AI_LEVELS, MAX_PLAYERS, MIN_PLAYERS, MODE_NAMES, MODE_PLAYERS, MODES,
                                               SEAT_KINDS, TableConfig, make_config, remembered_seats)
from game.robomissions.ui.table_render import team_label
from game.robomissions.ui.table_scene import TableScene

__all__ = ["AI_LEVELS", "MAX_PLAYERS", "MIN_PLAYERS", "MODE_NAMES", "MODE_PLAYERS", "MODES", "SEAT_KINDS",
           "SetupScene", "TableConfig", "main", "make_config", "make_entry_scene", "resume_scene"]


class SetupScene(Scene):
    """Choose mode, number of players and who plays each seat, then deal."""
    animated = False       # changes only on input (issue 26: nothing drawn while left alone)

    def __init__(self, config: TableConfig | None = None) -> None:
        super().__init__()
        config = config or TableConfig()
        self.mode = config.mode
        self.players = config.n_players
        self.kinds = list(config.seats) + ["normal"] * (MAX_PLAYERS - config.n_players)
        self.background: pygame.Surface | None = None
        items = [
            MenuItem("Mode", value=lambda: MODE_NAMES[self.mode], on_change=self._change_mode,
                     detail="Free for All, or teams: 2 vs 1 (3 players) and 2 vs 2 (4 players)"),
            MenuItem("Players", value=lambda: str(self.players), on_change=self._change_players,
                     detail="2 to 4 players in Free for All"),
        ]
        for seat in range(MAX_PLAYERS):
            items.append(MenuItem(f"Seat {seat + 1}", value=self._seat_value(seat), on_change=self._seat_changer(seat),
                                  detail="Human, or an AI: random, easy, normal or hard"))
        items += [MenuItem("Start game", self._start, "Deal the cards"),
                  MenuItem("How to play", self._how_to_play, "The rules in eight short pages"),
                  MenuItem("Back", self._back)]
        self.menu = Menu(items, center_x=theme.WIDTH // 2, top=112, width=640, row_height=52)
        self.menu.focus = len(items) - 3    # "Start game": Enter deals the shown set-up (issue 25: it changed the Mode)
        self._refresh()

    # ---------------------------------------------------------------- options
    def _seat_value(self, seat: int):
        def value() -> str:
            if seat >= self.players:
                return "-"
            kind = self.kinds[seat]
            team = self._team_name(seat)
            label = "Human" if kind == "human" else f"AI ({kind})"
            return f"{label}{'  ' + team if team else ''}"
        return value

    def _team_name(self, seat: int) -> str:
        return team_label(self.mode, self.players, seat)

    def _seat_changer(self, seat: int):
        def change(step: int) -> None:
            index = SEAT_KINDS.index(self.kinds[seat])
            self.kinds[seat] = SEAT_KINDS[(index + step) % len(SEAT_KINDS)]
            self._click()
        return change

    def _change_mode(self, step: int) -> None:
        self.mode = MODES[(MODES.index(self.mode) + step) % len(MODES)]
        self.players = MODE_PLAYERS.get(self.mode, self.players)
        self._refresh()
        self._click()

    def _change_players(self, step: int) -> None:
        if self.mode in MODE_PLAYERS:
            if self.app:
                self.app.audio.play("error")
            return
        self.players = max(MIN_PLAYERS, min(MAX_PLAYERS, self.players + step))
        self._refresh()
        self._click()

    def _refresh(self) -> None:
        self.menu.items[1].enabled = self.mode not in MODE_PLAYERS
        for seat in range(MAX_PLAYERS):
            self.menu.items[2 + seat].enabled = seat < self.players

    def _click(self) -> None:
        if self.app:
            self.app.audio.play("click")

    def config(self, seed: int | None = None) -> TableConfig:
        seats = tuple(self.kinds[: self.players])
        return TableConfig(self.mode, seats, random.randrange(1 << 30) if seed is None else seed)

    def _start(self) -> None:
        self._click()
        from game.robomissions.ui import howto   # the command line's start opens a table, no how-to

        self.app.stack.push(TableScene(self.config()))
        if howto.tutorial_due():          # a player's first game: the tutorial over the table
            self.app.stack.push(howto.tutorial_scene())

    def _how_to_play(self) -> None:
        from game.robomissions.ui import howto

        self._click()
        self.app.stack.push(howto.how_to_play_scene())

    def _back(self) -> None:
        self.app.stack.pop()

    # ---------------------------------------------------------------- scene
    def enter(self) -> None:
        self.background = vertical_gradient(theme.LOGICAL_SIZE, (40, 30, 56), (12, 14, 22))
        self.app.audio.warm()       # sounds are built when a screen opens, never mid-animation

    def handle(self, action: inp.Action) -> None:
        if not self.menu.handle(action) and action.name == inp.BACK:
            self._back()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(self.background, (0, 0))
        draw_text(surface, "ROBOMissions", (theme.WIDTH // 2, 60), "title", theme.ACCENT, "center", bold=True,
                  shadow=True)
        self.menu.draw(surface)
        draw_hints(surface, self.app.input, [(inp.LEFT_RIGHT, "Change"), (inp.CONFIRM, "Select"), (inp.BACK, "Back")])


def make_entry_scene(app: App) -> Scene:
    """The game select screen's way in: the set-up menu."""
    return SetupScene()


def resume_scene(app: App, session: GameSession) -> Scene:
    """Continue a saved game (the catalog's `resume`): the same seats, at the same position."""
    setup = session.config
    seats = remembered_seats(session.seed, setup.mode, setup.players)
    return TableScene(TableConfig(setup.mode, seats, session.seed), session)


def main(argv: list[str]) -> int:
    """`python main.py robomissions --mode ffa --players 3 [--humans 1] [--ai normal] [--seed S] ...`"""
    parser = argparse.ArgumentParser(prog="main.py robomissions", description="Play ROBOMissions at the table")
    parser.add_argument("--mode", default="ffa", choices=MODES, help="ffa, 2v1 (3 players) or 2v2 (4 players)")
    parser.add_argument("--players", type=int, default=None, help="2-4 (team modes fix it)")
    parser.add_argument("--humans", type=int, default=1, help="seats 0..N-1 are human (0 = watch the AIs)")
    parser.add_argument("--ai", default="normal", choices=AI_LEVELS, help="level of the AI seats")
    parser.add_argument("--seed", type=int, default=None, help="deal the same game again")
    add_display_args(parser)
    args = parser.parse_args(argv)
    config = make_config(args.mode, args.players, args.humans, args.ai, args.seed)
    return run_scene(lambda app: TableScene(config), args)


# ---------------------------------------------------------------- bench frames hooks
_busy_seeds = iter(range(1, 1_000_000))


def make_idle_scene(app: App) -> Scene:
    """`bench idle --screen robomissions`: the command line's default table, waiting for the player."""
    return TableScene(make_config("ffa", None, 1, "normal", 1))


def make_busy_scene(app: App) -> Scene:
    """`bench frames --screen robomissions`: four AI seats, free-for-all, watched from seat 0."""
    return TableScene(TableConfig("ffa", ("normal", "hard", "easy", "normal"), next(_busy_seeds)))


def busy_ai_job(scene):
    """One hard-bot decision on the table's position, as (fn, args, kwargs), for --ai-thinking."""
    state = scene.state
    if not state.is_over:
        legal = engine.legal_choices(state)
        scene._bench_job = (ai.choose, (seat_view(state, state.current), legal, random.Random(len(scene.played))),
                            {"level": "hard"})
    return getattr(scene, "_bench_job", None)
