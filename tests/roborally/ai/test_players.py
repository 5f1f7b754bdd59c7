"""AI players: they read only the seat view, choose legal moves, program sensibly and
hard buys and uses upgrades."""
import random

import pytest

from game.roborally import rules as R
from game.roborally.ai import make_player
from game.roborally.ai.planner import Planner, card_distance
from game.roborally.rules.engine import Choice
from tests.roborally.support import course, game, play_to_end, skip_upgrades

FAR = (7, 7, "W")


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_every_level_plays_legal_choices_to_the_end(level):
    from game.roborally.tools.samples import conformance_configs

    _, cfg = conformance_configs()[0]
    s = play_to_end(R.new_game(cfg, 3), [make_player(level, 1), make_player("random", 2)])
    assert R.is_over(s)


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        make_player("genius", 1)


def test_hard_programs_a_straight_run_to_the_checkpoint():
    s = game(course(checkpoints=[(3, 1)]), robots=[(3, 6, "N"), (6, 6, "S")])
    skip_upgrades(s)
    r = s.robots[0]
    r.hand = ["move3", "move2", "left", "right", "uturn", "back", "powerup", "left", "right"]
    player = make_player("hard", 1)
    while R.current_seat(s) == 0 and s.phase == "program":
        R.apply(s, player.choose(R.seat_view(s, 0), R.legal_choices(s)))
    assert r.regs[:2] in (["move3", "move2"], ["move2", "move3"])


def test_hard_avoids_driving_into_a_pit():
    spec = course(cells=[(3, 4, {"kind": "pit"})], checkpoints=[(3, 1)])
    s = game(spec, robots=[(3, 6, "N"), (6, 6, "S")])
    skip_upgrades(s)
    r = s.robots[0]
    r.hand = ["move3", "move2", "move1", "left", "right", "right", "uturn", "back", "powerup"]
    player = make_player("hard", 1)
    view = R.seat_view(s, 0)
    plan = Planner(view, "hard").best_program(list(r.hand))
    x, y, d = 3, 6, 0
    planner = Planner(view, "hard")
    prev, cp, reb = None, 0, False
    for reg, card in enumerate(plan, start=1):
        x, y, d, cp, reb, _, prev = planner.step(reg, x, y, d, cp, prev, card)
        assert not reb, plan


def test_cards_to_go_knows_facing():
    s = game(course(checkpoints=[(3, 1)]), robots=[(3, 6, "N"), (6, 6, "S")])
    dist = card_distance(s.board, (3, 1))
    assert dist[(3, 4, 0)] == 1            # Move 3 north
    assert dist[(3, 4, 2)] == 2            # U-turn, then Move 3


def test_hard_installs_a_useful_upgrade_and_uses_recharge():
    s = game(energy=5)
    s.robots[0].owned = ["hover_unit", "ram_gear"]
    player = make_player("hard", 1)
    choice = player.choose(R.seat_view(s, 0), R.legal_choices(s))
    assert choice == Choice("install", "hover_unit")
    assert make_player("normal", 1).choose(R.seat_view(s, 0), R.legal_choices(s)) == Choice("pass")
    R.apply(s, choice)
    skip_upgrades(s)
    s.robots[0].temp = ["recharge"]
    assert player.choose(R.seat_view(s, 0), R.legal_choices(s)) == Choice("use", "recharge")


def test_hard_stuns_when_it_can():
    s = game(robots=[(3, 3, "S"), (3, 5, "E")])
    s.robots[0].temp = ["stun"]
    s.phase, s.register, s.pending = "fire", 2, ("fire", 0, 2)
    legal = R.legal_choices(s)
    assert make_player("hard", 1).choose(R.seat_view(s, 0), legal) == Choice("fire", "stun")
    assert make_player("normal", 1).choose(R.seat_view(s, 0), legal) == Choice("fire", "main")


def test_choices_do_not_depend_on_hidden_cards():
    s = game(seed=5)
    skip_upgrades(s)
    view = R.seat_view(s, 0)
    mine = make_player("hard", 3).choose(view, R.legal_choices(s))
    for k in range(3):
        other = R.redeal_hidden(s, 0, random.Random(k))
        assert make_player("hard", 3).choose(R.seat_view(other, 0), R.legal_choices(other)) == mine


def test_a_register_lost_to_spam_still_meets_the_crusher_under_the_robot():
    # issue 23, cause 2: registers holding SPAM or Haywire skipped the board elements in the plan
    from game.roborally.ai.planner import Planner
    spec = course(cells=[(3, 5, {"kind": "crusher", "registers": [2]})])
    s = game(spec, robots=[(3, 5, "N"), FAR])
    skip_upgrades(s)
    planner = Planner(R.seat_view(s, 0), "hard")
    *_, rebooted, reward, _ = planner.step(2, 3, 5, 0, 0, None, "spam")
    assert rebooted


def test_controlled_chaos_puts_haywire_under_a_register_already_played():
    s = game(robots=[(3, 5, "N"), FAR])
    s.robots[0].perm = ["controlled_chaos"]
    view = R.seat_view(s, 0)
    view.register, view.phase = 3, "haywire"
    choices = [Choice("haywire", r) for r in (1, 2, 4, 5)]
    assert make_player("hard", 1).choose(view, choices) == Choice("haywire", 2)


def test_controlled_chaos_declines_when_the_haywire_would_go_to_the_discard():
    """Chaos & Carnage, Upgrade Cards: "you *may* place it"; with a Haywire already under the
    current register, declining sends the new one to the damage discard, at no cost to the robot
    (placing it under register 2, played this round, would make it play there next round)."""
    s = game(robots=[(3, 5, "N"), FAR])
    s.robots[0].perm = ["controlled_chaos"]
    view = R.seat_view(s, 0)
    view.register, view.phase = 3, "haywire"
    choices = [Choice("haywire", r) for r in (0, 1, 2, 4, 5)]
    for level in ("easy", "normal", "hard"):
        assert make_player(level, 1).choose(view, choices) == Choice("haywire", 0), level


def test_two_haywires_in_a_row_are_priced_for_the_fall_the_second_can_bring():
    # issue 23: a robot with Haywires under registers 4 and 5 fell in register 5 because each
    # was priced from the square it stood on before the first. Pit 3 squares ahead: no single
    # Haywire reaches it (at most 2 squares), "Move 2, U-Turn" then "Back Up twice" does.
    spec = course(cells=[(3, 2, {"kind": "pit"})], checkpoints=[(7, 7)])
    s = game(spec, robots=[(3, 5, "N"), FAR])
    skip_upgrades(s)
    planner = Planner(R.seat_view(s, 0), "hard")
    planner.haywire_regs = (True, False, False, False, False)
    one = planner.step(1, 3, 5, 0, 0, None, "move1")[5]
    planner = Planner(R.seat_view(s, 0), "hard")
    planner.haywire_regs = (True, True, False, False, False)
    two = planner.step(1, 3, 5, 0, 0, None, "move1")[5]
    assert two < one
    second = planner.step(2, 3, 5, 0, 0, "damage", "move1")[5]
    assert second == one                       # the second is not priced twice


def test_hard_prices_standing_where_a_robot_facing_it_can_push_it_into_a_pit():
    # issue 23, cause 4: "it stops in front of an opponent and is pushed off the board"
    spec = course(cells=[(3, 2, {"kind": "pit"})], checkpoints=[(7, 7)])
    exposed = game(spec, robots=[(0, 7, "N"), (3, 5, "N")])     # faces the square (3, 3) from 2 below
    skip_upgrades(exposed)
    alone = game(spec, robots=[(0, 7, "N"), (6, 5, "N")])
    skip_upgrades(alone)
    with_robot = Planner(R.seat_view(exposed, 0), "hard").step(1, 3, 3, 0, 0, None, "powerup")[5]
    without = Planner(R.seat_view(alone, 0), "hard").step(1, 3, 3, 0, 0, None, "powerup")[5]
    assert with_robot < without


def test_with_a_haywire_ahead_hard_plans_for_every_way_it_can_move_the_robot():
    # issue 23, cause 1: the cards after a face-down Haywire were planned from where the robot
    # stood, but every Haywire card moves it. Pits on both sides of the lane south of the
    # robot; each of the six Haywire cards is played through the engine under register 1.
    from game.roborally.rules import content as C
    from game.roborally.rules.worlds import play_activation
    from game.roborally.ai.planner import fill

    spec = course(checkpoints=[(3, 7)], cells=[(2, 3, {"kind": "pit"}), (4, 3, {"kind": "pit"})])
    hand = ["move3", "move2", "move1", "left", "right", "uturn", "back", "move1", "right"]

    def falls(program):
        count = 0
        for hw in sorted(C.HAYWIRE):
            s = game(spec, robots=[(3, 1, "S"), (7, 7, "W")])
            skip_upgrades(s)
            s.robots[0].haywire[0] = hw
            _, events = play_activation(s, {0: fill(program, hand, 5), 1: ["uturn"] * 5})
            count += any(e.kind == "reboot" and e.seat == 0 for e in events)
        return count

    s = game(spec, robots=[(3, 1, "S"), (7, 7, "W")])
    skip_upgrades(s)
    s.robots[0].haywire[0] = "hw_back_back"
    view = R.seat_view(s, 0)
    planned = Planner(view, "hard").top_programs(hand, (), 1)[0]
    stay_put = Planner(view, "hard")
    stay_put._haywire_ahead = lambda reg: False          # the old model: the robot stays put
    assert falls(planned) <= 2 < falls(stay_put.top_programs(hand, (), 1)[0])


def test_hard_does_not_fall_on_purpose_to_skip_the_haywires_waiting_in_its_registers():
    # issue 23, the "Haywire spiral" traced on foundry-loop: a reboot cancels the registers
    # after it, but their face-down Haywires stay on the mat and play next round. Priced as
    # gone, driving off the edge beside a reboot space next to the checkpoint looked cheaper
    # than walking and playing them. Here the robot faces the east edge, Haywires lie under
    # registers 4 and 5, and the reboot space is one square from the checkpoint.
    from game.roborally.rules.worlds import play_activation

    spec = course(checkpoints=[(1, 0)], reboot=(1, 1, "N"))
    s = game(spec, robots=[(7, 7, "E"), (0, 7, "N")])
    skip_upgrades(s)
    s.robots[0].haywire[3] = s.robots[0].haywire[4] = "hw_back_back"
    hand = ["move1", "move1", "move2", "right", "left", "uturn", "move1", "right", "left"]
    s.robots[0].hand = list(hand)
    player = make_player("hard", 1)
    player.choose(R.seat_view(s, 0), R.legal_choices(s))
    _, events = play_activation(s, {0: player._plan, 1: ["powerup"] * 5})
    reveals = 0
    for e in events:
        reveals += e.kind == "reveal"
        assert not (e.kind == "reboot" and e.seat == 0 and reveals <= 3), player._plan
