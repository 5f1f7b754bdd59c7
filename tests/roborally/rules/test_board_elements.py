"""Board elements in their order each register (Robo Rally 2023 'Board Element Activation';
crushers from the Chaos & Carnage Factory Floor Guide)."""
from game.roborally.rules import engine as E
from tests.roborally.support import STILL, course, damage_cards, game, kinds, play_round, pos

FAR = (7, 7, "W")
BELT_E = {"kind": "belt", "dir": "E"}
EXPRESS_E = {"kind": "express", "dir": "E"}


def first_register(ev):
    """Events up to the second register's reveal."""
    out, reveals = [], 0
    for e in ev:
        if e.kind == "reveal":
            reveals += 1
            if reveals == 2:
                break
        out.append(e)
    return out


def moves_in_register_1(ev, seat):
    return [tuple(e.data["to"]) for e in first_register(ev) if e.kind == "convey" and e.seat == seat]


def test_express_belts_move_two_and_green_belts_one():
    spec = course(cells=[(1, 2, EXPRESS_E), (2, 2, EXPRESS_E), (3, 2, EXPRESS_E), (1, 4, BELT_E), (2, 4, BELT_E)])
    s = game(spec, robots=[(1, 2, "N"), (1, 4, "N")])
    ev = play_round(s, {0: STILL, 1: STILL})
    assert moves_in_register_1(ev, 0) == [(2, 2), (3, 2)]
    assert moves_in_register_1(ev, 1) == [(2, 4)]


def test_a_robot_leaving_the_express_belt_is_not_moved_again():
    spec = course(cells=[(1, 2, EXPRESS_E), (2, 2, {"kind": "belt", "dir": "E"})])
    s = game(spec, robots=[(1, 2, "N"), FAR])
    ev = play_round(s, {0: STILL, 1: STILL})
    # express step 1 moves it onto a green belt: express step 2 skips it, the green step moves it
    assert moves_in_register_1(ev, 0) == [(2, 2), (3, 2)]


def test_a_belt_does_not_push_a_robot_standing_off_the_belt():
    spec = course(cells=[(1, 2, BELT_E)])
    s = game(spec, robots=[(1, 2, "N"), (2, 2, "N")])
    ev = play_round(s, {0: STILL, 1: STILL})
    assert moves_in_register_1(ev, 0) == [] and pos(s, 0)[:2] == (1, 2)


def test_two_robots_belted_onto_one_square_both_stay():
    spec = course(cells=[(1, 2, BELT_E), (3, 2, {"kind": "belt", "dir": "W"})])
    s = game(spec, robots=[(1, 2, "N"), (3, 2, "N")])
    play_round(s, {0: STILL, 1: STILL})
    assert pos(s, 0)[:2] == (1, 2) and pos(s, 1)[:2] == (3, 2)


def test_a_curved_belt_turns_a_robot_it_carries_onto_it():
    spec = course(cells=[(1, 2, BELT_E), (2, 2, {"kind": "belt", "dir": "S", "turn": "right"})])
    s = game(spec, robots=[(1, 2, "E"), FAR])
    ev = play_round(s, {0: STILL, 1: STILL})
    assert [e.data for e in first_register(ev) if e.kind == "turn" and e.seat == 0][0]["why"] == "belt"
    # register 1: onto the curve (turned to S); register 2: down the curve to (2, 3)
    assert pos(s, 0) == (2, 3, "S")


def test_a_robot_that_drives_onto_a_curve_is_not_turned_by_it():
    spec = course(cells=[(2, 2, {"kind": "belt", "dir": "S", "turn": "right"})])
    s = game(spec, robots=[(1, 2, "E"), FAR])
    ev = play_round(s, {0: ["move1"] + STILL[:4], 1: STILL})
    assert not [e for e in first_register(ev) if e.kind == "turn" and e.seat == 0]


def test_push_panels_push_only_in_their_registers():
    spec = course(cells=[(3, 3, {"kind": "push", "dir": "E", "registers": [2, 4]})])
    s = game(spec, robots=[(3, 3, "N"), FAR])
    ev = play_round(s, {0: STILL, 1: STILL})
    pushes = [e for e in ev if e.kind == "push_panel"]
    assert len(pushes) == 1                        # register 2 pushes it off the panel
    reveals = [i for i, e in enumerate(ev) if e.kind == "reveal"]
    at = ev.index(pushes[0])
    assert reveals[1] < at < reveals[2] and pos(s, 0)[:2] == (4, 3)


def test_gears_rotate_every_register():
    spec = course(cells=[(3, 3, {"kind": "gear", "rot": "right"}), (5, 3, {"kind": "gear", "rot": "left"})])
    s = game(spec, robots=[(3, 3, "N"), (5, 3, "N")])
    play_round(s, {0: STILL, 1: STILL})
    assert pos(s, 0) == (3, 3, "E") and pos(s, 1) == (5, 3, "W")     # 5 quarter turns each


def test_crusher_acts_only_in_its_registers_after_gears_and_before_board_lasers():
    spec = course(cells=[(3, 3, {"kind": "crusher", "registers": [3]})], lasers=[(0, 3, "E", 1)],
                  reboot=(0, 6, "E"))
    s = game(spec, robots=[(3, 3, "N"), FAR])
    ev = play_round(s, {0: STILL, 1: STILL})
    crush = [e for e in ev if e.kind == "crush"]
    assert len(crush) == 1 and crush[0].data["register"] == 3
    lasers_on_0 = [i for i, e in enumerate(ev) if e.kind == "board_laser" and e.seat == 0]
    # the board laser hit it in registers 1 and 2, not after the crusher removed it in register 3
    assert len(lasers_on_0) == 2 and all(i < ev.index(crush[0]) for i in lasers_on_0)
    assert pos(s, 0)[:2] == (0, 6)


def test_board_laser_deals_its_strength_and_stops_at_the_first_robot():
    spec = course(lasers=[(0, 3, "E", 2)])
    s = game(spec, robots=[(4, 3, "N"), (6, 3, "N")])
    ev = play_round(s, {0: STILL, 1: STILL})
    assert len([e for e in damage_cards(ev, 0) if e.data["why"] == "board_laser"]) == 10
    assert not [e for e in damage_cards(ev, 1) if e.data["why"] == "board_laser"]


def test_walls_block_board_lasers():
    spec = course(lasers=[(0, 3, "E", 1)], walls=[(2, 3, "E")])
    s = game(spec, robots=[(4, 3, "N"), FAR])
    ev = play_round(s, {0: STILL, 1: STILL})
    assert not damage_cards(ev, 0)


def test_robot_lasers_hit_the_first_robot_in_front_and_walls_block_them():
    s = game(players=3, robots=[(1, 3, "E"), (4, 3, "N"), (6, 3, "W")])
    ev = play_round(s, {0: STILL, 1: STILL, 2: STILL})
    shots = [(e.seat, e.data["target"]) for e in ev if e.kind == "robot_laser"]
    assert shots.count((0, 1)) == 5 and shots.count((2, 1)) == 5 and len(shots) == 10
    s = game(course(walls=[(2, 3, "E")]), robots=[(1, 3, "E"), (4, 3, "N")])
    ev = play_round(s, {0: STILL, 1: STILL})
    assert not [e for e in ev if e.kind == "robot_laser"]


def test_an_energy_space_pays_1_energy_at_the_end_of_every_register():
    # Issue 23 (2023 summary): "energy spaces pay 1 energy at the end of every register (batteries)".
    spec = course(cells=[(3, 3, {"kind": "energy"})])
    s = game(spec, robots=[(3, 3, "N"), FAR], energy=0)
    play_round(s, {0: ["left", "right", "left", "right", "left"], 1: STILL})
    assert s.robots[0].energy == 5


def test_energy_is_capped_at_10():
    # Issue 23: the 2023 player mat's energy track ends at 10; Power Up, batteries and
    # Recharge at 10 gain nothing.
    spec = course(cells=[(3, 3, {"kind": "energy"})])
    s = game(spec, robots=[(3, 3, "N"), (5, 5, "N")], energy=9)
    ev = play_round(s, {0: ["powerup"] * 5, 1: ["powerup"] * 5})
    assert s.robots[0].energy == 10 and s.robots[1].energy == 10
    gains = [e.data["gain"] for e in ev if e.kind == "energy" and e.seat == 1]
    assert gains == [1, 0, 0, 0, 0]
    s = game(energy=9)
    s.robots[0].temp = ["recharge"]
    from game.roborally.rules.engine import Choice
    from tests.roborally.support import skip_upgrades
    skip_upgrades(s)
    from game.roborally import rules as R
    R.apply(s, Choice("use", "recharge"))
    assert s.robots[0].energy == 10


def test_checkpoints_count_only_in_order_and_the_last_one_wins():
    spec = course(checkpoints=[(3, 2), (3, 4)])
    s = game(spec, robots=[(3, 5, "N"), FAR])
    ev = play_round(s, {0: ["move1", "move1", "move1", "uturn", "move2"], 1: STILL})
    # passes (3, 4) first: not checkpoint 1 yet; then 1 at (3, 2), then 2 at (3, 4)
    assert [e.data["number"] for e in ev if e.kind == "checkpoint"] == [1, 2]
    assert E.is_over(s) and E.result(s).winners == (0,)


def test_the_race_is_won_at_the_end_of_the_register_that_reaches_the_last_checkpoint():
    spec = course(checkpoints=[(3, 4)])
    s = game(spec, robots=[(3, 5, "N"), FAR])
    ev = play_round(s, {0: ["move1", "move1", "move1", "move1", "move1"], 1: STILL})
    assert kinds(ev)[-1] == "win" and sum(1 for e in ev if e.kind == "reveal") == 1


def test_rulebook_example_robot_weapons_fire_after_the_belts_move():
    """Robo Rally 2023, '3a. Programming card activation' worked example: Smash Bot (the
    priority token holder) turns left on a blue belt; Hammer Bot moves 3 to face the square
    Smash Bot was on, but the blue belt carries Smash Bot 2 spaces before robot weapons fire,
    so Hammer Bot does not hit it."""
    spec = course(width=10, cells=[(3, 5, {"kind": "express", "dir": "N"}), (3, 4, {"kind": "express", "dir": "N"})])
    s = game(spec, robots=[(3, 5, "N"), (9, 5, "W")])
    assert s.token == 0
    ev = play_round(s, {0: ["left"] + STILL[:4], 1: ["move3"] + STILL[:4]})
    reg1 = first_register(ev)
    assert [e.seat for e in reg1 if e.kind == "play"] == [0, 1]
    assert [tuple(e.data["to"]) for e in reg1 if e.kind == "convey" and e.seat == 0] == [(3, 4), (3, 3)]
    assert not [e for e in reg1 if e.kind == "robot_laser" and e.seat == 1]
    assert pos(s, 1)[:2] == (6, 5) and pos(s, 0) == (3, 3, "W")
