"""The partner belief (ai/belief.py): which kind of teammate explains the observed choices."""
import random

import pytest

from game.roborun.ai.belief import FLOOR, MODELS, PRIOR, Option, PartnerBelief, model_policy
from game.roborun.ai.player import RoboRunAI
from game.roborun.levels.ascii_board import game_from_ascii
from game.roborun.rules.engine import apply
from game.roborun.rules.state import Choice
from game.roborun.rules.view import seat_view


def _option(value=0.0, own=0.0, team=0.0, safety=4.0, loses=False, is_pass=False):
    return Option(value, own, team, safety, loses, is_pass)


# Three cards: 0 is the team's best (by the AI's value), 1 takes the partner's own robot
# furthest, 2 is the safest; 3 is PASS.
CHOICES = [_option(value=100.0, own=-6, team=-8, safety=1),
           _option(value=40.0, own=-2, team=-9, safety=1),
           _option(value=20.0, own=-7, team=-12, safety=4),
           _option(value=10.0, own=-7, team=-12, safety=3, is_pass=True)]


def test_a_partner_that_always_takes_its_own_robot_forward_is_believed_selfish():
    belief = PartnerBelief()
    for _ in range(4):
        belief.update(CHOICES, 1)
    assert belief.likeliest() == "selfish"
    assert belief.weights["selfish"] > 0.6


def test_a_partner_that_plays_the_team_best_is_believed_like_the_ai():
    belief = PartnerBelief()
    for _ in range(3):
        belief.update(CHOICES, 0)
    assert belief.likeliest() == "like_me"


def test_a_partner_that_keeps_away_from_bad_robots_is_believed_cautious():
    belief = PartnerBelief()
    for _ in range(3):
        belief.update(CHOICES, 2)
    assert belief.likeliest() == "cautious"


def test_no_model_goes_to_zero_and_a_surprise_moves_the_belief_back():
    belief = PartnerBelief()
    for _ in range(12):
        belief.update(CHOICES, 0)
    assert min(belief.weights.values()) >= FLOOR - 1e-9
    before = belief.weights["selfish"]
    belief.update(CHOICES, 1)
    assert belief.weights["selfish"] > before


def test_a_partner_no_model_explains_keeps_a_broad_belief():
    # It plays a different kind of card each time: the broad model (random) takes the weight,
    # so the AI expects about the average card rather than any one style's favourite.
    belief = PartnerBelief()
    for picked in (3, 1, 2, 0, 3, 1):
        belief.update(CHOICES, picked)
    assert belief.likeliest() == "random"
    values = [100.0, 0.0, 0.0, 0.0]
    assert abs(belief.expected(CHOICES, values) - 25.0) < 15.0


def test_a_forced_choice_says_nothing_and_reset_restores_the_prior():
    belief = PartnerBelief()
    belief.update(CHOICES[:1], 0)
    assert belief.weights == PRIOR and belief.observed == 0
    belief.update(CHOICES, 1)
    belief.reset()
    assert belief.weights == PRIOR and belief.observed == 0


def test_only_the_random_model_plays_a_card_that_loses_at_once():
    options = [_option(value=50.0, own=-1, team=-1, safety=0, loses=True), _option(value=10.0, own=-5, team=-5)]
    for model in MODELS:
        probs = model_policy(model, options)
        assert (probs[0] > 0.4) == (model == "random"), model


def test_a_beeped_card_is_expected_much_less_often():
    plain = model_policy("like_me", CHOICES)
    warned = model_policy("like_me", CHOICES, frozenset({0}))
    assert warned[0] < plain[0] / 3
    assert abs(sum(warned) - 1.0) < 1e-9


def test_for_planning_even_the_random_model_skips_a_card_that_loses_at_once():
    options = [_option(loses=True), _option(), _option()]
    assert model_policy("random", options) == [1 / 3] * 3              # explaining observed play
    assert model_policy("random", options, planning=True) == [0.0, 0.5, 0.5]


def test_the_belief_expects_the_likely_card_not_the_best_one():
    values = [100.0, 0.0, 0.0, 0.0]
    selfish = PartnerBelief()
    for _ in range(5):
        selfish.update(CHOICES, 1)
    like_me = PartnerBelief()
    for _ in range(5):
        like_me.update(CHOICES, 0)
    assert selfish.expected(CHOICES, values) < like_me.expected(CHOICES, values) - 30


def test_the_ai_learns_from_the_card_its_partner_played_and_resets_for_a_new_game():
    # Seat 1 (the partner) can take its red robot to the exit (card 2 blue face: teammate
    # right? the engine decides) - whatever it plays, the AI observes one choice.
    s = game_from_ascii("""
    .     .     .     .
    .+G   .     .     .+R
    .     .     .+b   .
    """, stands=[[(4, "yellow"), (1, "yellow")], [(2, "blue"), (3, "yellow")]])
    ai = RoboRunAI("hard", checks=60)
    rng = random.Random(3)
    for _ in range(40):
        seat = s.decision_seat
        if seat is None or s.outcome is not None:
            break
        if seat == 0:
            choice = ai.choose(seat_view(s, 0), list(s.pending.options), rng)
        else:
            choice = next((c for c in s.pending.options if c.kind in ("play", "no_beep", "continue")),
                          s.pending.options[0])
        apply(s, choice)
        if ai.belief.observed:
            break
    assert ai.belief.observed == 1
    assert ai.belief.weights != PRIOR
    start = game_from_ascii("""
    .+G   .     .+R
    """, stands=[[(4, "yellow")], [(2, "blue")]])
    if start.pending is not None and start.pending.kind == "start":
        ai.choose(seat_view(start, 0), list(start.pending.options), rng)
        assert ai.belief.observed == 0 and ai.belief.weights == PRIOR


def test_a_partner_playing_worse_than_the_best_card_makes_a_pass_cost_more():
    belief = PartnerBelief()
    assert belief.card_shortfall() == 0.0
    for _ in range(3):
        belief.update(CHOICES, 0)              # the best card by the AI's value
    assert belief.card_shortfall() == 0.0
    for _ in range(3):
        belief.update(CHOICES, 3)              # 90 points below the best each time
    assert belief.card_shortfall() == pytest.approx(3 * 90.0 / (6 + 2))   # two imagined perfect cards first
    belief.reset()
    assert belief.card_shortfall() == 0.0


def test_a_partner_believed_random_is_also_expected_to_steer_its_cards_at_random():
    # The `random` model (a novice) plays any safe card and steers it at random: its share of
    # the partner's turn is valued with the careless resolution; the other models' with the
    # AI's own steering.
    values, careless = [100.0, 40.0, 20.0, 10.0], [30.0, 10.0, 20.0, 10.0]
    novice = PartnerBelief()
    novice.weights = {m: (0.96 if m == "random" else 0.01) for m in MODELS}
    assert novice.expected(CHOICES, values, random_values=careless) < novice.expected(CHOICES, values) - 20.0
    like_me = PartnerBelief()
    like_me.weights = {m: (0.96 if m == "like_me" else 0.01) for m in MODELS}
    assert like_me.expected(CHOICES, values, random_values=careless) == pytest.approx(
        like_me.expected(CHOICES, values), abs=1.0)
