"""Equipment card effects (the ten cards are data in data/equipment.json).

"Equipment cards may be used by their owner at any moment during the active player's
turn": the active player at any decision point of their turn (the same points as the
"anytime" abilities), the teammate at their teammate window (engine._mate_window). Each
card acts for its owner ("your robot" is the owner's, directions are read from the owner's
seat). A used card goes face down to the
bottom of the Equipment deck. Choices look like Choice("equip", (card_id, *params)).
A card that moves a robot (Spring Boots, Tow Cable, EMP Pulse) queues the move as the
engine's `free_move` step, so the active player's protective abilities are offered for it
like for a card's movement action (issue 22).
"""
from __future__ import annotations

from game.roborun.rules import movement
from game.roborun.rules.abilities import flip_card
from game.roborun.rules.cards import EFFECTS, equipment_cards, messages, to_abs  # noqa: F401  (EFFECTS kept here)
from game.roborun.rules.events import Event
from game.roborun.rules.state import Choice, GameState

REL = ("U", "D", "L", "R")


def usable(state: GameState, tag: str, seat: int | None = None) -> list[Choice]:
    seat = state.active if seat is None else seat
    cards = equipment_cards()
    out: list[Choice] = []
    for cid in sorted(set(state.hands[seat])):
        effect = cards[cid].effect
        if effect in ("super_charge", "battery"):
            if state.energy[seat] < 5:
                out.append(Choice("equip", (cid,)))
        elif effect == "message":
            out += [Choice("equip", (cid, m)) for m in messages()]
        elif effect == "extra_step" and state.robots_of(seat):
            out += [Choice("equip", (cid, d)) for d in REL]
        elif effect == "tow" and state.robots_of(1 - seat):
            out += [Choice("equip", (cid, d)) for d in REL]
        elif effect == "emp":
            out += [Choice("equip", (cid, r, d)) for r in sorted(state.bad_on_map()) for d in REL]
        elif effect == "refresh_pass" and state.pass_state == "used":
            out.append(Choice("equip", (cid,)))
        elif effect == "flip_card":
            out += [Choice("equip", (cid, c)) for st in state.stands for c, _ in st]
        elif effect == "jam" and not state.turn.get("distraction") and not state.turn.get("bottom_started"):
            out.append(Choice("equip", (cid,)))
        elif effect == "brake" and not state.turn.get("brake"):
            out.append(Choice("equip", (cid,)))
    return out


def use(state: GameState, choice: Choice, events: list[Event], seat: int | None = None) -> None:
    seat = state.active if seat is None else seat
    cid, params = choice.args[0], choice.args[1:]
    effect = equipment_cards()[cid].effect
    state.hands[seat].remove(cid)
    state.equip_deck.append(cid)
    events.append(Event("equipment_used", seat=seat, card=cid, detail=effect))

    def step(robots, rel, mover="active" if seat == state.active else "teammate"):
        d = to_abs(seat, rel)
        movement.move_later(state, {r: d for r in robots}, mover)

    if effect == "super_charge":
        movement.gain_energy(state, seat, len(state.unlocked[seat]), events)
    elif effect == "battery":
        movement.gain_energy(state, seat, 2, events)
    elif effect == "message":
        state.messages.append((seat, params[0]))
        events.append(Event("message", seat=seat, value=1 - seat, detail=params[0]))
    elif effect == "extra_step":
        step(state.robots_of(seat), params[0])
    elif effect == "tow":
        step(state.robots_of(1 - seat), params[0])
    elif effect == "emp":
        step([params[0]], params[1], "bad")
    elif effect == "refresh_pass":
        state.pass_state = "available"
    elif effect == "flip_card":
        flip_card(state, params[0], events)
    elif effect == "jam":
        state.turn["distraction"] = True
    elif effect == "brake":
        state.turn["brake"] = True
