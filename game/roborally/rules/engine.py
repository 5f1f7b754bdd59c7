"""Robo Rally with Chaos & Carnage: the pure rules engine (no pygame).

One round (Robo Rally 2023 rules, docs/roborally-rules.md says each rule's source):
  1. Upgrade phase: in priority order each robot may draw one upgrade card for 1 Energy and
     install one upgrade from its collection, paying its gear number in Energy (at most 3
     permanent and 3 temporary).
  2. Programming phase: every robot draws to 9 cards from its own deck; the real game does
     this at the same time, here each seat fills its 5 registers in priority order as a
     hidden decision (one card per choice), so one seat decides at a time.
  3. Activation: for each register, every robot reveals at once (randomizers, teleporters and
     face-down Haywire are decided there), robots resolve their card in priority order, then the
     board elements act (express belts, belts, push panels, gears, crushers, board lasers),
     robot lasers fire, energy spaces (batteries) pay 1 Energy and checkpoints are taken.
The priority token holder goes first, then the seats to its left; it passes left each round.

Everything random goes through `state.rng`; `apply` returns the events that happened.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from game.core.engine import IllegalChoice, Result
from game.roborally.rules import content as C
from game.roborally.rules.board import DX, DY, Board, SpecError, board_for

GAME_ID = "roborally"
HAND_SIZE = 9
REGISTERS = 5
START_ENERGY = 5
REBOOT_DAMAGE = 2
DEFAULT_MAX_ROUNDS = 40


# ---------------------------------------------------------------------------- values
@dataclass(frozen=True)
class Config:
    course: dict
    players: int = 2
    max_rounds: int = DEFAULT_MAX_ROUNDS

    def __hash__(self) -> int:
        return hash((self.course.get("id"), self.players, self.max_rounds))


@dataclass(frozen=True)
class Choice:
    """kind: draw (an upgrade card) | install (arg upgrade, or "upgrade:old" to replace `old`) | pass
    | card (arg card) | use (arg upgrade) | haywire (arg register) | fire (arg "main", "stun" or
    "indirect:<seat>")."""

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
        self.winner: int | None = None
        self.outcome: str | None = None

    def copy(self) -> "RallyState":
        s = RallyState.__new__(RallyState)
        s.__dict__.update(self.__dict__)
        s.rng = random.Random()
        s.rng.setstate(self.rng.getstate())
        s.robots = [r.copy() for r in self.robots]
        for name in ("damage_deck", "damage_discard", "upgrade_deck", "upgrade_discard", "order", "queue"):
            setattr(s, name, list(getattr(self, name)))
        return s

    def robot_at(self, x: int, y: int) -> Robot | None:
        for r in self.robots:
            if r.x == x and r.y == y:
                return r
        return None


# ---------------------------------------------------------------------------- config
def make_config(course: dict, players: int = 2, max_rounds: int = DEFAULT_MAX_ROUNDS) -> Config:
    cfg = Config(course=course, players=players, max_rounds=max_rounds)
    _check_config(cfg)
    return cfg


def _check_config(cfg: Config) -> Board:
    if not isinstance(cfg.players, int) or not 2 <= cfg.players <= 6:
        raise ValueError(f"players must be 2 to 6, not {cfg.players!r}")
    if not isinstance(cfg.max_rounds, int) or cfg.max_rounds < 0:
        raise ValueError("max_rounds must be a whole number >= 0 (0 = no cap)")
    try:
        board = board_for(cfg.course)
    except SpecError as exc:
        raise ValueError(f"course: {exc}") from None
    if len(board.starts) < cfg.players:
        raise ValueError(f"course {board.id} has {len(board.starts)} start spaces, not enough for {cfg.players}")
    return board


def config_to_json(config: Config) -> dict:
    return {"course": config.course, "players": config.players, "max_rounds": config.max_rounds}


def config_from_json(data: Any) -> Config:
    if not isinstance(data, dict):
        raise ValueError("a Robo Rally config is a JSON object")
    return make_config(data["course"], int(data.get("players", 2)), int(data.get("max_rounds", DEFAULT_MAX_ROUNDS)))


def choice_to_json(choice: Choice) -> dict:
    return {"kind": choice.kind, "arg": choice.arg}


def choice_from_json(data: Any) -> Choice:
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise ValueError("a choice is {kind, arg}")
    arg = data.get("arg")
    if arg is not None and not isinstance(arg, (str, int)) or isinstance(arg, bool):
        raise ValueError("choice arg must be text or a whole number")
    return Choice(data["kind"], arg)


# ---------------------------------------------------------------------------- start
def new_game(config: Config, seed: int) -> RallyState:
    board = _check_config(config)
    s = RallyState()
    s.config = config
    s.board = board
    s.rng = random.Random(seed)
    for seat in range(config.players):
        x, y, d = board.starts[seat]
        r = Robot(seat, x, y, d)
        r.deck = C.starting_programming_deck()
        s.rng.shuffle(r.deck)
        s.robots.append(r)
    s.damage_deck = C.starting_damage_deck()
    s.rng.shuffle(s.damage_deck)
    s.upgrade_deck = C.starting_upgrade_deck()
    s.rng.shuffle(s.upgrade_deck)
    s.token = 0
    _start_round(s, [], first=True)
    return s


def _start_round(s: RallyState, ev: list, first: bool = False) -> None:
    n = len(s.robots)
    s.order = [(s.token + i) % n for i in range(n)]
    s.register = 0
    for r in s.robots:
        r.drew = r.installed = False
    ev.append(Event("round", None, {"round": s.round, "token": s.token}))
    s.phase = "upgrade"
    s.turn_i = 0
    _skip_upgrade_turns(s, ev)


def _draw_upgrade(s: RallyState) -> str | None:
    if not s.upgrade_deck and s.upgrade_discard:
        s.upgrade_deck = s.upgrade_discard
        s.upgrade_discard = []
        s.rng.shuffle(s.upgrade_deck)
    return s.upgrade_deck.pop() if s.upgrade_deck else None


def gain_energy(r: Robot, amount: int) -> int:
    """Add Energy up to the 2023 energy track's end (10); returns what was really gained."""
    before = r.energy
    r.energy = min(C.MAX_ENERGY, r.energy + amount)
    return r.energy - before


def can_install(robot: Robot, upgrade: str) -> bool:
    """Affordable, not a second copy of a permanent, and a free slot of its type."""
    info = C.UPGRADES[upgrade]
    if info["cost"] > robot.energy:
        return False
    if info["type"] == "permanent":
        return len(robot.perm) < C.MAX_PERMANENT and upgrade not in robot.perm
    return len(robot.temp) < C.MAX_TEMPORARY


def _upgrade_choices(s: RallyState, robot: Robot) -> list[Choice]:
    """RR23 upgrade phase: draw 1 upgrade for 1 Energy (once), install 1 from the collection
    (once; with its type full, "card:old" installs it by uninstalling `old`)."""
    out = []
    if not robot.drew and robot.energy >= C.UPGRADE_DRAW_COST and (s.upgrade_deck or s.upgrade_discard):
        out.append(Choice("draw"))
    if robot.installed:
        return out
    for card in sorted(set(robot.owned)):
        info = C.UPGRADES[card]
        if can_install(robot, card):
            out.append(Choice("install", card))
        elif info["cost"] <= robot.energy:
            installed = robot.perm if info["type"] == "permanent" else robot.temp
            full = len(installed) >= (C.MAX_PERMANENT if info["type"] == "permanent" else C.MAX_TEMPORARY)
            if full and not (info["type"] == "permanent" and card in installed):
                out += [Choice("install", f"{card}:{old}") for old in sorted(set(installed))]
    return out


def _skip_upgrade_turns(s: RallyState, ev: list) -> None:
    """Seats that can do nothing pass without being asked; then programming starts."""
    while s.turn_i < len(s.order):
        if _upgrade_choices(s, s.robots[s.order[s.turn_i]]):
            return
        s.turn_i += 1
    _start_programming(s, ev)


def _start_programming(s: RallyState, ev: list) -> None:
    s.phase = "program"
    s.turn_i = 0
    for seat in s.order:
        r = s.robots[seat]
        while len(r.hand) < HAND_SIZE:
            card = _draw_program(s, r, ev)
            if card is None:
                break
            r.hand.append(card)
        ev.append(Event("hand", seat, {"count": len(r.hand)}))


def _draw_program(s: RallyState, r: Robot, ev: list) -> str | None:
    if not r.deck:
        if not r.discard:
            return None
        r.deck = r.discard
        r.discard = []
        s.rng.shuffle(r.deck)
        ev.append(Event("shuffle", r.seat, {"cards": len(r.deck)}))
    return r.deck.pop()


# ---------------------------------------------------------------------------- queries
def is_over(state: RallyState) -> bool:
    return state.phase == "over"


def seat_count(state: RallyState) -> int:
    return len(state.robots)


def current_seat(state: RallyState) -> int | None:
    if state.phase in ("upgrade", "program"):
        return state.order[state.turn_i]
    if state.phase in ("fire", "haywire"):
        return state.pending[1]
    return None


def legal_choices(state: RallyState) -> list[Choice]:
    ph = state.phase
    if ph == "over":
        return []
    if ph == "upgrade":
        r = state.robots[state.order[state.turn_i]]
        return _upgrade_choices(state, r) + [Choice("pass")]
    if ph == "program":
        r = state.robots[state.order[state.turn_i]]
        slot = r.regs.index(None)
        cards = sorted(set(r.hand))
        out = [Choice("card", c) for c in cards if not (c == "again" and slot == 0)]
        if slot == 0:
            for u in sorted(set(r.temp)):
                if u == "recharge" or (u == "spam_blocker" and "spam" in r.hand):
                    out.append(Choice("use", u))
        return out
    if ph == "haywire":
        r = state.robots[state.pending[1]]
        return [Choice("haywire", i + 1) for i in _cc_registers(state, r)]
    if ph == "fire":
        return _fire_choices(state, state.robots[state.pending[1]])
    return []


def result(state: RallyState) -> Result | None:
    if state.phase != "over":
        return None
    scores = tuple(r.cp for r in state.robots)
    if state.winner is not None:
        return Result((state.winner,), "won", f"seat {state.winner} reached the last checkpoint", scores)
    return Result((), "timeout", f"no robot finished within {state.config.max_rounds} rounds", scores)


def is_reveal(event: Event) -> bool:
    return event.kind in REVEAL_KINDS


# ---------------------------------------------------------------------------- apply
def apply(state: RallyState, choice: Choice) -> list[Event]:
    if choice not in legal_choices(state):
        raise IllegalChoice(f"{choice!r} is not legal now")
    ev: list[Event] = []
    ph = state.phase
    seat = current_seat(state)
    r = state.robots[seat]
    if ph == "upgrade":
        if choice.kind == "draw":
            r.energy -= C.UPGRADE_DRAW_COST
            r.drew = True
            card = _draw_upgrade(state)
            r.owned.append(card)
            ev.append(Event("draw_upgrade", seat, {"upgrade": card, "cost": C.UPGRADE_DRAW_COST}))
        elif choice.kind == "install":
            card, _, old = str(choice.arg).partition(":")
            info = C.UPGRADES[card]
            if old:
                (r.perm if info["type"] == "permanent" else r.temp).remove(old)
                state.upgrade_discard.append(old)
                ev.append(Event("discard_upgrade", seat, {"upgrade": old}))
            r.energy -= info["cost"]
            r.owned.remove(card)
            (r.perm if info["type"] == "permanent" else r.temp).append(card)
            r.installed = True
            ev.append(Event("install", seat, {"upgrade": card, "cost": info["cost"]}))
        else:
            ev.append(Event("pass", seat))
        if choice.kind == "pass" or not _upgrade_choices(state, r):
            state.turn_i += 1
            _skip_upgrade_turns(state, ev)
    elif ph == "program":
        if choice.kind == "use":
            _use_programming_upgrade(state, r, choice.arg, ev)
        else:
            slot = r.regs.index(None)
            r.hand.remove(choice.arg)
            r.regs[slot] = choice.arg
            ev.append(Event("program", seat, {"register": slot + 1}))
            if slot == REGISTERS - 1:
                _finish_programming(state, r, ev)
    elif ph == "haywire":
        card = r.cc_pending.pop(0)
        r.haywire[choice.arg - 1] = card
        ev.append(Event("haywire", seat, {"register": choice.arg, "chosen": True}))
        state.phase = "activate"
        state.pending = None
        _run(state, ev)
    elif ph == "fire":
        state.phase = "activate"
        state.pending = None
        _fire(state, r, choice.arg, ev)
        _run(state, ev)
    return ev


def _use_programming_upgrade(s: RallyState, r: Robot, upgrade: str, ev: list) -> None:
    r.temp.remove(upgrade)
    s.upgrade_discard.append(upgrade)
    if upgrade == "recharge":
        gained = gain_energy(r, 3)
        ev.append(Event("use", r.seat, {"upgrade": upgrade, "energy": gained}))
    elif upgrade == "spam_blocker":
        replaced = 0
        for i, card in enumerate(r.hand):
            if card == "spam":
                s.damage_discard.append("spam")
                new = _draw_program(s, r, ev)
                r.hand[i] = new
                replaced += 1
        r.hand = [c for c in r.hand if c is not None]
        ev.append(Event("use", r.seat, {"upgrade": upgrade, "replaced": replaced}))
        ev.append(Event("draw", r.seat, {"count": replaced}))


def _finish_programming(s: RallyState, r: Robot, ev: list) -> None:
    r.discard += r.hand
    r.hand = []
    s.turn_i += 1
    if s.turn_i >= len(s.order):
        _start_activation(s, ev)


# ---------------------------------------------------------------------------- activation
def _start_activation(s: RallyState, ev: list) -> None:
    s.phase = "activate"
    s.queue = []
    for reg in range(1, REGISTERS + 1):
        s.queue.append(("reveal", reg, None))
        s.queue += [("card", reg, seat) for seat in s.order]
        s.queue += [("express", reg, None), ("express", reg, None), ("belt", reg, None), ("push", reg, None),
                    ("gear", reg, None), ("crush", reg, None), ("board_lasers", reg, None)]
        s.queue += [("laser", reg, seat) for seat in s.order]
        s.queue += [("energy", reg, None), ("checkpoint", reg, None)]
    s.queue.append(("end", 0, None))
    s.qi = 0
    ev.append(Event("activation", None, {"order": list(s.order)}))
    _run(s, ev)


def _run(s: RallyState, ev: list) -> None:
    """Run activation steps until a seat must decide or the round (or game) ends."""
    while s.phase == "activate":
        for seat in s.order:
            r = s.robots[seat]
            if r.cc_pending:
                if _cc_registers(s, r):
                    s.phase = "haywire"
                    s.pending = ("haywire", seat, s.register)
                    return
                for card in r.cc_pending:
                    _place_haywire(s, r, card, ev)
                r.cc_pending = []
        step, reg, seat = s.queue[s.qi]
        s.qi += 1
        s.register = reg
        if step == "reveal":
            _reveal(s, reg, ev)
        elif step == "card":
            _resolve_register(s, s.robots[seat], reg, ev)
        elif step == "express":
            _convey(s, ("express",), ev)
        elif step == "belt":
            _convey(s, ("belt",), ev)
        elif step == "push":
            _push_panels(s, reg, ev)
        elif step == "gear":
            _gears(s, ev)
        elif step == "crush":
            _crushers(s, reg, ev)
        elif step == "board_lasers":
            _board_lasers(s, ev)
        elif step == "laser":
            r = s.robots[seat]
            if r.rebooted:
                continue
            if len(_fire_choices(s, r)) > 1:
                s.phase = "fire"
                s.pending = ("fire", seat, reg)
                return
            _fire(s, r, "main", ev)
        elif step == "energy":
            _energy(s, reg, ev)
        elif step == "checkpoint":
            if _checkpoints(s, ev):
                return
        elif step == "end":
            _end_round(s, ev)
            return


def _draw_top_and_play(s: RallyState, r: Robot, reg: int, ev: list) -> str | None:
    """Draw the top programming card for a register (SPAM drawn this way is also played)."""
    while True:
        card = _draw_program(s, r, ev)
        if card is None:
            return None
        ev.append(Event("draw", r.seat, {"card": card, "register": reg}))
        if card == "spam":
            s.damage_discard.append("spam")
            ev.append(Event("spam", r.seat, {"register": reg}))
            continue
        r.extra.append(card)
        return card


def _reveal(s: RallyState, reg: int, ev: list) -> None:
    """Every robot reveals register `reg` at the same moment, before anyone moves (RR23 3a step 1).

    What the square under a robot does to a revealed card is decided here (Chaos & Carnage:
    "if your robot is on a randomizer when you would reveal..."; "on a teleporter when they
    reveal a Move card"), so a push later in the register changes neither."""
    i = reg - 1
    shown = {}
    for seat in s.order:
        r = s.robots[seat]
        r.armed_haywire = r.armed_teleport = False
        if r.rebooted:
            continue
        r.revealed[i] = True
        kind = s.board.kind_at(r.x, r.y)
        if kind == "randomizer":
            # Chaos & Carnage, Randomizers: the whole register becomes the deck's top card.
            old = [r.regs[i], r.haywire[i]]
            if r.regs[i] == "spam":
                s.damage_discard.append("spam")
            elif r.regs[i] is not None:
                r.discard.append(r.regs[i])
            if r.haywire[i] is not None:
                s.damage_discard.append(r.haywire[i])
            r.haywire[i] = None
            r.regs[i] = _draw_program(s, r, ev)
            ev.append(Event("randomize", r.seat, {"register": reg, "old": old, "card": r.regs[i]}))
        r.armed_haywire = r.haywire[i] is not None
        r.armed_teleport = kind == "teleporter"
        shown[r.seat] = {"card": r.regs[i], "haywire": r.haywire[i]}
    ev.append(Event("reveal", None, {"register": reg, "cards": shown}))


def _resolve_register(s: RallyState, r: Robot, reg: int, ev: list) -> None:
    if r.rebooted:
        return
    i = reg - 1
    if r.armed_haywire and r.haywire[i] is not None:
        hw = r.haywire[i]
        r.haywire[i] = None
        s.damage_discard.append(hw)
        ev.append(Event("play", r.seat, {"register": reg, "card": hw}))
        for action in C.HAYWIRE[hw]["actions"]:
            if r.rebooted:
                break
            _do_action(s, r, action, ev, teleport=False)
        r.done[i] = "damage"
        return
    card = r.regs[i]
    if card is None:
        r.done[i] = None
        ev.append(Event("play", r.seat, {"register": reg, "card": None}))
        return
    damaged = False
    if card == "spam":
        r.regs[i] = None
        s.damage_discard.append("spam")
        ev.append(Event("spam", r.seat, {"register": reg}))
        card = _draw_top_and_play(s, r, reg, ev)
        damaged = True
        if card is None:
            r.done[i] = "damage"
            return
    if card == "again":
        prev = r.done[i - 1] if i > 0 else None
        ev.append(Event("play", r.seat, {"register": reg, "card": "again", "repeats": prev}))
        if prev == "damage":
            drawn = _draw_top_and_play(s, r, reg, ev)
            if drawn is not None and drawn != "again":
                _do_action(s, r, drawn, ev, teleport=r.armed_teleport and drawn in C.MOVE_CARDS)
            r.done[i] = "damage"
        elif prev is not None:
            _do_action(s, r, prev, ev, teleport=False)
            r.done[i] = prev
        else:
            r.done[i] = None
        return
    ev.append(Event("play", r.seat, {"register": reg, "card": card}))
    _do_action(s, r, card, ev, teleport=r.armed_teleport and card in C.MOVE_CARDS)
    r.done[i] = "damage" if damaged else card


def _do_action(s: RallyState, r: Robot, action: str, ev: list, teleport: bool) -> None:
    """One card action; `teleport`: a Move card revealed on a teleporter (teleports from
    wherever the robot now stands, the card having been changed at the reveal — ours)."""
    if action in C.TURNS:
        r.d = (r.d + C.TURNS[action]) % 4
        ev.append(Event("turn", r.seat, {"dir": r.d, "by": C.TURNS[action]}))
        return
    if action == "powerup":
        gained = gain_energy(r, 1)
        ev.append(Event("energy", r.seat, {"gain": gained, "energy": r.energy, "why": "power_up"}))
        return
    if action in C.MOVES or action == "back":
        on_teleporter = s.board.kind_at(r.x, r.y) == "teleporter"
        if teleport and _teleport(s, r, action, ev):
            return
        if action == "back":
            _move(s, r, (r.d + 2) % 4, 1, ev, programmed=True, hover=not on_teleporter)
        else:
            _move(s, r, r.d, C.MOVES[action], ev, programmed=True, hover=not on_teleporter)


def _teleport(s: RallyState, r: Robot, action: str, ev: list) -> bool:
    """Chaos & Carnage, Teleporters: 2 more spaces forward than the card, nothing in between."""
    dist = 2 if action == "back" else C.MOVES[action] + 2
    tx, ty = r.x + DX[r.d] * dist, r.y + DY[r.d] * dist
    if s.robot_at(tx, ty) is not None:
        ev.append(Event("teleport_blocked", r.seat, {"to": [tx, ty]}))
        return False
    fx, fy = r.x, r.y
    r.x, r.y = tx, ty
    ev.append(Event("teleport", r.seat, {"from": [fx, fy], "to": [tx, ty]}))
    if s.board.falls(tx, ty):
        _reboot(s, r, ev, "pit" if s.board.inside(tx, ty) else "edge")
    return True


def _move(s: RallyState, r: Robot, d: int, steps: int, ev: list, programmed: bool, hover: bool = True) -> None:
    b = s.board
    hovering = programmed and hover and r.has("hover_unit")
    for k in range(steps):
        if b.wall_between(r.x, r.y, d):
            ev.append(Event("bump", r.seat, {"dir": d}))
            break
        nx, ny = r.x + DX[d], r.y + DY[d]
        other = s.robot_at(nx, ny)
        if other is not None:
            if not _push(s, other, d, ev, pusher=r if programmed else None) or s.robot_at(nx, ny) is not None:
                # blocked by a wall, or the pushed robot fell and rebooted onto this very square
                ev.append(Event("bump", r.seat, {"dir": d}))
                break
        fx, fy = r.x, r.y
        r.x, r.y = nx, ny
        ev.append(Event("move", r.seat, {"from": [fx, fy], "to": [nx, ny], "dir": d}))
        if not b.inside(nx, ny):
            _reboot(s, r, ev, "edge")
            return
        if b.is_pit(nx, ny) and not (hovering and k < steps - 1):
            _reboot(s, r, ev, "pit")
            return
    if b.is_pit(r.x, r.y):
        _reboot(s, r, ev, "pit")


def _push(s: RallyState, r: Robot, d: int, ev: list, pusher: Robot | None) -> bool:
    """Push r (and any robots beyond it) one space toward d; False when a wall stops the chain."""
    chain = [r]
    x, y = r.x, r.y
    while True:
        if s.board.wall_between(x, y, d):
            return False
        x, y = x + DX[d], y + DY[d]
        nxt = s.robot_at(x, y)
        if nxt is None:
            break
        chain.append(nxt)
    for robot in reversed(chain):
        fx, fy = robot.x, robot.y
        robot.x, robot.y = fx + DX[d], fy + DY[d]
        ev.append(Event("pushed", robot.seat, {"from": [fx, fy], "to": [robot.x, robot.y], "dir": d,
                                               "by": None if pusher is None else pusher.seat}))
    for robot in chain:
        if pusher is not None and pusher.has("ram_gear"):
            _damage(s, robot, 1, ev, source=pusher, why="ram_gear")
        if s.board.falls(robot.x, robot.y):
            _reboot(s, robot, ev, "pit" if s.board.inside(robot.x, robot.y) else "edge")
    return True


# ---------------------------------------------------------------------------- reboot and damage
def _reboot(s: RallyState, r: Robot, ev: list, cause: str) -> None:
    """Robo Rally 2023 'Rebooting': 2 damage, remaining registers cancelled, back on the reboot space."""
    b = s.board
    rx, ry, rd = b.reboot
    r.rebooted = True
    r.x, r.y = -100 - r.seat, -100          # off the board while it reboots
    ev.append(Event("reboot", r.seat, {"cause": cause}))
    # Robots on the reboot space leave it along the arrow, pushed by the newcomer (RR16).
    # A pushed robot may itself fall and reboot onto the space, so push until it is free;
    # the nesting guard stops pathological chains (lint keeps the arrow's square safe).
    s.reboot_depth = getattr(s, "reboot_depth", 0) + 1
    try:
        for _ in range(len(s.robots)):
            occupant = s.robot_at(rx, ry)
            if occupant is None or s.reboot_depth > 3 or not _push(s, occupant, rd, ev, pusher=None):
                break
    finally:
        s.reboot_depth -= 1
    if s.robot_at(rx, ry) is not None:
        rx, ry = _nearest_free(s, rx, ry)      # ours: never two robots on one square
    r.x, r.y, r.d = rx, ry, rd
    ev.append(Event("placed", r.seat, {"at": [rx, ry], "dir": rd}))
    if r.has("firewall"):
        ev.append(Event("firewall", r.seat))
    else:
        _damage(s, r, REBOOT_DAMAGE, ev, source=None, why="reboot")


def _nearest_free(s: RallyState, x: int, y: int) -> tuple[int, int]:
    """The closest square (walking, walls respected) with no robot and no pit."""
    b = s.board
    seen = {(x, y)}
    todo = [(x, y)]
    while todo:
        cx, cy = todo.pop(0)
        if s.robot_at(cx, cy) is None and not b.is_pit(cx, cy):
            return cx, cy
        for d in range(4):
            nx, ny = cx + DX[d], cy + DY[d]
            if b.inside(nx, ny) and (nx, ny) not in seen and not b.wall_between(cx, cy, d):
                seen.add((nx, ny))
                todo.append((nx, ny))
    return x, y


def _draw_damage(s: RallyState) -> str | None:
    if not s.damage_deck:
        if not s.damage_discard:
            return None
        s.damage_deck = s.damage_discard
        s.damage_discard = []
        s.rng.shuffle(s.damage_deck)
    return s.damage_deck.pop()


def _damage(s: RallyState, r: Robot, amount: int, ev: list, source: Robot | None, why: str) -> None:
    taken = 0
    for _ in range(amount):
        card = _draw_damage(s)
        if card is None:
            break
        taken += 1
        ev.append(Event("damage", r.seat, {"card": "haywire" if C.is_haywire(card) else "spam", "why": why,
                                            "by": None if source is None else source.seat}))
        if card == "spam":
            r.discard.append(card)
        elif "controlled_chaos" in r.perm and _cc_registers(s, r):
            r.cc_pending.append(card)
        else:
            _place_haywire(s, r, card, ev)
    if taken and source is not None and source is not r and "mirror" in r.perm and not r.mirror_used:
        r.mirror_used = True
        ev.append(Event("mirror", r.seat, {"target": source.seat, "amount": taken}))
        _damage(s, source, taken, ev, source=r, why="mirror")


def _cc_registers(s: RallyState, r: Robot) -> list[int]:
    """Controlled Chaos: "any card in your registers where there is not already a face-down Haywire"."""
    return [i for i in range(REGISTERS) if r.haywire[i] is None]


def _place_haywire(s: RallyState, r: Robot, card: str, ev: list) -> None:
    """RR23: a Haywire goes face down under the current register's card, at most one per
    register; a second one goes to the damage discard. It stays on the mat (across the round's
    end) and is resolved, instead of the card above it, the next time that register is revealed."""
    i = max(0, s.register - 1)
    if r.haywire[i] is None:
        r.haywire[i] = card
        ev.append(Event("haywire", r.seat, {"register": i + 1, "chosen": False}))
    else:
        s.damage_discard.append(card)
        ev.append(Event("haywire", r.seat, {"register": None, "chosen": False, "discarded": True}))


# ---------------------------------------------------------------------------- board elements
def _convey(s: RallyState, kinds: tuple, ev: list) -> None:
    b = s.board
    movers = {}
    for r in s.robots:
        if b.inside(r.x, r.y):
            i = b.idx(r.x, r.y)
            if b.kind[i] in kinds:
                d = b.cdir[i]
                if not b.wall_between(r.x, r.y, d):
                    movers[r.seat] = (r.x + DX[d], r.y + DY[d], d)
    changed = True
    while changed:
        changed = False
        targets: dict = {}
        for seat, (tx, ty, _) in movers.items():
            targets.setdefault((tx, ty), []).append(seat)
        for seat, (tx, ty, d) in list(movers.items()):
            if len(targets[(tx, ty)]) > 1:
                del movers[seat]
                changed = True
                continue
            other = s.robot_at(tx, ty)
            if other is not None and other.seat not in movers:
                del movers[seat]
                changed = True
    for seat, (tx, ty, d) in movers.items():
        r = s.robots[seat]
        fx, fy = r.x, r.y
        r.x, r.y = tx, ty
        ev.append(Event("convey", seat, {"from": [fx, fy], "to": [tx, ty], "dir": d, "express": kinds == ("express",)}))
    for seat in movers:
        r = s.robots[seat]
        if b.falls(r.x, r.y):
            _reboot(s, r, ev, "pit" if b.inside(r.x, r.y) else "edge")
            continue
        i = b.idx(r.x, r.y)
        if b.kind[i] in ("belt", "express") and b.turn[i]:
            by = 1 if b.turn[i] == "right" else -1
            r.d = (r.d + by) % 4
            ev.append(Event("turn", seat, {"dir": r.d, "by": by, "why": "belt"}))


def _push_panels(s: RallyState, reg: int, ev: list) -> None:
    b = s.board
    for seat in s.order:
        r = s.robots[seat]
        if b.inside(r.x, r.y):
            i = b.idx(r.x, r.y)
            if b.kind[i] == "push" and reg in b.registers[i]:
                ev.append(Event("push_panel", seat, {"at": [r.x, r.y], "dir": b.cdir[i]}))
                _push(s, r, b.cdir[i], ev, pusher=None)


def _gears(s: RallyState, ev: list) -> None:
    b = s.board
    for r in s.robots:
        if b.inside(r.x, r.y) and b.kind_at(r.x, r.y) == "gear":
            by = b.rot[b.idx(r.x, r.y)]
            r.d = (r.d + by) % 4
            ev.append(Event("turn", r.seat, {"dir": r.d, "by": by, "why": "gear"}))


def _crushers(s: RallyState, reg: int, ev: list) -> None:
    """Chaos & Carnage, Crusher: after gears, before board lasers, only in its printed registers."""
    b = s.board
    for seat in s.order:
        r = s.robots[seat]
        if b.inside(r.x, r.y):
            i = b.idx(r.x, r.y)
            if b.kind[i] == "crusher" and reg in b.registers[i]:
                ev.append(Event("crush", seat, {"at": [r.x, r.y], "register": reg}))
                _reboot(s, r, ev, "crusher")


def trace(s: RallyState, x: int, y: int, d: int, include_start: bool, ignore: Robot | None = None):
    """The squares a laser from (x, y) toward d covers, and the robot it hits (or None)."""
    b = s.board
    path = []
    if include_start:
        path.append((x, y))
        hit = s.robot_at(x, y)
        if hit is not None and hit is not ignore:
            return path, hit
    while True:
        if b.wall_between(x, y, d):
            return path, None
        x, y = x + DX[d], y + DY[d]
        if not b.inside(x, y):
            return path, None
        path.append((x, y))
        hit = s.robot_at(x, y)
        if hit is not None and hit is not ignore:
            return path, hit


def _board_lasers(s: RallyState, ev: list) -> None:
    for x, y, d, strength in s.board.lasers:
        path, hit = trace(s, x, y, d, include_start=True)
        if hit is not None:
            ev.append(Event("board_laser", hit.seat, {"from": [x, y], "path": path, "strength": strength}))
            _damage(s, hit, strength, ev, source=None, why="board_laser")


def _indirect_targets(s: RallyState, r: Robot) -> list[Robot]:
    out = []
    for other in s.robots:
        if other is r:
            continue
        dx, dy = other.x - r.x, other.y - r.y
        if (dx == 0 or dy == 0) and 0 < abs(dx) + abs(dy) <= 3:
            out.append(other)
    return out


def _fire_choices(s: RallyState, r: Robot) -> list[Choice]:
    out = [Choice("fire", "main")]
    if "indirect_fire" in r.perm and r.energy >= 1:
        out += [Choice("fire", f"indirect:{t.seat}") for t in _indirect_targets(s, r)]
    if "stun" in r.temp and s.register < REGISTERS:
        _, hit = trace(s, r.x, r.y, r.d, include_start=False)
        if hit is not None:
            out.append(Choice("fire", "stun"))
    return out


def _fire(s: RallyState, r: Robot, how: str, ev: list) -> None:
    if how.startswith("indirect:"):
        target = s.robots[int(how.split(":")[1])]
        r.energy -= 1
        ev.append(Event("indirect_fire", r.seat, {"target": target.seat, "to": [target.x, target.y]}))
        _damage(s, target, 1, ev, source=r, why="indirect_fire")
        _rear_laser(s, r, ev)
        return
    path, hit = trace(s, r.x, r.y, r.d, include_start=False)
    if how == "stun" and hit is not None:
        r.temp.remove("stun")
        s.upgrade_discard.append("stun")
        nxt = s.register          # 0-based index of the next register
        dropped = [hit.regs[nxt], hit.haywire[nxt]]
        if hit.regs[nxt] is not None:
            hit.discard.append(hit.regs[nxt])
        if hit.haywire[nxt] is not None:
            s.damage_discard.append(hit.haywire[nxt])
        hit.regs[nxt] = None
        hit.haywire[nxt] = None
        ev.append(Event("stun", r.seat, {"target": hit.seat, "register": nxt + 1, "path": path,
                                         "dropped": sum(1 for c in dropped if c is not None)}))
        _rear_laser(s, r, ev)
        return
    if hit is not None:
        amount = 1 + (1 if "double_barrel" in r.perm else 0)
        ev.append(Event("robot_laser", r.seat, {"target": hit.seat, "path": path, "amount": amount}))
        if "leaching" in r.perm:
            if hit.energy >= 3:
                hit.energy -= 1
                gain_energy(r, 1)
                ev.append(Event("leach", r.seat, {"target": hit.seat}))
            elif hit.energy == 0:
                amount += 1
                ev.append(Event("leach", r.seat, {"target": hit.seat, "extra_damage": 1}))
        _damage(s, hit, amount, ev, source=r, why="robot_laser")
    _rear_laser(s, r, ev)


def _rear_laser(s: RallyState, r: Robot, ev: list) -> None:
    if "rear_laser" not in r.perm:
        return
    path, hit = trace(s, r.x, r.y, (r.d + 2) % 4, include_start=False)
    if hit is not None:
        ev.append(Event("robot_laser", r.seat, {"target": hit.seat, "path": path, "amount": 1, "rear": True}))
        _damage(s, hit, 1, ev, source=r, why="rear_laser")


def _energy(s: RallyState, reg: int, ev: list) -> None:
    """RR23 batteries: a robot ending any register on an energy space gains 1 Energy (up to 10)."""
    for seat in s.order:
        r = s.robots[seat]
        if s.board.kind_at(r.x, r.y) == "energy" and not r.rebooted and gain_energy(r, 1):
            ev.append(Event("energy", seat, {"gain": 1, "energy": r.energy, "why": "battery"}))


def _checkpoints(s: RallyState, ev: list) -> bool:
    cps = s.board.checkpoints
    for seat in s.order:
        r = s.robots[seat]
        if r.cp < len(cps) and (r.x, r.y) == cps[r.cp]:
            r.cp += 1
            ev.append(Event("checkpoint", seat, {"number": r.cp, "of": len(cps)}))
            if r.cp == len(cps):
                s.winner = seat
                s.phase = "over"
                s.outcome = "won"
                ev.append(Event("win", seat, {"round": s.round}))
                return True
    return False


def _end_round(s: RallyState, ev: list) -> None:
    for r in s.robots:
        for i in range(REGISTERS):
            if r.regs[i] is not None:
                r.discard.append(r.regs[i])
        r.discard += r.extra
        r.extra = []
        r.regs = [None] * REGISTERS
        r.revealed = [False] * REGISTERS
        r.done = [None] * REGISTERS
        r.rebooted = False
        r.mirror_used = False
    ev.append(Event("round_end", None, {"round": s.round}))
    if s.config.max_rounds and s.round >= s.config.max_rounds:
        s.phase = "over"
        s.outcome = "timeout"
        ev.append(Event("timeout", None, {"round": s.round}))
        return
    s.round += 1
    s.token = (s.token + 1) % len(s.robots)
    _start_round(s, ev)


# ---------------------------------------------------------------------------- views
@dataclass
class RobotView:
    seat: int
    x: int
    y: int
    d: int
    cp: int
    energy: int
    perm: tuple
    temp: tuple
    rebooted: bool
    regs: tuple            # revealed register cards; "?" for a face-down card, None for empty
    haywire: tuple         # True where a face-down Haywire lies under a register
    hand_size: int
    deck_size: int
    discard: tuple         # sorted: the pile is face up
    owned: int = 0         # drawn upgrades not installed (how many; which is private)


@dataclass
class View:
    seat: int
    board: Board
    phase: str
    round: int
    register: int
    token: int
    order: tuple
    robots: tuple
    hand: tuple            # this seat's hand
    regs: tuple            # this seat's registers (its own cards, face down to others)
    collection: tuple      # this seat's drawn, uninstalled upgrades
    damage_left: int
    pending: tuple | None
    max_rounds: int
    winner: int | None

    def me(self) -> RobotView:
        return self.robots[self.seat]


def seat_view(state: RallyState, seat: int) -> View:
    robots = []
    for r in state.robots:
        if r.seat == seat:
            regs = tuple(r.regs)
        else:
            regs = tuple(c if r.revealed[i] else ("?" if c is not None else None) for i, c in enumerate(r.regs))
        robots.append(RobotView(r.seat, r.x, r.y, r.d, r.cp, r.energy, tuple(r.perm), tuple(r.temp), r.rebooted,
                                regs, tuple(h is not None for h in r.haywire), len(r.hand), len(r.deck),
                                tuple(sorted(r.discard)), len(r.owned)))
    me = state.robots[seat]
    return View(seat, state.board, state.phase, state.round, state.register, state.token, tuple(state.order),
                tuple(robots), tuple(me.hand), tuple(me.regs), tuple(sorted(me.owned)), len(state.damage_deck), state.pending, state.config.max_rounds, state.winner)


def redeal_hidden(state: RallyState, seat: int, rng: random.Random) -> RallyState:
    """A copy where what `seat` cannot see is reshuffled: decks, other hands, face-down Haywire,
    other robots' uninstalled upgrades."""
    s = state.copy()
    for r in s.robots:
        if r.seat == seat:
            rng.shuffle(r.deck)
        else:
            pool = r.deck + r.hand
            rng.shuffle(pool)
            r.hand = pool[:len(r.hand)]
            r.deck = pool[len(r.hand):]
    spots = [(r, i) for r in s.robots for i in range(REGISTERS) if r.haywire[i] is not None]
    pool = s.damage_deck + [r.haywire[i] for r, i in spots] + [c for r in s.robots for c in r.cc_pending]
    rng.shuffle(pool)
    for r, i in spots:
        r.haywire[i] = next(c for c in pool if C.is_haywire(c))
        pool.remove(r.haywire[i])
    for r in s.robots:
        for k in range(len(r.cc_pending)):
            r.cc_pending[k] = next(c for c in pool if C.is_haywire(c))
            pool.remove(r.cc_pending[k])
    s.damage_deck = pool
    ups = s.upgrade_deck + [c for r in s.robots if r.seat != seat for c in r.owned]
    rng.shuffle(ups)
    for r in s.robots:
        if r.seat != seat:
            r.owned, ups = ups[:len(r.owned)], ups[len(r.owned):]
    s.upgrade_deck = ups
    return s
