"""Run Run Run! values and the game state: configuration, choices, events, the copyable State.

Everything the other rule modules share; it imports no other rule module but the content.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from game.core.errors import UserError

from . import content as C


GAME_ID = "runrunrun"


DIFFICULTIES = ("standard", "difficult", "insane")


BASIC_MOVE = 3


MAX_DICE = 6


VAULT_TILE = -1          # tile id of the Vault's two rooms


WIN_RATINGS = ("bronze", "silver", "gold", "platinum")


@dataclass(frozen=True)
class Config:
    players: int = 2
    difficulty: str = "standard"

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or isinstance(self.players, bool) or not 1 <= self.players <= 4:
            raise UserError("config players", "must be a whole number from 1 to 4")
        if self.difficulty not in DIFFICULTIES:
            raise UserError("config difficulty", f"must be one of {', '.join(DIFFICULTIES)}")


@dataclass(frozen=True)
class Choice:
    """One decision: a kind and a few plain arguments (ints, or a cell as two ints)."""

    kind: str
    args: tuple = ()

    def __repr__(self) -> str:
        return f"{self.kind}{self.args if self.args else ''}"


def ch(kind: str, *args) -> Choice:
    return Choice(kind, tuple(args))


def config_to_json(config: Config) -> dict:
    return {"players": config.players, "difficulty": config.difficulty}


def config_from_json(data: Any) -> Config:
    if not isinstance(data, dict):
        raise UserError("config", "must be an object with players and difficulty")
    return Config(players=data.get("players", 2), difficulty=data.get("difficulty", "standard"))


def choice_to_json(choice: Choice) -> dict:
    return {"kind": choice.kind, "args": list(choice.args)}


def choice_from_json(data: Any) -> Choice:
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise ValueError("a choice is an object with a kind")
    args = data.get("args", [])
    if not isinstance(args, list) or not all(isinstance(a, int) and not isinstance(a, bool) for a in args):
        raise ValueError("choice args are whole numbers")
    return Choice(data["kind"], tuple(args))


def ev(_type: str, **data) -> dict:
    data["type"] = _type
    return data


REVEALS = frozenset({"mummy_roll", "draw", "sarc_draw", "combat_roll", "reroll", "regroup_token",
                     "door_token", "random_discard", "boss_wake", "wake", "pool_revealed"})


def is_reveal(event: dict) -> bool:
    """Events that show hidden or random information: undo never goes back past them."""
    return event.get("type") in REVEALS


@dataclass
class State:
    config: Config
    rng: random.Random
    cats: list
    hands: list
    deck: list
    discard: list = field(default_factory=list)
    tiles: dict = field(default_factory=dict)      # cell -> tile id (VAULT_TILE for the Vault)
    rots: dict = field(default_factory=dict)       # cell -> rotation
    masks: dict = field(default_factory=dict)      # cell -> doorway mask as placed
    pos: list = field(default_factory=list)        # seat -> cell
    supply: int = C.START_TORCHES
    torch_left: int = C.TORCH_MECHANISMS
    torch_used: set = field(default_factory=set)
    door_used: set = field(default_factory=set)
    torch_tris: list = field(default_factory=list)
    door_tris: list = field(default_factory=list)
    door_stack: list = field(default_factory=list)
    doors_done: int = 0
    regroup_stack: list = field(default_factory=list)
    sarc_stack: list = field(default_factory=list)
    sarc: list = field(default_factory=list)       # seat -> list of sarcophagus token ids (public)
    pile: list = field(default_factory=list)       # Mummy cards face down, index 0 on top
    top_hearts: int = 0
    seen_cards: set = field(default_factory=set)   # Mummy cards that have been face up
    mummies: dict = field(default_factory=dict)    # mummy id -> [cell, hearts]
    boss_card: int = 10
    boss_awake: bool = False
    active: int = 0
    turn: int = 0
    phase: str | None = None
    ctx: dict = field(default_factory=dict)
    tasks: list = field(default_factory=list)
    stopped: set = field(default_factory=set)      # Mummies that entered the Vault this turn
    dice: list = field(default_factory=list)       # last Mummy dice
    combat: list = field(default_factory=list)     # last Combat dice
    pool: list = field(default_factory=list)       # tiles revealed for a Regroup exchange
    members: list = field(default_factory=list)    # seats in the current Regroup
    said: dict = field(default_factory=dict)       # seat -> index of its last intention line
    marks: dict = field(default_factory=dict)      # seat -> reserved cell
    talked: set = field(default_factory=set)       # "say"/"mark" used this turn
    placed: list = field(default_factory=list)     # cells in placement order
    eliminated: int = 0
    over: bool = False
    won: bool = False
    cause: str | None = None

    def copy(self) -> "State":
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        return State(
            config=self.config, rng=rng, cats=list(self.cats), hands=[list(h) for h in self.hands],
            deck=list(self.deck), discard=list(self.discard), tiles=dict(self.tiles), rots=dict(self.rots),
            masks=dict(self.masks), pos=list(self.pos), supply=self.supply, torch_left=self.torch_left,
            torch_used=set(self.torch_used), door_used=set(self.door_used), torch_tris=list(self.torch_tris),
            door_tris=list(self.door_tris), door_stack=list(self.door_stack), doors_done=self.doors_done,
            regroup_stack=list(self.regroup_stack), sarc_stack=list(self.sarc_stack),
            sarc=[list(s) for s in self.sarc], pile=list(self.pile), top_hearts=self.top_hearts,
            seen_cards=set(self.seen_cards), mummies={k: list(v) for k, v in self.mummies.items()},
            boss_card=self.boss_card, boss_awake=self.boss_awake, active=self.active, turn=self.turn,
            phase=self.phase, ctx=_copy_ctx(self.ctx), tasks=list(self.tasks), stopped=set(self.stopped),
            dice=list(self.dice), combat=list(self.combat), pool=list(self.pool), members=list(self.members),
            said=dict(self.said), marks=dict(self.marks), talked=set(self.talked), placed=list(self.placed),
            eliminated=self.eliminated, over=self.over, won=self.won, cause=self.cause)

    @property
    def doors_needed(self) -> int:
        return C.DOORS_NEEDED[self.config.difficulty]


def _copy_ctx(ctx: dict) -> dict:
    return {k: (list(v) if isinstance(v, list) else v) for k, v in ctx.items()}
