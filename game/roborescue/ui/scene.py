"""Robo Rescue: Origins entry points: the set-up menu, the high-score screen and `main`.

    make_entry_scene(app) -> Scene       the set-up menu (game select screen, registry)
    resume_scene(app, session) -> Scene  a saved game, continued at the same position (catalog)
    main(argv) -> int                    python main.py roborescue [--players N] [--ai LEVEL]
                                         [--advanced] [--seed S] [--frames N] [--screenshot F]

With --players the game starts at once (seat 1 human, the others AI at --ai level);
without it the set-up menu opens, pre-filled from the other options.
"""
from __future__ import annotations

import argparse
import random

import pygame

from game.client import input as inp
from game.client import theme
from game.client.app import add_display_args, run_scene
from game.client.scene import Scene
from game.client.widgets import Menu, MenuItem, draw_hints, draw_text, vertical_gradient
from game.core.errors import UserError
from game.core.session import GameSession
from game.roborescue import ai
from game.roborescue.ai import LEVELS
from game.roborescue.rules import engine
from game.roborescue.rules.engine import MAX_PLAYERS
from game.roborescue.ui import howto
from game.roborescue.ui.lab_config import HUMAN, GameConfig, remembered_seats
from game.roborescue.ui.lab_scene import LabScene
from game.roborescue.ui.score_table_ui import draw_score_table, load_table

DEFAULT_LEVEL = "normal"


def new_seed() -> int:
    """A fresh seed for a new table (the UI may use system randomness; the engine never does)."""
    return random.SystemRandom().randrange(1 << 31)


def table_config(n_players: int, level: str, advanced: bool, seed: int | None) -> GameConfig:
    """Seat 1 human, every other seat an AI of `level`."""
    seats = (HUMAN,) + (level,) * (n_players - 1)
    return GameConfig(n_players, seats, advanced, new_seed() if seed is None else seed)


class SetupScene(Scene):
    """Players 1-4, who sits in each seat (human or AI), AI level, Advanced Mode."""
    animated = False       # changes only on input (issue 26: nothing drawn while left alone)

    def __init__(self, config: GameConfig | None = None) -> None:
        super().__init__()
        config = config or table_config(1, DEFAULT_LEVEL, False, 0)
        self.n_players = config.n_players
        self.humans = [config.is_human(s) if s < config.n_players else s == 0 for s in range(MAX_PLAYERS)]
        robots = [level for level in config.seats if level != HUMAN]
        self.level = robots[0] if robots else DEFAULT_LEVEL
        self.advanced = config.advanced
        self.background: pygame.Surface | None = None
        items = [MenuItem("Players", value=lambda: str(self.n_players), on_change=self._change_players)]
        for seat in range(MAX_PLAYERS):
            items.append(MenuItem(f"Seat {seat + 1}", value=self._seat_value(seat), on_change=self._seat_toggle(seat)))
        items += [
            MenuItem("AI level", value=lambda: self.level.capitalize(), on_change=self._change_level),
            MenuItem("Advanced mode", value=lambda: "On" if self.advanced else "Off", on_change=self._toggle_advanced,
                     detail="From turn 3 of each round, cards may only join areas that already hold cards."),
            MenuItem("Start game", self._start),
            MenuItem("How to play", self._how_to_play, detail="The rules in six short pages"),
            MenuItem("High scores", self._high_scores),
            MenuItem("Back", self._back),
        ]
        self.menu = Menu(items, center_x=theme.WIDTH // 2, top=112, width=620, row_height=52)
        self.menu.focus = len(items) - 4   # "Start game": confirm at once plays a solo game
        self._refresh()

    def _seat_value(self, seat: int):
        return lambda: ("Human" if self.humans[seat] else "AI") if seat < self.n_players else "-"

    def _seat_toggle(self, seat: int):
        def change(step: int) -> None:
            self.humans[seat] = not self.humans[seat]
            self._refresh()
            self.app.audio.play("click")
        return change

    def _change_players(self, step: int) -> None:
        self.n_players = max(1, min(MAX_PLAYERS, self.n_players + step))
        self._refresh()
        self.app.audio.play("click")

    def _change_level(self, step: int) -> None:
        self.level = LEVELS[(LEVELS.index(self.level) + step) % len(LEVELS)]
        self.app.audio.play("click")

    def _toggle_advanced(self, step: int) -> None:
        self.advanced = not self.advanced
        self.app.audio.play("click")

    def _refresh(self) -> None:
        for seat in range(MAX_PLAYERS):
            self.menu.items[1 + seat].enabled = seat < self.n_players
        # the AI level is asked only when an AI sits at the table (a solo game has none)
        self.menu.items[1 + MAX_PLAYERS].enabled = not all(self.humans[:self.n_players])

    def config(self) -> GameConfig:
        seats = tuple(HUMAN if self.humans[s] else self.level for s in range(self.n_players))
        return GameConfig(self.n_players, seats, self.advanced, new_seed())

    def _start(self) -> None:
        self.app.audio.play("click")
        self.app.stack.push(LabScene(self.config(), setup=SetupScene))
        if howto.tutorial_due():          # a player's first game: the tutorial over the lab
            self.app.stack.push(howto.tutorial_scene())

    def _how_to_play(self) -> None:
        self.app.audio.play("click")
        self.app.stack.push(howto.how_to_play_scene())

    def _high_scores(self) -> None:
        self.app.stack.push(HighScoresScene())

    def _back(self) -> None:
        self.app.stack.pop()

    def enter(self) -> None:
        self.background = vertical_gradient(theme.LOGICAL_SIZE, (30, 36, 60), (12, 14, 22))
        self.app.audio.warm()       # sounds are built when a screen opens, never mid-animation

    def handle(self, action: inp.Action) -> None:
        # a right-click too, as the mouse's hint bar says ("Right-click Back"; it did nothing)
        if not self.menu.handle(action) and action.name == inp.BACK:
            self._back()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(self.background, (0, 0))
        draw_text(surface, "Robo Rescue: Origins", (theme.WIDTH // 2, 56), "title", theme.ACCENT, "center", bold=True)
        self.menu.draw(surface)
        draw_hints(surface, self.app.input, [(inp.LEFT_RIGHT, "Change"), (inp.CONFIRM, "Select"), (inp.BACK, "Back")])


class HighScoresScene(Scene):
    animated = False       # changes only on input (issue 26: nothing drawn while left alone)

    def __init__(self) -> None:
        super().__init__()
        self.table: list = []
        self.warning: str | None = None

    def enter(self) -> None:
        self.table, self.warning = load_table()

    def handle(self, action: inp.Action) -> None:
        if action.name in (inp.CONFIRM, inp.BACK, inp.CLICK, inp.MENU):
            self.app.stack.pop()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(theme.BG)
        draw_text(surface, "Robo Rescue: Origins - solo high scores", (theme.WIDTH // 2, 70), "large", theme.TEXT,
                  "center", bold=True)
        draw_score_table(surface, pygame.Rect(theme.WIDTH // 2 - 300, 130, 600, 330), self.table, None)
        if self.warning:
            draw_text(surface, self.warning, (theme.WIDTH // 2, 490), "tiny", theme.BAD, "midtop")
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "Back")])


def make_entry_scene(app) -> Scene:
    return SetupScene()


def resume_scene(app, session: GameSession) -> Scene:
    """Continue a saved game (the catalog's `resume`): the same seats, at the same position."""
    setup = session.config
    seats = remembered_seats(session.seed, setup.players)
    return LabScene(GameConfig(setup.players, seats, setup.advanced, session.seed), setup=SetupScene, session=session)


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="main.py roborescue", description="Play Robo Rescue: Origins")
    parser.add_argument("--players", type=int, default=None, help="1-4; start at once (seat 1 is you)")
    parser.add_argument("--ai", default=DEFAULT_LEVEL, help=f"AI level of the other seats: {', '.join(LEVELS)}")
    parser.add_argument("--advanced", action="store_true", help="Advanced Mode")
    parser.add_argument("--seed", type=int, default=None, help="shuffle seed (default: random)")
    add_display_args(parser)
    args = parser.parse_args(argv)
    if args.players is not None and not 1 <= args.players <= MAX_PLAYERS:
        raise UserError("command line", f"--players must be 1-{MAX_PLAYERS} (got {args.players})")
    if args.ai not in LEVELS:
        raise UserError("command line", f"--ai must be one of {', '.join(LEVELS)} (got {args.ai!r})")
    return args


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    if args.players is None:
        config = table_config(1, args.ai, args.advanced, args.seed)
        return run_scene(lambda app: SetupScene(config), args)
    config = table_config(args.players, args.ai, args.advanced, args.seed)
    return run_scene(lambda app: LabScene(config, setup=SetupScene), args)


# ---------------------------------------------------------------- bench frames hooks
_busy_seeds = iter(range(1, 1_000_000))


def make_idle_scene(app) -> Scene:
    """`bench idle --screen roborescue`: a two-player lab, waiting for the player."""
    return LabScene(table_config(2, "hard", False, 1), setup=SetupScene)


def make_busy_scene(app) -> Scene:
    """`bench frames --screen roborescue`: four AI labs, watched from seat 1's lab."""
    return LabScene(GameConfig(4, ("normal", "hard", "easy", "normal"), False, next(_busy_seeds)))


def busy_ai_job(scene: LabScene):
    """One hard-AI decision on the lab's position, as (fn, args, kwargs), for --ai-thinking."""
    seat = scene.state.decision_seat
    if seat is not None and scene.state.phase != engine.OVER:
        actions = engine.legal_choices(scene.state)
        scene._bench_job = (ai.choose, (engine.seat_view(scene.state, seat), actions, random.Random(seat), "hard"), {})
    return getattr(scene, "_bench_job", None)
