"""Robo Rescue high scores through the validating layer: a fuzz test and the issue's cases."""
import json

from hypothesis import given

from game.core import storage
from game.roborescue.ui import highscores
from tests.core.hostile import FUZZ, fresh_home, hostile_json, one_line, run_reader

GOOD = {"version": 1, "entries": [{"score": 40, "rating": "x", "date": "2026-11-01"},
                                  {"score": 12, "rating": "y", "date": "2026-11-02"}], "kept": "yes"}


def test_two_damaged_tables_are_both_kept():
    path = highscores.table_path()
    for content in ('{"entries": [1]}', '{"entries": "x"}'):
        path.write_text(content)
        entries, warning = highscores.load_table()
        assert entries == [] and "moved aside" in warning
    assert path.with_name(path.name + ".damaged").read_text() == '{"entries": [1]}'
    assert path.with_name(path.name + ".damaged.1").read_text() == '{"entries": "x"}'


def test_recording_keeps_unknown_keys_and_reports_a_failed_save(monkeypatch):
    highscores.table_path().write_text(json.dumps(GOOD))
    place, warning = highscores.record(30, "2026-11-30")
    assert (place, warning) == (2, None)
    saved = json.loads(highscores.table_path().read_text())
    assert saved["kept"] == "yes" and [e["score"] for e in saved["entries"]] == [40, 30, 12]

    def refuse(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage.tempfile, "mkstemp", refuse)
    place, warning = highscores.record(50, "2026-11-30")
    assert place == 1 and "No space left on device" in warning
    one_line(warning)


@FUZZ
@given(hostile_json(GOOD))
def test_hostile_tables_never_escape_and_good_saves_stay_good(content):
    with fresh_home():
        path = highscores.table_path()
        entries, warning = run_reader(highscores.load_table, path, content)
        one_line(warning)
        place, warning = highscores.record(25, "2026-11-30")
        one_line(warning)
        if place is not None and path.exists() and path.read_bytes() == content:
            return                              # a newer table: left untouched, not overwritten
        again, warning = highscores.load_table()
        assert warning is None and 25 in [e.score for e in again]
