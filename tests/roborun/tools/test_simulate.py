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


class FirstChoiceBot:
    """An outside policy: reads nothing but the legal choices (a view-only policy can play a game)."""

    def choose(self, view, choices):
        assert view.choices == tuple(choices) or view.decision_kind is not None
        return choices[0]


def test_seats_in_any_order_and_an_outside_policy(capsys):
    out = run_json(capsys, "--level", "1.1", "--games", "1", "--seats",
                   "tests.roborun.tools.test_simulate:FirstChoiceBot,greedy", "--json")
    assert out["seats"] == ["tests.roborun.tools.test_simulate:FirstChoiceBot", "greedy"]
    assert out["levels"]["1.1"]["games"] == 1
    out = run_json(capsys, "--level", "1.1", "--games", "1", "--seats", "random,cautious", "--json")
    assert out["seats"] == ["random", "cautious"]


def test_bad_seats_are_one_line_errors():
    with pytest.raises(UserError, match="seat 0 first"):
        main(["--level", "1.1", "--seats", "hard"])
    with pytest.raises(UserError, match="unknown player"):
        main(["--level", "1.1", "--seats", "hard,genius"])
    with pytest.raises(UserError, match="cannot import"):
        main(["--level", "1.1", "--seats", "no_such_module_x:Bot,hard"])


def test_cross_play_pairs_each_style_with_itself_and_with_hard_in_both_seat_orders(capsys):
    out = run_json(capsys, "--level", "1.1", "--cross-play", "--styles", "selfish", "--games", "1", "--seed", "3",
                   "--json")
    row = out["styles"]["selfish"]
    assert set(out["styles"]) == {"selfish"} and out["levels"]["1.1"].keys() == {
        "hard+hard", "selfish+selfish", "hard+selfish", "selfish+hard"}
    for key in ("style_with_itself", "hard_then_style", "style_then_hard"):
        assert row[key]["games"] == 1 and 0 <= row[key]["wins"] <= 1
    assert row["with_hard"]["games"] == 2
    assert row["gain"] == round(row["with_hard"]["win_rate"] - row["style_with_itself"]["win_rate"], 4)
    agreement = row["agreement"]
    assert agreement["decisions"] > 0 and 0 <= agreement["same"] <= agreement["decisions"]
    assert out["hard"]["decisions"] > 0 and out["hard_with_itself"]["games"] == 1


def test_cross_play_styles_are_checked():
    with pytest.raises(UserError, match="unknown style"):
        main(["--level", "1.1", "--cross-play", "--styles", "genius"])
    with pytest.raises(UserError, match="goes with --cross-play"):
        main(["--level", "1.1", "--styles", "selfish"])
