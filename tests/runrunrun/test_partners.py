"""The partners written from the rulebook (game/runrunrun/partners/): they play whole games with
legal moves, behave as their style says, stay independent of the AI, and plug into `simulate`."""
import json
import shutil

import pytest

from game.cli import main as cli_main
from game.runrunrun.partners import PARTNERS, HastyPlayer, NoisyPlayer, SensiblePlayer
from game.runrunrun.tools.simulate import play_game
from tests.test_architecture import ROOT, _lint

from .support import OPEN, R, bare, ch, corridor, tile_where


@pytest.mark.parametrize("style", sorted(PARTNERS))
def test_each_style_plays_a_whole_game_without_a_word(style):
    state = play_game([style, style], "standard", 7)
    assert R.is_over(state) or state.turn >= 400
    assert state.said == {} and state.marks == {}         # silent partners: no plan said, no room marked


def _door_mummy_table(player_hand):
    """Seat 0 stands two rooms out with a Mummy at the Vault's door."""
    s = bare(2, hands=[player_hand, []])
    corridor(s, 2)
    s.pos[0] = (3, 0)
    s.mummies = {4: [OPEN, 5]}
    return s


def _strong_hand():
    return [tile_where(strength=4, symbol=None), tile_where(strength=3, symbol=None)]


@pytest.mark.parametrize("player", [SensiblePlayer(1), HastyPlayer(1)])
def test_sensible_and_hasty_fight_a_mummy_at_the_vaults_door(player):
    s = _door_mummy_table(_strong_hand())
    assert player.choose(R.seat_view(s, 0), R.legal_choices(s)) == ch("fight")


def test_sensible_fights_a_mummy_two_rooms_out_where_hasty_explores():
    s = bare(2, hands=[_strong_hand(), []])
    corridor(s, 4)
    s.mummies = {4: [(3, 0), 5]}           # two moves from the Vault's door
    view, choices = R.seat_view(s, 0), R.legal_choices(s)
    assert SensiblePlayer(1).choose(view, choices) == ch("fight")
    assert HastyPlayer(1).choose(view, choices).kind == "explore"


def test_hasty_never_joins_a_regroup_and_sensible_does():
    s = bare(2, hands=[_strong_hand(), _strong_hand()])
    R.apply(s, ch("cooperate"))
    assert s.phase == "join"
    view, choices = R.seat_view(s, 1), R.legal_choices(s)
    assert HastyPlayer(2).choose(view, choices) == ch("stay")
    assert SensiblePlayer(2).choose(view, choices) == ch("join")


def test_noisy_is_sensible_four_times_in_five():
    s = _door_mummy_table(_strong_hand())
    view, choices = R.seat_view(s, 0), R.legal_choices(s)
    picks = [NoisyPlayer(seed).choose(view, choices) for seed in range(200)]
    sensible = picks.count(ch("fight"))
    assert 140 <= sensible <= 185                       # 0.8 + 0.2 / len(choices), give or take
    assert len(set(picks)) > 2


def test_simulate_takes_partner_and_module_class_seats(capsys):
    code = cli_main(["simulate", "runrunrun", "--seats", "hard,game.runrunrun.partners:HastyPlayer",
                     "--games", "1", "--seed", "3", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["games"] == 1 and out["seats"] == ["hard", "game.runrunrun.partners:HastyPlayer"]


@pytest.mark.parametrize("seat, words", [("nosuch.module:X", "cannot import"),
                                         ("game.runrunrun.partners:Nope", "has no class")])
def test_a_bad_module_class_seat_is_a_one_line_error(seat, words, capsys):
    code = cli_main(["simulate", "runrunrun", "--seats", f"hard,{seat}", "--games", "1"])
    err = capsys.readouterr().err.strip()
    assert code == 2 and words in err and "\n" not in err


def test_cross_play_reports_every_table(capsys):
    code = cli_main(["simulate", "runrunrun", "--players", "1", "--cross-play", "--games", "1", "--seed", "2",
                     "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert sorted(out["tables"]) == ["hard x1", "hasty x1", "noisy x1", "sensible x1"]
    assert all(row["games"] == 1 for row in out["tables"].values())


def test_partners_importing_the_ai_breaks_the_build(tmp_path):
    shutil.copytree(ROOT / "game", tmp_path / "game", ignore=shutil.ignore_patterns("__pycache__", "data", "*.png"))
    shutil.copy(ROOT / ".importlinter", tmp_path / ".importlinter")
    players = tmp_path / "game" / "runrunrun" / "partners" / "players.py"
    players.write_text(players.read_text() + "\nimport game.runrunrun.ai  # planted by the test\n")
    run = _lint(tmp_path)
    assert run.returncode != 0 and "partners" in run.stdout and "BROKEN" in run.stdout
