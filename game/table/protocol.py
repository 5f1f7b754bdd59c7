"""The table protocol: what clients may send, checked before anything reaches the engine.

Every client message is one WebSocket text frame holding one JSON object with a "type".
`parse_client_message` turns raw frame data into a checked dict or raises `BadMessage`
with a machine code and a one-line reason; the host answers that with an "error" message
and counts a strike against the connection (docs/table-protocol.md lists every message).
Nothing here does I/O or touches a game, so it is tested without a socket.
"""
from __future__ import annotations

import time
import urllib.parse
from dataclasses import dataclass, field
from typing import Any

from game.core.errors import UserError
from game.core.files import parse_json

PROTOCOL = 1
MAX_MESSAGE_BYTES = 4096        # a client message is a choice: an error past this, a strike
MAX_FRAME_BYTES = 65536         # past this the WebSocket layer closes the connection at once
MAX_DEPTH = 8                   # JSON nesting of a client message
STRIKES_TO_CLOSE = 5            # bad messages (less one per good one) before the host closes the connection
RATE_PER_SECOND = 50.0          # sustained client messages per second (a person taps far slower; a bot paces itself) ...
RATE_BURST = 100.0              # ... with this much burst
MAX_CONNECTIONS = 32            # open connections at once (a table has at most 6 seats); more are closed
TOKEN_CHARS = 64                # a seat token is shorter than this
CODE_CHARS = 16                 # a join code is shorter than this

def table_url(address: str) -> str:
    """The WebSocket URL of the table at `address` as typed (host:port, or ws://host:port/), or a
    one-line UserError before any connection is tried when it cannot be one: no host, or a port
    that is not 1-65535 ('x:y' raised a ValueError traceback out of the table-bot; 'join
    127.0.0.1:99999' said "something answers there")."""
    url = address if address.startswith("ws://") else f"ws://{address}/"
    try:
        parts = urllib.parse.urlsplit(url)
        host, port = parts.hostname, parts.port
    except ValueError:          # '[::1' (an unclosed IPv6 bracket), 'x:y', a port past 65535
        host, port = None, None
    if not host or port is None or not 1 <= port <= 65535:
        raise UserError(address, "not a table address: give host:port as the host's screen shows it, "
                        "e.g. 192.168.1.20:8765")
    return url


# type -> {field: (python type, required)}
SCHEMA: dict[str, dict[str, tuple[type, bool]]] = {
    "join": {"seat": (int, True), "code": (str, True), "name": (str, False)},
    "rejoin": {"seat": (int, True), "token": (str, True)},
    "choose": {"move": (int, True), "choice": (dict, True)},
    "ping": {},
}


class BadMessage(ValueError):
    """A client message the host refuses; `code` is the machine word sent back in the error."""

    def __init__(self, code: str, reason: str, sent: bool = False) -> None:
        super().__init__(reason)
        self.code = code
        self.sent = sent            # the error already went out (with a fresh update after it)


def parse_client_message(raw: Any) -> dict:
    """Raw frame data (str, or bytes for a binary frame) -> a message that matches SCHEMA."""
    if isinstance(raw, (bytes, bytearray, memoryview)):
        raise BadMessage("binary", "send JSON text frames, not binary ones")
    if len(raw) > MAX_MESSAGE_BYTES:
        raise BadMessage("too_big", f"a message is at most {MAX_MESSAGE_BYTES} bytes")
    try:
        data = parse_json(raw, "message", max_depth=MAX_DEPTH)
    except UserError as exc:
        raise BadMessage("malformed", str(exc)) from None
    if not isinstance(data, dict):
        raise BadMessage("malformed", "a message is a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in SCHEMA:
        raise BadMessage("unknown_type", f"type must be one of {', '.join(sorted(SCHEMA))}")
    fields = SCHEMA[kind]
    for name, value in data.items():
        if name == "type":
            continue
        if name not in fields:
            raise BadMessage("malformed", f"{kind}: unknown field {name!r}")
        want, _ = fields[name]
        if not isinstance(value, want) or (want is int and isinstance(value, bool)):
            raise BadMessage("malformed", f"{kind}.{name} must be {want.__name__}")
    for name, (_, required) in fields.items():
        if required and name not in data:
            raise BadMessage("malformed", f"{kind} needs {name}")
    if kind in ("join", "rejoin") and not 0 <= data["seat"] < 64:
        raise BadMessage("malformed", f"{kind}.seat is out of range")
    if len(data.get("token", "")) > TOKEN_CHARS or len(data.get("code", "")) > CODE_CHARS:
        raise BadMessage("malformed", "token or code too long")
    if len(data.get("name", "")) > 40:
        raise BadMessage("malformed", "name is at most 40 characters")
    return data


def error(code: str, reason: str, **extra: Any) -> dict:
    return {"type": "error", "code": code, "message": reason, **extra}


@dataclass
class Limiter:
    """Token bucket plus strikes: what keeps one noisy connection from costing the table anything."""

    rate: float = RATE_PER_SECOND
    burst: float = RATE_BURST
    strikes_to_close: int = STRIKES_TO_CLOSE
    tokens: float = RATE_BURST
    strikes: int = 0
    stamp: float = field(default_factory=time.monotonic)

    def allow(self, now: float | None = None) -> bool:
        """One more message now? False when the connection sends faster than `rate`."""
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True

    def strike(self) -> bool:
        """Count a bad message; True when the connection has earned a close."""
        self.strikes += 1
        return self.strikes >= self.strikes_to_close

    def good(self) -> None:
        """A good message forgives one strike: a phone's odd double tap never adds up to a close."""
        self.strikes = max(0, self.strikes - 1)
