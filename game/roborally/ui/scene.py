"""Robo Rally screens: the set-up menu, the race, hand-over, how-to-play and the result.

The race keeps a game.core.session.GameSession and saves it after every applied choice;
`resume_scene(app, session)` reopens it. AI seats think in the shared AI worker process
(game.client.ai_worker) on a pickled copy of their own seat view and player; the screen
polls the future each frame, so an AI never holds the render loop's interpreter lock.
Events returned by the engine are played back one by one: cards flip in priority order,
belts, gears, pushers, crushers and teleports move robots, lasers are drawn, damage and
reboots flash. Humans program with the hand at the bottom (a preview on the board shows
where the robot would end if nothing interferes); between two humans a hand-over screen
hides the programs. Once the first seat has finished programming a 30-second timer runs
for the humans still programming; when it runs out their registers are filled at random.
"""
from __future__ import annotations

import argparse
import random
from typing import TYPE_CHECKING

import pygame

from game.client import input as inp
from game.client.ai_worker import AIWorker
from game.client import theme
from game.client.app import App, add_display_args, run_scene
from game.client.decisions import automatic_choice
from game.client.menus import NoticeScene, PauseScene, TitleScene
from game.client.scene import Scene
from game.client.sequencer import Beat, Sequencer, Track
from game.client.text import display_scale as text_display_scale
from game.client.text import draw_fit
from game.client.text import forget as text_forget
from game.client.text import font as text_font
from game.client.widgets import Menu, MenuItem, draw_hints, draw_text, panel
from game.core import storage
from game.core.errors import UserError
from game.core.session import GameSession, has_saved_game, save_session_later, saved_game_path
from game.roborally import rules as R
from game.roborally.ai import LEVELS, make_player, think
from game.roborally.ai.planner import Planner
from game.roborally.levels.tmx import course_ids, find_course, load_course
from game.roborally.rules import content as C
from game.roborally.rules.engine import Choice, make_config
from game.roborally.ui import explain, howto
from game.roborally.ui.board_view import ROBOT_COLOURS, ROBOT_NAMES, BoardView, draw_card

if TYPE_CHECKING:  # pragma: no cover - concurrent.futures costs ~30 ms of start-up before the first frame
    from concurrent.futures import Future

TIMER_SECONDS = 30.0
SEATS_FILE = "roborally-seats.json"
DURATIONS = {"move": 0.22, "convey": 0.22, "pushed": 0.22, "teleport": 0.45, "turn": 0.2, "reveal": 0.6,
             "play": 0.35, "robot_laser": 0.35, "board_laser": 0.35, "indirect_fire": 0.4, "stun": 0.4,
             "reboot": 0.5, "placed": 0.3, "crush": 0.45, "damage": 0.12, "checkpoint": 0.6, "randomize": 0.5,
             "push_panel": 0.15, "energy": 0.15, "win": 1.0, "bump": 0.12, "haywire": 0.2, "mirror": 0.3,
             "round": 0.4, "buy": 0.4}

SOUNDS = {"move": "move", "pushed": "move", "convey": "slide", "teleport": "teleport", "robot_laser": "zap",
          "board_laser": "zap", "indirect_fire": "zap", "stun": "zap", "reboot": "boom", "crush": "boom",
          "checkpoint": "collect", "energy": "collect", "play": "card", "randomize": "beep", "win": "win",
          "buy": "collect"}

def seat_label(kinds, seat):
    kind = kinds[seat] if seat < len(kinds) else "normal"
    human = "you" if kinds.count("human") == 1 else "human"
    return f"{ROBOT_NAMES[seat]} ({human if kind == 'human' else 'AI ' + kind})"


def _seats_path():
    return storage.data_dir() / "games" / SEATS_FILE


# ============================================================================ race
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


class RaceScene(Scene):
    covers_screen = True

    def __init__(self, session: GameSession, seats: list[str], speed: float | None = None, *,
                 save: bool = True, demo: bool = False, tutorial: bool = True) -> None:
        super().__init__()
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
        self.players = {i: make_player(k, 1000 + i) for i, k in enumerate(self.seats) if k != "human"}
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
        self.message = ""
        self.revealed_cards = {}            # seat -> {register: card}
        self.log: list[str] = []            # what happened, newest last (bottom-left while nobody programs)
        self.shown_round = self.state.round
        self.shown_register = 0
        self.done = False
        self.side = {}                      # seat -> shown CP / energy / SPAM / upgrades (follows the animation)
        self.shown_token = self.state.token
        self.shown_shop = list(self.state.shop)
        self.inspect: str | None = None     # what the pointer / inspect cursor is on, in the game's words
        self.cursor: tuple[int, int] | None = None  # inspect cursor on the board (I key), else None
        self.targets: list = []             # (rect, text) drawn this frame that can be inspected
        self._layer: pygame.Surface | None = None   # background, board and side panel (_draw_layer)
        self._layer_drawn_for: tuple | None = None  # the _layer_key it shows
        self._side_targets: list = []       # the side panel's targets, kept with the layer
        self._drawn_moment: tuple | None = None     # _shown_moment() of the last frame drawn
        self._sync_shown()
        self._sync_side()

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
        self.shown_shop = list(self.state.shop)

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
            if self.timer is None and any(k == "human" for k in self.seats):
                self.timer = TIMER_SECONDS
        self.anims.extend(self._beat(e) for e in events)
        self.anims.update(0.0)              # events that take no time play at once
        if seat is not None and self.seats[seat] == "human":
            self.last_human = seat
        self.menu = None

    def _busy(self) -> bool:
        return self.anims.busy

    def _shown_moment(self) -> tuple:
        """What changes the picture without an animation: a choice applied, the timer's second."""
        timer = self.timer is not None and self.state.phase == "program"
        return len(self.session.choices), max(0, int(self.timer + 0.99)) if timer else None

    def animating(self) -> bool:
        """Robots, beams and labels moving, or a choice or timer second not drawn yet (issue 26)."""
        return self._busy() or bool(self.flashes or self.floaters) or self._shown_moment() != self._drawn_moment

    # ------------------------------------------------------------------ per frame
    def update(self, dt: float) -> None:
        dt_anim = dt * self.speed
        self.flashes = [(k, d, ttl - dt_anim) for k, d, ttl in self.flashes if ttl - dt_anim > 0]
        self.floaters = [(s, x, y - dt_anim * 0.8, c, ttl - dt_anim) for s, x, y, c, ttl in self.floaters if ttl - dt_anim > 0]
        if self._busy():
            self.anims.update(dt_anim)
            return
        if self.session.is_over():
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
        if self.state.phase in ("upgrade", "fire", "haywire") and self.menu is None:
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

    # ------------------------------------------------------------------ animation
    def _beat(self, e) -> Beat:
        """One engine event as a Beat: its start shows what the event changes on the panels
        (and starts its beams and labels), its progress moves the robot, its end lands it.
        An event that takes no time is a Beat without tracks, which the sequencer plays at once."""
        dur = DURATIONS.get(e.kind, 0.0)
        if dur <= 0:
            def instant() -> None:
                self._start_event(e)
                self._finish_event(e)
            return Beat([], sound=SOUNDS.get(e.kind), on_start=instant, label=e.kind)
        track = Track(dur, on_start=lambda: self._start_event(e), on_progress=lambda f: self._tween(e, f),
                      on_end=lambda: self._finish_event(e))
        return Beat([track], sound=SOUNDS.get(e.kind), label=e.kind)

    def _start_event(self, e) -> None:
        k, d = e.kind, e.data
        if k == "reveal":
            self.message = f"Register {d['register']}"
            self.shown_register = d["register"]
        elif k == "round":
            self.revealed_cards = {}
            self.shown_round, self.shown_register = d["round"], 0
            self.shown_token = d["token"]
            self.message = f"Round {d['round']}: {ROBOT_NAMES[d['token']]} holds the priority token"
        elif k in ("robot_laser", "board_laser", "stun"):
            self.flashes.append((k, e, 0.5))
            if k == "stun" and "stun" in self.side[e.seat]["ups"]:
                self.side[e.seat]["ups"].remove("stun")
        elif k == "indirect_fire":
            self.flashes.append((k, e, 0.5))
        elif k == "damage":
            if d["card"] == "spam":
                self.side[e.seat]["spam"] += 1
            x, y = self._pos(e.seat)
            self.floaters.append((d["card"].upper(), x, y, theme.BAD, 0.9))
        elif k == "checkpoint":
            self.side[e.seat]["cp"] = d["number"]
            x, y = self._pos(e.seat)
            self.floaters.append((f"Checkpoint {d['number']}!", x, y, theme.GOOD, 1.4))
        elif k == "energy":
            self.side[e.seat]["energy"] = d["energy"]
            x, y = self._pos(e.seat)
            self.floaters.append(("+1 energy", x, y, (120, 255, 140), 0.9))
        elif k in ("reboot", "crush"):
            self.flashes.append(("reboot", e, 0.6))
            self.message = f"{ROBOT_NAMES[e.seat]} {'is crushed' if k == 'crush' else 'falls'}: reboot"
        elif k == "randomize":
            self.message = f"{ROBOT_NAMES[e.seat]} hits a randomizer: {C.card_name(d['card'])}"
            self.revealed_cards.setdefault(e.seat, {})[d["register"]] = d["card"]
        elif k == "play":
            # each robot's card flips as it is played, in priority order
            self.revealed_cards.setdefault(e.seat, {})[d["register"]] = d.get("card") or "-"
        elif k in ("push_panel", "crush"):
            self.flashes.append(("cell", e, 0.5))
        elif k == "win":
            self.message = f"{ROBOT_NAMES[e.seat]} wins the race!"
        elif k == "buy":
            self.message = f"{ROBOT_NAMES[e.seat]} buys {C.UPGRADES[d['upgrade']]['name']}"
            side = self.side[e.seat]
            side["ups"].append(d["upgrade"])
            side["energy"] -= d["cost"]
            if d["upgrade"] in self.shown_shop:
                self.shown_shop[self.shown_shop.index(d["upgrade"])] = None
        elif k == "shop":
            self.shown_shop = list(d["shop"])
        elif k == "discard_upgrade" or (k == "use" and "upgrade" in d):
            if d["upgrade"] in self.side[e.seat]["ups"]:
                self.side[e.seat]["ups"].remove(d["upgrade"])
            if k == "use" and d.get("energy"):
                self.side[e.seat]["energy"] += d["energy"]
        line = _log_line(e)
        if line:
            self.log = (self.log + [line])[-5:]

    def _tween(self, e, f: float) -> None:
        k, d = e.kind, e.data
        s = self.shown.get(e.seat)
        if s is None:
            return
        if k in ("move", "convey", "pushed"):
            fx, fy = d["from"]
            tx, ty = d["to"]
            s[0], s[1] = fx + (tx - fx) * f, fy + (ty - fy) * f
        elif k == "teleport":
            fx, fy = d["from"]
            tx, ty = d["to"]
            s[0], s[1] = (fx, fy) if f < 0.5 else (tx, ty)
        elif k == "turn":
            start = d["dir"] - d["by"]
            s[2] = start + d["by"] * f

    def _finish_event(self, e) -> None:
        k, d = e.kind, e.data
        s = self.shown.get(e.seat)
        if k in ("move", "convey", "pushed", "teleport") and s is not None:
            s[0], s[1] = d["to"]
        elif k == "turn" and s is not None:
            s[2] = d["dir"] % 4
        elif k == "placed" and s is not None:
            s[0], s[1], s[2] = d["at"][0], d["at"][1], d["dir"]
        elif k == "reboot" and s is not None:
            s[0], s[1] = -5, -5

    def _pos(self, seat):
        """Where a floating label for `seat` starts: above the robot, stacked over earlier ones."""
        s = self.shown.get(seat, [0, 0, 0])
        x, y = self.board_view.centre(s[0], s[1]) if self.board_view else (0, 0)
        stacked = sum(1 for f in self.floaters if abs(f[1] - x) < 1 and f[4] > 0.3)
        return x, y - 22 * stacked

    # ------------------------------------------------------------------ menus for human decisions
    def _build_menu(self, seat: int) -> None:
        choices = self.session.legal_choices()
        items = []
        for c in choices:
            if c.kind == "buy":
                slot, _, old = str(c.arg).partition(":")
                u = C.UPGRADES[self.state.shop[int(slot)]]
                label = f"Buy {u['name']} ({u['cost']} E, {u['type']})"
                if old:
                    label = f"Buy {u['name']} ({u['cost']} E) for {C.UPGRADES[old]['name']}"
                detail = u["text"] + (f" Discards your {C.UPGRADES[old]['name']}." if old else "")
            elif c.kind == "pass":
                label, detail = "Buy nothing", "Keep your energy."
            elif c.kind == "fire":
                if c.arg == "main":
                    label, detail = "Fire main laser", "Shoot straight ahead."
                elif c.arg == "stun":
                    label, detail = "Stun (instead of the laser)", C.UPGRADES["stun"]["text"]
                else:
                    t = int(c.arg.split(":")[1])
                    label, detail = f"Indirect Fire at {ROBOT_NAMES[t]} (1 energy)", C.UPGRADES["indirect_fire"]["text"]
            elif c.kind == "haywire":
                label, detail = f"Haywire under register {c.arg}", C.UPGRADES["controlled_chaos"]["text"]
            else:
                label, detail = f"{c.kind} {c.arg}", ""
            items.append((label, detail, (lambda ch=c: self._apply(ch))))
        top = 44 + len(self.state.robots) * min(72, 330 // len(self.state.robots)) + 34
        self.menu = ChoiceList(items, 845, top, theme.WIDTH - 855, theme.HEIGHT - 46)

    # ------------------------------------------------------------------ input
    def hints(self):
        if self.cursor is not None:
            return [(inp.LEFT, "Move cursor"), (inp.INFO, "Done")]
        if self.state.phase == "program" and self._human_turn():
            return [(inp.LEFT, "Pick card"), (inp.CONFIRM, "Place"), (inp.UNDO, "Take back"), (inp.INFO, "Inspect"),
                    (inp.MENU, "Pause")]
        return [(inp.CONFIRM, "Select"), (inp.SKIP, "Skip"), (inp.INFO, "Inspect"), (inp.MENU, "Pause / how to play")]

    def _human_turn(self) -> bool:
        seat = self.session.current_seat()
        return (seat is not None and not self._busy() and self.seats[seat] == "human" and not self.session.is_over())

    def _hand_choices(self):
        return [c for c in self.session.legal_choices() if c.kind in ("card", "use")]

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
        if (x, y) in self.state.cubes:
            text += " An energy cube is here."
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
        if self._handle_inspect(action):
            return
        over = self.session.is_over() and not self._busy()
        if name in (inp.MENU, inp.BACK) and not over:
            self.app.stack.push(PauseScene([MenuItem("How to play",
                                                     lambda: self.app.stack.push(howto.how_to_play_scene()))]))
            return
        if over:
            if name in (inp.CONFIRM, inp.CLICK, inp.BACK):
                self.app.stack.clear_to(TitleScene())
            return
        if name == inp.SKIP and self._busy():
            self.skip_animation()
            return
        if not self._human_turn():
            return
        if self.menu is not None:
            self.menu.handle(action)
            return
        if self.state.phase != "program":
            return
        hand = self._hand_choices()
        if not hand:
            return
        self.focus = max(0, min(self.focus, len(hand) - 1))
        if name in (inp.LEFT, inp.PREV):
            self.focus = (self.focus - 1) % len(hand)
        elif name in (inp.RIGHT, inp.NEXT):
            self.focus = (self.focus + 1) % len(hand)
        elif name == inp.CONFIRM:
            self._apply(hand[self.focus])
        elif name == inp.UNDO:
            seat = self.session.current_seat()
            if self.session.undo(seat) is not None:
                self.state = self.session.state
                save_session_later(self.session)
        elif name in (inp.CLICK, inp.POINT) and action.pos:
            for i, rect in enumerate(self._hand_rects(len(hand))):
                if rect.collidepoint(action.pos):
                    self.focus = i
                    if name == inp.CLICK:
                        self._apply(hand[i])

    # ------------------------------------------------------------------ drawing
    def _hand_rects(self, n):
        w = min(118, (820 - 10) // max(1, n) - 8)
        return [pygame.Rect(14 + i * (w + 8), theme.HEIGHT - 156, w, 104) for i in range(n)]

    def _preview(self, seat):
        """Where the robot would be after each placed register if nothing interferes."""
        view = R.seat_view(self.state, seat)
        planner = Planner(view, "normal")
        me = view.robots[seat]
        x, y, d, cp, prev, reb = me.x, me.y, me.d, me.cp, None, False
        steps = []
        for reg, card in enumerate(view.regs, start=1):
            if card is None or reb:
                break
            x, y, d, cp, reb, _, prev = planner.step(reg, x, y, d, cp, prev, card)
            steps.append((x, y, d))
        return steps

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
            draw_fit(surface, self.inspect, box.inflate(-16, -8), "small", theme.TEXT)
        elif human_turn and self.state.phase == "program" and self._hand_choices():
            # the focused card says what it does (keyboard and pad players see it without pointing)
            hand = self._hand_choices()
            c = hand[max(0, min(self.focus, len(hand) - 1))]
            text = explain.card_text(c.arg) if c.kind == "card" else explain.upgrade_text(c.arg)
            draw_fit(surface, text, line, "small", theme.TEXT_DIM, align="center", wrap=False)
        elif self.message:
            draw_fit(surface, self.message, line, "small", theme.ACCENT, align="center", wrap=False, bold=True)
        if not self.demo:
            draw_hints(surface, self.app.input, self.hints())

    def _draw_floaters(self, surface) -> None:
        """Floating labels over the board; one that would cover another moves up, one off the board is left out."""
        taken: list[pygame.Rect] = []
        area = self.board_view.rect
        for text, x, y, colour, ttl in reversed(self.floaters):
            w, h = text_font_size(text)
            rect = pygame.Rect(0, 0, w + 4, h + 2)
            rect.center = (round(x), round(y - 30))
            while rect.collidelist(taken) >= 0:
                rect.bottom = taken[rect.collidelist(taken)].top - 1
            if not area.contains(rect):
                continue
            taken.append(rect)
            draw_fit(surface, text, rect, "small", colour, align="center", wrap=False, bold=True, shadow=True)

    def skip_animation(self) -> None:
        """Play every queued event to its end at once (X), leaving no labels or beams behind."""
        self.anims.skip()
        self.floaters, self.flashes = [], []

    # What changes only now and then (the background, the board with its energy cubes and the side
    # panel: robots, registers, shop) is drawn into one screen-sized layer, redrawn only when what
    # it shows changes (_layer_key); each frame starts with one blit of it instead of a fill, the
    # board and about 25 texts (issue 16).
    # Nothing drawn later in a frame touches the side panel's area but the menu.

    def _layer_key(self) -> tuple:
        """Everything the cached layer shows (and the inspect texts of the side panel's targets)."""
        st = self.state
        busy_regs = self._busy() and self.shown_register > 0
        current = self.session.current_seat()
        timer = self.timer is not None and st.phase == "program"
        robots = []
        for r in st.robots:
            sd = self.side[r.seat]
            cards = self.revealed_cards.get(r.seat, {})
            robots.append((r.seat, current == r.seat, self.shown_token == r.seat, sd["cp"], sd["energy"], sd["spam"],
                           tuple(sd["ups"]), tuple(r.regs[k] is not None for k in range(5)),
                           tuple(cards.get(k + 1) for k in range(5)), tuple(r.haywire[k] is not None for k in range(5)),
                           r.rebooted, r.d % 4))
        menu = self.menu is not None and self._human_turn()
        shop = (not menu and any(self.shown_shop)
                and (st.phase == "upgrade" or (st.phase in ("program", "activate") and st.round >= 1)))
        return (text_display_scale(), frozenset(st.cubes), self.shown_round, self.shown_register,
                max(0, int(self.timer + 0.99)) if timer else None, busy_regs, len(st.board.checkpoints),
                tuple(robots), tuple(self.shown_shop) if shop else None)

    def _draw_layer(self, surface) -> None:
        if not self._busy():
            self._sync_side()
        key = self._layer_key()
        layer = self._layer
        if layer is None or layer.get_size() != surface.get_size() or self._layer_drawn_for != key:
            if layer is None or layer.get_size() != surface.get_size():
                layer = self._layer = pygame.Surface(surface.get_size(), 0, surface)
            layer.fill(theme.BG)
            text_forget(layer, layer.get_rect())
            self.board_view.draw(layer, self.state.cubes)
            targets, self.targets = self.targets, []
            self._draw_side_panel(layer, key)
            self._side_targets, self.targets = self.targets, targets
            self._layer_drawn_for = key
        surface.blit(layer, (0, 0))

    def _draw_side(self, surface) -> None:
        """The side panel's targets (its picture is in the layer) and the menu, which is live."""
        self.targets.extend(self._side_targets)
        if self.menu is not None and self._human_turn():
            st = self.state
            x0, right = 845, theme.WIDTH - 10
            top = 44 + len(st.robots) * min(72, 330 // len(st.robots)) + 4
            title = {"upgrade": "Upgrade shop", "fire": "Your laser", "haywire": "Controlled Chaos"}.get(st.phase, "")
            draw_fit(surface, f"{ROBOT_NAMES[self.session.current_seat()]}: {title}", pygame.Rect(x0, top, right - x0, 26),
                     "small", theme.ACCENT, wrap=False, bold=True)
            self.menu.draw(surface)

    def _draw_side_panel(self, surface, key: tuple) -> None:
        """Draw what `key` (_layer_key) shows: the round, one row per robot, the shop."""
        x0, right = 845, theme.WIDTH - 10
        st = self.state
        head = f"Round {self.shown_round}" + (f"  register {self.shown_register}" if self.shown_register else "")
        timer = self.timer is not None and self.state.phase == "program"
        draw_fit(surface, head, pygame.Rect(x0, 8, right - x0 - (110 if timer else 0), 32), "body", theme.TEXT,
                 wrap=False, bold=True)
        if timer:
            draw_fit(surface, f"timer {max(0, int(self.timer + 0.99))}s", pygame.Rect(right - 106, 8, 106, 32), "body",
                     theme.BAD, align="right", wrap=False, bold=True)
        n_cp = len(st.board.checkpoints)
        rows = len(st.robots)
        row_h = min(72, 330 // rows)
        for i, r in enumerate(st.robots):
            y = 44 + i * row_h
            rect = pygame.Rect(x0, y, right - x0, row_h - 4)
            current = self.session.current_seat() == r.seat
            panel(surface, rect, fill=theme.PANEL, edge=theme.ACCENT if current else theme.PANEL_EDGE, radius=8, width=2)
            pygame.draw.circle(surface, ROBOT_COLOURS[r.seat], (rect.left + 14, rect.top + 13), 9)
            regs_w = 5 * 30
            token = "* " if self.shown_token == r.seat else ""
            name_box = pygame.Rect(rect.left + 28, rect.top + 2, rect.width - 28 - regs_w - 10, 22)
            draw_fit(surface, token + self.seat_label(r.seat), name_box, "tiny", theme.TEXT, wrap=False, bold=True)
            sd = self.side[r.seat]
            info = f"CP {sd['cp']}/{n_cp}   Energy {sd['energy']}   SPAM {sd['spam']}"
            ups = [C.UPGRADES[u]["name"] for u in sd["ups"]]
            second = pygame.Rect(rect.left + 8, rect.top + 24, rect.width - 16, 20)
            if ups and row_h >= 66:
                draw_fit(surface, info, second, "tiny", theme.TEXT_DIM, wrap=False)
                draw_fit(surface, ", ".join(ups), second.move(0, 21), "tiny", theme.ACCENT_2, wrap=False)
            else:
                if ups:
                    info += "   " + ", ".join(ups)
                draw_fit(surface, info, second, "tiny", theme.TEXT_DIM, wrap=False)
            self.targets.append((rect, self._robot_text(r.seat)))
            # five registers: face down until revealed
            for k in range(5):
                box = pygame.Rect(rect.right - regs_w + k * 30 - 4, rect.top + 3, 28, 20)
                card = self.revealed_cards.get(r.seat, {}).get(k + 1)
                # while a round plays on screen the state may already be in the next round's
                # programming: its registers stay face down until they flip
                filled = r.regs[k] is not None or card is not None or (self._busy() and self.shown_register > 0)
                colour = theme.ACCENT if card else (theme.PANEL_EDGE if filled else theme.BG)
                pygame.draw.rect(surface, colour, box, border_radius=3)
                if card:
                    draw_fit(surface, _short(card), box, 14, theme.BG, align="center", valign="middle", wrap=False,
                             bold=True)
                    if card not in ("-", "?"):
                        self.targets.append((box, explain.card_text(card)))
                if r.haywire[k] is not None:
                    pygame.draw.rect(surface, theme.BAD, box, 2, border_radius=3)
        top = 44 + rows * row_h + 4
        bottom = theme.HEIGHT - 46
        if key[-1] is not None:
            draw_fit(surface, "Shop (cost in energy)", pygame.Rect(x0, top, right - x0, 24), "small", theme.TEXT_DIM,
                     wrap=False, bold=True)
            slots = [u for u in self.shown_shop if u is not None]
            cols = 2 if len(slots) > 3 else 1
            col_w = (right - x0 - 8) // cols
            for i, u in enumerate(slots):
                info = C.UPGRADES[u]
                cell = pygame.Rect(x0 + 8 + (i % cols) * col_w, top + 26 + (i // cols) * 22, col_w - 8, 20)
                if cell.bottom > bottom:
                    break
                draw_fit(surface, f"{info['name']} ({info['cost']})", cell, "tiny", theme.TEXT, wrap=False)
                self.targets.append((cell, explain.upgrade_text(u)))

    def _robot_text(self, seat: int) -> str:
        sd = self.side[seat]
        r = self.state.robots[seat]
        ups = ", ".join(C.UPGRADES[u]["name"] for u in sd["ups"]) or "none"
        where = "rebooting" if r.rebooted else f"facing {('up', 'right', 'down', 'left')[r.d % 4]}"
        return (f"{self.seat_label(seat)}: checkpoint {sd['cp']} of {len(self.state.board.checkpoints)} reached, "
                f"{sd['energy']} energy, {sd['spam']} SPAM in its deck, {where}. Upgrades: {ups}.")

    def _draw_bottom(self, surface, human_turn, seat) -> None:
        top = theme.HEIGHT - 194
        if self.session.is_over() and not self._busy():
            self._draw_result(surface, pygame.Rect(10, top + 2, 820, theme.HEIGHT - 48 - top))
            return
        if not (human_turn and self.state.phase == "program"):
            if self.inspect:
                return
            lines = self.log[-5:]
            for i, line in enumerate(lines):
                draw_fit(surface, line, pygame.Rect(14, top + 6 + i * 28, 810, 26), "small",
                         theme.TEXT if i == len(lines) - 1 else theme.TEXT_DIM, wrap=False)
            if seat is not None and not self._busy() and self.seats[seat] != "human" and not self.session.is_over():
                draw_fit(surface, f"{self.seat_label(seat)} is thinking...",
                         pygame.Rect(845, theme.HEIGHT - 76, theme.WIDTH - 855, 26), "small", theme.TEXT_DIM, wrap=False)
            return
        r = self.state.robots[seat]
        hand = self._hand_choices()
        self.focus = max(0, min(self.focus, len(hand) - 1))
        regs = " ".join(_short(c) if c else "_" for c in r.regs)
        if not self.inspect:
            draw_fit(surface, f"{ROBOT_NAMES[seat]}: program register {r.regs.index(None) + 1}   [{regs}]",
                     pygame.Rect(14, top + 4, 810, 26), "small", theme.ACCENT, wrap=False, bold=True)
        for i, (c, rect) in enumerate(zip(hand, self._hand_rects(len(hand)))):
            focused = i == self.focus
            label = C.card_name(c.arg) if c.kind == "card" else "Use " + C.UPGRADES[c.arg]["name"]
            count = list(self.state.robots[seat].hand).count(c.arg) if c.kind == "card" else 1
            draw_card(surface, rect.move(0, -8 if focused else 0), label, spam=c.kind == "card" and c.arg == "spam",
                      use=c.kind == "use", focused=focused, count=count)
            self.targets.append((rect, explain.card_text(c.arg) if c.kind == "card" else explain.upgrade_text(c.arg)))

    def _draw_result(self, surface, box: pygame.Rect) -> None:
        res = self.session.engine.result(self.state)
        panel(surface, box)
        if res.winners:
            text = f"{self.seat_label(res.winners[0])} wins!"
        else:
            text = "Time is up: nobody finished"
        inner = box.inflate(-40, 0)
        draw_fit(surface, text, pygame.Rect(inner.left, box.top + 8, inner.width, 70), "large", theme.ACCENT,
                 align="center", valign="middle", bold=True)
        draw_fit(surface, f"after {self.state.round} rounds.  Enter: back to the title",
                 pygame.Rect(inner.left, box.top + 86, inner.width, 36), "body", theme.TEXT, align="center", wrap=False)


def text_font_size(text: str) -> tuple[int, int]:
    """Width and height of a floating label (small, bold) at the window's font floor."""
    return text_font("small", True).size(text)


def _log_line(e) -> str | None:
    k, d = e.kind, e.data
    who = ROBOT_NAMES[e.seat] if e.seat is not None else ""
    if k == "play":
        if d.get("card") is None:
            return f"{who}: empty register"
        extra = f" (repeats {C.card_name(d['repeats'])})" if d.get("repeats") and d["repeats"] != "damage" else ""
        return f"{who} plays {C.card_name(d['card'])}{extra}"
    if k == "spam":
        return f"{who} plays SPAM: the top card is played instead"
    if k == "teleport":
        return f"{who} teleports"
    if k == "crush":
        return f"{who} is crushed"
    if k == "reboot":
        return f"{who} reboots ({d['cause']})"
    if k == "robot_laser":
        return f"{who} shoots {ROBOT_NAMES[d['target']]}"
    if k == "board_laser":
        return f"A board laser hits {who} ({d['strength']})"
    if k == "checkpoint":
        return f"{who} reaches checkpoint {d['number']} of {d['of']}"
    if k == "randomize":
        return f"{who}'s register is randomized: {C.card_name(d['card'])}"
    if k == "stun":
        return f"{who} stuns {ROBOT_NAMES[d['target']]}"
    if k == "indirect_fire":
        return f"{who} uses Indirect Fire on {ROBOT_NAMES[d['target']]}"
    if k == "mirror":
        return f"{who}'s Mirror strikes back"
    if k == "buy":
        return f"{who} buys {C.UPGRADES[d['upgrade']]['name']}"
    if k == "haywire" and d.get("register"):
        return f"{who}: Haywire under register {d['register']}"
    return None


def _short(card: str) -> str:
    if C.is_haywire(card):
        return "HW"
    return {"move1": "M1", "move2": "M2", "move3": "M3", "back": "BK", "right": "R", "left": "L", "uturn": "U",
            "powerup": "PW", "again": "AG", "spam": "SP", "?": "?", "-": "-"}.get(card, card[:2])


# ============================================================================ overlays
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


# ============================================================================ set-up
class SetupScene(Scene):
    animated = False       # changes only on input (issue 26: nothing drawn while left alone)

    def __init__(self) -> None:
        super().__init__()
        self.courses = course_ids()
        self.course = 0
        self.players = 2
        self.humans = 1
        self.ai = LEVELS.index("normal")

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
            MenuItem("Course", value=lambda: self.courses[self.course], on_change=cyc("course", 0, len(self.courses) - 1)),
            MenuItem("Robots", value=lambda: str(self.players), on_change=cyc("players", 2, 6)),
            MenuItem("Humans", value=lambda: str(self.humans), on_change=cyc("humans", 0, 6)),
            MenuItem("AI level", value=lambda: LEVELS[self.ai], on_change=cyc("ai", 0, len(LEVELS) - 1)),
            MenuItem("Start race", self._start),
            MenuItem("How to play", lambda: self.app.stack.push(howto.how_to_play_scene())),
        ]
        self.menu = Menu(items, center_x=theme.WIDTH // 2, top=150, width=640, row_height=62)

    def _start(self) -> None:
        self.humans = min(self.humans, self.players)
        scene = new_race(self.courses[self.course], self.players, self.humans, LEVELS[self.ai], None)
        self.app.stack.replace(scene)

    def _continue(self) -> None:
        data, _ = storage.load_json(saved_game_path(R.GAME_ID), default=None)
        try:
            session, _ = GameSession.from_json(data, R, str(saved_game_path(R.GAME_ID)))
        except UserError as exc:
            self.app.stack.push(NoticeScene(str(exc), "Cannot continue"))
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
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "Select"), (inp.LEFT, "Change"), (inp.BACK, "Back")])


def new_race(course_ref: str, players: int, humans: int, ai: str, seed: int | None,
             speed: float | None = None, max_rounds: int = 40, *, save: bool = True, demo: bool = False,
             tutorial: bool = True) -> RaceScene:
    if not 2 <= players <= 6:
        raise UserError("--players", "must be 2 to 6")
    if not 0 <= humans <= players:
        raise UserError("--humans", f"must be 0 to {players}")
    if ai not in LEVELS:
        raise UserError("--ai", f"must be one of: {', '.join(LEVELS)}")
    spec = load_course(find_course(course_ref))
    if len(spec["starts"]) < players:
        raise UserError("--players", f"course {spec['id']} has only {len(spec['starts'])} start spaces")
    config = make_config(spec, players, max_rounds)
    seed = random.randrange(1 << 30) if seed is None else seed
    session = GameSession.start(R, config, seed)
    seats = ["human"] * humans + [ai] * (players - humans)
    if save:
        storage.save_later(_seats_path(), {"seats": seats})     # off the frame, as the session
        save_session_later(session)
    return RaceScene(session, seats, speed, save=save, demo=demo, tutorial=tutorial)


def make_attract_scene(app: App) -> Scene:
    """Attract mode: AI robots (labelled AI) race on a random course; nothing is saved."""
    rng = random.Random()
    return new_race(rng.choice(course_ids()), rng.choice((3, 4, 5, 6)), 0, "normal", rng.randrange(1 << 30),
                    max_rounds=12, save=False, demo=True)


def make_entry_scene(app: App) -> Scene:
    return SetupScene()


def resume_scene(app: App, session: GameSession) -> Scene:
    data, _ = storage.load_json(_seats_path(), default={})
    n = R.seat_count(session.state)
    seats = data.get("seats") if isinstance(data, dict) else None
    if not (isinstance(seats, list) and len(seats) == n and all(s == "human" or s in LEVELS for s in seats)):
        seats = ["human"] + ["normal"] * (n - 1)
    return RaceScene(session, seats)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="main.py roborally", description="Race in Robo Rally: Chaos & Carnage")
    parser.add_argument("--course", default="dizzy-dash", help=f"course id ({', '.join(course_ids())}) or a .tmx file")
    parser.add_argument("--players", type=int, default=2, help="2-6 robots")
    parser.add_argument("--humans", type=int, default=1, help="seats 0..H-1 are human (0 = watch the AIs)")
    parser.add_argument("--ai", default="normal", help="level of the AI seats: " + ", ".join(LEVELS))
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--speed", type=float, default=None, help="animation speed factor")
    add_display_args(parser)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        if exc.code:
            raise UserError("command line", "bad roborally options (see --help)") from None
        raise
    scene = new_race(args.course, args.players, args.humans, args.ai, args.seed, args.speed)
    return run_scene(lambda app: scene, args)


# ---------------------------------------------------------------------------- bench frames hooks
_busy_seeds = iter(range(1, 1_000_000))


def make_idle_scene(app: App) -> Scene:
    """`bench idle --screen roborally`: the command line's default race, waiting for the player's program."""
    return new_race("dizzy-dash", 2, 1, "normal", 1, save=False, tutorial=False)


def make_busy_scene(app: App) -> Scene:
    """`bench frames --screen roborally`: six AI robots on long-haul, at normal animation speed,
    so activations (moves, belts, lasers, floating labels, the side panel) run all the time."""
    return new_race("long-haul", 6, 0, "normal", next(_busy_seeds), max_rounds=0, save=False, demo=True)


def busy_ai_job(scene: RaceScene):
    """One hard-AI decision on the race's position, as (fn, args, kwargs), for --ai-thinking."""
    seat = scene.session.current_seat()
    if seat is not None and not scene.session.is_over():
        view = R.seat_view(scene.state, seat)
        if view.phase == "program" and view.hand:
            scene._bench_job = (think, (make_player("hard", seat), view, R.legal_choices(scene.state)), {})
    return getattr(scene, "_bench_job", None)
