"""Campaign progress, Single Scenario Mode set-up (chapter 8) and accomplishments."""
import random

import pytest

from game.core.errors import UserError
from game.roborun.levels.ascii_board import parse_board
from game.roborun.rules.campaign import (SINGLE_SCENARIO, accomplishments, after_scenario, campaign_start,
                                   single_scenario_setup)
from game.roborun.rules.engine import new_game
from game.roborun.rules.state import PlayerSetup, Setup

LEVEL = ".+G  Xg  .\n.  .+R  Xr\nid 1.2"


def finished(outcome, hands=([], []), deck=(), round_=2):
    s = new_game(parse_board(LEVEL), 1, Setup((PlayerSetup("quick_one", ("nitro",), 1, 1, (3,)),
                                               PlayerSetup("weird_four", (), 2, 1, ())),
                                              equipment_deck=tuple(range(1, 11))))
    s.outcome, s.won_round = outcome, round_
    s.hands = [list(h) for h in hands]
    s.equip_deck = list(deck)
    s.energy = [4, 2]
    s.unlocked[1] = frozenset({"cameo"})
    return s


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5, 6])
def test_single_scenario_setup_follows_the_chapter_8_table(number):
    unlocks, energy = SINGLE_SCENARIO[number]
    setup = single_scenario_setup(number, random.Random(number))
    counts = [len(p.unlocked) + p.chip_level - 1 for p in setup.players]
    assert all(p.energy == energy for p in setup.players)
    assert setup.players[0].robot != setup.players[1].robot
    if number == 4:
        assert sorted(counts) == [unlocks, unlocks + 1]        # one player gets one more
    else:
        assert counts == [unlocks, unlocks]


@pytest.mark.parametrize("number", [1, 3, 4, 6])
def test_single_scenario_setup_gives_the_chosen_robot_boards(number):
    unlocks, energy = SINGLE_SCENARIO[number]
    setup = single_scenario_setup(number, random.Random(7), robots=("weird_four", "quick_one"))
    assert [p.robot for p in setup.players] == ["weird_four", "quick_one"]
    assert all(p.energy == energy for p in setup.players)
    counts = [len(p.unlocked) + p.chip_level - 1 for p in setup.players]
    assert sorted(counts) == ([unlocks, unlocks + 1] if number == 4 else [unlocks, unlocks])
    assert setup == single_scenario_setup(number, random.Random(7), robots=("weird_four", "quick_one"))
    new_game(parse_board(LEVEL), 1, setup)                      # the engine accepts it


def test_single_scenario_setup_without_robots_draws_two_different_ones_as_before():
    drawn = single_scenario_setup(2, random.Random(5))
    assert drawn == single_scenario_setup(2, random.Random(5), robots=None)
    assert drawn.players[0].robot != drawn.players[1].robot


@pytest.mark.parametrize("robots", [("quick_one", "no_such_robot"), ("quick_one",)])
def test_single_scenario_setup_rejects_unknown_robots(robots):
    with pytest.raises(UserError):
        single_scenario_setup(1, random.Random(1), robots=robots)


def test_new_game_without_setup_uses_the_level_number_deterministically():
    lv = parse_board(LEVEL)
    a, b = new_game(lv, 7), new_game(lv, 7)
    assert a.robot_names == b.robot_names and a.unlocked == b.unlocked and a.stands == b.stands
    assert sum(len(u) for u in a.unlocked) + sum(a.chip) - 2 == 4     # X.2: two each


def test_campaign_start_is_setup_step_7():
    setup = campaign_start(("quick_one", "strong_two"), ("nitro", "chip"))
    assert setup.players[0].unlocked == ("nitro",) and setup.players[0].energy == 1
    assert setup.players[1].chip_level == 2 and setup.players[1].energy == 1
    with pytest.raises(UserError):
        campaign_start(("quick_one", "strong_two"), ("ram", "chip"))


def test_success_keeps_progress_adds_reward_and_keeps_deck_order():
    before = Setup((PlayerSetup("quick_one", ("nitro",), 1, 1, (3,)), PlayerSetup("weird_four", (), 2, 1, ())))
    final = finished("won", hands=([3, 7], []), deck=(5, 1, 9))
    nxt = after_scenario(before, final, rewards=("fuel_boost", "chip"))
    assert nxt.players[0].unlocked == ("fuel_boost", "nitro") and nxt.players[0].energy == 4
    assert nxt.players[0].equipment == (3, 7) and nxt.players[1].chip_level == 3
    assert nxt.players[1].unlocked == ("cameo",) and nxt.equipment_deck == (5, 1, 9)


def test_failure_deletes_progress_and_puts_gained_equipment_at_the_bottom():
    before = Setup((PlayerSetup("quick_one", ("nitro",), 1, 1, (3,)), PlayerSetup("weird_four", (), 2, 1, ())))
    final = finished("lost", hands=([7], [2]), deck=(5, 3, 1))
    nxt = after_scenario(before, final)
    assert nxt.players == before.players
    assert nxt.equipment_deck == (5, 1, 7, 2)


def test_accomplishments():
    s = finished("won", round_=3)
    s.pos.clear(), s.at.clear(), s.keys.clear()
    a = accomplishments(s)
    assert a.won and a.won_before_round_4 and a.won_before_round_4_clean
    s = finished("won", round_=4)
    assert accomplishments(s).won and not accomplishments(s).won_before_round_4
    assert not accomplishments(finished("lost")).won


def test_bad_card_data_is_a_user_error_naming_file_and_entry(tmp_path, monkeypatch):
    import json
    from game.roborun.rules import cards
    (tmp_path / "action_cards.json").write_text(json.dumps({"cards": [
        {"id": 1, "yellow": {"top": ["U"], "bottom": {"colours": ["green"], "actions": ["D"]}},
         "blue": {"middle": ["L"]}}]}))
    monkeypatch.setattr(cards, "DATA", tmp_path)
    cards.action_cards.cache_clear()
    try:
        with pytest.raises(UserError, match=r"action_cards.json card 1 yellow: bottom colours"):
            cards.action_cards()
        (tmp_path / "action_cards.json").write_text(json.dumps({"cards": [
            {"id": 1, "yellow": {"top": ["sideways"]}, "blue": {"middle": ["L"]}}]}))
        with pytest.raises(UserError, match=r"card 1 yellow top\[0\]: bad action 'sideways'"):
            cards.action_cards()
    finally:
        cards.action_cards.cache_clear()


def test_setup_with_unknown_equipment_is_a_user_error():
    bad = Setup((PlayerSetup("quick_one", (), 1, 1, (42,)), PlayerSetup("weird_four")))
    with pytest.raises(UserError, match="Equipment"):
        new_game(parse_board(LEVEL), 1, bad)
    with pytest.raises(UserError, match="no abilities"):
        new_game(parse_board(LEVEL), 1, Setup((PlayerSetup("quick_one", ("ram",)), PlayerSetup("weird_four"))))
