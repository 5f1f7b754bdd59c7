"""The deal tracer (game/roborun/tools/trace.py): it plays the cross-play's deal, and shows
what a reader needs to judge hard's choices."""
import io

import pytest

from game.core.errors import UserError
from game.roborun.levels.tmx_loader import find_level, load_level
from game.roborun.tools import trace
from game.roborun.tools.crossplay import LevelReport, make_chooser, play_game


def test_a_traced_deal_is_the_deal_the_cross_play_plays_and_shows_hards_reasons():
    out = io.StringIO()
    traced = trace.trace("1.4", 4602, ("hard", "selfish"), out)       # lost in round 1 (seventh pass)
    played = play_game(load_level(find_level("1.4")), 4602,
                       (make_chooser("hard", 4602), make_chooser("selfish", 4602)), LevelReport())
    assert traced == played
    lines = out.getvalue().splitlines()
    assert lines[-1].startswith(f"OUTCOME {traced[0]}")
    hard_cards = [line for line in lines if line.startswith("  seat 0 (hard) card ->")]
    assert hard_cards and all(" scores " in line and " belief like_me=" in line for line in hard_cards)
    assert any(line.startswith("  seat 1 (selfish) card ->") for line in lines)
    assert any(line.startswith("   seat 1 sees: own ") for line in lines)


def test_bad_command_lines_are_one_line_errors():
    assert trace.main(["1.1"]) == 2
    with pytest.raises(UserError, match="deal"):
        trace.main(["1.1", "soon", "hard", "selfish"])
    with pytest.raises(UserError, match="unknown player"):
        trace.main(["1.1", "1", "hard", "nobody"])
