"""An empty place on the ROBOMissions table ("New Megabot", "Chain +") never splits a word: at
800x480 a narrow slot read "New Megabo t". A slot too narrow for whole words shows a plus."""
from __future__ import annotations

import pygame
import pytest

from game.client import text as text_layout
from game.robomissions.ui.card_sprites import card_slot


@pytest.fixture(autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((10, 10))
    card_slot.cache_clear()
    yield
    card_slot.cache_clear()


@pytest.mark.parametrize("width", range(30, 131, 10))
def test_a_slot_label_is_drawn_in_whole_words_or_not_at_all(width):
    with text_layout.record() as recorder:
        surface = card_slot((width, width * 7 // 5), "New Megabot")
    lines = [r.text for r in recorder.records]
    assert all(line in ("New", "Megabot", "New Megabot") for line in lines), lines
    if not lines:                                      # too narrow: a plus is drawn instead
        centre = surface.get_at((width // 2, width * 7 // 10))
        assert centre.a > 24, "something is drawn in the middle of the slot"


def test_a_slot_wide_enough_names_its_place():
    with text_layout.record() as recorder:
        card_slot((110, 130), "New Megabot")
    assert " ".join(r.text for r in recorder.records) == "New Megabot"
