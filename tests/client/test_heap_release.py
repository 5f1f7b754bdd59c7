"""Issue 26: memory a closed screen freed goes back to the system (Robo Rally's RSS grew 11%
over ten minutes of random input while its live objects stayed flat)."""
import sys

import pytest

from game.client import heap
from game.client.membench import rss_mb
from game.client.scene import Scene

glibc = pytest.mark.skipif(not (sys.platform.startswith("linux") and heap.release_free_memory()),
                           reason="malloc_trim is glibc's")


class Hungry(Scene):
    """A screen that holds 48 MB in 48 kB blocks, each followed by a small block that outlives it
    (as surfaces and the objects made between them do): freed, the big blocks leave holes between
    live ones, which malloc keeps unless asked to give them back."""

    def __init__(self, keep: list):
        super().__init__()
        self.blocks = []
        for _ in range(1000):
            self.blocks.append(bytearray(48 * 1024))
            keep.append(bytearray(700))
        self.closing = False

    def update(self, dt: float) -> None:
        if self.closing:
            self.app.stack.pop()


@glibc
def test_closing_a_screen_gives_the_memory_it_held_back_to_the_system():
    from game.client.app import App
    from game.client.menus import TitleScene

    keep: list = []
    app = App(fullscreen=False, headless=True)
    try:
        app.stack.push(TitleScene())
        app.step(app.clock.step)
        hungry = Hungry(keep)
        app.stack.push(hungry)
        app.step(app.clock.step)
        held = rss_mb()
        app._last_collect = -1e9              # the collection after a close is due
        hungry.closing = True
        del hungry
        app.step(app.clock.step)              # the screen closes in this frame: collect, then release
        assert held - rss_mb() > 36, (held, rss_mb())
    finally:
        import pygame

        pygame.quit()
        del keep


def test_where_there_is_no_malloc_trim_nothing_is_asked(monkeypatch):
    monkeypatch.setattr(heap, "_trim", False)
    assert heap.release_free_memory() is False
