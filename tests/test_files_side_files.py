"""The small files beside the saves, each read through the validating layer by the code that
reads it in play (issue 27: every file kind has a fuzz test through the same reader): the
seats notes of the four games that keep one, Robo Run's "ui" block in its save, the shared
tutorials file and the disk cache. A hostile file never raises, never hangs and is never
destroyed (it stays or is set aside as `.damaged`); the game resumes with defaults."""
from __future__ import annotations

import json
import random
import time

import pytest
from hypothesis import given, settings

from game import catalog
from game.client import tutorials
from game.core import disk_cache, storage
from game.core import session as sessions
from tests.core.hostile import FUZZ, fresh_home, hostile_json, kept_somewhere, run_reader


def _session(game_id: str, seed: int = 3) -> tuple:
    entry = catalog.BY_ID[game_id]
    rules = catalog.load(entry.rules)
    session = sessions.GameSession.start(rules, catalog.load(entry.samples)()[0][1], seed)
    rng = random.Random(seed)
    for _ in range(4):
        session.apply(rng.choice(session.legal_choices()))
    return entry, rules, session


def _seats_note(game_id: str, session) -> tuple:
    """(where the game keeps its seats note, the note it writes for `session`)."""
    players = len(getattr(session.config, "seats", ())) or getattr(session.config, "players", 2)
    if game_id == "robomissions":
        from game.robomissions.ui.table_config import seats_path
        return seats_path(), {"seed": session.seed, "mode": session.config.mode, "seats": ["human"] + ["normal"] * (players - 1)}
    if game_id == "roborescue":
        from game.roborescue.ui.lab_config import seats_path
        return seats_path(), {"seed": session.seed, "seats": ["human"] + ["normal"] * (players - 1)}
    if game_id == "runrunrun":
        from game.runrunrun.ui.scene import _seats_path
        return _seats_path(), {"humans": 1, "ai": "hard"}
    from game.roborally.ui.race_scene import _seats_path
    from game.roborally import rules as rally
    return _seats_path(), {"seats": ["human"] + ["normal"] * (rally.seat_count(session.state) - 1)}


NOTED = ["robomissions", "roborescue", "runrunrun", "roborally"]


@pytest.mark.parametrize("game_id", NOTED)
def test_hostile_seats_notes_resume_the_game_with_default_seats(game_id):
    entry, rules, session = _session(game_id)
    resume = catalog.load(entry.resume)

    with fresh_home():
        path, good = _seats_note(game_id, session)

    @settings(FUZZ, max_examples=20)
    @given(hostile_json(good))
    def check(content):
        with fresh_home():
            scene = run_reader(lambda: resume(None, session), _seats_note(game_id, session)[0], content, limit=3.0)
            assert scene is not None and scene.session is session

    check()


def test_hostile_ui_blocks_of_a_robo_run_save_resume_with_defaults():
    entry, rules, session = _session("roborun")
    resume = catalog.load(entry.resume)
    good = {**session.to_json(), "ui": {"seat": 0, "partner": "ai", "ai_level": "normal", "campaign": False}}

    @settings(FUZZ, max_examples=25)
    @given(hostile_json(good))
    def check(content):
        with fresh_home():
            path = sessions.saved_game_path("roborun")
            loaded, _, warning = run_reader(lambda: sessions.load_saved_game("roborun", rules), path, content, limit=3.0)
            assert warning is None or "\n" not in warning
            if loaded is not None:
                scene = run_reader(lambda: resume(None, loaded), path, path.read_bytes(), limit=3.0)
                assert scene.options.seat in (0, 1) and scene.options.partner in ("ai", "human", "random")

    check()


@FUZZ
@given(hostile_json({"roborally": True, "runrunrun": False, "from_a_newer_build": {"x": 1}}))
def test_a_hostile_tutorials_file_is_read_and_written_through_the_validating_layer(content):
    with fresh_home() as home:
        path = home / tutorials.TUTORIAL_FILE
        due = run_reader(lambda: tutorials.tutorial_due("roborescue"), path, content, limit=3.0)   # a busy CI box
        assert due in (True, False)
        tutorials.mark_tutorial_done("roborescue")
        storage.wait_idle()
        assert tutorials.tutorial_due("roborescue") is False
        if not kept_somewhere(path, content):           # an object it could read: every key written back
            before = json.loads(content)
            after = json.loads(path.read_text())
            assert {k: v for k, v in after.items() if k != "roborescue"} == \
                {k: v for k, v in before.items() if k != "roborescue"}


@FUZZ
@given(hostile_json({"key": "0" * 40, "value": {"titles": ["a", "b"]}}))
def test_a_hostile_disk_cache_costs_only_the_slow_path(content):
    with fresh_home() as home:
        source = home / "source.txt"
        source.write_text("x")
        path = storage.cache_dir() / "titles.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)                      # a cache, not a save: it is simply computed again
        started = time.perf_counter()
        value = disk_cache.cached_json("titles", [source], lambda: {"titles": ["fresh"]})
        assert value == {"titles": ["fresh"]} and time.perf_counter() - started < 1.0
        assert disk_cache.cached_json("titles", [source], lambda: {"titles": ["again"]}) == {"titles": ["fresh"]}
