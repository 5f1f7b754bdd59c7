"""Lint's design warnings: an exit no good robot can reach, a token no good robot can reach,
and (with --solve N) a map the solver cannot win in any of N deals."""
from __future__ import annotations

import pytest

from game.core.errors import UserError
from game.roborun.levels import lint
from game.roborun.levels.ascii_board import parse_board
from game.roborun.levels.tmx_loader import find_level, load_level

OPEN = """
Xg  .  .  .  Xr
.   .  .  .  .
.+e .  .  .  .+x
.   .  .  .  .+q
.+G .+w .  .+e .+R
"""


def test_an_open_board_has_no_warnings():
    spec = parse_board(OPEN, name="open")
    assert lint.design_warnings(spec) == []


def test_exit_walled_off_from_its_robot_is_warned():
    # a ring of void around the red exit in the middle of the board
    spec = parse_board("""
Xg  .  .   .  .
.   .  #   .  .
.   #  Xr  #  .
.   .  #   .  .
.+G .  .+w .  .+R
""", name="ring")
    warnings = lint.design_warnings(spec)
    assert warnings == ["ring: warning: exits (2,2): no red robot can reach this exit"]


def test_exit_cut_off_by_void_is_warned():
    spec = parse_board("""
Xg  #  .  .  Xr
.   #  .  .  .
#   #  .  .  .
.   .  .  .  .
.+G .  .+w .  .+R
""", name="gated")
    assert lint.design_warnings(spec) == ["gated: warning: exits (0,0): no green robot can reach this exit"]


def test_token_behind_void_is_warned_but_one_beside_a_robot_is_not():
    spec = parse_board("""
Xg  .  .  #   .+k
.   .  .  #   #
.+e .  .  .   .
.   .  .  .   Xr
.+G .  .+w .  .+R
""", name="island")
    assert lint.design_warnings(spec) == ["island: warning: tokens (4,0): no good robot can reach this key token"]


def test_token_on_a_hazard_is_unreachable():
    spec = parse_board(OPEN.replace(".+x", "H+x"), name="hot")
    assert lint.design_warnings(spec) == ["hot: warning: tokens (4,2): no good robot can reach this experience token"]


def test_shipped_maps_have_no_reachability_warnings():
    assert lint.main(["--all"]) == 0
    for ref in ("1.1", "3.6", "5.6"):
        assert lint.design_warnings(load_level(find_level(ref))) == []


def test_solver_warning_when_no_deal_is_won():
    spec = load_level(find_level("1.1"))
    assert lint.solver_warning(spec, 1, nodes=4000, seconds=10) == []          # 1.1 deal 0 is won quickly
    # a bound of one node cannot find any win: the designer is told so
    warning = lint.solver_warning(spec, 2, nodes=1, seconds=10)
    assert warning == [f"{spec.source}: warning: solver: no win found in deals 0..1 within 1 nodes / 10s each"]


def test_lint_command_prints_warnings_without_failing(capsys):
    src = find_level("1.1")
    assert lint.main([str(src), "--solve", "1", "--solve-nodes", "1"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[0].endswith("warning: solver: no win found in deals 0..0 within 1 nodes / 10s each")
    assert out[-1] == "ok: 1 map(s) clean, 1 warning(s)"
    assert lint.main([str(src), "--solve", "1"]) == 0
    assert capsys.readouterr().out.strip() == "ok: 1 map(s) clean"


@pytest.mark.parametrize("seconds", ["nan", "inf", "0", "-1"])
def test_a_solver_time_bound_that_is_not_a_number_of_seconds_is_refused(seconds):
    """`lint --solve 1 --solve-seconds nan 1.1` was taken (NaN passed the '<= 0' check) and the
    map reported clean; `solve --seconds nan` was already refused in one line."""
    with pytest.raises(UserError, match="--solve-seconds positive"):
        lint.main(["--solve", "1", "--solve-seconds", seconds, "1.1"])
