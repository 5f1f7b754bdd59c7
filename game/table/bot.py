"""`python main.py table-bot --connect ADDRESS --seat N --ai LEVEL`: an AI plays one seat of a table.

It is a client like any phone: it joins its seat with the join code (or rejoins with a
token), rebuilds its view from the wire (game.table.wire.from_wire) and lets the game's AI
choose among the legal choices the host sent. Tests and demos fill remote seats with it;
`--drop-after N` makes it leave after N of its choices and come back with its token,
the way a phone that locks does.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from game import catalog
from game.core.errors import UserError
from game.core.session import engine_module
from game.table.protocol import Limiter, table_url
from game.table.wire import from_wire


@dataclass
class BotReport:
    seat: int
    choices: int = 0
    rejoins: int = 0
    errors: list = field(default_factory=list)
    result: dict | None = None
    latencies: list = field(default_factory=list)      # seconds from sending a choice to the next update

    def to_json(self) -> dict:
        return {"seat": self.seat, "choices": self.choices, "rejoins": self.rejoins,
                "errors": self.errors[:10], "result": self.result}


def play_seat(address: str, seat: int, level: str = "normal", *, code: str = "", token: str = "",
              seed: int = 0, drop_after: int | None = None, away: float = 0.2,
              timeout: float = 120.0, say: Callable[[str], None] | None = None) -> BotReport:
    """Play `seat` at the table at `address` ("host:port") until the game ends; returns what happened.
    `say` hears, once, that no table answers yet (the bot keeps trying until `timeout`)."""
    from websockets.exceptions import WebSocketException
    from websockets.sync.client import connect

    report = BotReport(seat)
    deadline = time.monotonic() + timeout
    url = table_url(address)            # 'x:y' is a one-line UserError, not a ValueError from deep in websockets
    state: dict[str, Any] = {"token": token, "player": None, "engine": None, "game": None, "pace": Limiter()}
    while True:
        try:
            outcome = _session(connect, url, address, seat, level, code, seed, drop_after, deadline, report, state)
        except (WebSocketException, OSError, EOFError):
            # the connection dropped, or the host is (re)starting and refused or answered a
            # handshake half-way (any websockets error, a refused or timed-out connect): come
            # back, with the seat token once there is one, until the deadline
            if time.monotonic() > deadline:
                raise
            if say is not None and state["game"] is None and report.rejoins == 0:
                say(f"no table answers at {address} yet; trying again for up to {timeout:g} s")
                say = None
            outcome = "lost"
        if outcome == "over":
            return report
        drop_after = None
        report.rejoins += 1
        time.sleep(away)


def _open(connect, url: str):
    """The connection, after its handshake. Something that is not a table answering junk can
    trip an internal assertion of websockets' sync client (its reader thread closing while the
    handshake still waits); that is a refused connection like any other, not a traceback."""
    try:
        return connect(url, max_size=1 << 22, open_timeout=10)
    except AssertionError as exc:
        raise EOFError("the handshake broke off") from exc


def _session(connect, url: str, address: str, seat: int, level: str, code: str, seed: int,
             drop_after: int | None, deadline: float, report: BotReport, state: dict) -> str:
    """One connection: join or rejoin, then play until the game ends ("over") or the bot leaves ("left")."""
    token = state["token"]
    with _open(connect, url) as conn:
        hello = json.loads(conn.recv(timeout=10))
        if hello.get("type") != "table":
            raise UserError(address, "not a Robo Arcade table")
        if state["game"] is None:
            entry = catalog.BY_ID[hello["game"]]
            state["game"], state["engine"] = entry.id, engine_module(entry.rules)
            try:
                state["player"] = catalog.load(entry.ai)(level, seed * 101 + seat)
            except ValueError as exc:       # an AI level this game does not have
                raise UserError("--ai", str(exc)) from None
        game_id, engine, player = state["game"], state["engine"], state["player"]
        if token:
            conn.send(json.dumps({"type": "rejoin", "seat": seat, "token": token}))
        else:
            conn.send(json.dumps({"type": "join", "seat": seat, "code": code, "name": f"bot {level}"}))
        sent_at = None
        view_wire: dict = {}
        while time.monotonic() < deadline:
            message = json.loads(conn.recv(timeout=max(0.1, deadline - time.monotonic())))
            kind = message.get("type")
            if kind == "welcome":
                state["token"] = message["token"]
            elif kind == "error":
                report.errors.append(message.get("code"))
                if message.get("code") in ("bad_code", "bad_token", "seat_taken", "not_open", "replaced", "no_such_seat"):
                    raise UserError(f"{address} seat {seat}", message.get("message", "refused"))
            elif kind == "update":
                if sent_at is not None:
                    report.latencies.append(time.monotonic() - sent_at)
                    sent_at = None
                view_wire = message["view"] if "view" in message else {**view_wire, **message["view_patch"]}
                if message["over"]:
                    report.result = message["result"]
                    return "over"
                if message["choices"]:
                    if drop_after is not None and report.choices >= drop_after:
                        return "left"
                    view = from_wire(view_wire, game_id)
                    choices = [engine.choice_from_json(c) for c in message["choices"]]
                    choice = player.choose(view, choices)
                    while not state["pace"].allow():      # never faster than the host allows
                        time.sleep(0.005)
                    sent_at = time.monotonic()
                    conn.send(json.dumps({"type": "choose", "move": message["move"],
                                          "choice": engine.choice_to_json(choice)}))
                    report.choices += 1
        raise UserError(f"{address} seat {seat}", f"the game did not end in time (errors: {report.errors[-5:]})")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="main.py table-bot", description=__doc__.splitlines()[0])
    parser.add_argument("--connect", required=True, metavar="ADDRESS", help="the table, host:port")
    parser.add_argument("--seat", type=int, required=True, help="seat index, from 0")
    parser.add_argument("--ai", default="normal", metavar="LEVEL", help="AI level of the game")
    parser.add_argument("--code", default="", help="the table's join code (to claim a new seat)")
    parser.add_argument("--token", default="", help="the seat token (to rejoin a seat)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--drop-after", type=int, default=None, metavar="N",
                        help="leave after N choices and rejoin with the token (a phone that locks)")
    parser.add_argument("--timeout", type=float, default=600.0)
    args = parser.parse_args(argv)
    if not 0 <= args.seat <= 5:           # a table has at most 6 seats; the host would only ever refuse it
        raise UserError("command line", f"--seat is a seat index from 0 to 5 (got {args.seat})")
    if not 1 <= args.timeout <= 86400:        # also NaN: the bot retried a missing table for ever
        raise UserError("command line", f"--timeout must be from 1 to 86400 seconds (got {args.timeout:g})")
    from websockets.exceptions import WebSocketException

    try:
        report = play_seat(args.connect, args.seat, args.ai, code=args.code, token=args.token, seed=args.seed,
                           drop_after=args.drop_after, timeout=args.timeout,
                           say=lambda text: print(text, file=sys.stderr, flush=True))
    except (OSError, TimeoutError, ConnectionError, EOFError, WebSocketException) as exc:   # the last: not a table there
        print(f"{args.connect}: cannot play seat {args.seat} ({exc.__class__.__name__}: {exc})", file=sys.stderr)
        return 2
    print(json.dumps(report.to_json()))
    return 0
