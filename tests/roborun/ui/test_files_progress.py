"""Robo Run campaign progress through the validating layer, and `roborun --campaign` with
saved players of any shape: a fuzz test and the cases from the issue."""
import json

from hypothesis import given

from game.roborun.ui import progress as prog
from game.roborun.rules.campaign import campaign_start
from game.roborun.rules.engine import new_game
from game.roborun.ui.session import GameOptions, campaign_setup, load_level_spec
from tests.core.hostile import FUZZ, fresh_home, hostile_json, one_line, run_reader

PLAYERS = [p.to_json() for p in campaign_start(("quick_one", "smart_three"), ("chip", "chip")).players]
GOOD = {"version": 1, "tutorial_seen": True, "single_wins": ["2.3"], "added_by_a_newer_minor": {"x": 1},
        "campaigns": {"1": {"boards": ["quick_one", "smart_three"], "completed": ["1.1", "1.2"],
                            "players": PLAYERS, "equipment_deck": [3, 1, 2]}}}
LEVEL = load_level_spec("1.1")


def test_a_good_progress_file_round_trips_with_unknown_keys():
    prog.progress_path().write_text(json.dumps(GOOD))
    loaded, warning = prog.load_progress()
    assert warning is None and loaded.campaign(1).players == PLAYERS and loaded.campaign(1).equipment_deck == [3, 1, 2]
    assert prog.save_progress(loaded) is None
    assert json.loads(prog.progress_path().read_text()) == GOOD


def test_a_newer_progress_file_is_refused_and_left_untouched():
    prog.progress_path().write_text('{"version": 2, "campaigns": {}}')
    loaded, warning = prog.load_progress()
    assert loaded.campaigns == {} and "newer" in warning
    assert "not saved" in prog.save_progress(loaded)
    assert prog.progress_path().read_text() == '{"version": 2, "campaigns": {}}'


def _campaign_options():
    return GameOptions(level_ref="1.2", campaign=True, boards=("quick_one", "smart_three"), choose_boards=True,
                       first_skills=("chip", "chip"))


def test_saved_players_with_missing_or_mistyped_fields_start_the_boards_afresh():
    bad_players = ([{"robot": "quick_one"}, {"chip_level": "x"}], [1, 2], "x", None,
                   [{"robot": "quick_one", "unlocked": ["no_such"]}, PLAYERS[1]],
                   [{**PLAYERS[0], "equipment": [999]}, PLAYERS[1]], [{**PLAYERS[0], "chip_level": 99}, PLAYERS[1]],
                   [{**PLAYERS[0], "energy": 10**50}, PLAYERS[1]], [PLAYERS[0]])
    for players in bad_players:
        data = {**GOOD, "campaigns": {"1": {**GOOD["campaigns"]["1"], "players": players}}}
        prog.progress_path().write_text(json.dumps(data))
        setup = campaign_setup(_campaign_options())
        new_game(LEVEL, 1, setup)                       # the engine accepts what it gets


def test_saved_players_are_used_when_they_are_good():
    prog.progress_path().write_text(json.dumps(GOOD))
    setup = campaign_setup(_campaign_options())
    assert [p.to_json() for p in setup.players] == PLAYERS and setup.equipment_deck == (3, 1, 2)


@FUZZ
@given(hostile_json(GOOD))
def test_hostile_progress_never_escapes_and_good_saves_stay_good(content):
    with fresh_home():
        path = prog.progress_path()
        loaded, warning = run_reader(prog.load_progress, path, content)
        one_line(warning)
        new_game(LEVEL, 1, campaign_setup(_campaign_options()))      # `roborun --campaign` starts
        loaded.record_win("1.3", campaign_mode=False)
        failed = prog.save_progress(loaded)
        if failed:
            assert path.read_bytes() == content                      # a newer file, untouched
            return
        again, warning = prog.load_progress()
        assert warning is None and again.to_json() == loaded.to_json()
