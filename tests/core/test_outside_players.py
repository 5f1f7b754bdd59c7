"""Outside players (`simulate GAME --seats ...,module:Class`) are written by people we never met:
one that breaks the rules or fails inside its own choose() stops the run with one line naming it,
in every game's simulator, never a traceback from deep in an engine."""
import sys

import pytest

from game import cli

PLAYERS = '''
class Illegal:
    def choose(self, view, choices, *rest):
        return "no such choice"

class Crashing:
    def choose(self, view, choices, *rest):
        raise ValueError("my own bug\\non two lines")
'''

COMMANDS = {
    "roborun": ["--level", "1.1", "--seats", "hard,{p}"],
    "runrunrun": ["--players", "2", "--seats", "hard,{p}"],
    "roborally": ["--seats", "{p},hard"],
    "robomissions": ["--seats", "hard,{p}"],
    "roborescue": ["--players", "2", "--seats", "{p},hard"],
}


@pytest.fixture
def outside_module(tmp_path, monkeypatch):
    (tmp_path / "outside_players_under_test.py").write_text(PLAYERS)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "outside_players_under_test"
    sys.modules.pop("outside_players_under_test", None)


@pytest.mark.parametrize("game", sorted(COMMANDS))
def test_an_illegal_choice_is_one_line_naming_the_player(game, outside_module, capsys):
    spec = f"{outside_module}:Illegal"
    argv = ["simulate", game, *(a.format(p=spec) for a in COMMANDS[game]), "--games", "1"]
    assert cli.main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"error: --seats: {spec} chose 'no such choice', which is not a legal choice now"


@pytest.mark.parametrize("game", ["roborun", "roborally"])
def test_an_error_inside_the_players_choose_is_one_line_naming_it(game, outside_module, capsys):
    spec = f"{outside_module}:Crashing"
    argv = ["simulate", game, *(a.format(p=spec) for a in COMMANDS[game]), "--games", "1"]
    assert cli.main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"error: --seats: {spec} failed in choose(): ValueError: my own bug on two lines"
