"""The package shape (import direction) and the simulator's command line."""
import ast
import json
from pathlib import Path

import pytest

from game.cli import main as cli_main
from game.runrunrun.tools.samples import conformance_configs

PKG = Path(__file__).resolve().parents[2] / "game" / "runrunrun"
FORBIDDEN = {
    "rules": ("pygame", "game.client", "game.runrunrun.ai", "game.runrunrun.ui", "game.runrunrun.tools"),
    "ai": ("pygame", "game.client", "game.runrunrun.ui", "game.runrunrun.tools", "game.runrunrun.partners"),
    "partners": ("pygame", "game.client", "game.runrunrun.ai", "game.runrunrun.ui", "game.runrunrun.tools"),
    "ui": ("game.runrunrun.tools",),
}
OTHER_GAMES = ("game.roborun", "game.robomissions", "game.roborescue", "game.roborally")


def _imports(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module


@pytest.mark.parametrize("part", sorted(FORBIDDEN))
def test_imports_point_one_way(part):
    for path in (PKG / part).rglob("*.py"):
        for name in _imports(path):
            assert not name.startswith(FORBIDDEN[part]), f"{path.name} imports {name}"
            assert not name.startswith(OTHER_GAMES), f"{path.name} imports another game ({name})"


def test_simulate_prints_the_issues_json_keys(capsys):
    code = cli_main(["simulate", "runrunrun", "--players", "2", "--seats", "hard,random", "--games", "2",
                     "--seed", "3", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    for key in ("games", "wins", "win_rate", "mean_turns", "loss_causes", "decision_ms_p95"):
        assert key in out
    assert out["games"] == 2 and 0 <= out["win_rate"] <= 1
    assert sum(out["loss_causes"].values()) + out["wins"] == 2


@pytest.mark.parametrize("argv, words", [
    (["--seats", "hard,wizard"], "unknown AI level"),
    (["--players", "2", "--seats", "hard"], "names 1 levels for 2 players"),
    (["--difficulty", "nightmare"], "--difficulty"),
    (["--games", "0"], "--games"),
    (["--bogus"], "unrecognized"),
])
def test_simulate_bad_arguments_are_one_line_errors(argv, words, capsys):
    code = cli_main(["simulate", "runrunrun"] + argv)
    err = capsys.readouterr().err.strip()
    assert code == 2 and err.startswith("error: command line:") and words in err and "\n" not in err


def test_samples_are_small_configs():
    labels = [label for label, _ in conformance_configs()]
    assert len(labels) == len(set(labels)) >= 2


@pytest.mark.parametrize("argv", [["--players", "7"], ["--wat"], ["--players", "2", "--humans", "3"],
                                  ["--players", "2", "--difficulty", "easy"]])
def test_play_command_bad_arguments_are_one_line_errors(argv, capsys):
    code = cli_main(["runrunrun"] + argv)
    err = capsys.readouterr().err.strip()
    assert code == 2 and err.startswith("error: command line:") and "\n" not in err
