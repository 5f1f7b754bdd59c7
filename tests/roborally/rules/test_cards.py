"""Programming cards (Robo Rally 2023, 'Programming cards'), the deck and the hand."""
from collections import Counter

import pytest

from game.core.engine import IllegalChoice
from game.roborally import rules as R
from game.roborally.rules import content as C
from game.roborally.rules.engine import Choice
from tests.roborally.support import STILL, course, game, play_round, pos, skip_upgrades

FAR = (6, 6, "S")      # the second robot, out of the way, facing off the board's middle


def spam_only(s, n=40):
    s.damage_deck = ["spam"] * n


def test_each_robot_has_its_own_20_card_deck_and_draws_9():
    # Robo Rally 2023 programming deck (the card list from the 2023 rulebook's
    # component list): Move 1 x4, Move 2 x3, Move 3, Back Up, Turn Left x4, Turn Right x4,
    # U-Turn, Power Up, Again.
    s = game()
    counts = Counter(s.robots[0].deck)
    assert sum(counts.values()) == 20
    assert counts == Counter({"move1": 4, "move2": 3, "move3": 1, "back": 1, "right": 4, "left": 4,
                              "uturn": 1, "powerup": 1, "again": 1})
    skip_upgrades(s)
    assert all(len(r.hand) == 9 and len(r.deck) == 11 for r in s.robots)


@pytest.mark.parametrize("card, expected", [
    ("move1", (3, 4, "N")), ("move2", (3, 3, "N")), ("move3", (3, 2, "N")), ("back", (3, 6, "N")),
    ("right", (3, 5, "E")), ("left", (3, 5, "W")), ("uturn", (3, 5, "S")),
])
def test_move_and_turn_cards(card, expected):
    s = game(robots=[(3, 5, "N"), FAR])
    play_round(s, {0: [card] + ["powerup"] * 4, 1: STILL})
    assert pos(s, 0) == expected


def test_power_up_gives_one_energy():
    s = game(robots=[(3, 5, "N"), FAR])
    play_round(s, {0: ["powerup", "move1", "move1", "move1", "left"], 1: STILL})
    assert s.robots[0].energy == 5 + 1


def test_again_repeats_the_previous_register():
    s = game(robots=[(3, 6, "N"), FAR])
    play_round(s, {0: ["move1", "again", "right", "again", "powerup"], 1: STILL})
    assert pos(s, 0) == (3, 4, "S")


def test_again_cannot_go_in_register_1():
    s = game()
    skip_upgrades(s)
    r = s.robots[s.order[0]]
    r.hand = ["again", "move1", "move1", "move1", "move1", "left", "left", "left", "left"]
    assert Choice("card", "again") not in R.legal_choices(s)
    with pytest.raises(IllegalChoice):
        R.apply(s, Choice("card", "again"))
    R.apply(s, Choice("card", "move1"))
    assert Choice("card", "again") in R.legal_choices(s)


def test_again_after_a_damage_card_plays_the_top_card_of_the_deck():
    s = game(robots=[(3, 6, "N"), FAR])
    ev = play_round(s, {0: ["spam", "again", "powerup", "powerup", "powerup"], 1: STILL},
                    deck={0: ["left", "move1", "move2"]})
    # SPAM plays the top card (move2), then Again plays the next one (move1)
    assert pos(s, 0) == (3, 3, "N")
    assert [e.data["card"] for e in ev if e.kind == "draw" and e.seat == 0] == ["move2", "move1"]


def test_a_program_is_hidden_from_other_seats_until_its_register_is_revealed():
    s = game()
    skip_upgrades(s)
    first = s.order[0]
    R.apply(s, R.legal_choices(s)[0])
    other = 1 - first
    assert R.seat_view(s, other).robots[first].regs[0] == "?"
    assert R.seat_view(s, first).regs[0] is not None


def test_unused_hand_cards_are_discarded_when_the_program_is_done():
    s = game(robots=[(3, 5, "N"), FAR])
    play_round(s, {0: STILL, 1: STILL})
    r = s.robots[0]
    assert r.hand == [] and all(c is None for c in r.regs)
    assert len(r.discard) + len(r.deck) + len(r.hand) >= 20 - 5


def test_content_is_data():
    assert C.UPGRADES["stun"]["cost"] == 1 and C.UPGRADES["stun"]["type"] == "temporary"
    for name in ("indirect_fire", "controlled_chaos", "mirror", "leaching"):
        assert C.UPGRADES[name]["cost"] == 3 and C.UPGRADES[name]["type"] == "permanent"


def test_a_seat_sees_its_own_hand_only_and_no_deck_order():
    s = game()
    skip_upgrades(s)
    v0 = R.seat_view(s, 0)
    assert v0.hand == tuple(s.robots[0].hand)
    assert v0.robots[1].hand_size == 9 and v0.robots[1].deck_size == 11
    text = repr(v0)
    assert repr(tuple(s.robots[1].hand)) not in text and repr(s.robots[0].deck) not in text
