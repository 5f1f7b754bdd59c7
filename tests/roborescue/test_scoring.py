"""Robo Rescue: Origins placement rules and round scoring, including the rulebook's worked examples."""
import pytest

from game.roborescue.rules.cards import Card
from game.roborescue.rules.scoring import (
    STORAGE,
    WORKSHOP,
    best_pair,
    can_place,
    rating,
    rating_text,
    score_area,
    scoring_choices,
    storage_chain,
    storage_count_bonus,
)


def part(colour, **parts):
    return Card(0, "part", colour, tuple(parts.items()))


def engineer(colour, value):
    return Card(0, "engineer", colour, (("Engineer", value),))


def workbench(colour, value):
    return Card(0, "workbench", colour, (("Workbench", value),))


# --- Workshop placement: at most one of each component type per area -----------------------
def test_workshop_example_head_wheel_card_joins_body_arm_area_not_head_wheel_area():
    card = part("red", Head=2, Wheel=1)
    right = [part("blue", Body=3, Arm=1)]
    left = [part("green", Head=1), part("yellow", Wheel=2)]
    assert can_place(WORKSHOP, right, card)
    assert not can_place(WORKSHOP, left, card)


def test_workshop_refuses_a_card_sharing_any_one_type():
    # A multi-part card counts as every type it shows: one overlap is enough to refuse it.
    assert not can_place(WORKSHOP, [part("red", Wheel=1)], part("blue", Head=2, Wheel=1))
    assert not can_place(WORKSHOP, [engineer("red", 3)], engineer("blue", 2))
    assert can_place(WORKSHOP, [engineer("red", 3)], workbench("red", 2))


def test_workshop_takes_engineers_and_workbenches_storage_does_not():
    assert can_place(WORKSHOP, [], engineer("red", 3))
    assert not can_place(STORAGE, [], engineer("red", 3))
    assert not can_place(STORAGE, [], workbench("red", 3))


# --- Storage placement: one card per colour, continue a chain on ALL cards ------------------
def test_storage_example_blue_body_card_continues_left_chain_not_right():
    card = part("blue", Body=2, Arm=1)
    left = [part("red", Body=1, Head=2), part("green", Body=3)]           # chain: Body, no blue
    right = [part("blue", Head=1, Wheel=1), part("yellow", Head=2, Wheel=2)]  # blue already there
    assert can_place(STORAGE, left, card)
    assert not can_place(STORAGE, right, card)


def test_storage_chain_must_be_on_all_previous_cards():
    area = [part("red", Head=1, Arm=1), part("blue", Head=1, Body=1)]  # chain: Head only
    assert storage_chain(area) == ("Head",)
    assert not can_place(STORAGE, area, part("green", Arm=3))  # Arm is not on the blue card
    assert can_place(STORAGE, area, part("green", Head=1, Arm=3))


def test_storage_one_card_per_colour():
    assert not can_place(STORAGE, [part("red", Head=1)], part("red", Head=2))


# --- Storage scoring --------------------------------------------------------------------------
def test_storage_base_example_body_and_wheel_on_all_three_cards_score_9():
    area = [
        part("red", Body=2, Wheel=1, Head=3),
        part("blue", Body=2, Wheel=1, Arm=2),
        part("green", Body=2, Wheel=1),
    ]
    score = score_area(STORAGE, area)
    assert score.base == 6 + 3
    assert score.count_bonus == 3


def test_storage_card_count_bonus_table():
    assert [storage_count_bonus(n) for n in (2, 3, 4)] == [2, 3, 8]
    assert storage_count_bonus(5) == 5  # our reading of "five valid cards score 5"


def test_storage_four_card_head_chain_gets_8_bonus():
    area = [part(c, Head=1) for c in ("red", "blue", "green", "yellow")]
    score = score_area(STORAGE, area)
    assert (score.base, score.count_bonus, score.total) == (4, 8, 12)


# --- Workshop scoring -------------------------------------------------------------------------
def test_workshop_colour_bonus_two_per_card_when_all_match():
    area = [part("red", Head=1), part("red", Body=1), engineer("red", 1)]
    assert score_area(WORKSHOP, area).colour_bonus == 6


def test_workshop_colour_bonus_one_per_card_when_any_differs():
    area = [part("red", Head=1), part("red", Body=1), part("blue", Arm=1), part("red", Wheel=1), engineer("red", 1)]
    assert score_area(WORKSHOP, area).colour_bonus == 5


def test_workshop_completion_bonus_one_per_card_with_all_six_types():
    area = [part("red", Head=1, Wheel=1), part("blue", Body=1, Arm=1), engineer("red", 2), workbench("green", 3)]
    score = score_area(WORKSHOP, area)
    assert score.completion_bonus == 4
    assert score.base == 9 and score.colour_bonus == 4
    assert score_area(WORKSHOP, area[:3]).completion_bonus == 0


def test_worked_example_workshop_13_plus_storage_9_is_round_22():
    workshop = [part("red", Body=4, Arm=2), engineer("blue", 1), workbench("red", 3)]
    storage = [part("red", Body=2, Head=1), part("blue", Body=2), part("green", Body=2, Arm=3)]
    ws, st = score_area(WORKSHOP, workshop), score_area(STORAGE, storage)
    assert (ws.base, ws.colour_bonus, ws.completion_bonus, ws.total) == (10, 3, 0, 13)
    assert (st.base, st.count_bonus, st.total) == (6, 3, 9)
    scores = [ws, score_area(WORKSHOP, []), st, score_area(STORAGE, [])]
    assert best_pair(scores) == ((0, 2), 22)


# --- Choosing areas to score ------------------------------------------------------------------
def test_only_areas_with_two_cards_may_be_scored_and_exactly_two_when_possible():
    one = score_area(WORKSHOP, [part("red", Head=4)])
    two = score_area(WORKSHOP, [part("red", Head=1), part("red", Body=1)])
    three = score_area(STORAGE, [part("red", Head=1), part("blue", Head=1), part("green", Head=1)])
    assert not one.eligible and two.eligible
    assert scoring_choices([one, two, three, None]) == [(1, 2)]
    assert scoring_choices([one, two, None, one]) == [(1,)]
    assert scoring_choices([one, None, one, one]) == [()]
    assert best_pair([one, None, one, one]) == ((), 0)


def test_decommissioned_area_is_never_a_scoring_choice():
    two = score_area(WORKSHOP, [part("red", Head=1), part("red", Body=1)])
    assert scoring_choices([two, None, two, two]) == [(0, 2), (0, 3), (2, 3)]


# --- Solo ratings -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "score, band",
    [(0, "start"), (100, "start"), (101, "not_bad"), (150, "not_bad"), (151, "wow"), (180, "wow"), (181, "legendary")],
)
def test_solo_rating_bands(score, band):
    assert rating(score) == band


def test_rating_text_is_the_rulebook_line():
    assert rating_text(181) == "Legendary! A masterpiece of engineering!"
    assert rating_text(42) == "A start to your robot-building journey!"
