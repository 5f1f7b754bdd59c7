"""A BEEPed card's flag holds its label at every window size (the 800x480 text floor widens it)."""
import pygame
import pytest

from game.client import text
from game.client.app import App
from game.roborun.rules.cards import action_cards
from game.roborun.ui import hud_render


@pytest.mark.parametrize("window", [(1280, 720), (800, 480)])
def test_the_beep_flag_label_stays_on_the_card(window):
    App(headless=True, window=window)
    hud_render.card_face.cache_clear()
    face = next(iter(action_cards()[1].values()))
    with text.record() as seen:
        card = hud_render.card_face(face, (81, 150), "beep")
    beep = [r for r in seen.records if r.text == "BEEP"]
    assert beep, "the flag was drawn"
    assert card.get_rect().contains(beep[0].ink)
    pygame.quit()
