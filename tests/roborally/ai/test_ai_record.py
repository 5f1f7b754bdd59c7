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


@pytest.mark.xfail(strict=True, reason="issue 23 target not met: 1 of 24 four-robot races against normal on "
                                       "gauntlet-works ran out the 30 rounds (race 16, with and without the "
                                       "rebooting player's choice of facing)")
def test_no_race_on_an_unseen_course_against_normal_reaches_the_round_cap(results):
    capped = {(cid, name): m["capped"] for cid, r in results.items() if r["unseen"]
              for name, m in r["matches"].items() if m["capped"] and "simulator" not in name}
    assert not capped, capped


@pytest.mark.xfail(strict=True, reason="issue 23 target not met: 1 of 24 four-robot races against normal "
                                       "on gauntlet-works ran out the 30 rounds (none against the Simulator)")
def test_no_race_on_an_unseen_course_reaches_the_round_cap(results):
    capped = {(cid, name): m["capped"] for cid, r in results.items() if r["unseen"]
              for name, m in r["matches"].items() if m["capped"]}
    assert not capped, capped


def test_capped_races_on_the_shipped_courses_stay_rare(results):
    """At most one race in a hundred on the shipped courses runs out the 30 rounds (four-robot
    races where every robot keeps falling; docs/roborally-courses.md)."""
    shipped = [m for r in results.values() if not r["unseen"] for m in r["matches"].values()]
    assert sum(m["capped"] for m in shipped) <= sum(m["races"] for m in shipped) // 100


def _reboot_ratios(results, match):
    shipped = ai_record.shipped_average(results, match)
    return {cid: round(ai_record.reboots_per_race(r["matches"][match]) / shipped, 2)
            for cid, r in results.items() if r["unseen"]}


def test_reboots_on_the_unseen_courses_stay_within_three_and_a_half_times_the_shipped_average(results):
    """A guard against getting worse: the unseen courses are harsher than the shipped ones
    (the next test holds the issue's 1.5x target, not met on every course yet). It was 2.5x
    until the fourth round cut the shipped average (four robots against normal, the same 24
    races: 0.98 -> 0.79 reboots a race) while scrapyard-sprint stayed where it was (57 -> 58
    reboots in those races), so its ratio rose to 3.1x (docs/roborally-ai.md); with the
    rebooting player's choice of facing the highest is gauntlet-works' 2.3x."""
    for match in ("1v1 normal", "4 robots normal"):
        ratios = _reboot_ratios(results, match)
        assert all(r <= 3.5 for r in ratios.values()), (match, ratios)


@pytest.mark.xfail(strict=True, reason="issue 23 target not met: scrapyard-sprint 1.8x (1v1) and 1.6x (4 robots), "
                                       "gauntlet-works 1.5x and 2.3x (docs/roborally-courses.md)")
def test_reboots_on_every_unseen_course_are_at_most_one_and_a_half_times_the_shipped_average(results):
    for match in ("1v1 normal", "4 robots normal"):
        ratios = _reboot_ratios(results, match)
        assert all(r <= 1.5 for r in ratios.values()), (match, ratios)


def test_hard_programs_a_hand_within_200_ms_p95_in_every_recorded_match(results):
    """Issue 23, "Done when": "Decision p95 <= 200 ms" (CPU time of the deciding thread, as
    the record measured it on the shared machine; the work is fixed, so a quieter machine
    only lowers it)."""
    slow = {(cid, name): m["hard_p95_ms"] for cid, r in results.items()
            for name, m in r["matches"].items() if m["hard_p95_ms"] > 200}
    assert not slow, slow


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
