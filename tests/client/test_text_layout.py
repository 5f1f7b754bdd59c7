"""The one text-layout helper (game.client.text): wrap, shrink to the floor, then ellipsis."""
import pygame
import pytest

from game.client import text


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()
    text.set_display_scale(1.0)
    text.reset_caches()
    yield
    text.set_display_scale(1.0)


def _width(lay, line):
    return lay.font.size(line)[0]


def test_short_text_is_left_alone():
    lay = text.layout("Play", 400, 60, "body")
    assert lay.lines == ("Play",) and lay.em == text.nominal_em("body") and not lay.truncated


def test_text_wraps_at_words_and_every_line_fits():
    prompt = "Teammate's turn: BEEP a card you want to keep for yourself, or No BEEP"
    lay = text.layout(prompt, 300, 200, "body")
    assert len(lay.lines) > 1 and not lay.truncated
    assert " ".join(lay.lines) == prompt                      # nothing lost, no word split
    assert all(_width(lay, line) <= 300 for line in lay.lines)
    assert lay.height <= 200


def test_text_shrinks_before_it_is_cut():
    prompt = "Teammate's turn: BEEP a card you want to keep for yourself, or No BEEP"
    lay = text.layout(prompt, 704, 34, "body", wrap=False)
    assert lay.lines == (prompt,) and lay.em < text.nominal_em("body") and not lay.truncated


def test_at_the_floor_the_text_is_ellipsised_on_a_word_and_keeps_its_full_text():
    line = "CHIP level 2: up or down or left or right, then a second step the same way"
    lay = text.layout(line, 220, 20, "tiny", wrap=False)
    assert lay.truncated and lay.em == text.em_px("tiny") and lay.full_text == line
    shown = lay.lines[0]
    assert shown.endswith("...") and _width(lay, shown) <= 220
    assert line.startswith(shown[:-3]) and line[len(shown) - 3] == " "   # cut between words


def test_a_word_wider_than_the_box_is_split_only_when_no_smaller_size_avoids_it():
    lay = text.layout("Supercalifragilisticexpialidocious", 120, 200, "body")
    assert "".join(lay.lines) == "Supercalifragilisticexpialidocious"
    assert all(_width(lay, line) <= 120 for line in lay.lines)


def test_the_floor_follows_the_window_scale():
    assert text.min_em() == 12 and not text.compact()
    text.set_display_scale(800 / 1280)                      # the Pi 7" screen
    assert text.min_em() == 20 and text.em_px("tiny") >= 20 and text.em_px(12) == 20 and text.compact()
    lay = text.layout("x " * 500, 200, 40, "tiny", min_size=8)
    assert lay.em * 0.625 >= 12                             # never under 12 px on the window
    text.set_display_scale(720 / 1280)                      # Touch Display 2, portrait
    assert text.min_em() * 0.5625 >= 12


def test_a_huge_title_is_cut_to_what_the_box_can_show():
    title = "Robo Run: the very long scenario title " * 8000      # 312,000 characters
    lay = text.layout(title, 600, 120, "large")
    assert lay.truncated and len(lay.lines) * lay.line_height <= 120 + lay.line_height
    assert sum(len(line) for line in lay.lines) < 600            # only what fits was laid out
    lay = text.layout("x" * 300_000, 600, 60, "body", wrap=False)
    assert lay.truncated and _width(lay, lay.lines[0]) <= 600


def test_layouts_are_cached_and_the_cache_is_bounded():
    text.layout("cached", 100, 40)
    before = text._layout_em.cache_info()
    text.layout("cached", 100, 40)
    after = text._layout_em.cache_info()
    assert after.hits == before.hits + 1 and after.maxsize == 1024
    assert text._new_font_em.cache_info().maxsize == 64
    assert text._rendered.maxsize == 2048 and text._rendered.max_bytes == 16 << 20


def test_rendered_lines_are_bounded_by_bytes_too():
    for n in range(300):
        text.render(f"{n:05d} " + "W" * 400, 40)          # wide surfaces, far more bytes than the cap
    assert text._rendered.bytes <= text.RENDER_CACHE_BYTES


def test_draw_fit_records_ink_inside_the_box_and_registers_cut_text_for_the_tooltip():
    screen = pygame.display.set_mode((400, 200))
    box = pygame.Rect(10, 10, 120, 24)
    text.begin_frame()
    with text.record() as recorder:
        used = text.draw_fit(screen, "A rather long choice label that cannot fit", box, "small", wrap=False)
    assert recorder.records and all(box.contains(r.ink) for r in recorder.records)
    assert text.truncated_at(used.center) == "A rather long choice label that cannot fit"
    assert text.truncated_at((300, 150)) is None
    tip = text.draw_tooltip(screen, text.truncated_at(used.center), used.center)
    assert screen.get_rect().contains(tip)
    pygame.display.quit()


def test_the_app_shows_the_whole_text_under_the_pointer():
    from game.client.app import App
    from game.client.input import Action
    from game.client.scene import Scene

    class Cut(Scene):
        def draw(self, surface, alpha):
            text.draw_fit(surface, "Teammate drew Emergency Brake and played it at once", (100, 100, 150, 24),
                          "small", wrap=False)

    app = App()
    app.stack.push(Cut())
    app.input.last_device = "mouse"
    app.post(Action("point", "mouse", (120, 110)))
    with text.record() as recorder:
        app.step(1 / 60)
    assert "Teammate drew Emergency Brake and played it at once" in [r.text for r in recorder.records]
    pygame.quit()


def test_a_cut_text_in_a_cached_layer_shows_whole_while_its_scene_is_shown():
    from game.client.app import App
    from game.client.input import Action
    from game.client.scene import Scene

    class Cached(Scene):
        covers_screen = True

        def __init__(self, label):
            super().__init__()
            self.label, self.layer = label, None

        def draw(self, surface, alpha):
            if self.layer is None:                    # drawn once, like a HUD layer
                self.layer = pygame.Surface(surface.get_size())
                text.draw_fit(self.layer, self.label, (100, 100, 150, 24), "small", wrap=False)
            surface.blit(self.layer, (0, 0))

    app = App()
    first = Cached("CHIP level 2: up or down or left or right, twice")
    app.stack.push(first)
    app.step(1 / 60)
    app.input.last_device = "mouse"
    app.post(Action("point", "mouse", (120, 110)))
    assert text.truncated_at((120, 110), app.stack.visible()) == first.label
    app.stack.push(Cached("short"))                   # another opaque screen on top: not the old tooltip
    app.step(1 / 60)
    assert text.truncated_at((120, 110), app.stack.visible()) is None
    app.stack.pop()
    text.forget(first.layer, pygame.Rect(0, 0, 400, 400))   # the layer's region was cleared
    assert text.truncated_at((120, 110), app.stack.visible()) is None
    pygame.quit()


def test_the_focused_text_cut_short_is_shown_whole_next_to_it():
    from game.client.app import App
    from game.client.scene import Scene

    label = "CHIP level 2: up or down or left or right, then the same again"

    class Rows(Scene):
        def draw(self, surface, alpha):
            text.draw_fit(surface, label, (100, 100, 150, 24), "small", wrap=False, focused=True)
            text.draw_fit(surface, "Not focused but also far too long to fit", (100, 130, 150, 24), "small",
                          wrap=False)

    app = App()
    app.stack.push(Rows())
    app.input.last_device = "keyboard"
    with text.record() as recorder:
        app.step(1 / 60)
    drawn = " ".join(r.text for r in recorder.records[2:])        # after the two rows: the tooltip
    assert drawn == label
    pygame.quit()


def test_text_drawn_after_pygame_quit_and_a_new_init_uses_fresh_fonts():
    """Fonts cached before pygame.quit() are dead after it: the next draw after a new init must
    not reuse them ("Invalid font (font module quit since font created)", seen when the host drew
    phone card art after an earlier App in the same process had closed)."""
    import pygame

    from game.client import text

    pygame.init()
    surface = pygame.Surface((200, 60))
    text.draw_fit(surface, "Before the quit", pygame.Rect(0, 0, 200, 60), "body")
    pygame.quit()
    pygame.init()
    used = text.draw_fit(surface, "After a new init", pygame.Rect(0, 0, 200, 60), "body")
    assert used.width > 0


def test_text_drawn_after_a_second_quit_and_init_uses_fresh_fonts_too():
    """pygame runs a registered quit function only at the first quit: every later quit and init
    must still give fresh fonts."""
    for _ in range(2):
        test_text_drawn_after_pygame_quit_and_a_new_init_uses_fresh_fonts()
