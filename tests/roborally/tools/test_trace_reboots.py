"""The fall tracer of issue 23's seventh round (game.roborally.tools.trace_reboots): the plan's
fall share is the engine's, every traced fall is a fall, and its class follows the replays."""
from __future__ import annotations

import pytest

from game.core.errors import UserError
from game.roborally import rules as R
from game.roborally.ai.planner import Planner
from game.roborally.levels.tmx import ROOT, load_course
from game.roborally.rules import content as C
from game.roborally.rules.worlds import play_activation
from game.roborally.tools import trace_reboots
from tests.roborally.support import course, game, skip_upgrades


def test_the_plans_fall_share_under_a_haywire_is_the_engines():
    # Pit two squares ahead: the Haywire cards that carry the robot 2 squares north drop it.
    spec = course(cells=[(3, 3, {"kind": "pit"})], checkpoints=[(0, 0)])
    engine_falls = 0
    for card in sorted(C.HAYWIRE):
        s = game(spec, robots=[(3, 5, "N"), (7, 7, "W")])
        skip_upgrades(s)
        s.robots[0].haywire[0] = card
        _, events = play_activation(s, {0: ["powerup"] * 5, 1: ["powerup"] * 5})
        engine_falls += trace_reboots.fall_register(events, 0) == 1
    s = game(spec, robots=[(3, 5, "N"), (7, 7, "W")])
    skip_upgrades(s)
    s.robots[0].haywire[0] = "hw_back_back"
    view = R.seat_view(s, 0)
    share = trace_reboots.fall_shares(Planner(view, "hard"), view, ["powerup"] * 5)[0]
    assert engine_falls > 0 and share == round(engine_falls / 6, 3)


def test_every_traced_fall_is_a_fall_of_the_hard_seat_classed_by_its_replays():
    # Race 2 of tuning seed 4101 on foundry-loop: hard (seat 0) falls once, in register 5.
    spec = load_course(ROOT / "levels" / "roborally-tuning" / "foundry-loop.tmx")
    falls = trace_reboots.trace_race(spec, ["hard", "normal"], 4101, 2)
    assert falls
    for fall in falls:
        told = fall["story"][fall["register"]]
        assert told[-1].startswith("FALL")
        assert not any(w.startswith("FALL") for reg, words in fall["story"].items() if reg < fall["register"]
                       for w in words)
        assert 0 <= fall["plan_share"] <= 1 and 0 <= fall["safe_candidates"] <= 6
        assert (fall["kind"] == "unavoidable") == (fall["avoid_share"] == 0)
    assert "seen: " in trace_reboots.table(falls)


def test_a_bad_command_line_is_one_line():
    with pytest.raises(UserError, match="--games"):
        trace_reboots.main(["--course", "dizzy-dash", "--games", "0"])
    with pytest.raises(UserError, match="unknown course"):
        trace_reboots.main(["--course", "a" * 300])
