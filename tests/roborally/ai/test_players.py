"""AI players: they read only the seat view, choose legal moves, program sensibly and
hard buys and uses upgrades."""
import random

import pytest

from game.roborally import rules as R
from game.roborally.ai import make_player
from game.roborally.ai.planner import Planner, card_distance
from game.roborally.rules.engine import Choice
from tests.roborally.support import course, game, skip_upgrades

FAR = (7, 7, "W")


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_every_level_plays_legal_choices_to_the_end(level):
    from game.roborally.tools.samples import conformance_configs

    _, cfg = conformance_configs()[0]
    s = R.new_game(cfg, 3)
    players = [make_player(level, 1), make_player("random", 2)]
    for _ in range(3000):
        if R.is_over(s):
            break
        seat = R.current_seat(s)
        legal = R.legal_choices(s)
        choice = players[seat].choose(R.seat_view(s, seat), legal)
        assert choice in legal
        R.apply(s, choice)
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


def test_hard_beats_random_and_normal_on_a_short_course():
    from game.roborally.levels.tmx import find_course, load_course
    from game.roborally.tools.simulate import run

    spec = load_course(find_course("dizzy-dash"))
    assert run(spec, ["hard", "random"], 6, 1, 20)["wins_by_seat"][0] == 6
    assert run(spec, ["hard", "normal"], 20, 1, 20)["wins_by_seat"][0] >= 12


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
