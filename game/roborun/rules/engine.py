"""The Robo Run rules engine: new_game, legal_choices, apply.

How it runs: the state holds a STACK of small step tuples (state.queue; the last one runs
next) and at most one pending Decision. _run() pops and executes steps until one of them
needs a player's choice (it sets state.pending) or the game ends. apply() resolves the
pending decision with the chosen option, which usually pushes the follow-up steps, and
runs again. A decision with a single option is resolved automatically.

A round:   round_start -> turn -> (beep_window) -> card_choice -> card steps -> end_card -> turn ...
           -> phase_end -> cleanup -> event_phase -> new_robot -> next_round
A card:    window pre -> card_body -> part my -> window after_my -> part mate -> part bad
           -> window post -> after_card (lifts, production lines) -> (window end) -> end_card
           (the end window only when a Lift or Production Line moved something)
Each part expands to `window act` + `act` per movement action; slides continue as `slide`
steps with a `window slide` between spaces. Windows only become decisions when the active
player can actually use an ability or Equipment card there.

Speed (issue 16): where a handler knows which step would be popped next (turn -> BEEP window
-> card choice; card body -> part my -> its first action when that window would be skipped),
it calls that handler directly instead of pushing the step, so the queue at every decision
is exactly what the plain stack machine would hold. The common Choices are built once and
shared; Events and Decisions are named tuples built with one C call. Guard: the digests in
tests/roborun/tools/test_digest.py (python -m game.roborun.tools.digest [--set wide]).
"""
from __future__ import annotations

import random
from itertools import repeat
from operator import is_

from game.core.engine import IllegalChoice
from game.core.errors import UserError
from game.roborun.rules import abilities, board_decisions, equipment, movement, round_end, scenario_rules
from game.roborun.rules.campaign import single_scenario_setup
from game.roborun.rules.abilities import OFFERABLE, REACTS, may_offer  # noqa: F401  (may_offer: public)
from game.roborun.rules.cards import ABS_OF, OTHER_FACE, action_cards, equipment_cards, event_cards, robot_boards, to_abs
from game.roborun.rules.events import Event, new_event
from game.roborun.rules.board_decisions import unlock_options  # noqa: F401  (public name kept here)
from game.roborun.rules.flow import decide as _decide, schedule as _schedule
from game.roborun.rules.round_end import active_exits  # noqa: F401  (public name kept here)
from game.roborun.rules.level import GOOD_COLOURS, LevelSpec, ROBOT_COLOURS
from game.roborun.rules.geometry import OPPOSITE, board
from game.roborun.rules.movement import group, settle  # noqa: F401  (group: public name kept here)
from game.roborun.rules.state import GOOD, Choice, Decision, GameState, PlayerSetup, Setup

__all__ = ["new_game", "legal_choices", "apply", "preview", "GameState", "Setup", "PlayerSetup", "Choice"]

# Choices are values (never changed), so the common ones are built once and shared.
_CHOICES: dict[tuple, Choice] = {}


def _choice(kind: str, args: tuple = ()) -> Choice:
    """The shared Choice(kind, args)."""
    key = (kind, args)
    c = _CHOICES.get(key)
    if c is None:
        c = _CHOICES[key] = Choice(kind, args)
    return c


_PLAY = {c: _choice("play", (c,)) for c in range(1, 7)}     # Action cards 1-6 (cards.action_cards)
_BEEP = {c: _choice("beep", (c,)) for c in range(1, 7)}
_PASS, _CONTINUE, _NO_BEEP = _choice("pass"), _choice("continue"), _choice("no_beep")
_START = (_choice("start", (0,)), _choice("start", (1,)))
_STANDBY = {True: _choice("standby", (True,)), False: _choice("standby", (False,))}
_DIR_OPTIONS: dict[tuple, tuple] = {}      # (colour, dirs, seat) -> (options, options + skip, absolute dirs)


# ---------------------------------------------------------------- set-up
def new_game(level: LevelSpec, seed: int, setup: Setup | None = None) -> GameState:
    """A scenario ready for its first decision (seat 0 chooses who starts round 1)."""
    geo = board(level)
    start = geo.start
    if start is None:                # first game on this level: check it, and keep its set-up
        scenario_rules.validate(level)
        _validate_level(level)
        start = geo.start = _level_start(level)
    rng = random.Random(seed)
    if setup is None:
        setup = single_scenario_setup(level.number or 1, rng)      # valid by construction
    else:
        _validate_setup(setup)
    s = GameState.__new__(GameState)
    s.level, s.seed, s.geo = level, seed, geo
    s.rng = rng                      # kept: the contract's state.rng (all dealing is done with it)
    s.round, s.phase, s.active, s.last_player = 1, "action", 0, 0
    s.outcome = s.loss_cause = s.won_round = None
    pos, at, colour, owner, s.next_robot_id, s.start_positions, keys, walls, lasers, items = start
    s.pos, s.at, s.colour, s.owner = pos.copy(), at.copy(), colour.copy(), owner.copy()
    s.escaped = []
    s.keys, s.wall_tokens, s.lasers, s.items = set(keys), set(walls), set(lasers), items.copy()
    p0, p1 = setup.players
    s.robot_names = (p0.robot, p1.robot)
    s.energy = [min(5, max(0, p0.energy)), min(5, max(0, p1.energy))]
    s.unlocked = [frozenset(p0.unlocked), frozenset(p1.unlocked)]
    s.chip = [p0.chip_level, p1.chip_level]
    s.hands = [list(p0.equipment), list(p1.equipment)]
    s.numbers = [[], []]
    order = [1, 2, 3, 4, 5, 6]
    rng.shuffle(order)
    faces = [rng.choice(("yellow", "blue")) for _ in order]
    s.stands = [list(zip(order[:3], faces[:3])), list(zip(order[3:], faces[3:]))]
    s.played = [[], []]
    s.event_deck = list(_sorted_ids(event_cards))
    rng.shuffle(s.event_deck)
    s.events_seen = []
    if setup.equipment_deck is not None:
        held = {c for h in s.hands for c in h}
        s.equip_deck = [c for c in setup.equipment_deck if c not in held]
    elif s.hands[0] or s.hands[1]:
        held = {c for h in s.hands for c in h}
        s.equip_deck = [c for c in _sorted_ids(equipment_cards) if c not in held]
        rng.shuffle(s.equip_deck)
    else:
        s.equip_deck = list(_sorted_ids(equipment_cards))
        rng.shuffle(s.equip_deck)
    s.support = list(level.support)
    s.pass_state, s.beep = "available", "available"
    s.queue, s.pending, s.later = [("round_start",)], None, []
    s.turn, s.armed, s.deactivated = {}, set(), set()
    s.exits_open, s.lines_on = True, True
    s.messages = []
    s.rules = tuple(level.rules)
    s.lost_tokens = 0
    if s.rules:
        scenario_rules.apply_setup(s)
    _run(s, [])
    return s


_SORTED_IDS: dict = {}


def _sorted_ids(cards) -> tuple:
    """sorted(cards()) for a card table loader (event_cards, equipment_cards), kept."""
    ids = _SORTED_IDS.get(cards)
    if ids is None:
        ids = _SORTED_IDS[cards] = tuple(sorted(cards()))
    return ids


def _level_start(level: LevelSpec) -> tuple:
    """What every game on `level` starts from: robots (pos, at, colour, owner), the next robot
    id, the start spaces, and the tokens (Keys, Wall tokens, Lasers, the collectable items).
    Copied by new_game (the level never changes once a Board is built for it)."""
    pos, at, colour, owner = {}, {}, {}, {}
    for rid, r in enumerate(level.robots):
        pos[rid] = r.pos
        at[r.pos] = rid
        colour[rid] = r.colour
        if r.colour in GOOD:
            owner[rid] = r.owner if r.owner is not None else GOOD_COLOURS.index(r.colour)
    keys, walls, lasers, items = set(), set(), set(), {}
    for t in level.tokens:
        if t.kind == "key":
            keys.add(t.pos)
        elif t.kind == "wall":
            walls.add(t.pos)
        elif t.kind == "laser":
            lasers.add(t.pos)
        elif t.kind in ("energy", "experience", "equipment", "number"):
            items[t.pos] = (t.kind, t.value)
    return (pos, at, colour, owner, len(level.robots), tuple((r.pos, r.colour) for r in level.robots),
            frozenset(keys), frozenset(walls), frozenset(lasers), items)


def _validate_level(level: LevelSpec) -> None:
    where = level.source or f"level {level.level_id or '?'}"
    seen = set()
    for r in level.robots:
        if r.colour not in ROBOT_COLOURS:
            raise UserError(where, f"unknown robot colour {r.colour!r} at {r.pos}")
        if not level.in_bounds(r.pos) or r.pos in seen:
            raise UserError(where, f"robot start {r.pos} is off the map or shared")
        seen.add(r.pos)
    if not any(r.colour in GOOD for r in level.robots):
        raise UserError(where, "the map has no good robot")
    for c in level.support:
        if c not in ("white", "purple", "blue"):
            raise UserError(where, f"support robots must be bad robot colours, got {c!r}")


def _validate_setup(setup: Setup) -> None:
    boards = robot_boards()
    for seat, p in enumerate(setup.players):
        where = f"setup player {seat}"
        if p.robot not in boards:
            raise UserError(where, f"unknown robot {p.robot!r} (choose from {', '.join(boards)})")
        bad = [a for a in p.unlocked if a not in boards[p.robot].abilities]
        if bad:
            raise UserError(where, f"{p.robot} has no abilities {bad}")
        if not 1 <= p.chip_level <= len(boards[p.robot].chip):
            raise UserError(where, f"CHIP level must be 1..{len(boards[p.robot].chip)}")
    held = [c for p in setup.players for c in p.equipment]
    unknown = sorted({c for c in held + list(setup.equipment_deck or ()) if c not in equipment_cards()})
    if unknown or len(held) != len(set(held)):
        raise UserError("setup", f"Equipment cards must be known and held once (unknown: {unknown})")


# ---------------------------------------------------------------- public API
def legal_choices(state: GameState) -> list[Choice]:
    if state.outcome is not None or state.pending is None:
        return []
    return list(state.pending.options)


def apply(state: GameState, choice: Choice) -> list[Event]:
    """Resolve the pending decision with `choice`; mutates state; returns the events."""
    dec = state.pending
    if state.outcome is not None or dec is None:
        raise IllegalChoice("the game is over; no choice is legal")
    if not any(map(is_, dec.options, repeat(choice))):    # identity first (a C loop): the usual case
        if choice not in dec.options:
            raise IllegalChoice(f"illegal choice {getattr(choice, 'label', choice)!r} for decision {dec.kind!r}")
    events: list[Event] = []
    state.pending = None
    if state.later:
        state.later = []
    if choice.kind in FREE_KINDS:
        _resolve(state, dec, choice, events)
    else:
        RESOLVE[dec.kind](state, dec, choice, events)
    if state.later:
        _flush_later(state)
    _run(state, events)
    return events


def preview(state: GameState, choice: Choice) -> list[Event]:
    """The events `apply(state, choice)` would produce, without changing `state` (the random
    generator included: the copy draws from its own copy of it)."""
    twin = state.copy()
    return apply(twin, choice)


# ---------------------------------------------------------------- the step machine
def _flush_later(state: GameState) -> None:
    if state.later:
        state.queue.extend(reversed(state.later))
        state.later = []


def _run(state: GameState, events: list[Event]) -> None:
    queue, steps = state.queue, STEPS
    energy, hands, numbers = state.energy, state.hands, state.numbers
    while state.outcome is None:
        dec = state.pending
        if dec is not None:
            if len(dec.options) != 1:
                return
            state.pending = None
            _resolve(state, dec, dec.options[0], events)
        elif queue:
            step = queue.pop()
            name = step[0]
            if name == "window":
                # the common case inline: the active player can use nothing here and nobody watches
                seat = state.active
                if not hands[seat] and not numbers[seat] and not state.turn.get("standby") and (
                        energy[seat] < 1 or not OFFERABLE[state.unlocked[seat]][step[1]]):
                    continue
            steps[name](state, step, events)
        else:
            return
        if state.later:                   # effects deferred by this step run next
            queue.extend(reversed(state.later))
            state.later = []


def _resolve(state: GameState, dec: Decision, choice: Choice, events: list[Event]) -> None:
    if choice.kind in FREE_KINDS:
        _schedule(state, dec.ctx)                  # come back to the same decision point
        if choice.kind == "ability":
            abilities.use(state, choice, events)
        elif choice.kind == "equip":
            equipment.use(state, choice, events, dec.seat)
        else:
            _give_number(state, choice.args[0], events, dec.seat)
        return
    RESOLVE[dec.kind](state, dec, choice, events)


# ---------------------------------------------------------------- free actions (abilities, equipment, numbers)
FREE_KINDS = frozenset(("ability", "equip", "give_number"))


def free_actions(state: GameState, tag: str, step: tuple) -> list[Choice]:
    """Everything the active player may do 'at any moment' at this point of the turn."""
    seat = state.active
    if state.energy[seat] < 1 or not state.unlocked[seat]:    # no ability can be paid for
        if not state.hands[seat] and not state.numbers[seat]:
            return []
        out = []
    else:
        out = abilities.usable(state, tag, step)
    if state.hands[seat]:
        out += equipment.usable(state, tag)
    if state.numbers[seat] and _robots_adjacent(state):
        out += [Choice("give_number", (v,)) for v in sorted(set(state.numbers[seat]))]
    return out


def mate_options(state: GameState) -> list[Choice]:
    """What the teammate may do at this moment of the active player's turn ("at any instant"):
    BEEP a card (once per round), use their own Equipment, give Number tokens when the robots
    are adjacent, and keep (or stop) watching the rest of the turn."""
    seat = 1 - state.active
    out = [_NO_BEEP]
    if state.beep == "available":
        for st in state.stands:
            for c, _ in st:
                out.append(_BEEP[c])
    if state.hands[seat]:
        out += equipment.usable(state, "mate", seat)
    if state.numbers[seat] and _robots_adjacent(state):
        out += [Choice("give_number", (v,)) for v in sorted(set(state.numbers[seat]))]
    if len(out) > 1:
        out.append(_STANDBY[not state.turn.get("standby", False)])
    return out


def _robots_adjacent(state: GameState) -> bool:
    """Is a robot of the active player orthogonally next to one of the teammate's?"""
    seat, pos = state.active, state.pos
    mine, theirs = [], set()
    for r, s in state.owner.items():             # state.robots_of both seats, in one plain loop
        p = pos.get(r)
        if p is not None:
            if s == seat:
                mine.append(p)
            else:
                theirs.add(p)
    for x, y in mine:
        if (x + 1, y) in theirs or (x - 1, y) in theirs or (x, y + 1) in theirs or (x, y - 1) in theirs:
            return True
    return False


def _give_number(state: GameState, value: int, events: list[Event], seat: int | None = None) -> None:
    """'A player may give the other player any number of Number tokens if their robots are
    adjacent to each other' - either player, one token per choice, as often as they like."""
    seat = state.active if seat is None else seat
    state.numbers[seat].remove(value)
    state.numbers[1 - seat].append(value)
    events.append(Event("number_given", seat=seat, value=value))


# ---------------------------------------------------------------- round and turn steps
def _round_start(state: GameState, step: tuple, events: list[Event]) -> None:
    state.phase = "action"
    _decide(state, "start", 0, _START, step)


def _resolve_start(state: GameState, dec: Decision, choice: Choice, events: list[Event]) -> None:
    state.active = choice.args[0]
    events.append(new_event(("round_started", None, None, None, None, None, state.active, None, None, None, None, state.round, None)))
    _turn(state, _TURN, events)                   # = queue ("turn",): it would run next


def _cards_left(state: GameState) -> bool:
    return bool(state.stands[0] or state.stands[1])


def _turn(state: GameState, step: tuple, events: list[Event]) -> None:
    if not _cards_left(state):
        _schedule(state, ("phase_end",))
        return
    state.turn = {}
    state.armed.clear()
    events.append(new_event(("turn_started", None, None, None, None, None, state.active, None, None, None, None, None, None)))
    # = queue += _CARD_CHOICE_STEPS, with the two steps run here as _run would run them next
    state.queue.append(_CARD_CHOICE)
    _beep_window(state, _BEEP_WINDOW, events)
    if state.pending is None:
        state.queue.pop()
        _card_choice(state, _CARD_CHOICE, events)


_TURN, _CARD_CHOICE, _BEEP_WINDOW = ("turn",), ("card_choice",), ("beep_window",)
_CARD_CHOICE_STEPS = (_CARD_CHOICE, _BEEP_WINDOW)   # as pushed: the teammate's window runs first


def _window_quiet(state: GameState, tag: str) -> bool:
    """Would the window `tag` be skipped now (_run's inline test: the active player can use
    nothing there and the teammate does not watch)?"""
    seat = state.active
    return not state.hands[seat] and not state.numbers[seat] and not state.turn.get("standby") and (
        state.energy[seat] < 1 or not OFFERABLE[state.unlocked[seat]][tag])


def _beep_window(state: GameState, step: tuple, events: list[Event]) -> None:
    """The teammate's window before each card choice; opens only if they can do something."""
    mate = 1 - state.active
    if state.beep != "available" and not state.hands[mate] and not state.numbers[mate]:
        return                                       # nothing the teammate could do: no prompt
    options = mate_options(state)
    if len(options) > 1:
        _decide(state, "beep", 1 - state.active, options, step)


def _mate_window(state: GameState, step: tuple, events: list[Event]) -> None:
    """The standing interrupt: a teammate who chose `standby` is asked again at every point
    where the active player could act during this turn (each window of the card)."""
    if state.turn.get("standby"):
        _beep_window(state, step, events)


def _resolve_beep(state: GameState, dec: Decision, choice: Choice, events: list[Event]) -> None:
    if choice.kind == "beep":
        state.beep = ("placed", choice.args[0])
        events.append(new_event(("beeped", None, None, None, None, None, dec.seat, choice.args[0], None, None, None, None, None)))
        if state.turn.get("standby"):
            state.queue.append(dec.ctx)             # still watching: may use Equipment too
    elif choice.kind == "standby":
        state.turn["standby"] = choice.args[0]
        if choice.args[0]:
            state.queue.append(dec.ctx)


def _card_choice(state: GameState, step: tuple, events: list[Event]) -> None:
    options = []
    for st in state.stands:
        for c, _ in st:
            options.append(_PLAY[c])
    if state.pass_state == "available" and not state.turn.get("boosted"):
        options.append(_PASS)                     # Fuel Boost's extra card must be a card
    seat = state.active
    if state.hands[seat] or state.numbers[seat] or (state.energy[seat] >= 1 and state.unlocked[seat]):
        options += free_actions(state, "turn", step)
    _decide(state, "card", seat, options, step)


def face_for(state: GameState, seat: int, card: int) -> str | None:
    """The face of a card on a stand that `seat` sees (its own stand: the owner's side)."""
    for owner in (0, 1):
        for c, face in state.stands[owner]:
            if c == card:
                return face if owner == seat else OTHER_FACE[face]
    return None


def _resolve_card(state: GameState, dec: Decision, choice: Choice, events: list[Event]) -> None:
    seat = state.active
    if choice.kind == "pass":
        state.pass_state = "used"
        events.append(new_event(("passed", None, None, None, None, None, seat, None, None, None, None, None, None)))
        state.active = 1 - seat
        _turn(state, _TURN, events)               # = queue ("turn",): it would run next
        return
    card = choice.args[0]
    turn = state.turn
    if turn:
        for key in ("boosted", "twist", "skip_top", "nitro_used", "my_actions", "bottom_started"):
            turn.pop(key, None)
    face = None
    for owner, st in enumerate(state.stands):     # face_for, and the card leaves its stand (cards are unique)
        for i, (c, f) in enumerate(st):
            if c == card:
                face = f if owner == seat else OTHER_FACE[f]
                del st[i]
                break
        else:
            continue
        break
    state.played[seat].append((card, face))
    state.last_player = seat
    events.append(new_event(("card_played", None, None, None, None, None, seat, card, face, None, None, None, None)))
    if state.beep == ("placed", card):
        state.beep = "exhausted"
        events.append(new_event(("beep_returned", None, None, None, None, None, None, card, None, None, None, None, None)))
    # _schedule(pre window, card_body, post window, after_card, end_card), inlined: top of the stack last
    state.queue += _CARD_TAIL
    if _window_quiet(state, "pre"):               # the pre window would be skipped: run the card body now
        _card_body(state, ("card_body", card, face), events)
    else:
        state.queue += [("card_body", card, face), _WINDOW_PRE]


_CARD_TAIL = (("end_card",), ("after_card",), ("window", "post"))
_WINDOW_PRE, _WINDOW_AFTER_MY = ("window", "pre"), ("window", "after_my")


def _card_body(state: GameState, step: tuple, events: list[Event]) -> None:
    face = action_cards()[step[1]][step[2]]
    mine, theirs = (face.middle, face.top) if state.turn.get("twist") else (face.top, face.middle)
    state.turn["my_actions"] = mine
    # _schedule(part my, after_my window, part mate, part bad), inlined: top of the stack last;
    # the part "my" is run here, as _run would run it next
    state.queue += [("part", "bad", face.bottom, face.bottom_colours), ("part", "mate", theirs, ()), _WINDOW_AFTER_MY]
    _part(state, ("part", "my", mine, ()), events)


def _part(state: GameState, step: tuple, events: list[Event]) -> None:
    _, who, actions, colours = step
    if who == "my" and state.turn.get("skip_top"):
        return
    if who == "bad":
        if state.turn.get("distraction"):
            return
        state.turn["bottom_started"] = True
    if not actions or not movement.any_in_group(state, who, colours):
        return
    queue = state.queue                  # _schedule inlined: the first action's window on top
    for i in range(len(actions) - 1, 0, -1):
        queue.append(("act", who, actions[i], colours, ()))
        queue.append(("window", "act", who, colours))
    seat = state.active                  # _window_quiet(state, "act"), inlined
    if not state.hands[seat] and not state.numbers[seat] and not state.turn.get("standby") and (
            state.energy[seat] < 1 or not OFFERABLE[state.unlocked[seat]]["act"]):
        # its window would be skipped: run the first action now
        _act(state, ("act", who, actions[0], colours, ()), events)
    else:
        queue.append(("act", who, actions[0], colours, ()))
        queue.append(("window", "act", who, colours))


def _window(state: GameState, step: tuple, events: list[Event]) -> None:
    if state.turn.get("standby") and (not state.queue or state.queue[-1] != ("mate_window",)):
        state.queue.append(("mate_window",))           # after the active player's window
    options = free_actions(state, step[1], step)
    if options:
        _decide(state, "window", state.active, [_CONTINUE] + options, step)


def _resolve_window(state: GameState, dec: Decision, choice: Choice, events: list[Event]) -> None:
    if dec.ctx and dec.ctx[0] != "window":            # a reaction window: run the movement as it is
        state.turn["reacted"] = dec.ctx
        state.queue.append(dec.ctx)
    # an ordinary window's "continue": carry on with the queue


# ---------------------------------------------------------------- reactions (protective abilities)
_WINDOW_SLIDE = ("window", "slide")
_move_and_arrive = movement.move_and_arrive
_MOVE_KINDS = frozenset(("moved", "slid", "pushed", "conveyed", "teleported", "lifted", "displaced"))
_DIRS = frozenset(("N", "E", "S", "W", "NE", "NW", "SE", "SW"))


def _react(state: GameState, step: tuple, run, good_moving: bool, exclude: tuple = ()) -> bool:
    """Open a reaction window before a movement if, and only if, a protective ability the
    active player can use right now would change what happens (Robo Run rulebook, '7. Special
    Abilities': "If a good robot would ...", "If ... a good robot would enter a space with a
    bad robot", "If a good robot enters a Laser / Shredder / Tunnel / Lift ..."). The movement
    (with every Pusher, Tunnel, Lift it leads into) is tried on a copy; the window offers
    `continue` plus the abilities whose trigger the try met (but those in `exclude`). Returns
    True if it asked."""
    turn = state.turn
    if turn.get("reacted") is not None and turn.pop("reacted") == step:
        return False                                  # the player has answered for this movement
    seat = state.active
    if state.energy[seat] < 1 or state.phase != "action":
        return False
    unlocked = state.unlocked[seat]
    avail = [a for a in abilities.ARMED if a in unlocked and a not in state.armed and a not in exclude]
    if not avail:
        return False
    found = _dangers(state, run, good_moving)
    options = [Choice("ability", (a,)) for a in avail if a in found]
    if not options:
        return False
    _decide(state, "window", seat, [_CONTINUE] + options, step)
    return True


_QUIET_KINDS = frozenset(("floor", "exit", "hidden_exit", "tunnel_exit", "button", "production_line"))


def _quiet(state: GameState, moves: dict) -> bool:
    """True when one step of `moves` cannot meet any trigger (so no try on a copy is needed):
    every robot is stopped by a wall or the edge, or enters a plain space (no Laser, no
    special space that acts, no robot of the other side) with no gate a Cameo would open.
    Also True when the active player has no protective ability to offer (cheap check first)."""
    seat = state.active
    if state.energy[seat] < 1 or not state.unlocked[seat] or state.phase != "action":
        return True
    geo, pos, at, colour, lasers = state.geo, state.pos, state.at, state.colour, state.lasers
    kind = geo.kind
    for rid, d in moves.items():
        p = pos.get(rid)
        if p is None:
            continue
        c = colour[rid]
        q = geo.steps["cameo"].get((p, d))
        if q is None:
            continue
        if (p, d) not in geo.steps[c] or q in lasers or kind[q] not in _QUIET_KINDS:
            return False
        occ = at.get(q)
        if occ is not None and (colour[occ] in GOOD) != (c in GOOD):
            return False
    return True


def _dangers(state: GameState, run, good_moving: bool) -> set:
    """Which protective abilities the movement `run` would call for, tried on a copy."""
    twin = state.copy()
    twin.later = []
    ev: list[Event] = []
    depth = len(twin.queue)
    run(twin, ev)
    _flush_later(twin)
    guard = 0
    while twin.outcome is None and twin.pending is None and len(twin.queue) > depth and guard < 40:
        nxt = twin.queue.pop()
        if nxt[0] == "window":
            continue
        STEPS[nxt[0]](twin, nxt, ev)
        _flush_later(twin)
        guard += 1
    geo, colour = state.geo, state.colour
    found = set()
    for e in ev:
        k = e.kind
        if k == "destroyed":
            if e.colour not in GOOD:
                continue
            found.add("double_metal")
            if e.detail == "bad_robot":
                if good_moving:
                    found.update(("abs", "ram"))
            elif e.detail in ("laser", "hazard") or geo.kind.get(e.at) == "hazard":
                found.add("short_deactivation")
        elif k in _MOVE_KINDS:
            if e.robot is not None and colour.get(e.robot) in GOOD and e.to is not None and (
                    geo.kind.get(e.to) in movement.DEACTIVATABLE or e.to in state.lasers):
                found.add("short_deactivation")
        elif k == "blocked" and e.detail in _DIRS and e.robot in state.pos:
            c = colour[e.robot]              # stopped by a gate of another colour (not a wall or Wall token)
            q = geo.target(e.frm, e.detail, c, True)
            if q is not None and q not in state.wall_tokens and geo.target(e.frm, e.detail, c) is None:
                found.add("cameo")
    return found


def _disarm(state: GameState, step: tuple, events: list[Event]) -> None:
    """A movement action and everything it led into (a Pusher's slide, a Tunnel) is over."""
    state.armed.clear()


def _act(state: GameState, step: tuple, events: list[Event]) -> None:
    """One movement action of a card part: pick the CHIP level / directions, then move."""
    _, who, action, colours, chosen = step
    seat = state.active
    if who == "my" or who == "mate":             # group(state, who), inlined
        mover = seat if who == "my" else 1 - seat
        pos = state.pos
        robots = []
        for r, s in state.owner.items():
            if s == mover and r in pos:
                robots.append(r)
    else:
        robots = group(state, who, colours)
    if not robots:
        state.armed.clear()
        return
    mode, dirs = action
    if mode == "chip":
        chip = robot_boards()[state.robot_names[seat]].chip
        options = [Choice("chip", (lvl,)) for lvl in range(1, state.chip[seat] + 1)]
        _decide(state, "chip", seat, options, (who, colours, tuple(chip[: state.chip[seat]])))
        return
    turn = state.turn
    reverse = turn.get("reverse", ())
    if len(dirs) == 1:                            # the common case: one arrow, no choice to make
        d = ABS_OF[seat][dirs[0]]
        if reverse:
            back = OPPOSITE[d]
            moves = {}
            for r in robots:
                moves[r] = back if r in reverse else d
        else:
            moves = dict.fromkeys(robots, d)
    else:
        colour = state.colour
        picked = dict(chosen)
        if len(robots) == 1:
            colours_moving = (colour[robots[0]],)
        else:
            colours_moving = sorted(set(map(colour.__getitem__, robots)))
        for c in colours_moving:
            if c not in picked:
                members = robots if len(colours_moving) == 1 else [r for r in robots if colour[r] == c]
                table = _DIR_OPTIONS.get((c, dirs, seat))
                if table is None:
                    options = tuple(_choice("dir", (c, d)) for d in dirs)
                    table = _DIR_OPTIONS[(c, dirs, seat)] = (
                        options, options + (_choice("dir", (c, "skip")),), [to_abs(seat, d) for d in dirs])
                _decide(state, "dir", seat, table[1] if movement.any_blocked(state, members, table[2]) else table[0],
                        step)
                return
        moves = {}
        abs_of = ABS_OF[seat]
        for r in robots:
            rel = picked[colour[r]]
            if rel == "skip":
                continue
            d = abs_of[rel]
            moves[r] = OPPOSITE[d] if r in reverse else d
    if mode != "slide" and moves and state.energy[seat] >= 1 and state.phase == "action" and REACTS[
            state.unlocked[seat]] and not _quiet(state, moves) and _react(
            state, step, lambda twin, ev: movement.move_and_arrive(twin, moves, ev), who != "bad"):
        return                                    # (no protective ability unlocked: _react could offer nothing)
    if reverse:
        del turn["reverse"]                       # Reverse Move lasts one movement action
    if who == "my" and moves:
        turn["last_dir"] = next(iter(moves.values()))
    if mode == "slide":
        _schedule(state, ("slide", tuple(sorted(moves.items())), ()))
        return
    _move_and_arrive(state, moves, events)
    if state.armed:
        state.queue.append(("disarm",))           # after the Pusher / Tunnel steps it queued


def _resolve_dir(state: GameState, dec: Decision, choice: Choice, events: list[Event]) -> None:
    _, who, action, colours, chosen = dec.ctx
    # = queue this act step: nothing else is queued or deferred before it, so _run would run it next
    _act(state, ("act", who, action, colours, chosen + (choice.args,)), events)


def _resolve_chip(state: GameState, dec: Decision, choice: Choice, events: list[Event]) -> None:
    who, colours, levels = dec.ctx
    _act(state, ("act", who, levels[choice.args[0] - 1], colours, ()), events)   # = queue it: it would run next


def _slide(state: GameState, step: tuple, events: list[Event]) -> None:
    """One space of a slide ('until the next obstacle'); each reached space is resolved."""
    _, moves, moved_before = step
    moves = dict(moves)
    seat = state.active
    if state.energy[seat] >= 1 and state.phase == "action" and REACTS[state.unlocked[seat]] and not _quiet(
            state, moves) and _react(
            state, step, lambda twin, ev: movement.move_and_arrive(twin, moves, ev, how="slid", stopping=False), True):
        return
    n = len(events)
    going = _move_and_arrive(state, moves, events, "slid", False)
    if state.outcome is not None:
        return
    if moved_before:
        moved = {e.robot for e in events[n:] if e.kind == "slid"}
        for r in moved_before:
            if r not in moved and r in state.pos:
                settle(state, r, events)
    if going:
        if len(going) == 1:
            r = going[0]
            state.queue += (("slide", ((r, moves[r]),), (r,)), _WINDOW_SLIDE)   # the window runs first
        else:
            state.queue += (("slide", tuple([(r, moves[r]) for r in going]), tuple(going)), _WINDOW_SLIDE)
    elif state.armed:
        state.queue.append(("disarm",))


def _free_move(state: GameState, step: tuple, events: list[Event]) -> None:
    """A move made by an Equipment card or an ability (movement.move_later). Like a card's
    movement action it first offers the protective abilities that would change what happens:
    the rulebook's reactions apply to every move the active player causes ("If a good robot
    would ...", RAM: "If the active player moves a good robot ...")."""
    _, moves, mover = step
    moves = dict(moves)
    seat = state.active
    if state.energy[seat] >= 1 and state.phase == "action" and REACTS[state.unlocked[seat]] and not _quiet(
            state, moves) and _react(
            state, step, lambda twin, ev: movement.move_and_arrive(twin, moves, ev), mover != "bad",
            () if mover == "active" else ("ram",)):
        return
    _move_and_arrive(state, moves, events)
    if state.armed:
        state.queue.append(("disarm",))           # after the Pusher / Tunnel steps it queued


def _after_card_moves(state: GameState, events: list[Event]) -> None:
    movement.run_lifts(state, events)
    if state.outcome is None:
        movement.run_lines(state, events)


def _after_card(state: GameState, step: tuple, events: list[Event]) -> None:
    geo = state.geo
    lifts, lines = state.level.lifts, geo.line_dir
    if (lifts or lines) and REACTS[state.unlocked[state.active]]:
        at = state.at
        busy = not lines.keys().isdisjoint(state.pos.values()) or any(a in at or b in at for a, b in lifts)
        if busy and _react(state, step, _after_card_moves, True):
            return
    n = len(events)
    if lifts:                                     # (no Lifts, no Production Lines, no Buttons: nothing to do)
        movement.run_lifts(state, events)
    if lines and state.outcome is None:
        movement.run_lines(state, events)
    if geo.has_buttons and state.outcome is None:
        movement.check_buttons(state, events)
    state.armed.clear()
    if state.outcome is None and len(events) > n and any(
            e.kind in _CARRIED and e.robot is not None for e in events[n:]):
        state.queue.append(_WINDOW_END)           # "at any moment": act from where they were carried


# Events of a Lift or a Production Line moving something; after them the turn has one more
# moment (the `end` window), Robo Run rulebook 4.1: "at any moment, including while resolving
# an Action card, the active player may: Use a special ability. Use a possessed Equipment card."
_CARRIED = frozenset(("lifted", "conveyed"))
_WINDOW_END = ("window", "end")


def _end_card(state: GameState, step: tuple, events: list[Event]) -> None:
    state.armed.clear()
    if state.turn.get("fuel") and _cards_left(state):
        state.turn["fuel"], state.turn["boosted"] = False, True
        state.queue += _CARD_CHOICE_STEPS
        return
    state.active = 1 - state.active
    _turn(state, _TURN, events)                   # = queue ("turn",): it would run next


STEPS = {
    "round_start": _round_start, "turn": _turn, "beep_window": _beep_window, "card_choice": _card_choice,
    "card_body": _card_body, "part": _part, "window": _window, "act": _act, "slide": _slide,
    "after_card": _after_card, "end_card": _end_card, "disarm": _disarm, "mate_window": _mate_window,
    "free_move": _free_move,
    **board_decisions.STEPS, **round_end.STEPS,
}
RESOLVE = {
    "start": _resolve_start, "beep": _resolve_beep, "card": _resolve_card, "window": _resolve_window,
    "dir": _resolve_dir, "chip": _resolve_chip,
    **board_decisions.RESOLVE, **round_end.RESOLVE,
}
