"""The AI's course table (records/roborally-ai.json, issue 23): the recorded races meet the
issue's targets, the record was measured with today's AI, rules, partner and courses, one
recorded race replays as recorded, and docs/roborally-courses.md shows the recorded table.

Issue 23, "Done when": "Hard vs the project's normal >= 70% on every shipped course; on a
course the AI has never seen, reboots per race <= 1.5x its shipped-course average and no race
reaches the round cap". The races take minutes (python main.py measure roborally-ai)."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.core import records
from game.roborally.levels.tmx import course_ids, load_course
from game.roborally.tools import ai_record

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def results() -> dict:
    return ai_record.recorded_results()


def test_the_record_was_measured_with_todays_ai_rules_partner_and_courses():
    stale = records.problems(ai_record.RECORD)
    assert not stale, "\n".join(stale)


def test_the_record_covers_every_shipped_course_and_at_least_two_unseen_ones(results):
    shipped = [cid for cid, r in results.items() if not r["unseen"]]
    unseen = [cid for cid, r in results.items() if r["unseen"]]
    assert shipped == course_ids()
    assert len(unseen) >= 2 and not set(unseen) & set(course_ids())
    for r in results.values():
        assert {name: m["races"] for name, m in r["matches"].items()} == \
               {name: races for name, (_, _, races) in ai_record.MATCHES.items()}


def test_hard_beats_normal_in_70_percent_of_races_on_every_shipped_course(results):
    short = {cid: f"{m['hard_wins']}/{m['races']}" for cid, r in results.items() if not r["unseen"]
             for m in [r["matches"]["1v1 normal"]] if m["hard_wins"] < 0.70 * m["races"]}
    assert not short, short


def test_hard_wins_every_race_against_random(results):
    assert all(r["matches"]["1v1 random"]["hard_wins"] == r["matches"]["1v1 random"]["races"]
               for r in results.values())


def test_no_race_reaches_the_round_cap(results):
    capped = {(cid, name): m["capped"] for cid, r in results.items() for name, m in r["matches"].items()
              if m["capped"]}
    assert not capped, capped


def test_reboots_per_race_on_the_unseen_courses_against_the_shipped_average(results):
    """The unseen courses' reboot rate is held to a bound: at most 1.5x the shipped average
    against normal in 1v1, the issue's target (see docs/roborally-courses.md for 4 robots)."""
    shipped = ai_record.shipped_average(results, "1v1 normal")
    over = {cid: round(ai_record.reboots_per_race(r["matches"]["1v1 normal"]) / shipped, 2)
            for cid, r in results.items() if r["unseen"]
            if ai_record.reboots_per_race(r["matches"]["1v1 normal"]) > 1.5 * shipped}
    assert not over, over


def test_one_recorded_race_replays_as_recorded(results):
    """The record cannot drift from the code: race 0 of hard against random on the shortest
    course, played again, ends the same (one race, about a second)."""
    recorded = results["dizzy-dash"]["matches"]["1v1 random"]
    course = load_course(ai_record.course_files()["dizzy-dash"])
    again = ai_record.play_match(course, "random", 2, 2, ai_record.SEED)
    assert again["hard_won"][0] == recorded["hard_won"][0] and again["rounds"][0] == recorded["rounds"][0]


def test_the_courses_doc_shows_the_recorded_tables(results):
    doc = (ROOT / "docs" / "roborally-courses.md").read_text(encoding="utf-8")
    missing = [line for line in ai_record.markdown(results).splitlines() if line and line not in doc]
    assert not missing, "docs/roborally-courses.md lacks (python -m game.roborally.tools.ai_record):\n" + \
        "\n".join(missing)
