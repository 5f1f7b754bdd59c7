"""A Robo Rescue card's kind ("PART", "ENGINEER", "BENCH") fits under its picture: "ENGINEER"
ran past the card's edge and read "ENGINEE" (newcomer walk-through, 800x480)."""
from __future__ import annotations

import pygame
import pytest

from game.roborescue.ui.card_sprites import CARD_W, STRIP_W, caption_image

ART_W = CARD_W - STRIP_W - 10


@pytest.fixture(autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((10, 10))
    yield


@pytest.mark.parametrize("caption", ["PART", "ENGINEER", "BENCH", "WORKBENCH"])
def test_a_caption_is_never_wider_than_the_picture_above_it(caption):
    image = caption_image(caption, ART_W)
    assert 0 < image.get_width() <= ART_W

