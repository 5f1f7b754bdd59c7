"""Robo Run's side of the engine contract (game.core.engine): config JSON, result, reveals, redeal."""
import json
import random

import pytest

from game.core.engine import ENGINE_NAMES, IllegalChoice, Result
from game.core.errors import UserError
from game.roborun import rules
from game.roborun.levels.ascii_board import parse_board, plain_setup
from game.roborun.levels.tmx_loader import list_levels, load_level
from game.roborun.rules.config import RoboRunConfig
from game.roborun.rules.level import LevelSpec
from game.roborun.rules.state import Choice

BOARD = """
.+G    .      Xg
.      H      .
Xr     .      .+R
"""


def test_the_rules_package_exports_exactly_the_contract_names():
    assert sorted(rules.__all__) == sorted(ENGINE_NAMES)
    assert rules.GAME_ID == "roborun" and rules.seat_count(None) == 2


@pytest.mark.parametrize("ref, path", list_levels(), ids=[ref for ref, _ in list_levels()])
def test_every_shipped_map_survives_the_json_round_trip_unchanged(ref, path):
    level = load_level(path)
    data = json.loads(json.dumps(level.to_json()))
    back = LevelSpec.from_json(data)
    assert back == level and back.to_json() == data


def test_a_saved_config_embeds_the_map_so_it_outlives_the_file():
    config = RoboRunConfig(parse_board(BOARD), plain_setup(), level_ref="mine.tmx")
    data = json.loads(json.dumps(rules.config_to_json(config)))
    assert data["level"]["width"] == 3 and data["level"]["spaces"][0][2] == {"kind": "exit", "colour": "green"}
    back = rules.config_from_json(data)
    assert back == config
    seed_events = [rules.new_game(c, 9).pending.options for c in (config, back)]
    assert seed_events[0] == seed_events[1]


@pytest.mark.parametrize("change, field", [
    (lambda d: d["level"]["spaces"][1].__setitem__(1, {"kind": "volcano"}), "config.level spaces[1][1].kind"),
    (lambda d: d["level"].__setitem__("width", "3"), "config.level width"),
    (lambda d: d["level"]["robots"][0].__setitem__("pos", [0]), "config.level robots[0].pos"),
    (lambda d: d["level"].__setitem__("walls", [[0, 0, "N"]]), "config.level walls[0] side"),
    (lambda d: d["setup"]["players"][1].__setitem__("energy", "lots"), "config.setup.players[1].energy"),
    (lambda d: d.pop("level"), "config.level"),
])
def test_a_bad_field_in_a_saved_config_is_a_one_line_error_naming_it(change, field):
    data = rules.config_to_json(RoboRunConfig(parse_board(BOARD), plain_setup()))
    change(data)
    with pytest.raises(UserError) as err:
        rules.config_from_json(data)
    assert err.value.where == field


def _played(config, seed, steps):
    state = rules.new_game(config, seed)
    rng = random.Random(seed)
    events = []
    for _ in range(steps):
        if rules.is_over(state):
            break
        events += rules.apply(state, rng.choice(rules.legal_choices(state)))
    return state, events


def test_result_is_shared_by_both_seats():
    config = RoboRunConfig(parse_board(BOARD), plain_setup())
    state, _ = _played(config, 1, 0)
    assert rules.result(state) is None and rules.current_seat(state) == 0
    state.outcome = "won"
    assert rules.result(state) == Result(winners=(0, 1), outcome="won")
    state.outcome, state.loss_cause = "lost", "destroyed:shredder"
    assert rules.result(state) == Result(winners=(), outcome="lost", cause="destroyed:shredder")
    assert rules.current_seat(state) is None


def test_an_illegal_choice_raises_illegal_choice_before_anything_changes():
    state = rules.new_game(RoboRunConfig(parse_board(BOARD), plain_setup()), 3)
    before = state.summary()
    with pytest.raises(IllegalChoice):
        rules.apply(state, Choice("play", (99,)))
    assert state.summary() == before and rules.legal_choices(state)


def test_state_rng_is_the_dealing_generator_and_each_copy_has_its_own():
    config = RoboRunConfig(parse_board(BOARD), plain_setup())
    state = rules.new_game(config, 5)
    twin = state.copy()
    assert state.rng is not twin.rng and state.rng.getstate() == twin.rng.getstate()
    state.rng.random()
    assert state.rng.getstate() != twin.rng.getstate()


def test_reveals_are_the_undo_barrier_events():
    shipped = RoboRunConfig(load_level(list_levels()[0][1]))
    _, events = _played(shipped, 2, 200)
    kinds = {e.kind for e in events if rules.is_reveal(e)}
    assert kinds and kinds <= {"equipment_drawn", "event_revealed", "card_flipped", "cleanup", "round_ended",
                               "spawned", "scenario_won", "scenario_lost", "message", "beeped"}
    assert not any(rules.is_reveal(e) for e in events if e.kind in ("moved", "card_played", "passed"))


def test_redeal_reshuffles_the_decks_but_not_what_the_seat_sees():
    config = RoboRunConfig(load_level(list_levels()[0][1]))
    state = rules.new_game(config, 8)
    seen = [repr(rules.seat_view(state, seat)) for seat in (0, 1)]
    decks = set()
    for k in range(6):
        other = rules.redeal_hidden(state, 0, random.Random(k))
        assert [repr(rules.seat_view(other, seat)) for seat in (0, 1)] == seen
        assert sorted(other.event_deck) == sorted(state.event_deck)
        assert sorted(other.equip_deck) == sorted(state.equip_deck)
        decks.add((tuple(other.event_deck), tuple(other.equip_deck)))
    assert len(decks) > 1 and state.summary() == rules.new_game(config, 8).summary()
