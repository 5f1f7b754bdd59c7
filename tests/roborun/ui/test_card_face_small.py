"""A BEEPed card's flag holds its label at every window size (the 800x480 text floor widens it)."""
import pygame
import pytest

from game.client import text, theme
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


def test_a_face_drawn_before_a_resize_is_not_reused_after_it():
    """card_face is cached per window scale: after a resize from 1280x720 to 800x480 the face
    is drawn again with the larger text floor (a wider BEEP flag), and back at 1280x720 the
    first face is used again."""
    App(headless=True, window=(1280, 720))
    face = next(iter(action_cards()[1].values()))
    large = hud_render.card_face(face, (81, 150), "beep")
    assert hud_render.card_face(face, (81, 150), "beep") is large          # cached
    text.set_display_scale(800 / 1280)                                      # the window was resized
    small = hud_render.card_face(face, (81, 150), "beep")
    assert small is not large
    flag_row = [pygame.Color(*c) for c in (small.get_at((x, 2)) for x in range(81))]
    flag_row_large = [pygame.Color(*c) for c in (large.get_at((x, 2)) for x in range(81))]
    assert flag_row.count(pygame.Color(*theme.BAD)) > flag_row_large.count(pygame.Color(*theme.BAD))
    for draw in (hud_render.card_back, lambda size: hud_render.banner("BEEP", theme.BAD)):
        text.set_display_scale(1.0)
        before = draw((81, 150))
        text.set_display_scale(800 / 1280)
        assert draw((81, 150)) is not before
    text.set_display_scale(1.0)
    assert hud_render.card_face(face, (81, 150), "beep") is large
    pygame.quit()
