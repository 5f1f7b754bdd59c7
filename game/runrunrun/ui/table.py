"""The Run Run Run! table: the maze, the log and the choices of a game in play (PlayScene).

It keeps a game.core.session.GameSession, saves it after every applied choice, and asks AI seats
through the shared AI worker, polled each frame, so a frame never waits on an AI. Only the deciding
human seat's tiles are face up; between two human seats a hand-over screen hides the table.
"""
from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

import pygame

from game.client import input as inp
from game.client import theme
from game.client.ai_worker import AIWorker
from game.client.decisions import automatic_choice
from game.client.scene import Scene
from game.client.sequencer import Beat, Sequencer, Track
from game.client import text as text_layout
from game.client.text import draw_fit
from game.client.widgets import ResultsHold, draw_hints, opaque_surface, paint_vertical_gradient, panel
from game.core import storage
from game.core.session import GameSession, forget_saved_game, save_session_later, saved_game_path
from game.runrunrun import rules as R
from game.runrunrun.ai import make_player
from game.runrunrun.rules.engine import Config
from game.runrunrun.rules.maze import FINAL, open_doorways

from . import render as V
from .overlays import HandOverScene, TutorialOverlay, _pause, tutorial_seen
from .side_panel import draw_side, draw_tumbling_dice
from .text import PHASE_TIPS, SEAT_NAMES, cell_text, choice_label, log_line, standing_lines

if TYPE_CHECKING:  # pragma: no cover - concurrent.futures costs ~30 ms of start-up before the first frame
    from concurrent.futures import Future


AI_LEVELS = ("easy", "normal", "hard")
BACKGROUND = ((34, 28, 24), (14, 12, 12))      # the table's gradient, top to bottom
MAZE = pygame.Rect(0, 0, 880, 544)
LOG_BOX = pygame.Rect(10, MAZE.bottom + 4, MAZE.width - 20, 128)
TIP_BOX = pygame.Rect(16, MAZE.bottom - 62, 600, 52)
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
        scene.release_log()         # the roll's outcome is told once the dice show it
    return Beat([Track(ROLL_SECONDS, on_start=start, on_end=end)], label=kind)


def banner_beat(scene: "PlayScene", text: str) -> Beat:
    """A banner over the maze for BANNER_SECONDS; the scene keeps it up while the game is over."""
    def start() -> None:
        scene.banner = text
    return Beat([Track(BANNER_SECONDS, on_start=start)], label="banner")


def _seats_path():
    return saved_game_path(R.GAME_ID).with_suffix(".seats.json")


def ai_choose(level: str, seed: int, view, choices):
    """One AI seat's decision (module level, so it pickles to the AI worker process). The AIs are
    stateless per call, so a fresh player with the seat's seed decides exactly as the seat's own."""
    return make_player(level, seed).choose(view, choices)


class PlayScene(Scene):
    covers_screen = True
    new_game_scene = None       # the set-up menu after a finished game (wired in ui/scene.py)
    hides_hands = False         # True on a networked table's TV (ui/spectator.py): no hand is drawn
    at_table = False            # the other seats play at a networked table (the TV, a joined seat)

    def __init__(self, session: GameSession, humans: int = 1, ai_level: str = "hard", pace: float = 0.6,
                 tutorial: bool = True, demo: bool = False, resumed: bool = False) -> None:
        super().__init__()
        self.session = session
        self.resumed = resumed                # Continue: the log opens with where the game stands
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
        self.results_hold = ResultsHold()    # the ending first, then Enter for a new game
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
        self.tumbling_dice: list[pygame.Rect] = []      # where the side panel left the rolled dice's squares
        self.held_log: list[str] = []                   # a roll's log lines, told when its dice land
        self.last_human: int | None = None
        self.viewer = min(self.humans) if self.humans else 0
        self.layout: V.HexLayout | None = None
        self.list_rects: list[pygame.Rect] = []
        self.spots: list[tuple[pygame.Rect, str]] = []   # what pointing at a place on the screen shows
        self.inspect_cell = None
        self.inspect_text: str | None = None
        self.tab_index = -1
        self.prompt_override: str | None = None
        self.version = 0                     # counts changes of the game (applied choices, undo, a new demo game)
        self.drawn_version = -1              # the version the last frame showed
        self.drawn_hold_ready = False        # the results hold as the last frame showed it
        self._choices_for: tuple | None = None
        self._choices_cache: list = []
        self.table_layer: pygame.Surface | None = None
        self.layer_key = None
        self.banner: str | None = None

    # ---------------------------------------------------------------- lifecycle
    def enter(self) -> None:
        if self.players:
            self.executor = AIWorker()       # the shared AI worker: thinking never holds the frame's lock
        if not self.demo:
            # saves are written by the shared background saver, so the frame never waits on the disk
            self.saver = storage.saver
            storage.save_later(_seats_path(), {"humans": len(self.humans), "ai": self.ai_level})
        if self.resumed:
            self.log.extend(standing_lines(self.view()))
        else:
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
            rows += [c for c in choices if c.kind == "sarc"]        # a token's Torches pay rerolls
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
        self._show(events)
        self._check_handover(seat)

    def _show(self, events: list) -> None:
        """What a choice did: its log lines, its dice tumbling, its banner; the choice list starts over."""
        roll, banner = None, None
        self.release_log()                   # an earlier roll's lines come before this choice's
        for e in events:
            if e["type"] in ("mummy_roll", "combat_roll", "reroll"):
                roll = (list(e["dice"]), e["type"])
            line = log_line(e)
            if line:                         # from a roll on, lines wait until its dice land
                (self.held_log if roll else self.log).append(line)
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

    def release_log(self) -> None:
        """The log lines held back while a roll tumbles (they would tell its outcome early)."""
        self.log.extend(self.held_log)
        self.held_log.clear()

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

    def waiting_text(self, seat: int, view) -> str:
        """The side panel's line while another seat decides."""
        return f"{SEAT_NAMES[seat]} is thinking..."

    # ---------------------------------------------------------------- per frame
    def animating(self) -> bool:
        """Dice tumbling, a banner up, a change of the game or the end of the results hold not
        drawn yet (issue 26)."""
        return (self.anims.busy or self.captions.busy or self.rolling is not None
                or self.version != self.drawn_version or self.results_hold.ready != self.drawn_hold_ready)

    def _tick(self, dt: float) -> None:
        """The dice and banners play on; a banner goes once shown (it stays up at the end)."""
        self.t += dt
        speed = getattr(getattr(self.app, "settings", None), "animation_speed", 1.0)
        self.anims.update(dt * speed)
        self.captions.update(dt * speed)
        if self.banner and not self.captions.busy and not self.session.is_over():
            self.banner = None

    def update(self, dt: float) -> None:
        self._tick(dt)
        if self.session.is_over():
            if not (self.anims.busy or self.captions.busy):
                self.results_hold.update(dt)
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
        self.held_log.clear()
        self.log.append("A new team enters the pyramid")
        self.banner = None
        self.ended_for = 0.0
        self.results_hold = ResultsHold()    # the ending first, then Enter for a new game
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
            if name in (inp.CONFIRM, inp.CLICK) and not self.results_hold.blocks(action):
                forget_saved_game(R.GAME_ID)
                self.app.stack.replace(self.new_game_scene())
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
        self.drawn_version, self.drawn_hold_ready = self.version, self.results_hold.ready
        view = self.view()
        cur = self.session.current_seat()
        human_turn = cur in self.humans
        # the table (maze, log, side panel) is a cached screen-sized layer, drawn again only when
        # something on it changed: a frame with nothing new is one blit plus the overlays
        rolling = (len(self.rolling[0]), self.rolling[1]) if self.rolling else None   # the tumble is an overlay
        key = (self.version, id(self.session), self.focus, self.submenu, self.reroll_mask, self.inspect_cell,
               self.viewer, self.prompt_override, tuple(self.log), rolling, view.said, view.marks)
        if self.table_layer is None or self.table_layer.get_size() != surface.get_size():
            self.table_layer = opaque_surface(surface.get_size())
            self.layer_key = None
        if key != self.layer_key:
            text_layout.forget(self.table_layer, self.table_layer.get_rect())
            self._draw_table(self.table_layer, view, cur, human_turn)
            self.layer_key = key
        surface.blit(self.table_layer, (0, 0))
        draw_tumbling_dice(surface, self)
        self._draw_overlays(surface, view, human_turn)

    def _draw_table(self, surface, view, cur, human_turn) -> None:
        paint_vertical_gradient(surface, *BACKGROUND)   # painted: no full-screen copy kept (issue 26)
        choices = self._choices() if not self.session.is_over() else []
        cells = [c for c, _, _ in view.tiles] + [c for c in open_doorways(view.masks) if c != FINAL]
        self.layout = V.HexLayout(self._maze_area(), cells, max_size=60.0)
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

    def _maze_area(self) -> pygame.Rect:
        """Where the maze is laid out: above the tip box for the whole of a tutorial game, so the
        rooms never slide under a tip (and do not jump when one comes and goes)."""
        area = MAZE.inflate(-20, -20)
        if self.tutorial and not self.demo:
            area.height -= TIP_BOX.height + 6
        return area

    def _draw_overlays(self, surface, view, human_turn) -> None:
        info = self._inspect_line(view)
        if info:
            box = LOG_BOX          # what pointing shows covers the log for a moment, never the maze
            panel(surface, box, fill=theme.SHADOW, edge=(120, 200, 255), radius=8)
            draw_fit(surface, info, box.inflate(-20, -14), "small", theme.TEXT, spacing=2)
        elif self.tutorial and human_turn and view.phase in PHASE_TIPS and not self.demo:
            box = TIP_BOX
            panel(surface, box, fill=theme.SHADOW, edge=theme.ACCENT, radius=8)
            draw_fit(surface, PHASE_TIPS[view.phase], box.inflate(-20, -10), "small", theme.ACCENT, valign="middle")
        if self.banner:
            text = self.banner
            box = self.banner_box()
            panel(surface, box, fill=theme.SHADOW, edge=theme.ACCENT)
            draw_fit(surface, text, box.inflate(-24, -12), "large", theme.ACCENT, align="center", valign="middle",
                     bold=True)
        if not self.demo:
            draw_hints(surface, self.app.input, self.overlay_hints(human_turn))

    def banner_box(self) -> pygame.Rect:
        """Over the maze's top while play goes on; once the game is over the banner stays up, so it
        moves onto the log (whose last line says the same), leaving the final maze in sight."""
        if self.session.is_over():
            return LOG_BOX.copy()
        box = pygame.Rect(0, 0, 700, 84)
        box.center = (MAZE.centerx, 70)
        return box

    def overlay_hints(self, human_turn: bool) -> list[tuple[str, str]]:
        hints = [(inp.MENU, "Pause / How to play"), (inp.NEXT, "Inspect")]
        if human_turn:
            hints = [(inp.CONFIRM, "Choose"), (inp.UP_DOWN, "Pick"), (inp.UNDO, "Undo")] + hints
        if self.session.is_over() and not self.demo and self.results_hold.ready:
            hints = [(inp.CONFIRM, "New game")] + hints
        return hints

    def _draw_log(self, surface) -> None:
        box = LOG_BOX
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
        draw_side(self, surface, view, rows, focus, human_turn)

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
