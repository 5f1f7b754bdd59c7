"""Robo Rescue: Origins on the shared engine contract (game.core.engine): the names, the
set-up, the result with final scores, reveals and re-dealing what a seat cannot see."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from game.core.engine import ENGINE_NAMES, IllegalChoice, missing_names
from game.roborescue import rules
from game.roborescue.rules import engine as E
from game.roborescue.rules.engine import Config, DrawSecond, KeepVP, ScoreAreas
from game.roborescue.rules.events import Event
from game.roborescue.rules.scoring import rating


def play_randomly(state, seed: int, until=lambda s: rules.is_over(s)) -> None:
    rng = random.Random(seed)
    while not until(state):
        rules.apply(state, rng.choice(rules.legal_choices(state)))


def test_the_rules_package_exports_exactly_the_contract():
    assert missing_names(rules) == []
    assert sorted(rules.__all__) == sorted(ENGINE_NAMES)
    assert rules.GAME_ID == "roborescue"


def test_config_round_trips_and_a_bad_one_is_refused():
    for config in (Config(), Config(1, advanced=True), Config(4)):
        assert rules.config_from_json(json.loads(json.dumps(rules.config_to_json(config)))) == config
    with pytest.raises(ValueError):
        rules.config_from_json({"players": 2, "advanced": "yes"})
    with pytest.raises(ValueError):
        rules.config_from_json({"players": 0, "advanced": False})
    with pytest.raises(ValueError):
        rules.new_game(Config(5), 1)


def test_choices_round_trip_and_a_malformed_one_is_a_value_error():
    assert rules.choice_from_json(rules.choice_to_json(ScoreAreas((0, 3)))) == ScoreAreas((0, 3))
    with pytest.raises(ValueError):
        rules.choice_from_json({"type": "fly"})
    with pytest.raises(ValueError):
        rules.choice_from_json("draw")


def test_an_illegal_choice_is_an_illegal_choice_and_changes_nothing():
    state = rules.new_game(Config(2), 3)
    before = rules.seat_view(state, 0), rules.legal_choices(state)
    for wrong in (ScoreAreas((0, 1)), KeepVP(0), DrawSecond()):       # turn 1 only places cards
        with pytest.raises(IllegalChoice):
            rules.apply(state, wrong)
    with pytest.raises(E.IllegalAction):
        rules.apply(state, KeepVP(0))
    assert (rules.seat_view(state, 0), rules.legal_choices(state)) == before


def test_solo_result_is_a_finish_with_the_final_score_and_its_rating():
    state = rules.new_game(Config(1), 8)
    assert rules.result(state) is None and rules.seat_count(state) == 1 and rules.current_seat(state) == 0
    play_randomly(state, 8)
    result = rules.result(state)
    score = E.final_score(state, 0)
    assert result.winners == (0,) and result.outcome == "finished"
    assert result.scores == (score,) and result.cause == rating(score)
    assert rules.current_seat(state) is None


def test_multiplayer_result_names_the_vp_winners_and_every_final_score():
    state = rules.new_game(Config(3), 12)
    play_randomly(state, 12)
    result = rules.result(state)
    vp = [len(p.vp) for p in state.players]
    assert set(result.winners) == {s for s in range(3) if vp[s] == max(vp)}    # most VP (after any tie-break)
    assert result.winners == state.winners
    assert result.scores == tuple(E.final_score(state, s) for s in range(3))


def test_pile_cards_are_reveals_and_placing_is_not():
    assert rules.is_reveal(Event("drawn", 0, {"card": 4}))
    assert rules.is_reveal(Event("display_refilled", 0, {"card": 4, "slot": 1}))
    assert rules.is_reveal(Event("pile_reshuffled", 0, {"cards": 20}))
    assert not rules.is_reveal(Event("placed", 0, {"card": 4, "area": 2}))
    assert not rules.is_reveal(Event("round_scored", 0, {"round": 1, "areas": [], "score": 0, "breakdown": {}}))


def test_redeal_hidden_keeps_what_the_seat_sees_and_every_size():
    state = rules.new_game(Config(3), 21)
    play_randomly(state, 21, until=lambda s: s.round == 2 and s.turn == 3)
    seat = rules.current_seat(state)
    seen = rules.seat_view(state, seat)
    orders = set()
    for k in range(6):
        other = rules.redeal_hidden(state, seat, random.Random(k))
        assert rules.seat_view(other, seat) == seen
        mine, theirs = state.players[seat], other.players[seat]
        assert Counter(theirs.pile) == Counter(mine.pile) and theirs.hand == mine.hand
        orders.add(tuple(theirs.pile))
        for s in range(3):
            if s == seat:
                continue
            a, b = state.players[s], other.players[s]
            assert [len(a.pile), len(a.hand), len(a.discard)] == [len(b.pile), len(b.hand), len(b.discard)]
            assert a.display == b.display and a.vp == b.vp
            unseen_a = a.pile + a.hand + a.discard + (a.areas[a.decommissioned] if a.decommissioned is not None else [])
            unseen_b = b.pile + b.hand + b.discard + (b.areas[b.decommissioned] if b.decommissioned is not None else [])
            assert Counter(unseen_a) == Counter(unseen_b)
    assert len(orders) > 1                                   # the seat's own pile order is hidden too
    assert rules.seat_view(state, seat) == seen              # the original is untouched
