"""Run Run Run! AIs: legal at every decision and talkative (how much they win is the record checked by
test_ai_record.py)."""
import pytest

from game.runrunrun import rules as R
from game.runrunrun.ai import make_player
from game.runrunrun.rules.engine import Config


@pytest.mark.parametrize("level", ["random", "greedy", "easy", "normal", "hard"])
def test_every_level_plays_whole_games_with_legal_choices(level):
    for seed in range(2):
        s = R.new_game(Config(3, "standard"), seed)
        players = [make_player(level, seed * 10 + i) for i in range(3)]
        for _ in range(3000):
            if R.is_over(s):
                break
            seat = R.current_seat(s)
            choices = R.legal_choices(s)
            choice = players[seat].choose(R.seat_view(s, seat), choices)
            assert choice in choices
            R.apply(s, choice)
        assert R.is_over(s)


def test_hard_ais_say_their_plan_and_mark_rooms():
    s = R.new_game(Config(2, "standard"), 4)
    players = [make_player("hard", i) for i in range(2)]
    said = marked = 0
    while not R.is_over(s) and s.turn < 12:
        seat = R.current_seat(s)
        choice = players[seat].choose(R.seat_view(s, seat), R.legal_choices(s))
        said += choice.kind == "say"
        marked += choice.kind == "mark"
        R.apply(s, choice)
    assert said >= 3 and marked >= 1


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        make_player("wizard", 1)
