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
from concurrent.futures import Future, ThreadPoolExecutor

import pygame

from game.client import input as inp
from game.client import theme
from game.client.app import add_display_args, run_scene
from game.client.menus import PauseScene
from game.client.scene import Scene
from game.client.widgets import Menu, MenuItem, draw_hints, draw_paragraph, draw_text, panel, vertical_gradient
from game.core.errors import UserError
from game.core.files import FileProblem, read_json
from game.core.session import GameSession, forget_saved_game, has_saved_game, save_session, saved_game_path
from game.core.storage import save_json
from game.runrunrun import rules as R
from game.runrunrun.ai import make_player
from game.runrunrun.rules import content as C
from game.runrunrun.rules.engine import DIFFICULTIES, Config
from game.runrunrun.rules.maze import FINAL, open_doorways

from . import render as V
from .text import HOW_TO_PLAY, PROMPTS, SEAT_NAMES, choice_label, log_line, sarc_text

AI_LEVELS = ("easy", "normal", "hard")
MAZE = pygame.Rect(0, 0, 880, 544)
SIDE_X = 892
CELL_KINDS = ("cell", "to", "mark")


def _seats_path():
    return saved_game_path(R.GAME_ID).with_suffix(".seats.json")


# ----------------------------------------------------------------------------- set-up
class SetupScene(Scene):
    """Players, humans, difficulty and AI level, then start (or continue the saved game)."""

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
        draw_text(surface, "Run Run Run!", (theme.WIDTH // 2, 90), "title", theme.ACCENT, "center", bold=True)
        draw_text(surface, "Catventurers against the Mummies: win together or lose together",
                  (theme.WIDTH // 2, 140), "small", theme.TEXT_DIM, "center")
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
        draw_text(surface, "How to play Run Run Run!", (theme.WIDTH // 2, 70), "large", theme.ACCENT, "center", bold=True)
        box = pygame.Rect(140, 130, theme.WIDTH - 280, 460)
        panel(surface, box)
        draw_text(surface, title, (box.left + 30, box.top + 24), "large", theme.TEXT, "topleft", bold=True)
        draw_paragraph(surface, text, pygame.Rect(box.left + 30, box.top + 90, box.width - 60, box.height - 110),
                       "body", theme.TEXT, spacing=8)
        draw_text(surface, f"page {self.page + 1} of {len(HOW_TO_PLAY)}", (theme.WIDTH // 2, 615), "small",
                  theme.TEXT_DIM, "center")
        draw_hints(surface, self.app.input, [(inp.RIGHT, "Next page"), (inp.LEFT, "Previous"), (inp.BACK, "Close")])


class HandOverScene(Scene):
    """Hides the table until the next human player is the only one looking."""

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
        draw_text(surface, f"Pass to {SEAT_NAMES[self.seat]}", (theme.WIDTH // 2, 280), "title", colour, "center", bold=True)
        draw_text(surface, self.why, (theme.WIDTH // 2, 360), "body", theme.TEXT, "center")
        draw_text(surface, "Only the player whose turn it is should look at the screen.", (theme.WIDTH // 2, 410),
                  "small", theme.TEXT_DIM, "center")
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "I'm ready")])


def _pause() -> PauseScene:
    scene = PauseScene(extra=[MenuItem("How to play", lambda: scene.app.stack.push(HowToScene()))])
    return scene


# ----------------------------------------------------------------------------- the table
class PlayScene(Scene):
    covers_screen = True

    def __init__(self, session: GameSession, humans: int = 1, ai_level: str = "hard", pace: float = 0.6) -> None:
        super().__init__()
        self.session = session
        n = R.seat_count(session.state)
        self.humans = set(range(min(humans, n)))
        self.ai_level = ai_level
        self.players = {s: make_player(ai_level, session.seed * 10 + s) for s in range(n) if s not in self.humans}
        self.pace = pace
        self.executor: ThreadPoolExecutor | None = None
        self.future: Future | None = None
        self.wait = 0.6
        self.t = 0.0
        self.log: deque = deque(maxlen=7)
        self.focus = 0
        self.submenu: str | None = None      # "say" while choosing an intention line
        self.rolling: tuple[list, str, float] | None = None
        self.last_human: int | None = None
        self.viewer = min(self.humans) if self.humans else 0
        self.layout: V.HexLayout | None = None
        self.background: pygame.Surface | None = None
        self.list_rects: list[pygame.Rect] = []
        self.banner: tuple[str, float] | None = None
        self.error: str | None = None

    # ---------------------------------------------------------------- lifecycle
    def enter(self) -> None:
        self.background = vertical_gradient(theme.LOGICAL_SIZE, (34, 28, 24), (14, 12, 12))
        if self.players:
            self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="runrunrun-ai")
        try:
            save_json(_seats_path(), {"humans": len(self.humans), "ai": self.ai_level})
        except OSError:
            pass
        self.log.append("The Catventurers enter the pyramid")

    def exit(self) -> None:
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = None

    # ---------------------------------------------------------------- state helpers
    @property
    def state(self):
        return self.session.state

    def view(self):
        return R.seat_view(self.state, self.viewer)

    def _choices(self):
        return self.session.legal_choices()

    def _listed(self, view, choices):
        """The choices shown in the list (marks are made by clicking a room; lines sit in a submenu)."""
        if self.submenu == "say":
            return [c for c in choices if c.kind == "say"]
        out = [c for c in choices if c.kind not in ("say", "mark")]
        return out

    def _apply(self, choice) -> None:
        seat = self.session.current_seat()
        events = self.session.apply(choice)
        try:
            save_session(self.session)
        except OSError as exc:
            self.error = f"cannot save: {exc}"
        for e in events:
            line = log_line(e)
            if line:
                self.log.append(line)
            if e["type"] in ("mummy_roll", "combat_roll", "reroll"):
                self.rolling = (list(e["dice"]), e["type"], 0.0)
            if e["type"] in ("won", "lost"):
                self.banner = (line or "", 0.0)
                self.app.audio.play("win" if e["type"] == "won" else "error") if self.app else None
            if e["type"] == "door_token":
                self.banner = (f"Door Mechanism {e['doors']} of {self.state.doors_needed}!", 0.0)
            if e["type"] == "boss_wake":
                self.banner = ("The Boss Mummy wakes!", 0.0)
        self.focus = 0
        self.submenu = None
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
                self.app.stack.push(HandOverScene(cur, why))
            self.last_human = cur
            self.viewer = cur
        elif not self.humans:
            self.viewer = self.state.active

    # ---------------------------------------------------------------- per frame
    def update(self, dt: float) -> None:
        self.t += dt
        if self.rolling:
            faces, kind, age = self.rolling
            self.rolling = (faces, kind, age + dt) if age + dt < 0.6 else None
        if self.banner:
            text, age = self.banner
            self.banner = (text, age + dt) if (age + dt < 2.0 or self.session.is_over()) else None
        if self.session.is_over():
            return
        cur = self.session.current_seat()
        if cur in self.humans:
            if self.last_human is None:
                self.last_human = cur
                self.viewer = cur
            return
        if not self.humans:
            self.viewer = self.state.active
        self.wait -= dt
        if self.future is None:
            if self.wait > 0 or (self.rolling and self.pace > 0):
                return
            view = R.seat_view(self.state, cur)
            choices = self._choices()
            player = self.players[cur]
            if self.executor is None:
                self._apply(player.choose(view, choices))
                return
            self.future = self.executor.submit(player.choose, view, choices)
            self.future_turn = (len(self.session.choices), cur)
        elif self.future.done():
            future, self.future = self.future, None
            if self.future_turn != (len(self.session.choices), cur):
                return
            choice = future.result()
            self._apply(choice)

    # ---------------------------------------------------------------- input
    def handle(self, action) -> None:
        name = action.name
        if name == inp.MENU or (name == inp.BACK and self.submenu is None):
            self.app.stack.push(_pause())
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
            return
        rows = listed + (["say"] if self.submenu is None and any(c.kind == "say" for c in choices) else [])
        if name in (inp.UP, inp.DOWN, inp.LEFT, inp.RIGHT) and rows:
            step = -1 if name in (inp.UP, inp.LEFT) else 1
            self.focus = (self.focus + step) % len(rows)
        elif name == inp.CONFIRM and rows:
            self._pick(rows[min(self.focus, len(rows) - 1)])
        elif name in (inp.CLICK, inp.POINT) and action.pos:
            for i, rect in enumerate(self.list_rects):
                if rect.collidepoint(action.pos) and i < len(rows):
                    self.focus = i
                    if name == inp.CLICK:
                        self._pick(rows[i])
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

    def _pick(self, row) -> None:
        if row == "say":
            self.submenu = "say"
            self.focus = 0
            return
        self._apply(row)

    # ---------------------------------------------------------------- drawing
    def draw(self, surface, alpha):
        surface.blit(self.background, (0, 0))
        view = self.view()
        choices = self._choices() if not self.session.is_over() else []
        cur = self.session.current_seat()
        human_turn = cur in self.humans
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
        V.draw_maze(surface, self.layout, view, highlights, preview)
        self._draw_log(surface)
        self._draw_side(surface, view, rows, focus, human_turn)
        if self.banner:
            text, age = self.banner
            box = pygame.Rect(0, 0, 640, 80)
            box.center = (MAZE.centerx, 70)
            panel(surface, box, fill=theme.SHADOW, edge=theme.ACCENT)
            draw_text(surface, text, box.center, "large" if len(text) < 28 else "body", theme.ACCENT, "center", bold=True)
        hints = [(inp.MENU, "Pause / How to play")]
        if human_turn:
            hints = [(inp.CONFIRM, "Choose"), (inp.UP, "Pick (Up/Down)"), (inp.UNDO, "Undo")] + hints
        if self.session.is_over():
            hints = [(inp.CONFIRM, "New game")] + hints
        draw_hints(surface, self.app.input, hints)

    def _draw_log(self, surface) -> None:
        box = pygame.Rect(10, MAZE.bottom + 4, MAZE.width - 20, 128)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 130))
        surface.blit(shade, box.topleft)
        lines = list(self.log)[-6:]
        for i, line in enumerate(lines):
            col, row = divmod(i, 3)
            colour = theme.TEXT if i == len(lines) - 1 else theme.TEXT_DIM
            draw_text(surface, line[:40], (box.left + 10 + col * 430, box.top + 10 + row * 36), "small", colour, "topleft")

    def _draw_side(self, surface, view, rows, focus, human_turn) -> None:
        x0, w = SIDE_X, theme.WIDTH - SIDE_X - 10
        panel(surface, pygame.Rect(x0 - 6, 6, w + 12, 668), fill=(30, 26, 24), edge=(90, 74, 54), radius=10)
        s = self.state
        draw_text(surface, f"Run Run Run!  {view.difficulty}", (x0 + 4, 14), "small", theme.ACCENT, "topleft", bold=True)
        draw_text(surface, f"turn {view.turn + 1}", (x0 + w - 4, 16), "tiny", theme.TEXT_DIM, "topright")
        # shared supply, mechanisms, stacks
        y = 46
        V.draw_torch(surface, (x0 + 14, y + 10), 12)
        draw_text(surface, f"{view.supply} torches", (x0 + 28, y), "tiny", theme.TEXT, "topleft")
        V.draw_mechanism(surface, (x0 + 150, y + 10), "door", 36)
        draw_text(surface, f"doors {view.doors_done}/{view.doors_needed}", (x0 + 164, y), "tiny", theme.TEXT, "topleft")
        V.draw_mechanism(surface, (x0 + 290, y + 10), "torch", 36)
        draw_text(surface, f"{view.torch_left} left", (x0 + 304, y), "tiny", theme.TEXT, "topleft")
        y += 26
        draw_text(surface, f"Regroup tokens {view.regroup_left}   Deck {view.deck_count}   Discard {view.discard_count}",
                  (x0 + 4, y), "tiny", theme.TEXT_DIM, "topleft")
        y += 24
        # the Mummy pile (face down, Hearts on the top card) and the Boss card
        card = pygame.Rect(x0 + 4, y, 26, 34)
        for k in range(min(3, view.pile_count)):
            r = card.move(k * 3, -k * 2)
            pygame.draw.rect(surface, (90, 70, 50), r, border_radius=4)
            pygame.draw.rect(surface, V.MUMMY, r, 2, border_radius=4)
        if view.boss_awake:
            draw_text(surface, "Mummy pile gone", (x0 + 44, y + 2), "tiny", theme.TEXT_DIM, "topleft")
        else:
            draw_text(surface, f"Mummy pile {view.pile_count}", (x0 + 44, y), "tiny", theme.TEXT, "topleft")
            for k in range(5):
                centre = (x0 + 52 + k * 16, y + 26)
                colour = (220, 40, 60) if k < view.top_hearts else (70, 60, 60)
                pygame.draw.circle(surface, colour, centre, 6)
        boss_card = pygame.Rect(x0 + 190, y, 26, 34)
        pygame.draw.rect(surface, V.BOSS if view.boss_awake else (60, 40, 80), boss_card, border_radius=4)
        pygame.draw.rect(surface, theme.TEXT_DIM, boss_card, 2, border_radius=4)
        if view.boss_awake:
            boss = C.BOSSES[view.boss]
            draw_text(surface, boss["name"].replace("Boss Mummy ", "Boss "), (x0 + 222, y), "tiny", V.BOSS, "topleft", bold=True)
            draw_text(surface, "awake", (x0 + 222, y + 17), "tiny", theme.TEXT_DIM, "topleft")
        else:
            draw_text(surface, "?", boss_card.center, "small", theme.TEXT, "center", bold=True)
            draw_text(surface, "Boss card", (x0 + 222, y), "tiny", theme.TEXT_DIM, "topleft")
            draw_text(surface, f"wakes at {view.doors_needed} doors", (x0 + 222, y + 17), "tiny", theme.TEXT_DIM, "topleft")
        y += 42
        # seats
        short = {"draw": "draws a tile", "sarc": "draws a sarcophagus", "torch": "adds a torch", "damage": "+1 damage"}
        for seat in range(view.players):
            col = V.SEAT_COLOURS[seat]
            cat = C.CATS[view.cats[seat]]
            who = "you" if seat in self.humans else f"AI {self.ai_level}"
            pygame.draw.circle(surface, col, (x0 + 10, y + 10), 7)
            if seat == view.active:
                pygame.draw.circle(surface, theme.ACCENT, (x0 + 10, y + 10), 10, 2)
            draw_text(surface, f"{SEAT_NAMES[seat]} ({who}): {cat['name']}", (x0 + 22, y), "tiny",
                      theme.ACCENT if seat == view.active else theme.TEXT, "topleft", bold=seat == view.active)
            for k in range(min(8, view.hand_counts[seat])):      # tiles face down: only counts show
                cx, cy = x0 + w - 8 - k * 11, y + 9
                pts = [(cx + 6 * math.cos(math.radians(60 * i - 30)), cy + 6 * math.sin(math.radians(60 * i - 30)))
                       for i in range(6)]
                pygame.draw.polygon(surface, (110, 86, 60), pts)
                pygame.draw.polygon(surface, col, pts, 1)
            y += 19
            toks = len(view.sarc[seat])
            extra = f"{view.hand_counts[seat]} tiles, ? {short[cat['ability']]}" + (f", {toks} sarcophagus" if toks else "")
            draw_text(surface, extra, (x0 + 22, y), "tiny", theme.TEXT_DIM, "topleft")
            y += 19
            said = dict(view.said).get(seat)
            if said is not None:
                draw_text(surface, f'"{C.SAY_LINES[said]}"', (x0 + 22, y), "tiny", col, "topleft")
                y += 19
        y += 4
        # dice
        faces = list(view.dice) + ([None] if view.combat else []) + list(view.combat)
        if self.rolling:
            rng = random.Random(int(self.t * 30))
            pool = C.MUMMY_DIE if self.rolling[1] == "mummy_roll" else C.COMBAT_DIE
            rolled = [rng.choice(pool) for _ in self.rolling[0]]
            faces = rolled if self.rolling[1] == "mummy_roll" else list(view.dice) + [None] + rolled
        dx = x0 + 4
        draw_text(surface, "Dice", (dx, y + 8), "tiny", theme.TEXT_DIM, "topleft")
        dx += 44
        combat_i = None
        mask = focus.args[0] if isinstance(focus, R.engine.Choice) and focus.kind == "reroll" else 0
        for f in faces[:11]:
            if f is None:
                dx += 10
                combat_i = 0
                continue
            rect = pygame.Rect(dx, y, 30, 30)
            V.draw_die(surface, rect, f)
            if combat_i is not None:
                if mask >> combat_i & 1:
                    pygame.draw.rect(surface, theme.ACCENT, rect.inflate(6, 6), 3, border_radius=8)
                draw_text(surface, str(combat_i + 1), (rect.centerx, rect.bottom + 1), 14, theme.TEXT_DIM, "midtop")
                combat_i += 1
            dx += 33
        y += 44
        # the viewer's hand, face up only for the seat deciding (or the spectated seat)
        draw_text(surface, f"{SEAT_NAMES[self.viewer]}'s tiles", (x0 + 4, y), "tiny", V.SEAT_COLOURS[self.viewer], "topleft")
        y += 20
        hx = x0 + 4
        for t in view.hand[:8]:
            focused = isinstance(focus, R.engine.Choice) and focus.kind in ("explore", "commit", "offer") and focus.args[0] == t
            V.draw_tile_icon(surface, pygame.Rect(hx, y, 44, 48), t, focused)
            hx += 47
        if not view.hand:
            draw_text(surface, "(no tiles)", (x0 + 10, y + 12), "tiny", theme.TEXT_DIM, "topleft")
        y += 56
        # prompt and choices
        self.list_rects = []
        if self.session.is_over():
            res = R.result(self.state)
            text = "Victory! " + (res.cause or "").title() if res.outcome == "won" else "Defeat"
            draw_text(surface, text, (x0 + 4, y), "large", theme.GOOD if res.outcome == "won" else theme.BAD, "topleft", bold=True)
            return
        cur = self.session.current_seat()
        if not human_turn:
            draw_text(surface, f"{SEAT_NAMES[cur]} is thinking...", (x0 + 4, y), "small", V.SEAT_COLOURS[cur], "topleft")
            return
        prompt = PROMPTS.get(view.phase, view.phase)
        if self.submenu == "say":
            prompt = "Say your plan to the table"
        draw_text(surface, prompt[:40], (x0 + 4, y), "small", theme.ACCENT, "topleft", bold=True)
        y += 28
        if view.phase == "action" and "mark" not in view.talked:
            draw_text(surface, "Click a room to mark it reserved", (x0 + 4, y), "tiny", theme.TEXT_DIM, "topleft")
            y += 20
        start = max(0, min(self.focus - 4, len(rows) - 8))
        for i, row in enumerate(rows[start:start + 8]):
            index = start + i
            rect = pygame.Rect(x0, y, w, 28)
            label = "Say a plan to the table..." if row == "say" else choice_label(row, view)
            focused = index == self.focus
            if focused:
                pygame.draw.rect(surface, theme.ACCENT, rect, border_radius=6)
            draw_text(surface, label[:36], (rect.left + 8, rect.centery), "small", theme.BG if focused else theme.TEXT,
                      "midleft", bold=focused)
            while len(self.list_rects) < index:
                self.list_rects.append(pygame.Rect(0, 0, 0, 0))
            self.list_rects.append(rect)
            y += 30


# ----------------------------------------------------------------------------- catalog factories
def make_entry_scene(app) -> Scene:
    return SetupScene()


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
    return PlayScene(session, humans=humans, ai_level=level)


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
    return run_scene(lambda app: PlayScene(session, humans=humans, ai_level=args.ai, pace=args.pace), args)


# ----------------------------------------------------------------------------- bench frames hooks
_busy_seeds = iter(range(1, 1_000_000))


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
