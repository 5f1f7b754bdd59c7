"""Every Chaos & Carnage board element and upgrade, as the Factory Floor Guide sheet words them."""
import pytest

from game.roborally.rules import engine as E
from game.roborally.rules.engine import Choice
from tests.roborally.support import STILL, course, damage_cards, game, kinds, play_round, pos

FAR = (7, 7, "W")
TELE = {"kind": "teleporter"}


# ------------------------------------------------------------------ randomizers
def test_randomizer_replaces_the_register_with_the_top_card():
    s = game(course(cells=[(3, 5, {"kind": "randomizer"})]), robots=[(3, 5, "N"), FAR])
    ev = play_round(s, {0: ["uturn"] + STILL[:4], 1: STILL}, deck={0: ["move2"]})
    rnd = [e for e in ev if e.kind == "randomize"][0]
    assert rnd.data["old"][0] == "uturn" and rnd.data["card"] == "move2"
    assert pos(s, 0) == (3, 3, "N")


def test_randomizer_replaces_several_cards_with_one_and_damage_goes_to_the_damage_discard():
    s = game(course(cells=[(3, 5, {"kind": "randomizer"})]), robots=[(3, 5, "N"), FAR])
    s.robots[0].haywire[0] = "hw_back_back"                # a Haywire left under register 1 last round
    ev = play_round(s, {0: ["spam"] + STILL[:4], 1: STILL}, deck={0: ["move1"]})
    rnd = [e for e in ev if e.kind == "randomize"][0]
    assert rnd.data["old"] == ["spam", "hw_back_back"] and rnd.data["card"] == "move1"
    assert "hw_back_back" in s.damage_discard and s.damage_discard.count("spam") >= 1
    assert pos(s, 0)[:2] == (3, 4)


def test_a_robot_pushed_onto_a_randomizer_after_the_reveal_plays_its_own_card():
    # C&C: "If your robot is on a randomizer when you would reveal a programming card"; every
    # robot reveals at once before anyone moves (RR23 "3a. Programming card activation", step 1).
    spec = course(cells=[(5, 5, {"kind": "randomizer"})])
    s = game(spec, robots=[(3, 5, "E"), (4, 5, "N")])
    ev = play_round(s, {0: ["move1"] + STILL[:4], 1: ["uturn"] + STILL[:4]}, deck={1: ["powerup"] * 4})
    assert "randomize" not in [e.kind for e in ev if e.data.get("register") == 1]
    assert pos(s, 1) == (5, 5, "S")
    assert [e.data["card"] for e in ev if e.kind == "play" and e.seat == 1][0] == "uturn"


def test_a_robot_on_a_randomizer_at_the_reveal_plays_the_random_card_even_if_pushed_off():
    spec = course(cells=[(4, 5, {"kind": "randomizer"})])
    s = game(spec, robots=[(3, 5, "E"), (4, 5, "N")])
    ev = play_round(s, {0: ["move1"] + STILL[:4], 1: ["uturn"] + STILL[:4]}, deck={1: ["move1"]})
    rnd = [e for e in ev if e.kind == "randomize"][0]
    assert rnd.seat == 1 and rnd.data["card"] == "move1"
    assert [e.kind for e in ev].index("randomize") < [e.kind for e in ev].index("move")   # before anyone moves
    assert pos(s, 1)[:2] == (5, 4)                 # pushed east to (5, 5), then its Move 1 north


def test_a_robot_pushed_onto_a_teleporter_after_the_reveal_does_not_teleport():
    # C&C: "If a robot is on a teleporter when they reveal a Move Card".
    spec = course(cells=[(5, 5, TELE)])
    s = game(spec, robots=[(3, 5, "E"), (4, 5, "N")])
    ev = play_round(s, {0: ["move1"] + STILL[:4], 1: ["move1"] + STILL[:4]})
    assert "teleport" not in kinds(ev, 1) and pos(s, 1)[:2] == (5, 4)


# ------------------------------------------------------------------ teleporters
@pytest.mark.parametrize("card, dist", [("back", 2), ("move1", 3), ("move2", 4), ("move3", 5)])
def test_teleporter_adds_two_forward_to_move_cards(card, dist):
    s = game(course(height=10, cells=[(3, 8, TELE)], starts=[[0, 9, "N"], [7, 9, "N"]]),
             robots=[(3, 8, "N"), FAR])
    ev = play_round(s, {0: [card] + STILL[:4], 1: STILL})
    tel = [e for e in ev if e.kind == "teleport"][0]
    assert tel.data["to"] == [3, 8 - dist]


def test_teleport_ignores_walls_robots_and_pits_in_between():
    spec = course(height=10, cells=[(3, 8, TELE), (3, 6, {"kind": "pit"})], walls=[(3, 7, "N")],
                  starts=[[0, 9, "N"], [7, 9, "N"], [6, 9, "N"]])
    s = game(spec, players=3, robots=[(3, 8, "N"), (3, 7, "E"), FAR])
    play_round(s, {0: ["move1"] + STILL[:4], 1: STILL, 2: STILL})
    assert pos(s, 0)[:2] == (3, 5) and pos(s, 1)[:2] == (3, 7)


def test_no_teleport_when_a_robot_is_on_the_destination_the_card_moves_normally():
    spec = course(height=10, cells=[(3, 8, TELE)], starts=[[0, 9, "N"], [7, 9, "N"]])
    s = game(spec, robots=[(3, 8, "N"), (3, 5, "E")])
    ev = play_round(s, {0: ["move1"] + STILL[:4], 1: STILL})
    assert "teleport_blocked" in kinds(ev, 0) and pos(s, 0)[:2] == (3, 7)


def test_teleporter_does_not_act_on_turns_or_haywire():
    spec = course(height=10, cells=[(3, 8, TELE)], starts=[[0, 9, "N"], [7, 9, "N"]])
    s = game(spec, robots=[(3, 8, "N"), FAR])
    s.robots[0].haywire[0] = "hw_move1_left"
    ev = play_round(s, {0: ["powerup"] + STILL[:4], 1: STILL})
    assert "teleport" not in kinds(ev, 0) and pos(s, 0)[:2] == (3, 7)


def test_movement_upgrades_do_not_work_on_a_teleporter():
    spec = course(height=10, cells=[(3, 8, TELE), (3, 7, {"kind": "pit"})], starts=[[0, 9, "N"], [7, 9, "N"]])
    s = game(spec, robots=[(3, 8, "N"), (3, 4, "E")])          # destination taken: moves normally
    s.robots[0].perm = ["hover_unit"]
    ev = play_round(s, {0: ["move2"] + STILL[:4], 1: STILL})
    assert "reboot" in kinds(ev, 0)                             # no hovering over the pit


# ------------------------------------------------------------------ deep pits
def test_deep_pit_is_a_pit():
    s = game(course(cells=[(3, 4, {"kind": "deep_pit"})]), robots=[(3, 5, "N"), FAR])
    ev = play_round(s, {0: ["move1"] + STILL[:4], 1: STILL})
    assert "reboot" in kinds(ev, 0)


@pytest.mark.parametrize("kind", ["pit", "deep_pit"])
def test_hover_unit_passes_over_pits_and_deep_pits_but_falls_if_it_stops(kind):
    s = game(course(cells=[(3, 4, {"kind": kind})]), robots=[(3, 5, "N"), FAR])
    s.robots[0].perm = ["hover_unit"]
    ev = play_round(s, {0: ["move2"] + STILL[:4], 1: STILL})
    assert "reboot" not in kinds(ev, 0) and pos(s, 0)[:2] == (3, 3)
    s = game(course(cells=[(3, 4, {"kind": kind})]), robots=[(3, 5, "N"), FAR])
    s.robots[0].perm = ["hover_unit"]
    ev = play_round(s, {0: ["move1"] + STILL[:4], 1: STILL})
    assert "reboot" in kinds(ev, 0)


# ------------------------------------------------------------------ crushers
def test_crushed_robot_reboots_with_damage():
    s = game(course(cells=[(3, 3, {"kind": "crusher", "registers": [1, 4]})], reboot=(0, 6, "E")),
             robots=[(3, 3, "N"), FAR])
    ev = play_round(s, {0: STILL, 1: STILL})
    assert kinds(ev, 0).count("crush") == 1 and len([d for d in damage_cards(ev, 0) if d.data["why"] == "reboot"]) == 2


# ------------------------------------------------------------------ upgrades
def test_indirect_fire_pays_one_energy_and_hits_within_three_ignoring_walls():
    s = game(course(walls=[(3, 3, "S")]), robots=[(3, 3, "N"), (3, 6, "E")])
    s.robots[0].perm = ["indirect_fire"]
    ev = play_round(s, {0: STILL, 1: STILL}, fire={(0, 1): "indirect:1"})
    assert [e.data["target"] for e in ev if e.kind == "indirect_fire"] == [1]
    assert s.robots[0].energy == 5 + 5 - 1
    assert len([d for d in damage_cards(ev, 1) if d.data["why"] == "indirect_fire"]) == 1


def test_indirect_fire_is_not_offered_beyond_three_spaces_or_diagonally():
    s = game(robots=[(3, 2, "N"), (3, 6, "E")])
    s.robots[0].perm = ["indirect_fire"]
    s.phase = "activate"
    assert E._fire_choices(s, s.robots[0]) == [Choice("fire", "main")]
    s.robots[1].x, s.robots[1].y = 4, 3
    assert E._fire_choices(s, s.robots[0]) == [Choice("fire", "main")]


def test_controlled_chaos_lets_the_owner_choose_the_register():
    s = game(course(lasers=[(0, 5, "E", 1)]), robots=[(3, 5, "N"), FAR])
    s.robots[0].perm = ["controlled_chaos"]
    s.damage_deck = ["spam"] * 10 + ["hw_back_back"]
    offered = []

    def pick(legal):
        offered.append([c.arg for c in legal])
        return legal[-1]

    s.robots[0].haywire[2] = "hw_move1_left"
    ev = play_round(s, {0: ["powerup", "uturn", "uturn", "uturn", "uturn"], 1: STILL}, haywire=pick)
    # C&C: "place it face down under any card in your registers where there is not already a
    # face-down Haywire card" (register 3 has one until it is revealed)
    assert offered[0] == [1, 2, 4, 5]
    assert [e.data for e in ev if e.kind == "haywire" and e.seat == 0][0] == {"register": 5, "chosen": True}


def test_mirror_returns_the_first_robot_damage_each_round_only():
    s = game(robots=[(3, 3, "S"), (3, 5, "N")])
    s.robots[1].perm = ["mirror"]
    ev = play_round(s, {0: STILL, 1: ["uturn", "powerup", "powerup", "powerup", "powerup"]})
    assert kinds(ev).count("mirror") == 1
    mirrored = [d for d in damage_cards(ev, 0) if d.data["why"] == "mirror"]
    assert len(mirrored) == 1


def test_stun_makes_the_target_discard_its_next_register_and_not_in_register_5():
    s = game(robots=[(3, 3, "S"), (3, 5, "E")])
    s.robots[0].temp = ["stun"]
    ev = play_round(s, {0: STILL, 1: ["powerup", "left", "powerup", "powerup", "powerup"]},
                    fire={(0, 1): "stun"})
    stun = [e for e in ev if e.kind == "stun"][0]
    assert stun.data == {"target": 1, "register": 2, "path": [(3, 4), (3, 5)], "dropped": 1}
    assert pos(s, 1)[2] == "E"               # the Turn Left in register 2 never happened
    assert "stun" not in s.robots[0].temp and "stun" in s.upgrade_discard
    s = game(robots=[(3, 3, "S"), (3, 5, "E")])
    s.robots[0].temp = ["stun"]
    s.phase, s.register = "activate", 5
    assert Choice("fire", "stun") not in E._fire_choices(s, s.robots[0])


def test_leaching_steals_from_rich_targets_and_hurts_empty_ones():
    s = game(robots=[(3, 3, "S"), (3, 5, "E")])
    s.robots[0].perm = ["leaching"]
    s.robots[1].energy = 3
    ev = play_round(s, {0: STILL, 1: ["left", "left", "left", "left", "left"]})
    assert [e.data for e in ev if e.kind == "leach"][0] == {"target": 1}
    s = game(robots=[(3, 3, "S"), (3, 5, "E")])
    s.robots[0].perm = ["leaching"]
    s.robots[1].energy = 0
    ev = play_round(s, {0: ["powerup", "left", "right", "left", "right"], 1: ["left"] * 5})
    hits = [e for e in ev if e.kind == "robot_laser" and e.seat == 0]
    assert [e.data for e in ev if e.kind == "leach"][0] == {"target": 1, "extra_damage": 1}
    assert len([d for d in damage_cards(ev, 1) if d.data["why"] == "robot_laser"]) == 2 * len(hits)
