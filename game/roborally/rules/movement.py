"""Moving, pushing, teleporting, falling and rebooting (Robo Rally 2023 "3a. Programming card
activation" and "Rebooting"; teleporters from the Chaos & Carnage Factory Floor Guide)."""
from __future__ import annotations

from game.roborally.rules import content as C
from game.roborally.rules.board import DX, DY
from game.roborally.rules.damage import _damage
from game.roborally.rules.state import REBOOT_DAMAGE, Event, RallyState, Robot



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


def _reboot(s: RallyState, r: Robot, ev: list, cause: str) -> None:
    """Robo Rally 2023 'Rebooting': 2 damage, remaining registers cancelled, back on the reboot space.

    It is placed facing the arrow; the player may turn it to face any direction, asked when the
    register's activation ends (docs/roborally-rules.md, Rebooting)."""
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
    if s.config.reboot_facing and r.seat not in s.facing_due:
        s.facing_due.append(r.seat)          # its owner turns it when the register ends (activation)
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
