"""What happened, for animators, logs and tests.

apply() returns a list of Event objects in the order things happened. One small
record serves every kind: each kind fills the fields an animator needs (robot id,
from/to, path, token ...) and leaves the rest None, so events are cheap to create in
playouts and trivially serialisable for replays and logs.

Events are values: compare and hash them; they cannot be changed. They are a named tuple
(13 fields) because playouts build millions of them: the engine builds them with one
tuple.__new__ call (new_event), several times cheaper than any class with an __init__.
"""
from __future__ import annotations

from collections import namedtuple
from functools import partial
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


FIELDS = ("kind", "robot", "frm", "to", "path", "at", "seat", "card", "face", "token", "colour", "value", "detail")


class Event(namedtuple("_EventFields", FIELDS, defaults=(None,) * (len(FIELDS) - 1))):
    """One thing that happened: `kind` plus the fields that kind fills (see EVENT_KINDS).

    A value (compare and hash it; it cannot be changed). A tuple underneath: the engine's hot
    paths build one with `new_event(all_13_fields)` (tuple.__new__, no Python frame), about 3x
    cheaper than a dataclass; everyone else writes Event("moved", robot=1, frm=..., to=...)."""
    __slots__ = ()

    def __repr__(self) -> str:
        return "Event(" + ", ".join(f"{f}={v!r}" for f, v in zip(FIELDS, self) if v is not None) + ")"

    def to_json(self) -> dict:
        out: dict[str, Any] = {}
        for name, v in zip(FIELDS, self):
            if v is None:
                continue
            if isinstance(v, tuple):
                v = [list(p) if isinstance(p, tuple) else p for p in v] if name == "path" else list(v)
            out[name] = v
        return out


# An Event from all 13 fields in FIELDS order: the engine's fast path (a C call, no Python frame).
new_event = partial(tuple.__new__, Event)
