"""Robo Rally with Chaos & Carnage: the pure rules engine (no pygame): the round, the choices,
the seat views. The rulebook chapters live beside it: programming.py, activation.py,
board_elements.py, movement.py, damage.py, upgrades.py; the values in state.py.

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
from dataclasses import dataclass
from typing import Any

from game.core.engine import IllegalChoice, Result
from game.roborally.rules import content as C
from game.roborally.rules.activation import _face, _fire, _fire_choices, _run, _start_activation  # noqa: F401
from game.roborally.rules.board import Board, SpecError, board_for
from game.roborally.rules.damage import _place_haywire, cc_options
from game.roborally.rules.programming import _finish_programming, _start_programming
from game.roborally.rules.state import (  # noqa: F401 (the engine's names, as before the split)
    DEFAULT_MAX_ROUNDS, GAME_ID, HAND_SIZE, REBOOT_DAMAGE, REGISTERS, REVEAL_KINDS, START_ENERGY, Choice, Config,
    Event, RallyState, Robot, gain_energy)
from game.roborally.rules.upgrades import (  # noqa: F401
    _apply_upgrade_choice, _draw_upgrade, _upgrade_choices, _use_programming_upgrade, can_install)



def make_config(course: dict, players: int = 2, max_rounds: int = DEFAULT_MAX_ROUNDS,
                reboot_facing: bool = True) -> Config:
    cfg = Config(course=course, players=players, max_rounds=max_rounds, reboot_facing=reboot_facing)
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
    return {"course": config.course, "players": config.players, "max_rounds": config.max_rounds,
            "rules": {"reboot_facing": config.reboot_facing}}     # rules added since saves began


def config_from_json(data: Any) -> Config:
    if not isinstance(data, dict):
        raise ValueError("a Robo Rally config is a JSON object")
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise ValueError("rules must be a JSON object")
    facing = rules.get("reboot_facing", False)      # absent: saved before the rebooting player chose
    if not isinstance(facing, bool):
        raise ValueError("rules.reboot_facing must be true or false")
    return make_config(data["course"], int(data.get("players", 2)), int(data.get("max_rounds", DEFAULT_MAX_ROUNDS)),
                       reboot_facing=facing)


def choice_to_json(choice: Choice) -> dict:
    return {"kind": choice.kind, "arg": choice.arg}


def choice_from_json(data: Any) -> Choice:
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise ValueError("a choice is {kind, arg}")
    arg = data.get("arg")
    if arg is not None and not isinstance(arg, (str, int)) or isinstance(arg, bool):
        raise ValueError("choice arg must be text or a whole number")
    return Choice(data["kind"], arg)


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


def _skip_upgrade_turns(s: RallyState, ev: list) -> None:
    """Seats that can do nothing pass without being asked; then programming starts."""
    while s.turn_i < len(s.order):
        if _upgrade_choices(s, s.robots[s.order[s.turn_i]]):
            return
        s.turn_i += 1
    _start_programming(s, ev)


def is_over(state: RallyState) -> bool:
    return state.phase == "over"


def seat_count(state: RallyState) -> int:
    return len(state.robots)


def current_seat(state: RallyState) -> int | None:
    if state.phase in ("upgrade", "program"):
        return state.order[state.turn_i]
    if state.phase in ("fire", "haywire", "reboot_facing"):
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
        return [Choice("haywire", reg) for reg in cc_options(state, r)]
    if ph == "fire":
        return _fire_choices(state, state.robots[state.pending[1]])
    if ph == "reboot_facing":
        return [Choice("facing", d) for d in range(4)]
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


def apply(state: RallyState, choice: Choice) -> list[Event]:
    if choice not in legal_choices(state):
        raise IllegalChoice(f"{choice!r} is not legal now")
    ev: list[Event] = []
    ph = state.phase
    seat = current_seat(state)
    r = state.robots[seat]
    if ph == "upgrade":
        _apply_upgrade_choice(state, r, choice, ev)
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
                if state.turn_i >= len(state.order):
                    _start_activation(state, ev)
    elif ph == "haywire":
        card = r.cc_pending.pop(0)
        if choice.arg == 0:                  # declined: the core rule (a second one is discarded)
            _place_haywire(state, r, card, ev)
        else:
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
    elif ph == "reboot_facing":
        state.phase = "activate"
        state.pending = None
        _face(state, r, choice.arg, ev)
        _run(state, ev)
    if state.phase == "round_over":
        _end_round(state, ev)
    return ev


def start_activation(state: RallyState, ev: list) -> None:
    """Run the activation phase of registers already filled (the AI's look-ahead plays a
    round this way) until a seat must decide or the round ends."""
    _start_activation(state, ev)
    if state.phase == "round_over":
        _end_round(state, ev)


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
