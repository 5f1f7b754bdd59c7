"""The Robo Rescue players written from the rulebook (game/roborescue/partners/): they finish solo
and multiplayer games beside the hard AI, behave as their style says, and plug into `simulate`
beside `module:Class` seats, whose mistakes are one line."""
from __future__ import annotations

import json

import pytest

from game.cli import main as cli_main
from game.roborescue.partners import PARTNERS, FirstChoicePlayer, GreedyPlayer
from game.roborescue.rules.engine import (OVER, SOURCE, Config, Decommission, DrawSecond, TakeFromDisplay, final_score,
                                          legal_choices, new_game, seat_view)
from game.roborescue.tools.simulate import play_game

from .test_engine import decommission_situation, play_to_phase, set_lab


@pytest.mark.parametrize("style", sorted(PARTNERS))
@pytest.mark.parametrize("seats", [["{s}"], ["hard", "{s}"], ["{s}", "{s}", "hard"], ["{s}", "hard", "{s}", "{s}"]],
                         ids=["solo", "2", "3", "4"])
def test_each_style_finishes_games_beside_the_hard_ai(style, seats):
    # '5. Game End': solo ends after 6 rounds; multiplayer after 5 (a 6th for a tie), with a winner
    for advanced in (False, True):
        state = play_game([s.format(s=style) for s in seats], 3, advanced)
        assert state.phase == OVER and state.winners
        assert all(len(state.players[seat].round_scores) >= 5 for seat in range(len(seats)))


def _turn_3(display):
    """Solo, turn 3 of round 1: an empty Lab, one card drawn, `display` face up."""
    state = new_game(Config(1), seed=2)
    play_to_phase(state, SOURCE)
    player = state.players[0]
    set_lab(state, 0, [[], [], [], []], hand=list(player.hand))
    for card in display:
        for pile in (player.pile, player.hand):
            if card in pile:
                pile.remove(card)
    player.pile += [c for c in player.display if c not in display]
    player.display = list(display)
    return state


def test_greedy_takes_a_display_card_worth_four_points_and_otherwise_draws():
    # 'Turns 3 & 4': draw a 2nd card from the pile or take 1 from the Display
    rich = _turn_3([1, 0, 2])          # card 0 is a red Head worth 6: 6 + colour bonus 2 in a Workshop
    assert GreedyPlayer(1).choose(seat_view(rich, 0), legal_choices(rich)) == TakeFromDisplay(1, 0)
    poor = _turn_3([1, 2, 3])          # single Body, Arm, Wheel of 1: 3 points at most
    assert GreedyPlayer(1).choose(seat_view(poor, 0), legal_choices(poor)) == DrawSecond()


def test_first_choice_never_takes_from_the_display():
    rich = _turn_3([1, 0, 2])
    assert FirstChoicePlayer().choose(seat_view(rich, 0), legal_choices(rich)) == DrawSecond()


def test_greedy_decommissions_an_area_that_scores_least():
    # "Can't Place a Card?": decommission 1 of the 4 areas. The Workshops hold a Body worth 1 and 2
    # (3 and 4 points with the colour bonus), each Storage one card worth 1 point
    state = decommission_situation()
    choice = GreedyPlayer(1).choose(seat_view(state, 0), legal_choices(state))
    assert isinstance(choice, Decommission) and choice.area in (2, 3)


def test_simulate_takes_partner_and_module_class_seats(capsys):
    code = cli_main(["simulate", "roborescue", "--players", "3", "--seats",
                     "hard,greedy,game.roborescue.partners:FirstChoicePlayer", "--games", "1", "--seed", "4", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["games"] == 1 and sum(out["wins_by_seat"]) >= 1
    assert out["seats"] == ["hard", "greedy", "game.roborescue.partners:FirstChoicePlayer"]


@pytest.mark.parametrize("seat, words", [
    ("nosuch.module:X", "cannot import 'nosuch.module'"),
    ("game.roborescue.partners:Nope", "has no class 'Nope'"),
    ("tests.roborescue.outside_players:KeepsAPhantomCard",
     "tests.roborescue.outside_players:KeepsAPhantomCard chose KeepVP(card=-1)"),
    ("wizard", "unknown AI level or partner 'wizard'"),
])
def test_a_bad_seat_is_a_one_line_error(seat, words, capsys):
    code = cli_main(["simulate", "roborescue", "--players", "2", "--seats", f"hard,{seat}", "--games", "1"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and words in err, err


def test_the_same_seeds_give_the_same_games_with_outside_seats():
    a = play_game(["greedy", "random-legal"], 9)
    b = play_game(["greedy", "random-legal"], 9)
    assert [final_score(a, s) for s in (0, 1)] == [final_score(b, s) for s in (0, 1)] and a.winners == b.winners
