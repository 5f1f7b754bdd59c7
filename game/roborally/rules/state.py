"""Robo Rally values and state: the choices, events, robots and the race (no rules here)."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from game.roborally.rules import content as C
from game.roborally.rules.board import Board

GAME_ID = "roborally"
HAND_SIZE = 9
REGISTERS = 5
START_ENERGY = 5
REBOOT_DAMAGE = 2
DEFAULT_MAX_ROUNDS = 40


@dataclass(frozen=True)
class Config:
    course: dict
    players: int = 2
    max_rounds: int = DEFAULT_MAX_ROUNDS
    # The rebooting player picks the facing (RR16/RR23 Rebooting). False only for a race saved
    # before that choice existed: it replays, and goes on, facing the arrow as it was played.
    reboot_facing: bool = True

    def __hash__(self) -> int:
        return hash((self.course.get("id"), self.players, self.max_rounds, self.reboot_facing))


@dataclass(frozen=True)
class Choice:
    """kind: draw (an upgrade card) | install (arg upgrade, or "upgrade:old" to replace `old`) | pass
    | card (arg card) | use (arg upgrade) | haywire (arg register) | fire (arg "main", "stun" or
    "indirect:<seat>") | facing (arg 0-3: N, E, S, W, a rebooted robot's facing)."""

    kind: str
    arg: Any = None


@dataclass
class Event:
    kind: str
    seat: int | None = None
    data: dict = field(default_factory=dict)


REVEAL_KINDS = frozenset({"hand", "draw_upgrade", "reveal", "damage", "draw", "shuffle", "randomize"})


@dataclass
class Robot:
    seat: int
    x: int
    y: int
    d: int
    cp: int = 0                                   # checkpoints reached
    energy: int = START_ENERGY
    deck: list = field(default_factory=list)      # draw pile, top = last
    hand: list = field(default_factory=list)
    discard: list = field(default_factory=list)
    regs: list = field(default_factory=lambda: [None] * REGISTERS)
    haywire: list = field(default_factory=lambda: [None] * REGISTERS)
    revealed: list = field(default_factory=lambda: [False] * REGISTERS)
    done: list = field(default_factory=lambda: [None] * REGISTERS)   # what each register did (Again)
    extra: list = field(default_factory=list)     # cards played from the deck top this round
    perm: list = field(default_factory=list)
    temp: list = field(default_factory=list)
    rebooted: bool = False
    mirror_used: bool = False
    cc_pending: list = field(default_factory=list)
    owned: list = field(default_factory=list)     # drawn upgrades not installed (the collection)
    drew: bool = False                            # drew an upgrade this upgrade phase
    installed: bool = False                       # installed an upgrade this upgrade phase
    armed_haywire: bool = False                   # a Haywire lay under the register at its reveal
    armed_teleport: bool = False                  # on a teleporter at the register's reveal

    def copy(self) -> "Robot":
        r = Robot.__new__(Robot)
        r.__dict__.update(self.__dict__)
        for name in ("deck", "hand", "discard", "regs", "haywire", "revealed", "done", "extra", "perm",
                     "temp", "cc_pending", "owned"):
            setattr(r, name, list(getattr(self, name)))
        return r

    def has(self, upgrade: str) -> bool:
        return upgrade in self.perm or upgrade in self.temp


class RallyState:
    def __init__(self) -> None:
        self.config: Config
        self.board: Board
        self.rng = random.Random()
        self.robots: list[Robot] = []
        self.damage_deck: list = []
        self.damage_discard: list = []
        self.upgrade_deck: list = []
        self.upgrade_discard: list = []
        self.round = 1
        self.register = 0
        self.phase = "upgrade"
        self.token = 0
        self.order: list = []
        self.turn_i = 0                     # index into order in upgrade/program phases
        self.queue: list = []               # activation steps still to run
        self.qi = 0
        self.pending: tuple | None = None   # ("fire", seat, register) while a fire choice waits
        self.facing_due: list = []          # seats rebooted this register, still to choose their facing
        self.winner: int | None = None
        self.outcome: str | None = None

    def copy(self) -> "RallyState":
        s = RallyState.__new__(RallyState)
        s.__dict__.update(self.__dict__)
        s.rng = random.Random()
        s.rng.setstate(self.rng.getstate())
        s.robots = [r.copy() for r in self.robots]
        for name in ("damage_deck", "damage_discard", "upgrade_deck", "upgrade_discard", "order", "queue",
                     "facing_due"):
            setattr(s, name, list(getattr(self, name)))
        return s

    def robot_at(self, x: int, y: int) -> Robot | None:
        for r in self.robots:
            if r.x == x and r.y == y:
                return r
        return None


def gain_energy(r: Robot, amount: int) -> int:
    """Add Energy up to the 2023 energy track's end (10); returns what was really gained."""
    before = r.energy
    r.energy = min(C.MAX_ENERGY, r.energy + amount)
    return r.energy - before
