"""One conformance suite for every registered engine (game/catalog.py).

A game joins by adding its row to the catalog: its rules module must implement
game.core.engine.Engine and its samples function gives a few small configs to play.
Each promise of the contract is checked on random playouts of every sample.
"""
from __future__ import annotations

import json
import random

import pytest

from game import catalog
from game.core.engine import IllegalChoice, missing_names
from game.core.session import GameSession

PLAYOUT_CAP = 3000       # choices; every sample game must end well within this
SEEDS = (1, 2, 3)


def _cases():
    cases = []
    for entry, rules in catalog.available_engines():
        samples = catalog.load(entry.samples)
        configs = samples() if samples else []
        for label, config in configs:
            cases.append(pytest.param(entry, rules, config, id=f"{entry.id}-{label}"))
    return cases


CASES = _cases()
ENGINES = [pytest.param(entry, rules, id=entry.id) for entry, rules in catalog.available_engines()]


class RandomPlayer:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view, choices):
        return self.rng.choice(list(choices))


def _random_game(rules, config, seed: int, cap: int = PLAYOUT_CAP):
    """Play randomly; returns (state, events, choices)."""
    state = rules.new_game(config, seed)
    rng = random.Random(seed * 7919 + 1)
    events, choices = [], []
    for _ in range(cap):
        if rules.is_over(state):
            break
        legal = rules.legal_choices(state)
        choice = rng.choice(legal)
        choices.append(choice)
        events.extend(rules.apply(state, choice))
    return state, events, choices


def _same_view(a, b) -> bool:
    """Views of rebuilt states: equal by value (repr alone can differ in set order)."""
    return a == b or repr(a) == repr(b)


def _plain(value) -> bool:
    return json.loads(json.dumps(value)) == value


@pytest.mark.parametrize("entry, rules", ENGINES)
def test_rules_module_fills_in_every_contract_name(entry, rules):
    assert missing_names(rules) == []
    assert rules.GAME_ID == entry.id
    assert entry.samples and catalog.load(entry.samples)(), "a game gives at least one sample config"


@pytest.mark.parametrize("entry, rules, config", CASES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playouts_end_within_the_cap(entry, rules, config, seed):
    state, _, choices = _random_game(rules, config, seed)
    assert rules.is_over(state), f"no end after {len(choices)} random choices"
    assert rules.legal_choices(state) == []
    result = rules.result(state)
    assert result is not None and set(result.winners) <= set(range(rules.seat_count(state)))
    assert _plain(result.to_json())


@pytest.mark.parametrize("entry, rules, config", CASES)
def test_legal_choices_exist_until_the_end_and_belong_to_a_seat(entry, rules, config):
    state = rules.new_game(config, 5)
    rng = random.Random(5)
    for _ in range(400):
        if rules.is_over(state):
            break
        legal = rules.legal_choices(state)
        assert legal, "a game that is not over always offers a choice"
        seat = rules.current_seat(state)
        assert seat is not None and 0 <= seat < rules.seat_count(state)
        rules.apply(state, rng.choice(legal))


@pytest.mark.parametrize("entry, rules, config", CASES)
def test_copy_is_independent_of_the_original(entry, rules, config):
    _, _, whole = _random_game(rules, config, 11)
    state = rules.new_game(config, 11)
    for choice in whole[:max(1, min(30, len(whole) // 2))]:     # somewhere into the game
        rules.apply(state, choice)
    rng = random.Random(11)
    assert not rules.is_over(state)
    twin = state.copy()
    before = [rules.choice_to_json(c) for c in rules.legal_choices(state)]
    view_before = repr(rules.seat_view(state, rules.current_seat(state)))
    # play the copy to the end: the original must not notice
    for _ in range(PLAYOUT_CAP):
        if rules.is_over(twin):
            break
        rules.apply(twin, rng.choice(rules.legal_choices(twin)))
    assert [rules.choice_to_json(c) for c in rules.legal_choices(state)] == before
    assert repr(rules.seat_view(state, rules.current_seat(state))) == view_before
    assert state.rng is not twin.rng


@pytest.mark.parametrize("entry, rules, config", CASES)
def test_seed_and_choices_replay_to_identical_events(entry, rules, config):
    _, events, choices = _random_game(rules, config, 21)
    again = rules.new_game(config, 21)
    replayed = []
    for choice in choices:
        replayed.extend(rules.apply(again, rules.choice_from_json(json.loads(json.dumps(rules.choice_to_json(choice))))))
    assert replayed == events


@pytest.mark.parametrize("entry, rules, config", CASES)
def test_every_choice_and_the_config_survive_a_json_round_trip(entry, rules, config):
    data = rules.config_to_json(config)
    assert _plain(data)
    assert rules.config_to_json(rules.config_from_json(json.loads(json.dumps(data)))) == data
    state = rules.new_game(config, 31)
    rng = random.Random(31)
    seen = 0
    for _ in range(200):
        if rules.is_over(state):
            break
        legal = rules.legal_choices(state)
        for choice in legal:
            raw = rules.choice_to_json(choice)
            assert _plain(raw)
            assert rules.choice_from_json(json.loads(json.dumps(raw))) == choice
            seen += 1
        rules.apply(state, rng.choice(legal))
    assert seen > 0


@pytest.mark.parametrize("entry, rules, config", CASES)
def test_an_illegal_choice_raises_and_leaves_the_state_unchanged(entry, rules, config):
    state = rules.new_game(config, 41)
    rng = random.Random(41)
    tried = 0
    for _ in range(120):
        if rules.is_over(state):
            break
        legal = rules.legal_choices(state)
        legal_json = [rules.choice_to_json(c) for c in legal]
        # a choice that was legal at some other point but is not legal now
        other = _random_game(rules, config, 42, cap=60)[2]
        stale = [c for c in other if rules.choice_to_json(c) not in legal_json]
        if stale:
            snapshot = (repr(rules.seat_view(state, rules.current_seat(state))), legal_json)
            with pytest.raises(IllegalChoice):
                rules.apply(state, stale[0])
            assert (repr(rules.seat_view(state, rules.current_seat(state))),
                    [rules.choice_to_json(c) for c in rules.legal_choices(state)]) == snapshot
            tried += 1
            if tried >= 3:
                break
        rules.apply(state, rng.choice(legal))
    assert tried > 0, "found no illegal choice to try"


@pytest.mark.parametrize("entry, rules, config", CASES)
def test_an_ai_choice_ignores_what_its_seat_cannot_see(entry, rules, config):
    make_player = catalog.load(entry.ai)
    if make_player is None:
        pytest.skip("no AI registered")
    state = rules.new_game(config, 51)
    rng = random.Random(51)
    checked = 0
    for step in range(160):
        if rules.is_over(state):
            break
        seat = rules.current_seat(state)
        if step % 9 == 0:
            view = rules.seat_view(state, seat)
            choices = rules.legal_choices(state)
            mine = make_player(entry.levels[-1], 7).choose(view, choices)
            for k in range(2):
                other = rules.redeal_hidden(state, seat, random.Random(k))
                assert repr(rules.seat_view(other, seat)) == repr(view), "redeal changed what the seat sees"
                theirs = make_player(entry.levels[-1], 7).choose(rules.seat_view(other, seat),
                                                                 rules.legal_choices(other))
                assert rules.choice_to_json(theirs) == rules.choice_to_json(mine)
            checked += 1
        rules.apply(state, rng.choice(rules.legal_choices(state)))
    assert checked > 0


@pytest.mark.parametrize("entry, rules, config", CASES)
def test_a_saved_session_resumes_to_the_same_position(entry, rules, config):
    session = GameSession.start(rules, config, 61)
    rng = random.Random(61)
    for _ in range(40):
        if session.is_over():
            break
        session.apply(rng.choice(session.legal_choices()))
    data = json.loads(json.dumps(session.to_json()))
    resumed, _ = GameSession.from_json(data, rules, "save")
    seat = session.current_seat()
    if seat is not None:
        assert _same_view(rules.seat_view(resumed.state, seat), rules.seat_view(session.state, seat))
    assert [rules.choice_to_json(c) for c in resumed.legal_choices()] == \
        [rules.choice_to_json(c) for c in session.legal_choices()]
