"""Every game's saved game, damaged or hostile, through the validating layer: the client's
loader (game.core.session.load_saved_game) and `python main.py replay FILE` (game/replay.py)."""
import contextlib
import json
import io
import random

import pytest
from hypothesis import given, settings

from game import catalog
from game import replay as replay_command
from game.core import session as sessions
from game.core.errors import UserError
from tests.core.hostile import FUZZ, fresh_home, hostile_json, one_line, run_reader


def _played(entry):
    rules, samples = catalog.load(entry.rules), catalog.load(entry.samples)
    if rules is None or samples is None:
        return None
    session = sessions.GameSession.start(rules, samples()[0][1], 3)
    rng = random.Random(3)
    for _ in range(12):                  # a game still going (a finished one leaves no save)
        options = rules.legal_choices(session.state)
        before = session.state.copy()
        session.apply(rng.choice(options))
        if session.is_over():
            session.state = before
            session.choices.pop()
            break
    return rules, session


GAMES = [(entry, *played) for entry in catalog.GAMES if (played := _played(entry)) is not None]


def _replay(path):
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            return replay_command.main([str(path)])
    except UserError as exc:
        assert "\n" not in str(exc)
        return str(exc)


@pytest.mark.parametrize("entry, rules, session", GAMES, ids=[g[0].id for g in GAMES])
def test_hostile_saved_games_of_every_game(entry, rules, session):
    good = session.to_json()

    @settings(FUZZ, max_examples=25)
    @given(hostile_json(good))
    def check(content):
        with fresh_home():
            path = sessions.saved_game_path(entry.id)
            loaded, _, warning = run_reader(lambda: sessions.load_saved_game(entry.id, rules), path, content)
            one_line(warning)
            if path.exists():
                run_reader(lambda: _replay(path), path, path.read_bytes())
            failed = sessions.save_session(session)
            if failed:                                   # a newer save: left untouched
                assert path.read_bytes() == content
                return
            again, _, warning = sessions.load_saved_game(entry.id, rules)
            assert warning is None and again.choices == session.choices

    check()


def _not_ours(good: dict) -> dict:
    """Saves a new game must not write over, each with the name it is set aside under."""
    return {"another game": ({**good, "game": "chess"}, ".damaged"),
            "illegal choices": ({**good, "choices": good["choices"] * 3}, ".damaged"),
            "a broken set-up": ({**good, "config": [1, 2]}, ".damaged"),
            "a float choice": ({**good, "choices": [2.0]}, ".damaged"),
            "its moves renamed by hand": ({**_without(good, "choices"), "moves": good["choices"]}, ".damaged"),
            "a newer version's": ({**good, "version": 2, "added_later": [1]}, ".newer")}


def _without(data: dict, key: str) -> dict:
    return {k: v for k, v in data.items() if k != key}


@pytest.mark.parametrize("entry, rules, session", GAMES, ids=[g[0].id for g in GAMES])
def test_a_save_without_its_moves_is_refused_not_resumed_at_move_0(entry, rules, session):
    """A save whose "choices" was renamed or cut by hand used to resume at move 0 without a word,
    and the next save wrote over the game: it is a damaged save, one line naming it, kept."""
    with fresh_home():
        path = sessions.saved_game_path(entry.id)
        path.parent.mkdir(parents=True)
        path.write_text(json.dumps(_without(session.to_json(), "choices")))
        loaded, _, warning = sessions.load_saved_game(entry.id, rules)
        assert loaded is None and "has no 'choices'" in warning and "\n" not in warning
        assert path.exists() or path.with_name(path.name + ".damaged").exists()


@pytest.mark.parametrize("entry, rules, session", GAMES, ids=[g[0].id for g in GAMES])
def test_a_new_game_never_writes_over_a_save_it_did_not_read(entry, rules, session):
    """Issue 27: `python main.py roborally --course ...` in a later run than the one that met a
    newer version's save, or with a save that reads as JSON but does not replay: the new
    race's first save wrote over it."""
    good = session.to_json()
    for label, (bad, suffix) in _not_ours(good).items():
        with fresh_home():
            path = sessions.saved_game_path(entry.id)
            path.parent.mkdir(parents=True)
            path.write_text(json.dumps(bad))
            sessions.save_session_later(session)           # a new game started at once: nothing read first
            sessions.storage.wait_idle()
            assert json.loads(path.with_name(path.name + suffix).read_text()) == bad, label
            assert sessions.load_saved_game(entry.id, rules)[0].choices == session.choices, label
            warnings = sessions.storage.take_warnings()
            assert any("moved aside" in w for w in warnings) and all("\n" not in w for w in warnings), label


def test_an_engines_complaint_quoting_the_file_stays_one_line():
    """Found by the fuzz above: a Robo Rally save whose course cell's x is "\\n" made the engine's
    "cell at (\\n, 1) is outside the 8x8 course" a two-line warning."""
    entry, rules, session = next(g for g in GAMES if g[0].id == "roborally")
    bad = json.loads(json.dumps(session.to_json()))      # a copy: the session's course stays whole
    bad["config"]["course"]["cells"][0][0] = "\n"
    with fresh_home():
        path = sessions.saved_game_path(entry.id)
        path.parent.mkdir(parents=True)
        path.write_text(json.dumps(bad))
        loaded, _, warning = sessions.load_saved_game(entry.id, rules)
    assert loaded is None and "\n" not in warning and "cell at ( , 1) is outside" in warning
