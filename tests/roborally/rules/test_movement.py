"""Movement, walls, pushing, pits, the edge and rebooting (Robo Rally 2023, 'Robot interactions',
'Walls', 'Pits', 'Rebooting')."""
from tests.roborally.support import STILL, course, damage_cards, game, kinds, play_round, pos

FAR = (6, 6, "S")


def test_a_wall_stops_a_move():
    s = game(course(walls=[(3, 4, "N")]), robots=[(3, 5, "N"), FAR])
    play_round(s, {0: ["move3"] + STILL[:4], 1: STILL})
    assert pos(s, 0) == (3, 4, "N")


def test_a_wall_on_the_far_side_of_the_next_square_counts_too():
    s = game(course(walls=[(3, 3, "S")]), robots=[(3, 5, "N"), FAR])
    play_round(s, {0: ["move3"] + STILL[:4], 1: STILL})
    assert pos(s, 0) == (3, 4, "N")


def test_a_moving_robot_pushes_robots_in_its_way():
    s = game(players=3, robots=[(3, 6, "N"), (3, 5, "E"), (3, 4, "E")])
    play_round(s, {0: ["move1"] + STILL[:4], 1: STILL, 2: STILL})
    assert pos(s, 0)[:2] == (3, 5) and pos(s, 1)[:2] == (3, 4) and pos(s, 2)[:2] == (3, 3)


def test_a_wall_behind_the_pushed_robot_stops_everyone():
    s = game(course(walls=[(3, 4, "N")]), robots=[(3, 5, "N"), (3, 4, "E")])
    play_round(s, {0: ["move2"] + STILL[:4], 1: STILL})
    assert pos(s, 0)[:2] == (3, 5) and pos(s, 1)[:2] == (3, 4)


def test_falling_off_the_edge_reboots_with_two_damage_and_cancels_the_program():
    s = game(course(reboot=(0, 0, "E")), robots=[(3, 0, "N"), FAR])
    s.damage_deck = ["spam"] * 10
    ev = play_round(s, {0: ["move1", "uturn", "move1", "move1", "move1"], 1: STILL})
    assert pos(s, 0) == (0, 0, "E")          # placed on the reboot space, facing its arrow
    assert len(damage_cards(ev, 0)) == 2
    assert kinds(ev, 0).count("reboot") == 1
    assert not [e for e in ev if e.kind == "play" and e.seat == 0 and e.data["register"] > 1]


def test_a_pit_reboots_the_robot():
    s = game(course(cells=[(3, 4, {"kind": "pit"})]), robots=[(3, 5, "N"), FAR])
    ev = play_round(s, {0: ["move3"] + STILL[:4], 1: STILL})
    assert ("reboot" in kinds(ev, 0)) and pos(s, 0) == (0, 0, "E")


def test_a_robot_pushed_into_a_pit_reboots():
    s = game(course(cells=[(3, 3, {"kind": "pit"})]), robots=[(3, 5, "N"), (3, 4, "E")])
    ev = play_round(s, {0: ["move1"] + STILL[:4], 1: STILL})
    assert "reboot" in kinds(ev, 1) and pos(s, 0)[:2] == (3, 4)


def test_a_robot_on_the_reboot_space_is_pushed_along_the_arrow():
    s = game(course(reboot=(0, 3, "E")), robots=[(5, 0, "N"), (0, 3, "S")])
    play_round(s, {0: ["move1"] + STILL[:4], 1: STILL})
    assert pos(s, 0) == (0, 3, "E") and pos(s, 1)[:2] == (1, 3)


def test_a_rebooted_robot_does_not_fire_for_the_rest_of_the_round():
    s = game(course(reboot=(0, 3, "E")), robots=[(5, 0, "N"), (4, 3, "W")])
    s.damage_deck = ["spam"] * 10
    ev = play_round(s, {0: ["move1"] + STILL[:4], 1: ["uturn"] + STILL[:4]})
    assert not [e for e in ev if e.kind == "robot_laser" and e.seat == 0]


def test_a_chain_pushed_off_the_reboot_space_into_a_pit_never_leaves_two_robots_on_one_square():
    # A falls; B sits on the reboot space, C in front of it with a pit beyond: B pushes C
    # into the pit, C reboots onto the (now free) space, and A then pushes C off again.
    spec = course(reboot=(2, 3, "E"), cells=[(4, 3, {"kind": "pit"})])
    s = game(spec, players=3, robots=[(6, 0, "N"), (2, 3, "S"), (3, 3, "S")])
    play_round(s, {0: ["move1"] + STILL[:4], 1: STILL, 2: STILL})
    spots = [(r.x, r.y) for r in s.robots]
    assert len(set(spots)) == 3 and all(not s.board.is_pit(x, y) for x, y in spots)


def test_pushing_a_robot_off_the_edge_next_to_the_reboot_space_stops_the_pusher():
    # B is pushed off the board, reboots onto the reboot space right in front of A: A stops
    spec = course(reboot=(0, 3, "E"))
    s = game(spec, robots=[(1, 3, "W"), (0, 3, "N")])
    ev = play_round(s, {0: ["move1"] + STILL[:4], 1: STILL})
    assert "reboot" in kinds(ev, 1) and pos(s, 1)[:2] == (0, 3) and pos(s, 0)[:2] == (1, 3)


def test_a_robot_rebooted_in_register_1_stands_in_a_beam_for_the_round_and_keeps_a_haywire_under_every_register():
    # RR16 Rebooting (the 2016 guide): "Place your robot on the reboot token" at once, and
    # "your programming is canceled for the round"; nothing spares the robot standing there, so
    # a board laser whose beam crosses the reboot space shoots it in every register left (issue
    # 23's spirals, docs/roborally-ai.md "Ninth round"). A Haywire drawn goes under the current
    # register, a second one for the same register to the damage discard (RR23s), and the ones
    # under cancelled registers wait on the mat until those registers are next revealed.
    s = game(course(reboot=(0, 3, "E"), lasers=[(0, 0, "S", 1)]), robots=[(5, 0, "N"), FAR])
    s.damage_deck = ["hw_back_back"] * 12
    ev = play_round(s, {0: ["move1"] + STILL[:4], 1: STILL})
    assert pos(s, 0)[:2] == (0, 3)
    why = [d.data["why"] for d in damage_cards(ev, 0)]
    assert why == ["reboot", "reboot"] + ["board_laser"] * 5
    assert all(h == "hw_back_back" for h in s.robots[0].haywire)
