"""The hexagonal maze: axial coordinates, doorways, placement, distances and triangles.

Pure functions over `masks`, a dict cell -> 6-bit doorway mask (bit i = a doorway toward
DIRS[i]), so the engine, the AIs (reading a seat view) and the screen share one geometry.
Two rooms are connected when each has a doorway toward the other (Run Run Run! rulebook,
'Player Action - Explore').
"""
from __future__ import annotations

from collections import deque

Cell = tuple[int, int]

# axial directions, counter-clockwise from east; opposite of i is (i + 3) % 6
DIRS: tuple[Cell, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
FINAL: Cell = (0, 0)      # the Pharaoh's Relics: the closed room of the Vault
OPEN: Cell = (1, 0)       # the open room of the Vault, where the Catventurers start


def step(cell: Cell, d: int) -> Cell:
    dq, dr = DIRS[d]
    return (cell[0] + dq, cell[1] + dr)


def rotate(mask: int, rot: int) -> int:
    """The doorway mask of a tile turned `rot` sixths clockwise-in-index (bit i -> bit i+rot)."""
    rot %= 6
    return ((mask << rot) | (mask >> (6 - rot))) & 0b111111


def exits(mask: int) -> int:
    return bin(mask).count("1")


def distinct_rotations(mask: int) -> list[int]:
    """Rotations 0-5 that give different doorway masks (a 6-exit tile has just one)."""
    seen, out = set(), []
    for r in range(6):
        m = rotate(mask, r)
        if m not in seen:
            seen.add(m)
            out.append(r)
    return out


def neighbours(masks: dict, cell: Cell):
    """Rooms connected to `cell` by a doorway on both sides."""
    m = masks.get(cell, 0)
    for d in range(6):
        if m >> d & 1:
            n = step(cell, d)
            nm = masks.get(n)
            if nm is not None and nm >> ((d + 3) % 6) & 1:
                yield n


def open_doorways(masks: dict) -> dict[Cell, int]:
    """Empty cells a doorway leads into -> mask of the doorways (seen from the empty cell)."""
    need: dict[Cell, int] = {}
    for cell, m in masks.items():
        for d in range(6):
            if m >> d & 1:
                n = step(cell, d)
                if n not in masks:
                    need[n] = need.get(n, 0) | (1 << ((d + 3) % 6))
    return need


def fits(required: int, tile_mask: int) -> bool:
    """A rotated tile joins the maze without blocking: it has a doorway back to every doorway
    that leads into its cell (and `required` is never empty, so it joins an existing path)."""
    return required != 0 and tile_mask & required == required


def distances(masks: dict, start: Cell, blocked=frozenset(), exclude=(FINAL,)) -> dict[Cell, int]:
    """Breadth-first room distances from `start`; `blocked` rooms are entered but not left."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        c = queue.popleft()
        if c in blocked and c != start:
            continue
        for n in neighbours(masks, c):
            if n not in dist and n not in exclude:
                dist[n] = dist[c] + 1
                queue.append(n)
    return dist


def vault_distances(masks: dict) -> dict[Cell, int]:
    """Rooms -> number of Mummy moves to reach the open room of the Vault (0 there)."""
    return distances(masks, OPEN)


def toward_vault(masks: dict, cell: Cell, vdist: dict | None = None) -> list[Cell]:
    """The next rooms on a shortest way to the Vault (several when ways tie)."""
    vdist = vault_distances(masks) if vdist is None else vdist
    here = vdist.get(cell)
    if here is None or here == 0:
        return []
    return sorted(n for n in neighbours(masks, cell) if vdist.get(n) == here - 1)


def triangles_at(cell: Cell) -> list[tuple[Cell, Cell, Cell]]:
    """The six triangles of three mutually adjacent cells that include `cell`."""
    return [(cell, step(cell, d), step(cell, (d + 1) % 6)) for d in range(6)]
