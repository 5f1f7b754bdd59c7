"""The maze screen asks only when it matters, picks rerolls die by die, explains what is pointed at,
teaches a first game, plays itself in attract mode and saves without making a frame wait."""
import json

import pygame
import pytest

from game.client.app import App
from game.client.input import CONFIRM, DOWN, NEXT, POINT, Action
from game.core.session import GameSession, has_saved_game, saved_game_path
from game.runrunrun import rules as R
from game.runrunrun.ai import make_player
from game.runrunrun.rules.engine import Config, ch
from game.runrunrun.ui import scene as rrr
from game.runrunrun.ui.text import cell_text
from tests.helpers import step_until


@pytest.fixture
def app():
    a = App(headless=True)
    yield a
    for scene in list(a.stack.scenes):
        scene.exit()
    pygame.quit()


def _play_until(players, seed, wanted, limit=3000):
    """Hard AIs play every seat until `wanted(session)` holds; the session at that point (or None)."""
    session = GameSession.start(R, Config(players, "standard"), seed)
    ais = [make_player("hard", seed * 10 + i) for i in range(players)]
    for _ in range(limit):
        if session.is_over():
            return None
        if wanted(session):
            return session
        seat = session.current_seat()
        session.apply(ais[seat].choose(R.seat_view(session.state, seat), session.legal_choices()))
    return None


def _find(players, wanted):
    for seed in range(1, 40):
        session = _play_until(players, seed, wanted)
        if session is not None:
            return session
    pytest.skip("no game reached the wanted position")


def _human_single(session):
    return session.current_seat() == 0 and len(session.legal_choices()) == 1


def test_a_decision_with_one_legal_option_resolves_itself(app):
    session = _find(2, _human_single)
    before = len(session.choices)
    only = session.legal_choices()[0]
    app.stack.push(rrr.PlayScene(session, humans=1, pace=0.0, tutorial=False))
    app.step(1 / 60)
    assert len(session.choices) > before and session.choices[before] == only


def test_ask_before_every_step_brings_the_stop_back(app):
    session = _find(2, _human_single)
    before = len(session.choices)
    app.settings.ask_every_step = True
    app.stack.push(rrr.PlayScene(session, humans=1, pace=0.0, tutorial=False))
    app.step(1 / 60)
    assert len(session.choices) == before


def test_rerolls_are_picked_die_by_die_not_from_every_combination(app):
    def reroll_spot(s):
        return (s.current_seat() == 0 and s.state.phase == "fight_reroll" and s.state.supply >= 2
                and len(s.state.combat) >= 3)
    session = _find(1, reroll_spot)
    scene = rrr.PlayScene(session, humans=1, pace=0.0, tutorial=False)
    app.stack.push(scene)
    view = R.seat_view(session.state, 0)
    rows = scene._listed(view, session.legal_choices())
    n = len(session.state.combat)
    tokens = [c for c in session.legal_choices() if c.kind == "sarc"]  # a Sarcophagus reward, usable mid-fight
    assert rows == [ch("accept")] + [("die", i) for i in range(n)] + tokens   # n + 1 rows, not 2^n
    before = len(session.choices)
    app.post(Action(DOWN))
    app.post(Action(CONFIRM))            # mark die 1
    app.post(Action(DOWN))
    app.post(Action(DOWN))
    app.post(Action(CONFIRM))            # mark die 3
    app.step(1 / 60)
    assert scene.reroll_mask == 0b101
    rows = scene._listed(R.seat_view(session.state, 0), session.legal_choices())
    assert rows[-1] == ch("reroll", 0b101)
    scene.focus = len(rows) - 1
    app.post(Action(CONFIRM))
    app.step(1 / 60)
    assert session.choices[before] == ch("reroll", 0b101)


def test_pointing_or_tabbing_at_a_room_tells_what_it_is(app):
    session = GameSession.start(R, Config(2, "standard"), 4)
    scene = rrr.PlayScene(session, humans=1, pace=0.0, tutorial=False)
    app.stack.push(scene)
    app.step(1 / 60)
    from game.runrunrun.rules.maze import FINAL, OPEN
    x, y = scene.layout.center(OPEN)
    app.post(Action(POINT, "mouse", (int(x), int(y))))
    app.step(1 / 60)
    assert scene.inspect_cell == OPEN
    assert "Vault" in scene._inspect_line(R.seat_view(session.state, 0))
    assert "Relics" in cell_text(R.seat_view(session.state, 0), FINAL)
    app.post(Action(NEXT))
    app.step(1 / 60)
    assert scene._inspect_line(R.seat_view(session.state, 0))
    # a hand tile explains itself too
    rect, text = next((r, t) for r, t in scene.spots if "combat dice" in t)
    app.post(Action(POINT, "mouse", rect.center))
    app.step(1 / 60)
    assert scene.inspect_text == text


def test_the_first_game_opens_the_tutorial_once(app):
    session = GameSession.start(R, Config(2, "standard"), 4)
    app.stack.push(rrr.PlayScene(session, humans=1, pace=0.0))
    assert isinstance(app.stack.top, rrr.TutorialOverlay)
    for _ in range(len(rrr.TUTORIAL_PAGES)):
        app.post(Action(CONFIRM))
        app.step(1 / 60)
    assert isinstance(app.stack.top, rrr.PlayScene)
    assert rrr.tutorial_seen()
    app.stack.push(rrr.PlayScene(GameSession.start(R, Config(2, "standard"), 5), humans=1, pace=0.0))
    assert isinstance(app.stack.top, rrr.PlayScene)


def test_the_demo_plays_ai_only_and_saves_nothing(app):
    from game.catalog import GAMES, load

    entry = next(e for e in GAMES if e.id == "runrunrun")
    factory = load(entry.demo)
    demo = factory(app)
    demo.pace = 0.0
    app.stack.push(demo)
    assert step_until(app, lambda: len(demo.session.choices) > 20)
    assert not demo.humans
    assert not has_saved_game(R.GAME_ID)


def test_the_save_is_written_by_a_worker_and_matches_the_game(app):
    session = GameSession.start(R, Config(3, "standard"), 2)
    scene = rrr.PlayScene(session, humans=0, pace=0.0, tutorial=False)
    app.stack.push(scene)
    assert step_until(app, lambda: len(session.choices) >= 10 or session.is_over(), frames_per_look=1)
    assert not session.is_over()
    scene.flush_saves()
    with open(saved_game_path(R.GAME_ID), encoding="utf-8") as fh:
        saved = json.load(fh)
    assert saved == json.loads(json.dumps(session.to_json()))
    assert scene.saver is not None                   # the disk write runs off the frame


def test_the_how_to_pages_hint_bar_names_what_closes_the_last_page(app, monkeypatch):
    """Real window, 1024x600 (h48): page 7 of 7 still said "Right Next page", and Right did
    nothing there; the last page names Enter (which closes it), the others Right."""
    from game.client import input as inp
    from game.runrunrun.ui import overlays
    from game.runrunrun.ui.text import HOW_TO_PLAY

    shown = []
    monkeypatch.setattr(overlays, "draw_hints", lambda surface, mapper, hints: shown.append(dict(hints)))
    how_to = overlays.HowToScene()
    app.stack.push(how_to)
    pages = len(HOW_TO_PLAY)
    for page in range(pages):
        app.step(1 / 60)
        hints = shown[-1]
        if page < pages - 1:
            assert hints.get(inp.RIGHT) == "Next page" and inp.CONFIRM not in hints
            app.post(Action(inp.RIGHT))
        else:
            assert hints.get(inp.CONFIRM) == "Done" and inp.RIGHT not in hints
    app.post(Action(inp.RIGHT))
    app.step(1 / 60)
    assert app.stack.top is how_to and how_to.page == pages - 1      # Right stays on the last page
    app.post(Action(CONFIRM))
    app.step(1 / 60)
    assert app.stack.top is not how_to                                 # Enter closes it, as named
