"""Shared fixtures of the Robo Rally screen tests."""
import pygame
import pytest

from game.client.app import App
from game.roborally.ui import howto


@pytest.fixture
def app():
    """A headless app, the first-race tutorial already seen (test_screen_polish tests it)."""
    howto.mark_tutorial_done()
    a = App(headless=True)
    yield a
    pygame.quit()
