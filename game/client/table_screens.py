"""The networked table's screens (their commands, `host` and `join`, are game/client/table_commands.py).

The host screen is the TV: the table's join code, link and QR code, every seat and who
holds it, whose decision it is; once the game begins, the game's own board (SPECTATORS: its
play screen replaying the table's choices, public information only). The table itself
(game/table/server.py) runs on its own thread or process; this screen only reads
`host.summary()` and asks `host.hand_over`, so hosting adds nothing to a frame but a few reads.
The join screen plays one seat from another Robo Arcade over the same protocol as a phone: the
game's board painted from the seat's view (VIEW_BOARDS), its legal choices in the game's words
beside it, and what happened in the game's log words.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import queue
import re
import threading
from typing import Any

import pygame

from game.client import input as inp
from game.client import theme
from game.client.registry import load
from game.client.decisions import automatic_choice
from game.client.dialogs import ChoiceScene
from game.client.scene import Scene
from game.client.table_art import card_art
from game.client.table_words import VIEW_BOARDS, TableWords
from game.client.table_results import TableResultsScene
from game.client.table_seat import SeatUpdate, seat_words
from game.client.widgets import Menu, MenuItem, draw_fit, draw_hints, draw_text, panel
from game import catalog
from game.core.errors import UserError
from game.core.session import engine_module
from game.table import discovery
from game.table.process import TableProcess
from game.table.protocol import table_url
from game.table.server import TableHost, table_save_path
from game.table.setup import table_session
from game.table.wire import ViewDecoder, from_wire, plain

SEAT_WORDS = {"remote": "phone", "ai": "AI", "local": "this screen"}
# games whose play screen can show a networked table's board: (app, replica session, choice feed) -> Scene
SPECTATORS = {"roborally": "game.roborally.ui.scene:spectator_scene",
              "robomissions": "game.robomissions.ui.spectator:spectator_scene",
              "roborescue": "game.roborescue.ui.spectator:spectator_scene",
              "roborun": "game.roborun.ui.spectator:spectator_scene",
              "runrunrun": "game.runrunrun.ui.spectator:spectator_scene"}
# games whose own play screen plays a joined seat, fed by the table (game/client/table_seat.py):
# (seat, first SeatUpdate, send(choice), leave()) -> Scene with receive(SeatUpdate); the others use VIEW_BOARDS
JOINED_SCREENS = {"roborally": "game.roborally.ui.joined:joined_scene",
                  "robomissions": "game.robomissions.ui.joined:joined_scene",
                  "roborescue": "game.roborescue.ui.joined:joined_scene",
                  "runrunrun": "game.runrunrun.ui.joined:joined_scene",
                  "roborun": "game.roborun.ui.joined:joined_scene"}
BOARD_AREA = pygame.Rect(10, 150, 820, 520)
LOG_AREA = pygame.Rect(845, 36, 420, 104)
REJOIN_EVERY = 1.0      # seconds between a dropped join screen's tries to reach its table again
LOG_LINES = 4           # lines of what happened beside the join screen's title
PAGE = 8                # choices in the join screen's menu at once (a ninth row pages through the rest)


def qr_surface(text: str, size: int) -> pygame.Surface:
    """The QR code of `text` drawn dark on white with its quiet zone, about `size` pixels square."""
    matrix = discovery.qr_matrix(text)
    modules = len(matrix) + 8
    cell = max(1, size // modules)
    surface = pygame.Surface((cell * modules, cell * modules))
    surface.fill((255, 255, 255))
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                surface.fill((0, 0, 0), (cell * (x + 4), cell * (y + 4), cell, cell))
    return surface


class HostTableScene(Scene):
    """The host's window while a table is open."""

    covers_screen = True
    animated = False        # a lobby that changes only when the table does (issue 26: drawn only then)

    def __init__(self, host: TableHost, link: str, advertised: bool, advert: Any = None, owned: bool = False,
                 local_seat: int | None = None) -> None:
        super().__init__()
        self.host, self.link, self.advertised = host, link, advertised
        self.owned, self.advert = owned, advert      # opened from game select: this screen closes the table
        self.local_seat = local_seat                 # the seat played at this screen (a `local` seat)
        self.local_token = ""                        # its seat token, to come back to it after Back
        self.local_scene: LocalSeatScene | None = None      # its join screen, shown or kept in the background
        self.qr = qr_surface(link, 300)
        self.summary = host.summary()
        self.focus = 0
        self.poll = 0
        self.board_shown = False

    def enter(self) -> None:
        if self.local_seat is not None and self.local_scene is None:
            self.local_scene = self._local_scene()      # claims the seat now: no phone can take it

    def _local_scene(self) -> "LocalSeatScene | None":
        try:
            return LocalSeatScene(self, TableLink(self.host.address))
        except (OSError, TimeoutError):
            return None

    def update(self, dt: float) -> None:
        if self.local_scene is not None and self.local_scene.app is None:
            self.local_scene.update(dt)                 # joins the seat and follows the game meanwhile
        self.poll += 1
        if self.poll % 6 == 0:                  # ten reads a second are plenty for a lobby
            summary = self.host.summary()
            if summary != self.summary:         # a phone joined, a seat changed hands, a move: draw it
                self.summary = summary
                self.app.wake()
            if self._game_started() and not self.board_shown:
                self.board_shown = True         # the game has begun: the TV shows the board
                self.show_board()

    def _game_started(self) -> bool:
        """A choice was made, or the seat played here decides first and every phone seat is taken."""
        s = self.summary
        if s["move"] > 0:
            return True
        others = [seat for seat in s["seats"] if seat["seat"] != self.local_seat]
        return (self.local_seat is not None and s["current"] == self.local_seat
                and all(seat["kind"] != "remote" or seat["claimed"] for seat in others))

    def show_board(self) -> bool:
        """Push the seat played at this screen (the join screen over the loopback), or else the
        game's own screen as a spectator of the table (games listed in SPECTATORS)."""
        if self.local_seat is not None:
            self.local_scene = self.local_scene or self._local_scene()
            if self.local_scene is None:
                return False
            self.app.stack.push(self.local_scene)
            return True
        make = load(SPECTATORS.get(self.host.engine.GAME_ID))
        if make is None:
            return False
        replica, feed = self.host.spectate()
        self.app.stack.push(make(self.app, replica, feed))
        return True

    def handle(self, action: inp.Action) -> None:
        seats = self.summary["seats"]
        if action.name == inp.UP:
            self.focus = (self.focus - 1) % len(seats)
        elif action.name == inp.DOWN:
            self.focus = (self.focus + 1) % len(seats)
        elif action.name == inp.CONFIRM:
            seat = seats[self.focus]
            if seat["seat"] == self.local_seat:
                self.show_board()
            else:
                self.host.hand_over(seat["seat"], "ai" if seat["kind"] == "remote" else "remote")
        elif action.name == inp.MENU:
            self.show_board()
        elif action.name == inp.BACK:
            playing = [seat for seat in seats if seat["kind"] == "remote" and seat["connected"]
                       and seat["seat"] != self.local_seat]
            if playing and not self.summary["over"]:
                # one Esc would end the game on every phone at the table: ask first, keeping it open by default
                count = f"{len(playing)} phone{'s' if len(playing) > 1 else ''}"
                self.app.stack.push(ChoiceScene(
                    "Close the table?", [("Keep it open", lambda: None), ("Close the table", self._close)],
                    detail=f"{count} still playing: the game ends on them too."))
            else:
                self._close()

    def _close(self) -> None:
        if self.owned:
            self.app.stack.pop()
        else:
            self.app.quit()

    def exit(self) -> None:
        if self.local_scene is not None:
            self.local_scene.exit()
        if self.owned:
            if self.advert is not None:
                self.advert.close()
            self.host.stop()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        s = self.summary
        surface.fill(theme.BG)
        draw_text(surface, f"{self.host.entry.title}: table open", (40, 28), "large", theme.ACCENT)
        draw_text(surface, "Join on a phone: scan the code, or open", (40, 100), "body", theme.TEXT_DIM)
        draw_fit(surface, self.link, pygame.Rect(40, 138, 820, 40), "body", theme.TEXT)
        draw_text(surface, f"Join code  {self.host.code}", (40, 190), "large", theme.TEXT, bold=True)
        found = "found on this network as" if self.advertised else "not advertised (loopback);"
        draw_fit(surface, f"{found} {self.host.entry.title} {self.host.code}", pygame.Rect(40, 246, 820, 30),
                 "small", theme.TEXT_DIM)
        top = 300
        for i, seat in enumerate(s["seats"]):
            rect = pygame.Rect(40, top + i * 58, 820, 50)
            panel(surface, rect, theme.PANEL if i != self.focus else theme.BG_LIGHT,
                  theme.ACCENT if i == self.focus else theme.PANEL_EDGE, radius=10)
            if seat["seat"] == self.local_seat and seat["kind"] == "remote":
                who = SEAT_WORDS["local"] + (", playing" if seat["connected"] else "")
            elif seat["kind"] == "remote":
                who = ("connected" if seat["connected"] else "away: the AI covers soon") if seat["claimed"] \
                    else "open, waiting for a player"
                who = f"{seat['name'] or 'phone'}, {who}" if seat["claimed"] else who
            else:
                who = SEAT_WORDS[seat["kind"]]
            whose = "your" if seat["seat"] == self.local_seat else "their"       # this screen plays it
            mark = f" - {whose} turn" if s["current"] == seat["seat"] and not s["over"] else ""
            draw_fit(surface, f"Seat {seat['seat'] + 1}: {who}{mark}", rect.inflate(-24, -10), "body",
                     theme.ACCENT if mark else theme.TEXT)
        # "Move 0" read as a command; the count says what it counts
        state = "Game over" if s["over"] else (f"{s['move']} moves played" if s["move"] else "No move yet")
        if s["over"] and s["result"]:
            winners = ", ".join(str(w + 1) for w in s["result"]["winners"]) or "nobody"
            state += f": won by seat {winners}"
        draw_text(surface, state, (900, 420), "body", theme.TEXT)
        surface.blit(self.qr, self.qr.get_rect(topright=(theme.WIDTH - 40, 90)))
        hints = [(inp.CONFIRM, "Seat: phone / AI"), (inp.BACK, "Close the table")]
        if self.local_seat is not None:
            hints.insert(1, (inp.MENU, f"Play seat {self.local_seat + 1}"))
        elif self.host.engine.GAME_ID in SPECTATORS:
            hints.insert(1, (inp.MENU, "Show the board"))
        draw_hints(surface, self.app.input, hints)


def host_table_scene(game_id: str, args: argparse.Namespace | None = None) -> HostTableScene:
    """A table of `game_id` opened from a menu: the set-up in `args` (game.table.setup.game_options;
    default: the game's default), every seat a phone but `args.local_seat`, played at this
    window (a phone seat the lobby claims over the loopback), in a process of its own on the LAN
    interface; closing the screen closes the table."""
    args = args or argparse.Namespace(sample=None, players=None, course=None, seed=None)
    session = table_session(game_id, args)
    bind = discovery.lan_address()
    seats = ["remote"] * session.engine.seat_count(session.state)
    local = getattr(args, "local_seat", None)
    local = local if isinstance(local, int) and 0 <= local < len(seats) else None
    art = card_art(game_id)
    host = None
    for port in (8765, 0):                       # the usual port, else any free one
        try:
            host = TableProcess(game_id, session=session, seats=seats, save_path=table_save_path(game_id),
                                bind=bind, port=port, art=art, words=TableWords(game_id)).start()
            break
        except UserError:
            if port == 0:
                raise
    advert = discovery.advertise(bind, host.port, game_id, host.entry.title, host.code)
    return HostTableScene(host, host.join_url(), advert is not None, advert=advert, owned=True, local_seat=local)


# ---------------------------------------------------------------------------- join
def choice_label(choice: dict, view: dict | None = None) -> str:
    """A choice's menu text, as the phone page writes it: its kind in words, then its arguments
    (a Robo Rally shop slot by its upgrade, a program card by its name)."""
    view = view or {}
    kind = str(choice.get("kind", choice.get("type", "")))
    arg = choice.get("arg")
    if kind == "card" and isinstance(arg, str):
        return "Program " + _words(arg)
    shop = view.get("shop")
    if kind == "buy" and isinstance(shop, list) and isinstance(arg, int) and 0 <= arg < len(shop):
        return "Buy " + _words(str(shop[arg]))
    rest = [json.dumps(v) if isinstance(v, (dict, list)) else str(v)
            for k, v in choice.items() if k not in ("kind", "type") and v not in (None, [], "")]
    return _words(kind) + (": " + " ".join(rest) if rest else "")


def _words(text: str) -> str:
    """move_2 / EndTurn / move2 -> "Move 2" / "End Turn" / "Move 2"."""
    text = re.sub(r"([a-z])(\d)", r"\1 \2", re.sub(r"([a-z])([A-Z])", r"\1 \2", text.replace("_", " ")))
    return text[:1].upper() + text[1:]


def unreachable_words(failure: BaseException | None) -> str:
    """Why a table could not be reached, in a player's words (never an exception's class name)."""
    if failure is None or isinstance(failure, TimeoutError):
        return "no answer in time: is this machine on the same network as the host?"
    if isinstance(failure, ConnectionRefusedError):
        return "nothing answers at that address: is the table still open there?"
    if isinstance(failure, OSError):
        return "the network cannot get there: check the address on the host's screen"
    return "something answers there, but not a Robo Arcade table: check the address and port"


def open_link(address: str) -> "TableLink":
    """A link to the table at `address`, or a UserError that says in words why there is none."""
    table_url(address)          # an address that cannot be one is said so, not tried
    try:
        return TableLink(address)
    except OSError as exc:
        raise UserError(address, f"cannot reach the table: {exc}") from None


class TableLink:
    """One WebSocket to a table on a thread of its own: messages in through a queue, choices out."""

    def __init__(self, address: str) -> None:
        self.url = address if address.startswith("ws://") else f"ws://{address}/"
        self.conn: Any = None
        self.failure: BaseException | None = None
        self.inbox: queue.Queue = queue.Queue()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._read, daemon=True, name="table-link")
        self.thread.start()
        if not self.ready.wait(8) or self.conn is None:
            raise OSError(unreachable_words(self.failure))

    def _read(self) -> None:
        from websockets.sync.client import connect

        try:
            with connect(self.url, max_size=1 << 22, open_timeout=5) as conn:
                self.conn = conn
                self.ready.set()
                for raw in conn:
                    self.inbox.put(json.loads(raw))
        except Exception as exc:    # noqa: BLE001 - a closed link is shown as such
            self.failure = exc
        self.ready.set()
        self.inbox.put({"type": "closed"})

    def send(self, message: dict) -> None:
        try:
            self.conn.send(json.dumps(message))
        except Exception:           # noqa: BLE001
            self.inbox.put({"type": "closed"})

    def close(self) -> None:
        self.conn.close()


class JoinTableScene(Scene):
    """Play one seat of a table from this Robo Arcade: seat picker, then the seat's choices."""

    covers_screen = True

    def __init__(self, link: TableLink, seat: int | None, code: str, token: str) -> None:
        super().__init__()
        self.link, self.seat, self.code, self.token = link, seat, code, token
        self.title, self.status, self.facts = "Robo Arcade table", "connecting", ""
        self.menu: Menu | None = None
        self.view: dict = {}
        self.move = 0
        self.game = ""
        self.board: Any = None              # the game's board drawer, for games in VIEW_BOARDS
        self.decoded: Any = None            # the seat's view as the game's own objects (for the board)
        self.choices: list[tuple[str, dict, int]] = []     # (label, choice JSON, move) of the current decision
        self.log: list[str] = []                # what happened, in the game's words (newest last)
        self.places: list[list] = []            # where each choice sits on the board (painted coordinates)
        self.page_start = self.page_len = 0     # the choices the menu's rows show: from, how many
        self.leaving = threading.Event()        # set when the screen closes: no more rejoining
        self.relinked: queue.Queue = queue.Queue()     # a new link from the rejoining thread
        self.rejoining = False
        self.screen: Any = None                 # the game's own play screen for the seat (JOINED_SCREENS)
        self.decoder: ViewDecoder | None = None # its view, decoded field by field as patches come
        self.ended = False                      # the results were shown (game.client.table_results)
        self.first: SeatUpdate | None = None    # the last update before the play screen could be made
        self.seats: list = []                   # the table's seats as it listed them (kind, name)

    def exit(self) -> None:
        self.leaving.set()
        self.link.close()
        if self.screen is not None:
            self.screen.exit()

    def leave(self) -> None:
        """Leave the seat (Back; Enter on the results): the command line's join screen quits."""
        self.app.quit()

    def update(self, dt: float) -> None:
        changed = False
        try:
            self.link = self.relinked.get_nowait()          # back on the table: its first message rejoins
            self.rejoining, changed = False, True
        except queue.Empty:
            pass
        while True:
            try:
                message = self.link.inbox.get_nowait()
            except queue.Empty:
                break
            self._receive(message)
            changed = True
        self._make_screen()
        if changed and self.app is not None:
            self.app.wake()         # the seat picker, a status line or the game changed: draw it
        if self.screen is not None and self.app is not None:      # a local seat's screen waits unseen: no app
            self.screen.app = self.app
            self.screen.update(dt)

    def animating(self) -> bool:
        return self.screen.animating() if self.screen is not None else False

    def hints(self) -> list[tuple[str, str]]:
        return self.screen.hints() if self.screen is not None else []

    def _rejoin_later(self) -> None:
        """The link dropped (Wi-Fi, a host restarting from its save): reconnect off the frame, every
        REJOIN_EVERY seconds until the screen closes; the seat token takes the seat back."""
        if self.rejoining or self.leaving.is_set():
            return
        self.rejoining = True
        url = self.link.url

        def reconnect() -> None:
            while not self.leaving.wait(REJOIN_EVERY):
                try:
                    self.relinked.put(TableLink(url))
                    return
                except OSError:
                    continue

        threading.Thread(target=reconnect, daemon=True, name="table-rejoin").start()

    def _receive(self, m: dict) -> None:
        kind = m.get("type")
        if kind == "table":
            self.title, self.game = m["title"], m["game"]
            self.seats = m.get("seats") if isinstance(m.get("seats"), list) else []
            if self.token and self.seat is not None:
                self.link.send({"type": "rejoin", "seat": self.seat, "token": self.token})
            elif self.seat is not None:
                self.link.send({"type": "join", "seat": self.seat, "code": self.code})
            else:
                self._seat_menu(m["seats"])
        elif kind == "welcome":
            self.seat, self.token = m["seat"], m["token"]
            self.status = f"seat {self.seat + 1}"
            self.menu = None
        elif kind == "seats" and isinstance(m.get("seats"), list):
            self.seats = m["seats"]             # a seat handed over (phone to AI, a player rejoined)
            if self.screen is not None and hasattr(self.screen, "who"):   # the play screen names seats by it
                self.screen.who = seat_words(self.seats, self.seat)
                self.screen.changed()
        elif kind == "update":
            if isinstance(m.get("seats"), list) and m["seats"]:
                self.seats = m["seats"]         # who plays each seat now: the play screen's words follow
            self.view = m["view"] if "view" in m else {**self.view, **m["view_patch"]}
            self.move = m["move"]
            if self._play_screen(m):
                return
            seen = plain(self.view)
            self.facts = "   ".join(f"{k} {seen[k]}" for k in ("phase", "round", "turn") if isinstance(seen.get(k), (int, str)))
            before = self.decoded
            make_board = load(VIEW_BOARDS.get(self.game))
            if make_board is not None:
                try:
                    self.decoded = from_wire(self.view, self.game)
                    self.board = self.board or make_board(self.decoded, BOARD_AREA)
                except (ValueError, TypeError, AttributeError):
                    self.decoded = self.board = None
            self._tell(m.get("events") or [], before)
            hand = seen.get("hand")
            if isinstance(hand, list) and hand and self.board is None:     # a board draws the hand itself
                self.facts += "   hand: " + ", ".join(str(c) for c in hand)
            if m["over"]:
                self.status, self.menu = self._ending(m.get("result") or {}), None
                self._results(m.get("result") or {}, len(m.get("seats") or []))
            elif m["choices"]:
                self.status = "your turn"
                decoded = [self._decode(c) for c in m["choices"]]
                self.choices = [(self._label(c, d, seen), c, m["move"]) for c, d in zip(m["choices"], decoded)]
                self.places = [self._places(d) for d in decoded]
                ask_every_step = bool(getattr(getattr(self.app, "settings", None), "ask_every_step", False))
                only = automatic_choice(self.choices, ask_every_step)
                if only is not None:             # one legal option: nothing to ask (the client's one rule)
                    self.log = (self.log + [f"Only one choice: {only[0]}"])[-LOG_LINES:]
                    self._choose(only[1], only[2])
                else:
                    self._choice_menu(0)
            else:
                self.status, self.menu = f"waiting for seat {m['current'] + 1}", None
        elif kind == "error":
            self.status = m.get("message", "refused")
            if m.get("code") in ("replaced", "bad_token"):
                self.token = ""                 # the seat is played elsewhere now: never take it back
        elif kind == "closed":
            self.menu = None
            if self.token and self.seat is not None and not self.status.startswith("game over"):
                self.status = "connection lost: rejoining your seat..."
                self._rejoin_later()
            else:
                self.status = "the table closed the connection"

    def _play_screen(self, m: dict) -> bool:
        """Hand the update to the game's own play screen (JOINED_SCREENS), made at the first one.
        False: the game has none, or the update cannot be read as its objects (the board and menu then)."""
        make = load(JOINED_SCREENS.get(self.game))
        if make is None or self.seat is None:
            return False
        rules = engine_module(catalog.BY_ID[self.game].rules)
        try:
            self.decoder = self.decoder or ViewDecoder(self.game)
            update = SeatUpdate(m["move"], m["current"], bool(m["over"]), m.get("result"), self.decoder.decode(self.view), list(from_wire(m.get("events") or [], self.game)),
                                [rules.choice_from_json(c) for c in m["choices"]], fresh="view" in m,
                                who=seat_words(self.seats, self.seat))
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            return False
        if self.screen is not None:
            self.screen.receive(update)
        else:                               # made once on the stack (a local seat's follows the game unseen)
            self.first = dataclasses.replace(update, events=[], fresh=True)
            self._make_screen()
        self.menu = None
        self.status = (self._ending(m.get("result") or {}) if m["over"] else "your turn" if m["choices"]
                       else f"waiting for seat {m['current'] + 1}")
        return True

    def _make_screen(self) -> None:
        """The game's play screen from the last update, once this join screen is on the stack."""
        make = load(JOINED_SCREENS.get(self.game))
        if self.screen is None and self.first is not None and self.app is not None and make is not None:
            self.screen = make(self.seat, self.first, self._send_choice, self.leave)
            self.screen.app = self.app
            self.screen.enter()
            self.first = None

    def _send_choice(self, choice: Any) -> None:
        """A choice of the play screen (the game's own object) to the table, for the move it answers."""
        rules = engine_module(catalog.BY_ID[self.game].rules)
        self.link.send({"type": "choose", "move": self.move, "choice": rules.choice_to_json(choice)})
        self.status = "sent"

    def _tell(self, events: list, before: Any) -> None:
        """Log what happened as the game's own log words it (the board's `describe`), newest last."""
        describe = getattr(self.board, "describe", None)
        if describe is None or self.decoded is None or not events:
            return
        try:
            for event in from_wire(events, self.game):
                line = describe(event, before if before is not None else self.decoded, self.decoded)
                if line:
                    self.log.append(line)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            pass                                # an event the board cannot word: the board still shows it
        del self.log[:-LOG_LINES]

    def _results(self, result: dict, seats: int) -> None:
        """The game's end over its final board (once): who won, why, every seat's score; Enter leaves."""
        if self.ended or self.app is None:
            return
        self.ended = True
        name = getattr(self.board, "seat_name", None) or (lambda seat: f"Seat {seat + 1}")
        count = max(seats, len(result.get("scores") or []), 1)
        self.app.stack.push(TableResultsScene(result, [name(seat) for seat in range(count)], self.seat, self.facts,
                                              "leave the table", self.leave))

    def _ending(self, result: dict) -> str:
        winners = result.get("winners") or []
        if self.seat in winners:
            return "game over: you won" if len(winners) == 1 else "game over: you won together"
        if winners:
            return "game over: won by seat " + ", ".join(str(w + 1) for w in winners)
        return "game over: " + str(result.get("cause") or result.get("outcome") or "nobody won")

    def _choice_menu(self, page: int) -> None:
        """The legal choices, PAGE at a time, with "More choices" to page through a longer list."""
        beside = self.board is not None         # the board on the left, the choices beside it
        pages = max(1, -(-len(self.choices) // PAGE))
        page %= pages
        paged = len(self.choices) > PAGE + 1
        self.page_start = page * PAGE if paged else 0
        shown = self.choices[page * PAGE:(page + 1) * PAGE] if paged else self.choices
        self.page_len = len(shown)
        items = [MenuItem(label, lambda c=c, mv=mv: self._choose(c, mv)) for label, c, mv in shown]
        if len(shown) < len(self.choices):
            items.append(MenuItem(f"More choices ({page + 1}/{pages})", lambda: self._choice_menu(page + 1)))
        self.menu = Menu(items, center_x=1055 if beside else theme.WIDTH // 2, top=160 if beside else 260,
                         width=420 if beside else 760, row_height=52)

    def _decode(self, choice: dict) -> Any:
        """A choice as the game's own object, for its board (None: no board, or not one it reads)."""
        if self.board is None or self.decoded is None:
            return None
        try:
            return engine_module(catalog.BY_ID[self.game].rules).choice_from_json(choice)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            return None

    def _label(self, choice: dict, decoded: Any, seen: dict) -> str:
        """A choice in the game's own words when its board names it (VIEW_BOARDS), else choice_label."""
        label = getattr(self.board, "label", None)
        if label is not None and decoded is not None:
            try:
                words = label(decoded, self.decoded)
            except (ValueError, TypeError, KeyError, IndexError, AttributeError):
                words = None                # a choice the board cannot name: the generic words
            if words:
                return words
        return choice_label(choice, seen)

    def _places(self, decoded: Any) -> list:
        """Where a choice sits on the board (the board's `targets`), in painted coordinates."""
        targets = getattr(self.board, "targets", None)
        if targets is None or decoded is None:
            return []
        try:
            return list(targets(decoded, self.decoded))
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            return []

    def _choice_at(self, pos: tuple[int, int]) -> int | None:
        """The legal choice whose place on the board is under `pos` (None: none, or not on the board)."""
        painted = self.board.to_painted(pos) if self.board is not None and hasattr(self.board, "to_painted") else None
        if painted is None:
            return None
        return next((index for index, places in enumerate(self.places)
                     if any(rect.collidepoint(painted) for rect in places)), None)

    def _focused_choice(self) -> int | None:
        """The choice the menu's focused row stands for (None: "More choices", or no menu)."""
        if self.menu is None or self.menu.focus >= self.page_len:
            return None
        return self.page_start + self.menu.focus

    def _seat_menu(self, seats: list) -> None:
        open_seats = [s for s in seats if s["kind"] == "remote" and not s["claimed"]]
        self.status = "pick a seat" if open_seats else "no seat is open"
        self.menu = Menu([MenuItem(f"Seat {s['seat'] + 1}", lambda s=s: self.link.send(
            {"type": "join", "seat": s["seat"], "code": self.code})) for s in open_seats],
            center_x=theme.WIDTH // 2, top=260, width=520)

    def _choose(self, choice: dict, move: int) -> None:
        self.link.send({"type": "choose", "move": move, "choice": choice})
        self.menu = None
        self.status = "sent"

    def handle(self, action: inp.Action) -> None:
        if self.menu is not None and self.choices and action.name in (inp.POINT, inp.CLICK) and action.pos:
            index = self._choice_at(action.pos)     # a card, robot or room on the board: that choice
            if index is not None:
                if action.name == inp.CLICK:
                    label, choice, move = self.choices[index]
                    self._choose(choice, move)
                elif self.page_start <= index < self.page_start + self.page_len:
                    self.menu.focus = index - self.page_start
                return
        if self.menu is not None and self.menu.handle(action):
            return
        if self.screen is not None:
            self.screen.app = self.app
            self.screen.handle(action)
        elif action.name == inp.BACK:
            self.leave()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.screen is not None:
            self.screen.app = self.app
            self.screen.draw(surface, alpha)
            if self.rejoining or self.status.startswith(("connection", "the table closed")):
                box = pygame.Rect(theme.WIDTH // 2 - 420, theme.HEIGHT // 2 - 40, 840, 80)
                panel(surface, box, theme.SHADOW, theme.BAD, radius=10)
                draw_fit(surface, self.status, box.inflate(-24, -12), "body", theme.TEXT, align="center", wrap=False)
            return
        surface.fill(theme.BG)
        draw_text(surface, self.title, (40, 28), "large", theme.ACCENT)
        draw_text(surface, self.status, (40, 100), "body", theme.TEXT)
        if self.board is not None and self.decoded is not None:
            draw_fit(surface, self.facts, pygame.Rect(40, 136, theme.WIDTH - 80, 24), "tiny", theme.TEXT_DIM, wrap=False)
            self.board.draw(surface, self.decoded)
        else:
            draw_fit(surface, self.facts, pygame.Rect(40, 150, theme.WIDTH - 80, 90), "small", theme.TEXT_DIM)
        for row, line in enumerate(self.log[-LOG_LINES:]):
            draw_fit(surface, line, pygame.Rect(LOG_AREA.left, LOG_AREA.top + row * 26, LOG_AREA.width, 24), "small",
                     theme.TEXT if row == len(self.log[-LOG_LINES:]) - 1 else theme.TEXT_DIM, wrap=False)
        if self.menu is not None:
            self.menu.draw(surface)
            focused = self._focused_choice()
            if focused is not None and self.board is not None and focused < len(self.places):
                for rect in self.places[focused]:       # the focused choice on the board
                    pygame.draw.rect(surface, theme.ACCENT, self.board.to_screen(rect).inflate(8, 8), 3, border_radius=8)
        draw_hints(surface, self.app.input, [(inp.CONFIRM, "Choose"), (inp.BACK, "Leave")])


class MenuJoinScene(JoinTableScene):
    """A joined seat opened from a menu: Back leaves the seat and returns to that menu (the
    command line's join screen quits instead)."""

    def leave(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()


class LocalSeatScene(MenuJoinScene):
    """The `local` seat of a table, played at the host's own screen: the join screen over the
    loopback, so the seat gets exactly what a phone gets. Back returns to the table's lobby with
    the seat token kept, and the next visit rejoins the seat where it is."""

    LEAVE_WORDS = "Back to the lobby"       # Esc's hint on the seat's play screen (table_seat.leave_words)

    def __init__(self, lobby: HostTableScene, link: TableLink) -> None:
        super().__init__(link, lobby.local_seat, lobby.host.code, lobby.local_token)
        self.lobby = lobby

    def exit(self) -> None:
        """Back to the lobby: the seat is left (the AI covers it after the drop timeout) and the
        next visit rejoins it with its token."""
        self.lobby.local_token, self.lobby.local_scene = self.token, None
        super().exit()
