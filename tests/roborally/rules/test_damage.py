"""SPAM and Haywire damage (Robo Rally 2023, 'Damage overview'), the damage deck."""
from game.roborally.rules import engine as E
from game.roborally.rules.engine import Choice
from tests.roborally.support import STILL, course, damage_cards, game, play_round, pos

FAR = (7, 7, "W")


def test_spam_goes_to_the_programming_discard_pile():
    s = game(course(lasers=[(0, 3, "E", 1)]), robots=[(3, 3, "N"), FAR])
    play_round(s, {0: ["move1"] + STILL[:4], 1: STILL})
    assert s.robots[0].discard.count("spam") == 0        # moved out of the beam before lasers fired
    s = game(course(lasers=[(0, 3, "E", 1)]), robots=[(3, 3, "N"), FAR])
    play_round(s, {0: STILL, 1: STILL})
    assert s.robots[0].discard.count("spam") == 5


def test_a_programmed_spam_is_removed_and_the_top_card_played_instead():
    s = game(robots=[(3, 6, "N"), FAR])
    before = len(s.damage_discard)
    ev = play_round(s, {0: ["spam"] + STILL[:4], 1: STILL}, deck={0: ["left", "move2"]})
    assert pos(s, 0) == (3, 4, "N")
    assert len(s.damage_discard) == before + 1
    assert "spam" not in s.robots[0].discard


def test_haywire_goes_face_down_under_the_current_register_and_is_resolved_at_its_next_reveal():
    # Issue 23, from public 2023 rules texts (a third-party summary): "a Haywire goes face down
    # under the current register's card". Drawn in register 1 after the card played, it stays
    # on the mat and replaces register 1 of the next round (ours: when it resolves).
    s = game(course(lasers=[(0, 5, "E", 1)]), robots=[(3, 5, "N"), FAR])
    s.damage_deck = ["spam"] * 10 + ["hw_move1_right"]
    ev = play_round(s, {0: STILL, 1: STILL})
    placed = [e for e in ev if e.kind == "haywire" and e.seat == 0]
    assert placed[0].data["register"] == 1 and s.robots[0].haywire[0] == "hw_move1_right"
    assert pos(s, 0) == (3, 5, "N")                       # not resolved in the round it was drawn
    ev = play_round(s, {0: ["uturn"] + STILL[:4], 1: STILL})
    played = [e for e in ev if e.kind == "play" and e.seat == 0 and e.data["register"] == 1]
    assert played[0].data["card"] == "hw_move1_right"
    assert pos(s, 0) == (3, 4, "E")                       # Move 1 north, Turn Right; the U-turn is lost
    assert "hw_move1_right" in s.damage_discard and s.robots[0].haywire[0] is None


def test_a_second_haywire_in_the_same_register_goes_to_the_damage_discard():
    # Issue 23 (2023 summary): "at most one per register, a second to the damage discard".
    s = game(course(lasers=[(0, 5, "E", 2)]), robots=[(3, 5, "N"), FAR])
    s.damage_deck = ["spam"] * 10 + ["hw_back_back", "hw_move1_left"]     # register 1 draws both
    ev = play_round(s, {0: STILL, 1: STILL})
    placed = [e.data for e in ev if e.kind == "haywire" and e.seat == 0]
    assert placed[0]["register"] == 1 and placed[1]["register"] is None and placed[1]["discarded"]
    assert s.robots[0].haywire[0] == "hw_move1_left" and "hw_back_back" in s.damage_discard


def test_a_haywire_drawn_before_the_robot_plays_waits_for_the_next_reveal():
    # Ours: only a Haywire lying under the register when it is revealed replaces the card.
    s = game(robots=[(3, 5, "N"), (3, 4, "S")])
    s.robots[0].perm = ["ram_gear"]
    s.damage_deck = ["hw_back_back"]
    ev = play_round(s, {0: ["move1"] + STILL[:4], 1: ["move1"] + STILL[:4]})
    assert s.robots[1].haywire[0] == "hw_back_back"        # rammed in register 1 before its turn
    assert [e.data["card"] for e in ev if e.kind == "play" and e.seat == 1][0] == "move1"
    assert pos(s, 1) == (3, 4, "S")


def test_empty_damage_deck_reshuffles_the_discard_and_no_cards_means_no_damage():
    s = game(course(lasers=[(0, 3, "E", 1)]), robots=[(3, 3, "N"), FAR])
    s.damage_deck = []
    s.damage_discard = ["spam", "spam"]
    ev = play_round(s, {0: STILL, 1: STILL})
    assert len(damage_cards(ev, 0)) == 2


def test_other_seats_see_that_a_haywire_lies_under_a_register_but_not_which():
    s = game(robots=[(3, 5, "N"), FAR])
    s.robots[1].haywire[2] = "hw_back_back"
    v = E.seat_view(s, 0)
    assert v.robots[1].haywire[2] is True and "hw_back_back" not in repr(v)


def test_the_damage_deck_is_40_cards_of_two_kinds_spam_and_haywire():
    # RR23 "Damage overview": "The damage deck contains 40 cards"; "There are 2 types of damage
    # cards in the damage deck: SPAM and Haywire." (The split, 28 SPAM and 12 Haywire, is ours.)
    from collections import Counter

    from game.roborally import rules as R
    from game.roborally.rules import content as C
    s = R.new_game(E.make_config(course(), 2, 0), 3)
    kinds = Counter("spam" if c == "spam" else "haywire" for c in s.damage_deck)
    assert len(s.damage_deck) == 40 and set(kinds) == {"spam", "haywire"}
    assert all(c == "spam" or C.is_haywire(c) for c in s.damage_deck)
