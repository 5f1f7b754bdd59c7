"""Robo Rescue solo high-score table: top 10 with score, rating and date, atomic and damage-safe."""
import json

from game.roborescue.ui import highscores


def test_record_keeps_best_ten_with_rating_and_date():
    for i, score in enumerate([120, 90, 181, 150, 160, 99, 101, 170, 140, 130, 110, 95]):
        highscores.record(score, when=f"2026-11-{i + 1:02d}")
    entries, warning = highscores.load_table()
    assert warning is None
    assert [e.score for e in entries] == [181, 170, 160, 150, 140, 130, 120, 110, 101, 99]
    assert entries[0].rating == "legendary" and entries[0].date == "2026-11-03"
    assert entries[-1].rating == "start"


def test_record_reports_place_or_none():
    assert highscores.record(100, when="2026-01-01") == (1, None)
    assert highscores.record(150, when="2026-01-02") == (1, None)
    assert highscores.record(100, when="2026-01-03") == (3, None)  # ties rank below the older score
    for _ in range(7):
        highscores.record(200, when="2026-01-04")
    assert highscores.record(50, when="2026-01-05") == (None, None)


def test_damaged_table_is_set_aside_with_a_warning():
    path = highscores.table_path()
    path.write_text("{broken")
    entries, warning = highscores.load_table()
    assert entries == [] and "damaged" in warning and "\n" not in warning
    assert path.with_name(path.name + ".damaged").exists()
    assert highscores.record(130, when="2026-02-02") == (1, None)
    assert json.loads(path.read_text())["entries"][0]["score"] == 130


def test_table_with_wrong_shape_is_set_aside_too():
    path = highscores.table_path()
    path.write_text(json.dumps({"entries": [{"score": "lots"}]}))
    entries, warning = highscores.load_table()
    assert entries == [] and "moved aside" in warning
