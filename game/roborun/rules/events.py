"""What happened, for animators, logs and tests.

apply() returns a list of Event objects in the order things happened. One small
dataclass serves every kind: each kind fills the fields an animator needs (robot id,
from/to, path, token ...) and leaves the rest None, so events are cheap to create in
playouts and trivially serialisable for replays and logs.

Events are values: compare and hash them, never change them. They are deliberately not a
`frozen` dataclass: a frozen one sets each of its 13 slots through object.__setattr__,
which made building an event about 4x slower, and playouts build millions of them.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

Pos = tuple[int, int]

# Every kind the engine emits, with the fields it fills (documentation and a guard in tests).
EVENT_KINDS = {
    "moved": "robot, frm, to, colour",
    "slid": "robot, frm, to, path",
    "teleported": "robot (or token='key'), frm, to  (tunnel)",
    "lifted": "robot (or token='key'), frm, to",
    "conveyed": "robot (or token='key'), frm, to  (production line)",
    "pushed": "robot (or token='key'), frm, to, path  (pusher space)",
    "displaced": "robot, frm, to  (moved off an occupied tunnel exit / start space)",
    "blocked": "robot, frm, detail (why the movement action was skipped)",
    "collected": "robot, seat, token, value, at",
    "upgraded": "robot, colour (new), detail (old colour)",
    "destroyed": "robot (or token='key'), at, detail (cause)",
    "escaped": "robot, seat, at",
    "spawned": "robot, colour, at",
    "returned": "robot, detail (to supply, e.g. by RAM or a blocked spawn)",
    "card_played": "seat, card, face",
    "passed": "seat",
    "beeped": "seat, card",
    "beep_returned": "card",
    "ability_used": "seat, detail (ability id), value (energy left)",
    "equipment_used": "seat, card, detail (effect id)",
    "equipment_drawn": "seat, card",
    "message": "seat (sender), value (receiver), detail (message id)",
    "unlocked": "seat, detail (ability id or 'chip'), value (chip level)",
    "energy": "seat, value (new energy)",
    "key_moved": "frm, to",
    "number_given": "seat, value",
    "number_changed": "seat, value (new), detail (old)",
    "lever": "at, detail (rule id)",
    "rule": "detail (what a scenario rule did)",
    "card_flipped": "card, seat (stand owner)",
    "event_revealed": "card, detail",
    "round_started": "value (round), seat (first player)",
    "turn_started": "seat",
    "cleanup": "value (round)",
    "round_ended": "value (round)",
    "scenario_won": "value (round)",
    "scenario_lost": "detail (cause)",
}


# Events that bring something hidden or random to light: undo never goes back past one
# (a player could peek at a card or re-roll chance), and a choice made by the other seat
# is never undone either (game.core.session.GameSession keeps that policy).
REVEALS = frozenset(("equipment_drawn", "event_revealed", "card_flipped", "cleanup", "round_ended",
                     "spawned", "scenario_won", "scenario_lost", "message", "beeped"))


@dataclass(slots=True, unsafe_hash=True)     # hashable like a frozen one (see the module docstring)
class Event:
    kind: str
    robot: int | None = None
    frm: Pos | None = None
    to: Pos | None = None
    path: tuple[Pos, ...] | None = None
    at: Pos | None = None
    seat: int | None = None
    card: int | None = None
    face: str | None = None
    token: str | None = None
    colour: str | None = None
    value: Any = None
    detail: str | None = None

    def to_json(self) -> dict:
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if v is None:
                continue
            if isinstance(v, tuple):
                v = [list(p) if isinstance(p, tuple) else p for p in v] if f.name == "path" else list(v)
            out[f.name] = v
        return out
