"""Robo Rally screens: the set-up menu, the race, hand-over, how-to-play and the result.

The race keeps a game.core.session.GameSession and saves it after every applied choice;
`resume_scene(app, session)` reopens it. AI seats think in a worker thread on their own
seat view; the screen polls the future each frame, so an AI never freezes the window.
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
from concurrent.futures import Future, ThreadPoolExecutor

import pygame

from game.client import input as inp
from game.client import theme
from game.client.app import App, add_display_args, run_scene
from game.client.menus import NoticeScene, PauseScene, TitleScene
from game.client.scene import Scene
from game.client.widgets import Menu, MenuItem, draw_hints, draw_paragraph, draw_text, panel
from game.core import storage
from game.core.errors import UserError
from game.core.session import GameSession, forget_saved_game, has_saved_game, save_session, saved_game_path
from game.roborally import rules as R
from game.roborally.ai import LEVELS, make_player
from game.roborally.ai.planner import Planner
from game.roborally.levels.tmx import course_ids, find_course, load_course
from game.roborally.rules import content as C
from game.roborally.rules.engine import Choice, make_config
from game.roborally.ui.board_view import ROBOT_COLOURS, ROBOT_NAMES, BoardView

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

HOW_TO_PLAY = (
    "Race your robot through the checkpoints in order; the first to reach the last one wins. "
    "Each round: buy at most one upgrade with Energy (its gear number is the cost), then program "
    "5 registers from 9 cards. Registers run one at a time: the priority token holder goes first, "
    "then the seats to its left. After each register the board acts: blue belts move 2, green belts 1, "
    "push panels push in their registers, gears turn, crushers crush in their registers, lasers fire, "
    "robots shoot straight ahead, energy spaces pay, checkpoints count. Falling into a pit or off the "
    "board reboots your robot on the reboot space with 2 damage and ends its program for the round. "
    "SPAM damage clogs your deck (played, it is replaced by your deck's top card); Haywire hides under "
    "a register and is played instead of it. Teleporters add 2 spaces to Move and Back Up cards; "
    "randomizers swap your register for your deck's top card; deep pits are pits. "
    "Keys: Left/Right pick a card, Enter places it, Z takes it back, P pauses."
)


def seat_label(kinds, seat):
    kind = kinds[seat] if seat < len(kinds) else "normal"
    human = "you" if kinds.count("human") == 1 else "human"
    return f"{ROBOT_NAMES[seat]} ({human if kind == 'human' else 'AI ' + kind})"


def _seats_path():
    return storage.data_dir() / "games" / SEATS_FILE


# ============================================================================ race
class ChoiceList:
    """A compact vertical list for the side panel: up/down or pointer, confirm/click."""

    def __init__(self, items, left, top, width, row=34):
        self.items = items            # (label, detail, callback)
        self.focus = 0
        self.rects = [pygame.Rect(left, top + i * row, width, row - 4) for i in range(len(items))]

    def handle(self, action) -> bool:
        name = action.name
        if name in (inp.UP, inp.DOWN, inp.LEFT, inp.RIGHT):
            self.focus = (self.focus + (-1 if name in (inp.UP, inp.LEFT) else 1)) % len(self.items)
            return True
        if name in (inp.POINT, inp.CLICK) and action.pos:
            for i, rect in enumerate(self.rects):
                if rect.collidepoint(action.pos):
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
        for i, ((label, detail, _), rect) in enumerate(zip(self.items, self.rects)):
            focused = i == self.focus
            panel(surface, rect, fill=theme.ACCENT if focused else theme.PANEL,
                  edge=theme.ACCENT if focused else theme.PANEL_EDGE, radius=8, width=2)
            draw_text(surface, label, (rect.left + 10, rect.centery), "tiny", theme.BG if focused else theme.TEXT,
                      "midleft", bold=focused)
        if self.items and self.rects:
            detail = self.items[self.focus][1]
            last = self.rects[-1]
            draw_paragraph(surface, detail, pygame.Rect(last.left, last.bottom + 8, last.width, 90), "tiny", theme.TEXT_DIM)


class RaceScene(Scene):
    covers_screen = True

    def __init__(self, session: GameSession, seats: list[str], speed: float | None = None) -> None:
        super().__init__()
        self.session = session
        self.seats = list(seats)
        self.speed_override = speed
        self.state = session.state
        self.board_view: BoardView | None = None
        self.executor: ThreadPoolExecutor | None = None
        self.future: Future | None = None
        self.players = {i: make_player(k, 1000 + i) for i, k in enumerate(self.seats) if k != "human"}
        self.queue: list = []               # events still to animate
        self.anim = None                    # (event, t, duration)
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
        self.side = {}                      # seat -> shown CP / energy / SPAM (follows the animation)
        self.shown_token = self.state.token
        self._sync_shown()
        self._sync_side()

    # ------------------------------------------------------------------ life
    def enter(self) -> None:
        area = pygame.Rect(10, 8, 820, theme.HEIGHT - 222)
        self.board_view = BoardView(self.state.board, area)
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="roborally-ai")

    def exit(self) -> None:
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)

    @property
    def speed(self) -> float:
        if self.speed_override is not None:
            return self.speed_override
        return self.app.settings.animation_speed if self.app else 1.0

    def _sync_side(self) -> None:
        self.side = {r.seat: {"cp": r.cp, "energy": r.energy,
                              "spam": r.discard.count("spam") + r.deck.count("spam") + r.hand.count("spam")}
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
        save_session(self.session)
        if self.state.phase == "program" and any(e.kind == "program" and e.data.get("register") == 5 for e in events):
            if self.timer is None and any(k == "human" for k in self.seats):
                self.timer = TIMER_SECONDS
        self.queue.extend(events)
        self._animate(0.0)                  # events that take no time play at once
        if seat is not None and self.seats[seat] == "human":
            self.last_human = seat
        self.menu = None

    def _busy(self) -> bool:
        return bool(self.queue) or self.anim is not None

    # ------------------------------------------------------------------ per frame
    def update(self, dt: float) -> None:
        dt_anim = dt * self.speed
        self.flashes = [(k, d, ttl - dt_anim) for k, d, ttl in self.flashes if ttl - dt_anim > 0]
        self.floaters = [(s, x, y - dt_anim * 0.8, c, ttl - dt_anim) for s, x, y, c, ttl in self.floaters if ttl - dt_anim > 0]
        if self._busy():
            self._animate(dt_anim)
            return
        if self.session.is_over():
            if not self.done:
                self.done = True
                forget_saved_game(R.GAME_ID)
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
            view = R.seat_view(self.state, seat)
            choices = R.legal_choices(self.state)
            self.future = self.executor.submit(self.players[seat].choose, view, choices)
            self._future_seat = seat
            return
        if self.future.done():
            choice = self.future.result()
            self.future = None
            self._apply(choice)

    # ------------------------------------------------------------------ animation
    def _animate(self, dt: float) -> None:
        while True:
            if self.anim is None:
                if not self.queue:
                    return
                e = self.queue.pop(0)
                dur = DURATIONS.get(e.kind, 0.0)
                self._start_event(e)
                if dur <= 0:
                    self._finish_event(e)
                    continue
                self.anim = [e, 0.0, dur]
            e, t, dur = self.anim
            t += dt
            self.anim[1] = t
            self._tween(e, min(1.0, t / dur))
            if t >= dur:
                self._finish_event(e)
                self.anim = None
                dt = t - dur
                if dt <= 0:
                    return
            else:
                return

    def _start_event(self, e) -> None:
        k, d = e.kind, e.data
        sound = SOUNDS.get(k)
        if sound and self.app is not None and self.speed <= 4:
            self.app.audio.play(sound)
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
        if not self.queue and self.anim is None:
            pass

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
        top = 46 + len(self.state.robots) * min(64, 300 // len(self.state.robots)) + 34
        self.menu = ChoiceList(items, 845, top, theme.WIDTH - 855)

    # ------------------------------------------------------------------ input
    def hints(self):
        if self.state.phase == "program" and self._human_turn():
            return [(inp.LEFT, "Pick card"), (inp.CONFIRM, "Place"), (inp.UNDO, "Take back"), (inp.MENU, "Pause")]
        return [(inp.CONFIRM, "Select"), (inp.MENU, "Pause / how to play")]

    def _human_turn(self) -> bool:
        seat = self.session.current_seat()
        return (seat is not None and not self._busy() and self.seats[seat] == "human" and not self.session.is_over())

    def _hand_choices(self):
        return [c for c in self.session.legal_choices() if c.kind in ("card", "use")]

    def handle(self, action) -> None:
        name = action.name
        over = self.session.is_over() and not self._busy()
        if name in (inp.MENU, inp.BACK) and not over:
            self.app.stack.push(PauseScene([MenuItem("How to play", lambda: self.app.stack.push(HowToScene()))]))
            return
        if over:
            if name in (inp.CONFIRM, inp.CLICK, inp.BACK):
                self.app.stack.clear_to(TitleScene())
            return
        if name == inp.SKIP and self._busy():
            while self.queue or self.anim:
                self._animate(10.0)
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
                save_session(self.session)
        elif name in (inp.CLICK, inp.POINT) and action.pos:
            for i, rect in enumerate(self._hand_rects(len(hand))):
                if rect.collidepoint(action.pos):
                    self.focus = i
                    if name == inp.CLICK:
                        self._apply(hand[i])

    # ------------------------------------------------------------------ drawing
    def _hand_rects(self, n):
        w = min(118, (820 - 10) // max(1, n) - 8)
        return [pygame.Rect(14 + i * (w + 8), theme.HEIGHT - 162, w, 112) for i in range(n)]

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
        surface.fill(theme.BG)
        bv = self.board_view
        bv.draw(surface, self.state.cubes)
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
        for text, x, y, colour, ttl in self.floaters:
            draw_text(surface, text, (x, y - 30), "small", colour, "center", bold=True, shadow=True)
        self._draw_side(surface)
        self._draw_bottom(surface, human_turn, seat)
        if self.message:
            draw_text(surface, self.message, (bv.rect.centerx, bv.rect.bottom + 2), "small", theme.ACCENT, "midtop", bold=True)
        if self.session.is_over() and not self._busy():
            self._draw_result(surface)
        draw_hints(surface, self.app.input, self.hints())

    def _draw_side(self, surface) -> None:
        x0 = 845
        st = self.state
        draw_text(surface, f"Round {self.shown_round}" + (f"  register {self.shown_register}" if self.shown_register else ""),
                  (x0, 12), "body", theme.TEXT, bold=True)
        if self.timer is not None and self.state.phase == "program":
            draw_text(surface, f"timer {max(0, int(self.timer + 0.99))}s", (theme.WIDTH - 16, 14), "body", theme.BAD, "topright", bold=True)
        n_cp = len(st.board.checkpoints)
        rows = len(st.robots)
        row_h = min(64, 300 // rows)
        for i, r in enumerate(st.robots):
            y = 46 + i * row_h
            rect = pygame.Rect(x0, y, theme.WIDTH - x0 - 10, row_h - 4)
            current = self.session.current_seat() == r.seat
            panel(surface, rect, fill=theme.PANEL, edge=theme.ACCENT if current else theme.PANEL_EDGE, radius=8, width=2)
            pygame.draw.circle(surface, ROBOT_COLOURS[r.seat], (rect.left + 16, rect.top + 16), 10)
            token = " *" if self.shown_token == r.seat else ""
            draw_text(surface, seat_label(self.seats, r.seat) + token, (rect.left + 32, rect.top + 4), "tiny", theme.TEXT, bold=True)
            if not self._busy():
                self._sync_side()
            sd = self.side[r.seat]
            info = f"CP {sd['cp']}/{n_cp}  E {sd['energy']}  SPAM {sd['spam']}"
            ups = [C.UPGRADES[u]["name"] for u in r.perm + r.temp]
            draw_text(surface, info, (rect.left + 32, rect.top + 22), "tiny", theme.TEXT_DIM)
            if ups and row_h >= 56:
                draw_text(surface, ", ".join(ups)[:46], (rect.left + 8, rect.top + 40), "tiny", theme.ACCENT_2)
            # five registers: face down until revealed
            for k in range(5):
                box = pygame.Rect(rect.right - 5 * 30 + k * 30 - 6, rect.top + 4, 26, 18)
                card = self.revealed_cards.get(r.seat, {}).get(k + 1)
                filled = r.regs[k] is not None or card is not None
                colour = theme.ACCENT if card else (theme.PANEL_EDGE if filled else theme.BG)
                pygame.draw.rect(surface, colour, box, border_radius=3)
                if card:
                    draw_text(surface, _short(card), box.center, 14, theme.BG, "center", bold=True)
                if r.haywire[k] is not None:
                    pygame.draw.rect(surface, theme.BAD, box, 2, border_radius=3)
        if self.menu is not None and self._human_turn():
            title = {"upgrade": "Upgrade shop", "fire": "Your laser", "haywire": "Controlled Chaos"}.get(st.phase, "")
            draw_text(surface, f"{ROBOT_NAMES[self.session.current_seat()]}: {title}", (x0, self.menu.rects[0].top - 28),
                      "small", theme.ACCENT, "topleft", bold=True)
            self.menu.draw(surface)
        elif st.phase == "upgrade" or (st.phase == "program" and st.round >= 1):
            y = 46 + rows * row_h + 6
            draw_text(surface, "Shop", (x0, y), "small", theme.TEXT_DIM, bold=True)
            for i, u in enumerate(st.shop):
                if u is None:
                    continue
                info = C.UPGRADES[u]
                draw_text(surface, f"{info['name']} ({info['cost']}, {info['type'][:4]})", (x0 + 8, y + 24 + i * 20), "tiny", theme.TEXT)

    def _draw_bottom(self, surface, human_turn, seat) -> None:
        if not (human_turn and self.state.phase == "program"):
            for i, line in enumerate(self.log):
                draw_text(surface, line, (14, theme.HEIGHT - 186 + i * 26), "small",
                          theme.TEXT if i == len(self.log) - 1 else theme.TEXT_DIM)
            if seat is not None and not self._busy() and self.seats[seat] != "human" and not self.session.is_over():
                draw_text(surface, f"{seat_label(self.seats, seat)} is thinking...", (840, theme.HEIGHT - 70), "small", theme.TEXT_DIM)
            return
        r = self.state.robots[seat]
        hand = self._hand_choices()
        self.focus = max(0, min(self.focus, len(hand) - 1))
        draw_text(surface, f"{ROBOT_NAMES[seat]}: program register {r.regs.index(None) + 1}  (registers: "
                  + " ".join(_short(c) if c else "_" for c in r.regs) + ")", (14, theme.HEIGHT - 190), "small", theme.ACCENT, bold=True)
        for i, (c, rect) in enumerate(zip(hand, self._hand_rects(len(hand)))):
            focused = i == self.focus
            r2 = rect.move(0, -10 if focused else 0)
            fill = (60, 70, 100) if c.kind == "card" else (60, 100, 80)
            if c.kind == "card" and c.arg == "spam":
                fill = (110, 50, 50)
            panel(surface, r2, fill=fill, edge=theme.ACCENT if focused else theme.PANEL_EDGE, radius=8, width=3 if focused else 2)
            label = C.card_name(c.arg) if c.kind == "card" else "Use " + C.UPGRADES[c.arg]["name"]
            count = list(self.state.robots[seat].hand).count(c.arg) if c.kind == "card" else 1
            draw_paragraph(surface, label, r2.inflate(-10, -30).move(0, 4), "small", theme.TEXT)
            if count > 1:
                draw_text(surface, f"x{count}", (r2.right - 6, r2.bottom - 4), "small", theme.ACCENT_2, "bottomright", bold=True)

    def _draw_result(self, surface) -> None:
        res = self.session.engine.result(self.state)
        box = pygame.Rect(0, 0, 560, 200)
        box.center = self.board_view.rect.center
        panel(surface, box)
        if res.winners:
            text = f"{seat_label(self.seats, res.winners[0])} wins!"
        else:
            text = "Time is up: nobody finished"
        draw_text(surface, text, (box.centerx, box.top + 50), "large", theme.ACCENT, "center", bold=True)
        draw_text(surface, f"after {self.state.round} rounds", (box.centerx, box.top + 100), "body", theme.TEXT, "center")
        draw_text(surface, "Enter: back to the title", (box.centerx, box.top + 150), "small", theme.TEXT_DIM, "center")


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

    def __init__(self, race: RaceScene, seat: int) -> None:
        super().__init__()
        self.race = race
        self.seat = seat

    def handle(self, action) -> None:
        if action.name in (inp.CONFIRM, inp.CLICK):
            self.app.stack.pop()

    def draw(self, surface, alpha) -> None:
        surface.fill(theme.BG)
        draw_text(surface, f"Pass to {ROBOT_NAMES[self.seat]}", (theme.WIDTH // 2, 260), "title",
                  ROBOT_COLOURS[self.seat], "center", bold=True)
        draw_text(surface, "Programs stay hidden until each register is revealed.", (theme.WIDTH // 2, 360), "body",
                  theme.TEXT_DIM, "center")
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "I am ready")])


class HowToScene(Scene):
    opaque = False

    def handle(self, action) -> None:
        if action.name in (inp.CONFIRM, inp.BACK, inp.CLICK, inp.MENU):
            self.app.stack.pop()

    def draw(self, surface, alpha) -> None:
        shade = pygame.Surface(theme.LOGICAL_SIZE, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 200))
        surface.blit(shade, (0, 0))
        box = pygame.Rect(80, 50, theme.WIDTH - 160, theme.HEIGHT - 120)
        panel(surface, box)
        draw_text(surface, "How to play Robo Rally", (box.centerx, box.top + 20), "large", theme.ACCENT, "midtop", bold=True)
        draw_paragraph(surface, HOW_TO_PLAY, box.inflate(-60, -110).move(0, 30), "small")
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "Back")])


# ============================================================================ set-up
class SetupScene(Scene):
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
            MenuItem("How to play", lambda: self.app.stack.push(HowToScene())),
        ]
        self.menu = Menu(items, center_x=theme.WIDTH // 2, top=170, width=560, row_height=62)

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
        draw_text(surface, "Robo Rally: Chaos & Carnage", (theme.WIDTH // 2, 70), "title", theme.TEXT, "center", bold=True)
        self.menu.draw(surface)
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "Select"), (inp.LEFT, "Change"), (inp.BACK, "Back")])


def new_race(course_ref: str, players: int, humans: int, ai: str, seed: int | None,
             speed: float | None = None, max_rounds: int = 40) -> RaceScene:
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
    storage.save_json(_seats_path(), {"seats": seats})
    save_session(session)
    return RaceScene(session, seats, speed)


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
