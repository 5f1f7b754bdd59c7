"""Strict loader for Robo Rally courses made in Tiled (levels/roborally/*.tmx).

A course map (docs/roborally-courses.md tells how to build one):
  map property  game = "roborally" (string), name (string); optional max_rounds (int)
  tileset       exactly one, its source written exactly ../tilesets/roborally.tsx (typed tiles,
                levels/roborally.tiled-project), so a course lives in a folder beside
                levels/tilesets; that file is read and checked like the map (every tile has
                the dir, turn, rot, kind or marker the loader reads, with an allowed value)
  layer "floor" tile layer, CSV; every tile has role=space (floor, pits, belts, gears, ...)
  objectgroup "walls"    tile objects: role=wall (the tile's dir is the wall's side) and
                         role=laser (property strength: int 1-3; dir is the firing direction)
  objectgroup "objects"  tile objects: push panels and crushers (property registers: "2,4"),
                         checkpoints (property number: int from 1), starts (property seat: int
                         from 0, the tile's dir is the facing), one reboot space (dir = arrow)
Objects are read by `type` (Tiled 1.8, 1.10+) or `class` (Tiled 1.9). Any problem is one
line, game.core.errors.UserError naming the file and the layer/place.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from game.core import files, tiled
from game.core.errors import UserError
from game.roborally.rules.board import DIRS, KINDS, MAX_SIZE, Board, SpecError

ROOT = Path(__file__).resolve().parents[3]
COURSES_DIR = ROOT / "levels" / "roborally"
TILE = 64
MAX_FILE_BYTES = 2_000_000
MAX_OBJECTS = 2000
TYPES_BY_ROLE = {"wall": ("wall",), "laser": ("laser",), "element": ("push", "crusher"),
                 "marker": ("checkpoint", "start", "reboot")}
FLIP_MASK = 0x1FFFFFFF
TILESET_SOURCE = "../tilesets/roborally.tsx"   # the only tileset a course may use, from levels/roborally,
TILESET_PATH = re.compile(r"(\.\./)+([^./\\:][^/\\:]*/)*tilesets/roborally\.tsx")   # or a folder below it
TURNS = ("none", "left", "right")


def list_courses() -> list[Path]:
    return sorted(COURSES_DIR.glob("*.tmx"))


def course_ids() -> list[str]:
    return [p.stem for p in list_courses()]


def find_course(ref: str) -> Path:
    """A course by id (file stem in levels/roborally) or by path to a .tmx file."""
    path = Path(ref)
    if path.suffix == ".tmx":
        try:        # a FIFO, a device or a folder is named as such, not as missing
            files.check_regular(path, "course file")
        except files.Missing:
            raise UserError(files._short(ref), "no such course file") from None
        return path
    ids = course_ids()      # looked up among the ids, never on the disk: a name too long for
    if ref not in ids:      # the disk raised out of is_file, and '../x' reached outside the folder
        raise UserError("--course", f"unknown course '{ref}' (choose from: {', '.join(ids)})")
    return COURSES_DIR / f"{ref}.tmx"


def _props(elem: ET.Element | None, where: str) -> dict:
    out = {}
    if elem is None:
        return out
    block = elem.find("properties")
    if block is None:
        return out
    for p in block.findall("property"):
        name = p.get("name")
        value = p.get("value")
        if value is None:
            value = p.text or ""
        kind = p.get("type", "string")
        if kind == "int":
            try:
                value = int(value)
            except ValueError:
                raise UserError(where, f"property '{name}' is not a whole number") from None
        elif kind == "bool":
            value = value == "true"
        out[name] = value
    return out


def _parse(path: Path, what: str) -> ET.Element:
    try:        # game.core.files: a regular file (no FIFO, device or folder), size-capped, UTF-8
        text = files.read_text(path, MAX_FILE_BYTES, what)
    except files.Missing:
        raise UserError(files._short(path), f"cannot read this {what}") from None
    except files.FileProblem as exc:
        raise UserError(exc.where, exc.what) from None
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise UserError(str(path), "DOCTYPE/ENTITY declarations are not allowed")
    try:
        return ET.fromstring(text)
    except ET.ParseError as exc:
        raise UserError(str(path), f"not valid XML ({exc})") from None


def read_tileset(path: Path) -> dict[int, dict]:
    """Tile id -> properties of the roborally tileset."""
    root = _parse(path, "tileset")
    where = str(path)
    if root.tag != "tileset":
        raise UserError(where, "not a Tiled tileset")
    if root.get("tilewidth") != str(TILE) or root.get("tileheight") != str(TILE):
        raise UserError(where, f"tiles must be {TILE}x{TILE}")
    tiles = {}
    for tile in root.findall("tile"):
        tid = files.whole_number(tile.get("id"))
        if tid is None:
            raise UserError(f"{where} tile", f"id {files._shown(tile.get('id'))} is not a whole number")
        props = _props(tile, f"{where} tile {tid}")
        _check_tile(props, f"{where} tile {tid}")
        tiles[tid] = props
    return tiles


# what each tile of the tileset must say, by role and kind: (property, allowed values)
_SPACE_KINDS = tuple(k for k in KINDS if k not in TYPES_BY_ROLE["element"])
_NEEDS = {"belt": (("dir", DIRS), ("turn", TURNS)), "express": (("dir", DIRS), ("turn", TURNS)),
          "gear": (("rot", ("left", "right")),), "push": (("dir", DIRS),), "wall": (("dir", DIRS),),
          "laser": (("dir", DIRS),), "start": (("dir", DIRS),), "reboot": (("dir", DIRS),)}


def _check_tile(props: dict, where: str) -> None:
    """A tile says everything the loader reads from it (a belt its dir, a gear its rot, ...),
    each with an allowed value, so a course never meets a tile it cannot use."""
    role = props.get("role")
    if role not in TYPES_BY_ROLE and role != "space":
        raise UserError(where, f"unknown role {files._shown(role)}")
    if role == "space":
        what, allowed = "kind", _SPACE_KINDS
    elif role == "element":
        what, allowed = "kind", TYPES_BY_ROLE["element"]
    elif role == "marker":
        what, allowed = "marker", TYPES_BY_ROLE["marker"]
    else:
        what, allowed = "role", (role,)
    name = props.get(what)
    if name not in allowed:
        raise UserError(where, f"{what} {_quoted(name)} is not one of {', '.join(allowed)}")
    for prop, values in _NEEDS.get(name, ()):
        value = props.get(prop, "none" if prop == "turn" else None)
        if value not in values:
            raise UserError(where, f"a {name} tile needs {prop} = one of {', '.join(values)}, not {_quoted(value)}")


def _quoted(value) -> str:
    return "(missing)" if value is None else repr(str(value)[:20])


def object_type(obj: ET.Element) -> str | None:
    """Tiled 1.8 and 1.10+ write type=, Tiled 1.9 wrote class=."""
    return obj.get("type") or obj.get("class")


def load_course(path: str | Path) -> dict:
    """The course spec (plain JSON, see game.roborally.rules.board) of a .tmx file."""
    path = Path(path)
    name = str(path)
    root = _parse(path, "course map")
    if root.tag != "map":
        raise UserError(name, "not a Tiled map")
    try:        # base64, infinite, group layers, offsets, templates: the plain map they describe
        root = tiled.plain_map(root, path)
    except tiled.TiledProblem as exc:
        raise UserError(f"{name} {exc.place}", exc.what) from None
    if root.get("orientation") != "orthogonal" or root.get("infinite", "0") != "0":
        raise UserError(name, "a course is a finite orthogonal map")
    if root.get("tilewidth") != str(TILE) or root.get("tileheight") != str(TILE):
        raise UserError(name, f"tiles must be {TILE}x{TILE}")
    try:
        w, h = int(root.get("width", "0")), int(root.get("height", "0"))
    except ValueError:
        raise UserError(name, "width and height must be whole numbers") from None
    if not (3 <= w <= MAX_SIZE and 3 <= h <= MAX_SIZE):
        raise UserError(name, f"map size {w}x{h} is outside 3..{MAX_SIZE}")
    mprops = _props(root, f"{name} map properties")
    if mprops.get("game") != "roborally":
        raise UserError(f"{name} map properties", "needs game = \"roborally\"")
    tilesets = root.findall("tileset")
    source = (tilesets[0].get("source") or "") if len(tilesets) == 1 else ""
    if len(tilesets) == 1 and not source:
        raise UserError(f"{name} tileset", f"is embedded; use the shared external tileset ({TILESET_SOURCE} "
                        "from a course in levels/roborally)")
    if not TILESET_PATH.fullmatch(source):
        raise UserError(f"{name} tileset", "a course uses exactly one tileset, the shared tilesets/roborally.tsx, by a "
                        f"relative path: {TILESET_SOURCE} from a course in levels/roborally (../../tilesets/... "
                        "from a folder below it)")
    firstgid = files.whole_number(tilesets[0].get("firstgid", "1"))
    if not firstgid:
        raise UserError(f"{name} tileset", f"firstgid {files._shown(tilesets[0].get('firstgid'))} is not a whole number above 0")
    tsx = (path.parent / tilesets[0].get("source")).resolve()
    tiles = read_tileset(tsx)

    def tile(gid: int, where: str) -> dict:
        if gid & ~FLIP_MASK:
            raise UserError(where, "flipped or rotated tiles are not allowed (pick the tile facing the right way)")
        tid = gid - firstgid
        if tid not in tiles:
            raise UserError(where, f"tile gid {gid} is not in the roborally tileset")
        return tiles[tid]

    known = {"floor", "walls", "objects"}
    for layer in root:
        if layer.tag in ("layer", "objectgroup") and layer.get("name") not in known:
            raise UserError(f"{name} layer '{layer.get('name')}'", f"unknown layer (expected: {', '.join(sorted(known))})")
        if layer.tag in ("imagelayer", "group"):
            raise UserError(f"{name} layer '{layer.get('name')}'", "image and group layers are not used")
    floor = [ly for ly in root.findall("layer") if ly.get("name") == "floor"]
    if len(floor) != 1:
        raise UserError(name, "needs exactly one tile layer named 'floor'")
    data = floor[0].find("data")
    if data is None or data.get("encoding") != "csv" or data.get("compression"):
        raise UserError(f"{name} layer 'floor'", "tile data must be CSV (Map > Map Properties > Tile Layer Format)")
    try:
        gids = [int(v) for v in (data.text or "").replace("\n", "").split(",") if v.strip() != ""]
    except ValueError:
        raise UserError(f"{name} layer 'floor'", "CSV holds something that is not a tile number") from None
    if len(gids) != w * h:
        raise UserError(f"{name} layer 'floor'", f"has {len(gids)} tiles, a {w}x{h} map needs {w * h}")
    cells = []
    for i, gid in enumerate(gids):
        x, y = i % w, i // w
        where = f"{name} layer 'floor' ({x}, {y})"
        if gid == 0:
            raise UserError(where, "empty square (paint floor or pit)")
        t = tile(gid, where)
        if t.get("role") != "space":
            raise UserError(where, f"a {t.get('role')} tile belongs on an object layer, not the floor")
        kind = t.get("kind")
        if kind == "floor":
            continue
        props = {"kind": kind}
        if kind in ("belt", "express"):
            props["dir"] = t["dir"]
            if t.get("turn", "none") != "none":
                props["turn"] = t["turn"]
        if kind == "gear":
            props["rot"] = t["rot"]
        cells.append([x, y, props])

    spec = {"id": path.stem, "name": str(mprops.get("name") or path.stem), "width": w, "height": h,
            "cells": cells, "walls": [], "lasers": [], "checkpoints": [], "starts": [], "reboot": None}
    checkpoints: dict[int, list] = {}
    starts: dict[int, list] = {}
    seen_objects = 0
    for group in root.findall("objectgroup"):
        lname = group.get("name")
        for obj in group.findall("object"):
            seen_objects += 1
            if seen_objects > MAX_OBJECTS:
                raise UserError(name, f"more than {MAX_OBJECTS} objects")
            oid = obj.get("id")
            where = f"{name} layer '{lname}' object {oid if oid is None or len(oid) <= 12 else oid[:9] + '...'}"
            gid = obj.get("gid")
            if gid is None:
                raise UserError(where, "only tile objects are used (insert a tile from the roborally tileset)")
            number = files.whole_number(gid)
            if number is None:
                raise UserError(where, f"gid {files._shown(gid)} is not a tile number")
            t = tile(number, where)
            role = t.get("role")
            if role == "space":
                raise UserError(where, "floor tiles belong on the 'floor' layer")
            expected = t.get("marker") or t.get("kind") or role
            otype = object_type(obj) or expected     # none: Tiled 1.8 drops the class= Tiled 1.9 wrote
            if otype not in TYPES_BY_ROLE[role] or otype != expected:
                raise UserError(where, f"type/class {files._shown(otype)} does not match its tile (expected {files._shown(expected)})")
            if (lname == "walls") != (role in ("wall", "laser")):
                raise UserError(where, f"a {otype} goes on the '{'walls' if role in ('wall', 'laser') else 'objects'}' layer")
            try:
                fx, fy = float(obj.get("x", "0")), float(obj.get("y", "0"))
                ow, oh = float(obj.get("width", str(TILE))), float(obj.get("height", str(TILE)))
            except ValueError:
                raise UserError(where, "position is not a number") from None
            if ow != TILE or oh != TILE or fx % TILE or fy % TILE or obj.get("rotation", "0") not in ("0", "0.0"):
                raise UserError(where, f"must be an unrotated {TILE}x{TILE} tile snapped to the grid")
            x, y = int(fx) // TILE, int(fy) // TILE - 1          # tile objects hang from their bottom edge
            if not (0 <= x < w and 0 <= y < h):
                raise UserError(where, f"square ({x}, {y}) is outside the {w}x{h} map")
            where = f"{where} at ({x}, {y})"
            props = _props(obj, where)
            if otype == "wall":
                spec["walls"].append([x, y, t["dir"]])
            elif otype == "laser":
                strength = props.get("strength", 1)
                if not isinstance(strength, int) or not 1 <= strength <= 3:
                    raise UserError(where, "laser strength must be an int property from 1 to 3")
                spec["lasers"].append([x, y, t["dir"], strength])
            elif otype in ("push", "crusher"):
                raw = props.get("registers")
                try:
                    regs = sorted({int(v) for v in str(raw).replace(" ", "").split(",")})
                except ValueError:
                    raise UserError(where, f"registers {files._shown(raw)} must list numbers 1-5 like \"2,4\"") from None
                if not regs or not all(1 <= r <= 5 for r in regs):
                    raise UserError(where, f"registers {files._shown(raw)} must list numbers 1-5 like \"2,4\"")
                cell = next((c for c in cells if c[0] == x and c[1] == y), None)
                if cell is not None:
                    raise UserError(where, f"a {otype} needs a plain floor square, this one is {cell[2]['kind']}")
                props_out = {"kind": otype, "registers": regs}
                if otype == "push":
                    props_out["dir"] = t["dir"]
                cells.append([x, y, props_out])
            elif otype == "checkpoint":
                number = props.get("number")
                if not isinstance(number, int) or number < 1:
                    raise UserError(where, "checkpoint needs an int property number from 1")
                if number in checkpoints:
                    raise UserError(where, f"checkpoint {number} appears twice")
                checkpoints[number] = [x, y]
            elif otype == "start":
                seat = props.get("seat")
                if not isinstance(seat, int) or seat < 0:
                    raise UserError(where, "start needs an int property seat from 0")
                if seat in starts:
                    raise UserError(where, f"start for seat {seat} appears twice")
                starts[seat] = [x, y, t["dir"]]
            elif otype == "reboot":
                if spec["reboot"] is not None:
                    raise UserError(where, "a course has one reboot space")
                spec["reboot"] = [x, y, t["dir"]]
    if sorted(checkpoints) != list(range(1, len(checkpoints) + 1)):
        raise UserError(f"{name} layer 'objects'", f"checkpoints must be numbered 1..n without gaps, found {sorted(checkpoints)}")
    if sorted(starts) != list(range(len(starts))):
        raise UserError(f"{name} layer 'objects'", f"start seats must be 0..n without gaps, found {sorted(starts)}")
    spec["checkpoints"] = [checkpoints[k] for k in sorted(checkpoints)]
    spec["starts"] = [starts[k] for k in sorted(starts)]
    if spec["reboot"] is None:
        raise UserError(f"{name} layer 'objects'", "needs one reboot space")
    if "max_rounds" in mprops:
        spec["max_rounds"] = mprops["max_rounds"]
    try:
        Board.from_spec(spec)
    except SpecError as exc:
        raise UserError(name, str(exc)) from None
    return spec


def load_course_by_ref(ref: str) -> dict:
    return load_course(find_course(ref))
