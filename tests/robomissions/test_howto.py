"""ROBOMissions how to play (set-up menu and pause menu) and the first-game tutorial."""
from __future__ import annotations

import pygame
import pytest

from game.client import widgets
from game.client.app import App
from game.client.input import Action
from game.client.menus import HowToPlayScene, PauseScene
from game.robomissions.ui import howto
from game.robomissions.ui.scene import SetupScene
from game.robomissions.ui.table_scene import TableScene


@pytest.fixture()
def app():
    widgets.font.cache_clear()
    widgets.render_text.cache_clear()
    return App(headless=True)


def is_tutorial(scene) -> bool:
    return isinstance(scene, HowToPlayScene) and scene.pages is howto.TUTORIAL


def choose(app: App, menu_scene, label: str) -> None:
    menu = menu_scene.menu
    menu.focus = next(i for i, item in enumerate(menu.items) if item.label == label)
    app.post(Action("confirm", "keyboard"))


def test_how_to_play_from_the_setup_menu_pages_through_and_closes(app):
    setup = SetupScene()
    app.stack.push(setup)
    choose(app, setup, "How to play")
    pages = app.stack.top
    assert isinstance(pages, HowToPlayScene) and len(pages.pages) == len(howto.PAGES) >= 6
    for index in range(len(pages.pages)):
        assert pages.page == index
        app.step(1 / 60)                                  # every page draws
        app.post(Action("confirm", "keyboard"))
    assert app.stack.top is setup
    choose(app, setup, "How to play")
    app.post(Action("right", "keyboard"))
    app.post(Action("left", "keyboard"))
    assert app.stack.top.page == 0
    app.post(Action("back", "keyboard"))
    assert app.stack.top is setup


def test_every_page_has_a_picture_drawn_by_the_game(app):
    for page in howto.PAGES + howto.TUTORIAL:
        assert page.picture is not None
        surface = pygame.Surface((484, 414))
        surface.fill((0, 0, 0))
        page.picture(surface, surface.get_rect().inflate(-16, -16))
        colours = {surface.get_at((x, y))[:3] for x in range(0, 484, 8) for y in range(0, 414, 8)}
        assert len(colours) > 8, page.title        # a real picture, not an empty box


def test_how_to_play_from_the_pause_menu_shows_over_the_table(app):
    from game.robomissions.ui.scene import make_config
    table = TableScene(make_config("ffa", 2, humans=1, ai="random", seed=3))
    app.stack.push(table)
    app.post(Action("menu", "keyboard"))
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    choose(app, pause, "How to play")
    assert isinstance(app.stack.top, HowToPlayScene)
    app.step(1 / 60)


def test_the_tutorial_shows_on_the_first_game_only(app):
    setup = SetupScene()
    app.stack.push(setup)
    assert howto.tutorial_due()
    choose(app, setup, "Start game")
    assert is_tutorial(app.stack.top)
    assert isinstance(app.stack.scenes[-2], TableScene)
    for _ in range(len(howto.TUTORIAL)):
        app.step(1 / 60)
        app.post(Action("confirm", "keyboard"))
    assert isinstance(app.stack.top, TableScene)
    assert not howto.tutorial_due() and not howto.tutorial_due()
    app.stack.pop()
    choose(app, setup, "Start game")
    assert isinstance(app.stack.top, TableScene)          # the second game starts straight away


def test_closing_the_tutorial_early_also_counts(app):
    setup = SetupScene()
    app.stack.push(setup)
    choose(app, setup, "Start game")
    app.post(Action("back", "keyboard"))
    assert isinstance(app.stack.top, TableScene) and not howto.tutorial_due()


def test_how_to_play_straight_from_the_game_select_screen(app):
    from game import catalog
    from game.client.menus import GameSelectScene

    select = GameSelectScene()
    app.stack.push(select)
    select.focus = next(i for i, entry in enumerate(catalog.GAMES) if entry.id == "robomissions")
    app.step(1 / 60)
    app.post(Action("info", "keyboard"))
    assert isinstance(app.stack.top, HowToPlayScene) and app.stack.top.pages is howto.PAGES
    app.post(Action("back", "keyboard"))
    assert app.stack.top is select


def test_no_how_to_page_draws_a_card_face_too_small_to_read(app, monkeypatch):
    """The 'Your turn' sketch drew the hand as 44-pixel card faces whose words were cut ("Remo");
    every face on a how-to page is at least 80 pixels wide (the smaller hand is drawn as backs)."""
    sizes: list[tuple[int, int]] = []
    real_face = howto.sprites.card_face

    def face(card, size, *args, **kwargs):
        sizes.append(tuple(size))
        return real_face(card, size, *args, **kwargs)

    monkeypatch.setattr(howto.sprites, "card_face", face)
    surface = pygame.Surface((1280, 720))
    for page in howto.PAGES + howto.TUTORIAL:
        if page.picture is not None:
            page.picture(surface, pygame.Rect(40, 150, 472, 430))
    assert sizes and min(w for w, _ in sizes) >= 80, sorted(set(sizes))


def test_how_to_play_tells_the_team_modes_bonuses_the_engine_plays():
    """ROBOMissions, Game modes: the lone player of 2V1 gets "bigger starting hand (8 instead of 5),
    bigger maximum hand size (10 instead of 7) and more Actions per turn (3 instead of 2)", and a
    2V2 survivor gets the same: a player learning from the pages must read the engine's numbers."""
    from game.robomissions.rules import engine as E
    page = next(p for p in howto.PAGES if "2 vs 1" in p.title and "2 vs 2" in p.title)
    for number in (E.BUFF_HAND_SIZE, E.BUFF_HAND_LIMIT, E.BUFF_ACTIONS):
        assert str(number) in page.text, (number, page.text)
    assert "trade cards" in page.text and "Chainbots" in page.text
