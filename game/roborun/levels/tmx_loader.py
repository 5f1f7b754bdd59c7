"""Tiled maps (levels/**/*.tmx) -> LevelSpec, strictly.

Level designers draw Robo Run scenarios in Tiled; this module is the only place that
knows the map format (described in docs/level-format.md). It is strict on purpose: a map
that loads is a map the engine can play, and every problem is reported as one line
`file: layer (x,y): what is wrong`, all of them at once, so a designer fixes a map in one
pass.

Hostile or broken files are stopped before pytmx sees them: the raw bytes are size-capped,
DOCTYPE/ENTITY declarations are refused, the XML is parsed once with ElementTree to check
dimensions, encodings and tileset paths, and only then is pytmx (headless, no image
loader) asked to read the map.
"""
from __future__ import annotations

import math
import os
import re
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

from game.core import files, tiled
from game.core.errors import UserError
from game.roborun.rules.level import (
    BAD_COLOURS, DIRECTIONS, GOOD_COLOURS, HAZARD_VARIANTS, ROBOT_COLOURS, SPACE_KINDS, TOKEN_KINDS,
    LevelSpec, Pos, RobotStart, Space, Token,
)

LEVELS_DIR = Path(__file__).resolve().parents[3] / "levels"
PROJECT_FILE = "roborun.tiled-project"
TILE = 64                        # pixels per space; the shipped tileset is drawn at this size
MAX_FILE_BYTES = 1_000_000
MAX_SIDE = 40                    # spaces per side; real maps are about 10x8 to 12x10
SNAP = 16                        # pixels an object may sit off a space centre / edge line

SCENARIO_RULES = ("no_pass", "no_beep", "exits_closed_until_lever", "keys_open_exits")
LEVER_RULES = ("open_exits", "remove_walls", "toggle_production_lines")
DEFAULT_OWNER = {"green": 0, "red": 1}   # seat 0 plays green unless the robot says otherwise

# Object layer name -> tile roles it may hold. "links" holds point/rectangle objects instead.
OBJECT_LAYERS: dict[str, tuple[str, ...]] = {
    "robots": ("robot",), "tokens": ("token",), "spawns": ("spawn",), "edges": ("gate", "wall"), "links": (),
}
LINK_TYPES = ("tunnel", "tunnel_exit", "lift", "lever")
LINK_SPACE = {"tunnel": "tunnel", "tunnel_exit": "tunnel_exit", "lift": "lift", "lever": "lever"}
MAP_PROPERTIES = ("campaign", "number", "title", "intro", "special_rules", "rules", "support")
OBJECT_PROPERTIES = {"robot": ("owner",), "tunnel": ("exit",), "lift": ("other",), "lever": ("rule",)}
# Keys pytmx itself adds to a tile's property dict; never written by a designer.
PYTMX_TILE_KEYS = {"id", "width", "height", "frames", "type", "class", "sprite"}


@dataclass
class Problems:
    """Collects one-line problems for one file."""
    file: str
    lines: list[str] = field(default_factory=list)

    def add(self, where: str, what: str) -> None:
        where, what = _clip_quoted(where), _clip_quoted(what)
        self.lines.append(f"{self.file}: {where}: {what}" if where else f"{self.file}: {what}")


_LONG_QUOTED, _LONG_WORD = re.compile(r"'([^']{61,})'"), re.compile(r"[^\s']{61,}")


def _clip_quoted(text: str) -> str:
    """Every value from the file that a problem quotes or names (a layer name, a type, a
    size) cut to 60 characters: a hostile 5000-character value stays one readable line."""
    if len(text) <= 60:
        return text
    text = _LONG_QUOTED.sub(lambda m: "'" + _short(m.group(1)) + "'", text)
    return _LONG_WORD.sub(lambda m: _short(m.group(0)), text)


class LevelError(UserError):
    """A map that cannot be used. str() holds every problem, one per line."""

    def __init__(self, problems: list[str]):
        first, _, rest = problems[0].partition(": ")
        super().__init__(first, rest + "".join("\n" + p for p in problems[1:]))
        self.problems = problems


# ------------------------------------------------------------------ finding levels
def _short(text: str, limit: int = 60) -> str:
    """A name from the file, cut so one problem stays one readable line."""
    text = str(text).replace("\n", " ")
    return text if len(text) <= limit else text[:limit] + "..."


def list_levels() -> list[tuple[str, Path]]:
    """Shipped scenarios as (id, path), in campaign order."""
    found = []
    for path in LEVELS_DIR.glob("campaign*/*.tmx"):
        match = re.fullmatch(r"(\d+)-(\d+)", path.stem)
        if match:
            found.append(((int(match[1]), int(match[2])), f"{match[1]}.{match[2]}", path))
    return [(ref, path) for _key, ref, path in sorted(found)]


def find_level(ref: str) -> Path:
    """A shipped level id like "1.1", or a path to a .tmx file."""
    if re.fullmatch(r"\d+\.\d+", ref):
        for level_id, path in list_levels():
            if level_id == ref:
                return path
        known = ", ".join(level_id for level_id, _ in list_levels())
        raise UserError("level", f"no shipped level '{ref}' (known: {known})")
    path = Path(ref)
    try:
        files.check_regular(path, "map file")
    except files.Missing:
        raise UserError(files._short(ref), "no such map file") from None
    return path


def load_level(path: str | Path) -> LevelSpec:
    """Read one map; raise LevelError (a UserError) listing every problem."""
    spec, problems = _read(Path(path))
    if problems:
        raise LevelError(problems)
    assert spec is not None
    return spec


def check_level(path: str | Path) -> list[str]:
    """Every problem with one map (empty list: it loads)."""
    return _read(Path(path))[1]


# ------------------------------------------------------------------ raw pre-checks
def level_root(map_path: Path) -> Path:
    """The folder a map's files must stay inside: the nearest one holding the Tiled
    project file, else the map's own folder."""
    folder = Path(os.path.realpath(map_path)).parent
    for candidate in (folder, *folder.parents):
        if (candidate / PROJECT_FILE).is_file():
            return candidate
    return folder


def _safe_xml(path: Path, problems: Problems, what: str) -> ET.Element | None:
    """Parse a small XML file that declares no DOCTYPE/ENTITY; None after reporting."""
    try:          # through game.core.files: a regular file (no folder, FIFO or device), size-capped
        raw = files.read_bytes(path, MAX_FILE_BYTES, what)
    except files.Missing:
        problems.add("", f"{what} '{files._short(path.name)}' is missing")
        return None
    except files.FileProblem as exc:
        problems.add("", exc.what)
        return None
    if b"\x00" in raw:      # UTF-16 and kin: the DOCTYPE check below reads bytes, and Tiled writes UTF-8
        problems.add("", f"{what} is not UTF-8 text (Tiled writes maps and tilesets in UTF-8)")
        return None
    if re.search(rb"<!\s*(DOCTYPE|ENTITY)", raw, re.IGNORECASE):
        problems.add("", f"{what} declares a DOCTYPE/ENTITY, which maps must not contain")
        return None
    try:
        return ET.fromstring(raw)
    except (ET.ParseError, LookupError, ValueError) as exc:    # LookupError: unknown encoding declared
        problems.add("", f"{what} is not valid XML ({exc})")
        return None


def _inside(root: Path, target: Path) -> bool:
    """Whether target (links followed) lies in root. A symlink loop is judged by its own place
    (Path.resolve raises on one in Python 3.11); reading it then reports the loop by name."""
    try:
        Path(os.path.realpath(target)).relative_to(root)
        return True
    except ValueError:
        return False


def _precheck(path: Path, problems: Problems) -> ET.Element | None:
    """Everything that must hold before pytmx may read the file; the map in the plain form
    game.core.tiled makes of what Tiled writes (base64, groups, offsets, templates, ...)."""
    root = _safe_xml(path, problems, "map file")
    if root is None:
        return None
    if root.tag != "map":
        problems.add("", f"root element is <{root.tag}>, not <map>")
        return None
    try:
        root = tiled.plain_map(root, path)
    except tiled.TiledProblem as exc:
        problems.add(exc.place, exc.what)
        return None
    if root.get("orientation") != "orthogonal":
        problems.add("map", f"orientation is '{root.get('orientation')}'; only orthogonal maps are supported")
    if root.get("infinite", "0") != "0":
        problems.add("map", "infinite maps are not supported (Map > Map Properties > Infinite: off)")
    for attr in ("width", "height"):
        value = root.get(attr, "")
        number = files.whole_number(value)          # ASCII digits only: '²' and 'inf' are not numbers
        if number is None or not 1 <= number <= MAX_SIDE:
            problems.add("map", f"{attr} '{value[:20]}' must be a whole number from 1 to {MAX_SIDE}")
    for attr in ("tilewidth", "tileheight"):
        if root.get(attr) != str(TILE):
            problems.add("map", f"{attr} is {root.get(attr)}; maps use {TILE}-pixel spaces")
    tilesets = root.findall("tileset")
    if len(tilesets) != 1:
        problems.add("map", f"has {len(tilesets)} tilesets; use exactly one: the shared tilesets/roborun.tsx")
    for tileset in tilesets:
        _precheck_tileset(path, tileset, problems)
    for child in root:
        if child.tag in ("imagelayer", "group"):
            problems.add(f"layer '{child.get('name')}'", f"<{child.tag}> layers are not supported")
    tile_layers = root.findall("layer")
    names = [layer.get("name") for layer in tile_layers]
    if names != ["spaces"]:
        problems.add("map", f"needs exactly one tile layer named 'spaces' (found: {', '.join(map(str, names)) or 'none'})")
    for layer in tile_layers:
        _precheck_tile_layer(layer, problems)
    seen: set[str] = set()
    for group in root.findall("objectgroup"):
        name = group.get("name", "")
        if name not in OBJECT_LAYERS:
            problems.add(f"layer '{name}'", f"unknown object layer (use: {', '.join(OBJECT_LAYERS)})")
        if name in seen:
            problems.add(f"layer '{name}'", "appears twice; merge the two layers")
        seen.add(name)
        for obj in group.findall("object"):
            if obj.get("template"):
                problems.add(f"{name} object {obj.get('id')}", "uses a template; templates are not supported (detach it)")
            for attr in ("x", "y", "width", "height", "rotation"):   # inf, nan, 1e400 stop here
                if obj.get(attr) is not None:
                    try:
                        files.finite_number(obj.get(attr), "", attr, limit=1e6)
                    except files.FileProblem as exc:
                        problems.add(f"{name} object {str(obj.get('id'))[:20]}", f"{exc.what}; use a pixel position on the map")
            if obj.get("id") is not None and files.whole_number(obj.get("id")) is None:
                problems.add(f"{name} object", f"id '{obj.get('id')[:20]}' is not a whole number")
            if (files.whole_number(obj.get("gid")) or 0) >= 1 << 28:     # pytmx would read it unflipped
                problems.add(f"{name} object {str(obj.get('id'))[:20]}", "tile is flipped; place it unflipped")
    return root


def _precheck_tileset(map_path: Path, tileset: ET.Element, problems: Problems) -> None:
    source = tileset.get("source")
    if not source:
        problems.add("tileset", "is embedded; reference the shared external tilesets/roborun.tsx instead")
        return
    if source.startswith(("/", "\\")) or re.match(r"^[a-zA-Z]+:", source):
        problems.add("tileset", f"source '{source}' must be a relative path")
        return
    root = level_root(map_path)
    tsx = map_path.parent / source
    if not _inside(root, tsx):
        problems.add("tileset", f"source '{source}' points outside the level folder {root}")
        return
    tileset_root = _safe_xml(tsx, problems, f"tileset '{source}'")
    if tileset_root is None:
        return
    image = tileset_root.find("image")
    if image is None or not image.get("source"):
        problems.add("tileset", f"'{source}' has no atlas image")
        return
    image_path = tsx.parent / image.get("source", "")
    if not _inside(root, image_path):
        problems.add("tileset", f"image '{image.get('source')}' points outside the level folder")
    else:
        try:          # through game.core.files: a name too long for the disk is a problem, not a traceback
            files.check_regular(image_path, "tileset image")
        except files.Missing:
            problems.add("tileset", f"image '{files._short(image.get('source', ''))}' is missing")
        except files.FileProblem as exc:
            problems.add("tileset", f"image '{files._short(image.get('source', ''))}': {exc.what}")


def _precheck_tile_layer(layer: ET.Element, problems: Problems) -> None:
    name = layer.get("name")
    data = layer.find("data")
    if data is None:
        problems.add(f"layer '{name}'", "has no data")
        return
    if data.get("encoding") != "csv" or data.get("compression"):
        problems.add(f"layer '{name}'", "must use CSV encoding without compression "
                     "(Map > Map Properties > Tile Layer Format: CSV)")
        return
    if data.find("chunk") is not None:
        problems.add(f"layer '{name}'", "has chunks (infinite map); maps must be finite")
        return
    width, height = (files.whole_number(v) or 0 for v in (layer.get("width", ""), layer.get("height", "")))
    cells = [c.strip() for c in (data.text or "").replace("\n", ",").split(",") if c.strip()]
    if not width or not height or len(cells) != width * height:
        problems.add(f"layer '{name}'", f"has {len(cells)} cells for a {layer.get('width')}x{layer.get('height')} layer")
        return
    for index, cell in enumerate(cells):
        if files.whole_number(cell) is None:
            problems.add(f"layer '{name}'", f"cell {index} is '{cell[:20]}', not a tile number")
            return
        if int(cell) >= 1 << 28:
            x, y = (index % width, index // width) if width else (index, 0)
            problems.add(f"{name} ({x},{y})", "tile is flipped or rotated; place it unrotated")


# ------------------------------------------------------------------ reading with pytmx
def _read(path: Path) -> tuple[LevelSpec | None, list[str]]:
    problems = Problems(files._short(path))
    if path.suffix != ".tmx":
        problems.add("", "not a .tmx map file")
        return None, problems.lines
    root = _precheck(path, problems)
    if problems.lines or root is None:
        return None, problems.lines
    try:
        tmx = _pytmx().TiledMap()
        tmx.filename = str(path)            # tilesets are found beside the map
        tmx.parse_xml(root)
    except Exception as exc:  # pytmx raises bare Exception/ValueError/KeyError for bad content
        problems.add("", f"Tiled map could not be read: {type(exc).__name__}: {_short(exc, 200)}")
        return None, problems.lines
    try:
        spec = _Builder(tmx, path, problems).build()
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError) as exc:
        # Something the checks above did not foresee: still one line, never a traceback.
        problems.add("", f"map content could not be used: {type(exc).__name__}: {exc}")
        return None, problems.lines
    return (spec if not problems.lines else None), problems.lines


def _pytmx():
    """pytmx, imported without pygame when pygame is not loaded yet.

    pytmx tries `import pygame` (for type hints and its optional image helpers); the
    engine, lint and solver are pure and should not pay for it. A None entry in
    sys.modules makes those optional imports fail quietly; the entries are removed right
    after, so a UI module may still import pygame and pytmx.util_pygame normally."""
    if "pytmx" not in sys.modules:
        blocked = [name for name in ("pygame", "pytmx.util_pygame") if name not in sys.modules]
        for name in blocked:
            sys.modules[name] = None  # type: ignore[assignment]
        try:
            import pytmx  # noqa: F401
        finally:
            for name in blocked:
                del sys.modules[name]
    return sys.modules["pytmx"]


def _object_type(obj) -> str | None:
    """Tiled 1.8 and 1.10+ write type=, Tiled 1.9 wrote class= (pytmx keeps it in 'class')."""
    value = obj.type or obj.__dict__.get("class") or obj.properties.get("class")
    return value or None


class _Builder:
    """Turns a parsed pytmx map into a LevelSpec, noting every problem on the way."""

    def __init__(self, tmx, path: Path, problems: Problems):
        self.tmx = tmx
        self.path = path
        self.p = problems
        self.width = int(tmx.width)
        self.height = int(tmx.height)
        self.spaces: list[list[Space]] = []

    # ---- helpers
    def tile_props(self, gid: int) -> dict:
        return dict(self.tmx.get_tile_properties_by_gid(gid) or {})

    def cell_of(self, obj, where: str) -> Pos | None:
        """The space an object sits on (its centre within SNAP pixels of the space centre)."""
        cx, cy = obj.x + obj.width / 2, obj.y + obj.height / 2
        x, y = math.floor(cx / TILE), math.floor(cy / TILE)
        if not (0 <= x < self.width and 0 <= y < self.height):
            self.p.add(where, f"lies outside the map (pixel {cx:g},{cy:g})")
            return None
        if abs(cx - (x + 0.5) * TILE) > SNAP or abs(cy - (y + 0.5) * TILE) > SNAP:
            self.p.add(f"{where} ({x},{y})", "is not centred on a space; snap it to the grid")
            return None
        return (x, y)

    def space_kind_under(self, obj) -> str | None:
        """The marker a link without type/class stands for: the kind of the space under it (Tiled
        1.8 drops the class= that Tiled 1.9 wrote; a marker's type always equals its space's kind)."""
        x, y = math.floor((obj.x + obj.width / 2) / TILE), math.floor((obj.y + obj.height / 2) / TILE)
        if 0 <= x < self.width and 0 <= y < self.height and self.spaces[y][x].kind in LINK_TYPES:
            return self.spaces[y][x].kind
        return None

    def edge_of(self, obj, orientation: str, where: str) -> tuple[Pos, str] | None:
        """The one edge an edge object lies on, as a normalised (pos, 'E'|'S') key."""
        cx, cy = obj.x + obj.width / 2, obj.y + obj.height / 2
        fx, fy = cx / TILE, cy / TILE
        on_vertical = abs(fx - round(fx)) * TILE <= SNAP and abs(fy - math.floor(fy) - 0.5) * TILE <= SNAP
        on_horizontal = abs(fy - round(fy)) * TILE <= SNAP and abs(fx - math.floor(fx) - 0.5) * TILE <= SNAP
        if orientation == "v" and on_vertical:
            pos, direction = (round(fx) - 1, math.floor(fy)), "E"
            inside = 0 <= pos[0] < self.width - 1 and 0 <= pos[1] < self.height
        elif orientation == "h" and on_horizontal:
            pos, direction = (math.floor(fx), round(fy) - 1), "S"
            inside = 0 <= pos[0] < self.width and 0 <= pos[1] < self.height - 1
        else:
            line = "vertical edge between two spaces side by side" if orientation == "v" else \
                "horizontal edge between a space and the one below"
            self.p.add(f"{where} (pixel {cx:g},{cy:g})", f"is not on an edge; centre it on a {line} "
                       "(View > Snapping > Snap to Fine Grid)")
            return None
        if not inside:
            self.p.add(f"{where} (pixel {cx:g},{cy:g})", "lies on the map border or outside; edges must be between two spaces")
            return None
        return pos, direction

    def objects(self, layer_name: str) -> list:
        try:
            layer = self.tmx.get_layer_by_name(layer_name)
        except ValueError:
            return []
        return list(layer)

    def check_object_shape(self, obj, where: str) -> bool:
        if obj.rotation:
            self.p.add(where, f"is rotated {obj.rotation:g} degrees; objects must not be rotated")
            return False
        return True

    # ---- the parts of a map
    def build(self) -> LevelSpec | None:
        meta = self.map_properties()
        self.read_spaces()
        if not self.spaces:
            return None
        robots = self.read_robots()
        tokens = self.read_tokens()
        spawns = self.read_spawns()
        walls, gates = self.read_edges()
        tunnels, lifts, levers = self.read_links()
        spec = LevelSpec(width=self.width, height=self.height, spaces=self.spaces, robots=robots, tokens=tokens,
                         walls=walls, gates=gates, tunnels=tunnels, lifts=lifts, levers=levers, spawns=spawns,
                         source=str(self.path), **meta)
        self.check_exits(spec)
        return spec

    def map_properties(self) -> dict:
        props = dict(self.tmx.properties)
        for name in props:
            if name not in MAP_PROPERTIES:
                self.p.add("map properties", f"unknown property '{_short(name)}' (known: {', '.join(MAP_PROPERTIES)})")
        meta: dict = {}
        for name in ("campaign", "number"):
            value = props.get(name)
            if not isinstance(value, int) or isinstance(value, bool):
                self.p.add("map properties", f"'{name}' must be an int property (got {value!r})")
                meta[name] = 0
            else:
                meta[name] = value
        if meta["number"] and not 1 <= meta["number"] <= 6:
            self.p.add("map properties", f"'number' is {meta['number']}; scenarios are numbered 1 to 6")
        for name in ("title", "intro", "special_rules"):
            meta[name] = str(props.get(name) or "")
        if not meta["title"]:
            self.p.add("map properties", "'title' is missing")
        rules = tuple(r.strip() for r in str(props.get("rules") or "").split(",") if r.strip())
        for rule in rules:
            if rule not in SCENARIO_RULES:
                self.p.add("map properties", f"unknown rule id '{rule}' in 'rules' (known: {', '.join(SCENARIO_RULES)})")
        meta["rules"] = rules
        support = [c.strip() for c in str(props.get("support") or "").split(",") if c.strip()]
        for colour in support:
            if colour not in BAD_COLOURS:
                self.p.add("map properties", f"'support' lists '{colour}', not a bad robot colour ({', '.join(BAD_COLOURS)})")
        meta["support"] = support
        meta["level_id"] = f"{meta['campaign']}.{meta['number']}"
        return meta

    def read_spaces(self) -> None:
        layer = self.tmx.get_layer_by_name("spaces")
        if int(layer.width) != self.width or int(layer.height) != self.height:
            self.p.add("layer 'spaces'", f"is {layer.width}x{layer.height} but the map is {self.width}x{self.height}")
            return
        rows = []
        for y in range(self.height):
            row = []
            for x in range(self.width):
                row.append(self.space_at(layer.data[y][x], f"spaces ({x},{y})"))
            rows.append(row)
        self.spaces = rows

    def space_at(self, gid: int, where: str) -> Space:
        if not gid:
            self.p.add(where, "is empty; paint floor or void")
            return Space("void")
        props = self.tile_props(gid)
        if props.get("role") != "space":
            self.p.add(where, f"tile '{props.get('sprite', gid)}' is not a space tile (role {props.get('role')!r})")
            return Space("void")
        kind = props.get("kind")
        if kind not in SPACE_KINDS:
            self.p.add(where, f"unknown space kind {kind!r}")
            return Space("void")
        space = Space(kind=kind, colour=props.get("colour"), direction=props.get("direction"),
                      value=props.get("value"), variant=props.get("variant"), outlined=bool(props.get("outlined")))
        self.check_space(space, where)
        return space

    def check_space(self, space: Space, where: str) -> None:
        needs_colour = space.kind in ("exit", "hidden_exit")
        if needs_colour and space.colour not in GOOD_COLOURS:
            self.p.add(where, f"{space.kind} needs a good robot colour, has {space.colour!r}")
        if space.kind in ("pusher", "production_line") and space.direction not in DIRECTIONS:
            self.p.add(where, f"{space.kind} needs a direction N/E/S/W, has {space.direction!r}")
        if space.kind == "hazard" and space.variant not in HAZARD_VARIANTS:
            self.p.add(where, f"hazard variant {space.variant!r} is unknown")
        if space.kind in ("number_exchanger", "hidden_exit") and space.value not in range(1, 7):
            self.p.add(where, f"{space.kind} needs a value 1..6, has {space.value!r}")
        if space.kind == "number_changer" and not isinstance(space.value, int):
            self.p.add(where, "number changer needs an int value")

    def tile_object(self, obj, layer: str) -> tuple[dict, str] | None:
        """Tile properties and role of a tile object, checked against its layer."""
        where = f"{layer} object {obj.id}"
        if not obj.gid:
            self.p.add(where, f"is not a tile object; place a tile from the roborun tileset on '{layer}'")
            return None
        if not self.check_object_shape(obj, where):
            return None
        props = self.tile_props(obj.gid)
        role = props.get("role")
        if role not in OBJECT_LAYERS[layer]:
            self.p.add(where, f"tile '{props.get('sprite', obj.gid)}' (role {role!r}) does not belong on layer '{layer}'")
            return None
        declared = _object_type(obj)
        if declared and declared != role:
            self.p.add(where, f"has type/class '{declared}' but its tile is a {role}")
            return None
        for key in obj.properties:
            if key not in props and key not in OBJECT_PROPERTIES.get(role, ()):
                self.p.add(where, f"unknown property '{_short(key)}'")
        merged = {**props, **obj.properties}
        return merged, role

    def placed_objects(self, layer: str):
        """Yield (pos, properties, where) for each well-formed tile object of a layer that sits
        on one cell; problems with the others are recorded and they are skipped."""
        for obj in self.objects(layer):
            read = self.tile_object(obj, layer)
            pos = self.cell_of(obj, f"{layer} object {obj.id}") if read else None
            if read is None or pos is None:
                continue
            yield pos, read[0], f"{layer} ({pos[0]},{pos[1]})"

    def read_robots(self) -> list[RobotStart]:
        robots: dict[Pos, RobotStart] = {}
        for pos, props, where in self.placed_objects("robots"):
            colour = props.get("colour")
            if colour not in ROBOT_COLOURS:
                self.p.add(where, f"unknown robot colour {colour!r}")
                continue
            owner = props.get("owner")
            if colour in GOOD_COLOURS:
                owner = DEFAULT_OWNER[colour] if owner is None else owner
                if owner not in (0, 1) or isinstance(owner, (bool, float)):
                    whole = isinstance(owner, int) and not isinstance(owner, bool)
                    typed = owner if whole else f"the {type(owner).__name__} property {owner!r}"
                    self.p.add(where, f"good robot owner must be an int property, seat 0 or 1; it is {typed}")
                    continue
            elif owner is not None:
                self.p.add(where, "bad robots have no owner; remove the 'owner' property")
                continue
            if pos in robots:
                self.p.add(where, f"two robots on one space ({robots[pos].colour} and {colour})")
                continue
            self.check_standable(pos, where, "robot")
            robots[pos] = RobotStart(colour=colour, pos=pos, owner=owner)
        return [robots[p] for p in sorted(robots, key=lambda p: (p[1], p[0]))]

    def check_standable(self, pos: Pos, where: str, what: str) -> None:
        space = self.spaces[pos[1]][pos[0]]
        if space.kind in ("void", "hazard", "tunnel", "pusher"):
            self.p.add(where, f"{what} starts on a {space.kind} space")

    def read_tokens(self) -> list[Token]:
        tokens: dict[Pos, Token] = {}
        for pos, props, where in self.placed_objects("tokens"):
            kind = props.get("kind")
            if kind not in TOKEN_KINDS:
                self.p.add(where, f"unknown token kind {kind!r}")
                continue
            value = props.get("value") if kind == "number" else None
            if kind == "number" and value not in range(1, 7):
                self.p.add(where, f"number token needs a value 1..6, has {value!r}")
                continue
            direction = props.get("direction") if kind == "production_line" else None
            if kind == "production_line" and direction not in DIRECTIONS:
                self.p.add(where, f"production line token needs a direction, has {direction!r}")
                continue
            if pos in tokens:
                self.p.add(where, f"two tokens on one space ({tokens[pos].kind} and {kind})")
                continue
            self.check_standable(pos, where, "token")
            tokens[pos] = Token(kind=kind, pos=pos, value=value, direction=direction)
        return [tokens[p] for p in sorted(tokens, key=lambda p: (p[1], p[0]))]

    def read_spawns(self) -> dict[int, Pos]:
        spawns: dict[int, Pos] = {}
        for pos, props, where in self.placed_objects("spawns"):
            round_number = props.get("value")
            if round_number not in (1, 2, 3):
                self.p.add(where, f"spawn round must be 1, 2 or 3, is {round_number!r}")
            elif round_number in spawns:
                self.p.add(where, f"a second spawn point for round {round_number} (first at {spawns[round_number]})")
            else:
                self.check_standable(pos, where, "spawn point")
                spawns[round_number] = pos
        return dict(sorted(spawns.items()))

    def read_edges(self) -> tuple[set, dict]:
        walls: set[tuple[Pos, str]] = set()
        gates: dict[tuple[Pos, str], frozenset[str]] = {}
        for obj in self.objects("edges"):
            read = self.tile_object(obj, "edges")
            if read is None:
                continue
            props, role = read
            where = f"edges object {obj.id}"
            orientation = props.get("orientation")
            if orientation not in ("h", "v"):
                self.p.add(where, f"edge tile needs orientation h or v, has {orientation!r}")
                continue
            key = self.edge_of(obj, orientation, where)
            if key is None:
                continue
            (x, y), d = key
            here = f"edges ({x},{y}) {'east' if d == 'E' else 'south'} edge"
            if key in walls or key in gates:
                self.p.add(here, "already has a wall or gate")
                continue
            if role == "wall":
                walls.add(key)
                continue
            colours = [c.strip() for c in str(props.get("colour") or "").split(",") if c.strip()]
            bad = [c for c in colours if c not in ROBOT_COLOURS]
            if not colours or bad:
                self.p.add(here, f"gate colour {props.get('colour')!r} is not a list of robot colours")
                continue
            gates[key] = frozenset(colours)
        return walls, gates

    def read_links(self) -> tuple[dict[Pos, Pos], list[tuple[Pos, Pos]], dict[Pos, str]]:
        """Tunnels, lifts and levers: point objects on those spaces, linked by object references."""
        placed: dict[int, tuple[str, Pos]] = {}
        props_of: dict[int, dict] = {}
        for obj in self.objects("links"):
            where = f"links object {obj.id}"
            kind = _object_type(obj) or self.space_kind_under(obj)
            if obj.gid:
                self.p.add(where, "links are point objects, not tiles")
                continue
            if kind not in LINK_TYPES:
                self.p.add(where, f"type/class {kind!r} is not one of {', '.join(LINK_TYPES)}")
                continue
            if not self.check_object_shape(obj, where):
                continue
            pos = self.cell_of(obj, f"{where} ({kind})")
            if pos is None:
                continue
            space = self.spaces[pos[1]][pos[0]]
            if space.kind != LINK_SPACE[kind]:
                self.p.add(f"links ({pos[0]},{pos[1]})", f"{kind} marker is on a {space.kind} space, not a {LINK_SPACE[kind]}")
                continue
            for key in obj.properties:
                if key not in OBJECT_PROPERTIES.get(kind, ()):
                    self.p.add(f"links ({pos[0]},{pos[1]})", f"unknown property '{_short(key)}' on a {kind} marker")
            placed[obj.id] = (kind, pos)
            props_of[obj.id] = obj.properties
        marker_at: dict[tuple[str, Pos], int] = {}
        for oid, (kind, pos) in placed.items():
            if (kind, pos) in marker_at:
                self.p.add(f"links ({pos[0]},{pos[1]})", f"two {kind} markers on one space")
            marker_at[(kind, pos)] = oid

        def target(oid: int, prop: str, want: str) -> Pos | None:
            kind, pos = placed[oid]
            ref = props_of[oid].get(prop)
            here = f"links ({pos[0]},{pos[1]})"
            if ref in (None, 0):
                return None
            if ref not in placed or placed[ref][0] != want:
                self.p.add(here, f"{kind}'s '{prop}' must refer to a {want} marker (refers to object {ref})")
                return None
            return placed[ref][1]

        tunnels: dict[Pos, Pos] = {}
        lifts: set[tuple[Pos, Pos]] = set()
        levers: dict[Pos, str] = {}
        for oid, (kind, pos) in placed.items():
            here = f"links ({pos[0]},{pos[1]})"
            if kind == "tunnel":
                exit_pos = target(oid, "exit", "tunnel_exit")
                if exit_pos is None:
                    if props_of[oid].get("exit") in (None, 0):
                        self.p.add(here, "tunnel without exit: set its 'exit' property to a tunnel_exit marker")
                else:
                    tunnels[pos] = exit_pos
            elif kind == "lift":
                other = target(oid, "other", "lift")
                if other == pos:
                    self.p.add(here, "lift is linked to itself")
                elif other is not None:
                    lifts.add(tuple(sorted((pos, other))))  # type: ignore[arg-type]
            elif kind == "lever":
                rule = props_of[oid].get("rule")
                if rule not in LEVER_RULES:
                    self.p.add(here, f"lever rule {rule!r} is unknown (known: {', '.join(LEVER_RULES)})")
                else:
                    levers[pos] = rule
        self.check_link_coverage(tunnels, sorted(lifts), levers)
        return tunnels, sorted(lifts), levers

    def check_link_coverage(self, tunnels: dict[Pos, Pos], lifts: list[tuple[Pos, Pos]], levers: dict[Pos, str]) -> None:
        """Every tunnel leads somewhere, every exit is reached, lifts pair up, levers have rules."""
        lift_count: dict[Pos, int] = {}
        for a, b in lifts:
            lift_count[a] = lift_count.get(a, 0) + 1
            lift_count[b] = lift_count.get(b, 0) + 1
        exits_used = set(tunnels.values())
        for y, row in enumerate(self.spaces):
            for x, space in enumerate(row):
                here = f"spaces ({x},{y})"
                if space.kind == "tunnel" and (x, y) not in tunnels:
                    self.p.add(here, "tunnel without exit: add a 'tunnel' marker on the links layer")
                elif space.kind == "tunnel_exit" and (x, y) not in exits_used:
                    self.p.add(here, "tunnel exit that no tunnel leads to")
                elif space.kind == "lift" and lift_count.get((x, y), 0) != 1:
                    self.p.add(here, f"lift must be paired with exactly one other lift (paired {lift_count.get((x, y), 0)} times)")
                elif space.kind == "lever" and (x, y) not in levers:
                    self.p.add(here, "lever without a rule: add a 'lever' marker with a 'rule' on the links layer")

    def check_exits(self, spec: LevelSpec) -> None:
        exit_colours = {space.colour for row in spec.spaces for space in row if space.kind in ("exit", "hidden_exit")}
        for robot in spec.robots:
            if robot.colour in GOOD_COLOURS and robot.colour not in exit_colours:
                self.p.add(f"robots ({robot.pos[0]},{robot.pos[1]})", f"missing exit for the {robot.colour} good robot")
