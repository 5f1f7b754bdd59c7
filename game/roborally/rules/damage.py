"""Damage (Robo Rally 2023 "Damage overview"): SPAM and Haywire cards, the damage deck,
Haywire under a register, Controlled Chaos and Mirror (Chaos & Carnage)."""
from __future__ import annotations

from game.roborally.rules import content as C
from game.roborally.rules.state import REGISTERS, Event, RallyState, Robot



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


def cc_options(s: RallyState, r: Robot) -> list[int]:
    """The registers (1-5) Controlled Chaos may put a drawn Haywire under, and 0 ("you *may*
    place it"): decline, as without the upgrade, offered when that differs from every placement:
    the current register already holds a Haywire, so the new one goes to the damage discard."""
    out = [i + 1 for i in _cc_registers(s, r)]
    return ([0] if r.haywire[max(0, s.register - 1)] is not None else []) + out


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
