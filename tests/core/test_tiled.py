"""Maps saved the ways Tiled really writes them (game.core.tiled), for both games with maps.

Each case copies a shipped map (Robo Run 1.2: tunnels, gates, walls, every object layer;
Robo Rally dizzy-dash: belts, gears, lasers, starts), changes one thing the way Tiled writes
it, and checks the loaded board equals the shipped one, or that what cannot be read is one
line naming the file and the place, from the loader and from `main.py lint` alike.
docs/level-format.md has the support table these tests back."""
from __future__ import annotations

import base64
import dataclasses
import gzip
import os
import re
import shutil
import subprocess
import zlib
from pathlib import Path

import pytest

from game.cli import main as cli_main
from game.core.errors import UserError
from game.roborally.levels.tmx import COURSES_DIR, load_course
from game.roborun.levels.tmx_loader import LEVELS_DIR, load_level
from tests.helpers import require_tool

SHIPPED = {"run": LEVELS_DIR / "campaign1" / "1-2.tmx", "rally": COURSES_DIR / "dizzy-dash.tmx"}
TILE_LAYER = {"run": "spaces", "rally": "floor"}
TILESET = {"run": "roborun", "rally": "roborally"}
OBJECT_LAYER = {"run": "robots", "rally": "objects"}
GAMES = ("run", "rally")


def level_folder(tmp_path: Path) -> Path:
    """A copy of levels/ with the shared tilesets and project files, so relative paths hold."""
    root = tmp_path / "levels"
    if root.exists():
        return root
    shutil.copytree(LEVELS_DIR / "tilesets", root / "tilesets")
    for project in ("roborun.tiled-project", "roborally.tiled-project"):
        shutil.copy(LEVELS_DIR / project, root)
    return root


def write_map(tmp_path: Path, game: str, text: str, folder: str = "mine") -> Path:
    path = level_folder(tmp_path) / folder / f"{game}.tmx"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, newline="")
    return path


def load(game: str, path: Path):
    return load_level(path) if game == "run" else load_course(path)


def board(game: str, spec):
    """What a game is played on, without the file's name."""
    return dataclasses.replace(spec, source="") if game == "run" else {**spec, "id": ""}


def shipped(game: str):
    return board(game, load(game, SHIPPED[game]))


def one_line_error(game: str, path: Path, *words: str) -> str:
    with pytest.raises(UserError) as caught:
        load(game, path)
    text = str(caught.value)
    assert "\n" not in text and str(path) in text, text
    for word in words:
        assert word in text, text
    return text


# ------------------------------------------------------------------ editing a shipped map
def map_size(text: str) -> tuple[int, int]:
    head = re.search(r"<map [^>]*>", text).group(0)
    return int(re.search(r'\swidth="(\d+)"', head)[1]), int(re.search(r'\sheight="(\d+)"', head)[1])


def gids_of(text: str, layer: str) -> list[int]:
    data = re.search(r'<layer [^>]*name="%s"[^>]*>\s*<data encoding="csv">(.*?)</data>' % layer, text, re.S)[1]
    return [int(v) for v in data.replace("\n", "").split(",") if v.strip()]


def with_data(text: str, layer: str, attrs: str, body: str) -> str:
    return re.sub(r'(<layer [^>]*name="%s"[^>]*>\s*)<data encoding="csv">.*?</data>' % layer,
                  lambda m: m[1] + f"<data {attrs}>{body}</data>", text, flags=re.S)


def as_base64(text: str, layer: str, compression: str) -> str:
    raw = b"".join(gid.to_bytes(4, "little") for gid in gids_of(text, layer))
    raw = {"": raw, "zlib": zlib.compress(raw), "gzip": gzip.compress(raw),
           "zstd": b"\x28\xb5\x2f\xfd" + raw[:16]}[compression]
    attrs = 'encoding="base64"' + (f' compression="{compression}"' if compression else "")
    return with_data(text, layer, attrs, "\n   " + base64.b64encode(raw).decode() + "\n  ")


def moved_objects(text: str, dx: float, dy: float, layer: str | None = None) -> str:
    """Every object (or those of one object layer) moved by dx, dy pixels."""
    def move(m):
        return f'{m[1]} x="{float(m[2]) + dx:g}" y="{float(m[3]) + dy:g}"'
    shift = lambda body: re.sub(r'(<object id="\d+"[^>]*?) x="([\d.]+)" y="([\d.]+)"', move, body)  # noqa: E731
    if layer is None:
        return shift(text)
    return re.sub(r'(<objectgroup [^>]*name="%s"[^>]*>)(.*?</objectgroup>)' % layer,
                  lambda m: m[1] + shift(m[2]), text, flags=re.S)


def as_infinite(text: str, layer: str) -> str:
    """As Tiled writes an infinite map: 16x16 chunks; this board starts at cell (-16, 5)."""
    width, height = map_size(text)
    gids = gids_of(text, layer)
    chunks = ""
    for cy in (0, 16):
        for cx in (0, 16):
            rows = [",".join(str(gids[(cy + y) * width + cx + x]) if cx + x < width and cy + y < height else "0"
                             for x in range(16)) for y in range(16)]
            chunks += f'\n   <chunk x="{cx - 16}" y="{cy + 5}" width="16" height="16">\n' + ",\n".join(rows) + "\n</chunk>"
    text = with_data(text, layer, 'encoding="csv"', chunks + "\n  ").replace('infinite="0"', 'infinite="1"')
    text = re.sub(r'(<layer [^>]*)width="\d+" height="\d+"', r'\1width="32" height="32"', text)
    return moved_objects(text, -16 * 64, 5 * 64)


def in_a_group(text: str, attrs: str = "") -> str:
    first, last = text.index("<layer "), text.rindex("</objectgroup>") + len("</objectgroup>")
    return f'{text[:first]}<group id="90" name="board"{attrs}>\n{text[first:last]}\n </group>{text[last:]}'


def as_template(text: str, folder: Path, game: str, tx_name: str = "thing.tx", tileset: str = "../tilesets") -> str:
    """The first tile object made an instance of a template that holds its tile, type and properties."""
    found = re.search(r'<object id="(\d+)" type="(\w+)" gid="(\d+)" x="(\d+)" y="(\d+)" width="64" height="64"'
                      r'(/>|>(.*?)</object>)', text, re.S)
    oid, kind, gid, x, y = found.groups()[:5]
    tx = folder / tx_name
    tx.parent.mkdir(parents=True, exist_ok=True)
    tx.write_text(f'<?xml version="1.0" encoding="UTF-8"?>\n<template>\n <tileset firstgid="1" '
                  f'source="{tileset}/{TILESET[game]}.tsx"/>\n <object type="{kind}" gid="{gid}" width="64" '
                  f'height="64">{found[7] or ""}</object>\n</template>\n')
    return text.replace(found[0], f'<object id="{oid}" template="{tx_name}" x="{x}" y="{y}"/>')


# ------------------------------------------------------------------ what loads as meant
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("compression", ["", "zlib", "gzip"])
def test_tile_data_in_base64_loads_the_same_board(tmp_path, game, compression):
    text = as_base64(SHIPPED[game].read_text(), TILE_LAYER[game], compression)
    assert 'encoding="csv"' not in text
    assert board(game, load(game, write_map(tmp_path, game, text))) == shipped(game)


@pytest.mark.parametrize("game", GAMES)
def test_an_infinite_map_is_the_box_around_its_painted_cells(tmp_path, game):
    text = as_infinite(SHIPPED[game].read_text(), TILE_LAYER[game])
    assert "<chunk" in text and 'infinite="1"' in text
    assert board(game, load(game, write_map(tmp_path, game, text))) == shipped(game)


@pytest.mark.parametrize("game", GAMES)
def test_layers_inside_a_group_layer_load_the_same_even_when_the_group_is_offset(tmp_path, game):
    """A group's offset moves the board and its objects together: nothing changes on the board."""
    text = in_a_group(SHIPPED[game].read_text(), ' offsetx="-128" offsety="64"')
    assert board(game, load(game, write_map(tmp_path, game, text))) == shipped(game)


@pytest.mark.parametrize("game", GAMES)
def test_an_object_layer_offset_counts_where_tiled_draws_the_objects(tmp_path, game):
    """The objects sit one space left in the file, but the layer is offset one space right:
    Tiled draws them on the shipped spaces, and that is where they are read."""
    layer = OBJECT_LAYER[game]
    text = moved_objects(SHIPPED[game].read_text(), -64, 0, layer)
    text = text.replace(f'name="{layer}"', f'name="{layer}" offsetx="64" offsety="0"')
    assert board(game, load(game, write_map(tmp_path, game, text))) == shipped(game)


@pytest.mark.parametrize("game", GAMES)
def test_a_tile_layer_offset_carries_the_objects_drawn_over_it(tmp_path, game):
    text = SHIPPED[game].read_text().replace(f'name="{TILE_LAYER[game]}"', f'name="{TILE_LAYER[game]}" offsetx="64" offsety="-64"')
    text = moved_objects(text, 64, -64)
    assert board(game, load(game, write_map(tmp_path, game, text))) == shipped(game)


@pytest.mark.parametrize("game", GAMES)
def test_an_image_layer_is_a_backdrop_the_board_ignores(tmp_path, game):
    text = SHIPPED[game].read_text().replace("</map>", ' <imagelayer id="92" name="backdrop">\n  <image '
                                             f'source="../tilesets/{TILESET[game]}.png" width="512" height="704"/>\n'
                                             " </imagelayer>\n</map>")
    assert board(game, load(game, write_map(tmp_path, game, text))) == shipped(game)


@pytest.mark.parametrize("game", GAMES)
def test_an_object_template_gives_the_instance_its_tile_type_and_properties(tmp_path, game):
    root = level_folder(tmp_path)
    text = as_template(SHIPPED[game].read_text(), root / "mine", game)
    assert "template=" in text
    assert board(game, load(game, write_map(tmp_path, game, text))) == shipped(game)


@pytest.mark.parametrize("game", GAMES)
def test_a_template_in_a_subfolder_with_its_tileset_by_a_longer_path_loads_the_same(tmp_path, game):
    root = level_folder(tmp_path)
    text = as_template(SHIPPED[game].read_text(), root / "mine", game, "templates/thing.tx", "../../tilesets")
    assert board(game, load(game, write_map(tmp_path, game, text))) == shipped(game)


def test_a_template_instance_overrides_the_templates_property(tmp_path):
    """Robo Rally 'dizzy-dash' start seat 0 made a template; the instance says seat 0 itself
    while the template says seat 5: the instance wins, as in Tiled."""
    root = level_folder(tmp_path)
    text = COURSES_DIR.joinpath("dizzy-dash.tmx").read_text()
    start = re.search(r'<object id="(\d+)" type="start" gid="(\d+)" x="(\d+)" y="(\d+)" width="64" height="64">\s*'
                      r'<properties>\s*<property name="seat" type="int" value="0"/>\s*</properties>\s*</object>', text)
    (root / "mine").mkdir()
    (root / "mine" / "start.tx").write_text(
        '<template>\n <tileset firstgid="1" source="../tilesets/roborally.tsx"/>\n <object type="start" '
        f'gid="{start[2]}" width="64" height="64">\n  <properties>\n   <property name="seat" type="int" value="5"/>\n'
        '  </properties>\n </object>\n</template>\n')
    instance = (f'<object id="{start[1]}" template="start.tx" x="{start[3]}" y="{start[4]}">\n   <properties>\n'
                '    <property name="seat" type="int" value="0"/>\n   </properties>\n  </object>')
    assert board("rally", load_course(write_map(tmp_path, "rally", text.replace(start[0], instance)))) == shipped("rally")


@pytest.mark.parametrize("game", GAMES)
def test_objects_without_type_or_class_read_their_role_from_the_tile(tmp_path, game):
    """Tiled 1.8 drops the class= that Tiled 1.9 wrote, so a 1.9 map re-saved in 1.8 has no
    types at all (Robo Run's tunnel and lift markers take theirs from the space under them)."""
    text = re.sub(r'(<object id="\d+") type="\w+"', r"\1", SHIPPED[game].read_text())
    assert not re.search(r'<object id="\d+" type=', text)
    assert board(game, load(game, write_map(tmp_path, game, text))) == shipped(game)


def test_a_course_in_a_subfolder_reaches_the_tileset_by_a_longer_relative_path(tmp_path):
    text = SHIPPED["rally"].read_text().replace('source="../tilesets/', 'source="../../tilesets/')
    path = write_map(tmp_path, "rally", text, folder="roborally/mine")
    assert board("rally", load_course(path)) == shipped("rally")


@pytest.mark.parametrize("game", GAMES)
def test_windows_line_endings_load_the_same(tmp_path, game):
    text = SHIPPED[game].read_text().replace("\n", "\r\n")
    assert board(game, load(game, write_map(tmp_path, game, text))) == shipped(game)


# ------------------------------------------------------------------ what is one line
@pytest.mark.parametrize("game", GAMES)
def test_zstd_tile_data_is_one_line_naming_the_layer_from_the_loader_and_lint(tmp_path, game, capsys):
    path = write_map(tmp_path, game, as_base64(SHIPPED[game].read_text(), TILE_LAYER[game], "zstd"))
    error = one_line_error(game, path, f"layer '{TILE_LAYER[game]}'", "zstd-compressed tile data", "CSV")
    assert cli_main(["lint", str(path)]) == 1
    out = capsys.readouterr().out.strip()
    assert out == error


@pytest.mark.parametrize("game", GAMES)
def test_a_missing_template_is_one_line_naming_the_object(tmp_path, game, capsys):
    text = re.sub(r'<object id="(\d+)" type="\w+" gid="\d+" x="(\d+)" y="(\d+)" width="64" height="64"/>',
                  r'<object id="\1" template="gone.tx" x="\2" y="\3"/>', SHIPPED[game].read_text(), count=1)
    path = write_map(tmp_path, game, text)
    error = one_line_error(game, path, "object", "template 'gone.tx' is missing")
    assert cli_main(["lint", str(path)]) == 1
    assert capsys.readouterr().out.strip() == error


def test_a_flipped_robo_run_tile_object_is_one_line_not_read_unflipped(tmp_path):
    """pytmx hands a flipped tile object the unflipped tile's properties: a production line
    token flipped to face west would be read facing east."""
    text = re.sub(r' gid="(\d+)"', lambda m: f' gid="{int(m[1]) | 0x80000000}"', SHIPPED["run"].read_text(), count=1)
    one_line_error("run", write_map(tmp_path, "run", text), "edges object 13", "flipped")


@pytest.mark.parametrize("game", GAMES)
def test_tile_layers_offset_differently_are_one_line(tmp_path, game):
    text = SHIPPED[game].read_text().replace(f'name="{TILE_LAYER[game]}"', f'name="{TILE_LAYER[game]}" offsetx="32"')
    text = text.replace("</map>", f' <layer id="93" name="{TILE_LAYER[game]}2" width="10" height="8">\n'
                        '  <data encoding="csv">\n' + ",\n".join(["0" * 1 + ",0" * 9] * 8) + "\n</data>\n </layer>\n</map>")
    one_line_error(game, write_map(tmp_path, game, text), "offset differently")


@pytest.mark.parametrize("game", GAMES)
def test_a_zlib_bomb_stops_at_the_layers_size(tmp_path, game):
    text = SHIPPED[game].read_text()
    bomb = base64.b64encode(zlib.compress(b"\0" * 5_000_000)).decode()
    text = with_data(text, TILE_LAYER[game], 'encoding="base64" compression="zlib"', bomb)
    one_line_error(game, write_map(tmp_path, game, text), "tile data holds")


@pytest.mark.parametrize("game", GAMES)
def test_groups_nested_thousands_deep_are_one_line_not_a_recursion_error(tmp_path, game):
    text = SHIPPED[game].read_text()
    first, last = text.index("<layer "), text.rindex("</objectgroup>") + len("</objectgroup>")
    deep = 3000
    text = text[:first] + '<group name="g">' * deep + text[first:last] + "</group>" * deep + text[last:]
    one_line_error(game, write_map(tmp_path, game, text), "group layers nest more than")


@pytest.mark.parametrize("game", GAMES)
def test_an_infinite_map_of_many_bombed_chunks_stops_at_the_cell_budget(tmp_path, game):
    """Every chunk a 200x200 zlib bomb of tile 1 (a few hundred bytes each): decoding them all
    would take gigabytes; the loader stops once the map passes 200,000 cells."""
    bomb = base64.b64encode(zlib.compress((1).to_bytes(4, "little") * 40_000)).decode()
    chunks = "".join(f'<chunk x="{200 * i}" y="0" width="200" height="200">{bomb}</chunk>' for i in range(2000))
    text = with_data(SHIPPED[game].read_text(), TILE_LAYER[game], 'encoding="base64" compression="zlib"', chunks)
    text = text.replace('infinite="0"', 'infinite="1"')
    one_line_error(game, write_map(tmp_path, game, text), "more than 200000 cells")


# ------------------------------------------------------------------ real Tiled
def test_tiled_round_trip_through_json_keeps_a_base64_grouped_templated_map(tmp_path):
    """Tiled 1.8 exports the map to JSON and back to TMX; both games' boards come back the same."""
    tiled = require_tool("tiled")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    root = level_folder(tmp_path)
    for game in GAMES:
        text = as_template(as_base64(in_a_group(SHIPPED[game].read_text()), TILE_LAYER[game], "zlib"),
                           root / "mine", game)
        path = root / "mine" / f"{game}.tmx"
        path.write_text(text)
        json_copy, back = path.with_suffix(".json"), path.with_name(f"{game}-back.tmx")
        for source, target, kind in ((path, json_copy, "json"), (json_copy, back, "tmx")):
            done = subprocess.run([tiled, "--export-map", kind, str(source), str(target)], env=env,
                                  capture_output=True, timeout=60)
            assert done.returncode == 0, done.stderr
        assert board(game, load(game, back)) == shipped(game), game


CLASS_PROPERTY = ('<property name="look" type="class" propertytype="Look">\n   <properties>\n'
                  '    <property name="tint" type="color" value="#ff0000ff"/>\n   </properties>\n  </property>\n')


def test_a_custom_class_property_is_an_unknown_robo_run_property_not_a_pytmx_crash(tmp_path):
    """pytmx failed with "TypeError: 'NoneType' object is not subscriptable" (on the map) and
    "KeyError: 'Look'" (on an object); Robo Run refuses properties it does not know by name."""
    text = SHIPPED["run"].read_text().replace(" <properties>\n", " <properties>\n  " + CLASS_PROPERTY, 1)
    one_line_error("run", write_map(tmp_path, "run", text), "map properties", "unknown property 'look'")


def test_a_custom_class_property_on_a_course_is_ignored_like_any_other_extra_property(tmp_path):
    text = re.sub(r'(<object id="1" type="wall" gid="\d+" x="\d+" y="\d+" width="64" height="64")/>',
                  lambda m: m[1] + ">\n   <properties>\n    " + CLASS_PROPERTY + "   </properties>\n  </object>",
                  SHIPPED["rally"].read_text())
    assert "Look" in text
    assert board("rally", load_course(write_map(tmp_path, "rally", text))) == shipped("rally")


@pytest.mark.parametrize("prop, shown", [
    ('<property name="owner" value="0"/>', "the str property '0'"),       # Tiled's default type is string
    ('<property name="owner" type="bool" value="true"/>', "the bool property True"),
    ('<property name="owner" type="float" value="1"/>', "the float property 1.0"),
    ('<property name="owner" type="int" value="2"/>', "it is 2"),
])
def test_a_robot_owner_typed_other_than_int_says_so_in_one_line(tmp_path, prop, shown):
    """It said "good robot owner must be seat 0 or 1, is '0'" of a string '0', and took a bool
    true as seat 1 and a float 1.0 as the seat."""
    text = re.sub(r'(<object id="1" type="robot" gid="45" [^/]*)/>',
                  lambda m: f"{m[1]}>\n   <properties>\n    {prop}\n   </properties>\n  </object>", SHIPPED["run"].read_text())
    assert prop in text
    one_line_error("run", write_map(tmp_path, "run", text), "robots (9,1)", "must be an int property", shown)


@pytest.mark.parametrize("game", GAMES)
def test_a_newline_inside_a_chunks_cell_stays_one_line(tmp_path, game):
    """Found by fuzzing: a CSV chunk cell '0x\\n1' was quoted whole, so the error took two lines."""
    rows = ",\n".join(",".join("1" for _ in range(16)) for _ in range(16)).replace("1", "0x\n1", 1)
    text = with_data(SHIPPED[game].read_text(), TILE_LAYER[game], 'encoding="csv"',
                     f'<chunk x="0" y="0" width="16" height="16">{rows}</chunk>').replace('infinite="0"', 'infinite="1"')
    one_line_error(game, write_map(tmp_path, game, text), "is not a tile number")


def test_the_watch_stamp_changes_when_a_template_changes_and_is_none_for_a_gone_map(tmp_path):
    from game.core.tiled import watched_stamp
    root = level_folder(tmp_path)
    path = write_map(tmp_path, "rally", as_template(SHIPPED["rally"].read_text(), root / "mine", "rally"))
    first = watched_stamp(path)
    template = root / "mine" / "thing.tx"
    template.write_text(template.read_text() + "\n")
    assert watched_stamp(path) != first
    path.unlink()
    assert watched_stamp(path) is None
