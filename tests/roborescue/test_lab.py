"""The Robo Rescue: Origins lab screen, played headless through the real App loop.

Input is synthetic (`app.post(Action(...))`, or real pygame events for the device tests)
and every expected value comes from the engine, never from hard-coded numbers.
"""
import pygame
import pytest

from game.client import input as inp
from game.client import theme
from game.client.app import App
from game.client.input import Action
from game.client.menus import HowToPlayScene, PauseScene
from game.core.errors import UserError
from game.roborescue.rules import engine
from game.roborescue.ui import highscores
from game.roborescue.ui.end_scene import EndScene
from game.roborescue.ui.handover_scene import HandoverScene
from game.roborescue.ui.lab_render import area_rect
from game.roborescue.ui.lab_scene import HUMAN, GameConfig, LabScene
from game.roborescue.ui.scene import SetupScene, main, make_entry_scene, parse_args
from tests.helpers import let_the_ai_answer

STEP = 1 / 60


@pytest.fixture
def app():
    app = App(fullscreen=False)
    yield app
    app.stack.scenes.clear()


def start(app, n_players=1, seats=(HUMAN,), seed=7, advanced=False) -> LabScene:
    scene = LabScene(GameConfig(n_players, seats, advanced, seed))
    app.stack.push(scene)
    return scene


def settle(app, scene: LabScene, frames: int = 600) -> None:
    """Skip animations and let AI seats act until the human has a choice ready."""
    for _ in range(frames):
        if app.stack.top is scene and scene.choice is not None and not scene.queue.busy and not scene._waiting():
            return
        if isinstance(app.stack.top, HandoverScene):
            app.post(Action(inp.CONFIRM))
        app.post(Action(inp.SKIP))
        let_the_ai_answer(app)
        app.step(STEP)
    raise AssertionError("the screen never offered the human a choice")


def play_by_confirm(app, until, max_frames: int = 20000) -> int:
    """Press skip + confirm every frame (the focus always starts on a legal choice)."""
    for frame in range(max_frames):
        if until():
            return frame
        app.post(Action(inp.SKIP))
        app.post(Action(inp.CONFIRM))
        let_the_ai_answer(app)
        app.step(STEP)
    raise AssertionError("the game did not get there")


def test_a_whole_solo_game_reaches_the_end_screen_with_the_engine_score_and_saves_it(app):
    scene = start(app, seed=11)
    play_by_confirm(app, lambda: isinstance(app.stack.top, EndScene))
    end = app.stack.top
    assert scene.state.phase == engine.OVER
    assert len(scene.state.players[0].round_scores) == engine.SOLO_ROUNDS
    assert end.final_score == engine.final_score(scene.state, 0)
    table, _warning = highscores.load_table()
    assert [entry.score for entry in table] == [end.final_score]
    assert end.rank == 1
    for _ in range(10):
        app.step(STEP)   # the end screen draws (count-up, rating, table) without error


def test_enter_pressed_through_the_last_animation_does_not_skip_the_results(app):
    """Issue 25: results first, then a deliberate choice: Enter held through the end keeps the score up."""
    start(app, seed=11)
    play_by_confirm(app, lambda: isinstance(app.stack.top, EndScene))
    end = app.stack.top
    for _ in range(30):                          # half a second of Enter after the game ended
        app.post(Action(inp.CONFIRM))
        app.step(STEP)
    assert app.stack.top is end and end.t >= 10.0    # still the results, the score shown in full
    for _ in range(int(1.5 / STEP)):
        app.step(STEP)
    app.post(Action(inp.CONFIRM))                    # now the choice: Play again
    assert isinstance(app.stack.top, LabScene)


def test_mid_game_screenshot_is_saved(app, tmp_path):
    scene = start(app, seed=3)
    play_by_confirm(app, lambda: scene.state.round == 2 and scene.state.turn == 3)
    settle(app, scene)
    app.step(STEP)
    path = tmp_path / "lab.png"
    app.save_screenshot(str(path))
    image = pygame.image.load(str(path))
    assert image.get_size() == (1280, 720)
    colours = {image.get_at((x, y))[:3] for x in range(0, 1280, 40) for y in range(0, 720, 40)}
    assert len(colours) > 20   # a real picture, not a blank frame


def _legal_place_areas(scene: LabScene) -> set[int]:
    card = scene._active_card()
    return {a.area for a in engine.legal_choices(scene.state) if isinstance(a, engine.Place) and a.card == card}


def _placed_areas(scene: LabScene) -> list[int]:
    return [len(cards) for cards in scene.state.players[0].areas]


def _key(key):
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


def _pad(button):
    return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=0, which=0)


@pytest.mark.parametrize("device", ["keyboard", "gamepad"])
def test_keys_and_pad_move_the_focus_to_a_legal_area_and_place_the_card(app, device):
    scene = start(app, seed=5)
    settle(app, scene)
    card = scene._active_card()
    start_focus = scene.choice.focus
    moves = {"keyboard": [pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP],
             "gamepad": [14, 12, 13, 11]}[device]
    legal = _legal_place_areas(scene)
    for press in range(16):
        code = moves[press % 4]
        pygame.event.post(_key(code) if device == "keyboard" else _pad(code))
        app.step(STEP)
        focus = scene.choice.focus
        if focus != start_focus and focus[0] == "area" and focus[1] in legal:
            break
    else:
        pytest.fail("the focus never reached another legal area")
    assert app.input.last_device == device
    target = scene.choice.focus[1]
    pygame.event.post(_key(pygame.K_RETURN) if device == "keyboard" else _pad(0))
    app.step(STEP)
    assert card in scene.state.players[0].areas[target]


def test_mouse_click_on_a_legal_area_places_the_card_there(app):
    scene = start(app, seed=5)
    settle(app, scene)
    card = scene._active_card()
    target = sorted(_legal_place_areas(scene))[-1]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=area_rect(target).center))
    app.step(STEP)
    assert app.input.last_device == "mouse"
    assert card in scene.state.players[0].areas[target]


def test_an_illegal_area_is_dimmed_refused_and_explained(app):
    scene = start(app, seed=2)
    for _ in range(60):
        settle(app, scene)
        if scene.state.phase == engine.PLACE and len(_legal_place_areas(scene)) < 4 and _legal_place_areas(scene):
            break
        app.post(Action(inp.CONFIRM))
        app.step(STEP)
    illegal = next(a for a in range(4) if a not in _legal_place_areas(scene))
    app.post(Action(inp.POINT, "mouse", area_rect(illegal).center))
    assert illegal in scene._marks().dimmed
    title, reason = scene._status()
    assert "not allowed" in title and reason
    before = _placed_areas(scene)
    app.post(Action(inp.CLICK, "mouse", area_rect(illegal).center))
    assert _placed_areas(scene) == before and scene.message is not None


def test_round_end_preselects_the_best_pair_and_scores_the_areas_the_player_picks(app):
    scene = start(app, seed=9)
    play_by_confirm(app, lambda: scene.state.phase == engine.SCORE and not scene.queue.busy
                    and scene.choice is not None and scene.choice_key is not None)
    settle(app, scene)
    best, best_total = engine.best_scoring(scene.state, 0)
    assert tuple(sorted(scene.score_pick)) == tuple(sorted(best))
    choices = [a.areas for a in engine.legal_choices(scene.state)]
    other = next((c for c in choices if tuple(sorted(c)) != tuple(sorted(best))), choices[0])
    scene.score_pick = list(other)
    expected = sum(engine.area_scores(scene.state, 0)[a].total for a in other)
    app.post(Action(inp.CLICK, "mouse", __import__("game.roborescue.ui.lab_render", fromlist=["x"]).SCORE_BUTTON.center))
    assert scene.state.players[0].round_scores == [expected]


def _no_other_seats_hand_on_screen(scene: LabScene) -> bool:
    return all(model.hand == [] for seat, model in scene.models.items() if seat != scene.viewer)


def test_multiplayer_with_ai_seats_plays_to_the_end_with_vp_results(app):
    scene = start(app, n_players=3, seats=(HUMAN, "easy", "random"), seed=4)
    hidden_every_frame = []
    play_by_confirm(app, lambda: hidden_every_frame.append(_no_other_seats_hand_on_screen(scene))
                    or isinstance(app.stack.top, EndScene))
    assert all(hidden_every_frame)   # the screen never held another seat's drawn cards
    end = app.stack.top
    assert end.winners == scene.state.winners and end.winners
    assert end.vp == [len(p.vp) for p in scene.state.players]
    assert sum(end.vp) >= engine.MULTIPLAYER_ROUNDS   # every round gives at least one VP
    for _ in range(5):
        app.step(STEP)


def test_tab_views_another_seats_lab_without_its_hand(app):
    scene = start(app, n_players=2, seats=(HUMAN, "normal"), seed=6)
    settle(app, scene)
    app.post(Action(inp.NEXT))
    assert scene.viewed == 1
    app.step(STEP)
    assert scene._marks().focus is None   # nothing to choose on another lab
    app.post(Action(inp.CONFIRM))
    assert scene.viewed == 0


def test_two_humans_get_a_hand_over_screen_between_them(app):
    scene = start(app, n_players=2, seats=(HUMAN, HUMAN), seed=8)
    play_by_confirm(app, lambda: isinstance(app.stack.top, HandoverScene), max_frames=600)
    assert scene.viewer == 0 and scene.state.decision_seat == 1
    app.post(Action(inp.CONFIRM))
    assert app.stack.top is scene and scene.viewer == 1
    assert list(scene.models[1].hand) == list(scene.state.players[1].hand)


def test_menu_opens_the_pause_menu(app):
    scene = start(app)
    settle(app, scene)
    app.post(Action(inp.MENU))
    assert isinstance(app.stack.top, PauseScene)


def test_set_up_menu_starts_a_multiplayer_table(app):
    app.stack.push(make_entry_scene(app))
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    setup.menu.focus = 0
    app.post(Action(inp.RIGHT))                     # players 1 -> 2
    setup.menu.focus = setup.menu.items.index(next(i for i in setup.menu.items if i.label == "Start game"))
    app.post(Action(inp.CONFIRM))
    assert isinstance(app.stack.top, HowToPlayScene)   # a first game opens with the tutorial
    app.post(Action(inp.BACK))
    lab = app.stack.top
    assert isinstance(lab, LabScene) and lab.config.n_players == 2
    assert lab.config.seats == (HUMAN, "normal")


def test_command_line_checks_its_options():
    with pytest.raises(UserError):
        parse_args(["--players", "7"])
    with pytest.raises(UserError):
        parse_args(["--ai", "genius"])


def test_command_line_runs_frames_and_saves_a_screenshot(tmp_path):
    shot = tmp_path / "cli.png"
    assert main(["--players", "2", "--ai", "easy", "--seed", "3", "--frames", "30", "--screenshot", str(shot)]) == 0
    assert shot.exists()


def test_ai_thinks_off_the_frame_on_a_view_and_never_freezes_the_screen(app, monkeypatch):
    import threading

    from game.roborescue.ui import lab_scene

    release = threading.Event()
    seen = []
    real_choose = lab_scene.ai.choose

    def slow_choose(view, legal, rng, level):
        seen.append(view)
        release.wait(timeout=10)
        return real_choose(view, legal, rng, level)

    monkeypatch.setattr(lab_scene.ai, "choose", slow_choose)
    scene = start(app, n_players=2, seats=(HUMAN, "normal"), seed=3)
    play_by_confirm(app, lambda: scene.future is not None, max_frames=2000)
    frames_before = app.frames
    for _ in range(30):                  # the AI is blocked, yet frames keep coming
        app.step(STEP)
    assert app.frames == frames_before + 30 and scene.state.decision_seat == 1
    assert isinstance(seen[0], engine.PlayerView) and seen[0].seat == 1
    release.set()
    for _ in range(600):
        if scene.state.decision_seat != 1:
            break
        app.post(Action(inp.SKIP))
        app.step(STEP)
    assert scene.state.decision_seat != 1


def test_skip_finishes_every_animation_at_once_and_the_picture_matches_the_engine(app):
    scene = start(app, seed=13)
    settle(app, scene)
    app.post(Action(inp.CONFIRM))          # place a card: the flight starts
    app.step(STEP)
    assert scene.queue.busy
    app.post(Action(inp.SKIP))
    assert not scene.queue.busy
    app.step(STEP)
    seen = engine.seat_view(scene.state, 0)
    model = scene.models[0]
    assert [tuple(a) for a in model.areas] == list(seen.lab.areas) and tuple(model.hand) == seen.hand



def _must_decommission(scene: LabScene) -> bool:
    if scene.state.phase != engine.PLACE or scene.choice is None or scene.queue.busy:
        return False
    options = scene._actions_for_card(scene._active_card())
    return not options["place"] and bool(options["decommission"])


def test_a_card_that_fits_nowhere_decommissions_the_area_the_player_picks(app):
    for seed in range(1, 30):
        scene = start(app, seed=seed)
        try:
            play_by_confirm(app, lambda: _must_decommission(scene), max_frames=1500)
            break
        except AssertionError:
            app.stack.scenes.clear()
    else:
        pytest.skip("no seed reached a forced decommission")
    marks = scene._marks()
    assert marks.danger and marks.legal == {0, 1, 2, 3}
    card = scene._active_card()
    chosen = next(a for a in range(4) if ("area", a) != scene.choice.focus)
    app.post(Action(inp.CLICK, "mouse", area_rect(chosen).center))
    player = scene.state.players[0]
    assert player.decommissioned == chosen and card in player.areas[chosen]
    app.post(Action(inp.SKIP))
    app.step(STEP)
    assert scene.models[0].decommissioned == chosen   # drawn face down from now on


def test_refusal_reasons_match_the_rulebook_restriction_that_applies():
    from game.roborescue.rules.cards import default_deck
    from game.roborescue.ui.lab_choice_ui import placement_reason
    from game.roborescue.ui.lab_render import LabModel
    from game.roborescue.rules.scoring import can_place

    deck = default_deck()
    first = lambda test: next(c for c in deck if test(c))   # noqa: E731
    engineer = first(lambda c: c.kind == "engineer")
    head = first(lambda c: c.is_part and c.types == {"Head"})
    other_head = first(lambda c: c.is_part and "Head" in c.types and c.index != head.index)
    same_colour = first(lambda c: c.is_part and c.colour == head.colour and c.index != head.index)
    no_chain = first(lambda c: c.is_part and "Head" not in c.types and c.colour != head.colour)
    model = LabModel(0, areas=[[head.index], [], [head.index], []])
    cases = [
        (0, other_head, "already has a Head"),       # Workshop: one of each type
        (3, engineer, "Only robot parts"),           # Storage: parts only
        (2, same_colour, f"already has a {head.colour} card"),
        (2, no_chain, "continue the chain"),
    ]
    for area, card, words in cases:
        kind = "workshop" if area < 2 else "storage"
        assert not can_place(kind, model.face_up_cards(deck, area), card)   # the engine refuses it too
        assert words in placement_reason(model, deck, area, card.index, no_empty=False)
    assert "Advanced Mode" in placement_reason(model, deck, 1, head.index, no_empty=True)


def test_the_game_select_screen_opens_the_set_up_menu(app):
    from game.client.menus import GameSelectScene
    from game.client.registry import GAMES

    select = GameSelectScene()
    app.stack.push(select)
    select.focus = next(i for i, entry in enumerate(GAMES) if entry.id == "roborescue")
    app.post(Action(inp.CONFIRM))
    assert isinstance(app.stack.top, SetupScene)
    app.post(Action(inp.CONFIRM))              # focus starts on "Start game": a solo table
    app.post(Action(inp.BACK))                 # closes the first-game tutorial
    lab = app.stack.top
    assert isinstance(lab, LabScene) and lab.config.n_players == 1 and lab.config.is_human(0)


@pytest.mark.parametrize("bug", ["raises", "illegal"])
def test_a_failing_ai_does_not_end_the_game(app, monkeypatch, capsys, bug):
    from game.roborescue.ui import lab_scene

    def broken(view, legal, rng, level):
        if bug == "illegal":
            return engine.KeepVP(card=-1)
        raise RuntimeError("AI bug")

    monkeypatch.setattr(lab_scene.ai, "choose", broken)
    scene = start(app, n_players=2, seats=(HUMAN, "normal"), seed=3)
    play_by_confirm(app, lambda: scene.state.round == 2, max_frames=3000)
    assert ("AI bug" if bug == "raises" else "illegal action") in capsys.readouterr().err


def test_a_placed_card_leaves_the_hand_as_its_flight_starts_and_lands_as_it_ends(app):
    """The lab's beats play on the shared sequencer: the display model lags the engine
    exactly as long as the flight (0.4 s at animation speed 1) runs."""
    app.settings.animation_speed = 1.0
    scene = start(app, seed=13)
    settle(app, scene)
    model = scene.models[0]
    hand_before = list(model.hand)
    app.post(Action(inp.CONFIRM))          # place the focused card
    app.step(STEP)
    card = next(c for c in hand_before if c not in model.hand)      # gone from the hand at once
    area = next(a for a, ids in enumerate(engine.seat_view(scene.state, 0).lab.areas) if card in ids)
    assert card not in model.areas[area] and scene.queue.busy       # still in the air
    frames = 0
    while card not in model.areas[area]:
        app.step(STEP)
        frames += 1
        assert frames < 60
    assert 0.4 - 2 * STEP <= (frames + 1) * STEP <= 0.4 + 2 * STEP


def test_seats_are_named_as_in_every_other_game():
    """Issue 25: 'Robot 2' here, 'AI (normal)' everywhere else."""
    config = GameConfig(3, (HUMAN, "normal", "hard"))
    assert [config.seat_name(s) for s in range(3)] == ["You", "Player 2 (AI normal)", "Player 3 (AI hard)"]
    assert config.seat_name(2, short=True) == "Player 3 (AI)"
    setup = SetupScene()
    setup.n_players = 2
    assert setup._seat_value(1)() == "AI"


def test_the_set_up_asks_the_ai_level_only_when_an_ai_sits_at_the_table(app):
    """Seen at 800x480: a solo game (Players 1, Seat 1 Human) still offered 'AI level < normal >'."""
    app.stack.push(make_entry_scene(app))
    setup = app.stack.top
    level = next(item for item in setup.menu.items if item.label == "AI level")
    assert not level.enabled                        # solo: nobody for an AI level to play
    setup.menu.focus = 0
    app.post(Action(inp.RIGHT))                     # players 1 -> 2: seat 2 is an AI
    assert level.enabled
    setup.menu.focus = 2
    app.post(Action(inp.RIGHT))                     # seat 2: AI -> Human
    assert not level.enabled
    setup.menu.focus = setup.menu.items.index(level) - 1
    app.post(Action(inp.DOWN))                      # keyboard focus steps over the unused row
    assert setup.menu.items[setup.menu.focus].label == "Advanced mode"


def _drawn_hints(app, monkeypatch, scene) -> list:
    """The hint bar the scene draws once its way out shows."""
    from game.roborescue.ui import end_scene

    drawn: list = []
    monkeypatch.setattr(end_scene, "draw_hints", lambda surface, mapper, hints: drawn.append(hints))
    app.stack.push(scene)
    for _ in range(int(2.5 / STEP)):
        app.step(STEP)
    return drawn[-1]


def test_a_tables_end_screen_centres_its_points_with_its_one_button_under_them(app, monkeypatch):
    """A hosted table's end (800x480): the points panel sat on the left, the lone 'Back to the lobby'
    far to the right, and the hint bar offered Up/Down for a menu of one."""
    config = GameConfig(2, (HUMAN, "easy"), False, 5)
    end = EndScene(config, engine.new_game(engine.Config(2), 5), leave=("Back to the lobby", lambda: None))
    hints = _drawn_hints(app, monkeypatch, end)
    box, button = end._points_box(), end.menu.rects[0]
    assert box.centerx == button.centerx == theme.WIDTH // 2
    assert button.top >= box.bottom
    assert inp.UP_DOWN not in [key for key, _words in hints], hints


def test_a_local_games_end_screen_keeps_its_menu_and_its_up_down_hint(app, monkeypatch):
    config = GameConfig(2, (HUMAN, "easy"), False, 5)
    end = EndScene(config, engine.new_game(engine.Config(2), 5), play_again=lambda c: LabScene(c),
                   new_setup=lambda c: LabScene(c))
    hints = _drawn_hints(app, monkeypatch, end)
    assert len(end.menu.items) == 3 and inp.UP_DOWN in [key for key, _words in hints]
