"""Set-ups for Run Run Run! rule tests: a bare Vault, hand-placed rooms and scripted dice."""
from __future__ import annotations

import random

from game.runrunrun.rules import content as C
from game.runrunrun.rules import engine as E
from game.runrunrun.rules.engine import Config, ch
from game.runrunrun.rules.maze import DIRS, FINAL, OPEN, rotate


class ScriptedRng(random.Random):
    """A generator whose choice() returns scripted faces first (then plays fair)."""

    def __init__(self, faces=(), seed: int = 0) -> None:
        super().__init__(seed)
        self.faces = list(faces)

    def choice(self, seq):
        if self.faces:
            face = self.faces.pop(0)
            assert face in seq, (face, seq)
            return face
        return super().choice(seq)


def tile_where(exclude=(), **want) -> int:
    """The first tile id whose fields match (exits=mask, strength=n, torch=..., symbol=..., sarcophagus=...)."""
    for t in C.TILES:
        if t.id in exclude:
            continue
        if all((t.strength if k == "strength" else getattr(t, k)) == v for k, v in want.items()):
            return t.id
    raise LookupError(want)


def bare(players: int = 1, difficulty: str = "standard", hands=None, faces=(), deck=None) -> E.State:
    """A game at the start of seat 0's action with nothing drawn: Vault only, empty hands."""
    s = E.new_game(Config(players, difficulty), 1)
    s.rng = ScriptedRng(faces)
    s.hands = [list(h) for h in (hands or [[] for _ in range(players)])]
    used = {t for h in s.hands for t in h}
    s.deck = [t.id for t in C.TILES if t.id not in used] if deck is None else list(deck)
    s.discard = []
    s.pile = [1, 2, 3, 4]
    s.top_hearts = 0
    s.mummies = {}
    s.tasks = []
    s.active = 0
    s.phase, s.ctx = "action", {}
    s.dice = []
    return s


def put(s: E.State, cell, tile: int, rot: int = 0) -> None:
    s.tiles[cell] = tile
    s.rots[cell] = rot
    s.masks[cell] = rotate(C.TILES[tile].exits, rot)
    s.placed.append(cell)


def put_mask(s: E.State, cell, mask: int, **want) -> int:
    """Place some tile with exactly these doorways (any tile of that shape, rotated to fit)."""
    for t in C.TILES:
        if t.id in s.tiles.values() or any(t.id in h for h in s.hands):
            continue
        if not all(getattr(t, k) == v for k, v in want.items()):
            continue
        for r in range(6):
            if rotate(t.exits, r) == mask:
                put(s, cell, t.id, r)
                return t.id
    raise LookupError((mask, want))


def bits(*dirs: int) -> int:
    return sum(1 << d for d in dirs)


def corridor(s: E.State, length: int):
    """Rooms east of the Vault's open room in a straight line: (2,0), (3,0), ... Returns the cells."""
    cells = []
    for i in range(length):
        cell = (2 + i, 0)
        last = i == length - 1
        put_mask(s, cell, bits(3) if last else bits(0, 3))
        cells.append(cell)
    return cells


def start_turn(s: E.State, faces=()) -> list:
    """Run the next seat's Mummies' Actions with scripted Mummy dice (up to its action)."""
    s.rng.faces = list(faces) + s.rng.faces
    s.phase, s.ctx = None, {}
    s.tasks = [("roll",), ("action",)]
    events: list = []
    E._run(s, events)
    return events


def types(events) -> list[str]:
    return [e["type"] for e in events]


__all__ = ["ScriptedRng", "tile_where", "bare", "put", "put_mask", "bits", "corridor", "start_turn", "types",
           "ch", "C", "E", "DIRS", "FINAL", "OPEN"]


def room(s: E.State, cell, mask: int, **want) -> int:
    """Place a tile with these properties at `cell` and give it exactly `mask` doorways."""
    used = set(s.tiles.values()) | {t for h in s.hands for t in h}
    t = tile_where(exclude=used, **want)
    put(s, cell, t, 0)
    s.masks[cell] = mask
    if t in s.deck:
        s.deck.remove(t)
    return t


def play_tile(s: E.State, tile: int, cell, rot=None) -> list:
    """Explore with `tile` at `cell` (first legal rotation unless given)."""
    events = R.apply(s, ch("explore", tile))
    events += R.apply(s, ch("cell", *cell))
    rots = R.legal_choices(s)
    events += R.apply(s, rots[0] if rot is None else ch("rot", rot))
    return events


from game.runrunrun import rules as R  # noqa: E402

__all__ += ["room", "play_tile", "R"]
