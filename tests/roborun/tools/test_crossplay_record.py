"""Issue 22's cross-play figures are a record (records/roborun-crossplay.json): measuring them
takes many CPU-minutes, so these tests check the record's fingerprint, that its figures are
added up and judged against the issue's targets correctly, and that docs/roborun-ai.md shows
the recorded table - they never re-measure it (`python main.py measure roborun-crossplay` does)."""
from __future__ import annotations

from pathlib import Path

from game import measure
from game.core import records
from game.roborun.levels.tmx_loader import list_levels
from game.roborun.tools import crossplay, crossplay_record

DOC = Path(__file__).resolve().parents[3] / "docs" / "roborun-ai.md"
RECORD = crossplay_record.RECORD


def _row(ss, hs, sh, agreement=(10, 4), ms=(0, 2, 1)):
    return {"style+style": ss, "hard+style": hs, "style+hard": sh, "agreement": list(agreement),
            "hard_ms": list(ms), "blunders": []}


def test_the_record_is_registered_and_was_measured_with_todays_code_and_maps():
    assert measure.spec("roborun-crossplay") is RECORD
    stale = records.problems(RECORD)
    assert not stale, "\n".join(stale)


def test_the_record_covers_every_scenario_and_style_on_held_out_seeds():
    record = records.load(RECORD.name)
    assert list(record.entries) == [ref for ref, _ in list_levels()]
    for key, entry in record.entries.items():
        result = entry.result
        assert result["first_seed"] >= 9000, key              # never a tuning seed
        assert len(result["hard+hard"]) == crossplay_record.DEALS
        assert list(result["styles"]) == list(crossplay.CROSS_STYLES)
        for row in result["styles"].values():
            assert all(len(row[k]) == crossplay_record.DEALS for k in ("style+style", "hard+style", "style+hard"))


def test_figures_are_added_up_over_scenarios_and_judged_against_the_issues_targets():
    entries = {
        "a": {"hard+hard": [True, True], "styles": {"novice": _row([False, False], [True, True], [True, False]),
                                                   "greedy": _row([True, False], [True, True], [True, True], ms=(0, 0, 0, 5))}},
        "b": {"hard+hard": [True, False], "styles": {"novice": _row([False, True], [True, True], [True, True]),
                                                    "greedy": _row([True, True], [True, False], [True, True], ms=(0, 60))}},
    }
    summary = crossplay_record.recorded_summary(entries)
    novice, greedy = summary["styles"]["novice"], summary["styles"]["greedy"]
    assert novice["with_hard"] == {"games": 8, "wins": 7, "win_rate": 0.875}
    assert novice["style_with_itself"]["wins"] == 1 and novice["gain"] == 0.625
    assert novice["agreement"] == {"decisions": 20, "same": 8, "rate": 0.4}
    assert greedy["with_hard"]["win_rate"] == 0.875                 # 7/8: above greedy's 85%
    assert greedy["hard_decision_ms_p95"] == 4                      # 5 of 65 times at 3-4 ms, 60 at 1-2 ms
    assert summary["hard_with_itself"] == {"games": 4, "wins": 3, "win_rate": 0.75}
    met = crossplay_record.targets(summary)
    assert met == {"novice: >= style+style +25": True, "greedy: >= 85%": True,
                   "human styles' mean >= 80%": True, "hard with itself >= 95%": False,
                   "decision p95 <= 50 ms with every partner": True}
    lines = crossplay_record.table(summary)
    assert "| novice | 7/8 (87.5%) | 1/4 (25.0%) | +62.5 | 8/20 (40.0%) | 3 | >= style+style +25 | yes |" in lines
    assert "| hard (itself) | 3/4 (75.0%) | - | - | - | - | >= 95% | no |" in lines


def test_histogram_p95_is_the_upper_edge_of_the_bucket_that_reaches_95_percent():
    times = [0.2] * 90 + [7.5] * 5 + [40.0] * 5
    hist = crossplay.ms_histogram(times)
    assert len(hist) == 41 and sum(hist) == 100
    assert crossplay.histogram_p95(hist) == 8
    assert crossplay.histogram_p95([]) is None


def test_the_docs_table_is_the_recorded_table():
    """docs/roborun-ai.md shows the record exactly as table() prints it."""
    text = DOC.read_text()
    assert "python main.py measure roborun-crossplay" in text
    printed = crossplay_record.table(crossplay_record.recorded_summary())
    missing = [line for line in printed if line and line not in text.splitlines()]
    assert not missing, missing[:3]
