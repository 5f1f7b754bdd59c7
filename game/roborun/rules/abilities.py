"""The 16 special abilities of chapter 7: when each may be used and what it does.

Every ability costs 1 Energy, is used only by the active player, only if unlocked.
`usable(state, tag, step)` lists the ability choices at a decision point; the tag says
where in the turn we are:
  turn      the card choice (before playing a card)
  pre       after a card is chosen, before its resolution begins (Twist Movement, 404)
  act       just before one movement action (Reverse Move and the protective abilities)
  slide     between two spaces of a slide
  after_my  after all movement actions of the active player's robot (Nitro)
  post      after the parts, before Lifts and Production Lines
  end       after Lifts and Production Lines moved something, before the turn ends
Protective abilities (ABS, RAM, Short Deactivation, Double Metal, Cameo) are REACTIONS:
they are never listed here; engine._react offers them in a window opened only when the
movement about to be resolved would trigger them, and they then apply to that movement
and everything it leads into (Pusher, Tunnel, Lift).
"""
from __future__ import annotations

from game.roborun.rules import movement
from game.roborun.rules.cards import OTHER_FACE
from game.roborun.rules.events import Event
from game.roborun.rules.state import Choice, GameState
from game.roborun.rules.supply import pawns_in_supply

ARMED = ("abs", "ram", "short_deactivation", "double_metal", "cameo")
ANYTIME = ("fifth_gear", "fuel_boost", "back_up_plan", "secret_pocket", "signal_detector",
           "hacking_probe", "distraction_signal")
MOVE_TAGS = ("act", "slide", "post")
# Abilities usable() offers at one tag only; every other non-reaction ability may come at any tag.
TAG_ONLY = {"reverse_move": "act", "nitro": "after_my", "twist_movement": "pre", "404": "pre"}


class _ByTag(dict):
    """tag -> could one of `unlocked` be offered there (filled on first ask)."""
    __slots__ = ("unlocked",)

    def __init__(self, unlocked: frozenset):
        super().__init__()
        self.unlocked = unlocked

    def __missing__(self, tag: str) -> bool:
        known = self[tag] = any(a not in ARMED and TAG_ONLY.get(a, tag) == tag for a in self.unlocked)
        return known


class _Offerable(dict):
    """OFFERABLE[unlocked][tag]: may_offer as two dict lookups (the engine's window test)."""

    def __missing__(self, unlocked: frozenset) -> _ByTag:
        table = self[unlocked] = _ByTag(unlocked)
        return table


OFFERABLE = _Offerable()


class _Reacts(dict):
    """REACTS[unlocked]: is a protective ability (a reaction, ARMED) among them (filled on first ask)."""

    def __missing__(self, unlocked: frozenset) -> bool:
        known = self[unlocked] = any(a in ARMED for a in unlocked)
        return known


REACTS = _Reacts()


def can_react(unlocked: frozenset) -> bool:
    """Is a protective ability (a reaction, ARMED) among these unlocked abilities?"""
    return REACTS[unlocked if type(unlocked) is frozenset else frozenset(unlocked)]


def may_offer(unlocked: frozenset, tag: str) -> bool:
    """Could usable() list anything at `tag` for these unlocked abilities (Energy and the
    moment's conditions aside)? False lets the engine skip a window without building it."""
    if type(unlocked) is not frozenset:          # a test may hand in a plain set
        unlocked = frozenset(unlocked)
    return OFFERABLE[unlocked][tag]


def usable(state: GameState, tag: str, step: tuple) -> list[Choice]:
    seat = state.active
    if state.energy[seat] < 1 or not state.unlocked[seat]:
        return []
    out: list[Choice] = []
    turn = state.turn
    for name in sorted(state.unlocked[seat]):
        if name in ARMED:
            continue                             # reactions: offered by engine._react at the danger
        elif name == "reverse_move":
            if tag == "act":
                done = turn.get("reverse", ())
                out += [Choice("ability", (name, r)) for r in movement.group(state, step[2], step[3]) if r not in done]
        elif name == "fifth_gear":
            if "last_dir" in turn and state.robots_of(seat):
                out.append(Choice("ability", (name,)))
        elif name == "fuel_boost":
            if not turn.get("fuel"):
                out.append(Choice("ability", (name,)))
        elif name == "nitro":
            if tag == "after_my" and not turn.get("nitro_used") and turn.get("my_actions") and state.robots_of(seat):
                out.append(Choice("ability", (name,)))
        elif name == "back_up_plan":
            out += [Choice("ability", (name, c)) for st in state.stands for c, _ in st]
        elif name == "secret_pocket":
            if state.equip_deck:
                out.append(Choice("ability", (name,)))
        elif name == "signal_detector":
            if state.bad_on_map():
                out.append(Choice("ability", (name,)))
        elif name == "hacking_probe":
            if pawns_in_supply(state, "purple"):         # the box's Purple pawns may all be in play
                out += [Choice("ability", (name, r)) for r in sorted(state.pos) if state.colour[r] == "blue"]
        elif name == "distraction_signal":
            if not turn.get("distraction") and not turn.get("bottom_started"):
                out.append(Choice("ability", (name,)))
        elif name in ("twist_movement", "404"):
            flag = "twist" if name == "twist_movement" else "skip_top"
            if tag == "pre" and not turn.get(flag):
                out.append(Choice("ability", (name,)))
    return out


def use(state: GameState, choice: Choice, events: list[Event]) -> None:
    """Pay 1 Energy and apply the ability (the engine has already re-queued the decision point)."""
    seat = state.active
    name = choice.args[0]
    state.energy[seat] -= 1
    events.append(Event("ability_used", seat=seat, detail=name, value=state.energy[seat]))
    turn = state.turn
    if name in ARMED:
        state.armed.add(name)
    elif name == "reverse_move":
        turn["reverse"] = tuple(turn.get("reverse", ())) + (choice.args[1],)
    elif name == "fifth_gear":
        d = turn["last_dir"]
        movement.move_later(state, {r: d for r in state.robots_of(seat)}, "active")
    elif name == "fuel_boost":
        turn["fuel"] = True
    elif name == "nitro":
        turn["nitro_used"] = True
        state.later.append(("part", "my", turn["my_actions"], ()))
    elif name == "back_up_plan":
        flip_card(state, choice.args[1], events)
    elif name == "secret_pocket":
        movement.draw_equipment(state, seat, events)
    elif name == "signal_detector":
        order = tuple(sorted(state.bad_on_map(), key=lambda r: state.pos[r][::-1]))
        state.later.append(("bad_dir", order, ()))
    elif name == "hacking_probe":
        rid = choice.args[1]
        state.colour[rid] = "purple"
        events.append(Event("upgraded", robot=rid, colour="purple", detail="blue", at=state.pos[rid]))
    elif name == "distraction_signal":
        turn["distraction"] = True
    elif name == "twist_movement":
        turn["twist"] = True
    elif name == "404":
        turn["skip_top"] = True


def flip_card(state: GameState, card: int, events: list[Event]) -> None:
    """Turn a card on a stand to its other side (Back Up Plan, Card Flipper)."""
    for owner, st in enumerate(state.stands):
        for i, (c, face) in enumerate(st):
            if c == card:
                st[i] = (c, OTHER_FACE[face])
                events.append(Event("card_flipped", card=c, seat=owner))
                return
