"""The Robo Run play screen, its entry point and `python main.py roborun ...`.

How it works: a game.core.session.GameSession owns the game (the rules' new_game / apply,
the choice log, undo); it is saved after every applied choice, so quitting keeps the game
and `resume_scene` (the catalog's `resume`) reopens it at the same position. Each frame the
scene either plays animations for the events the last choice produced, waits for an AI
seat (its `choose` runs in the shared AI worker process, game.client.ai_worker, on a COPY of
what that seat sees), or lets the
human at the screen pick one of the legal choices: a card on a stand, an arrow on the
map, or an item in the side list. Nothing here decides a rule.

What is drawn comes only from `ViewReader(state, viewer)` for the seat at the screen, so
no seat is ever shown what it may not see; with two humans a hand-over screen comes
between seats. Static things (background, panels, the map) are rendered into one cached
backdrop that is rebuilt only when something in it changes; a frame is one blit plus the
moving pawns.
"""
from __future__ import annotations

import argparse
import json
import random
import re
from pathlib import Path
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.client import input as inp
from game.client import theme
from game.client.ai_worker import AIWorker
from game.client.decisions import automatic_choice
from game.client.menus import ConfirmScene, NoticeScene, PauseScene
from game.client.scene import Scene
from game.client.text import draw_fit
from game.client.widgets import panel
from game.client.sequencer import Sequencer
from game.client.widgets import MenuItem
from game.core import files
from game.core.errors import UserError
from game.core.session import GameSession, save_session_later, saved_game_path
from game.core.storage import wait_idle as wait_for_saves
from game.roborun import rules
from game.roborun.ui.level_files import find_level, load_level
from game.roborun.rules import engine
from game.roborun.rules.campaign import accomplishments
from game.roborun.rules.config import RoboRunConfig
from game.roborun.rules.state import Choice
from game.roborun.ui import hud_render
from game.roborun.ui import progress as prog
from game.roborun.ui.anim import EventAnimations, Stage
from game.roborun.ui.board_render import BoardRenderer
from game.roborun.ui.campaign_screens import EntryScene, HandOverScene, ResultsScene, ScenarioIntro, TutorialOverlay
from game.roborun.ui.choice_ui import Option, ViewReader, build_options, step_focus
from game.roborun.ui.event_text import describe_event
from game.roborun.ui.howto import how_to_play_scene
from game.roborun.ui.inspect import card_info, cell_info
from game.roborun.ui.play_render import BOARD_AREA, LEFT, LOG_RECT, OPTIONS_RECT, RIGHT, PlayDrawing
from game.roborun.ui.session import (  # noqa: F401  (GameOptions & co. are part of this module's API)
    Chooser, GameOptions, campaign_setup, load_level_spec, make_partner, next_level_ref, random_choose,
    record_result, seat_view_for, single_setup, unlock_options,
)

if TYPE_CHECKING:  # pragma: no cover - concurrent.futures costs ~30 ms of start-up before the first frame
    import concurrent.futures

WATCH_POLL = 0.5           # seconds between looks at a watched map file's mtime
AI_PAUSE = 0.35             # seconds between AI decisions so players can follow them


CONTINUE = Choice("continue")  # an ability window's "carry on": taken by itself when no ability matters

GAME_SOUNDS = ("click", "move", "slide", "collect", "teleport", "boom", "zap", "card", "beep", "win", "lose", "error")


# ---------------------------------------------------------------- the saved game
@dataclass
class PlaySession(GameSession):
    """A GameSession whose save also keeps who sat where (the "ui" block), for Continue."""

    ui: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {**super().to_json(), "ui": dict(self.ui)}


def ui_block(options: GameOptions) -> dict:
    """The screen's side of a save: the human's seat, the partner and whether it is a campaign game."""
    return {"seat": options.seat, "partner": options.partner, "ai_level": options.ai_level,
            "campaign": options.campaign}


DEFAULT_UI = {"seat": 0, "partner": "ai", "ai_level": "normal", "campaign": False}


def _checked_ui(raw) -> dict:
    """A stored ui block with anything missing or odd replaced by DEFAULT_UI's value."""
    raw = raw if isinstance(raw, dict) else {}
    checks = {"seat": lambda v: v in (0, 1), "partner": lambda v: v in ("ai", "human", "random"),
              "ai_level": lambda v: v in ("easy", "normal", "hard"), "campaign": lambda v: isinstance(v, bool)}
    return {k: raw[k] if k in raw and checks[k](raw[k]) else default for k, default in DEFAULT_UI.items()}


def _saved_ui(session: GameSession) -> dict:
    """The ui block of the save this session was read from (any loader), when it is that game."""
    if isinstance(session, PlaySession) and session.ui:
        return _checked_ui(session.ui)
    try:        # read through the validating layer; never set aside here (the loader decides)
        data = files.read_json(saved_game_path(rules.GAME_ID), what="saved game")
    except files.FileProblem:
        return dict(DEFAULT_UI)
    if not isinstance(data, dict) or data.get("seed") != session.seed or \
            len(data.get("choices") or []) != len(session.choices):
        return dict(DEFAULT_UI)
    return _checked_ui(data.get("ui"))


def _deciders(session: GameSession) -> list[int]:
    """The seat that made each choice of a session (replayed: the log keeps only the choices)."""
    state = rules.new_game(session.config, session.seed)
    seats = []
    for choice in session.choices:
        seats.append(rules.current_seat(state))
        rules.apply(state, choice)
    return seats


# ---------------------------------------------------------------- the scene
class PlayScene(PlayDrawing, Scene):
    covers_screen = True   # the cached HUD layer paints every pixel
    def __init__(self, options: GameOptions, session: GameSession | None = None) -> None:
        """A new game from `options`, or (resume) the given session's game, seen as `options` say."""
        super().__init__()
        self.engine = engine
        self.options = options
        if session is None:
            level = options.level or load_level_spec(options.level_ref)
            seed = options.seed if options.seed is not None else random.randrange(1_000_000)
            config = RoboRunConfig(level, options.setup, options.level_ref)
            session = PlaySession.start(rules, config, seed)
            self.deciders: list[int] = []       # the seat that made each choice in history
        else:
            self.deciders = self._replayed_deciders(session)
        if isinstance(session, GameSession) and not isinstance(session, PlaySession):
            session = PlaySession(engine=session.engine, config=session.config, seed=session.seed,
                                  state=session.state, choices=session.choices)
        session.ui = ui_block(options)
        self.session = session
        self.level = session.config.level
        self.seed = session.seed
        self.setup = session.config.setup
        partner, self.partner_warning = make_partner(options.partner, options.ai_level)
        human = options.seat
        self.choosers: list[Chooser | None] = [None, None]
        self.choosers[1 - human] = partner
        if options.spectate:
            self.choosers = [partner or random_choose, partner or random_choose]
        self.hotseat = self.choosers[0] is None and self.choosers[1] is None
        self.viewer = human
        self.rng = random.Random(self.seed ^ 0x5EED)
        self.executor: AIWorker | None = None  # AI seats think in the shared worker process
        self.future: concurrent.futures.Future | None = None
        self.ai_wait = 0.0
        self.stage = Stage()
        self.animator = Sequencer()
        self.options_list: list[Option] = []
        self.focus = 0
        self.decision_token: tuple | None = None
        self.inspecting = False         # INFO (I / Y): step through the board with the arrows
        self.inspect_cell = None        # the board space explained (pointer or INFO cursor)
        self.inspect_card: int | None = None   # the stand card under the pointer
        self.want_ability = False       # pause menu "Use an ability": stop at the next ability window
        self.previews: dict[int, dict] = {}
        self.log: list[str] = []
        self.board: BoardRenderer | None = None
        self.backdrop: pygame.Surface | None = None     # hud_layer + resting pawns and tokens
        self.hud_layer: pygame.Surface | None = None
        self.pieces_key: tuple | None = None
        self._parts: dict = {}
        self._drawn_on_fresh_layer: list[pygame.Rect] = []     # regions drawn since the HUD layer was painted
        self._seat_cards: dict[int, list] = {0: [], 1: []}
        self.dirty = True
        self.card_rects: list[tuple[pygame.Rect, int]] = []
        self.option_rects: list[tuple[pygame.Rect, int]] = []
        self.handed_over = not self.hotseat
        self.finished_for = 0.0
        self.results_shown = False
        self.t = 0.0
        self.frames_drawn = 0
        self.watch_path: Path | None = find_level(options.level_ref) if options.watch else None
        self.watch_stamp = _watched_stamp(self.watch_path) if self.watch_path else None
        self.watch_wait = 0.0
        self.watch_error: str | None = None     # the last reload's one-line error (old map kept)

    @property
    def state(self):
        """The live GameState (the session's)."""
        return self.session.state

    def _replayed_deciders(self, session) -> list[int]:
        """Who made each choice of a session this screen continues (a seat played at a networked
        table has no log to replay: ui/joined.py)."""
        return _deciders(session)

    @property
    def history(self) -> list:
        """Every choice applied, in order (replays, tests): the session's log."""
        return self.session.choices

    def can_undo(self) -> bool:
        """May the seat deciding now (a human at this screen) take back its last choice?"""
        return self._human_turn() and self.session.can_undo(self.state.decision_seat)

    # lifecycle -------------------------------------------------------
    def enter(self) -> None:
        self._make_board()
        self._sync_stage()
        self.animator.play_sound = self.app.audio.play
        self.anims = EventAnimations(self.stage, energy_target=self._energy_target, describe=self._describe)
        self.app.audio.start_music()
        self.app.audio.warm(GAME_SOUNDS)
        if any(chooser is not None for chooser in self.choosers) and self.executor is None:
            self.executor = AIWorker()      # starts the worker process now, not at the first AI turn
        self._say(f"Scenario {self.level.level_id} {self.level.title}: seed {self.seed}")
        if self.partner_warning:
            self.app.stack.push(NoticeScene(self.partner_warning, "Teammate"))
        if not self.options.spectate:
            progress, warning = prog.load_progress()
            def page() -> None:
                if self.options.intro:
                    self.app.stack.push(self._intro())

            if self.options.tutorial and self.level.level_id == "1.1" and not progress.tutorial_seen:
                self.app.stack.push(TutorialOverlay(on_done=page))
            else:
                page()
            self.app.warn(warning)   # a damaged save was set aside: say so (on top), play on

    def _intro(self) -> Scene:
        level = self.level
        return ScenarioIntro(level.level_id, level.title, level.intro, level.special_rules)

    def exit(self) -> None:
        if self.executor is not None:
            self.executor.close()
            self.executor = None
        wait_for_saves()        # the last background save reaches the disk before the screen closes

    def resume(self) -> None:
        self._make_board()
        self.dirty = True

    def _make_board(self) -> None:
        patterns = self.app.settings.colourblind_patterns if self.app else True
        self.board = BoardRenderer(self.level, BOARD_AREA, flip=self.viewer == 1, patterns=patterns)
        self.dirty = True

    # reading the game ------------------------------------------------
    @property
    def reader(self) -> ViewReader:
        """The viewer's seat view, rebuilt only when a choice, an undo or the viewer changes."""
        key = (len(self.history), self.viewer, self.state)      # the state itself: ids are reused
        if self._reader_key != key:
            self._reader, self._reader_key = ViewReader(self.state, self.viewer), key
        return self._reader

    _reader_key: tuple | None = None
    _reader: ViewReader | None = None

    def _sync_stage(self) -> None:
        reader = self.reader
        self.stage.sync(reader.robots(), reader.tokens())

    def _energy_target(self, seat) -> tuple[float, float]:
        column = RIGHT if seat == self.viewer else LEFT
        return self.board.to_board((column.left + 130, column.top + hud_render.ENERGY_ROW + 10))

    def _describe(self, event) -> str:
        return describe_event(event, None if self.hotseat or self.options.spectate else self.viewer)

    def _say(self, line: str) -> None:
        if line:
            self.log.append(line)
            del self.log[:-40]
            self.dirty = True

    # choosing ------------------------------------------------------------
    def _human_turn(self) -> bool:
        seat = self.state.decision_seat
        return seat is not None and self.choosers[seat] is None

    def _refresh_options(self) -> None:
        """Build the options for the current decision once (when it changes)."""
        seat = self.state.decision_seat
        token = (len(self.history), seat)
        if token == self.decision_token:
            return
        self.decision_token = token
        self.previews = {}
        if seat is None or self.choosers[seat] is not None or seat != self.viewer:
            self.options_list = []
            return
        reader = self.reader
        choices = self.engine.legal_choices(self.state)
        auto = automatic_choice(choices, self.app.settings.ask_every_step if self.app else False,
                                matters=self._window_matters(reader), default=CONTINUE)
        if auto is not None and not self.options.spectate:
            self.choose(auto)               # nothing to ask: play flows on (game.client.decisions)
            return
        self.options_list = build_options(choices, reader.decision_kind or "", reader)
        self.focus = 0
        self.dirty = True

    def _window_matters(self, reader: ViewReader) -> bool:
        """Does this decision need the player? An ordinary "Continue / Use ability" window (its
        context starts with "window") only when the player asked for abilities (pause menu "Use an
        ability"); a reaction window (the engine opens one only when a protective ability would
        change what the coming movement does) and every other decision always matter."""
        if reader.decision_kind != "window":
            return True
        ctx = reader.view.decision_ctx
        if ctx and ctx[0] == "window":
            return self.want_ability
        return True

    def choose(self, choice) -> None:
        """Apply a choice for the deciding seat (from the UI or an AI) and animate its events."""
        seat = self.state.decision_seat
        human = self.choosers[seat] is None
        if human and choice.kind != "continue" and self.state.pending is not None \
                and self.state.pending.kind == "window":
            self.want_ability = False       # the asked-for ability window has been answered
        events = self.session.apply(choice)
        self.deciders.append(seat)
        if not human or self.state.decision_seat != seat:
            self.session.barrier()          # undo is for a human's own run of choices only
        if not self.options.spectate:
            save_session_later(self.session)   # atomic, off the frame; a finished game removes its save
        for event in events:
            self._say(describe_event(event, None if self.hotseat or self.options.spectate else self.viewer,
                                     log=True))
        self.animator.extend(self.anims.beats_for(events))
        self.stage_stale = True
        self.decision_token = None
        self.options_list = []
        self.dirty = True

    def take_back(self) -> None:
        if not self.can_undo():
            self.app.audio.play("error")
            return
        undone = self.session.undo(self.state.decision_seat)
        self.deciders.pop()
        if not self.options.spectate:
            save_session_later(self.session)
        self.animator.skip()
        self.stage_stale = False
        self._sync_stage()
        self.decision_token = None
        self._refresh_options()            # never leave the old decision's options clickable
        self._say(f"Undone: {undone.label}")
        self.app.audio.play("click")

    def _poll_ai(self, dt: float) -> None:
        seat = self.state.decision_seat
        chooser = self.choosers[seat]
        if self.future is None:
            self.ai_wait += dt
            if self.ai_wait < AI_PAUSE / max(0.25, self.app.settings.animation_speed):
                return
            if self.executor is None:
                self.executor = AIWorker()
            view = seat_view_for(self.state, seat)
            choices = self.engine.legal_choices(self.state)
            rng = random.Random(self.rng.random())
            self.future = self.executor.submit(chooser, view, choices, rng)
            self.dirty = True
            return
        if not self.future.done():
            return
        future, self.future = self.future, None
        self.ai_wait = 0.0
        legal = self.engine.legal_choices(self.state)
        try:
            choice = future.result()
        except Exception as exc:  # noqa: BLE001 - a broken AI must not end the player's game
            choice, problem = None, f"{exc.__class__.__name__}: {exc}"
        else:
            problem = None if choice in legal else f"illegal choice {choice!r}"
        if problem is not None:
            self._say(f"AI problem ({problem}); a random legal move instead")
            choice = self.rng.choice(legal)
        self.choose(choice)

    # per frame -------------------------------------------------------
    stage_stale = False

    def animating(self) -> bool:
        """Cards, robots, particles or captions moving, or a layer to redraw (issue 26); an AI's
        question and answer wake the App by themselves, the focus pulse runs while the player is about."""
        return self.animator.busy or self.stage.moving or self.dirty or self.stage_stale

    def update(self, dt: float) -> None:
        self.t += dt
        if self.watch_path is not None and self.app.stack.top is self:
            self.watch_wait += dt
            if self.watch_wait >= WATCH_POLL:
                self.watch_wait = 0.0
                if self._reload_if_changed():
                    return
        speed = self.app.settings.animation_speed
        self.stage.update(dt * speed)
        if self.animator.busy:
            self.animator.update(dt * speed)
            if self.animator.busy:
                return
        if self.stage_stale:
            self.stage_stale = False
            self._sync_stage()
            self.dirty = True
        if self.state.outcome is not None:
            self.finished_for += dt
            if self.finished_for > 1.2 and not self.results_shown:
                self._show_results()
            return
        seat = self.state.decision_seat
        if seat is None:
            return
        if self.choosers[seat] is not None:
            self._poll_ai(dt)
            return
        if self.hotseat and seat != self.viewer:
            self._hand_over(seat)
            return
        self._refresh_options()

    def _hand_over(self, seat: int) -> None:
        def ready() -> None:
            self.viewer = seat
            self._make_board()
            self._sync_stage()
            self.decision_token = None

        kind = self.reader.decision_kind
        reason = {"beep": "Your teammate is playing: you may BEEP a card, use your Equipment or give a Number.",
                  "start": "Who sees the better move? Choose who starts the round."}.get(kind, "")
        self.session.barrier()
        self.viewer = seat          # nothing is drawn until the hand-over screen is dismissed
        self.app.stack.push(HandOverScene(seat, ready, reason))

    def _show_results(self) -> None:
        self.results_shown = True
        state = self.state
        done = accomplishments(state)
        lines = [text for flag, text in ((done.won, "Won the scenario"),
                                         (done.won_before_round_4, "Won before round 4"),
                                         (done.won_before_round_4_clean, "...with every bad robot and Key gone"))
                 if flag]
        next_ref = next_level_ref(self.level.level_id) if state.outcome == "won" else None
        rewards = None
        if self.options.campaign and state.outcome == "won" and next_ref is not None:
            view = self.reader.view
            rewards = [unlock_options(view.robots_boards[seat], view.unlocked[seat], view.chip[seat])
                       for seat in (0, 1)]

        def finish(picks) -> None:
            self.app.warn(record_result(self.options, self.setup, state, picks if rewards else (None, None)))

        def retry() -> None:
            start_game(self.app, GameOptions(**{**self.options.__dict__, "seed": None, "tutorial": False,
                                                  "setup": None if self.options.campaign else self.options.setup}),
                       replace_to=True)

        def play_next() -> None:
            start_game(self.app, GameOptions(**{**self.options.__dict__, "level_ref": next_ref, "level": None,
                                                  "setup": None, "seed": None}), replace_to=True)

        results = ResultsScene(self.level.level_id, self.level.title, state.outcome == "won", state.loss_cause,
                               state.won_round or state.round, lines, retry, play_next if next_ref else None,
                               rewards, finish, make_entry=lambda: EntryScene(launch=start_game))
        results.campaign_done = self.options.campaign and self.level.level_id.endswith(".6")
        self.app.stack.push(results)

    # input -----------------------------------------------------------
    def handle(self, action: inp.Action) -> None:
        name = action.name
        if name == inp.BACK and action.device != "keyboard" and self.can_undo():
            name = inp.UNDO            # pad B / right-click take back a choice (pads have no undo button)
        if name == inp.MENU or (name == inp.BACK and action.device != "mouse"):
            self.app.stack.push(PauseScene([MenuItem("Use an ability", self._ask_ability),
                                            MenuItem("How to play", self._how_to_play),
                                            MenuItem("Scenario page", lambda: self._after_pause(self._intro())),
                                            MenuItem("Restart scenario", self._restart)]))
            return
        if name == inp.SKIP:
            self.animator.skip()
            return
        if name == inp.UNDO:
            self.take_back()
            return
        if name == inp.INFO or (self.inspecting and name in (inp.BACK, inp.CONFIRM)):
            self._toggle_inspect()
            return
        if self.inspecting:
            self._inspect_key(name)
            return
        if name == inp.POINT and action.pos:
            self._point_inspect(action.pos)
        if self.animator.busy or not self._human_turn() or not self.options_list:
            return
        count = len(self.options_list)
        if name in (inp.NEXT, inp.PREV):
            self._set_focus(step_focus(self.options_list, self.focus, 1 if name == inp.NEXT else -1))
        elif name in (inp.UP, inp.DOWN, inp.LEFT, inp.RIGHT):
            self._arrow_key(name)
        elif name == inp.CONFIRM:
            self._pick(self.focus)
        elif name in (inp.POINT, inp.CLICK) and action.pos:
            index = self._option_at(action.pos)
            if index is not None:
                self._set_focus(index)
                if name == inp.CLICK:
                    self._pick(index)
        elif name == inp.SCROLL:
            self._set_focus(max(0, min(count - 1, self.focus - action.amount)))

    # inspect anything ----------------------------------------------
    def _toggle_inspect(self) -> None:
        self.inspecting = not self.inspecting
        self.inspect_card = None
        if self.inspecting:
            focused = self.options_list[self.focus] if self.options_list and self.focus < len(self.options_list) \
                else None
            cells = [c for c in (focused.cells if focused else []) if self.level.in_bounds(c)]
            robots = [tuple(pos) for _rid, colour, pos in self.reader.robots() if colour in ("green", "red")]
            self.inspect_cell = cells[0] if cells else (robots[0] if robots else self._things()[0])
        else:
            self.inspect_cell = None
        self.dirty = True

    def _things(self) -> list:
        """Board spaces worth stepping to with Tab: robots, tokens and special spaces, row by row."""
        level = self.level
        found = {tuple(pos) for _r, _c, pos in self.reader.robots()}
        found |= {tuple(pos) for _k, pos, _v, _d in self.reader.tokens()}
        found |= {(x, y) for y in range(level.height) for x in range(level.width)
                  if level.spaces[y][x].kind not in ("floor", "void")}
        return sorted((p for p in found if level.in_bounds(p)), key=lambda p: (p[1], p[0])) or [(0, 0)]

    def _inspect_key(self, name: str) -> None:
        if name in (inp.NEXT, inp.PREV):
            things = self._things()
            here = self.inspect_cell
            index = things.index(here) if here in things else -1
            self.inspect_cell = things[(index + (1 if name == inp.NEXT else -1)) % len(things)]
        elif name in (inp.UP, inp.DOWN, inp.LEFT, inp.RIGHT):
            dx, dy = {inp.UP: (0, -1), inp.DOWN: (0, 1), inp.LEFT: (-1, 0), inp.RIGHT: (1, 0)}[name]
            if self.viewer == 1:            # the board is drawn turned round for seat 1
                dx, dy = -dx, -dy
            x, y = self.inspect_cell or (0, 0)
            x = max(0, min(self.level.width - 1, x + dx))
            y = max(0, min(self.level.height - 1, y + dy))
            self.inspect_cell = (x, y)
        self.dirty = True

    def _point_inspect(self, point) -> None:
        """The pointer explains what it is over: a board space or a stand card."""
        self.inspect_card = next((card for rect, card in self.card_rects if rect.collidepoint(point)), None)
        self.inspect_cell = None if self.inspect_card is not None or self.board is None else \
            self.board.pos_at(point)

    def inspected(self) -> list[tuple[str, str]]:
        """What the inspect panel says now: [(title, text)], top thing first."""
        if self.inspect_card is not None:
            for seat in (0, 1):
                for face in self.reader.stand(seat):
                    if face.card == self.inspect_card:
                        return [card_info(face)]
        if self.inspect_cell is not None:
            return cell_info(self.level, self.reader, self.inspect_cell)
        return []

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        if self.inspecting and self.inspect_cell is not None and self.level.in_bounds(self.inspect_cell):
            self.board.draw_highlight(surface, self.inspect_cell, theme.TEXT, 4)
        items = self.inspected()
        if not items:
            return
        box = self._inspect_box()
        panel(surface, box, edge=theme.ACCENT)
        inner = box.inflate(-24, -16)
        title = "  +  ".join(t for t, _ in items)
        draw_fit(surface, title, pygame.Rect(inner.left, inner.top, inner.width, 30), "body", theme.ACCENT,
                 wrap=False, bold=True)
        draw_fit(surface, " ".join(text for _, text in items[:2]),
                 pygame.Rect(inner.left, inner.top + 34, inner.width, inner.height - 34), "tiny", theme.TEXT)

    def _inspect_box(self) -> pygame.Rect:
        """Where an explanation goes: over the "What happened" log, or over the choices list when
        the card explained is on the left stand, never over the board (issue 25: it hid the
        bottom third of the board, your own robot too, while you chose a card)."""
        card_rect = next((rect for rect, card in self.card_rects if card == self.inspect_card), None)
        return OPTIONS_RECT if card_rect is not None and card_rect.centerx < BOARD_AREA.left else LOG_RECT

    def _after_pause(self, scene: Scene) -> None:
        """Open `scene` in place of the pause menu."""
        if self.app.stack.top is not self:
            self.app.stack.pop()
        self.app.stack.push(scene)

    def _how_to_play(self) -> None:
        self.app.stack.push(how_to_play_scene())     # over the pause menu, back to it

    def _ask_ability(self) -> None:
        """Stop at the next "Continue / Use ability" window (they pass by themselves otherwise)."""
        self.want_ability = True
        self.decision_token = None
        if self.app.stack.top is not self:
            self.app.stack.pop()
        self._say("Abilities: the next ability window will wait for you")

    # --watch ----------------------------------------------------------
    def _reload_if_changed(self) -> bool:
        """The designer's loop: when the watched map file changed, start the scenario again
        on the new map (same seed, seats and boards) in a new scene; a map that does not load
        keeps the old one and shows the one-line error. True when the scene was replaced."""
        stamp = _watched_stamp(self.watch_path)
        if stamp == self.watch_stamp:
            return False
        self.watch_stamp = stamp
        try:
            try:
                level = load_level(self.watch_path)
            except RuntimeError as exc:     # a tileset that became a symlink loop (Python 3.11's resolve)
                raise files.symlink_loop(exc) or exc
        except (UserError, OSError) as exc:
            line = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            self.watch_error = line
            self._say(f"reload failed, old map kept: {line}")
            if self.app.stack.top is self:    # the whole line, not the log's two cut rows (issue 25)
                self.app.stack.push(NoticeScene(line, "Map reload failed: the old map is kept"))
            return False
        options = GameOptions(**{**self.options.__dict__, "level": level, "seed": self.seed, "setup": self.setup,
                                 "intro": False, "tutorial": False})
        scene = PlayScene(options)
        scene.watch_stamp = stamp
        scene._say(f"map reloaded from {self.watch_path.name}")
        self.app.stack.replace(scene)
        return True

    def _restart(self) -> None:
        """Asks once: a stray tap on the pause menu must not throw a game away (Back keeps playing)."""
        self.app.stack.pop()
        self.app.stack.push(ConfirmScene("Restart this scenario?", self._restart_now, yes="Restart",
                                         detail="The game so far is lost; the deal stays the same."))

    def _restart_now(self) -> None:
        start_game(self.app, GameOptions(**{**self.options.__dict__, "seed": self.seed, "tutorial": False}),
                   replace_to=True)

    def _set_focus(self, index: int) -> None:
        if index != self.focus:
            self.focus = index
            self.dirty = True

    def _arrow_key(self, name: str) -> None:
        """On the map, an arrow picks the option pointing that way on screen; otherwise it cycles."""
        screen_dir = {inp.UP: "N", inp.DOWN: "S", inp.LEFT: "W", inp.RIGHT: "E"}[name]
        wanted = self.board.screen_direction(screen_dir)      # the map direction shown that way
        for index, option in enumerate(self.options_list):
            if option.arrows and option.arrows[0][1] == wanted:
                self._set_focus(index)
                return
        step = -1 if name in (inp.UP, inp.LEFT) else 1
        self._set_focus(step_focus(self.options_list, self.focus, step, wrap=False))

    def _option_at(self, point) -> int | None:
        for rect, index in self.option_rects:
            if rect.collidepoint(point):
                return index
        for rect, card in self.card_rects:
            if rect.collidepoint(point):
                matches = [i for i, o in enumerate(self.options_list) if o.card == card and o.place == "card"]
                if matches:
                    return self.focus if self.focus in matches else matches[0]
        cell = self.board.pos_at(point)
        if cell is not None:
            matches = [i for i, o in enumerate(self.options_list) if cell in o.cells]
            if matches:
                return self.focus if self.focus in matches else matches[0]
        return None

    def _pick(self, index: int) -> None:
        if 0 <= index < len(self.options_list):
            self.app.audio.play("click")
            self.choose(self.options_list[index].choice)

    # drawing ---------------------------------------------------------
    def hints(self) -> list[tuple[str, str]]:
        hints = [(inp.CONFIRM, "Choose"), (inp.NEXT, "Next option"), (inp.UNDO, "Undo"), (inp.SKIP, "Skip anim"),
                 (inp.INFO, "Close inspect" if self.inspecting else "Inspect"), (inp.MENU, "Pause")]
        return hints


def start_game(app, options: GameOptions, replace_to: bool = False) -> PlayScene:
    if options.setup is None and options.choose_boards:
        if options.campaign:
            options = GameOptions(**{**options.__dict__, "setup": campaign_setup(options)})
        else:
            seed = options.seed if options.seed is not None else random.randrange(1_000_000)
            number = int(options.level_ref.split(".")[-1]) if options.level_ref.split(".")[-1].isdigit() else 1
            options = GameOptions(**{**options.__dict__, "seed": seed,
                                     "setup": single_setup(number, options.boards, seed)})
    scene = PlayScene(options)
    if replace_to:
        while len(app.stack.scenes) > 1 and not _is_entry(app.stack.top):
            app.stack.pop()
        if _is_entry(app.stack.top):
            app.stack.push(scene)
        else:
            app.stack.replace(scene)
    else:
        app.stack.push(scene)
    return scene




def _is_entry(scene) -> bool:
    return isinstance(scene, EntryScene)


def resume_scene(app, session: GameSession) -> PlayScene:
    """The play screen for a saved game (the catalog's `resume`): same position, same seats.

    Who sat where comes from the save's "ui" block (see ui_block); a save without one
    resumes with the human in seat 0 and the normal AI teammate in seat 1 (DEFAULT_UI).
    """
    ui = _saved_ui(session)
    level = session.config.level
    options = GameOptions(level_ref=session.config.level_ref or level.level_id, level=level, seed=session.seed,
                          setup=session.config.setup, partner=ui["partner"], seat=ui["seat"],
                          ai_level=ui["ai_level"], campaign=ui["campaign"], intro=False, tutorial=False)
    return PlayScene(options, session=session)


def make_entry_scene(app) -> Scene:
    """The scenario select screen (the catalog's `entry`); its Start calls start_game."""
    return EntryScene(launch=start_game)


# ---------------------------------------------------------------- command line
def main(argv: list[str]) -> int:
    from game.client.app import add_display_args, run_scene

    parser = argparse.ArgumentParser(prog="main.py roborun", description="Play Robo Run")
    parser.add_argument("--level", help="go straight to a scenario, e.g. 1.1")
    parser.add_argument("--partner", choices=("ai", "human", "random"), default="ai")
    parser.add_argument("--seat", type=int, choices=(0, 1), default=0, help="your seat: 0 green (bottom), 1 red")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--ai-level", choices=("easy", "normal", "hard"), default="normal")
    parser.add_argument("--campaign", action="store_true", help="play the scenario as part of its campaign")
    parser.add_argument("--watch", action="store_true",
                        help="reload the map when its file changes (keep the game open beside Tiled)")
    parser.epilog = "With --frames (a scripted capture) the tutorial and scenario page are skipped."
    add_display_args(parser)
    args = parser.parse_args(argv)
    if args.level is None:
        return run_scene(make_entry_scene, args)
    if args.campaign and not re.fullmatch(r"[0-9]+\.[0-9]+", args.level):
        raise UserError("command line", "--campaign plays a shipped scenario id like 1.1, not a map file")
    # a bad level ref is a one-line error before the window opens; the map read is kept (start-up speed)
    level = load_level_spec(args.level)
    capture = args.frames is not None      # a scripted capture: show the board, not the help pages
    options = GameOptions(level_ref=args.level, partner=args.partner, seat=args.seat, seed=args.seed,
                          ai_level=args.ai_level, campaign=args.campaign, intro=not capture, tutorial=not capture,
                          watch=args.watch, level=level)

    def first_scene(app) -> Scene:
        if options.campaign:
            return PlayScene(GameOptions(**{**options.__dict__, "setup": campaign_setup(options),
                                            "choose_boards": True}))
        return PlayScene(options)

    return run_scene(first_scene, args)


# ---------------------------------------------------------------- bench frames hooks
_busy_seeds = iter(range(1, 1_000_000))


def make_idle_scene(app) -> Scene:
    """`bench idle --screen roborun`: scenario 1.1 with the AI partner, waiting for the player."""
    return PlayScene(GameOptions(level_ref="1.1", partner="ai", seed=1, intro=False, tutorial=False))


def make_busy_scene(app) -> Scene:
    """`bench frames --screen roborun`: the largest map (1.6), both seats played by random
    partners, so cards, slides, collections and spawns animate all the time."""
    return PlayScene(GameOptions(level_ref="1.6", partner="random", seed=next(_busy_seeds), spectate=True,
                                 intro=False, tutorial=False))


def busy_ai_job(scene: PlayScene):
    """One hard-AI decision on the scene's position, as (fn, args, kwargs), for --ai-thinking."""
    seat = scene.state.decision_seat
    choices = scene.engine.legal_choices(scene.state) if seat is not None else []
    if choices:
        view = seat_view_for(scene.state, seat)
        scene._bench_job = (make_partner("ai", "hard")[0], (view, choices, random.Random(len(scene.history))), {})
    return getattr(scene, "_bench_job", None)


def _watched_stamp(path: Path) -> tuple | None:
    """The map's stamp and its templates' (game.core.tiled), imported here: the XML reader is
    for the designer's loop, and a cached level's first frame needs none."""
    from game.core.tiled import watched_stamp

    return watched_stamp(path)
