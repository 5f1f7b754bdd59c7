"""The ROBOMissions top bar in the 800x480 window (docs/client-screens.md: text fits at 800x480)."""
from __future__ import annotations

import pygame

from game.client import text as text_layout
from game.client import theme, widgets
from game.client.app import App
from game.client.menus import TitleScene


def test_the_action_dots_stand_clear_of_the_word_actions_at_800x480():
    """Observed in a real 800x480 and 1024x600 window: the first action dot was drawn 78 px after
    the start of "Actions", which the font floor makes wider than that: the dot touched the "s"."""
    from game.robomissions.ui.scene import make_config
    from game.robomissions.ui.table_scene import TableScene

    widgets.font.cache_clear()
    widgets.render_text.cache_clear()
    app = App(headless=True, window=(800, 480))
    try:
        app.stack.push(TitleScene())
        app.stack.push(TableScene(make_config("ffa", 3, humans=1, ai="normal", seed=3)))
        with text_layout.record() as recorder:
            for _ in range(3):
                app.step(1 / 60)
        word = [r for r in recorder.records if r.text == "Actions"][-1]
        frame = word.target                          # the top bar's layer: the dots are drawn on it too
        dots = [x for x in range(word.ink.left, word.ink.right + 80)
                if frame.get_at((x, word.ink.centery))[:3] == theme.ACCENT[:3]]
        assert dots, "no action dot found after the word"
        assert min(dots) > word.ink.right, (word.ink, min(dots))
    finally:
        pygame.quit()
