"""Robo Rescue how to play (set-up menu and pause menu) and the first-game tutorial."""
from __future__ import annotations

import pygame
import pytest

from game.client import widgets
from game.client.app import App
from game.client.input import Action
from game.client.menus import HowToPlayScene, PauseScene
from game.roborescue.rules.scoring import STORAGE, WORKSHOP, can_place, score_area
from game.roborescue.ui import howto
from game.roborescue.ui.lab_scene import LabScene
from game.roborescue.ui.scene import SetupScene


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
    assert isinstance(pages, HowToPlayScene) and len(pages.pages) == len(howto.PAGES) >= 5
    for index in range(len(pages.pages)):
        assert pages.page == index
        app.step(1 / 60)
        app.post(Action("click", "mouse", pos=(1100, 400)))     # a click on the right half: next page
    assert app.stack.top is setup


def test_every_page_has_a_picture_drawn_by_the_game(app):
    for page in howto.PAGES + howto.TUTORIAL:
        surface = pygame.Surface((484, 414))
        surface.fill((0, 0, 0))
        page.picture(surface, surface.get_rect().inflate(-16, -16))
        colours = {surface.get_at((x, y))[:3] for x in range(0, 484, 8) for y in range(0, 414, 8)}
        assert len(colours) > 8, page.title


def test_the_example_areas_follow_the_placement_rules():
    """The pictured Workshop and Storage rows are legal, as the pages say."""
    for kind, cards in ((WORKSHOP, howto._workshop_row()), (STORAGE, howto._storage_row())):
        assert len(cards) >= 3
        for i, card in enumerate(cards):
            assert can_place(kind, cards[:i], card), (kind, card.label)
        assert score_area(kind, cards).total > 0


def test_how_to_play_from_the_pause_menu_replaces_the_old_paragraph(app):
    from game.roborescue.ui.scene import table_config
    lab = LabScene(table_config(1, "normal", False, 3), setup=SetupScene)
    app.stack.push(lab)
    app.post(Action("menu", "keyboard"))
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    choose(app, pause, "How to play")
    assert isinstance(app.stack.top, HowToPlayScene) and len(app.stack.top.pages) == len(howto.PAGES)
    app.step(1 / 60)


def test_the_tutorial_shows_on_the_first_game_only(app):
    setup = SetupScene()
    app.stack.push(setup)
    choose(app, setup, "Start game")
    assert is_tutorial(app.stack.top) and isinstance(app.stack.scenes[-2], LabScene)
    for _ in range(len(howto.TUTORIAL)):
        app.step(1 / 60)
        app.post(Action("confirm", "keyboard"))
    assert isinstance(app.stack.top, LabScene) and not howto.tutorial_due()
    app.stack.pop()
    choose(app, setup, "Start game")
    assert isinstance(app.stack.top, LabScene)


def test_how_to_play_straight_from_the_game_select_screen(app):
    from game import catalog
    from game.client.menus import GameSelectScene

    select = GameSelectScene()
    app.stack.push(select)
    select.focus = next(i for i, entry in enumerate(catalog.GAMES) if entry.id == "roborescue")
    app.step(1 / 60)
    app.post(Action("info", "keyboard"))
    assert isinstance(app.stack.top, HowToPlayScene) and app.stack.top.pages is howto.PAGES
    app.post(Action("back", "keyboard"))
    assert app.stack.top is select
