"""Shipped courses: strict loading, lint, Tiled round trip, class= variant, bad input errors."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.core.errors import UserError
from game.roborally.levels.lint import course_problems, lint_file
from game.roborally.levels.tmx import COURSES_DIR, list_courses, load_course
from game.roborally.rules.board import Board
from tests.helpers import require_tool

COURSES = list_courses()
CC_KINDS = {"teleporter", "randomizer", "deep_pit", "crusher"}


def kinds_of(spec):
    return {c[2]["kind"] for c in spec["cells"]}


def test_at_least_four_courses_with_2_to_5_checkpoints_and_two_using_every_chaos_element():
    specs = [load_course(p) for p in COURSES]
    assert len(specs) >= 4
    counts = sorted(len(s["checkpoints"]) for s in specs)
    assert counts[0] == 2 and counts[-1] == 5 and all(2 <= c <= 5 for c in counts)
    assert sum(1 for s in specs if CC_KINDS <= kinds_of(s)) >= 2
    for s in specs:
        assert len(s["starts"]) == 6


@pytest.mark.parametrize("path", COURSES, ids=[p.stem for p in COURSES])
def test_every_course_lints_clean(path):
    assert lint_file(path) == []


def test_loader_reads_belts_turns_gears_pushers_crushers_lasers_and_walls():
    spec = load_course(COURSES_DIR / "chaos-canyon.tmx")
    cells = {(x, y): p for x, y, p in spec["cells"]}
    assert cells[(5, 3)] == {"kind": "belt", "dir": "S", "turn": "right"}
    assert cells[(9, 1)] == {"kind": "gear", "rot": "right"}
    assert cells[(9, 4)] == {"kind": "push", "dir": "W", "registers": [2, 4]}
    assert cells[(7, 7)] == {"kind": "crusher", "registers": [1, 4]}
    assert [11, 8, "W", 2] in spec["lasers"] and [6, 2, "S"] in spec["walls"]
    assert spec["reboot"] == [8, 5, "E"]
    Board.from_spec(spec)


def scratch(tmp_path: Path) -> Path:
    root = tmp_path / "levels"
    shutil.copytree(COURSES_DIR.parent / "tilesets", root / "tilesets")
    (root / "roborally").mkdir()
    return root / "roborally"


def test_real_tiled_resave_loads_to_the_same_course(tmp_path):
    tiled = require_tool("tiled")
    folder = scratch(tmp_path)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    for path in COURSES:
        copy = folder / path.name
        shutil.copy(path, copy)
        out = folder / f"resaved-{path.name}"
        done = subprocess.run([tiled, "--export-map", "tmx", str(copy), str(out)], env=env,
                              capture_output=True, timeout=60)
        assert done.returncode == 0, done.stderr
        a, b = load_course(out), load_course(path)
        a["id"] = b["id"]
        assert a == b, path


def test_tiled_19_class_attribute_loads_the_same(tmp_path):
    folder = scratch(tmp_path)
    for path in COURSES:
        text = path.read_text()
        variant = re.sub(r'(<object id="\d+") type="', r'\1 class="', text)
        assert variant != text and ' type="' not in variant.split("<objectgroup", 1)[1].replace('type="int"', "").replace('type="string"', "")
        out = folder / path.name
        out.write_text(variant)
        assert load_course(out) == load_course(path)


def broken(tmp_path, path, old, new):
    folder = scratch(tmp_path)
    text = path.read_text()
    assert old in text
    out = folder / path.name
    out.write_text(text.replace(old, new, 1))
    return out


@pytest.mark.parametrize("old, new, message", [
    ('name="game" value="roborally"', 'name="game" value="chess"', "game"),
    ('name="floor"', 'name="ground"', "unknown layer"),
    ('type="crusher"', 'type="pusher"', "does not match its tile"),
    ('name="registers" type="string" propertytype="Registers" value="3"', 'name="registers" type="string" propertytype="Registers" value="7"', "registers"),
    ('name="strength" type="int" value="2"', 'name="strength" type="int" value="9"', "strength"),
    ('name="number" type="int" value="2"', 'name="number" type="int" value="5"', "numbered"),
    ('width="12" height="10" tilewidth', 'width="99" height="10" tilewidth', "size"),
    ('encoding="csv"', 'encoding="base64"', "CSV"),
])
def test_bad_maps_give_one_line_errors_naming_file_and_place(tmp_path, old, new, message):
    out = broken(tmp_path, COURSES_DIR / "chaos-canyon.tmx", old, new)
    with pytest.raises(UserError) as info:
        load_course(out)
    text = str(info.value)
    assert "\n" not in text and str(out) in text and message in text


def test_lint_catches_a_reboot_arrow_into_a_pit_and_an_unreachable_checkpoint():
    spec = load_course(COURSES_DIR / "dizzy-dash.tmx")
    spec = dict(spec, reboot=[1, 2, "E"], cells=spec["cells"] + [[2, 2, {"kind": "pit"}]])
    assert any("reboot" in p for p in course_problems(spec, "x"))
    walled = dict(spec, reboot=[0, 0, "E"], walls=spec["walls"] + [[8, 1, d] for d in "NESW"])
    assert any("checkpoint 1" in p for p in course_problems(walled, "x"))


def test_main_lint_dispatches_by_the_map_property(tmp_path):
    out = broken(tmp_path, COURSES_DIR / "dizzy-dash.tmx", 'type="reboot"', 'type="start"')
    done = subprocess.run([sys.executable, "main.py", "lint", str(out)], capture_output=True, text=True, timeout=60,
                          cwd=Path(__file__).resolve().parents[3])
    assert done.returncode == 1 and "does not match its tile" in done.stdout


def test_main_lint_still_sends_other_maps_to_robo_run():
    root = Path(__file__).resolve().parents[3]
    others = [p for p in (root / "levels").rglob("*.tmx") if p.parent.name != "roborally"]
    if not others:
        pytest.skip("no Robo Run maps in this checkout")
    done = subprocess.run([sys.executable, "main.py", "lint", str(others[0]), str(COURSES[0])], cwd=root,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{COURSES[0]}: ok" in done.stdout


def test_tmxrasterizer_draws_every_course(tmp_path):
    rasterizer = require_tool("tmxrasterizer")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    for path in COURSES:
        out = tmp_path / f"{path.stem}.png"
        done = subprocess.run([rasterizer, str(path), str(out)], env=env, capture_output=True, timeout=60)
        assert done.returncode == 0, done.stderr
        spec = load_course(path)
        image = pygame.image.load(str(out))
        assert image.get_size() == (spec["width"] * 64, spec["height"] * 64)
        colours = {image.get_at((x * 64 + 32, y * 64 + 32))[:3] for x in range(spec["width"]) for y in range(spec["height"])}
        assert len(colours) > 3                                                  # tiles really drawn


def one_attribute_of_each_kind(text: str):
    """The attributes of a map, one per (element, its type or name, attribute): the second
    checkpoint's `x` goes through the same check as the first (92 of chaos-canyon's 201)."""
    seen = set()
    for match in re.finditer(r'\s(\w+)="([^"]*)"', text):
        element = text[text.rfind("<", 0, match.start()):text.find(">", match.start())]
        kind = re.search(r'\s(?:type|class|name)="([^"]*)"', element)
        key = (element.split()[0], kind.group(1) if kind else "", match.group(1))
        if key not in seen:
            seen.add(key)
            yield match


@pytest.mark.parametrize("value", ["9" * 5000, "abc", "-1", "1e400", "nan", "", "²"])
def test_any_attribute_with_a_hostile_value_is_a_one_line_error(tmp_path, value):
    """Every kind of attribute of a shipped course in turn (gid and firstgid used to escape as a
    ValueError traceback): the loader either accepts the map or says one short line."""
    folder = scratch(tmp_path)
    good = (COURSES_DIR / "chaos-canyon.tmx").read_text(encoding="utf-8")
    path = folder / "hostile.tmx"
    for match in one_attribute_of_each_kind(good):
        path.write_text(good[:match.start(2)] + value + good[match.end(2):], encoding="utf-8")
        try:
            load_course(path)
        except UserError as exc:
            assert "\n" not in str(exc) and len(str(exc)) < 700, (match.group(1), str(exc)[:200])


@pytest.mark.parametrize("old, new", [
    ('<property name="game" value="roborally"/>',            # an enum-typed property (type= and propertytype=)
     '<property name="game" type="string" propertytype="Game" value="roborally"/>'),
    ('<property name="blurb" value="', '<property name="blurb" value="' + "a long blurb " * 400),   # game past 4 KB
])
def test_main_lint_finds_the_game_property_however_tiled_wrote_it(tmp_path, capsys, old, new):
    """Both courses load; `lint` sent them to Robo Run's checker (three wrong problems), as it
    looked for the exact text name="game" value="roborally" in the first 4 KB only."""
    from game.cli import main as cli_main
    out = broken(tmp_path, COURSES_DIR / "dizzy-dash.tmx", old, new)
    load_course(out)
    assert cli_main(["lint", str(out)]) == 0
    assert capsys.readouterr().out.strip() == f"{out}: ok"


def test_a_course_that_is_not_utf8_is_refused_naming_the_line(tmp_path):
    """Tiled writes UTF-8; a course saved as Latin-1 by another editor used to load with its
    accented names silently replaced by U+FFFD. It is now one line naming the file and line."""
    folder = scratch(tmp_path)
    good = (COURSES_DIR / "chaos-canyon.tmx").read_text(encoding="utf-8")
    path = folder / "latin1.tmx"
    path.write_bytes(good.replace('name="game"', 'name="game" title="caf\xe9"', 1).encode("latin-1"))
    with pytest.raises(UserError) as caught:
        load_course(path)
    assert str(caught.value).startswith(f"{path} line ") and "not UTF-8 text" in str(caught.value)
