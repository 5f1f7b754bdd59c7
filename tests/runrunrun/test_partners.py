"""The partners written from the rulebook (game/runrunrun/partners/): they play whole games with
legal moves, behave as their style says, stay independent of the AI, and plug into `simulate`."""
import json
import shutil

import pytest

from game.cli import main as cli_main
from game.runrunrun.partners import PARTNERS, HastyPlayer, NoisyPlayer, SensiblePlayer
from game.runrunrun.partners.players import _Table
from game.runrunrun.tools.simulate import play_game
from tests.test_architecture import ROOT, _lint

from .support import OPEN, C, R, bare, bits, ch, corridor, room, tile_where


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


# ---- the sensible partner plays as a careful person would (issue 24: it is the measuring partner)
def _long_corridor(s, length):
    """Rooms (2,0) .. (length+1,0) east of the Vault, any tiles with the doorways forced."""
    for i in range(length):
        room(s, (2 + i, 0), bits(3) if i == length - 1 else bits(0, 3))


def _plain_hand(n):
    tiles, used = [], set()
    for _ in range(n):
        t = tile_where(exclude=used, strength=3, symbol=None, sarcophagus=False)
        tiles.append(t)
        used.add(t)
    return tiles


def test_sensible_does_not_burn_the_deck_to_reach_a_mummy_but_walks_back_to_meet_it():
    """'Beware! When the draw deck runs out...': a Mummy two moves out, six rooms away (three deck
    tiles to reach), is met on foot; the old partner paid the deck and fought."""
    s = bare(2, hands=[_strong_hand(), []])
    _long_corridor(s, 8)                    # (2,0) .. (9,0)
    s.pos = [(9, 0), (9, 0)]
    s.mummies = {1: [(3, 0), 5]}            # two moves from the Vault's door, no arrow
    view, choices = R.seat_view(s, 0), R.legal_choices(s)
    assert ch("fight") in choices
    assert SensiblePlayer(1).choose(view, choices) == ch("move")
    R.apply(s, ch("move"))
    dest = SensiblePlayer(1).choose(R.seat_view(s, 0), R.legal_choices(s))
    assert dest == ch("to", 6, 0)           # three free rooms toward the Mummy


def test_sensible_pays_the_deck_for_a_mummy_at_the_vaults_door():
    s = bare(2, hands=[_strong_hand(), []])
    _long_corridor(s, 8)
    s.pos = [(9, 0), (9, 0)]
    s.mummies = {1: [OPEN, 5]}
    assert SensiblePlayer(1).choose(R.seat_view(s, 0), R.legal_choices(s)) == ch("fight")


def test_with_the_deck_empty_sensible_keeps_its_tiles_for_fights():
    s = bare(2, hands=[_plain_hand(3), []], deck=[])
    corridor(s, 2)
    view, choices = R.seat_view(s, 0), R.legal_choices(s)
    assert any(c.kind == "explore" for c in choices)
    assert SensiblePlayer(1).choose(view, choices) == ch("move")


def test_out_of_torches_sensible_regroups_even_with_a_full_hand():
    s = bare(2, hands=[_plain_hand(5), _plain_hand(2)])
    corridor(s, 2)
    s.supply = 0
    assert SensiblePlayer(1).choose(R.seat_view(s, 0), R.legal_choices(s)) == ch("cooperate")


def test_out_of_torches_sensible_lights_up_with_a_draw_and_torch_token():
    s = bare(2, hands=[_plain_hand(5), []])
    corridor(s, 2)
    s.supply = 0
    s.sarc[0] = [next(i for i, tok in enumerate(C.SARCOPHAGUS) if tok["kind"] == "draw_torch")]
    assert SensiblePlayer(1).choose(R.seat_view(s, 0), R.legal_choices(s)) == ch("sarc", 0)


def test_sensible_sets_up_a_door_triangle():
    """A symbol room beside a room of another symbol, the triangle's third spot open, is worth more
    than the same room where it sets nothing up."""
    s = bare(2)
    corridor(s, 2)
    ankh = next(t for t in C.TILES if t.symbol == "ankh").id
    s.tiles[(2, 0)] = ankh
    eye = tile_where(symbol="eye")
    view = R.seat_view(s, 0)
    t = _Table(view)
    player = SensiblePlayer(1)
    beside = player.placement_score(view, t, eye, (3, -1), 0, 2)      # (2,0), (3,-1), (3,0) is a triangle
    apart = player.placement_score(view, t, eye, (1, 1), 0, 2)
    assert beside > apart
