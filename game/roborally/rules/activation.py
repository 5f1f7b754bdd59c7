"""The activation phase (Robo Rally 2023 "3a. Programming card activation"): register by
register, every robot reveals at once, cards resolve in priority order, then board elements,
robot weapons (with the laser upgrades), energy and checkpoints."""
from __future__ import annotations

from game.roborally.rules import content as C
from game.roborally.rules.board_elements import (_board_lasers, _checkpoints, _convey, _crushers, _energy, _gears,
                                                 _push_panels, trace)
from game.roborally.rules.damage import _cc_registers, _damage, _place_haywire
from game.roborally.rules.movement import _move, _teleport
from game.roborally.rules.programming import _draw_program
from game.roborally.rules.state import REGISTERS, Choice, Event, RallyState, Robot, gain_energy



def _start_activation(s: RallyState, ev: list) -> None:
    s.phase = "activate"
    s.queue = []
    for reg in range(1, REGISTERS + 1):
        s.queue.append(("reveal", reg, None))
        s.queue += [("card", reg, seat) for seat in s.order]
        s.queue += [("express", reg, None), ("express", reg, None), ("belt", reg, None), ("push", reg, None),
                    ("gear", reg, None), ("crush", reg, None), ("board_lasers", reg, None)]
        s.queue += [("laser", reg, seat) for seat in s.order]
        s.queue += [("energy", reg, None), ("checkpoint", reg, None), ("facing", reg, None)]
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
        if step == "facing" and s.facing_due and _race_goes_on(s, reg):
            # RR16/RR23 Rebooting: the player turns the rebooted robot to face any direction.
            # Asked once the register is done, in priority order (see the rules doc).
            seat = min(s.facing_due, key=s.order.index)
            s.register = reg
            s.phase = "reboot_facing"
            s.pending = ("reboot_facing", seat, reg)
            return
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
        elif step == "facing":
            s.facing_due = []
            continue
        elif step == "end":
            s.phase = "round_over"          # the engine ends the round (engine._end_round)
            return


def _race_goes_on(s: RallyState, reg: int) -> bool:
    """False after the last register of the capped last round: no facing can matter then."""
    return not (s.config.max_rounds and s.round >= s.config.max_rounds and reg == REGISTERS)


def _face(s: RallyState, r: Robot, d: int, ev: list) -> None:
    """The rebooted robot's owner chose its facing (any of the four, RR16/RR23 Rebooting)."""
    s.facing_due.remove(r.seat)
    before, r.d = r.d, d
    ev.append(Event("reboot_facing", r.seat, {"dir": d, "by": (d - before + 1) % 4 - 1}))   # -1, 0, 1 or 2


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
