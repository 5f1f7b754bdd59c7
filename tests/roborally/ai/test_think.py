"""The AI job the race sends to the shared worker process: it works on pickled copies, so the
player it hands back must carry its plan for the rest of the program."""
from __future__ import annotations

import pickle

from game.roborally import rules as R
from game.roborally.ai import make_player, think
from game.roborally.levels.tmx import find_course, load_course
from game.roborally.rules.engine import make_config


def _program_state():
    state = R.new_game(make_config(load_course(find_course("dizzy-dash")), 2), 3)
    while state.phase != "program":
        R.apply(state, R.legal_choices(state)[-1])
    return state


def test_a_pickled_players_plan_comes_back_and_is_followed():
    state = _program_state()
    seat = R.current_seat(state)
    player = make_player("hard", 7)
    copy = pickle.loads(pickle.dumps(player))                       # what the worker process gets
    choice, returned = think(copy, R.seat_view(state, seat), R.legal_choices(state))
    assert choice in R.legal_choices(state)
    assert returned._plan is not None and returned._plan[0] == choice.arg
    assert player._plan is None                                     # the scene's own copy is untouched
    # the same decisions as a player kept in one process, card after card
    local = make_player("hard", 7)
    back = pickle.loads(pickle.dumps(returned))
    for _ in range(5):
        if R.current_seat(state) != seat or state.phase != "program":
            break
        view, choices = R.seat_view(state, seat), R.legal_choices(state)
        want = local.choose(view, choices)
        got, back = think(pickle.loads(pickle.dumps(back)), view, choices)
        assert got == want
        R.apply(state, got)
