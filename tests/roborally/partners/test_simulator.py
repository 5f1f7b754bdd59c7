"""The outside-style opponent (game.roborally.partners.Simulator): legal choices to the end,
a sensible program, and a module:Class seat of the simulator."""
from game.roborally import rules as R
from game.roborally.partners import Simulator
from tests.roborally.support import course, game, play_to_end, skip_upgrades


def test_it_drives_straight_to_a_checkpoint_in_front_of_it():
    s = game(course(checkpoints=[(3, 1)]), robots=[(3, 6, "N"), (6, 6, "S")])
    skip_upgrades(s)
    s.robots[0].hand = ["move3", "move2", "left", "right", "uturn", "back", "powerup", "left", "right"]
    player = Simulator(1)
    while R.current_seat(s) == 0 and s.phase == "program":
        R.apply(s, player.choose(R.seat_view(s, 0), R.legal_choices(s)))
    regs = s.robots[0].regs
    assert "move3" in regs and "move2" in regs            # the five squares to the checkpoint
    assert "back" not in regs and "uturn" not in regs


def test_it_does_not_drive_into_a_pit():
    s = game(course(cells=[(3, 4, {"kind": "pit"})], checkpoints=[(3, 0)]), robots=[(3, 5, "N"), (6, 6, "S")])
    skip_upgrades(s)
    s.robots[0].hand = ["move1", "move2", "move3", "left", "right", "right", "back", "powerup", "uturn"]
    player = Simulator(2)
    while R.current_seat(s) == 0 and s.phase == "program":
        R.apply(s, player.choose(R.seat_view(s, 0), R.legal_choices(s)))
    assert s.robots[0].regs[0] not in ("move1", "move2", "move3")


def test_a_race_against_it_ends_and_it_only_plays_legal_choices():
    from game.roborally.tools.samples import conformance_configs

    _, cfg = conformance_configs()[0]
    s = play_to_end(R.new_game(cfg, 4), [Simulator(1), Simulator(2)])
    assert R.is_over(s)
