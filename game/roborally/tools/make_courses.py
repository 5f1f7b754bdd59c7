"""Draft the shipped courses as Tiled maps from compact text (levels/roborally/*.tmx).

The .tmx files are the source of truth (edit them in Tiled); this script wrote their first
drafts and is kept so the drafts can be regenerated:  python -m game.roborally.tools.make_courses
It also drafted the AI's tuning course (levels/roborally-tuning/, never shipped, never in the
AI record: the record's unseen courses in levels/roborally-unseen/ stay untuned on).

Floor tokens: .  floor   O pit   @ deep pit   T teleporter   ? randomizer   E energy
              G+ gear right   G- gear left
              g> g< g^ gv   green belt;  b> b< b^ bv   blue (express) belt
              a trailing l / r (g>r) marks a curved piece that turns robots it carries onto it
"""
from __future__ import annotations

import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

from game.roborally.levels.tmx import COURSES_DIR, TILE, read_tileset

ARROWS = {">": "E", "<": "W", "^": "N", "v": "S"}


def _tile_ids() -> dict:
    """Tile properties -> gid, read from the tileset itself (levels/tilesets/roborally.tsx)."""
    out = {}
    for tid, props in read_tileset(COURSES_DIR.parent / "tilesets" / "roborally.tsx").items():
        key = tuple(sorted((k, v) for k, v in props.items() if k != "sprite"))
        out[key] = tid + 1
    return out


def _gid(ids, **props):
    return ids[tuple(sorted(props.items()))]


def floor_gid(ids, token: str) -> int:
    simple = {".": "floor", "O": "pit", "@": "deep_pit", "T": "teleporter", "?": "randomizer", "E": "energy"}
    if token in simple:
        return _gid(ids, role="space", kind=simple[token])
    if token in ("G+", "G-"):
        return _gid(ids, role="space", kind="gear", rot="right" if token == "G+" else "left")
    kind = {"g": "belt", "b": "express"}[token[0]]
    d = ARROWS[token[1]]
    turn = {"l": "left", "r": "right"}.get(token[2:], "none")
    return _gid(ids, role="space", kind=kind, dir=d, turn=turn)


def _enum(name: str) -> str:
    """Push-panel and crusher registers use the project's flags enum, so Tiled shows checkboxes."""
    return ' propertytype="Registers"' if name == "registers" else ""


def write_course(cid: str, c: dict, ids: dict, folder: Path = COURSES_DIR) -> Path:
    rows = [r.split() for r in c["grid"].strip().splitlines()]
    h, w = len(rows), len(rows[0])
    assert all(len(r) == w for r in rows), cid
    csv = ",\n".join(",".join(str(floor_gid(ids, t)) for t in row) for row in rows)
    objects = {"walls": [], "objects": []}
    oid = [1]

    def add(layer, otype, gid, x, y, props=()):
        p = "".join(f'\n    <property name="{k}" type="{t}"{_enum(k)} value={quoteattr(str(v))}/>' for k, t, v in props)
        body = f'>\n   <properties>{p}\n   </properties>\n  </object>' if props else "/>"
        objects[layer].append(f'  <object id="{oid[0]}" type="{otype}" gid="{gid}" x="{x * TILE}" y="{(y + 1) * TILE}" '
                              f'width="{TILE}" height="{TILE}"{body}')
        oid[0] += 1

    for x, y, d in c.get("walls", []):
        add("walls", "wall", _gid(ids, role="wall", dir=d), x, y)
    for x, y, d, s in c.get("lasers", []):
        add("walls", "laser", _gid(ids, role="laser", dir=d), x, y, [("strength", "int", s)])
    for x, y, d, regs in c.get("push", []):
        add("objects", "push", _gid(ids, role="element", kind="push", dir=d), x, y, [("registers", "string", regs)])
    for x, y, regs in c.get("crushers", []):
        add("objects", "crusher", _gid(ids, role="element", kind="crusher"), x, y, [("registers", "string", regs)])
    for n, (x, y) in enumerate(c["checkpoints"], start=1):
        add("objects", "checkpoint", _gid(ids, role="marker", marker="checkpoint"), x, y, [("number", "int", n)])
    for seat, (x, y, d) in enumerate(c["starts"]):
        add("objects", "start", _gid(ids, role="marker", marker="start", dir=d), x, y, [("seat", "int", seat)])
    x, y, d = c["reboot"]
    add("objects", "reboot", _gid(ids, role="marker", marker="reboot", dir=d), x, y)
    text = f'''<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="{w}" height="{h}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" nextlayerid="4" nextobjectid="{oid[0]}">
 <properties>
  <property name="blurb" value={quoteattr(c["blurb"])}/>
  <property name="game" value="roborally"/>
  <property name="name" value={quoteattr(c["name"])}/>
 </properties>
 <tileset firstgid="1" source="../tilesets/roborally.tsx"/>
 <layer id="1" name="floor" width="{w}" height="{h}">
  <data encoding="csv">
{csv}
</data>
 </layer>
 <objectgroup id="2" name="walls">
{chr(10).join(objects["walls"])}
 </objectgroup>
 <objectgroup id="3" name="objects">
{chr(10).join(objects["objects"])}
 </objectgroup>
</map>
'''
    path = folder / f"{cid}.tmx"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


BOTTOM_STARTS = lambda w, h: [[x, h - 1, "N"] for x in (1, w - 2, 3, w - 4, 5, w - 6)]  # noqa: E731

COURSES = {
    "dizzy-dash": dict(
        name="Dizzy Dash", blurb="A short warm-up: belts, gears, two checkpoints.",
        grid="""
. . . . . . . . . .
. g> g> g> gvr . . E . .
. . O . gv . G+ . . .
. . . . gv . . . O .
. E . . g<r . . . . .
. . G- . . . . b^ . .
. . . . . . . b^ . .
. . . . . . . . . .
""", walls=[[5, 3, "E"], [2, 5, "N"], [8, 4, "W"]], lasers=[[9, 3, "W", 1]],
        checkpoints=[[8, 1], [1, 2]], starts=None, reboot=[5, 5, "E"]),
    "chaos-canyon": dict(
        name="Chaos Canyon", blurb="Teleporters, randomizers, a crusher and deep pits: every Chaos & Carnage element.",
        grid="""
. . . . . . . . . . . .
. E . . @ @ . . . G+ . .
. . . . . . . ? . . . .
. g> g> g> g> gvr . . . O . .
. . . . . gv . T . . . .
. G- . @ . gv . . . . E .
. . . @ . g<r g< g< g<l . . .
. . ? . . . . . g^ . . .
. . . . T . . . g^ . . .
. . . . . . . . . . . .
""", walls=[[6, 2, "S"], [1, 6, "E"], [10, 7, "N"]], lasers=[[0, 2, "E", 1], [11, 8, "W", 2]],
        push=[[9, 4, "W", "2,4"]], crushers=[[3, 2, "3"], [7, 7, "1,4"]],
        checkpoints=[[10, 1], [2, 5], [6, 8]], starts=None, reboot=[8, 5, "E"]),
    "carnage-crossing": dict(
        name="Carnage Crossing", blurb="Four checkpoints across a crossing of belts, crushers and teleporters.",
        grid="""
. . . . . . . . . . . .
. T . . . bv . . . @ . .
. . . ? . bv . . . . . .
. . @ . . bv . G- . . E .
. . . . . bv . . . . . .
g> g> g> g> g> bv g> g> g> g> g> g>
. . . . . bv . . . . . .
. E . G+ . bv . ? . @ . .
. . . . . bv . . . . T .
. @ . . . bv . . . . . .
. . . ? . . . . . . . .
. . . . . . . . . . . .
""", walls=[[3, 3, "S"], [8, 8, "W"], [2, 9, "E"], [7, 2, "N"]],
        lasers=[[0, 3, "E", 1], [11, 9, "W", 1], [7, 0, "S", 2]],
        push=[[4, 7, "E", "1,3,5"], [8, 4, "N", "2,4"]], crushers=[[9, 3, "2,5"], [2, 7, "3"]],
        checkpoints=[[10, 2], [1, 3], [9, 8], [6, 10]], starts=None, reboot=[8, 6, "W"]),
    "long-haul": dict(
        name="Long Haul", blurb="Five checkpoints on a wide floor: pace yourself, pick up energy, buy upgrades.",
        grid="""
. . . . . . . . . . . . . .
. E . . g> g> g> g> gvr . . . E .
. . O . . . . . gv . . O . .
. . O . . G+ . . gv . . . . .
. . . . . . . . gv . G- . . .
. . b^ . . . O . gv . . . . .
. . b^ . . . . . g<r g< g< g< . .
. . b^ . E . . . . . . . . .
. . . . . . . G- . . . . E .
. . . . . . . . . . . . . .
""", walls=[[4, 4, "E"], [10, 2, "S"], [6, 8, "N"], [12, 5, "W"]],
        lasers=[[13, 3, "W", 1], [0, 8, "E", 1]], push=[[4, 2, "S", "2,4"]],
        checkpoints=[[12, 2], [6, 4], [1, 1], [10, 8], [3, 6]], starts=None, reboot=[6, 7, "E"]),
}

TUNING_DIR = COURSES_DIR.parent / "roborally-tuning"

# Tuning courses for the hard AI (issue 23): every Chaos & Carnage element, a green belt and an
# express belt running into pits, push panels beside pits and a belt, crushers on the way.
TUNING_COURSES = {
    "foundry-loop": dict(
        name="Foundry Loop", blurb="A tuning course: express belt into a pit, push panels by pits, crushers, "
                                   "teleporters and randomizers.",
        grid="""
. . . . . . . . . . . . .
. ? . . O . . . b> b> b> bvr .
. . . . O . T . . . . bv .
. g> g> g> O . . . @ . . bv .
. . . . . . G+ . . . . bv .
@ . E . . . . . ? . . bv .
. . . . T . . O b< b< b< b<r .
. . . . . . . . . G- . . .
. . ? . . @ . . . . . T .
. . . . . . . . . . . . .
. . . . . . . . . . . . .
""", walls=[[3, 2, "S"], [10, 4, "W"], [7, 8, "E"], [5, 1, "E"]],
        lasers=[[0, 2, "E", 1], [12, 8, "W", 2], [6, 0, "S", 1]],
        push=[[5, 3, "W", "2,4"], [8, 7, "N", "1,3,5"]],
        crushers=[[2, 4, "2,4"], [9, 3, "1,3,5"], [7, 9, "3"], [3, 7, "5"]],
        checkpoints=[[9, 2], [2, 2], [10, 8], [4, 5]], starts=None, reboot=[6, 8, "N"]),
    # issue 23, sixth round: a second tuning course so a change is not fitted to one map; its
    # reboot space has a deep pit beside it (the "Haywire spiral" of the unseen-course races)
    "slag-heap": dict(
        name="Slag Heap", blurb="A tuning course: a reboot space beside a deep pit, belts into pits, "
                                "push panels towards pits, crushers, teleporters and randomizers.",
        grid="""
. . . . . . . . . . . .
. O . . ? . . bv . . O .
. . . G+ . . . bv . . . .
. . . . . O . bv . T . .
g> g> g> g> . . . bv . . . .
. . . O . . @ O . E . .
. T . . . . . . . G- . .
. . . ? . O . . . . O .
. . . . . . . g> g> g> O .
. . . . . . . . . . . .
""", walls=[[5, 4, "S"], [8, 6, "N"], [2, 1, "E"]],
        lasers=[[0, 6, "E", 1], [11, 2, "W", 2]],
        push=[[2, 5, "E", "1,3,5"], [8, 3, "W", "2,4"]],
        crushers=[[6, 2, "2,4"], [4, 7, "1,3,5"]],
        checkpoints=[[2, 2], [10, 3], [4, 8]], starts=None, reboot=[6, 6, "E"]),
}


def main(argv: list[str] | None = None) -> int:
    """Write every draft, or only the named ones (python -m game.roborally.tools.make_courses foundry-loop)."""
    ids = _tile_ids()
    wanted = set(argv if argv is not None else sys.argv[1:])
    drafts = [(cid, c, COURSES_DIR) for cid, c in COURSES.items()] + \
             [(cid, c, TUNING_DIR) for cid, c in TUNING_COURSES.items()]
    for cid, c, folder in drafts:
        if wanted and cid not in wanted:
            continue
        rows = c["grid"].strip().splitlines()
        h, w = len(rows), len(rows[0].split())
        c = dict(c, starts=c["starts"] or BOTTOM_STARTS(w, h))
        print(write_course(cid, c, ids, folder))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
