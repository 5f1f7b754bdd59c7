"""The Robo Rally race screen: the race itself (applying choices, AI seats in the worker,
input, pausing, --watch), starting and resuming a race, the hand-over between humans.
What it shows is split by role: playback.py (events as animation), side_panel.py (robots,
registers, upgrades), hand.py (programming, the confirm, the bottom strip).
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.client import input as inp
from game.client.ai_worker import AIWorker
from game.client import theme
from game.client.app import App
from game.client.decisions import automatic_choice
from game.client.menus import PauseScene, TitleScene
from game.client.scene import Scene
from game.client.sequencer import Sequencer
from game.client.text import draw_fit
from game.client.widgets import Menu, MenuItem, ResultsHold, draw_hints, draw_text, panel
from game.core import storage
from game.core.errors import UserError
from game.core.files import symlink_loop
from game.core.session import GameSession, save_session_later
from game.roborally import rules as R
from game.roborally.ai import LEVELS, make_player, think
from game.roborally.ui.course_files import load_course, watched_stamp
from game.roborally.rules.engine import Choice, make_config
from game.roborally.ui import explain, howto
from game.roborally.ui.board_view import ROBOT_COLOURS, ROBOT_NAMES, BoardView
from game.roborally.ui.choice_words import choice_words
from game.roborally.ui.hand import ProgrammingHand
from game.roborally.ui.playback import EventPlayback
from game.roborally.ui.side_panel import SidePanel

if TYPE_CHECKING:  # pragma: no cover - concurrent.futures costs ~30 ms of start-up before the first frame
    from concurrent.futures import Future


TIMER_SECONDS = 30.0
WATCH_POLL = 0.5            # seconds between looks at a watched course file (--watch)
SEATS_FILE = "roborally-seats.json"


def seat_label(kinds, seat):
    kind = kinds[seat] if seat < len(kinds) else "normal"
    human = "you" if kinds.count("human") == 1 else "human"
    if kind == "table":
        return f"{ROBOT_NAMES[seat]} (table)"
    return f"{ROBOT_NAMES[seat]} ({human if kind == 'human' else 'AI ' + kind})"


def course_title(course_id: str) -> str:
    """A course's name as its map gives it (the id when the map cannot be read)."""
    try:
        return load_course(course_id).get("name") or course_id
    except UserError:
        return course_id


def _seats_path():
    return storage.data_dir() / "games" / SEATS_FILE


FACING_KEYS = {inp.UP: 0, inp.RIGHT: 1, inp.DOWN: 2, inp.LEFT: 3}     # a rebooted robot's facing, N E S W


class ChoiceList:
    """A compact vertical list for the side panel: up/down or pointer, confirm/click."""

    DETAIL_H = 78

    def __init__(self, items, left, top, width, bottom, row=34):
        self.items = items            # (label, detail, callback)
        self.focus = 0
        self.left, self.top, self.width, self.row = left, top, width, row
        self.visible = max(1, min(len(items), (bottom - top - self.DETAIL_H) // row))
        self.first = 0
        self._place()

    def _place(self) -> None:
        """Only `visible` rows fit: the window of rows follows the focus."""
        if self.focus < self.first:
            self.first = self.focus
        elif self.focus >= self.first + self.visible:
            self.first = self.focus - self.visible + 1
        self.rects = [None] * len(self.items)
        for k in range(self.visible):
            i = self.first + k
            if i < len(self.items):
                self.rects[i] = pygame.Rect(self.left, self.top + k * self.row, self.width, self.row - 4)

    def handle(self, action) -> bool:
        name = action.name
        if name in (inp.UP, inp.DOWN, inp.LEFT, inp.RIGHT):
            self.focus = (self.focus + (-1 if name in (inp.UP, inp.LEFT) else 1)) % len(self.items)
            self._place()
            return True
        if name in (inp.POINT, inp.CLICK) and action.pos:
            for i, rect in enumerate(self.rects):
                if rect is not None and rect.collidepoint(action.pos):
                    self.focus = i
                    if name == inp.CLICK:
                        self.items[i][2]()
                    return True
            return False
        if name == inp.CONFIRM:
            self.items[self.focus][2]()
            return True
        return False

    def draw(self, surface) -> None:
        shown = [r for r in self.rects if r is not None]
        for i, ((label, detail, _), rect) in enumerate(zip(self.items, self.rects)):
            if rect is None:
                continue
            focused = i == self.focus
            panel(surface, rect, fill=theme.ACCENT if focused else theme.PANEL,
                  edge=theme.ACCENT if focused else theme.PANEL_EDGE, radius=8, width=2)
            more = (i == self.first and self.first > 0) or (rect is shown[-1] and i < len(self.items) - 1)
            draw_fit(surface, label, rect.inflate(-20 - (24 if more else 0), -4).move(-12 if more else 0, 0), "tiny",
                     theme.BG if focused else theme.TEXT, valign="middle", wrap=False, bold=focused, focused=focused)
            if more:
                draw_text(surface, "^" if i == self.first and self.first > 0 else "v", (rect.right - 14, rect.centery),
                          "tiny", theme.BG if focused else theme.TEXT_DIM, "center", box=rect)
        if self.items and shown:
            detail = self.items[self.focus][1]
            last = shown[-1]
            draw_fit(surface, detail, pygame.Rect(last.left, last.bottom + 6, last.width, self.DETAIL_H - 10), "tiny",
                     theme.TEXT_DIM)


class RaceScene(EventPlayback, SidePanel, ProgrammingHand, Scene):
    covers_screen = True

    def __init__(self, session: GameSession, seats: list[str], speed: float | None = None, *,
                 save: bool = True, demo: bool = False, tutorial: bool = True, timer: bool | None = None,
                 feed=None) -> None:
        super().__init__()
        self.feed = feed                    # a networked table's choices (seats "table"): the TV's board
        # the sand timer: off against AIs unless asked for, on between two or more humans
        self.use_timer = seats.count("human") >= 2 if timer is None else bool(timer)
        self.save = save                    # False: a demo or a test; nothing is written
        self.demo = demo                    # attract mode: no scenes are pushed, no input taken
        self.tutorial = tutorial and not demo and "human" in seats
        self.session = session
        self.seats = list(seats)
        self.speed_override = speed
        self.state = session.state
        self.board_view: BoardView | None = None
        self.executor: AIWorker | None = None
        self.future: Future | None = None
        self.players = {i: make_player(k, 1000 + i) for i, k in enumerate(self.seats) if k not in ("human", "table")}
        # events play as Beats of the shared sequencer (one per event, labelled with its kind);
        # beams, labels and reboot flashes (self.flashes / self.floaters) fade on their own clock
        self.anims = Sequencer(play_sound=self._play_sound)
        self.shown = {}                     # seat -> [x, y, angle]
        self.flashes: list = []             # (kind, data, ttl)
        self.floaters: list = []            # (text, x, y, colour, ttl)
        self.focus = 0
        self.menu: Menu | None = None
        self.handover_for: int | None = None
        self.last_human: int | None = None
        self.timer: float | None = None
        self.dealt: list = []               # the human's hand as dealt: its cards keep these places
        self.placed: list = []              # slots (indexes into dealt) placed this round, in order
        self.dealt_for: tuple | None = None # (round, seat) the dealt hand belongs to
        self.confirm: Choice | None = None  # the fifth card, placed on screen, waiting for a confirm
        self.message = ""
        self.revealed_cards = {}            # seat -> {register: card}
        self.log: list[str] = []            # what happened, newest last (bottom-left while nobody programs)
        self.shown_round = self.state.round
        self.shown_register = 0
        self.done = False
        self.results_hold = ResultsHold()   # the result first, then a key leaves it
        self.results_exit = "back to the title"     # where that key goes, as the result box says
        self.side = {}                      # seat -> shown CP / energy / SPAM / upgrades (follows the animation)
        self.shown_token = self.state.token
        self.inspect: str | None = None     # what the pointer / inspect cursor is on, in the game's words
        self.cursor: tuple[int, int] | None = None  # inspect cursor on the board (I key), else None
        self.targets: list = []             # (rect, text) drawn this frame that can be inspected
        self._layer: pygame.Surface | None = None   # background, board and side panel (_draw_layer)
        self._layer_drawn_for: tuple | None = None  # the _layer_key it shows
        self._side_targets: list = []       # the side panel's targets, kept with the layer
        self._drawn_moment: tuple | None = None     # _shown_moment() of the last frame drawn
        self.watch_path: str | None = None  # --watch: the course file to reload when it changes
        self.watch_stamp: tuple | None = None
        self.watch_wait = 0.0
        self.watch_error: str | None = None # the last reload's one-line error (the old course kept)
        self.seed: int | None = None        # the race's seed, so a reloaded course starts the same race
        self._sync_shown()
        self._sync_side()

    def watch(self, path: str, seed: int) -> "RaceScene":
        """The designer's loop: restart this race on the course file whenever it changes."""
        self.watch_path, self.watch_stamp, self.seed = str(path), watched_stamp(path), seed
        return self

    def _reload_if_changed(self) -> bool:
        """A changed course file starts the race again on it (same seed and seats); one that
        does not load keeps the old course and says why in one line. True when replaced."""
        stamp = watched_stamp(self.watch_path)
        if stamp == self.watch_stamp:
            return False
        self.watch_stamp = stamp
        try:
            try:
                scene = new_race(self.watch_path, len(self.seats), self.seats.count("human"),
                                 next((k for k in self.seats if k != "human"), "normal"), self.seed,
                                 self.speed_override, self.state.config.max_rounds, save=False, tutorial=False,
                                 timer=self.use_timer)
            except RuntimeError as exc:     # its tileset became a symlink loop (Python 3.11's resolve)
                raise symlink_loop(exc) or exc
        except (UserError, ValueError, OSError) as exc:
            self.watch_error = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            self.message = f"reload failed, old course kept: {self.watch_error}"
            self.log.append(self.message)
            return False
        scene.watch(self.watch_path, self.seed)
        scene.message = f"course reloaded from {self.watch_path}"
        self.app.stack.replace(scene)
        return True

    # ------------------------------------------------------------------ life
    def enter(self) -> None:
        if self.board_view is None:
            area = pygame.Rect(10, 8, 820, theme.HEIGHT - 226)
            self.board_view = BoardView(self.state.board, area)
        if self.executor is None and self.players:
            self.executor = AIWorker()
        if self.tutorial and howto.tutorial_due():
            self.tutorial = False
            self.app.stack.push(howto.tutorial_scene())

    def seat_label(self, seat: int) -> str:
        return seat_label(self.seats, seat)

    def exit(self) -> None:
        if self.executor is not None:
            self.executor.close()
            self.executor = None
        self.future = None
        storage.wait_idle()     # the last background save reaches the disk before the screen closes

    @property
    def speed(self) -> float:
        if self.speed_override is not None:
            return self.speed_override
        return self.app.settings.animation_speed if self.app else 1.0

    def _play_sound(self, name: str) -> None:
        if self.app is not None and self.speed <= 4:      # at high speed the sounds would pile up
            self.app.audio.play(name)

    def _sync_side(self) -> None:
        self.side = {r.seat: {"cp": r.cp, "energy": r.energy,
                              "spam": r.discard.count("spam") + r.deck.count("spam") + r.hand.count("spam"),
                              "ups": list(r.perm + r.temp)}
                     for r in self.state.robots}
        self.shown_token = self.state.token

    def _sync_shown(self) -> None:
        self.shown = {r.seat: [float(r.x), float(r.y), float(r.d)] for r in self.state.robots}

    # ------------------------------------------------------------------ applying choices
    def _apply(self, choice) -> None:
        seat = self.session.current_seat()
        if not self._busy():
            self._sync_side()
        events = self.session.apply(choice)
        self.state = self.session.state
        if self.save:
            save_session_later(self.session)
        if self.state.phase == "program" and any(e.kind == "program" and e.data.get("register") == 5 for e in events):
            if self.timer is None and self.use_timer and any(k == "human" for k in self.seats):
                self.timer = TIMER_SECONDS
        self.anims.extend(self._beat(e) for e in events)
        self.anims.update(0.0)              # events that take no time play at once
        if seat is not None and self.seats[seat] == "human":
            self.last_human = seat
        self.menu = None

    def _busy(self) -> bool:
        return self.anims.busy

    def _shown_moment(self) -> tuple:
        """What changes the picture without an animation: a choice applied, the timer's second,
        the results hold ending (the way-out menu appears)."""
        timer = self.timer is not None and self.state.phase == "program"
        return (len(self.session.choices), max(0, int(self.timer + 0.99)) if timer else None,
                self.results_hold.ready)

    def animating(self) -> bool:
        """Robots, beams and labels moving, or a choice or timer second not drawn yet (issue 26)."""
        return self._busy() or bool(self.flashes or self.floaters) or self._shown_moment() != self._drawn_moment

    # ------------------------------------------------------------------ per frame
    def update(self, dt: float) -> None:
        if self.watch_path is not None and self.app is not None and self.app.stack.top is self:
            self.watch_wait += dt
            if self.watch_wait >= WATCH_POLL:
                self.watch_wait = 0.0
                if self._reload_if_changed():
                    return
        dt_anim = dt * self.speed
        self.flashes = [(k, d, ttl - dt_anim) for k, d, ttl in self.flashes if ttl - dt_anim > 0]
        self.floaters = [(s, x, y - dt_anim * 0.8, c, ttl - dt_anim) for s, x, y, c, ttl in self.floaters if ttl - dt_anim > 0]
        if self._busy():
            self.anims.update(dt_anim)
            return
        if self.session.is_over():
            self.results_hold.update(dt)
            if not self.done:
                self.done = True
                if self.save:
                    save_session_later(self.session)     # a finished race removes its save
            return
        seat = self.session.current_seat()
        if self.timer is not None and self.state.phase == "program":
            self.timer -= dt
        if self.state.phase != "program":
            self.timer = None
        kind = self.seats[seat]
        if kind == "table":                  # played on a phone: the table (game/table) sends the choice
            if not self.feed.empty():
                self._apply(self.feed.get_nowait())
            return
        if kind != "human":
            self._poll_ai(seat)
            return
        if self.demo:
            return
        automatic = automatic_choice(self.session.legal_choices(), self.app.settings.ask_every_step)
        if automatic is not None:            # one legal option: nothing to ask
            self._apply(automatic)
            return
        if self.timer is not None and self.timer <= 0 and self.state.phase == "program":
            # time is up: the rest of this human's registers are filled at random
            if self.confirm is not None:
                self._confirm_program()
                return
            rng = random.Random(len(self.session.choices))
            cards = [c for c in self.session.legal_choices() if c.kind == "card"]
            self._apply(rng.choice(cards))
            return
        humans = [i for i, k in enumerate(self.seats) if k == "human"]
        if (len(humans) > 1 and self.state.phase == "program" and self.last_human is not None
                and self.last_human != seat and self.handover_for != seat):
            self.handover_for = seat
            self.session.barrier()
            self.app.stack.push(HandoverScene(self, seat))
            return
        if self.state.phase in ("upgrade", "fire", "haywire", "reboot_facing") and self.menu is None:
            self._build_menu(seat)

    def _poll_ai(self, seat: int) -> None:
        if self.future is None:
            if self.executor is None:
                self.executor = AIWorker()
            view = R.seat_view(self.state, seat)
            choices = R.legal_choices(self.state)
            self.future = self.executor.submit(think, self.players[seat], view, choices)
            self._future_seat = seat
            return
        if self.future.done():
            future, self.future = self.future, None
            if future.cancelled() or self._future_seat != seat:
                return                          # asked for another position: ask again
            legal = R.legal_choices(self.state)
            try:
                choice, player = future.result()
            except Exception:  # noqa: BLE001 - a broken or overdue AI must not end the race: a legal card
                choice, player = legal[0], self.players[seat]
            self.players[seat] = player         # its plan for the rest of this program
            if choice not in legal:
                return
            self._apply(choice)

    # ------------------------------------------------------------------ menus for human decisions
    def _build_menu(self, seat: int) -> None:
        choices = self.session.legal_choices()
        items = []
        for c in choices:
            label, detail = choice_words(c)
            items.append((label, detail, (lambda ch=c: self._apply(ch))))
        top = 44 + len(self.state.robots) * min(72, 330 // len(self.state.robots)) + 34
        self.menu = ChoiceList(items, 845, top, theme.WIDTH - 855, theme.HEIGHT - 46)
        if self.state.phase == "reboot_facing":
            self.menu.focus = self.state.robots[seat].d          # starts on the arrow's facing

    # ------------------------------------------------------------------ input
    def hints(self):
        if self.feed is not None and self.session.is_over() and not self._busy():
            return [(inp.CONFIRM, "Back to the lobby")] * self.results_hold.ready + [(inp.INFO, "Inspect")]
        if self.feed is not None:
            return [(inp.INFO, "Inspect"), (inp.MENU, "Join code and seats")]
        if self.cursor is not None:
            return [(inp.LEFT_RIGHT, "Move cursor"), (inp.INFO, "Done")]
        if self.session.is_over() and not self._busy():    # the results: one way out, named (issue 25)
            return [(inp.CONFIRM, "Back to title")] * self.results_hold.ready + [(inp.INFO, "Inspect")]
        if self.state.phase == "program" and self._human_turn():
            if self.confirm is not None:
                return [(inp.CONFIRM, "Run this program"), (inp.UNDO, "Take back"), (inp.INFO, "Inspect"),
                        (inp.MENU, "Pause")]
            return [(inp.LEFT_RIGHT, "Pick card"), (inp.CONFIRM, "Place"), (inp.UNDO, "Take back"), (inp.INFO, "Inspect"),
                    (inp.MENU, "Pause")]
        choose = [(inp.UP_DOWN, "Choose")] * bool(self.menu is not None and len(self.menu.items) > 1 and self._human_turn()
                                                  and self.state.phase != "reboot_facing")   # arrows face there
        return [(inp.CONFIRM, "Select")] + choose + [(inp.SKIP, "Skip"), (inp.INFO, "Inspect"),
                                                     (inp.MENU, "Pause / how to play")]

    def facing_prompt(self) -> str | None:
        """The one line that asks a human whose robot rebooted which way it faces."""
        if self.state.phase != "reboot_facing" or not self._human_turn():
            return None
        return f"{ROBOT_NAMES[self.session.current_seat()]} rebooted: pick its facing (arrow keys)"

    def _human_turn(self) -> bool:
        seat = self.session.current_seat()
        return (seat is not None and not self._busy() and self.seats[seat] == "human" and not self.session.is_over())

    # ------------------------------------------------------------------ inspect anything
    def _inspect_at(self, pos) -> str | None:
        """What is under the pointer: a space (with the robot on it), a robot row, a card or an upgrade."""
        for rect, text in reversed(self.targets):
            if rect.collidepoint(pos):
                return text
        bv = self.board_view
        if bv is not None and bv.rect.collidepoint(pos):
            x, y = (pos[0] - bv.rect.left) // bv.tile, (pos[1] - bv.rect.top) // bv.tile
            return self._cell_text(x, y)
        return None

    def _cell_text(self, x: int, y: int) -> str:
        robots = [s for s, (rx, ry, _a) in self.shown.items() if (round(rx), round(ry)) == (x, y)]
        text = explain.space_text(self.state.board, x, y)
        if not robots:
            return text
        if self.cursor is not None:                # the keyboard cursor: the robot first, in full
            return " ".join(self._robot_text(s) for s in robots) + " Space: " + text
        return f"{', '.join(self.seat_label(s) for s in robots)} here. " + text

    def _handle_inspect(self, action) -> bool:
        """I toggles an inspect cursor on the board (arrows move it); pointing at anything shows it too."""
        name = action.name
        if name == inp.POINT and action.pos:
            self.inspect = self._inspect_at(action.pos)
            return False
        if name == inp.INFO:
            if self.cursor is None:
                seat = self.session.current_seat() if self.session.current_seat() is not None else 0
                sx, sy, _a = self.shown.get(seat, (0, 0, 0))
                board = self.state.board
                self.cursor = (min(max(0, round(sx)), board.width - 1), min(max(0, round(sy)), board.height - 1))
                self.inspect = self._cell_text(*self.cursor)
            else:
                self.cursor, self.inspect = None, None
            return True
        if self.cursor is not None:
            if name in (inp.UP, inp.DOWN, inp.LEFT, inp.RIGHT):
                dx = {inp.LEFT: -1, inp.RIGHT: 1}.get(name, 0)
                dy = {inp.UP: -1, inp.DOWN: 1}.get(name, 0)
                board = self.state.board
                self.cursor = (min(max(0, self.cursor[0] + dx), board.width - 1),
                               min(max(0, self.cursor[1] + dy), board.height - 1))
                self.inspect = self._cell_text(*self.cursor)
                return True
            if name in (inp.BACK, inp.CONFIRM):
                self.cursor, self.inspect = None, None
                return True
        return False

    def handle(self, action) -> None:
        name = action.name
        if self.demo:
            return
        over = self.session.is_over() and not self._busy()
        if self.feed is not None and (name in (inp.MENU, inp.BACK) or (
                over and name in (inp.CONFIRM, inp.CLICK) and not self.results_hold.blocks(action))):
            self.app.stack.pop()             # the TV's board (or its result) goes back to the table's lobby
            return
        if self._handle_inspect(action):
            return
        over = self.session.is_over() and not self._busy()
        if name in (inp.MENU, inp.BACK) and not over:
            self.app.stack.push(PauseScene([MenuItem("How to play",
                                                     lambda: self.app.stack.push(howto.how_to_play_scene()))]))
            return
        if over:
            if name in (inp.CONFIRM, inp.CLICK, inp.BACK) and not self.results_hold.blocks(action):
                self.app.stack.clear_to(TitleScene())
            return
        if name == inp.SKIP and self._busy():
            self.skip_animation()
            return
        if not self._human_turn():
            return
        if self.menu is not None:
            if self.state.phase == "reboot_facing" and name in FACING_KEYS:
                self.menu.focus = FACING_KEYS[name]             # the arrow pressed is the way it will face
                return
            self.menu.handle(action)
            return
        if self.state.phase != "program":
            return
        if name == inp.UNDO:
            self._take_back()
            return
        if self.confirm is not None:
            if name == inp.CONFIRM or (name == inp.CLICK and action.pos and self._confirm_rect().collidepoint(action.pos)):
                self._confirm_program()
            return
        slots = self._hand_slots()
        legal = self.session.legal_choices()
        live = [i for i, c in enumerate(slots) if c is not None and c in legal]    # not Again in register 1
        if not live:
            return
        self.focus = self._live_focus(slots, legal)
        if name in (inp.LEFT, inp.PREV):
            self.focus = live[(live.index(self.focus) - 1) % len(live)]
        elif name in (inp.RIGHT, inp.NEXT):
            self.focus = live[(live.index(self.focus) + 1) % len(live)]
        elif name == inp.CONFIRM:
            self._place_slot(slots, self.focus)
        elif name in (inp.CLICK, inp.POINT) and action.pos:
            for i, rect in enumerate(self._hand_rects(len(slots))):
                if rect.collidepoint(action.pos) and slots[i] is not None:
                    self.focus = i
                    if name == inp.CLICK:
                        self._place_slot(slots, i)
                        self.inspect = None     # the card under the pointer went to a register (issue 25)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self._drawn_moment = self._shown_moment()
        bv = self.board_view
        self._draw_layer(surface)           # the background, the board and the side panel, cached
        human_turn = self._human_turn()
        seat = self.session.current_seat()
        if human_turn and self.state.phase == "program":
            bv.draw_preview(surface, self._preview(seat))
        for kind, e, ttl in self.flashes:
            if kind in ("robot_laser", "stun"):
                sh = self.shown.get(e.seat)
                origin = (round(sh[0]), round(sh[1])) if sh else None
                bv.draw_beam(surface, e.data["path"], (255, 70, 70) if kind == "robot_laser" else (120, 200, 255), 4, origin)
            elif kind == "board_laser":
                bv.draw_beam(surface, e.data["path"], (255, 40, 40), 6)
            elif kind == "cell":
                rect = bv.cell_rect(*e.data["at"])
                pygame.draw.rect(surface, theme.ACCENT if e.kind == "push_panel" else theme.BAD, rect, 5, border_radius=6)
            elif kind == "indirect_fire":
                sh = self.shown.get(e.seat)
                if sh:
                    bv.draw_beam(surface, [tuple(e.data["to"])], (255, 160, 40), 4, (round(sh[0]), round(sh[1])))
        for s, (x, y, a) in sorted(self.shown.items()):
            if bv.board.inside(round(x), round(y)) or (0 <= x < bv.board.width and 0 <= y < bv.board.height):
                flash = max([ttl for k, e, ttl in self.flashes if k == "reboot" and e.seat == s] + [0])
                bv.draw_robot(surface, s, x, y, a, flash)
        if self.facing_prompt() and self.menu is not None:
            me = self.state.robots[seat]
            bv.draw_facing(surface, me.x, me.y, self.menu.focus)
        self._draw_floaters(surface)
        if self.cursor is not None:
            pygame.draw.rect(surface, theme.ACCENT_2, bv.cell_rect(*self.cursor), 3, border_radius=4)
        self.targets = []
        self._draw_side(surface)
        self._draw_bottom(surface, human_turn, seat)
        line = pygame.Rect(bv.rect.left, bv.rect.bottom + 2, bv.rect.width, 26)
        if self.inspect:
            hand_shown = human_turn and self.state.phase == "program"
            box = pygame.Rect(10, line.top, 820, 60 if hand_shown else theme.HEIGHT - 46 - line.top)
            panel(surface, box, fill=theme.SHADOW, edge=theme.ACCENT_2, radius=8, width=2)
            text_box = box.inflate(-16, -8)
            if hand_shown:       # a pointer resting on the board must not hide what to do (seen at 800x480)
                head = pygame.Rect(text_box.left, text_box.top, text_box.width, 22)
                draw_fit(surface, self.program_head(seat), head, "tiny", theme.ACCENT, wrap=False, bold=True)
                text_box = pygame.Rect(text_box.left, head.bottom, text_box.width, text_box.bottom - head.bottom)
            draw_fit(surface, self.inspect, text_box, "small", theme.TEXT)
        elif human_turn and self.state.phase == "program" and self.confirm is None and any(self._hand_slots()):
            # the focused card says what it does (keyboard and pad players see it without pointing)
            slots = self._hand_slots()
            c = slots[max(0, min(self.focus, len(slots) - 1))]
            if c is not None:
                text = explain.card_text(c.arg) if c.kind == "card" else explain.upgrade_text(c.arg)
                draw_fit(surface, text, line, "small", theme.TEXT_DIM, align="center", wrap=False)
        elif self.facing_prompt():
            draw_fit(surface, self.facing_prompt(), line, "small", theme.ACCENT, align="center", wrap=False, bold=True)
        elif self.message:
            draw_fit(surface, self.message, line, "small", theme.ACCENT, align="center", wrap=False, bold=True)
        if not self.demo:
            draw_hints(surface, self.app.input, self.hints())


class HandoverScene(Scene):
    """Hides everything while the device passes to the next human programmer."""
    animated = False       # changes only on input (issue 26: nothing drawn while left alone)

    def __init__(self, race: RaceScene, seat: int) -> None:
        super().__init__()
        self.race = race
        self.seat = seat

    def handle(self, action) -> None:
        if action.name in (inp.CONFIRM, inp.CLICK):
            self.app.stack.pop()

    def draw(self, surface, alpha) -> None:
        surface.fill(theme.BG)
        draw_fit(surface, f"Pass to {self.race.seat_label(self.seat)}", pygame.Rect(60, 170, theme.WIDTH - 120, 170),
                 "title", ROBOT_COLOURS[self.seat], align="center", valign="middle", bold=True)
        draw_fit(surface, "Programs stay hidden until each register is revealed.",
                 pygame.Rect(60, 360, theme.WIDTH - 120, 90), "body", theme.TEXT_DIM, align="center")
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "I am ready")])


def new_race(course_ref: str, players: int, humans: int, ai: str, seed: int | None,
             speed: float | None = None, max_rounds: int = 40, *, save: bool = True, demo: bool = False,
             tutorial: bool = True, timer: bool | None = None) -> RaceScene:
    """timer: the optional sand timer (None: on only between two or more humans)."""
    if not 2 <= players <= 6:
        raise UserError("--players", "must be 2 to 6")
    if not 0 <= humans <= players:
        raise UserError("--humans", f"must be 0 to {players}")
    if ai not in LEVELS:
        raise UserError("--ai", f"must be one of: {', '.join(LEVELS)}")
    spec = load_course(course_ref)
    if len(spec["starts"]) < players:
        raise UserError("--players", f"course {spec['id']} has only {len(spec['starts'])} start spaces")
    config = make_config(spec, players, max_rounds)
    seed = random.randrange(1 << 30) if seed is None else seed
    session = GameSession.start(R, config, seed)
    seats = ["human"] * humans + [ai] * (players - humans)
    if timer is None:
        timer = humans >= 2
    if save:
        storage.save_later(_seats_path(), {"seats": seats, "timer": timer})     # off the frame, as the session
        save_session_later(session)
    return RaceScene(session, seats, speed, save=save, demo=demo, tutorial=tutorial, timer=timer)


def resume_scene(app: App, session: GameSession) -> Scene:
    data, _ = storage.load_json(_seats_path(), default={})
    n = R.seat_count(session.state)
    seats = data.get("seats") if isinstance(data, dict) else None
    if not (isinstance(seats, list) and len(seats) == n and all(s == "human" or s in LEVELS for s in seats)):
        seats = ["human"] + ["normal"] * (n - 1)
    timer = data.get("timer") if isinstance(data, dict) else None
    return RaceScene(session, seats, timer=timer if isinstance(timer, bool) else None)
