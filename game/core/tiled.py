"""Tiled maps as Tiled really writes them, brought to the one plain form the game loaders read.

Level designers save maps with whatever Tiled offers: tile data in base64 (plain, zlib or
gzip) instead of CSV, an infinite map (chunks), layers inside a group layer, layer offsets,
image layers as a backdrop, object templates (.tx). Each of these describes the same board
as a plain map, so `plain_map` rewrites the parsed XML into that plain form (finite, CSV,
no groups, no offsets, no image layers, templates resolved) and the game loaders stay
strict about everything else. What cannot be brought to the plain form (zstd, which Python
3.11 cannot read; a template that is missing) is a TiledProblem: one line naming the place.

Shared by both games with maps (Robo Run, Robo Rally): it knows Tiled's format, no game.
Every file it reads (a template) goes through game.core.files, size-capped.
"""
from __future__ import annotations

import base64
import binascii
import copy
import os
import re
import zlib
import xml.etree.ElementTree as ET
from pathlib import Path

from game.core import files

FLIP_BITS = 0xF0000000           # Tiled's flip/rotation flags in the top bits of a gid
MAX_SIDE = 200                   # cells per side of a tile layer we decode (maps use at most 40)
MAX_CELLS = 200_000              # cells decoded or written in all: a map's 1 MB cannot ask for more
MAX_GROUP_DEPTH = 32             # group layers inside group layers
MAX_TEMPLATE_BYTES = 1 << 20
SHAPES = ("point", "ellipse", "polygon", "polyline", "text")


class TiledProblem(files.FileProblem):
    """A map Tiled wrote that cannot be brought to the plain form: `place` (a layer, an object)
    and `what`, so each game's loader can word the line its own way."""

    def __init__(self, place: str, what: str):
        self.place = place
        super().__init__(place, what)


def plain_map(root: ET.Element, path: Path | str) -> ET.Element:
    """The map `root` (parsed from `path`) in plain form; the element is changed in place."""
    path = Path(path)
    _plain_properties(root)
    _flatten_groups(root)
    cells = _Budget()
    for imagelayer in root.findall("imagelayer"):      # a backdrop picture: no tiles, no objects
        root.remove(imagelayer)
    tile_layers = root.findall("layer")
    for layer in tile_layers:
        _plain_data(layer, cells)
    shift = _finite(root, tile_layers, cells) if root.get("infinite", "0") != "0" else (0.0, 0.0)
    board_x, board_y = _board_offset(tile_layers)
    templates = _Templates(root, path)
    for group in root.findall("objectgroup"):
        dx, dy = _offset(group)
        dx, dy = dx - board_x - shift[0], dy - board_y - shift[1]
        for attr in ("offsetx", "offsety"):
            group.attrib.pop(attr, None)
        for obj in group.findall("object"):
            if obj.get("template") is not None:
                templates.resolve(obj, _name(group))
            if dx or dy:
                _move(obj, dx, dy, _name(group))
    for layer in tile_layers:
        for attr in ("offsetx", "offsety"):
            layer.attrib.pop(attr, None)
    return root


def _move(obj: ET.Element, dx: float, dy: float, layer: str) -> None:
    where = f"layer '{layer}' object {_clip(str(obj.get('id')), 20)}"
    for attr, delta in (("x", dx), ("y", dy)):
        try:
            value = files.finite_number(obj.get(attr, "0"), where, attr, limit=1e6)
        except files.FileProblem as exc:
            raise TiledProblem(where, f"{exc.what}; use a pixel position on the map") from None
        obj.set(attr, f"{value + delta:g}")


def _plain_properties(root: ET.Element) -> None:
    """A custom-class property (Tiled 1.8+: members nested inside it) kept by name with an empty
    value: pytmx cannot read one without the project's type list, and no game reads one."""
    for prop in [p for p in root.iter("property") if p.get("type") == "class"]:
        name = prop.get("name", "")
        prop.clear()
        prop.set("name", name)
        prop.set("value", "")


def watched_stamp(path: Path | str) -> tuple | None:
    """What tells a changed map in the designer's --watch loop: the map file's stamp and those of
    the templates it uses (saving a template in Tiled changes its instances, not the map file).
    None when the map is gone."""
    stamp = files.file_stamp(path)
    if stamp is None:
        return None
    try:
        raw = files.read_bytes(path, files.MAX_BYTES * 2, "map file")
    except files.FileProblem:
        return (stamp,)
    sources = sorted({s.decode("utf-8", "replace") for s in re.findall(rb'\btemplate="([^"\x00]{1,1000})"', raw)})
    return (stamp, *((source, files.file_stamp(Path(path).parent / source)) for source in sources[:200]))


# ------------------------------------------------------------------ layers
def _flatten_groups(parent: ET.Element, dx: float = 0.0, dy: float = 0.0, depth: int = 0) -> None:
    """Put the layers of every group layer where the group was, its offset added to theirs."""
    if depth > MAX_GROUP_DEPTH:
        raise TiledProblem(f"layer '{_name(parent)}'", f"group layers nest more than {MAX_GROUP_DEPTH} deep")
    index = 0
    while index < len(parent):
        child = parent[index]
        if child.tag != "group":
            if dx or dy:
                ox, oy = _offset(child)
                child.set("offsetx", f"{ox + dx:g}")
                child.set("offsety", f"{oy + dy:g}")
            index += 1
            continue
        gx, gy = _offset(child)
        _flatten_groups(child, dx + gx, dy + gy, depth + 1)
        members = [c for c in child if c.tag in ("layer", "objectgroup", "imagelayer")]
        parent.remove(child)
        for offset, member in enumerate(members):
            parent.insert(index + offset, member)
        index += len(members)


def _offset(layer: ET.Element) -> tuple[float, float]:
    where = f"layer '{_name(layer)}'"
    try:
        return tuple(files.finite_number(layer.get(attr, "0"), where, attr, limit=1e6)  # type: ignore[return-value]
                     for attr in ("offsetx", "offsety"))
    except files.FileProblem as exc:
        raise TiledProblem(where, f"{exc.what}; use a pixel offset") from None


def _board_offset(tile_layers: list[ET.Element]) -> tuple[float, float]:
    """Where the board is drawn: the tile layers' common offset. Objects are read relative to it,
    so an object sits on the space it is drawn over in Tiled."""
    offsets = {_offset(layer) for layer in tile_layers}
    if len(offsets) > 1:
        shown = ", ".join(f"'{_name(layer)}' {_offset(layer)[0]:g},{_offset(layer)[1]:g}" for layer in tile_layers)
        raise TiledProblem("map", f"tile layers are offset differently ({shown}); give them the same offset")
    return offsets.pop() if offsets else (0.0, 0.0)


def _name(layer: ET.Element) -> str:
    return _clip(layer.get("name", ""))


def _clip(text: str, limit: int = 60) -> str:
    """A name or value from the file for a message: one line (&#10; in an attribute is a real
    newline), at most `limit` characters, so a hostile value stays one readable line."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[:limit] + "..."


# ------------------------------------------------------------------ tile data
class _Budget:
    """Cells decoded or written so far, against MAX_CELLS: a zlib bomb in every chunk of a 1 MB
    file, or two painted cells far apart on each of a hundred layers, stop with one line."""

    def __init__(self) -> None:
        self.used = 0

    def spend(self, count: int, where: str) -> None:
        self.used += count
        if self.used > MAX_CELLS:
            raise TiledProblem(where, f"the map's tile layers hold more than {MAX_CELLS} cells in all")


def _plain_data(layer: ET.Element, cells: _Budget) -> None:
    """Decode a tile layer's data (and its chunks) to CSV."""
    data = layer.find("data")
    if data is None:
        return
    encoding, compression = data.get("encoding"), data.get("compression")
    if encoding == "csv" and not compression and data.find("chunk") is None:
        return                      # already plain: the loaders check CSV cells themselves
    where = f"layer '{_name(layer)}'"
    if data.find("tile") is not None:
        raise TiledProblem(where, "uses the old XML tile format; choose Map > Map Properties > Tile Layer Format: CSV")
    blocks = data.findall("chunk") or [data]
    for block in blocks:
        if block is data:
            width, height = _size(layer, where)
        else:
            width, height = _size(block, f"{where} chunk at {_clip(str(block.get('x')), 12)},{_clip(str(block.get('y')), 12)}")
        cells.spend(width * height, where)
        gids = _gids(block.text or "", encoding, compression, width * height, where)
        rows = [",".join(map(str, gids[y * width:(y + 1) * width])) for y in range(height)]
        block.text = "\n" + ",\n".join(rows) + "\n"
    data.set("encoding", "csv")
    data.attrib.pop("compression", None)


def _size(elem: ET.Element, where: str) -> tuple[int, int]:
    width, height = files.whole_number(elem.get("width")), files.whole_number(elem.get("height"))
    if width is None or height is None or not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise TiledProblem(where, f"size {files._shown(elem.get('width'))}x{files._shown(elem.get('height'))} "
                           f"must be whole numbers from 1 to {MAX_SIDE}")
    return width, height


def _gids(text: str, encoding: str | None, compression: str | None, count: int, where: str) -> list[int]:
    if encoding == "csv":
        if compression:
            raise TiledProblem(where, f"CSV data cannot be compressed ({files._shown(compression)})")
        cells = [c.strip() for c in text.split(",") if c.strip()]
        gids = [files.whole_number(c) for c in cells]
        if None in gids:
            bad = cells[gids.index(None)]
            raise TiledProblem(where, f"cell '{_clip(bad, 20)}' is not a tile number")
        if len(gids) != count:
            raise TiledProblem(where, f"has {len(gids)} cells, its size needs {count}")
        return gids  # type: ignore[return-value]
    if encoding != "base64":
        raise TiledProblem(where, f"tile data encoding {files._shown(encoding)} is unknown; "
                           "choose Map > Map Properties > Tile Layer Format: CSV")
    try:
        raw = base64.b64decode("".join(text.split()), validate=True)
    except (binascii.Error, ValueError):
        raise TiledProblem(where, "base64 tile data is damaged; re-save the map, or choose "
                           "Map > Map Properties > Tile Layer Format: CSV") from None
    want = count * 4
    if compression in ("zlib", "gzip"):
        inflate = zlib.decompressobj(zlib.MAX_WBITS | (16 if compression == "gzip" else 0))
        try:
            out = inflate.decompress(raw, want + 1)     # bounded: a small bomb cannot fill memory
        except zlib.error:
            raise TiledProblem(where, f"{compression}-compressed tile data is damaged") from None
        raw = out
    elif compression == "zstd":
        raise TiledProblem(where, "zstd-compressed tile data cannot be read here; choose Map > Map Properties > "
                           "Tile Layer Format: CSV (or Base64 zlib)")
    elif compression:
        raise TiledProblem(where, f"tile data compression {files._shown(compression)} is unknown; choose CSV")
    if len(raw) != want:
        raise TiledProblem(where, f"tile data holds {len(raw) // 4} cells, its size needs {count}")
    return [int.from_bytes(raw[i:i + 4], "little") for i in range(0, want, 4)]


def _finite(root: ET.Element, tile_layers: list[ET.Element], budget: _Budget) -> tuple[float, float]:
    """An infinite map made finite: the board is the box around every painted cell. Returns the
    pixel shift applied to the board, which objects follow."""
    painted: list[tuple[int, int]] = []
    chunks_of: dict[int, list[tuple[int, int, int, int, list[int]]]] = {}
    for number, layer in enumerate(tile_layers):
        data = layer.find("data")
        chunks = []
        for chunk in ([] if data is None else data.findall("chunk")):
            where = f"layer '{_name(layer)}' chunk"
            cx, cy = _signed(chunk.get("x"), where), _signed(chunk.get("y"), where)
            width, height = _size(chunk, where)
            gids = [int(c) for c in (chunk.text or "").replace("\n", "").split(",") if c.strip()]
            chunks.append((cx, cy, width, height, gids))
            painted += [(cx + i % width, cy + i // width) for i, gid in enumerate(gids) if gid]
        chunks_of[number] = chunks
    if not painted:
        raise TiledProblem("map", "infinite map has no painted tiles in chunks (Tiled writes an infinite map's tiles in <chunk>s)")
    left, top = min(x for x, _ in painted), min(y for _, y in painted)
    width, height = max(x for x, _ in painted) - left + 1, max(y for _, y in painted) - top + 1
    if width > MAX_SIDE or height > MAX_SIDE:
        raise TiledProblem("map", f"infinite map's painted tiles span {width}x{height} cells; the limit is {MAX_SIDE}")
    budget.spend(width * height * len(tile_layers), "map")
    for number, layer in enumerate(tile_layers):
        cells = [0] * (width * height)
        for cx, cy, cw, _ch, gids in chunks_of[number]:
            for i, gid in enumerate(gids):
                x, y = cx + i % cw - left, cy + i // cw - top
                if gid and 0 <= x < width and 0 <= y < height:
                    cells[y * width + x] = gid
        data = layer.find("data")
        if data is None:
            data = ET.SubElement(layer, "data", encoding="csv")
        for chunk in data.findall("chunk"):
            data.remove(chunk)
        data.text = "\n" + ",\n".join(",".join(map(str, cells[y * width:(y + 1) * width])) for y in range(height)) + "\n"
        layer.set("width", str(width))
        layer.set("height", str(height))
    root.set("width", str(width))
    root.set("height", str(height))
    root.set("infinite", "0")
    tile_w = files.whole_number(root.get("tilewidth")) or 0
    tile_h = files.whole_number(root.get("tileheight")) or 0
    return float(left * tile_w), float(top * tile_h)


def _signed(text: str | None, where: str) -> int:
    if text is None or not re.fullmatch(r"-?[0-9]{1,9}", text.strip()):
        raise TiledProblem(where, f"position {files._shown(text)} is not a whole number")
    return int(text)


# ------------------------------------------------------------------ templates
class _Templates:
    """Object templates (.tx) read once each, their objects merged under the instances."""

    def __init__(self, root: ET.Element, path: Path):
        self.map_path = path
        self.read: dict[str, ET.Element] = {}
        self.map_tilesets = [(files.whole_number(ts.get("firstgid")) or 0, self._real(path, ts.get("source")))
                             for ts in root.findall("tileset")]

    @staticmethod
    def _real(base: Path, source: str | None) -> str | None:
        return os.path.realpath(base.parent / source) if source else None

    def resolve(self, obj: ET.Element, layer: str) -> None:
        where = f"layer '{layer}' object {_clip(str(obj.get('id')), 20)}"
        source = obj.get("template", "")
        if source.startswith(("/", "\\")) or re.match(r"^[a-zA-Z]+:", source):
            raise TiledProblem(where, f"template '{_clip(source)}' must be a relative path")
        tx_path = self.map_path.parent / source
        template = self._template(tx_path, source, where)
        base = template.find("object")
        if base is None:
            raise TiledProblem(where, f"template '{_clip(source)}' holds no object")
        merged = copy.deepcopy(base)
        if merged.get("gid") is not None and obj.get("gid") is None:
            merged.set("gid", self._map_gid(template, tx_path, merged.get("gid", ""), source, where))
        for attr, value in obj.attrib.items():
            if attr != "template":
                merged.set(attr, value)
        props = {p.get("name"): p for p in merged.iter("property")}
        mine = obj.find("properties")
        if mine is not None:
            block = merged.find("properties")
            if block is None:
                block = ET.SubElement(merged, "properties")
            for prop in mine.findall("property"):
                if prop.get("name") in props:
                    block.remove(props[prop.get("name")])
                block.append(prop)
        if any(obj.find(shape) is not None for shape in SHAPES):
            for shape in SHAPES:
                for old in merged.findall(shape):
                    merged.remove(old)
                for new in obj.findall(shape):
                    merged.append(new)
        obj.attrib.clear()
        obj.attrib.update(merged.attrib)
        for child in list(obj):
            obj.remove(child)
        obj.extend(list(merged))

    def _template(self, tx_path: Path, source: str, where: str) -> ET.Element:
        key = os.path.realpath(tx_path)
        if key not in self.read:
            try:
                raw = files.read_bytes(tx_path, MAX_TEMPLATE_BYTES, "template")
            except files.Missing:
                raise TiledProblem(where, f"template '{_clip(source)}' is missing") from None
            except files.FileProblem as exc:
                raise TiledProblem(where, f"template '{_clip(source)}': {exc.what}") from None
            if re.search(rb"<!\s*(DOCTYPE|ENTITY)", raw, re.IGNORECASE):
                raise TiledProblem(where, f"template '{_clip(source)}' declares a DOCTYPE/ENTITY")
            try:
                template = ET.fromstring(raw)
            except (ET.ParseError, LookupError, ValueError) as exc:
                raise TiledProblem(where, f"template '{_clip(source)}' is not valid XML ({exc})") from None
            if template.tag != "template":
                raise TiledProblem(where, f"'{_clip(source)}' is not a Tiled template")
            self.read[key] = template
        return self.read[key]

    def _map_gid(self, template: ET.Element, tx_path: Path, gid_text: str, source: str, where: str) -> str:
        """A template's tile, numbered as the map numbers the same tileset."""
        gid = files.whole_number(gid_text)
        tileset = template.find("tileset")
        if gid is None or tileset is None:
            raise TiledProblem(where, f"template '{_clip(source)}' names a tile without its tileset")
        first, real = files.whole_number(tileset.get("firstgid")) or 0, self._real(tx_path, tileset.get("source"))
        for map_first, map_real in self.map_tilesets:
            if real is not None and real == map_real:
                tile = (gid & ~FLIP_BITS) - first
                return str((gid & FLIP_BITS) | (tile + map_first))
        raise TiledProblem(where, f"template '{_clip(source)}' takes its tile from "
                           f"'{_clip(tileset.get('source') or 'an embedded tileset')}', which the map does not use")
