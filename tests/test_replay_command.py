"""`python main.py replay FILE` plays back a saved game of any built game, and Robo Run replays."""
import json
import random

import pytest

from game import catalog
from game.cli import main
from game.core.session import GameSession

BUILT = [(entry, rules) for entry, rules in catalog.available_engines()]


@pytest.mark.parametrize("entry, rules", BUILT, ids=[e.id for e, _ in BUILT])
def test_a_saved_game_of_every_game_replays_to_the_same_position(entry, rules, tmp_path, capsys):
    label, config = catalog.load(entry.samples)()[0]
    session = GameSession.start(rules, config, 9)
    rng = random.Random(9)
    for _ in range(15):
        if session.is_over():
            break
        session.apply(rng.choice(session.legal_choices()))
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
