"""Robo Rescue AI players and the simulator command."""
import json
import random

import pytest

from game.cli import main as cli_main
from game.roborescue import ai
from game.roborescue.rules.engine import SCORE, ScoreAreas, apply, best_scoring, legal_choices, Config, new_game, seat_view
from game.roborescue.tools.simulate import main as simulate_main


@pytest.mark.parametrize("level", ai.LEVELS)
def test_every_level_finishes_games_with_legal_moves(level):
    for n_players, advanced in ((1, False), (2, True)):
        state = new_game(Config(n_players, advanced=advanced), seed=3)
        rng = random.Random(0)
        while state.decision_seat is not None:
            actions = legal_choices(state)
            choice = ai.choose(seat_view(state, state.decision_seat), actions, rng, level)
            assert choice in actions
            apply(state, choice)


def test_ai_decisions_do_not_depend_on_the_pile_order():
    """The AI sees the view only: reordering the hidden pile cannot change its choice."""
    state = new_game(Config(1), seed=4)
    rng = random.Random(0)
    for _ in range(5):
        apply(state, ai.choose(seat_view(state, 0), legal_choices(state), rng, "normal"))
    shuffled = state.copy()
    random.Random(99).shuffle(shuffled.players[0].pile)
    assert shuffled.players[0].pile != state.players[0].pile
    for level in ("normal", "hard"):
        first = ai.choose(seat_view(state, 0), legal_choices(state), random.Random(7), level)
        second = ai.choose(seat_view(shuffled, 0), legal_choices(shuffled), random.Random(7), level)
        assert first == second


def test_ai_scores_the_best_pair_of_areas():
    state = new_game(Config(1), seed=5)
    rng = random.Random(1)
    while state.phase != SCORE:
        apply(state, ai.choose(seat_view(state, 0), legal_choices(state), rng, "normal"))
    areas, _ = best_scoring(state, 0)
    assert ai.choose(seat_view(state, 0), legal_choices(state), rng, "normal") == ScoreAreas(areas)


def test_unknown_level_is_refused():
    state = new_game(Config(1), seed=6)
    with pytest.raises(ValueError):
        ai.choose(seat_view(state, 0), legal_choices(state), random.Random(0), "genius")


def test_simulate_json_report(capsys):
    assert simulate_main(["--players", "2", "--seats", "random,normal", "--games", "2", "--seed", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 2 and len(report["mean_score_by_seat"]) == 2
    assert sum(report["wins_by_seat"]) >= 2 and len(report["decision_ms_p95"]) == 2
    assert set(report["score_histogram"][0]) == {"start", "not_bad", "wow", "legendary"}


def test_simulate_solo_histogram_is_keyed_by_band(capsys):
    assert simulate_main(["--players", "1", "--seats", "random", "--games", "3", "--seed", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert sum(report["score_histogram"].values()) == 3


def test_simulate_bad_seats_is_a_one_line_error(capsys):
    assert cli_main(["simulate", "roborescue", "--players", "2", "--seats", "hard"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--seats" in err
    assert cli_main(["simulate", "roborescue", "--seats", "wizard"]) == 2
    assert "wizard" in capsys.readouterr().err


def test_simulate_text_report_and_advanced_flag(capsys):
    assert simulate_main(["--players", "1", "--seats", "easy", "--games", "2", "--seed", "5", "--advanced"]) == 0
    out = capsys.readouterr().out
    assert "(advanced)" in out and "seat 0" in out and "legendary" in out
