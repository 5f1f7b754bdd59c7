"""Hard's engine check (ai/rollout.py): sampled worlds agree with the seat view, and the
candidate programs are judged by the real engine, the other robots' likely programs included."""
import random

from game.roborally import rules as R
from game.roborally.ai import rollout
from game.roborally.ai.planner import Planner
from tests.roborally.support import course, game, skip_upgrades

OTHERS = ["right"] * 4 + ["left"] * 4 + ["uturn", "back", "powerup", "again"]


def _program_phase(spec, robots):
    s = game(spec, robots=robots)
    skip_upgrades(s)
    return s


def test_a_sampled_world_shows_the_seat_what_its_view_shows():
    s = _program_phase(course(), [(3, 5, "N"), (5, 2, "E")])
    s.robots[1].haywire[2] = "hw_back_back"
    view = R.seat_view(s, 0)
    world = rollout.sample_world(view, random.Random(1))
    again = R.seat_view(world, 0)
    for mine, theirs in zip(view.robots, again.robots):
        assert (mine.x, mine.y, mine.d, mine.cp, mine.energy, mine.haywire, mine.discard) == \
               (theirs.x, theirs.y, theirs.d, theirs.cp, theirs.energy, theirs.haywire, theirs.discard)
    assert again.robots[0].deck_size == view.robots[0].deck_size
    assert world.robots[1].haywire[2] is not None and world.robots[1].haywire[2].startswith("hw_")


def test_the_engine_check_sees_the_robot_behind_push_it_off_the_board():
    # issue 23, cause 4: "it stops in front of an opponent and is pushed off the board".
    # Robot 1 stands behind ours at the top edge holding only Move cards (everything else is
    # in its face-up discard pile), so whatever it plays pushes a robot that stays put.
    s = _program_phase(course(checkpoints=[(7, 0)]), [(3, 0, "E"), (3, 1, "N")])
    other = s.robots[1]
    other.discard, other.hand = list(OTHERS), []
    other.deck = ["move1"] * 4 + ["move2"] * 3 + ["move3"]
    view = R.seat_view(s, 0)
    stay, leave = ["powerup"] * 5, ["move1", "powerup", "powerup", "powerup", "powerup"]
    planner = Planner(view, "hard")
    assert rollout.choose(view, planner, [stay, leave], seed=1) == leave
    world = rollout.sample_world(view, random.Random(2))
    rollout._others_programs(world, 0)
    _, events = rollout.play_round(world, 0, stay)
    assert any(e.kind == "reboot" and e.seat == 0 for e in events)
