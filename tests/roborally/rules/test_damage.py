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


def test_haywire_goes_face_down_under_the_next_register_and_is_resolved_instead():
    s = game(course(lasers=[(0, 5, "E", 1)]), robots=[(3, 5, "N"), FAR])
    s.damage_deck = ["spam"] * 5 + ["hw_move1_right"]
    ev = play_round(s, {0: ["powerup", "uturn", "uturn", "uturn", "uturn"], 1: STILL})
    placed = [e for e in ev if e.kind == "haywire" and e.seat == 0]
    assert placed[0].data["register"] == 2
    played = [e for e in ev if e.kind == "play" and e.seat == 0 and e.data["register"] == 2]
    assert played[0].data["card"] == "hw_move1_right"
    # register 2: Move 1 north then Turn Right, the U-turn is not played
    assert (3, 4) == pos(s, 0)[:2]
    assert "hw_move1_right" in s.damage_discard


def test_at_most_one_haywire_under_a_register_and_late_haywire_waits_for_next_round():
    s2 = game(course(lasers=[(0, 5, "E", 3)]), robots=[(3, 5, "N"), FAR])
    s2.damage_deck = ["spam"] * 10 + ["hw_back_back"] * 3         # first laser hit draws 3 Haywire
    ev = play_round(s2, {0: ["uturn", "uturn", "uturn", "uturn", "powerup"], 1: STILL})
    regs = [e.data["register"] for e in ev if e.kind == "haywire" and e.seat == 0]
    assert regs[:3] == [2, 3, 4]


def test_haywire_drawn_in_register_5_is_placed_after_next_programming():
    s = game(robots=[(3, 5, "N"), FAR])
    s.robots[0].held_haywire = ["hw_move1_left"]
    ev = play_round(s, {0: STILL, 1: STILL})
    placed = [e for e in ev if e.kind == "haywire" and e.seat == 0]
    assert placed[0].data["register"] == 1


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
