"""Shipped Robo Run maps load and lint clean; the loader rejects broken and hostile maps
with one line per problem naming the file and the place."""
from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

import pytest

from game.core.errors import UserError
from game.roborun.rules.level import GOOD_COLOURS, LevelSpec, blank_level, Space, RobotStart
from game.roborun.levels import lint
from game.roborun.levels.tmx_loader import (
    LEVELS_DIR, SCENARIO_RULES, LEVER_RULES, LevelError, check_level, find_level, list_levels, load_level,
)

RULEBOOK_TITLES = {
    "1.1": "Colorful Start", "1.2": "Into the Plush", "1.3": "The High Ground", "1.4": "Split in Two",
    "1.5": "Clean-Up Time", "1.6": "Not So Fast Kids", "2.1": "Slippery Beginnings", "2.2": "Nowhere to Hide",
    "2.3": "Control Room", "2.4": "Against the Floor", "2.5": "No Time to Rest", "2.6": "Thrash'em All",
    "3.1": "Double Trouble", "3.2": "Through the Cracks", "3.3": "Into the Fire", "3.4": "Hot Maze",
    "3.5": "Meltdown", "3.6": "Heart of Forge", "4.1": "The Brass Paradox", "4.2": "Trust Your Clock",
    "4.3": "The Law of Numbers", "4.4": "Golden Combination", "4.5": "Tick-Tock", "4.6": "Clockmaster",
    "5.1": "Spin Me Right Round", "5.2": "Against the Current", "5.3": "Feed the Line", "5.4": "Into the Acid",
    "5.5": "Pressure Point", "5.6": "Moving Cage",
}
HAZARDS_BY_CAMPAIGN = {"1": {"shredder"}, "2": {"crusher"}, "3": {"lava"}, "4": {"crusher", "shredder"}, "5": {"acid"}}
LEVELS = list_levels()


def features(spec: LevelSpec) -> set[str]:
    """Special spaces and tokens a map uses, beyond floor/void/exit and the basic tokens."""
    found = {s.kind for row in spec.spaces for s in row} - {"floor", "void", "exit", "tunnel_exit"}
    found |= {t.kind for t in spec.tokens} - {"energy", "experience", "equipment"}
    if spec.walls:
        found.add("wall")
    return found


# ------------------------------------------------------------------ shipped content
def test_thirty_scenarios_in_campaign_order_with_rulebook_titles():
    assert [ref for ref, _ in LEVELS] == list(RULEBOOK_TITLES)
    for ref, path in LEVELS:
        spec = load_level(path)
        assert spec.level_id == ref and spec.title == RULEBOOK_TITLES[ref]
        assert spec.intro and spec.source == str(path)
        assert 10 <= spec.width <= 12 and 8 <= spec.height <= 10, ref


@pytest.mark.parametrize("ref,path", LEVELS, ids=[ref for ref, _ in LEVELS])
def test_shipped_level_lints_clean(ref, path):
    assert lint.lint_file(path) == []


def test_lint_command_exit_codes(capsys, tmp_path):
    assert lint.main(["--all"]) == 0
    assert lint.main([]) == 2
    assert lint.main(["1.1", "2.6"]) == 0
    broken = tmp_path / "x.tmx"
    broken.write_text("<map")
    assert lint.main([str(broken)]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-1].startswith(f"{broken}: ") and "not valid XML" in out[-1]


def test_find_level_by_id_or_path():
    assert find_level("2.3") == LEVELS_DIR / "campaign2" / "2-3.tmx"
    assert find_level(str(LEVELS[0][1])) == LEVELS[0][1]
    with pytest.raises(UserError, match="no shipped level '9.9'"):
        find_level("9.9")


def test_first_scenario_only_gates_exits_and_basic_tokens():
    spec = load_level(find_level("1.1"))
    assert features(spec) == set() and spec.gates and spec.rules == ()


def test_special_elements_arrive_a_few_at_a_time():
    """Each campaign introduces new elements as it goes; the sixth scenario uses the most."""
    for campaign in (1, 2, 3, 4, 5):
        specs = [load_level(p) for ref, p in LEVELS if ref.startswith(f"{campaign}.")]
        seen: set[str] = set()
        for spec in specs[:5]:
            new = features(spec) - seen
            assert len(new) <= 3, (spec.level_id, new)
            seen |= features(spec)
        sixth = specs[5]
        assert len(features(sixth)) >= max(len(features(s)) for s in specs[:5])
        assert len(sixth.rules) >= 2 and len(sixth.robots) >= max(len(s.robots) for s in specs[:5])


def test_hazards_follow_the_campaign_theme():
    """Shredders in Toy Story, crushers in Cold Steel, lava in the Furnace, crushers and
    shredders among the Cogs, acid in the Acid Flow."""
    for ref, path in LEVELS:
        variants = {s.variant for row in load_level(path).spaces for s in row if s.kind == "hazard"}
        assert variants <= HAZARDS_BY_CAMPAIGN[ref.split(".")[0]], ref


def test_campaigns_3_to_5_use_every_special_space_and_token_twice():
    """Issue 12: between them the 18 new scenarios use each special space and token of the
    rulebook (and each hazard, lever rule and line direction) in at least two scenarios."""
    uses: dict[str, int] = {}
    for ref, path in LEVELS:
        if ref.split(".")[0] not in ("3", "4", "5"):
            continue
        spec = load_level(path)
        found = {s.kind for row in spec.spaces for s in row} | {f"token:{t.kind}" for t in spec.tokens}
        found |= {f"hazard:{s.variant}" for row in spec.spaces for s in row if s.kind == "hazard"}
        found |= {f"lever:{rule}" for rule in spec.levers.values()} | {f"rule:{rule}" for rule in spec.rules}
        found |= {f"line:{s.direction}" for row in spec.spaces for s in row if s.kind == "production_line"}
        if spec.lifts:
            found.add("lift-pair")
        for name in found:
            uses[name] = uses.get(name, 0) + 1
    wanted = ["hazard:lava", "hazard:acid", "hazard:crusher", "hazard:shredder", "button", "hidden_exit",
              "token:number", "number_changer", "number_exchanger", "production_line", "token:production_line",
              "lever:toggle_production_lines", "pusher", "lift-pair", "tunnel", "token:key", "token:laser",
              "token:wall", "lever:remove_walls", "line:N", "line:E", "line:S", "line:W"]
    assert {name: uses.get(name, 0) for name in wanted if uses.get(name, 0) < 2} == {}


def test_only_rule_ids_the_engine_implements():
    try:
        from game.roborun.rules import scenario_rules
    except ImportError:
        pytest.skip("engine's scenario_rules not available yet")
    assert set(SCENARIO_RULES) | set(LEVER_RULES) <= set(scenario_rules.RULES)


def test_every_good_robot_has_two_disjoint_routes_and_its_own_exit():
    for _ref, path in LEVELS:
        spec = load_level(path)
        for robot in spec.robots:
            if robot.colour in GOOD_COLOURS:
                assert lint.count_disjoint_routes(spec, robot.pos, robot.colour) == 2


def test_route_count_sees_gates_walls_and_tunnels():
    spec = blank_level(3, 3)
    spec.spaces[0][1] = Space("exit", colour="green")
    spec.source = "mem"
    start = (1, 2)
    assert lint.count_disjoint_routes(spec, start, "green") == 2
    spec.walls |= {((1, 0), "S")}
    spec.gates[((0, 0), "E")] = frozenset({"red"})
    assert lint.count_disjoint_routes(spec, start, "green") == 1      # only through the east side now
    spec.robots = [RobotStart("green", start, 0)]
    one(lint.design_problems(spec), "mem: robots (1,2)", "fewer than 2 edge-disjoint routes")
    spec.gates[((0, 0), "E")] = frozenset({"green", "red"})
    assert lint.count_disjoint_routes(spec, start, "green") == 2
    spec.tokens = []
    assert not any("routes" in p for p in lint.design_problems(spec))


# ------------------------------------------------------------------ rejections
@pytest.fixture
def level_copy(tmp_path):
    """Copy a shipped map into a scratch level folder (tileset and project file alongside),
    apply a text edit, return the path."""
    root = tmp_path / "levels"
    shutil.copytree(LEVELS_DIR / "tilesets", root / "tilesets")
    shutil.copy(LEVELS_DIR / "roborun.tiled-project", root)

    def make(ref: str, edit=lambda text: text, name: str | None = None) -> Path:
        source = find_level(ref)
        target = root / source.parent.name / (name or source.name)
        target.parent.mkdir(exist_ok=True)
        target.write_text(edit(source.read_text()))
        return target

    return make


def problems_of(path: Path) -> list[str]:
    started = time.process_time()           # CPU time: a loaded machine does not fail it
    problems = check_level(path)
    assert time.process_time() - started < 2
    assert problems, "expected the map to be rejected"
    for line in problems:
        assert "\n" not in line and line.startswith(f"{path}: ")
    with pytest.raises(LevelError) as info:
        load_level(path)
    assert str(info.value).splitlines() == problems
    return problems


def one(problems: list[str], *fragments: str) -> str:
    hits = [p for p in problems if all(f in p for f in fragments)]
    assert hits, (fragments, problems)
    return hits[0]


def csv_cell(text: str, x: int, y: int, gid: int) -> str:
    """Replace one cell of the 'spaces' CSV."""
    head, data, tail = re.split(r'(?<=<data encoding="csv">\n)|(?=\n</data>)', text)
    rows = [row.rstrip(",").split(",") for row in data.split("\n")]
    rows[y][x] = str(gid)
    return head + ",\n".join(",".join(r) for r in rows) + tail


def test_unknown_tile_is_named_with_its_place(level_copy):
    path = level_copy("1.1", lambda t: csv_cell(t, 4, 2, 44))        # a robot tile painted as a space
    one(problems_of(path), "spaces (4,2)", "not a space tile")
    path = level_copy("1.1", lambda t: csv_cell(t, 5, 6, 0), name="empty.tmx")
    one(problems_of(path), "spaces (5,6)", "empty")


def test_tunnel_without_exit(level_copy):
    path = level_copy("1.2", lambda t: re.sub(r'\s*<property name="exit" type="object" value="\d+"/>', "", t, count=1))
    one(problems_of(path), "tunnel without exit")


def test_two_robots_on_one_space(level_copy):
    def duplicate(text: str) -> str:
        obj = re.search(r'  <object id="\d+" type="robot" [^\n]*/>\n', text).group(0)
        return text.replace(obj, obj + obj.replace('id="', 'id="9', 1))
    one(problems_of(level_copy("1.1", duplicate)), "robots (", "two robots on one space")


def test_gate_not_on_an_edge(level_copy):
    def shift(text: str) -> str:
        return re.sub(r'(type="gate" gid="\d+" x=")(\d+)', lambda m: m.group(1) + str(int(m.group(2)) + 32), text, count=1)
    one(problems_of(level_copy("1.1", shift)), "edges object", "is not on an edge")


def test_missing_exit_for_good_robot(level_copy):
    path = level_copy("1.1", lambda t: csv_cell(t, 2, 0, 1))       # green exit painted over with floor
    one(problems_of(path), "robots (1,6)", "missing exit for the green good robot")


def test_unknown_rule_id_and_lever_rule(level_copy):
    path = level_copy("1.5", lambda t: t.replace('name="rules" propertytype="ScenarioRules" value=""',
                                                    'name="rules" value="fly,no_pass"')
                      .replace('value="remove_walls"', 'value="explode"'))
    problems = problems_of(path)
    one(problems, "map properties", "unknown rule id 'fly'")
    one(problems, "links (7,3)", "lever rule 'explode' is unknown")


def test_all_problems_reported_at_once(level_copy):
    def many(text: str) -> str:
        text = csv_cell(text, 2, 0, 1)
        return text.replace('name="title" value="Colorful Start"', 'name="title" value=""')
    problems = problems_of(level_copy("1.1", many))
    assert len(problems) >= 2


@pytest.mark.parametrize("case,fragment", [
    ("broken", "not valid XML"),
    ("doctype", "DOCTYPE/ENTITY"),
    ("huge", "must be a whole number from 1 to"),
    ("outside", "points outside the level folder"),
    ("missing_tileset", "is missing"),
    ("base64", "base64 tile data is damaged"),
    ("big_file", "the limit is"),
    ("infinite", "infinite map has no painted tiles"),
    ("embedded", "is embedded"),
    ("not_a_map", "not <map>"),
])
def test_hostile_or_malformed_files_get_one_clear_line(level_copy, case, fragment):
    edits = {
        "broken": lambda t: t[: len(t) // 2],
        "doctype": lambda t: t.replace('<map ', '<!DOCTYPE m [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>\n<map ', 1),
        "huge": lambda t: re.sub(r' width="\d+"', ' width="100000"', t, count=1),
        "outside": lambda t: t.replace('source="../tilesets/roborun.tsx"', 'source="../../../../etc/passwd.tsx"'),
        "missing_tileset": lambda t: t.replace("roborun.tsx", "gone.tsx"),
        "base64": lambda t: t.replace('encoding="csv"', 'encoding="base64" compression="zlib"'),
        "big_file": lambda t: t.replace("</map>", "<!--" + "x" * 1_100_000 + "--></map>"),
        "infinite": lambda t: t.replace('infinite="0"', 'infinite="1"'),
        "embedded": lambda t: t.replace('<tileset firstgid="1" source="../tilesets/roborun.tsx"/>',
                                        '<tileset firstgid="1" name="x" tilewidth="64" tileheight="64" tilecount="1" columns="1"/>'),
        "not_a_map": lambda t: "<tileset/>",
    }
    problems = problems_of(level_copy("1.1", edits[case]))
    one(problems, fragment)


def test_unreadable_inputs_never_crash(level_copy, tmp_path):
    assert "not a .tmx" in check_level(tmp_path / "map.txt")[0]
    assert "missing" in check_level(tmp_path / "nothing.tmx")[0]
    binary = tmp_path / "bin.tmx"
    binary.write_bytes(bytes(range(256)) * 10)
    assert "not UTF-8 text" in check_level(binary)[0]          # junk with NUL bytes
    binary.write_bytes(bytes(range(1, 256)) * 10)
    assert "not valid XML" in check_level(binary)[0]


# ------------------------------------------------------------------ art
SPRITES = Path(__file__).resolve().parents[3] / "sprites" / "roborun"


def test_sprites_have_predictable_names_for_every_element():
    wanted = ["space_floor", "space_void", "space_tunnel", "space_tunnel_exit", "space_lift", "space_lever",
              "space_button", "space_number_changer_plus1", "space_number_exchanger_3", "space_hidden_exit_red_4"]
    wanted += [f"space_exit_{c}" for c in GOOD_COLOURS]
    wanted += [f"space_hazard_{v}" for v in ("shredder", "crusher", "lava", "acid")]
    wanted += [f"space_{k}_{d}" for k in ("pusher", "production_line") for d in "NESW"]
    wanted += [f"robot_{c}" for c in ("green", "red", "white", "purple", "blue")]
    wanted += [f"gate_{c}" for c in ("green", "red", "white", "purple", "blue", "green_red")] + ["wall"]
    wanted += [f"token_{k}" for k in ("energy", "experience", "equipment", "key", "laser", "wall")]
    wanted += [f"token_number_{v}" for v in range(1, 7)] + [f"token_production_line_{d}" for d in "NESW"]
    wanted += [f"spawn_{r}" for r in (1, 2, 3)]
    missing = [name for name in wanted if not (SPRITES / f"{name}.png").is_file()]
    assert not missing


def test_tileset_tiles_carry_role_and_sprite_and_match_the_atlas():
    import xml.etree.ElementTree as ET

    root = ET.parse(LEVELS_DIR / "tilesets" / "roborun.tsx").getroot()
    tiles = root.findall("tile")
    assert len(tiles) == int(root.get("tilecount"))
    columns, size = int(root.get("columns")), int(root.get("tilewidth"))
    image = root.find("image")
    assert int(image.get("width")) == columns * size
    assert int(image.get("height")) >= -(-len(tiles) // columns) * size
    for tile in tiles:
        props = {p.get("name"): p.get("value") for p in tile.iter("property")}
        assert props["role"] in ("space", "robot", "token", "spawn", "gate", "wall")
        if not props["sprite"].startswith("edge_"):
            assert (SPRITES / f"{props['sprite']}.png").is_file()


def test_enum_properties_with_propertytype_are_read_as_plain_values():
    """Tiled (with the project loaded) writes enum properties as propertytype="..." string
    properties; pytmx hands us the stored string, flags enums comma-separated."""
    path = find_level("1.6")
    text = path.read_text()
    assert 'propertytype="ScenarioRules" value="no_pass,exits_closed_until_lever"' in text
    assert 'propertytype="LeverRule" value="open_exits"' in text
    spec = load_level(path)
    assert spec.rules == ("no_pass", "exits_closed_until_lever")
    assert list(spec.levers.values()) == ["open_exits"]


# ------------------------------------------------------------------ fuzzing
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

MUTATION_SOURCE = find_level("2.6").read_text()
FRAGMENTS = ['"', "<", ">", "/>", "-1", "999999", "abc", "0", ",", " x=\"7\"", ' gid="500"', ' rotation="90"',
             "</objectgroup>", '<object id="1"/>', "type=", "&amp;", "\n"]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, len(MUTATION_SOURCE)), st.integers(0, 40), st.sampled_from(FRAGMENTS)),
                min_size=1, max_size=4))
def test_mutated_maps_never_crash_the_loader(level_copy, edits):
    """Random edits of a real map: the loader answers with problem lines or a LevelSpec,
    never a traceback."""
    def mutate(text: str) -> str:
        for at, cut, fragment in edits:
            text = text[:at] + fragment + text[at + cut:]
        return text

    path = level_copy("2.6", mutate, name="fuzz.tmx")
    problems = check_level(path)
    for line in problems:
        assert line.startswith(f"{path}: ") and "\n" not in line
    if not problems:
        assert isinstance(load_level(path), LevelSpec)
