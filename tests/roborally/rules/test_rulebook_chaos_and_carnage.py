"""An outside audit of the Chaos & Carnage Factory Floor Guide (the seed sheet): situations
for the sheet's statements that test_chaos_and_carnage.py does not already set up. Each test
quotes the sheet (Robo Rally: Chaos & Carnage, section named) and asserts the outcome."""
import pytest

from game.roborally import rules as R
from game.roborally.rules.engine import Choice
from tests.roborally.support import STILL, course, damage_cards, game, kinds, play_round, pos

FAR = (7, 7, "W")
TELE = {"kind": "teleporter"}


# ------------------------------------------------------------------ Controlled Chaos
def test_controlled_chaos_is_optional_a_haywire_for_a_register_that_has_one_may_be_discarded():
    """Chaos & Carnage, Upgrade Cards, Controlled Chaos: "When you draw Haywire damage, you
    *may* place it face down under any card in your registers where there is not already a
    face-down Haywire card." Declining leaves the core rule: a second Haywire for the current
    register goes to the damage discard; the upgrade never makes its owner worse off."""
    s = game(course(lasers=[(0, 5, "E", 2)]), robots=[(3, 5, "N"), FAR])
    s.robots[0].perm = ["controlled_chaos"]
    s.damage_deck = ["spam"] * 20 + ["hw_back_back", "hw_move1_left"]   # register 1: two Haywires
    offered = []

    def pick(legal):
        offered.append(sorted(c.arg for c in legal))
        return Choice("haywire", 1 if len(offered) == 1 else 0)   # the first under register 1, then decline

    ev = play_round(s, {0: STILL, 1: STILL}, haywire=pick)
    assert offered == [[1, 2, 3, 4, 5], [0, 2, 3, 4, 5]]      # 0: decline, as without the upgrade
    placed = [e.data for e in ev if e.kind == "haywire" and e.seat == 0]
    assert placed[0]["register"] == 1 and placed[1]["register"] is None
    assert "hw_back_back" in s.damage_discard and "hw_back_back" not in s.robots[0].haywire
