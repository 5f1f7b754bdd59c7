"""Board elements after the cards each register (Robo Rally 2023 "Board Element Activation",
crushers from the Chaos & Carnage Factory Floor Guide), energy spaces and checkpoints."""
from __future__ import annotations

from game.roborally.rules.board import DX, DY
from game.roborally.rules.damage import _damage
from game.roborally.rules.movement import _push, _reboot
from game.roborally.rules.state import Event, RallyState, Robot, gain_energy



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
