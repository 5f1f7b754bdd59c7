"""Upgrade phase, core upgrades, the priority token and how the game ends."""
import pytest

from game.core.engine import IllegalChoice
from game.roborally import rules as R
from game.roborally.rules import engine as E
from game.roborally.rules.engine import Choice
from tests.roborally.support import STILL, course, damage_cards, game, kinds, play_round, pos, skip_upgrades

FAR = (7, 7, "W")


def test_shop_shows_one_card_per_player_and_buying_costs_the_gear_number_in_energy():
    s = game(players=3)
    assert len(s.shop) == 3 and all(s.shop)
    s.shop[0] = "stun"
    seat = R.current_seat(s)
    assert seat == 0 and Choice("buy", 0) in R.legal_choices(s)
    R.apply(s, Choice("buy", 0))
    assert s.robots[0].temp == ["stun"] and s.robots[0].energy == 4 and s.shop[0] is None


def test_an_upgrade_that_costs_more_than_your_energy_is_not_offered():
    s = game(energy=2)
    s.shop = ["mirror", "double_barrel"]
    assert R.legal_choices(s) == [Choice("buy", 1), Choice("pass")]
    with pytest.raises(IllegalChoice):
        R.apply(s, Choice("buy", 0))


def test_at_most_three_permanent_and_three_temporary_upgrades():
    s = game(energy=20)
    s.robots[0].perm = ["mirror", "leaching", "firewall"]
    s.robots[0].temp = ["stun", "stun", "recharge"]
    s.shop = ["double_barrel", "recharge"]
    s.robots[0].temp = ["stun", "stun"]
    assert R.legal_choices(s)[-2:] == [Choice("buy", 1), Choice("pass")]


def test_a_full_type_can_buy_by_discarding_an_installed_upgrade_of_that_type():
    s = game(energy=20)
    s.robots[0].perm = ["mirror", "leaching", "firewall"]
    s.robots[0].temp = ["stun", "stun", "recharge"]
    s.shop = ["double_barrel", "recharge"]
    legal = R.legal_choices(s)
    assert Choice("buy", 0) not in legal and Choice("buy", "0:mirror") in legal
    assert Choice("buy", "1:stun") in legal and Choice("buy", "1:recharge") in legal
    R.apply(s, Choice("buy", "0:mirror"))
    r = s.robots[0]
    assert sorted(r.perm) == ["double_barrel", "firewall", "leaching"] and "mirror" in s.upgrade_discard
    assert r.energy == 18 and len(r.perm) == 3


def test_nobody_buying_refreshes_the_whole_shop_and_a_buy_only_refills_the_empty_slot():
    s = game(robots=[(3, 3, "N"), FAR])
    s.shop = ["mirror", "leaching"]
    s.upgrade_deck += ["stun", "firewall", "recharge"]
    play_round(s, {0: STILL, 1: STILL})
    assert s.shop == ["recharge", "firewall"] and "mirror" in s.upgrade_discard
    s = game(robots=[(3, 3, "N"), FAR])
    s.shop = ["mirror", "leaching"]
    s.upgrade_deck += ["stun", "firewall"]
    R.apply(s, Choice("buy", 0))
    play_round(s, {0: STILL, 1: STILL})
    assert s.shop == ["firewall", "leaching"]


def test_priority_token_holder_goes_first_then_to_the_left_and_it_passes_each_round():
    s = game(players=3, robots=[(1, 3, "N"), (3, 3, "N"), (5, 3, "N")])
    assert s.order == [0, 1, 2]
    ev = play_round(s, {0: STILL, 1: STILL, 2: STILL})
    assert [e.seat for e in ev if e.kind == "play" and e.data["register"] == 1] == [0, 1, 2]
    assert s.token == 1 and s.order == [1, 2, 0]
    ev = play_round(s, {0: STILL, 1: STILL, 2: STILL})
    assert [e.seat for e in ev if e.kind == "play" and e.data["register"] == 1] == [1, 2, 0]


def test_priority_decides_who_pushes_whom():
    s = game(robots=[(3, 5, "N"), (3, 3, "S")])        # both drive into (3, 4)
    play_round(s, {0: ["move1"] + STILL[:4], 1: ["move1"] + STILL[:4]})
    # seat 0 (the token holder) moves first; seat 1 then drives in and pushes it back
    assert pos(s, 0)[:2] == (3, 5) and pos(s, 1)[:2] == (3, 4)


def test_double_barrel_adds_one_damage_and_rear_laser_shoots_backward():
    s = game(robots=[(3, 3, "S"), (3, 5, "W")])
    s.robots[0].perm = ["double_barrel"]
    ev = play_round(s, {0: STILL, 1: STILL})
    assert len([d for d in damage_cards(ev, 1) if d.data["why"] == "robot_laser"]) == 10
    s = game(robots=[(3, 3, "N"), (3, 5, "W")])
    s.robots[0].perm = ["rear_laser"]
    ev = play_round(s, {0: STILL, 1: STILL})
    assert len([d for d in damage_cards(ev, 1) if d.data["why"] == "rear_laser"]) == 5


def test_ram_gear_damages_pushed_robots():
    s = game(robots=[(3, 6, "N"), (3, 5, "W")])
    s.robots[0].perm = ["ram_gear"]
    ev = play_round(s, {0: ["move1", "right", "left", "right", "left"], 1: STILL})
    assert len([d for d in damage_cards(ev, 1) if d.data["why"] == "ram_gear"]) == 1


def test_firewall_reboots_without_damage():
    s = game(robots=[(3, 0, "N"), FAR])
    s.robots[0].perm = ["firewall"]
    ev = play_round(s, {0: ["move1"] + STILL[:4], 1: STILL})
    assert "reboot" in kinds(ev, 0) and not [d for d in damage_cards(ev, 0) if d.data["why"] == "reboot"]


def test_recharge_and_spam_blocker_are_used_while_programming_and_then_discarded():
    s = game()
    s.robots[0].temp = ["recharge", "spam_blocker"]
    skip_upgrades(s)
    r = s.robots[0]
    r.hand = ["spam", "spam", "move1", "move1", "move2", "left", "right", "uturn", "back"]
    r.deck = ["move3", "powerup"]
    assert {Choice("use", "recharge"), Choice("use", "spam_blocker")} <= set(R.legal_choices(s))
    R.apply(s, Choice("use", "recharge"))
    assert r.energy == 8 and "recharge" not in r.temp
    R.apply(s, Choice("use", "spam_blocker"))
    assert "spam" not in r.hand and sorted(r.hand[:2]) == ["move3", "powerup"]


def test_the_round_cap_ends_the_game_as_a_timeout_with_no_winner():
    s = game(robots=[(3, 3, "N"), FAR], max_rounds=1)
    play_round(s, {0: STILL, 1: STILL})
    assert R.is_over(s) and R.result(s).outcome == "timeout" and R.result(s).winners == ()
    assert R.legal_choices(s) == []


def test_reveals_are_undo_barriers():
    assert R.is_reveal(E.Event("reveal")) and R.is_reveal(E.Event("hand", 0))
    assert not R.is_reveal(E.Event("program", 0))


def test_redeal_keeps_the_seat_view_and_changes_hidden_cards():
    s = game(seed=3)
    skip_upgrades(s)
    other = R.redeal_hidden(s, 0, __import__("random").Random(9))
    assert repr(R.seat_view(other, 0)) == repr(R.seat_view(s, 0))
    assert other.robots[1].hand != s.robots[1].hand or other.robots[1].deck != s.robots[1].deck


def test_bad_configs_are_refused():
    with pytest.raises(ValueError):
        E.make_config(course(), players=7)
    with pytest.raises(ValueError):
        E.make_config(dict(course(), checkpoints=[]), players=2)
    cfg = E.make_config(course(), players=3, max_rounds=9)
    assert R.config_from_json(R.config_to_json(cfg)) == cfg
