"""The course: a grid of spaces with walls, board lasers, checkpoints, starts and a reboot space.

A course travels inside the game config as plain JSON (a "course spec"), so a save never
depends on the map file it came from. `Board.from_spec` checks the spec and builds the
lookup tables the engine and the AI move robots on.

Spec (every coordinate is (x, y), x to the right, y down; directions N E S W):
  {"id", "name", "width", "height",
   "cells": [[x, y, {"kind": ..., ...}], ...]     only spaces that are not plain floor
   "walls": [[x, y, "N"], ...]                    a wall on that side of that space
   "lasers": [[x, y, "E", strength], ...]         board laser on that space, firing that way
   "checkpoints": [[x, y], ...]                   in race order
   "starts": [[x, y, "E"], ...]                   one per seat, in seat order
   "reboot": [x, y, "E"]}                          the reboot space and its arrow

Cell kinds (Robo Rally core game guide and the Chaos & Carnage Factory Floor Guide):
  pit, deep_pit                     a robot that enters falls and reboots (deep pits are pits)
  belt, express {dir, turn}          conveyor belts: green move 1, blue (express) move 2;
                                     turn "left"/"right" marks a curved piece
  push {dir, registers}              push panel pushing toward dir in the listed registers
  gear {rot}                         rotates "left" or "right"
  crusher {registers}                crushes (reboots) a robot in the listed registers
  teleporter, randomizer             Chaos & Carnage elements
  energy                             energy space holding one cube at the start
"""
from __future__ import annotations

from dataclasses import dataclass, field

DIRS = ("N", "E", "S", "W")
DX = (0, 1, 0, -1)
DY = (-1, 0, 1, 0)
KINDS = ("floor", "pit", "deep_pit", "belt", "express", "push", "gear", "crusher",
         "teleporter", "randomizer", "energy")
PITS = ("pit", "deep_pit")
MAX_SIZE = 40


class SpecError(ValueError):
    """A course spec that cannot be played; the message names the place."""


def dir_index(name) -> int:
    if name not in DIRS:
        raise SpecError(f"direction {name!r} is not one of N, E, S, W")
    return DIRS.index(name)


@dataclass
class Board:
    id: str
    name: str
    width: int
    height: int
    kind: list                      # per index: kind name
    cdir: list                      # per index: belt/push direction index or -1
    turn: list                      # per index: "", "left", "right"
    rot: list                       # per index: gear rotation +1 / -1 / 0
    registers: list                 # per index: frozenset of registers (push, crusher)
    walls: set                      # (index, dir) pairs: a wall on that side of that space
    lasers: list                    # (x, y, dir, strength)
    checkpoints: list               # [(x, y)]
    starts: list                    # [(x, y, dir)]
    reboot: tuple                   # (x, y, dir)
    energy_cells: list = field(default_factory=list)
    spec: dict = field(default_factory=dict, repr=False)

    def __repr__(self) -> str:
        return f"Board({self.id!r}, {self.width}x{self.height})"

    # ------------------------------------------------------------------ queries
    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def idx(self, x: int, y: int) -> int:
        return y * self.width + x

    def kind_at(self, x: int, y: int) -> str:
        return self.kind[y * self.width + x] if self.inside(x, y) else "edge"

    def is_pit(self, x: int, y: int) -> bool:
        """A pit or deep pit (Chaos & Carnage: deep pits are pits in every way)."""
        return self.inside(x, y) and self.kind[y * self.width + x] in PITS

    def falls(self, x: int, y: int) -> bool:
        """Entering (x, y) makes a robot reboot: off the board or into a pit."""
        return not self.inside(x, y) or self.kind[y * self.width + x] in PITS

    def wall_between(self, x: int, y: int, d: int) -> bool:
        """True when a wall stops movement (and lasers) leaving (x, y) toward d."""
        if self.inside(x, y) and (y * self.width + x, d) in self.walls:
            return True
        nx, ny = x + DX[d], y + DY[d]
        return self.inside(nx, ny) and (ny * self.width + nx, (d + 2) % 4) in self.walls

    def checkpoint_index(self, x: int, y: int) -> int:
        """0-based number of the checkpoint at (x, y), or -1."""
        try:
            return self.checkpoints.index((x, y))
        except ValueError:
            return -1

    # ------------------------------------------------------------------ building
    @classmethod
    def from_spec(cls, spec: dict) -> "Board":
        if not isinstance(spec, dict):
            raise SpecError("a course is a JSON object")
        try:
            w, h = int(spec["width"]), int(spec["height"])
        except (KeyError, TypeError, ValueError):
            raise SpecError("course needs whole-number width and height") from None
        if not (3 <= w <= MAX_SIZE and 3 <= h <= MAX_SIZE):
            raise SpecError(f"course size {w}x{h} is outside 3..{MAX_SIZE}")
        n = w * h
        kind = ["floor"] * n
        cdir = [-1] * n
        turn = [""] * n
        rot = [0] * n
        regs = [frozenset()] * n
        energy = []

        def place(x, y, what):
            if not (isinstance(x, int) and isinstance(y, int) and 0 <= x < w and 0 <= y < h):
                raise SpecError(f"{what} at ({x}, {y}) is outside the {w}x{h} course")
            return y * w + x

        for entry in spec.get("cells", []):
            x, y, props = entry
            i = place(x, y, "cell")
            k = props.get("kind")
            if k not in KINDS:
                raise SpecError(f"cell ({x}, {y}): unknown kind {k!r}")
            kind[i] = k
            if k in ("belt", "express", "push"):
                cdir[i] = dir_index(props.get("dir"))
            if k in ("belt", "express"):
                t = props.get("turn", "") or ""
                if t not in ("", "left", "right"):
                    raise SpecError(f"cell ({x}, {y}): turn {t!r} is not left or right")
                turn[i] = t
            if k == "gear":
                r = props.get("rot")
                if r not in ("left", "right"):
                    raise SpecError(f"cell ({x}, {y}): gear rot {r!r} is not left or right")
                rot[i] = 1 if r == "right" else -1
            if k in ("push", "crusher"):
                rs = props.get("registers")
                if not rs or not all(isinstance(r, int) and 1 <= r <= 5 for r in rs):
                    raise SpecError(f"cell ({x}, {y}): {k} needs registers from 1 to 5")
                regs[i] = frozenset(rs)
            if k == "energy":
                energy.append((x, y))
        walls = set()
        for x, y, d in spec.get("walls", []):
            walls.add((place(x, y, "wall"), dir_index(d)))
        lasers = []
        for x, y, d, s in spec.get("lasers", []):
            place(x, y, "laser")
            if not (isinstance(s, int) and 1 <= s <= 3):
                raise SpecError(f"laser at ({x}, {y}): strength {s!r} is not 1..3")
            lasers.append((x, y, dir_index(d), s))
        cps = []
        for x, y in spec.get("checkpoints", []):
            i = place(x, y, "checkpoint")
            if kind[i] in PITS:
                raise SpecError(f"checkpoint at ({x}, {y}) is on a pit")
            cps.append((x, y))
        if not 1 <= len(cps) <= 6:
            raise SpecError(f"a course has 1 to 6 checkpoints, not {len(cps)}")
        starts = []
        for x, y, d in spec.get("starts", []):
            i = place(x, y, "start")
            if kind[i] in PITS:
                raise SpecError(f"start at ({x}, {y}) is on a pit")
            starts.append((x, y, dir_index(d)))
        if len(starts) < 2:
            raise SpecError("a course needs at least 2 start spaces")
        if len(set((x, y) for x, y, _ in starts)) != len(starts):
            raise SpecError("two start spaces share a square")
        rb = spec.get("reboot")
        if not rb or len(rb) != 3:
            raise SpecError("a course needs a reboot space [x, y, dir]")
        i = place(rb[0], rb[1], "reboot")
        if kind[i] in PITS:
            raise SpecError("the reboot space is on a pit")
        reboot = (rb[0], rb[1], dir_index(rb[2]))
        return cls(id=str(spec.get("id", "course")), name=str(spec.get("name", spec.get("id", "course"))),
                   width=w, height=h, kind=kind, cdir=cdir, turn=turn, rot=rot, registers=regs,
                   walls=walls, lasers=lasers, checkpoints=cps, starts=starts, reboot=reboot,
                   energy_cells=energy, spec=spec)


_CACHE: dict = {}


def board_for(spec: dict) -> Board:
    """The Board of a spec, built once per distinct spec object content (boards never change)."""
    key = id(spec)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is spec:
        return hit[1]
    board = Board.from_spec(spec)
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[key] = (spec, board)
    return board
