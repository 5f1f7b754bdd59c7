"""The race screen's cached layer (background, board, side panel): redrawn exactly when what it
shows changes, so every frame looks as a full redraw would (issue 16: the side panel's texts
were drawn every frame)."""
from __future__ import annotations

import pygame

from game.roborally.ui.scene import new_race

SIDE = pygame.Rect(845, 0, 1280 - 845, 720 - 46)


def _fresh(scene, size) -> pygame.Surface:
    """The frame drawn from nothing: no cached layer."""
    scene._layer = None
    surface = pygame.Surface(size, 0, pygame.display.get_surface())
    scene.draw(surface, 0.0)
    return surface


def test_the_side_panel_is_redrawn_when_a_register_is_revealed_and_only_then(app):
    scene = new_race("dizzy-dash", 3, 0, "easy", seed=2, speed=2.0, save=False, demo=True)
    app.stack.push(scene)
    redraws = []
    real = scene._draw_side_panel

    def counting(surface, key):
        redraws.append(key)
        real(surface, key)

    scene._draw_side_panel = counting
    panels = {}                     # shown register -> the side panel's pixels then
    frames = 0
    while frames < 3000 and not (scene.revealed_cards and scene.shown_register >= 2):
        app.step(1 / 60)
        frames += 1
        panels.setdefault(scene.shown_register, pygame.surfarray.array3d(app.screen.subsurface(SIDE)).copy())
    assert scene.shown_register >= 2, "no register was revealed"
    assert (panels[1] != panels[0]).any()       # register 1's cards show on the panel ...
    assert (panels[2] != panels[1]).any()       # ... and so do register 2's
    assert 1 < len(redraws) < frames / 3        # redrawn when something changed, not every frame
    assert all(a != b for a, b in zip(redraws, redraws[1:]))    # never redrawn for the same picture


def test_every_frame_equals_a_full_redraw(app):
    scene = new_race("dizzy-dash", 2, 0, "normal", seed=5, speed=3.0, save=False, demo=True)
    app.stack.push(scene)
    checked = 0
    for frame in range(1, 900):
        app.step(1 / 60)
        if frame % 15:
            continue
        shown = pygame.surfarray.array3d(app.screen).copy()
        fresh = pygame.surfarray.array3d(_fresh(scene, app.screen.get_size()))
        assert (shown == fresh).all(), f"frame {frame}: the cached layer is stale"
        checked += 1
    assert checked == 59 and scene.shown_round >= 1


def test_the_layer_follows_the_window_scale(app):
    scene = new_race("dizzy-dash", 2, 0, "normal", seed=5, save=False, demo=True)
    app.stack.push(scene)
    app.step(1 / 60)
    key = scene._layer_drawn_for
    from game.client import text

    text.set_display_scale(0.625)               # an 800x480 window: larger text floor
    try:
        app.step(1 / 60)
        assert scene._layer_drawn_for != key
    finally:
        text.set_display_scale(1.0)
