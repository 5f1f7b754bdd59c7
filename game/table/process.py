"""The table in a process of its own, so hosting costs the host's window no frames.

`python main.py host` runs the TableHost (server, engine, AI covering dropped seats) in a
child process and talks to it over a pipe: the window gets the table's summary (seats,
whose decision) and, for the shared board, a replica of the game plus every choice applied
after it (seed + choices = the game); it sends only "hand this seat over" and "stop". The
child never shares the window's interpreter lock, so a busy table cannot stall a frame.
TableProcess offers the same few methods the screens use on a TableHost.
"""
from __future__ import annotations

import multiprocessing
import os
import queue
import time
from pathlib import Path
from typing import Any

from game import catalog
from game.core.errors import UserError
from game.core.session import GameSession, engine_module

POLL = 0.02         # seconds between the child's looks at the table


def _child(conn, spec: dict) -> None:
    """Run a table until told to stop: build it, report where it listens, stream summaries and choices."""
    if spec.get("nice") and hasattr(os, "nice"):
        os.nice(spec["nice"])
    from game.table.server import TableHost, resume_table

    try:
        if spec.get("resume"):
            host = resume_table(Path(spec["resume"]), **spec["options"])
            if host is None:
                raise UserError(spec["resume"], "no saved table to resume")
        else:
            entry = catalog.BY_ID[spec["game"]]
            engine = engine_module(entry.rules)
            session = GameSession.start(engine, engine.config_from_json(spec["config"]), spec["seed"])
            save = Path(spec["save"]) if spec.get("save") else None
            host = TableHost(session, spec["seats"], save_path=save, **spec["options"])
        host.start()
    except UserError as exc:        # its place and problem as they are: the parent raises the same line
        conn.send(("failed", [exc.where, exc.what]))
        return
    except Exception as exc:        # noqa: BLE001 - reported to the parent as one line
        conn.send(("failed", str(exc)))
        return
    conn.send(("started", {"game": host.engine.GAME_ID, "bind": host.bind, "port": host.port, "code": host.code}))
    feeds: list[queue.Queue] = []
    last = None
    parent_gone = False
    try:
        while True:
            if conn.poll(POLL):
                message = conn.recv()
                if message[0] == "stop":
                    break
                if message[0] == "hand_over":
                    host.hand_over(message[1], message[2])
                elif message[0] == "spectate":
                    replica, feed = host.spectate()
                    feeds[:] = [feed]           # one board at a time, as TableHost.spectate
                    conn.send(("replica", replica.to_json()))
            summary = host.summary()
            if summary != last:
                conn.send(("summary", summary))
                last = summary
            for feed in feeds:
                while not feed.empty():
                    conn.send(("choice", host.engine.choice_to_json(feed.get_nowait())))
    except (EOFError, BrokenPipeError, ConnectionResetError):
        # The window's process ended without a "stop" (killed by SIGTERM, or crashed): the
        # table stops quietly, its save kept for --resume; nobody is left to read a report.
        parent_gone = True
    finally:
        host.stop()
        if not parent_gone:
            conn.send(("stopped", {"cpu": host.cpu_seconds, "errors": host.errors_sent,
                                   "closed": host.closed_for_abuse}))


class ChoiceFeed:
    """What a spectator screen reads: `empty()` and `get_nowait()` like a queue, filled from the pipe."""

    def __init__(self, owner: "TableProcess") -> None:
        self.owner = owner
        self.items: queue.Queue = queue.Queue()

    def empty(self) -> bool:
        self.owner.drain()
        return self.items.empty()

    def get_nowait(self) -> Any:
        self.owner.drain()
        return self.items.get_nowait()

    def qsize(self) -> int:
        self.owner.drain()
        return self.items.qsize()


class TableProcess:
    """A TableHost in a child process; the methods the host's screens use, over a pipe."""

    def __init__(self, game_id: str, *, session: GameSession | None = None, seats: list[str] | None = None,
                 save_path: Path | None = None, resume: Path | None = None, nice: int = 0, **options: Any) -> None:
        self.entry = catalog.BY_ID[game_id]
        self.engine = engine_module(self.entry.rules)
        self.spec: dict = {"game": game_id, "options": options, "resume": str(resume) if resume else None,
                           "save": str(save_path) if save_path else None, "seats": seats, "nice": nice}
        if session is not None:
            self.spec.update(config=self.engine.config_to_json(session.config), seed=session.seed)
        self.bind, self.port, self.code = options.get("bind", "127.0.0.1"), 0, ""
        self.last_summary: dict = {"move": 0, "current": None, "over": False, "result": None, "seats": []}
        self.feeds: list[ChoiceFeed] = []
        self.stopped: dict = {}
        self.conn = self.process = None

    def start(self, timeout: float = 30.0) -> "TableProcess":
        context = multiprocessing.get_context("spawn")
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_child, args=(child, self.spec), daemon=True, name="table")
        self.process.start()
        if not self.conn.poll(timeout):
            self.process.terminate()
            raise UserError("table", "the table process did not start")
        kind, info = self.conn.recv()
        if kind != "started":
            self.process.join(5)
            raise UserError(*info) if isinstance(info, list) else UserError("table", info)
        self.bind, self.port, self.code = info["bind"], info["port"], info["code"]
        return self

    @property
    def address(self) -> str:
        return f"{self.bind}:{self.port}"

    def join_url(self) -> str:
        return f"http://{self.address}/?code={self.code}"

    def drain(self) -> None:
        """Take in whatever the child sent: summaries, choices for spectators, the stop report."""
        try:
            while self.conn.poll(0):
                kind, data = self.conn.recv()
                self._take(kind, data)
        except (EOFError, OSError):
            pass

    def _take(self, kind: str, data: Any) -> None:
        if kind == "summary":
            self.last_summary = data
        elif kind == "choice":
            for feed in self.feeds:
                feed.items.put(self.engine.choice_from_json(data))
        elif kind == "stopped":
            self.stopped = data

    def summary(self) -> dict:
        self.drain()
        return self.last_summary

    def hand_over(self, seat: int, kind: str) -> None:
        self.conn.send(("hand_over", seat, kind))

    def spectate(self, timeout: float = 10.0) -> tuple[GameSession, ChoiceFeed]:
        self.conn.send(("spectate",))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.conn.poll(0.05):
                kind, data = self.conn.recv()
                if kind == "replica":
                    replica, _ = GameSession.from_json(data, self.engine, "table")
                    feed = ChoiceFeed(self)
                    self.feeds[:] = [feed]
                    return replica, feed
                self._take(kind, data)
        raise UserError("table", "the table did not answer")

    def stop(self) -> None:
        if self.process is None:
            return
        try:
            self.conn.send(("stop",))
            deadline = time.monotonic() + 10
            while not self.stopped and time.monotonic() < deadline and self.process.is_alive():
                if self.conn.poll(0.05):
                    self._take(*self.conn.recv())
        except (EOFError, OSError, BrokenPipeError):
            pass
        self.process.join(5)
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(5)
        self.process = None
