"""The programming phase (Robo Rally 2023 "2. The programming phase"): drawing to 9 and
filling the registers."""
from __future__ import annotations

from game.roborally.rules.state import HAND_SIZE, Event, RallyState, Robot



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


def _finish_programming(s: RallyState, r: Robot, ev: list) -> None:
    r.discard += r.hand
    r.hand = []
    s.turn_i += 1
