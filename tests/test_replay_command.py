"""`python main.py replay FILE` plays back a saved game of any built game, and Robo Run replays."""
import json

import pytest

from game import catalog
from game.cli import main
from game.core.session import GameSession
from tests.table.helpers import played_at_random

BUILT = [(entry, rules) for entry, rules in catalog.available_engines()]


def _played(entry, rules, seed: int, moves: int) -> GameSession:
    """The first sample set-up of `entry` after up to `moves` random choices."""
    label, config = catalog.load(entry.samples)()[0]
    return played_at_random(GameSession.start(rules, config, seed), seed, moves)


@pytest.mark.parametrize("entry, rules", BUILT, ids=[e.id for e, _ in BUILT])
def test_a_saved_game_of_every_game_replays_to_the_same_position(entry, rules, tmp_path, capsys):
    session = _played(entry, rules, 9, 15)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(session.to_json()))
    assert main(["replay", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == entry.id and out["choices"] == len(session.choices)
    assert out["legal_choices"] == [rules.choice_to_json(c) for c in session.legal_choices()][:50]


def test_a_save_naming_an_unknown_game_is_one_line(tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"format": "robo-arcade-game", "game": "chess", "seed": 1, "choices": []}))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"error: {path} game:") and "\n" not in err


def _first_whole_number_as_a_float(value):
    """`value` (a JSON choice) with its first whole number written as a float (2 -> 2.0), or None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return float(value)
    items = list(value.items()) if isinstance(value, dict) else list(enumerate(value)) if isinstance(value, list) else []
    for key, inner in items:
        changed = _first_whole_number_as_a_float(inner)
        if changed is not None:
            copy = dict(value) if isinstance(value, dict) else list(value)
            copy[key] = changed
            return copy
    return None


@pytest.mark.parametrize("entry, rules", BUILT, ids=[e.id for e, _ in BUILT])
def test_a_choice_number_written_as_a_float_is_one_line_in_replay_and_set_aside_by_continue(entry, rules, tmp_path,
                                                                                                capsys):
    """Issue 27: `replay` crashed (TypeError: indices must be integers) on 2.0 in Robo Run,
    ROBOMissions and Robo Rescue saves that Continue set aside cleanly."""
    from game.core.session import load_saved_game, saved_game_path

    data = _played(entry, rules, 5, 8).to_json()
    index, bad = next(((i, b) for i, c in enumerate(data["choices"])
                       if (b := _first_whole_number_as_a_float(c)) is not None), (None, None))
    if index is None:
        pytest.skip(f"{entry.id}'s choices carry no numbers (Robo Rally 2023: cards and upgrades by name)")
    data["choices"][index] = bad
    text = json.dumps(data)
    path = tmp_path / "game.json"
    path.write_text(text)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"error: {path} choice {index}:") and "not a whole number" in err and "\n" not in err
    assert path.read_text() == text                                  # replay never moves a file

    saved = saved_game_path(entry.id)
    saved.parent.mkdir(parents=True, exist_ok=True)
    saved.write_text(text)
    loaded, _, warning = load_saved_game(entry.id, rules)
    assert loaded is None and f"choice {index}: the number" in warning and "moved aside" in warning
    assert saved.with_name(saved.name + ".damaged").read_text() == text
