"""The Run Run Run! screens: the set-up menu, the catalog's factories, the command line.

The screens live by role: table.py (the game in play), side_panel.py (beside the maze),
overlays.py (how to play, hand-over, pause, tutorial); this module wires them together and
keeps every name the catalog, the AI worker and the tests import from it.

    python main.py runrunrun [--players N --humans H --difficulty D --ai LEVEL --seed S]
                             [--frames N --screenshot FILE]
"""
from __future__ import annotations

import argparse
import random

import pygame

from game.client import input as inp
from game.client import theme
from game.client.app import add_display_args, run_scene
from game.client.scene import Scene
from game.client.text import draw_fit
from game.client.widgets import Menu, MenuItem, draw_hints
from game.core.errors import UserError
from game.core.files import FileProblem, read_json
from game.core.session import GameSession, has_saved_game, load_saved_game
from game.runrunrun import rules as R
from game.runrunrun.ai import make_player
from game.runrunrun.rules.engine import DIFFICULTIES, Config

from .overlays import HandOverScene, HowToScene, TutorialOverlay, _pause, tutorial_seen  # noqa: F401  (re-exported)
from .table import (AI_LEVELS, BANNER_SECONDS, LOG_BOX, MAZE, ROLL_SECONDS, TIP_BOX, PlayScene,  # noqa: F401
                    _seats_path, ai_choose)
from .text import PROMPTS, TUTORIAL_PAGES  # noqa: F401  (re-exported)


class SetupScene(Scene):
    """Players, humans, difficulty and AI level, then start (or continue the saved game)."""
    animated = False       # changes only on input (issue 26: nothing drawn while left alone)

    def __init__(self) -> None:
        super().__init__()
        self.players, self.humans, self.difficulty, self.level = 2, 1, 0, 2
        items = [
            MenuItem("Catventurers", value=lambda: str(self.players), on_change=self._players),
            MenuItem("Human players", value=lambda: str(self.humans), on_change=self._humans),
            MenuItem("Difficulty", value=lambda: DIFFICULTIES[self.difficulty].capitalize(), on_change=self._difficulty),
            MenuItem("AI partners", value=lambda: AI_LEVELS[self.level].capitalize(), on_change=self._level),
            MenuItem("Start", self._start),
        ]
        if has_saved_game(R.GAME_ID):
            items.append(MenuItem("Continue saved game", self._continue))
        items.append(MenuItem("How to play", lambda: self.app.stack.push(HowToScene())))
        self.menu = Menu(items, center_x=theme.WIDTH // 2, top=180, width=560, row_height=62)
        self.menu.focus = 4               # "Start": Enter plays at once with the shown set-up

    def _players(self, step):
        self.players = (self.players - 1 + step) % 4 + 1
        self.humans = min(self.humans, self.players)

    def _humans(self, step):
        self.humans = (self.humans + step) % (self.players + 1)

    def _difficulty(self, step):
        self.difficulty = (self.difficulty + step) % len(DIFFICULTIES)

    def _level(self, step):
        self.level = (self.level + step) % len(AI_LEVELS)

    def _start(self):
        config = Config(self.players, DIFFICULTIES[self.difficulty])
        session = GameSession.start(R, config, random.randrange(1 << 30))
        self.app.stack.replace(PlayScene(session, humans=self.humans, ai_level=AI_LEVELS[self.level]))

    def _continue(self):
        self.app.stack.replace(_resume_from_disk())

    def handle(self, action):
        if not self.menu.handle(action) and action.name == inp.BACK:
            self.app.stack.pop()

    def draw(self, surface, alpha):
        surface.fill(theme.BG)
        draw_fit(surface, "Run Run Run!", pygame.Rect(40, 40, theme.WIDTH - 80, 90), "title", theme.ACCENT,
                 align="center", valign="middle", wrap=False, bold=True)
        draw_fit(surface, "Catventurers against the Mummies: win together or lose together",
                 pygame.Rect(40, 128, theme.WIDTH - 80, 40), "small", theme.TEXT_DIM, align="center", wrap=False)
        self.menu.draw(surface)
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "Select"), (inp.LEFT_RIGHT, "Change"),
                                             (inp.BACK, "Back")])


def _resume_from_disk() -> Scene:
    """The saved game's scene, or a notice saying in one line why it cannot be resumed."""
    from game.client.menus import NoticeScene
    session, _, warning = load_saved_game(R.GAME_ID, R)      # the title's Continue path: damaged saves set aside
    if session is None:
        return NoticeScene(warning or "There is no saved game.", "Run Run Run!")
    return resume_scene(None, session)


PlayScene.new_game_scene = SetupScene      # a finished game's Enter opens the set-up menu


def make_entry_scene(app) -> Scene:
    return SetupScene()


def make_demo_scene(app) -> Scene:
    """Attract mode: four hard AI Catventurers, labelled as AI; nothing is saved; a new game follows each end."""
    session = GameSession.start(R, Config(4, "standard"), random.randrange(1 << 30))
    return PlayScene(session, humans=0, ai_level="hard", pace=0.5, tutorial=False, demo=True)


def resume_scene(app, session: GameSession) -> Scene:
    """Reopen a saved game at the same position (seat roles from the side file, else one human)."""
    humans, level = 1, "hard"
    try:
        data = read_json(_seats_path(), what="seats note")       # game.core.files: bounded, regular
        humans, level = int(data.get("humans", 1)), str(data.get("ai", "hard"))
        if level not in AI_LEVELS:
            level = "hard"
    except (FileProblem, ValueError, TypeError, AttributeError):
        pass
    return PlayScene(session, humans=humans, ai_level=level, tutorial=False,   # the tutorial opens a new game only
                     resumed=True)


class _Parser(argparse.ArgumentParser):
    def error(self, message):          # one line, never a usage dump
        raise UserError("command line", message)


def parse_args(argv):
    parser = _Parser(prog="main.py runrunrun", description="Play Run Run Run!")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--humans", type=int, default=None)
    parser.add_argument("--difficulty", default="standard")
    parser.add_argument("--ai", default="hard", help="AI partner level: easy, normal, hard")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--pace", type=float, default=0.6, help="seconds between AI moves (so a watcher can follow them)")
    add_display_args(parser)
    args = parser.parse_args(argv)
    if args.players is not None and not 1 <= args.players <= 4:
        raise UserError("command line", "--players must be 1-4")
    if args.difficulty not in DIFFICULTIES:
        raise UserError("command line", f"--difficulty must be one of {', '.join(DIFFICULTIES)}")
    if args.ai not in AI_LEVELS:
        raise UserError("command line", f"--ai must be one of {', '.join(AI_LEVELS)}")
    if args.humans is not None and not 0 <= args.humans <= (args.players or 4):
        raise UserError("command line", "--humans must be between 0 and the number of players")
    if not 0 <= args.pace <= 10:                        # also NaN
        raise UserError("command line", f"--pace must be from 0 to 10 seconds (got {args.pace:g})")
    return args


def main(argv) -> int:
    args = parse_args(argv)
    if args.players is None:
        return run_scene(lambda app: SetupScene(), args)
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    session = GameSession.start(R, Config(args.players, args.difficulty), seed)
    humans = 1 if args.humans is None else args.humans
    tutorial = not getattr(args, "frames", None)       # a scripted capture skips the first-game pages
    return run_scene(lambda app: PlayScene(session, humans=humans, ai_level=args.ai, pace=args.pace,
                                           tutorial=tutorial), args)


_busy_seeds = iter(range(1, 1_000_000))


def make_idle_scene(app) -> Scene:
    """`bench idle --screen runrunrun`: two Catventurers, the player's turn."""
    return PlayScene(GameSession.start(R, Config(2, "standard"), 1), humans=1, ai_level="hard", tutorial=False)


def make_busy_scene(app) -> Scene:
    """`bench frames --screen runrunrun`: four AI Catventurers in the standard maze, watched from
    the active seat, with a short pace so moves, dice and banners animate all the time."""
    session = GameSession.start(R, Config(4, "standard"), next(_busy_seeds))
    return PlayScene(session, humans=0, ai_level="normal", pace=0.25)


def busy_choose(view, choices, level: str = "hard", seed: int = 0):
    """One decision of a fresh AI at `level` (module level, so it pickles to the AI worker)."""
    return make_player(level, seed).choose(view, choices)


def busy_ai_job(scene: PlayScene):
    """One hard-AI decision on the maze's position, as (fn, args, kwargs), for --ai-thinking."""
    if not scene.session.is_over():
        seat = scene.session.current_seat()
        choices = scene.session.legal_choices()
        if choices:
            scene._bench_job = (busy_choose, (R.seat_view(scene.state, seat), choices),
                                {"level": "hard", "seed": len(scene.session.choices)})
    return getattr(scene, "_bench_job", None)
