"""The course designer's loop: design warnings from lint, the Tiled project's commands, and
the unseen test course loading clean (the race's --watch is tested in ui/test_race_screen.py)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.roborally.levels.lint import course_warnings, lint_file
from tests.roborally.support import course

ROOT = Path(__file__).resolve().parents[3]


def test_lint_warns_of_a_belt_into_a_pit_a_checkpoint_on_a_crusher_and_a_start_in_a_beam():
    spec = course(cells=[(3, 3, {"kind": "belt", "dir": "E"}), (4, 3, {"kind": "pit"}),
                         (7, 0, {"kind": "crusher", "registers": [2]})],
                  lasers=[(0, 7, "E", 1)])
    warnings = course_warnings(spec, "x.tmx")
    assert any("belt at (3, 3) carries robots into a pit at (4, 3)" in w for w in warnings)
    assert any("checkpoint 1 (7, 0) is on a crusher" in w for w in warnings)
    assert any("start 0 (1, 7) is in a board laser's beam" in w for w in warnings)
    assert all(w.startswith("x.tmx warning: ") for w in warnings)


def test_lint_warns_of_a_reboot_space_in_a_board_lasers_beam():
    """Issue 23: a robot that reboots there in register 1 is shot in all five registers (the
    engine hits a rebooted robot on the board); late in a race the damage deck is mostly
    Haywires, so one fall leaves a Haywire under every register: the "Haywire spiral"."""
    beam = course(reboot=(4, 5, "E"), lasers=[(0, 5, "E", 1)])
    assert any("reboot space (4, 5) is in a board laser's beam" in w for w in course_warnings(beam, "x.tmx"))
    walled = course(reboot=(4, 5, "E"), lasers=[(0, 5, "E", 1)], walls=[(3, 5, "E")])
    assert not any("reboot space" in w for w in course_warnings(walled, "x.tmx"))


def test_the_unseen_test_course_lints_clean_with_a_warning_about_its_reboot_space():
    warnings: list = []
    assert lint_file(ROOT / "levels" / "roborally-unseen" / "gauntlet-works.tmx", warnings) == []
    assert any("reboot space (6, 8) has a pit or the edge on 2 sides (N, S)" in w for w in warnings)


def test_the_second_unseen_course_lints_clean_without_warnings_and_is_not_shipped():
    from game.roborally.levels.tmx import course_ids, load_course

    path = ROOT / "levels" / "roborally-unseen" / "scrapyard-sprint.tmx"
    warnings: list = []
    assert lint_file(path, warnings) == [] and warnings == []
    assert "scrapyard-sprint" not in course_ids()
    spec = load_course(path)
    kinds = {cell[2]["kind"] for cell in spec["cells"]}
    assert {"teleporter", "randomizer", "deep_pit", "pit", "crusher", "push"} <= kinds


def test_tiled_project_has_play_and_check_commands():
    project = json.loads((ROOT / "levels" / "roborally.tiled-project").read_text())
    names = {c["name"]: c["arguments"] for c in project["commands"]}
    assert "--watch" in names["Play this course"] and "%mapfile" in names["Play this course"]
    assert names["Check this course"].startswith("main.py lint %mapfile")


@pytest.mark.parametrize("cid", ["foundry-loop", "slag-heap"])
def test_the_ai_tuning_courses_lint_ok_and_are_neither_shipped_nor_in_the_ai_record(cid):
    """levels/roborally-tuning/ holds the courses hard was tuned on (issue 23: foundry-loop
    from the third round, slag-heap from the sixth); the record's unseen courses must stay
    courses the AI was not tuned on."""
    from game.roborally.levels.tmx import course_ids, load_course

    path = ROOT / "levels" / "roborally-tuning" / f"{cid}.tmx"
    warnings: list = []
    assert lint_file(path, warnings) == []
    # their reboot spaces sit in a beam, as foundry-loop's spirals showed (docs/roborally-ai.md)
    assert any("reboot space" in w and "board laser's beam" in w for w in warnings)
    assert all("carries robots into a pit" in w or "board laser's beam" in w for w in warnings)
    assert cid not in course_ids()
    assert not (ROOT / "levels" / "roborally-unseen" / f"{cid}.tmx").exists()   # the record's courses
    kinds = {cell[2]["kind"] for cell in load_course(path)["cells"]}
    assert {"teleporter", "randomizer", "deep_pit", "pit", "crusher", "push", "express", "belt"} <= kinds
