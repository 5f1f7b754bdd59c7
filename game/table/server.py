"""The host of a networked table: it runs the engine, and phones, other Robo Arcades and
table-bots play their seats over WebSockets.

The host is the only authority. A client receives only its seat's view and the events its
seat may be told (`events_for_seat`), and sends choices, which are checked against the
engine's legal choices before anything changes. Everything runs on one asyncio loop in its
own thread, so the host's render loop only ever reads a snapshot (`snapshot()`), and all
changes to the game happen on that one thread, in order.

Seats are "remote" (a player joins with the table's join code and is given a seat token),
"ai" or "local" (played by the host's own window through `submit`). The game waits for a
remote seat nobody has claimed yet (the host can hand it to the AI); a claimed seat whose
player dropped is played by the AI after `drop_timeout` seconds, until its player rejoins
with the token. After every choice the table (game, tokens, seats) is
saved atomically in the background, so a host that crashes resumes with `resume_table`
and every client rejoins with the token it kept. The same port serves the phone page
(game/table/page/) over plain HTTP.
"""
from __future__ import annotations

import asyncio
import dataclasses
import json
import queue
import re
import secrets
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import catalog
from game.core import storage
from game.core.files import Field, Schema, read_bytes
from game.core.session import GameSession, engine_module
from game.core.errors import UserError
from game.table import protocol
from game.table.protocol import BadMessage, Limiter, error, parse_client_message
from game.table.wire import MARK, to_wire

TABLE_FORMAT = "robo-arcade-table"
TABLE_SCHEMA = Schema({
    "format": Field(str, TABLE_FORMAT, choices=(TABLE_FORMAT,)),
    "version": Field(int, 1, 0, 1),
    "session": Field(dict, None, nullable=True),
    "seats": Field(list, []),
    "code": Field(str, "", check=lambda code: None if re.fullmatch(r"[A-Z0-9]{0,15}", code) else
                  "a join code is up to 15 capital letters and digits"),      # a phone could never type another
}, version=1)
SEAT_KINDS = ("remote", "ai", "local")
OUTBOX = 64                 # updates queued for one client before it counts as gone
PAGE_DIR = Path(__file__).parent / "page"
PAGE_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
              ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".png": "image/png"}


@dataclass
class Seat:
    index: int
    kind: str                          # remote | ai | local
    token: str | None = None           # a remote seat's token once a player claimed it
    name: str = ""
    client: "Client | None" = None
    since: float = field(default_factory=time.monotonic)    # when it last lost (or never had) a player

    def status(self) -> dict:
        return {"seat": self.index, "kind": self.kind, "claimed": self.token is not None,
                "connected": self.client is not None, "name": self.name}


@dataclass
class Client:
    conn: Any
    limiter: Limiter = field(default_factory=Limiter)
    seat: int | None = None
    outbox: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(OUTBOX))
    last_view: dict | None = None      # the view fields this client was sent last (for patches)
    seat_view: Any = None              # the view itself, the "before" of the next events' words


_ABSENT = object()
_IMMUTABLE = (int, float, str, bool, type(None), tuple, frozenset)


def view_fields(view: Any) -> dict:
    """A view's top-level fields by name, plus its class under MARK (what a patch is made of)."""
    return {MARK: type(view).__qualname__, **{f.name: getattr(view, f.name) for f in dataclasses.fields(view)}}


def _same(old: Any, new: Any) -> bool:
    """Unchanged since the last update? The very same object counts only when it cannot have been
    changed in place (a value, or a dataclass such as a course board that the engine never mutates)."""
    if old is new:
        return dataclasses.is_dataclass(new) or isinstance(new, _IMMUTABLE)
    try:
        return type(old) is type(new) and bool(old == new)
    except Exception:           # noqa: BLE001 - an odd comparison just means "send it"
        return False


class TableHost:
    """One table: an engine session, its seats and the WebSocket server, on its own thread."""

    def __init__(self, session: GameSession, seats: list[str], *, ai_level: str = "normal",
                 bind: str = "127.0.0.1", port: int = 0, save_path: Path | None = None,
                 drop_timeout: float | None = 20.0, code: str | None = None,
                 tokens: list[str | None] | None = None, names: list[str] | None = None,
                 rate: tuple[float, float] = (protocol.RATE_PER_SECOND, protocol.RATE_BURST),
                 art: dict[str, bytes] | None = None, words: Any = None) -> None:
        engine = session.engine
        count = engine.seat_count(session.state)
        if len(seats) != count or any(kind not in SEAT_KINDS for kind in seats):
            raise UserError("table seats", f"give {count} seats, each one of {', '.join(SEAT_KINDS)}")
        self.session = session
        self.engine = engine
        self.entry = catalog.BY_ID[engine.GAME_ID]
        self.seats = [Seat(i, kind) for i, kind in enumerate(seats)]
        for seat, token in zip(self.seats, tokens or []):
            seat.token = token if seat.kind == "remote" else None
        for seat, name in zip(self.seats, names or []):
            seat.name = name
        self.ai_level = ai_level
        self.rate = rate                   # (messages per second, burst) each connection may send
        self.bind, self.port = bind, port
        self.save_path = save_path
        self.drop_timeout = drop_timeout
        self.code = code or "".join(secrets.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(5))
        self.move = len(session.choices)
        self.lock = threading.Lock()           # held while the game changes; snapshot() reads under it
        self.errors_sent = 0
        self.closed_for_abuse = 0
        self.cpu_seconds = 0.0
        self.refused_connections = 0
        self._open = 0                           # connections open now (the loop thread's count)
        self.last_error: tuple | None = None     # (seat, code, message) of the last refusal, for reports
        self._players: dict[int, Any] = {}
        self._feeds: list[queue.Queue] = []     # spectators' copies of every applied choice
        self._thinking = False
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="table-ai")
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._wake: asyncio.Event | None = None
        self._failure: BaseException | None = None
        self._page = {name: read_bytes(PAGE_DIR / name, what="table page")
                      for name in ("index.html", "table.js", "table.css") if (PAGE_DIR / name).exists()}
        # card faces drawn by the game's own screens (game/client/table_art.py), for the phone page
        self.art = dict(art or {})
        self._page.update({f"art/{name}.png": png for name, png in self.art.items()})
        # the game's own words for choices and events (game/client/table_words.py: labels(choices,
        # view), log(events, before, after)); without them the page words the raw data itself
        self.words = words

    # ------------------------------------------------------------------ life cycle (any thread)
    def start(self, timeout: float = 10.0) -> "TableHost":
        self._thread = threading.Thread(target=self._run, name="table-host", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout) or self._failure is not None:
            raise UserError(f"table on {self.bind}:{self.port}",
                            f"cannot listen ({self._failure or 'timed out'})")
        return self

    def stop(self) -> None:
        """Close the table (idempotent): the port is free and the last save is on disk when it returns."""
        if self._thread is None:
            return
        if self._loop is not None and self._stop is not None and self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)
        self._thread = None
        self._pool.shutdown(wait=True, cancel_futures=True)
        if self.save_path is not None:
            storage.wait_idle(self.save_path)

    @property
    def address(self) -> str:
        return f"{self.bind}:{self.port}"

    def join_url(self) -> str:
        return f"http://{self.address}/?code={self.code}"

    def snapshot(self) -> tuple[int, Any]:
        """(move number, a copy of the state) for the host's own window."""
        with self.lock:
            return self.move, self.session.state.copy()

    def spectate(self) -> tuple[GameSession, queue.Queue]:
        """A replica of the game now and a queue of every choice applied from here on: the host's
        window replays them on its own copy to draw the shared board (seed + choices = the game).
        The window shows one board: a new spectator replaces the last, whose queue is dropped (the
        lobby's P opens the board again and again; each queue kept would grow for the whole game)."""
        with self.lock:
            replica, _ = GameSession.from_json(self.session.to_json(), self.engine, "table")
            feed: queue.Queue = queue.Queue()
            self._feeds[:] = [feed]
        return replica, feed

    def seat_status(self) -> list[dict]:
        return [seat.status() for seat in self.seats]

    def summary(self) -> dict:
        """What the host's window shows: move, whose decision, the end, the seats (read under the lock)."""
        with self.lock:
            engine, state = self.engine, self.session.state
            result = engine.result(state)
            return {"move": self.move, "current": engine.current_seat(state), "over": engine.is_over(state),
                    "result": None if result is None else result.to_json(), "seats": self.seat_status()}

    def submit(self, seat: int, choice: Any, timeout: float = 5.0) -> dict | None:
        """A local seat's choice from the host's window; None when applied, else the error message."""
        future = asyncio.run_coroutine_threadsafe(self._local_choice(seat, choice), self._loop)
        return future.result(timeout)

    def hand_over(self, seat: int, kind: str) -> None:
        """The host makes a seat AI, remote (a late joiner may claim it) or local."""
        if kind not in SEAT_KINDS:
            raise ValueError(kind)
        self._loop.call_soon_threadsafe(self._hand_over, seat, kind)

    # ------------------------------------------------------------------ the loop thread
    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as exc:          # noqa: BLE001 - reported to start(), never a traceback
            self._failure = exc
            self._ready.set()

    async def _main(self) -> None:
        from websockets.asyncio.server import serve

        self._loop = asyncio.get_running_loop()
        self._stop, self._wake = asyncio.Event(), asyncio.Event()
        async with serve(self._connection, self.bind, self.port, max_size=protocol.MAX_FRAME_BYTES,
                         max_queue=4, process_request=self._http, ping_interval=10, ping_timeout=20, close_timeout=1,
                         server_header="RoboArcadeTable") as server:
            self.port = server.sockets[0].getsockname()[1]
            self._ready.set()
            driver = asyncio.create_task(self._drive())
            await self._stop.wait()
            driver.cancel()
            server.close()
        self.cpu_seconds = time.thread_time()       # what the table's own thread cost (bench table reports it)

    def _http(self, connection, request):
        """Plain HTTP on the table's port: the phone page. WebSocket upgrades pass through."""
        if request.headers.get("Upgrade", "").lower() == "websocket":
            return None
        from websockets.datastructures import Headers
        from websockets.http11 import Response

        name = request.path.split("?", 1)[0].lstrip("/") or "index.html"
        body = self._page.get(name)
        if body is None:
            return connection.respond(404, "not found\n")
        headers = Headers([("Content-Type", PAGE_TYPES[Path(name).suffix]), ("Content-Length", str(len(body))),
                           ("Cache-Control", "max-age=86400" if name.startswith("art/") else "no-store"),
                           ("X-Content-Type-Options", "nosniff")])
        return Response(200, "OK", headers, body)

    async def _connection(self, conn) -> None:
        if self._open >= protocol.MAX_CONNECTIONS:
            self.refused_connections += 1
            await conn.close(1013, "the table is full")
            return
        self._open += 1
        try:
            await self._serve(conn)
        finally:
            self._open -= 1

    async def _serve(self, conn) -> None:
        client = Client(conn, Limiter(rate=self.rate[0], burst=self.rate[1], tokens=self.rate[1]))
        writer = asyncio.create_task(self._writer(client))
        self._send(client, {"type": "table", "protocol": protocol.PROTOCOL, "game": self.engine.GAME_ID,
                            "title": self.entry.title, "seats": self.seat_status(), "art": sorted(self.art),
                            **self._table_words()})
        try:
            async for raw in conn:
                if not client.limiter.allow():
                    if self._refuse(client, BadMessage("too_fast", "slow down: too many messages")):
                        break
                    if client.seat is not None:          # the refused message may have been a choice: resync
                        client.last_view = None
                        self._send(client, self._update(client, client.seat, []))
                    continue
                try:
                    message = parse_client_message(raw)
                    self._handle(client, message)
                except BadMessage as exc:
                    if self._refuse(client, exc):
                        break
                else:
                    client.limiter.good()
        except Exception:           # noqa: BLE001 - a broken connection never reaches the table
            pass
        finally:
            self._detach(client)
            try:                                # the errors already queued go out before the close
                client.outbox.put_nowait(None)
                await asyncio.wait_for(writer, 2.0)
            except (asyncio.QueueFull, asyncio.TimeoutError):
                writer.cancel()
            await conn.close(1008 if client.limiter.strikes >= client.limiter.strikes_to_close else 1000)

    async def _writer(self, client: Client) -> None:
        try:
            while (text := await client.outbox.get()) is not None:
                await client.conn.send(text)
        except Exception:           # noqa: BLE001 - the reader side notices the closed connection
            pass

    def _send(self, client: Client, message: dict) -> None:
        try:
            client.outbox.put_nowait(json.dumps(message, separators=(",", ":")))
        except asyncio.QueueFull:            # a client that stopped reading: let it rejoin fresh
            self._loop.create_task(client.conn.close(1013, "too far behind"))

    def _refuse(self, client: Client, exc: BadMessage) -> bool:
        """Send an error; True when the connection has had enough strikes to be closed."""
        self.errors_sent += 1
        self.last_error = (client.seat, exc.code, str(exc))
        if not exc.sent:
            self._send(client, error(exc.code, str(exc)))
        if client.limiter.strike():
            self.closed_for_abuse += 1
            return True
        return False

    # ------------------------------------------------------------------ messages
    def _handle(self, client: Client, message: dict) -> None:
        kind = message["type"]
        if kind == "ping":
            self._send(client, {"type": "pong", "move": self.move})
        elif kind == "join":
            self._join(client, message)
        elif kind == "rejoin":
            self._rejoin(client, message)
        elif kind == "choose":
            if client.seat is None:
                raise BadMessage("no_seat", "join a seat first")
            refused = self._choose(client.seat, message["move"], message["choice"])
            if refused is not None:
                client.last_view = None          # resync: the client's picture of the table was off
                self._send(client, error(refused["code"], refused["message"]))
                self._send(client, self._update(client, client.seat, []))
                raise BadMessage(refused["code"], refused["message"], sent=True)

    def _join(self, client: Client, message: dict) -> None:
        if client.seat is not None:
            raise BadMessage("has_seat", "this connection already plays a seat")
        if not secrets.compare_digest(message["code"].upper(), self.code):
            raise BadMessage("bad_code", "wrong join code")
        seat = self._seat(message["seat"])
        if seat.kind != "remote":
            raise BadMessage("not_open", f"seat {seat.index + 1} is not open to players")     # seats are said from 1
        if seat.token is not None:
            raise BadMessage("seat_taken", f"seat {seat.index + 1} is taken; rejoin it with its token")
        seat.token = secrets.token_urlsafe(18)
        seat.name = message.get("name", "")[:40]
        self._attach(client, seat)
        self._save()

    def _rejoin(self, client: Client, message: dict) -> None:
        seat = self._seat(message["seat"])
        if seat.kind != "remote" or seat.token is None or not secrets.compare_digest(message["token"], seat.token):
            raise BadMessage("bad_token", "that token does not hold that seat")
        if client.seat is not None and client.seat != seat.index:
            raise BadMessage("has_seat", "this connection already plays another seat")
        if seat.client is not None and seat.client is not client:
            old = seat.client
            old.seat = None
            self._send(old, error("replaced", "this seat was rejoined from another connection"))
            self._loop.create_task(old.conn.close(4000, "replaced"))
        self._attach(client, seat)

    def _seat(self, index: int) -> Seat:
        if not 0 <= index < len(self.seats):
            raise BadMessage("no_such_seat", f"this table has no seat {index + 1} (its seats are 1-{len(self.seats)})")
        return self.seats[index]

    def _attach(self, client: Client, seat: Seat) -> None:
        seat.client = client
        client.seat = seat.index
        self._send(client, {"type": "welcome", "protocol": protocol.PROTOCOL, "game": self.engine.GAME_ID,
                            "seat": seat.index, "token": seat.token, "code": self.code,
                            "seats": self.seat_status()})
        client.last_view = None                  # a (re)joined seat gets its whole view first
        self._send(client, self._update(client, seat.index, []))
        self._announce()

    def _detach(self, client: Client) -> None:
        if client.seat is not None:
            seat = self.seats[client.seat]
            if seat.client is client:
                seat.client = None
                seat.since = time.monotonic()
                self._announce()
            client.seat = None
        self._wake.set()

    def _announce(self) -> None:
        status = {"type": "seats", "seats": self.seat_status()}
        for seat in self.seats:
            if seat.client is not None:
                self._send(seat.client, status)

    def _hand_over(self, index: int, kind: str) -> None:
        seat = self.seats[index]
        if seat.kind == kind:
            return
        if seat.client is not None:
            self._loop.create_task(seat.client.conn.close(4001, "seat handed over"))
        seat.kind, seat.token, seat.since = kind, None, time.monotonic()
        self._save()
        self._announce()
        self._wake.set()

    # ------------------------------------------------------------------ choices
    async def _local_choice(self, seat: int, choice: Any) -> dict | None:
        if self.seats[seat].kind != "local":
            return error("not_local", f"seat {seat} is not played at this screen")
        return self._choose(seat, self.move, self.engine.choice_to_json(choice))

    def _choose(self, seat: int, move: int, raw: Any) -> dict | None:
        """Apply a seat's choice if it is that seat's turn and legal; else the error (nothing changed)."""
        engine, session = self.engine, self.session
        if session.is_over():
            return error("over", "the game is over")
        if move != self.move:
            return error("stale", f"that choice answered move {move}; the table is at move {self.move}",
                         move=self.move)
        if engine.current_seat(session.state) != seat:
            return error("not_your_turn", f"it is seat {engine.current_seat(session.state)}'s decision")
        try:
            choice = engine.choice_from_json(raw)
            wanted = engine.choice_to_json(choice)
        except Exception:           # noqa: BLE001 - any shape a client sends is only ever an error
            return error("bad_choice", "not a choice of this game")
        legal = {json.dumps(engine.choice_to_json(c), sort_keys=True): c for c in session.legal_choices()}
        picked = legal.get(json.dumps(wanted, sort_keys=True))
        if picked is None:
            return error("illegal", "that choice is not legal now")
        self._apply(picked)
        return None

    def _apply(self, choice: Any) -> None:
        session = self.session
        seat = self.engine.current_seat(session.state)
        with self.lock:
            before, count = session.state.copy(), len(session.choices)
            try:
                events = session.apply(choice)
            except Exception:       # noqa: BLE001 - an engine bug must not end the table: undo it
                session.state = before
                del session.choices[count:]
                return
            self.move += 1
            for feed in self._feeds:
                feed.put(choice)
        # The seat that chose and the seat that decides next hear first; the others' updates are
        # built on the loop's next turn, after those two went out (a choice's reply never waits
        # for five other seats' views to be encoded).
        first = {seat, self.engine.current_seat(session.state)}
        for index in sorted(first, key=lambda i: i is None):
            self._send_update(index, events)
        self._loop.call_soon(self._send_updates, [i for i in range(len(self.seats)) if i not in first], events)
        self._save()
        self._wake.set()

    def _send_updates(self, seats: list[int], events: list) -> None:
        for index in seats:
            self._send_update(index, events)

    def _send_update(self, index: int | None, events: list) -> None:
        client = self.seats[index].client if index is not None else None
        if client is not None:
            self._send(client, self._update(client, index, events))

    def _update(self, client: Client, seat: int, events: list) -> dict:
        """The seat's update: its whole view the first time, afterwards only the view's fields that changed."""
        engine, state = self.engine, self.session.state
        current = engine.current_seat(state)
        result = engine.result(state)
        mine = current == seat and not engine.is_over(state)
        view = engine.seat_view(state, seat)
        before, client.seat_view = client.seat_view, view
        fields = view_fields(view)
        old, client.last_view = client.last_view, fields
        if old is None or old.get(MARK) != fields[MARK]:
            body = {"view": to_wire(view)}
        else:
            body = {"view_patch": {name: to_wire(value) for name, value in fields.items()
                                   if name != MARK and not _same(old.get(name, _ABSENT), value)}}
        told = tuple(engine.events_for_seat(events, seat))
        choices = engine.legal_choices(state) if mine else []
        update = {"type": "update", "move": self.move, "seat": seat, "current": current,
                  "over": engine.is_over(state), "result": None if result is None else result.to_json(), **body,
                  "events": to_wire(told), "choices": [engine.choice_to_json(c) for c in choices],
                  "seats": self.seat_status()}
        if self.words is not None:
            update.update(self._worded(choices, told, before, view))
        return update

    def _table_words(self) -> dict:
        """`names` (every seat as the game's log names it) and `captions` (each card face's words),
        for the phone page's table message (none without words)."""
        try:
            if self.words is None:
                return {}
            return {"names": self.words.seat_names(len(self.seats)), "captions": self.words.captions()}
        except Exception:           # noqa: BLE001 - words are a courtesy: the page says "Seat N"
            return {}

    def _worded(self, choices: list, events: tuple, before: Any, view: Any) -> dict:
        """`labels` (each choice in the game's words, or null), `log` (a line per event worth
        telling), `prompt` (what the seat is asked, or null) and at the end `ending` (why it
        ended) for the phone page; a wording that fails
        leaves the page its own words."""
        try:
            worded = {"labels": self.words.labels(list(choices), view), "log": self.words.log(list(events), before, view),
                      "prompt": self.words.prompt(view, list(choices))}
            result = self.engine.result(self.session.state)
            if result is not None:
                worded["ending"] = self.words.ending(result.to_json())
            return worded
        except Exception:           # noqa: BLE001 - words are a courtesy: never the reason an update is lost
            return {}

    # ------------------------------------------------------------------ AI seats and dropped players
    def _ai_plays(self, seat: int) -> bool:
        info = self.seats[seat]
        if info.kind == "ai":
            return True
        if info.kind == "remote" and info.token is not None and info.client is None and self.drop_timeout is not None:
            return time.monotonic() - info.since >= self.drop_timeout
        return False

    async def _drive(self) -> None:
        """Whenever an AI (or the AI standing in for a dropped player) must decide, let it think off-loop."""
        while True:
            try:
                await asyncio.wait_for(self._wake.wait(), 0.1)
            except asyncio.TimeoutError:
                pass
            self._wake.clear()
            if self._thinking or self.session.is_over():
                continue
            seat = self.engine.current_seat(self.session.state)
            if seat is not None and self._ai_plays(seat):
                self._thinking = True
                asyncio.create_task(self._ai_turn(seat))

    async def _ai_turn(self, seat: int) -> None:
        try:
            move, state = self.move, self.session.state
            view, choices = self.engine.seat_view(state, seat), self.engine.legal_choices(state)
            player = self._player(seat)
            choice = await self._loop.run_in_executor(self._pool, player.choose, view, choices)
            if self.move == move and self._ai_plays(seat):     # the player may have come back meanwhile
                self._choose(seat, move, self.engine.choice_to_json(choice))
        except Exception:           # noqa: BLE001 - a failing AI falls back to the first legal choice
            legal = self.session.legal_choices()
            if legal and self.engine.current_seat(self.session.state) == seat:
                self._apply(legal[0])
        finally:
            self._thinking = False
            self._wake.set()

    def _player(self, seat: int) -> Any:
        if seat not in self._players:
            make = catalog.load(self.entry.ai)
            self._players[seat] = make(self.ai_level, self.session.seed * 101 + seat)
        return self._players[seat]

    # ------------------------------------------------------------------ save and resume
    def to_json(self) -> dict:
        return {"format": TABLE_FORMAT, "version": 1, "session": self.session.to_json(), "code": self.code,
                "seats": [{"kind": s.kind, "token": s.token, "name": s.name} for s in self.seats]}

    def _save(self) -> None:
        if self.save_path is None:
            return
        if self.session.is_over():
            storage.remove_later(self.save_path)
        else:
            storage.save_later(self.save_path, self.to_json())


def table_save_path(game_id: str) -> Path:
    """Where the open table of `game_id` is kept while it plays (a crashed host resumes from it)."""
    return storage.data_dir() / "tables" / f"{game_id}.json"


def resume_table(path: Path, **options: Any) -> TableHost | None:
    """The table saved at `path` (game, seats, tokens, join code), or None when there is none.

    A damaged save is a UserError naming the file and the field, never a traceback."""
    data, warning = storage.load_json(path, default=None, schema=TABLE_SCHEMA)
    if warning:                     # the warning names the file first ("PATH line 1: not UTF-8 ...")
        where, _, what = warning.partition(": ")
        raise UserError(where, what)
    if data is None or not isinstance(data.get("session"), dict):
        return None
    game_id = data["session"].get("game")
    entry = catalog.BY_ID.get(game_id) if isinstance(game_id, str) else None
    if entry is None or entry.rules is None:
        raise UserError(f"{path} session game", f"not a game of this arcade: {game_id!r}")
    if path.stem in catalog.BY_ID and path.stem != game_id:     # tables/<game>.json: `host roborun --resume` opened a ROBOMissions table
        raise UserError(f"{path} session game", f"holds a {game_id} table, not a {path.stem} one")
    session, _ = GameSession.from_json(data["session"], engine_module(entry.rules), f"{path} session")
    seats = data["seats"]
    if not all(isinstance(s, dict) and s.get("kind") in SEAT_KINDS for s in seats):
        raise UserError(f"{path} seats", f"each seat is an object with a kind ({', '.join(SEAT_KINDS)})")
    tokens = [s.get("token") if isinstance(s.get("token"), str) else None for s in seats]
    names = [s.get("name") if isinstance(s.get("name"), str) else "" for s in seats]
    return TableHost(session, [s["kind"] for s in seats], code=data["code"] or None, tokens=tokens,
                     names=names, save_path=path, **options)
