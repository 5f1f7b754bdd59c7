"""Robo Run help (issue 15): how-to-play pages, inspect, and asking only when it matters."""
import pygame
import pytest

from game import catalog
from game.client.app import App
from game.client.input import Action
from game.client.menus import HowToPlayScene, PauseScene
from game.roborun.rules.engine import apply, legal_choices, new_game
from game.roborun.ui.play_scene import GameOptions, PlayScene
from tests.roborun.ui.test_play import _ready_for_human, _seen_tutorial, _step_until, fresh_caches


@pytest.fixture()
def app():
    fresh_caches()
    application = App()
    application.settings.animation_speed = 4.0
    yield application


def _matters(state) -> bool:
    """A decision the player must answer: more than one option, and not an ordinary ability window."""
    dec = state.pending
    if len(legal_choices(state)) < 2:
        return False
    return not (dec.kind == "window" and dec.ctx and dec.ctx[0] == "window")


def _play_one_card(app, scene):
    """Press Enter through one card of the human seat; returns (presses, choices of that card, mattered)."""
    assert _step_until(app, scene, lambda: _ready_for_human(scene) and scene.reader.decision_kind in ("card", "start"))
    start = len(scene.history)
    app.post(Action("confirm"))
    presses = 1
    while True:
        _step_until(app, scene, lambda: _ready_for_human(scene) or scene.state.decision_seat != 0, limit=600)
        if scene.state.decision_seat != 0 or scene.reader.decision_kind in ("card", "start", "beep", "no_beep") \
                or scene.state.outcome is not None:
            break
        app.post(Action("confirm"))
        presses += 1
    replay = new_game(scene.level, scene.seed, scene.setup)
    mattered = 0
    for index, choice in enumerate(scene.history):
        if index >= start and scene.deciders[index] == 0 and _matters(replay):
            mattered += 1
        apply(replay, choice)
    return presses, scene.history[start:], mattered


@pytest.mark.parametrize("ask", [False, True])
def test_one_card_on_1_2_takes_as_many_presses_as_choices_that_matter(app, ask):
    _seen_tutorial()
    app.settings.ask_every_step = ask
    scene = PlayScene(GameOptions(level_ref="1.2", partner="random", seat=0, seed=3, intro=False))
    app.stack.push(scene)
    _play_one_card(app, scene)                  # seat 0 chooses who starts
    presses, choices, mattered = _play_one_card(app, scene)
    assert choices[0].kind == "play"
    assert not any(c.kind == "ability" for c in choices)          # a card that needs no ability
    windows = sum(c.kind == "continue" for c in choices)
    assert windows >= 3                                            # 1.2 with Energy: windows were open
    if ask:   # "Ask before every step": the old stop at every window comes back
        assert presses == len(choices) and presses > mattered
    else:
        assert presses == mattered == 1 + sum(c.kind != "continue" for c in choices[1:])


def test_use_an_ability_from_the_pause_menu_stops_at_the_next_window(app):
    _seen_tutorial()
    scene = PlayScene(GameOptions(level_ref="1.2", partner="random", seat=0, seed=3, intro=False))
    app.stack.push(scene)
    _play_one_card(app, scene)
    assert _step_until(app, scene, lambda: _ready_for_human(scene) and scene.reader.decision_kind == "card")
    scene._ask_ability()
    app.post(Action("confirm"))                 # play the card: the first window now waits
    assert _step_until(app, scene, lambda: _ready_for_human(scene) and scene.reader.decision_kind == "window", limit=600)
    assert scene.reader.decision_kind == "window"
    assert any(o.choice.kind == "ability" for o in scene.options_list)


def test_how_to_play_is_in_the_catalog_and_the_pause_menu(app):
    scene = catalog.load(catalog.BY_ID["roborun"].howto)()
    assert isinstance(scene, HowToPlayScene) and len(scene.pages) >= 5
    _seen_tutorial()
    play = PlayScene(GameOptions(level_ref="1.2", partner="random", seat=0, seed=3, intro=False))
    app.stack.push(play)
    app.step(1 / 60)
    app.post(Action("menu"))
    app.step(1 / 60)
    assert isinstance(app.stack.top, PauseScene)
    labels = [item.label for item in app.stack.top.menu.items]
    assert "How to play" in labels and "Use an ability" in labels
    play._how_to_play()
    assert isinstance(app.stack.top, HowToPlayScene)


def test_every_how_to_play_page_draws_its_picture(app):
    from game.roborun.ui.howto import how_to_play_scene
    scene = how_to_play_scene()
    app.stack.push(scene)
    surface = pygame.Surface((1280, 720))
    for page in scene.pages:
        before = surface.copy()
        rect = pygame.Rect(100, 170, 400, 400)
        surface.fill((0, 0, 0))
        page.picture(surface, rect)
        drawn = pygame.mask.from_threshold(surface.subsurface(rect), (0, 0, 0), (1, 1, 1, 255))
        assert drawn.count() < rect.width * rect.height * 0.95, page.title   # something was drawn
        del before


def test_pointing_at_a_board_space_explains_it_in_the_rulebooks_words(app):
    _seen_tutorial()
    scene = PlayScene(GameOptions(level_ref="1.2", partner="random", seat=0, seed=3, intro=False))
    app.stack.push(scene)
    app.step(1 / 60)
    robot = next((tuple(p), c) for _r, c, p in scene.reader.robots() if c == "green")
    app.post(Action("point", "mouse", scene.board.cell_rect(robot[0]).center))
    titles = [t for t, _ in scene.inspected()]
    assert titles[0] == "Good robot: Green" and len(titles) >= 2          # the robot, then its space
    assert "Secret Pocket: draws the top Equipment card" in scene.inspected()[0][1]   # its unlocked ability
    exit_pos = next((x, y) for y in range(scene.level.height) for x in range(scene.level.width)
                    if scene.level.spaces[y][x].kind == "exit")
    app.post(Action("point", "mouse", scene.board.cell_rect(exit_pos).center))
    title, text = scene.inspected()[-1]
    assert "Map Exit" in title and "escaped" in text
    rect, card = scene.card_rects[0]
    app.post(Action("point", "mouse", rect.center))
    title, text = scene.inspected()[0]
    assert title.startswith(f"Action card {card}") and "YOU:" in text and "BAD:" in text
    app.step(1 / 60)                                # the panel draws (draw_fit) without trouble


def test_explanations_never_cover_the_board_and_spawn_circles_say_what_they_are(app):
    """Issue 25: the card explanation covered the bottom third of the board (your robot too);
    the numbered red circles inspected as "Floor"."""
    from game.roborun.ui.play_render import BOARD_AREA

    _seen_tutorial()
    scene = PlayScene(GameOptions(level_ref="1.1", partner="random", seat=0, seed=1, intro=False))
    app.stack.push(scene)
    app.step(1 / 60)
    for rect, card in scene.card_rects:                  # every stand card, either side
        app.post(Action("point", "mouse", rect.center))
        box = scene._inspect_box()
        assert scene.inspected() and not box.colliderect(BOARD_AREA) and not box.colliderect(rect), (card, box)
    round_number, spawn = sorted(scene.level.spawns.items())[0]
    app.post(Action("point", "mouse", scene.board.cell_rect(spawn).center))
    title, text = scene.inspected()[0]
    assert title == f"New robot space {round_number}" and f"After round {round_number}" in text
    assert not scene._inspect_box().colliderect(BOARD_AREA)
    app.step(1 / 60)


def test_a_long_event_banner_stays_over_the_map(app):
    """Issue 25: event banners ran across both side panels."""
    from game.client import text
    from game.roborun.ui.anim import Caption
    from game.roborun.ui.play_render import BOARD_AREA

    _seen_tutorial()
    scene = PlayScene(GameOptions(level_ref="1.1", partner="random", seat=0, seed=1, intro=False))
    app.stack.push(scene)
    app.step(1 / 60)
    long = "Event: Short Circuit - every White robot moves two spaces towards the closest active Map Exit"
    scene.stage.captions[:] = [Caption(long, (240, 90, 90)), Caption("BEEP! Teammate asks: don't play card 6",
                                                                      (240, 90, 90))]
    drawn = []
    real_blit = pygame.Surface.blit

    class Spy(pygame.Surface):
        def blit(self, source, dest, *args, **kwargs):
            rect = real_blit(self, source, dest, *args, **kwargs)
            drawn.append(rect)
            return rect

    target = Spy(app.screen.get_size())
    scene._draw_captions(target)
    assert len(drawn) == 2 and all(BOARD_AREA.contains(rect) for rect in drawn), drawn
    assert not drawn[0].colliderect(drawn[1])           # stacked, not overlapping


def test_info_key_steps_through_the_board_with_tab_and_arrows(app):
    _seen_tutorial()
    scene = PlayScene(GameOptions(level_ref="1.2", partner="random", seat=0, seed=3, intro=False))
    app.stack.push(scene)
    _step_until(app, scene, lambda: _ready_for_human(scene))
    app.post(Action("info"))
    assert scene.inspecting and scene.inspected()
    seen = set()
    for _ in range(6):
        app.post(Action("next"))
        seen.add(scene.inspect_cell)
        assert scene.inspected()
    assert len(seen) == 6
    before = scene.inspect_cell
    app.post(Action("left"))
    app.post(Action("right"))
    assert scene.inspect_cell in (before, (before[0] + 1, before[1]))
    history = len(scene.history)
    app.post(Action("confirm"))                     # closes inspect, never plays a card
    assert not scene.inspecting and len(scene.history) == history
    tokens = {kind for kind, *_ in scene.reader.tokens()}
    assert tokens, "1.2 has tokens on the map"
