"""The mutable game state, the Choice type and the Setup carried in from a campaign.

State is kept in small flat containers (dicts keyed by position or robot id, short lists,
tuples for anything immutable) so GameState.copy() is a handful of dict/list copies: the
AI copies it thousands of times per decision. The LevelSpec is shared, never copied.
"""
from __future__ import annotations

import random
from collections import namedtuple
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from game.roborun.rules.level import LevelSpec, Pos

GOOD = frozenset(("green", "red"))


def _tupled(value: Any) -> Any:
    """JSON lists back to tuples, recursively, so choices read from a file compare equal."""
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


_WORDS = {"U": "up", "D": "down", "L": "left", "R": "right", "UL": "up-left", "UR": "up-right",
          "DL": "down-left", "DR": "down-right", "skip": "skip", "stay": "stays"}


def _xy(p) -> str:
    return f"{p[0]},{p[1]}"


_LABELS = {
    "start": lambda a: f"seat {a[0]} starts",
    "play": lambda a: f"play card {a[0]}",
    "pass": lambda a: "use PASS",
    "beep": lambda a: f"BEEP card {a[0]}",
    "no_beep": lambda a: "no BEEP",
    "standby": lambda a: "watch this turn (act at any moment)" if a[0] else "stop watching",
    "continue": lambda a: "continue",
    "dir": lambda a: f"{a[0]} {_WORDS[a[1]]}",
    "chip": lambda a: f"CHIP level {a[0]}",
    "key": lambda a: f"Key to {_xy(a[0])}",
    "displace": lambda a: f"move robot off the Tunnel Exit to {_xy(a[0])}",
    "rescue": lambda a: f"clear the start space to {_xy(a[0])}",
    "unlock": lambda a: "unlock next CHIP level" if a[0] == "chip" else f"unlock {a[0].replace('_', ' ')}",
    "ability": lambda a: " ".join([a[0].replace("_", " ")]
                                  + [f"{'card' if a[0] == 'back_up_plan' else 'robot'} {x}" for x in a[1:]]),
    "equip": lambda a: " ".join([f"Equipment card {a[0]}"] + [str(_WORDS.get(x, x)) for x in a[1:]]),
    "give_number": lambda a: f"give Number {a[0]}",
    "target": lambda a: f"robot {a[0]} goes {a[1]}",
    "bad_dir": lambda a: f"robot {a[0]} {_WORDS.get(a[1], a[1])}",
}


@dataclass(slots=True, unsafe_hash=True)
class Choice:
    """One legal option at a decision point: a kind plus positional arguments.

    kinds: start, play, pass, beep, no_beep, continue, dir, chip, key, displace, target,
    unlock, ability, equip, give_number, bad_dir.
    A value: compare and hash it, never change it. Not `frozen` only because frozen
    dataclasses are about 3x slower to build and every decision builds its options.
    """
    kind: str
    args: tuple = ()

    @property
    def label(self) -> str:
        """Short human text, e.g. 'play card 3', 'green up-left', 'Key to 2,1'."""
        a = self.args
        maker = _LABELS.get(self.kind)
        if maker is not None:
            try:
                return maker(a)
            except (IndexError, TypeError, KeyError):
                pass
        return self.kind if not a else f"{self.kind} {' '.join(map(str, a))}"

    def to_json(self) -> dict:
        return {"kind": self.kind, "args": [list(a) if isinstance(a, tuple) else a for a in self.args]}

    @staticmethod
    def from_json(data: dict) -> "Choice":
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise ValueError(f"not a choice: {str(data)[:60]}")
        args = data.get("args", [])
        if not isinstance(args, list) or not all(_plain_arg(a) for a in args):
            raise ValueError(f"'args' of a {data['kind'][:20]!r} choice must be a list of numbers, text or pairs")
        return Choice(data["kind"], _tupled(list(args)))


class Decision(namedtuple("_DecisionFields", ("kind", "seat", "options", "ctx"), defaults=((),))):
    """A pending decision: who decides, what about, the legal options and resolution context.
    A value shared by state copies (it cannot be changed). A named tuple: the engine builds one
    per decision with new_decision((kind, seat, options, ctx)), one C call."""
    __slots__ = ()


# A Decision from its four fields, without a Python frame (flow.decide).
new_decision = partial(tuple.__new__, Decision)


@dataclass
class PlayerSetup:
    """One player's board at the start of a scenario (campaign progress or chapter 8 table)."""
    robot: str                              # quick_one / smart_three / strong_two / weird_four
    unlocked: tuple[str, ...] = ()          # special ability ids
    chip_level: int = 1                     # level 1 is available from the start
    energy: int = 1
    equipment: tuple[int, ...] = ()         # Equipment card ids in hand

    def to_json(self) -> dict:
        return {"robot": self.robot, "unlocked": list(self.unlocked), "chip_level": self.chip_level,
                "energy": self.energy, "equipment": list(self.equipment)}

    @staticmethod
    def from_json(d: dict) -> "PlayerSetup":
        """Read strictly: a wrong type or a missing robot raises ValueError naming the field."""
        if not isinstance(d, dict):
            raise ValueError("a player must be an object")
        robot = d.get("robot")
        if not isinstance(robot, str):
            raise ValueError("player 'robot' must be a robot board id")
        unlocked, equipment = d.get("unlocked", ()), d.get("equipment", ())
        if not isinstance(unlocked, (list, tuple)) or not all(isinstance(a, str) for a in unlocked):
            raise ValueError("player 'unlocked' must be a list of ability ids")
        if not isinstance(equipment, (list, tuple)) or not all(_small_int(c) for c in equipment):
            raise ValueError("player 'equipment' must be a list of card numbers")
        chip, energy = d.get("chip_level", 1), d.get("energy", 1)
        if not _small_int(chip) or not _small_int(energy):
            raise ValueError("player 'chip_level' and 'energy' must be small whole numbers")
        return PlayerSetup(robot, tuple(unlocked), chip, energy, tuple(equipment))


@dataclass
class Setup:
    players: tuple[PlayerSetup, PlayerSetup]
    equipment_deck: tuple[int, ...] | None = None   # top first; None: shuffled from the seed

    def to_json(self) -> dict:
        return {"players": [p.to_json() for p in self.players],
                "equipment_deck": None if self.equipment_deck is None else list(self.equipment_deck)}

    @staticmethod
    def from_json(d: dict) -> "Setup":
        """Read strictly: two players and a deck of card numbers, else ValueError naming the field."""
        if not isinstance(d, dict):
            raise ValueError("a setup must be an object")
        players, deck = d.get("players"), d.get("equipment_deck")
        if not isinstance(players, (list, tuple)) or len(players) != 2:
            raise ValueError("'players' must list exactly 2 players")
        if deck is not None and (not isinstance(deck, (list, tuple)) or not all(_small_int(c) for c in deck)):
            raise ValueError("'equipment_deck' must be null or a list of card numbers")
        return Setup(tuple(PlayerSetup.from_json(p) for p in players), None if deck is None else tuple(deck))


def _plain_arg(value: Any, depth: int = 0) -> bool:
    """A choice argument as JSON holds it: a number, text, true/false, null or a short list of them."""
    if isinstance(value, list):
        return depth < 2 and len(value) <= 8 and all(_plain_arg(v, depth + 1) for v in value)
    if isinstance(value, float):
        return value == value and abs(value) < 1e18
    return value is None or isinstance(value, (bool, int, str))


def _small_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and -1000 <= value <= 1000


class GameState:
    """Everything that changes during a scenario. Fields are documented where they are set."""

    # `geo`: the level's precomputed Board (links, graphs), shared by every copy; whoever
    # builds a state sets it (geometry.board(level)). A plain slot, not a property: the
    # engine reads it several times per choice.
    __slots__ = (
        "level", "seed", "round", "phase", "active", "last_player", "outcome", "loss_cause", "won_round",
        "pos", "at", "colour", "owner", "escaped", "next_robot_id",
        "keys", "wall_tokens", "lasers", "items",
        "robot_names", "energy", "unlocked", "chip", "hands", "numbers",
        "stands", "played", "pass_state", "beep", "event_deck", "events_seen", "equip_deck", "support",
        "queue", "pending", "turn", "armed", "deactivated", "exits_open", "lines_on", "messages",
        "start_positions", "rules", "lost_tokens", "later", "_rng", "_rng_shared", "geo",
    )

    @property
    def rng(self) -> random.Random:
        """The random generator new_game dealt with; every copy has its own (copied on first use,
        so the AI's thousands of copies per decision do not each copy a Mersenne Twister)."""
        if self._rng_shared:
            own = random.Random()
            own.setstate(self._rng.getstate())
            self._rng, self._rng_shared = own, False
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng, self._rng_shared = value, False

    def copy(self) -> "GameState":
        """An independent copy for search: containers are copied, immutable parts shared."""
        new = GameState.__new__(GameState)
        new.level, new.geo, new.seed, new.round, new.phase = self.level, self.geo, self.seed, self.round, self.phase
        new.active, new.last_player, new.outcome = self.active, self.last_player, self.outcome
        new.loss_cause, new.won_round, new.next_robot_id = self.loss_cause, self.won_round, self.next_robot_id
        new.robot_names, new.pass_state, new.beep = self.robot_names, self.pass_state, self.beep
        new.pending = self.pending
        new.exits_open, new.lines_on, new.start_positions = self.exits_open, self.lines_on, self.start_positions
        new.rules, new.lost_tokens = self.rules, self.lost_tokens
        new.pos, new.at, new.colour, new.owner = self.pos.copy(), self.at.copy(), self.colour.copy(), self.owner
        new.items, new.turn, new.escaped = self.items.copy(), self.turn.copy(), self.escaped[:]
        new.keys, new.wall_tokens, new.lasers = self.keys.copy(), self.wall_tokens.copy(), self.lasers.copy()
        new.event_deck, new.events_seen, new.equip_deck = self.event_deck[:], self.events_seen[:], self.equip_deck[:]
        new.support, new.queue, new.armed = self.support[:], self.queue[:], self.armed.copy()
        new.deactivated, new.messages = self.deactivated.copy(), self.messages[:]
        new.energy, new.unlocked, new.chip = self.energy[:], self.unlocked[:], self.chip[:]
        new.hands = [self.hands[0][:], self.hands[1][:]]
        new.numbers = [self.numbers[0][:], self.numbers[1][:]]
        new.stands = [self.stands[0][:], self.stands[1][:]]
        new.played = [self.played[0][:], self.played[1][:]]
        new.later = []
        new._rng = self._rng
        new._rng_shared = self._rng_shared = True
        return new

    # Convenience reads used by the engine, view, AI and tests.
    @property
    def decision_seat(self) -> int | None:
        if self.outcome is not None or self.pending is None:
            return None
        return self.pending.seat

    def robots_of(self, seat: int) -> list[int]:
        return [r for r, s in self.owner.items() if s == seat and r in self.pos]

    def good_on_map(self) -> list[int]:
        return [r for r in self.pos if self.colour[r] in GOOD]

    def bad_on_map(self) -> list[int]:
        return [r for r in self.pos if self.colour[r] not in GOOD]

    def token_at(self, p: Pos) -> str | None:
        item = self.items.get(p)
        return item[0] if item else None

    def summary(self) -> dict:
        """A JSON-friendly snapshot (used by replay output and debugging)."""
        return {
            "level": self.level.level_id or self.level.source, "seed": self.seed, "round": self.round,
            "phase": self.phase, "active": self.active, "outcome": self.outcome, "loss_cause": self.loss_cause,
            "robots": {str(r): {"colour": self.colour[r], "pos": list(p)} for r, p in sorted(self.pos.items())},
            "escaped": sorted(self.escaped), "energy": self.energy[:],
            "unlocked": [sorted(u) for u in self.unlocked], "chip": self.chip[:],
            "equipment": [h[:] for h in self.hands], "numbers": [n[:] for n in self.numbers],
            "keys": sorted(list(k) for k in self.keys),
            "tokens": {f"{x},{y}": list(v) for (x, y), v in sorted(self.items.items())},
            "decision_seat": self.decision_seat,
            "pending": None if self.pending is None else self.pending.kind,
        }
