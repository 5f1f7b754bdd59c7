"""The Run Run Run! screens: set-up menu, the maze table, hand-over, how-to-play.

The table keeps a game.core.session.GameSession, saves it after every applied choice, and
asks AI seats in a one-worker thread pool, polled each frame, so a frame never waits on an
AI. Only the deciding human seat's tiles are face up; between two human seats a hand-over
screen hides the table.

    python main.py runrunrun [--players N --humans H --difficulty D --ai LEVEL --seed S]
                             [--frames N --screenshot FILE]
"""
from __future__ import annotations

import argparse
import math
import random
from collections import deque
from typing import TYPE_CHECKING

import pygame

from game.client import input as inp
from game.client import theme, tutorials
from game.client.app import add_display_args, run_scene
from game.client.ai_worker import AIWorker
from game.client.decisions import automatic_choice
from game.client.menus import PauseScene
from game.client.scene import Scene
from game.client.sequencer import Beat, Sequencer, Track
from game.client import text as text_layout
from game.client.text import draw_fit
from game.client.widgets import Menu, MenuItem, draw_hints, draw_paragraph, panel, vertical_gradient
from game.core.errors import UserError
from game.core.files import FileProblem, read_json
from game.core import storage
from game.core.session import GameSession, forget_saved_game, has_saved_game, save_session_later, saved_game_path
from game.runrunrun import rules as R
from game.runrunrun.ai import make_player
from game.runrunrun.rules import content as C
from game.runrunrun.rules.engine import DIFFICULTIES, Config
from game.runrunrun.rules.maze import FINAL, open_doorways

from . import render as V
from .text import (HOW_TO_PLAY, PHASE_TIPS, PROMPTS, SEAT_NAMES, TUTORIAL_PAGES, cat_text, cell_text, choice_label,
                   die_text, log_line, mummy_text, tile_long_text)

if TYPE_CHECKING:  # pragma: no cover - concurrent.futures costs ~30 ms of start-up before the first frame
    from concurrent.futures import Future

AI_LEVELS = ("easy", "normal", "hard")
MAZE = pygame.Rect(0, 0, 880, 544)
SIDE_X = 892
CELL_KINDS = ("cell", "to", "mark")
ROLL_SECONDS = 0.6                      # dice tumble before they land on the rolled faces
BANNER_SECONDS = 2.0                    # a banner (door token, boss, won/lost) stays up this long


def roll_beat(scene: "PlayScene", faces: list, kind: str) -> Beat:
    """The dice of a roll tumbling for ROLL_SECONDS (the side panel shows random faces while
    `scene.rolling` is set), then landing on the faces the engine rolled."""
    def start() -> None:
        scene.rolling = (faces, kind)

    def end() -> None:
        scene.rolling = None
    return Beat([Track(ROLL_SECONDS, on_start=start, on_end=end)], label=kind)


def banner_beat(scene: "PlayScene", text: str) -> Beat:
    """A banner over the maze for BANNER_SECONDS; the scene keeps it up while the game is over."""
    def start() -> None:
        scene.banner = text
    return Beat([Track(BANNER_SECONDS, on_start=start)], label="banner")


def _seats_path():
    return saved_game_path(R.GAME_ID).with_suffix(".seats.json")


# ----------------------------------------------------------------------------- set-up
class SetupScene(Scene):
    """Players, humans, difficulty and AI level, then start (or continue the saved game)."""
    animated = False       # changes only on input (issue 26: nothing drawn while left alone)

    def __init__(self) -> None:
        super().__init__()
        self.players, self.humans, self.difficulty, self.level = 2, 1, 0, 2
        items = [
            MenuItem("Catventurers", value=lambda: str(self.players), on_change=self._players),
            MenuItem("Human players", value=lambda: str(self.humans), on_change=self._humans),
            MenuItem("Difficulty", value=lambda: DIFFICULTIES[self.difficulty], on_change=self._difficulty),
            MenuItem("AI partners", value=lambda: AI_LEVELS[self.level], on_change=self._level),
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
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "Select"), (inp.LEFT, "Left/Right: change"),
                                             (inp.BACK, "Back")])


def _resume_from_disk() -> Scene:
    """The saved game's scene, or a notice saying in one line why it cannot be resumed."""
    from game.client.menus import NoticeScene
    from game.core.storage import load_json
    path = saved_game_path(R.GAME_ID)
    data, warning = load_json(path)
    if data is None:
        return NoticeScene(warning or "There is no saved game.", "Run Run Run!")
    try:
        session, _ = GameSession.from_json(data, R, str(path))
    except UserError as exc:
        return NoticeScene(f"error: {exc}", "Saved game")
    return resume_scene(None, session)


# ----------------------------------------------------------------------------- small overlays
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
        draw_hints(surface, self.app.input, [(inp.RIGHT, "Next page"), (inp.LEFT, "Previous"), (inp.BACK, "Close")])


HOW_TO_PICTURES = ("maze", "mummy", "tile", "dice", "tile", "symbols", "dice")   # one per HOW_TO_PLAY page


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
        shade = pygame.Surface(theme.LOGICAL_SIZE, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, (0, 0))
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


# ----------------------------------------------------------------------------- the table
def ai_choose(level: str, seed: int, view, choices):
    """One AI seat's decision (module level, so it pickles to the AI worker process). The AIs are
    stateless per call, so a fresh player with the seat's seed decides exactly as the seat's own."""
    return make_player(level, seed).choose(view, choices)


class PlayScene(Scene):
    covers_screen = True

    def __init__(self, session: GameSession, humans: int = 1, ai_level: str = "hard", pace: float = 0.6,
                 tutorial: bool = True, demo: bool = False) -> None:
        super().__init__()
        self.session = session
        n = R.seat_count(session.state)
        self.humans = set() if demo else set(range(min(humans, n)))
        self.ai_level = ai_level
        self.players = {s: make_player(ai_level, session.seed * 10 + s) for s in range(n) if s not in self.humans}
        self.pace = pace
        self.demo = demo                      # attract mode: AI only, nothing saved, a new game after the end
        self.tutorial = tutorial and bool(self.humans) and not demo
        self.executor: AIWorker | None = None
        self.saver: storage.BackgroundSaver | None = None   # the shared saver; None in a demo
        self.future: Future | None = None
        self.wait = 0.6
        self.t = 0.0
        self.ended_for = 0.0
        self.log: deque = deque(maxlen=12)
        self.focus = 0
        self.submenu: str | None = None      # "say" while choosing an intention line
        self.reroll_mask = 0                 # dice marked for a reroll (the compact picker)
        self.hold_auto = False               # after an undo, do not re-apply a forced choice at once
        # event animations play through the shared sequencer: dice rolls on `anims` (the AI waits
        # for them), banners on `captions` (they stay up while play goes on); a newer roll or
        # banner replaces the one still showing
        self.anims = Sequencer()
        self.captions = Sequencer()
        self.rolling: tuple[list, str] | None = None     # (faces, kind) while a roll tumbles
        self.last_human: int | None = None
        self.viewer = min(self.humans) if self.humans else 0
        self.layout: V.HexLayout | None = None
        self.background: pygame.Surface | None = None
        self.list_rects: list[pygame.Rect] = []
        self.spots: list[tuple[pygame.Rect, str]] = []   # what pointing at a place on the screen shows
        self.inspect_cell = None
        self.inspect_text: str | None = None
        self.tab_index = -1
        self.prompt_override: str | None = None
        self.version = 0                     # counts changes of the game (applied choices, undo, a new demo game)
        self.drawn_version = -1              # the version the last frame showed
        self._choices_for: tuple | None = None
        self._choices_cache: list = []
        self.table_layer: pygame.Surface | None = None
        self.layer_key = None
        self.banner: str | None = None

    # ---------------------------------------------------------------- lifecycle
    def enter(self) -> None:
        self.background = vertical_gradient(theme.LOGICAL_SIZE, (34, 28, 24), (14, 12, 12))
        if self.players:
            self.executor = AIWorker()       # the shared AI worker: thinking never holds the frame's lock
        if not self.demo:
            # saves are written by the shared background saver, so the frame never waits on the disk
            self.saver = storage.saver
            storage.save_later(_seats_path(), {"humans": len(self.humans), "ai": self.ai_level})
        self.log.append("The Catventurers enter the pyramid")
        if self.tutorial and self.app is not None and not tutorial_seen():
            self.app.stack.push(TutorialOverlay())

    def exit(self) -> None:
        if self.executor is not None:
            self.executor.close()
            self.executor = None
        if self.saver is not None:
            self.saver.wait_idle()               # the last save reaches the disk
            self.saver = None

    # ---------------------------------------------------------------- state helpers
    @property
    def state(self):
        return self.session.state

    def view(self):
        return R.seat_view(self.state, self.viewer)

    def _choices(self):
        """The legal choices, computed once per change of the game (update asks every frame)."""
        key = (self.version, len(self.session.choices), id(self.session))
        if self._choices_for != key:
            self._choices_for, self._choices_cache = key, self.session.legal_choices()
        return self._choices_cache

    def _listed(self, view, choices):
        """The rows shown in the list (marks are made by clicking a room; lines sit in a submenu;
        a reroll is picked die by die instead of from every combination)."""
        if self.submenu == "say":
            return [c for c in choices if c.kind == "say"]
        if view.phase == "fight_reroll":
            rows: list = [R.engine.ch("accept")]
            if any(c.kind == "reroll" for c in choices):
                rows += [("die", i) for i in range(len(view.combat))]
                if self.reroll_mask and R.engine.ch("reroll", self.reroll_mask) in choices:
                    rows.append(R.engine.ch("reroll", self.reroll_mask))
            return rows
        return [c for c in choices if c.kind not in ("say", "mark")]

    def _save(self) -> None:
        """Save after each applied choice: the JSON is taken here, written atomically by the
        shared background saver (a failed write is a one-line warning over the screen)."""
        if self.saver is None:
            return
        save_session_later(self.session)     # a finished game removes its save instead

    def flush_saves(self) -> None:
        """Wait until every save asked for so far is on disk (tests, and before leaving the scene)."""
        storage.wait_idle()

    def _apply(self, choice) -> None:
        seat = self.session.current_seat()
        events = self.session.apply(choice)
        self.version += 1
        self._save()
        roll, banner = None, None
        for e in events:
            line = log_line(e)
            if line:
                self.log.append(line)
            if e["type"] in ("mummy_roll", "combat_roll", "reroll"):
                roll = (list(e["dice"]), e["type"])
            if e["type"] in ("won", "lost"):
                banner = line or ""
                if self.app and not self.demo:
                    self.app.audio.play("win" if e["type"] == "won" else "error")
            if e["type"] == "door_token":
                banner = f"Door Mechanism {e['doors']} of {self.state.doors_needed}!"
            if e["type"] == "boss_wake":
                banner = "The Boss Mummy wakes!"
        for timeline, beat in ((self.anims, roll and roll_beat(self, *roll)),
                               (self.captions, banner is not None and banner_beat(self, banner))):
            if beat:
                timeline.skip()              # the newer roll or banner replaces the one showing
                timeline.add(beat)
                timeline.update(0.0)         # shown from this frame on
        self.focus = 0
        self.submenu = None
        self.reroll_mask = 0
        self.hold_auto = False
        self.wait = self.pace
        self._check_handover(seat)

    def _check_handover(self, previous) -> None:
        if self.session.is_over():
            return
        cur = self.session.current_seat()
        if cur in self.humans:
            if len(self.humans) > 1 and self.last_human is not None and cur != self.last_human:
                self.session.barrier()
                why = "It is your decision" if cur != self.state.active else "It is your turn"
                if self.app is not None:
                    self.app.stack.push(HandOverScene(cur, why))
            self.last_human = cur
            self.viewer = cur
        elif not self.humans:
            self.viewer = self.state.active

    # ---------------------------------------------------------------- per frame
    def animating(self) -> bool:
        """Dice tumbling, a banner up, or a change of the game not drawn yet (issue 26)."""
        return (self.anims.busy or self.captions.busy or self.rolling is not None
                or self.version != self.drawn_version)

    def update(self, dt: float) -> None:
        self.t += dt
        speed = getattr(getattr(self.app, "settings", None), "animation_speed", 1.0)
        self.anims.update(dt * speed)
        self.captions.update(dt * speed)
        if self.banner and not self.captions.busy and not self.session.is_over():
            self.banner = None
        if self.session.is_over():
            if self.demo:
                self.ended_for += dt
                if self.ended_for > 4.0:
                    self._next_demo_game()
            return
        cur = self.session.current_seat()
        if cur in self.humans:
            if self.last_human is None:
                self.last_human = cur
                self.viewer = cur
            # ask only when it matters: a decision with one legal option resolves itself
            ask_all = bool(getattr(getattr(self.app, "settings", None), "ask_every_step", False))
            if not self.hold_auto and self.submenu is None:
                auto = automatic_choice(self._choices(), ask_all)
                if auto is not None:
                    self._apply(auto)
            return
        if not self.humans:
            self.viewer = self.state.active
        self.wait -= dt
        if self.future is None:
            if self.wait > 0 or (self.anims.busy and self.pace > 0):
                return
            view = R.seat_view(self.state, cur)
            choices = self._choices()
            player = self.players[cur]
            if self.executor is None:
                self._apply(player.choose(view, list(choices)))
                return
            self.future = self.executor.submit(ai_choose, self.ai_level, self.session.seed * 10 + cur, view,
                                               list(choices))
            self.future_turn = (len(self.session.choices), cur)
        elif self.future.done():
            future, self.future = self.future, None
            if self.future_turn != (len(self.session.choices), cur):
                return
            try:
                choice = future.result()
            except Exception:  # noqa: BLE001 - a broken or overdue AI must not end the game: a legal move
                choice = self._choices()[0]
            self._apply(choice)

    def _next_demo_game(self) -> None:
        config = Config(R.seat_count(self.state), self.state.config.difficulty)
        self.session = GameSession.start(R, config, self.session.seed + 1)
        self.version += 1
        self.players = {s: make_player(self.ai_level, self.session.seed * 10 + s) for s in range(config.players)}
        self.log.clear()
        self.log.append("A new team enters the pyramid")
        self.banner = None
        self.ended_for = 0.0
        self.future = None

    # ---------------------------------------------------------------- input
    def handle(self, action) -> None:
        name = action.name
        if name == inp.MENU or (name == inp.BACK and self.submenu is None):
            self.app.stack.push(_pause())
            return
        if name == inp.POINT and action.pos:
            self._point(action.pos)
        if name in (inp.NEXT, inp.PREV, inp.INFO):
            self._tab(-1 if name == inp.PREV else 1)
            return
        if name == inp.SKIP and (self.anims.busy or self.captions.busy):
            self.anims.skip()                # dice land and banners go at once
            self.captions.skip()
            return
        if self.session.is_over():
            if name in (inp.CONFIRM, inp.CLICK):
                forget_saved_game(R.GAME_ID)
                self.app.stack.replace(SetupScene())
            return
        cur = self.session.current_seat()
        if cur not in self.humans:
            return
        view = self.view()
        choices = self._choices()
        listed = self._listed(view, choices)
        if name == inp.BACK and self.submenu:
            self.submenu = None
            self.focus = 0
            return
        if name == inp.UNDO:
            if self.session.undo(cur) is not None:
                self.log.append(f"{SEAT_NAMES[cur]} takes back a choice")
                self.focus = 0
                self.reroll_mask = 0
                self.hold_auto = True
                self.version += 1
                self._save()
            return
        rows = listed + (["say"] if self.submenu is None and any(c.kind == "say" for c in choices) else [])
        if name in (inp.UP, inp.DOWN, inp.LEFT, inp.RIGHT) and rows:
            step = -1 if name in (inp.UP, inp.LEFT) else 1
            self.focus = (self.focus + step) % len(rows)
        elif name == inp.CONFIRM and rows:
            self._pick(rows[min(self.focus, len(rows) - 1)], view)
        elif name in (inp.CLICK, inp.POINT) and action.pos:
            for i, rect in enumerate(self.list_rects):
                if rect.collidepoint(action.pos) and i < len(rows):
                    self.focus = i
                    if name == inp.CLICK:
                        self._pick(rows[i], view)
                    return
            if name == inp.CLICK and self.layout and MAZE.collidepoint(action.pos):
                cells = [(c.args[0], c.args[1]) for c in choices if c.kind in CELL_KINDS]
                cell = self.layout.cell_at(action.pos, cells)
                if cell is not None:
                    kinds = ("cell", "to") if any(c.kind in ("cell", "to") for c in choices) else ("mark",)
                    for c in choices:
                        if c.kind in kinds and (c.args[0], c.args[1]) == cell:
                            self._apply(c)
                            return

    def _pick(self, row, view) -> None:
        if row == "say":
            self.submenu = "say"
            self.focus = 0
            return
        if isinstance(row, tuple) and row and row[0] == "die":
            bit = 1 << row[1]
            mask = self.reroll_mask ^ bit
            if bin(mask).count("1") <= view.supply:      # one torch per die
                self.reroll_mask = mask
            return
        self._apply(row)

    # ---------------------------------------------------------------- inspect anything
    def _point(self, pos) -> None:
        """Pointing at a room, Mummy, tile, die or card shows what it is (the info box)."""
        self.inspect_cell, self.inspect_text = None, None
        if self.layout and MAZE.collidepoint(pos):
            view = self.view()
            cells = [c for c, _, _ in view.tiles] + [c for c in open_doorways(view.masks) if c != FINAL]
            cell = self.layout.cell_at(pos, cells)
            if cell is not None:
                self.inspect_cell = cell
            return
        for rect, text in self.spots:
            if rect.collidepoint(pos):
                self.inspect_text = text
                return

    def _tab(self, step: int) -> None:
        """Tab / I walk through the rooms (Mummies' rooms first), then the pieces beside the maze."""
        view = self.view()
        mummy_cells = [tuple(c) for _, c, _ in view.mummies]
        rooms = mummy_cells + [c for c, _, _ in view.tiles if c not in mummy_cells]
        targets: list = [("cell", c) for c in rooms] + [("spot", t) for _, t in self.spots]
        if not targets:
            return
        self.tab_index = (self.tab_index + step) % len(targets)
        kind, what = targets[self.tab_index]
        self.inspect_cell, self.inspect_text = (what, None) if kind == "cell" else (None, what)

    def _inspect_line(self, view) -> str | None:
        if self.inspect_cell is not None:
            return cell_text(view, self.inspect_cell)
        return self.inspect_text

    # ---------------------------------------------------------------- drawing
    def draw(self, surface, alpha):
        self.drawn_version = self.version
        view = self.view()
        cur = self.session.current_seat()
        human_turn = cur in self.humans
        # the table (maze, log, side panel) is a cached screen-sized layer, drawn again only when
        # something on it changed: a frame with nothing new is one blit plus the overlays
        rolling = int(self.t * 30) if self.rolling else None
        key = (self.version, id(self.session), self.focus, self.submenu, self.reroll_mask, self.inspect_cell,
               self.viewer, self.prompt_override, tuple(self.log), rolling, view.said, view.marks)
        if self.table_layer is None or self.table_layer.get_size() != surface.get_size():
            self.table_layer = pygame.Surface(surface.get_size()).convert() if pygame.display.get_surface() \
                else pygame.Surface(surface.get_size())
            self.layer_key = None
        if key != self.layer_key:
            text_layout.forget(self.table_layer, self.table_layer.get_rect())
            self._draw_table(self.table_layer, view, cur, human_turn)
            self.layer_key = key
        surface.blit(self.table_layer, (0, 0))
        self._draw_overlays(surface, view, human_turn)

    def _draw_table(self, surface, view, cur, human_turn) -> None:
        surface.blit(self.background, (0, 0))
        choices = self._choices() if not self.session.is_over() else []
        cells = [c for c, _, _ in view.tiles] + [c for c in open_doorways(view.masks) if c != FINAL]
        self.layout = V.HexLayout(MAZE.inflate(-20, -20), cells, max_size=60.0)
        highlights, preview = [], None
        listed = self._listed(view, choices) if human_turn else []
        rows = listed + (["say"] if human_turn and self.submenu is None and any(c.kind == "say" for c in choices) else [])
        focus = rows[min(self.focus, len(rows) - 1)] if rows else None
        if human_turn:
            for c in choices:
                if c.kind in ("cell", "to"):
                    highlights.append(((c.args[0], c.args[1]), theme.GOOD))
            if isinstance(focus, R.engine.Choice) and focus.kind in ("cell", "to"):
                highlights.append(((focus.args[0], focus.args[1]), theme.ACCENT))
            x = view.ctx_dict()
            if view.phase == "explore_rot" and isinstance(focus, R.engine.Choice):
                preview = (tuple(x["cell"]), x["tile"], focus.args[0])
        if self.inspect_cell is not None:
            highlights.append((tuple(self.inspect_cell), (120, 200, 255)))
        V.draw_maze(surface, self.layout, view, highlights, preview)
        self.spots = []
        self._draw_log(surface)
        self._draw_side(surface, view, rows, focus, human_turn)

    def _draw_overlays(self, surface, view, human_turn) -> None:
        info = self._inspect_line(view)
        if info:
            box = pygame.Rect(16, MAZE.bottom - 112, 600, 100)
            panel(surface, box, fill=theme.SHADOW, edge=(120, 200, 255), radius=8)
            draw_fit(surface, info, box.inflate(-20, -14), "small", theme.TEXT, spacing=2)
        elif self.tutorial and human_turn and view.phase in PHASE_TIPS and not self.demo:
            box = pygame.Rect(16, MAZE.bottom - 62, 600, 52)
            panel(surface, box, fill=theme.SHADOW, edge=theme.ACCENT, radius=8)
            draw_fit(surface, PHASE_TIPS[view.phase], box.inflate(-20, -10), "small", theme.ACCENT, valign="middle")
        if self.banner:
            text = self.banner
            box = pygame.Rect(0, 0, 700, 84)
            box.center = (MAZE.centerx, 70)
            panel(surface, box, fill=theme.SHADOW, edge=theme.ACCENT)
            draw_fit(surface, text, box.inflate(-24, -12), "large", theme.ACCENT, align="center", valign="middle",
                     bold=True)
        hints = [(inp.MENU, "Pause / How to play"), (inp.NEXT, "Inspect")]
        if human_turn:
            hints = [(inp.CONFIRM, "Choose"), (inp.UP, "Pick (Up/Down)"), (inp.UNDO, "Undo")] + hints
        if self.session.is_over() and not self.demo:
            hints = [(inp.CONFIRM, "New game")] + hints
        if not self.demo:
            draw_hints(surface, self.app.input, hints)

    def _draw_log(self, surface) -> None:
        box = pygame.Rect(10, MAZE.bottom + 4, MAZE.width - 20, 128)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 130))
        surface.blit(shade, box.topleft)
        rows = 4
        lines = list(self.log)[-rows:]
        row_h = (box.height - 8) // rows
        for i, line in enumerate(lines):
            colour = theme.TEXT if i == len(lines) - 1 else theme.TEXT_DIM
            draw_fit(surface, line, pygame.Rect(box.left + 10, box.top + 4 + i * row_h, box.width - 20, row_h),
                     "small", colour, wrap=False, valign="middle")

    def _draw_side(self, surface, view, rows, focus, human_turn) -> None:
        x0, w = SIDE_X, theme.WIDTH - SIDE_X - 10
        bottom = 674
        panel(surface, pygame.Rect(x0 - 6, 6, w + 12, bottom - 6), fill=(30, 26, 24), edge=(90, 74, 54), radius=10)

        def fit(text, rect, size="tiny", colour=theme.TEXT, **kw):
            return draw_fit(surface, text, pygame.Rect(rect), size, colour, wrap=False, **kw)

        fit(f"Run Run Run!  {view.difficulty}", (x0 + 4, 12, w - 96, 24), "small", theme.ACCENT, bold=True)
        fit(f"turn {view.turn + 1}", (x0 + w - 90, 14, 86, 20), "tiny", theme.TEXT_DIM, align="right")
        # shared supply, mechanisms, stacks
        y = 46
        V.draw_torch(surface, (x0 + 14, y + 10), 12)
        fit(f"{view.supply} torches", (x0 + 28, y, 112, 19))
        self.spots.append((pygame.Rect(x0, y, 140, 22), f"The shared torch supply: {view.supply}. A room without a "
                           "torch symbol takes one when placed; each torch rerolls one die in a fight."))
        V.draw_mechanism(surface, (x0 + 150, y + 10), "door", 36)
        fit(f"doors {view.doors_done}/{view.doors_needed}", (x0 + 164, y, 118, 19))
        self.spots.append((pygame.Rect(x0 + 140, y, 144, 22), f"Door Mechanisms worked: {view.doors_done} of "
                           f"{view.doors_needed}. Three different symbols in a triangle work one; the last wakes the Boss."))
        V.draw_mechanism(surface, (x0 + 290, y + 10), "torch", 36)
        fit(f"{view.torch_left} left", (x0 + 304, y, w - 304, 19))
        self.spots.append((pygame.Rect(x0 + 284, y, w - 284, 22), f"Torch Mechanisms left: {view.torch_left}. "
                           "Three identical symbols in a triangle give five torches."))
        y += 26
        fit(f"Regroup tokens {view.regroup_left}   Deck {view.deck_count}   Discard {view.discard_count}",
            (x0 + 4, y, w - 8, 19), colour=theme.TEXT_DIM)
        self.spots.append((pygame.Rect(x0, y, w, 22), f"Cooperate can be called {view.regroup_left} more times. "
                           f"The draw deck holds {view.deck_count} tiles; each room walked beyond three burns one."))
        y += 24
        # the Mummy pile (face down, Hearts on the top card) and the Boss card
        card = pygame.Rect(x0 + 4, y, 26, 34)
        for k in range(min(3, view.pile_count)):
            r = card.move(k * 3, -k * 2)
            pygame.draw.rect(surface, (90, 70, 50), r, border_radius=4)
            pygame.draw.rect(surface, V.MUMMY, r, 2, border_radius=4)
        if view.boss_awake:
            fit("Mummy pile gone", (x0 + 44, y + 2, 140, 19), colour=theme.TEXT_DIM)
        else:
            fit(f"Mummy pile {view.pile_count}", (x0 + 44, y, 140, 19))
            for k in range(5):
                centre = (x0 + 52 + k * 16, y + 26)
                colour = (220, 40, 60) if k < view.top_hearts else (70, 60, 60)
                pygame.draw.circle(surface, colour, centre, 6)
        self.spots.append((pygame.Rect(x0, y - 4, 180, 40), f"The Mummy pile: {view.pile_count} cards face down. "
                           f"The top card has {view.top_hearts} of 5 Hearts; the fifth wakes that Mummy."))
        boss_card = pygame.Rect(x0 + 190, y, 26, 34)
        pygame.draw.rect(surface, V.BOSS if view.boss_awake else (60, 40, 80), boss_card, border_radius=4)
        pygame.draw.rect(surface, theme.TEXT_DIM, boss_card, 2, border_radius=4)
        if view.boss_awake:
            boss = C.BOSSES[view.boss]
            fit(boss["name"].replace("Boss Mummy ", "Boss "), (x0 + 222, y, w - 222, 19), colour=V.BOSS, bold=True)
            fit("awake", (x0 + 222, y + 18, w - 222, 19), colour=theme.TEXT_DIM)
            hearts = next((h for m, _, h in view.mummies if m == view.boss), 0)
            self.spots.append((pygame.Rect(x0 + 186, y - 4, w - 186, 40), mummy_text(view.boss, hearts)))
        else:
            fit("?", boss_card, "small", theme.TEXT, align="center", valign="middle", bold=True)
            fit("Boss card", (x0 + 222, y, w - 222, 19), colour=theme.TEXT_DIM)
            fit(f"wakes at {view.doors_needed} doors", (x0 + 222, y + 18, w - 222, 19), colour=theme.TEXT_DIM)
            self.spots.append((pygame.Rect(x0 + 186, y - 4, w - 186, 40), "The Boss Mummy card, face down: it wakes "
                               f"with the Door Mechanism number {view.doors_needed}; then the Mummy pile leaves."))
        y += 42
        # seats
        short = {"draw": "draws a tile", "sarc": "draws a sarcophagus", "torch": "adds a torch", "damage": "+1 damage"}
        for seat in range(view.players):
            col = V.SEAT_COLOURS[seat]
            cat = C.CATS[view.cats[seat]]
            who = "you" if seat in self.humans else f"AI {self.ai_level}"
            top = y
            pygame.draw.circle(surface, col, (x0 + 10, y + 10), 7)
            if seat == view.active:
                pygame.draw.circle(surface, theme.ACCENT, (x0 + 10, y + 10), 10, 2)
            icons = min(8, view.hand_counts[seat])
            fit(f"{SEAT_NAMES[seat]} ({who}): {cat['name']}", (x0 + 22, y, w - 30 - icons * 11, 19),
                colour=theme.ACCENT if seat == view.active else theme.TEXT, bold=seat == view.active)
            for k in range(icons):      # tiles face down: only counts show
                cx, cy = x0 + w - 8 - k * 11, y + 9
                pts = [(cx + 6 * math.cos(math.radians(60 * i - 30)), cy + 6 * math.sin(math.radians(60 * i - 30)))
                       for i in range(6)]
                pygame.draw.polygon(surface, (110, 86, 60), pts)
                pygame.draw.polygon(surface, col, pts, 1)
            y += 19
            toks = len(view.sarc[seat])
            extra = f"{view.hand_counts[seat]} tiles, ? {short[cat['ability']]}" + (f", {toks} sarcophagus" if toks else "")
            fit(extra, (x0 + 22, y, w - 26, 19), colour=theme.TEXT_DIM)
            y += 19
            said = dict(view.said).get(seat)
            if said is not None:
                fit(f'"{C.SAY_LINES[said]}"', (x0 + 22, y, w - 26, 19), colour=col)
                y += 19
            self.spots.append((pygame.Rect(x0, top, w, y - top), cat_text(view, seat)))
        y += 4
        # dice
        faces = list(view.dice) + ([None] if view.combat else []) + list(view.combat)
        if self.rolling:
            rng = random.Random(int(self.t * 30))
            pool = C.MUMMY_DIE if self.rolling[1] == "mummy_roll" else C.COMBAT_DIE
            rolled = [rng.choice(pool) for _ in self.rolling[0]]
            faces = rolled if self.rolling[1] == "mummy_roll" else list(view.dice) + [None] + rolled
        dx = x0 + 4
        fit("Dice", (dx, y + 6, 42, 19), colour=theme.TEXT_DIM)
        dx += 44
        combat_i = None
        mask = focus.args[0] if isinstance(focus, R.engine.Choice) and focus.kind == "reroll" else self.reroll_mask
        for f in faces[:10]:
            if f is None:
                dx += 6
                combat_i = 0
                continue
            rect = pygame.Rect(dx, y, 30, 30)
            V.draw_die(surface, rect, f)
            self.spots.append((rect, die_text(f)))
            if combat_i is not None:
                if mask >> combat_i & 1:
                    pygame.draw.rect(surface, theme.ACCENT, rect.inflate(6, 6), 3, border_radius=8)
                if isinstance(focus, tuple) and focus[0] == "die" and focus[1] == combat_i:
                    pygame.draw.rect(surface, theme.TEXT, rect.inflate(10, 10), 2, border_radius=9)
                combat_i += 1
            dx += 32
        y += 38
        # the viewer's hand, face up only for the seat deciding (or the spectated seat)
        fit(f"{SEAT_NAMES[self.viewer]}'s tiles", (x0 + 4, y, w - 8, 19), colour=V.SEAT_COLOURS[self.viewer])
        y += 20
        hx = x0 + 4
        for t in view.hand[:8]:
            focused = isinstance(focus, R.engine.Choice) and focus.kind in ("explore", "commit", "offer") and focus.args[0] == t
            rect = pygame.Rect(hx, y, 44, 48)
            V.draw_tile_icon(surface, rect, t, focused)
            self.spots.append((rect, tile_long_text(t)))
            hx += 46
        if not view.hand:
            fit("(no tiles)", (x0 + 10, y + 12, w - 20, 19), colour=theme.TEXT_DIM)
        y += 54
        # prompt and choices
        self.list_rects = []
        if self.session.is_over():
            res = R.result(self.state)
            text = "Victory! " + (res.cause or "").title() if res.outcome == "won" else "Defeat"
            fit(text, (x0 + 4, y, w - 8, 44), "large", theme.GOOD if res.outcome == "won" else theme.BAD, bold=True)
            return
        cur = self.session.current_seat()
        if not human_turn:
            fit(f"{SEAT_NAMES[cur]} is thinking...", (x0 + 4, y, w - 8, 24), "small", V.SEAT_COLOURS[cur])
            return
        prompt = PROMPTS.get(view.phase, view.phase)
        if self.submenu == "say":
            prompt = "Say your plan to the table"
        if self.prompt_override:
            prompt = self.prompt_override
        fit(prompt, (x0 + 4, y, w - 8, 24), "small", theme.ACCENT, bold=True)
        y += 26
        if view.phase == "action" and "mark" not in view.talked:
            fit("Click a room to mark it reserved", (x0 + 4, y, w - 8, 19), colour=theme.TEXT_DIM)
            y += 20
        per_page = max(1, (bottom - 4 - y) // 30)
        start = max(0, min(self.focus - per_page // 2, len(rows) - per_page))
        for i, row in enumerate(rows[start:start + per_page]):
            index = start + i
            rect = pygame.Rect(x0, y, w, 28)
            focused = index == self.focus
            if focused:
                pygame.draw.rect(surface, theme.ACCENT, rect, border_radius=6)
            fit(self._row_label(row, view), rect.inflate(-16, -2), "small", theme.BG if focused else theme.TEXT,
                valign="middle", bold=focused, focused=focused)
            while len(self.list_rects) < index:
                self.list_rects.append(pygame.Rect(0, 0, 0, 0))
            self.list_rects.append(rect)
            y += 30

    def _row_label(self, row, view) -> str:
        if row == "say":
            return "Say a plan to the table..."
        if isinstance(row, tuple) and row and row[0] == "die":
            i = row[1]
            marked = self.reroll_mask >> i & 1
            return f"Die {i + 1} ({view.combat[i]}): {'REROLL' if marked else 'keep'}"
        if isinstance(row, R.engine.Choice) and row.kind == "reroll" and view.phase == "fight_reroll":
            n = bin(row.args[0]).count("1")
            return f"Reroll the marked dice ({n} torch{'es' if n > 1 else ''})"
        return choice_label(row, view)


# ----------------------------------------------------------------------------- catalog factories
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
    return PlayScene(session, humans=humans, ai_level=level, tutorial=False)   # the tutorial opens a new game only


# ----------------------------------------------------------------------------- command line
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


# ----------------------------------------------------------------------------- bench frames hooks
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
