"""Upgrade phase, core upgrades, the priority token and how the game ends."""
import pytest

from game.core.engine import IllegalChoice
from game.roborally import rules as R
from game.roborally.rules import engine as E
from game.roborally.rules.engine import Choice
from tests.roborally.support import STILL, course, damage_cards, game, kinds, play_round, pos, skip_upgrades

FAR = (7, 7, "W")


def test_drawing_an_upgrade_costs_1_energy_once_per_upgrade_phase():
    # RR23 "1. The upgrade phase": "You may spend 1 Energy to draw 1 new upgrade card. You may
    # only draw 1 new upgrade during each Upgrade Phase."
    s = game(players=3)
    s.upgrade_deck.append("stun")
    assert R.current_seat(s) == 0 and Choice("draw") in R.legal_choices(s)
    R.apply(s, Choice("draw"))
    r = s.robots[0]
    assert r.owned == ["stun"] and r.energy == 4 and r.perm == r.temp == []
    assert Choice("draw") not in R.legal_choices(s) and R.current_seat(s) == 0


def test_installing_pays_the_gear_number_and_only_one_install_per_upgrade_phase():
    # RR23 "1. The upgrade phase": "You may only install 1 upgrade during each Upgrade Phase";
    # "look at the number in the top left corner of the card. This is the cost in Energy".
    s = game(energy=5)
    s.robots[0].owned = ["stun", "hover_unit"]
    legal = R.legal_choices(s)
    assert Choice("install", "stun") in legal and Choice("install", "hover_unit") in legal
    R.apply(s, Choice("install", "stun"))
    r = s.robots[0]
    assert r.temp == ["stun"] and r.energy == 4 and r.owned == ["hover_unit"]
    assert not [c for c in R.legal_choices(s) if c.kind == "install"]


def test_an_upgrade_that_costs_more_than_your_energy_is_not_offered():
    s = game(energy=2)
    s.robots[0].owned = ["mirror", "double_barrel"]
    assert [c for c in R.legal_choices(s) if c.kind == "install"] == [Choice("install", "double_barrel")]
    with pytest.raises(IllegalChoice):
        R.apply(s, Choice("install", "mirror"))


def test_at_most_three_permanent_and_three_temporary_upgrades():
    # RR23: "Your robot can have a maximum of 3 permanent upgrades and 3 temporary upgrades at a time."
    s = game(energy=20)
    s.robots[0].perm = ["mirror", "leaching", "firewall"]
    s.robots[0].temp = ["stun", "stun"]
    s.robots[0].owned = ["double_barrel", "recharge"]
    installs = [c for c in R.legal_choices(s) if c.kind == "install" and ":" not in c.arg]
    assert installs == [Choice("install", "recharge")]


def test_a_full_type_can_install_by_uninstalling_an_upgrade_of_that_type():
    s = game(energy=20)
    s.robots[0].perm = ["mirror", "leaching", "firewall"]
    s.robots[0].temp = ["stun", "stun", "recharge"]
    s.robots[0].owned = ["double_barrel", "recharge"]
    legal = R.legal_choices(s)
    assert Choice("install", "double_barrel") not in legal and Choice("install", "double_barrel:mirror") in legal
    assert Choice("install", "recharge:stun") in legal and Choice("install", "recharge:recharge") in legal
    R.apply(s, Choice("install", "double_barrel:mirror"))
    r = s.robots[0]
    assert sorted(r.perm) == ["double_barrel", "firewall", "leaching"] and "mirror" in s.upgrade_discard
    assert r.energy == 18 and len(r.perm) == 3


def test_seats_that_can_do_nothing_in_the_upgrade_phase_are_not_asked():
    s = game(energy=0)
    R.apply(s, Choice("pass"))              # seat 0 was asked before its energy was set to 0
    assert s.phase == "program"             # seat 1, with 0 Energy and no upgrades, was not


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
