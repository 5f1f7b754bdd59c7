"""`python main.py simulate roborun`: the JSON report has the documented keys and its counts add up."""
import json

import pytest

from game.core.errors import UserError
from game.roborun.tools.simulate import main

KEYS = {"games", "wins", "win_rate", "solver_wins", "solver_finished", "decision_ms_mean", "decision_ms_p95",
        "top_loss_cause"}


def run_json(capsys, *argv):
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_json_report_keys_and_counts(capsys):
    out = run_json(capsys, "--level", "1.1", "--level", "1.3", "--games", "2", "--seed", "5", "--ai", "easy",
                   "--partner", "random", "--solver-seconds", "0.3", "--json")
    assert set(out) == {"levels"} and set(out["levels"]) == {"1.1", "1.3"}
    for row in out["levels"].values():
        assert KEYS <= set(row)
        assert row["games"] == 2 and 0 <= row["wins"] <= row["games"]
        assert row["win_rate"] == pytest.approx(row["wins"] / row["games"])
        assert row["solver_finished"] is not None and 0 <= row["solver_wins"] <= row["solver_finished"] <= 2
        assert row["decision_ms_mean"] > 0 and row["decision_ms_p95"] >= 0
        assert (row["top_loss_cause"] is None) == (row["wins"] == row["games"])


def test_several_levels_after_one_level_flag(capsys):
    """The issue's form: --level ID ... (one flag, several ids)."""
    out = run_json(capsys, "--level", "1.1", "1.2", "--games", "1", "--ai", "random", "--no-solver", "--json")
    assert set(out["levels"]) == {"1.1", "1.2"}


def test_without_solver_its_figures_are_null(capsys):
    out = run_json(capsys, "--level", "1.1", "--games", "1", "--ai", "random", "--no-solver", "--json")
    row = out["levels"]["1.1"]
    assert row["solver_wins"] is None and row["solver_finished"] is None and row["games"] == 1


def test_text_report_and_bad_arguments(capsys):
    assert main(["--level", "1.1", "--games", "1", "--ai", "random", "--no-solver"]) == 0
    assert "level 1.1:" in capsys.readouterr().out
    with pytest.raises(UserError):
        main(["--games", "1"])                      # neither --level nor --all
    with pytest.raises(UserError):
        main(["--level", "9.9", "--games", "1"])
