"""The spiral tracer of issue 23's ninth round (game.roborally.tools.trace_spirals): a race is
simulate.run's race of that seed, every fall is counted, and the beams stop at walls."""
from __future__ import annotations

from game.roborally.levels.tmx import ROOT, load_course
from game.roborally.rules.board import Board
from game.roborally.tools import trace_spirals
from game.roborally.tools.simulate import run
from tests.roborally.support import course


def test_a_beam_runs_from_its_laser_to_the_first_wall_or_the_edge():
    spec = course(walls=[(4, 2, "E")], lasers=[(1, 2, "E", 1), (6, 0, "S", 2)])
    beams = trace_spirals.beam_squares(Board.from_spec(spec))
    assert {(1, 2), (2, 2), (3, 2), (4, 2)} <= beams and (5, 2) not in beams       # the wall stops it
    assert {(6, y) for y in range(8)} <= beams


def test_a_traced_race_is_simulates_race_of_that_seed_with_every_reboot():
    spec = load_course(ROOT / "levels" / "roborally-tuning" / "slag-heap.tmx")
    seats = trace_spirals.seats_for(2, 3803)
    assert seats == ["normal", "hard"]                     # odd seeds: hard in seat 1
    race = trace_spirals.play(spec, seats, 3803)
    report = run(spec, seats, 1, 3803, 30)
    assert race["rounds"] == report["rounds"][0] and race["winner"] == report["winners"][0]
    assert race["reboots"] == report["reboots_per_race"][1]
    assert [rd["round"] for rd in race["trace"]] == list(range(1, race["rounds"] + 1))
    for rd in race["trace"]:
        assert all(1 <= reg <= 5 for reg, _cause in rd["falls"]) and len(rd["program"]) == 5
    assert "Haywires waiting" in trace_spirals.summary([race])
    assert trace_spirals.tell(race).startswith("seed 3803 (hard is seat 1)")
