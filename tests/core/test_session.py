"""GameSession: save and resume by seed + choices, and one undo policy for every game."""
import json
import sys

import pytest

from game.core import session as S
from game.core.engine import missing_names
from game.core.errors import UserError
from tests.core import toy_engine as toy
from tests.core.toy_engine import Choice


def test_the_toy_engine_fills_in_the_contract():
    assert missing_names(toy) == []


def test_a_saved_session_replays_to_the_same_state_and_events():
    live = S.GameSession.start(toy, {}, 5)
    events = []
    for choice in [Choice("add", 2), Choice("draw"), Choice("add", 1), Choice("draw")]:
        events += live.apply(choice)
    resumed, replayed = S.GameSession.from_json(json.loads(json.dumps(live.to_json())), toy, "save.json")
    assert replayed == events
    assert toy.seat_view(resumed.state, 0) == toy.seat_view(live.state, 0)
    assert resumed.state.deck == live.state.deck


def test_undo_takes_back_only_the_seats_own_choices_since_the_last_reveal():
    game = S.GameSession.start(toy, {}, 1)
    game.apply(Choice("add", 1))                 # seat 0
    assert game.can_undo(0) and not game.can_undo(1)
    assert game.undo(0) == Choice("add", 1)
    assert game.state.totals == [0, 0] and game.current_seat() == 0
    game.apply(Choice("add", 2))                 # seat 0
    game.apply(Choice("add", 1))                 # seat 1: seat 0's choice is now behind another seat's
    assert not game.can_undo(0)
    game.apply(Choice("draw"))                   # seat 0 draws: a random reveal
    assert not game.can_undo(0) and game.undo(0) is None


def test_undo_then_save_forgets_the_taken_back_choice():
    game = S.GameSession.start(toy, {}, 2)
    game.apply(Choice("add", 2))
    game.undo(0)
    assert game.to_json()["choices"] == []


def test_a_save_after_every_choice_serialises_each_choice_once_and_follows_undo(monkeypatch):
    """Screens save after every choice: a save must not serialise the whole game again (it made
    a long game quadratic on the render thread)."""
    made = []
    real = toy.choice_to_json
    monkeypatch.setattr(toy, "choice_to_json", lambda choice: made.append(choice) or real(choice))
    game = S.GameSession.start(toy, {}, 2)
    for amount in (1, 2, 1, 2, 1, 2):
        game.apply(Choice("add", amount))
        saved = game.to_json()["choices"]
    assert len(made) == 6 and saved == [real(c) for c in game.choices]
    assert game.undo(1) == Choice("add", 2)
    game.apply(Choice("add", 1))                 # seat 1 again, another choice in the same place
    assert game.to_json()["choices"] == [real(c) for c in game.choices]
    assert game.to_json()["choices"][-1] == real(Choice("add", 1))
    assert len(made) == 7


@pytest.mark.parametrize("bad, where", [
    ([], "save.json"),
    ({"seed": "x", "choices": []}, "save.json seed"),
    ({"seed": 10 ** 30, "choices": []}, "save.json seed"),
    ({"seed": 1, "choices": "no"}, "save.json choices"),
    ({"seed": 1, "choices": [{"kind": "add"}]}, "save.json choice 0"),
    ({"seed": 1, "choices": [{"kind": "add", "amount": 7}]}, "save.json choice 0"),
    ({"seed": 1, "version": 99, "choices": []}, "save.json"),
])
def test_a_bad_save_is_one_line_naming_the_place(bad, where):
    with pytest.raises(UserError) as caught:
        S.GameSession.from_json(bad, toy, "save.json")
    assert caught.value.where == where and "\n" not in str(caught.value)


def test_a_copy_that_keeps_no_save_never_writes_over_nor_removes_the_players_saved_game(monkeypatch):
    """A networked table's TV replays a copy of the game (game/client/table_screens.py): the
    player's own saved game of that game stays as it was, even when the copy ends."""
    monkeypatch.setattr(toy, "GAME_ID", "toy")
    mine = S.GameSession.start(toy, {}, 3)
    mine.apply(Choice("add", 1))
    S.save_session(mine)
    kept = S.saved_game_path("toy").read_text()
    copy = S.GameSession.start(toy, {}, 4)
    copy.keeps_save = False
    copy.apply(Choice("add", 2))
    S.save_session_later(copy)
    S.save_session(copy)
    while not copy.is_over():
        copy.apply(Choice("add", 2))
    S.save_session_later(copy)
    S.save_session(copy)
    S.storage.wait_idle()
    assert S.saved_game_path("toy").read_text() == kept


def test_save_session_is_atomic_and_a_finished_game_leaves_nothing_to_continue(monkeypatch):
    monkeypatch.setattr(toy, "GAME_ID", "toy")
    game = S.GameSession.start(toy, {}, 3)
    game.apply(Choice("add", 2))
    S.save_session(game)
    assert S.has_saved_game("toy")
    saved = json.loads(S.saved_game_path("toy").read_text())
    assert saved["game"] == "toy" and saved["choices"] == [{"kind": "add", "amount": 2}]
    while not game.is_over():
        game.apply(Choice("add", 2))
    S.save_session(game)
    assert not S.has_saved_game("toy")


def test_a_save_folder_the_disk_refuses_has_nothing_to_continue(monkeypatch, tmp_path):
    """ROBOARCADE_HOME with a 5,000-character name: the title screen exited with 'error: ...: file
    name too long' (has_saved_game's is_file raised), while every game screen started with a
    warning that it cannot save. Now there is simply no game to continue, and the title opens."""
    from game.client.menus import saved_games

    monkeypatch.setenv("ROBOARCADE_HOME", str(tmp_path / ("h" * 5000)))
    assert not S.has_saved_game("roborun")
    assert saved_games() == []
