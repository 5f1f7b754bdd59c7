"""The upgrade phase (Robo Rally 2023 "1. The upgrade phase") and the upgrades used while
programming (Recharge, Spam Blocker)."""
from __future__ import annotations

from game.roborally.rules import content as C
from game.roborally.rules.programming import _draw_program
from game.roborally.rules.state import Choice, Event, RallyState, Robot, gain_energy



def _draw_upgrade(s: RallyState) -> str | None:
    if not s.upgrade_deck and s.upgrade_discard:
        s.upgrade_deck = s.upgrade_discard
        s.upgrade_discard = []
        s.rng.shuffle(s.upgrade_deck)
    return s.upgrade_deck.pop() if s.upgrade_deck else None


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


def _apply_upgrade_choice(state: RallyState, r: Robot, choice: Choice, ev: list) -> None:
    """Draw an upgrade card (1 Energy), install one from the collection (its cost), or pass."""
    seat = r.seat
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
