"""Who answers a rebooted robot's facing (RR16/RR23 Rebooting: the player may turn it to face
any direction): the AI levels and the outside Simulator partner, on an open board."""
import pytest

from game.roborally import rules as R
from game.roborally.ai import make_player
from game.roborally.ai.planner import Planner
from game.roborally.partners import Simulator
from game.roborally.rules.engine import Choice
from tests.roborally.support import STILL, course, game, program_round

EAST = 1


def _rebooted_facing_south():
    """Seat 0 drove off the top edge and waits on the reboot space (0, 0), arrow south, with
    its next checkpoint (7, 0) straight east."""
    s = game(course(reboot=(0, 0, "S"), checkpoints=((7, 0),)), robots=[(3, 0, "N"), (7, 7, "N")])
    program_round(s, {0: ["move1"] + STILL[:4], 1: STILL})
    assert s.phase == "reboot_facing" and s.pending[1] == 0
    return s


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_normal_and_hard_turn_the_rebooted_robot_to_face_the_next_checkpoint(level):
    s = _rebooted_facing_south()
    choice = make_player(level, 1).choose(R.seat_view(s, 0), R.legal_choices(s))
    assert choice == Choice("facing", EAST)


def test_easy_keeps_the_arrow_and_random_picks_a_legal_facing():
    s = _rebooted_facing_south()
    view, legal = R.seat_view(s, 0), R.legal_choices(s)
    assert make_player("easy", 1).choose(view, legal) == Choice("facing", 2)
    assert make_player("random", 1).choose(view, legal) in legal


def test_the_simulator_partner_faces_its_next_checkpoint():
    s = _rebooted_facing_south()
    assert Simulator(3).choose(R.seat_view(s, 0), R.legal_choices(s)) == Choice("facing", EAST)


def test_hard_plays_a_waiting_haywire_from_each_facing_before_choosing():
    # a Haywire under register 1 plays first next round: hard prices each facing by its six cards
    s = _rebooted_facing_south()
    s.robots[0].haywire[0] = "hw_move1_left"
    view = R.seat_view(s, 0)
    planner = Planner(view, "hard")
    me = view.robots[0]
    with_haywire = [planner.facing_value(me.x, me.y, d, me.cp) for d in range(4)]
    plain = [planner.terminal(me.x, me.y, d, me.cp, False) for d in range(4)]
    assert with_haywire != plain
    assert with_haywire[0] < with_haywire[1] and with_haywire[3] < with_haywire[2]   # N and W drive off the corner
    best = max(range(4), key=lambda d: (with_haywire[d], d == me.d))
    assert make_player("hard", 1).choose(view, R.legal_choices(s)) == Choice("facing", best)
