"""Issue 26: a start answers its fonts from the table the last start wrote (game.client.text_memo).

The answers are the fonts' own (byte-identical rendered texts, the same sizes and metrics), a
start that draws what the last one drew opens no font, and a damaged, foreign or oversized
table is never used.
"""
import pygame
import pytest

from game.client import text, text_memo

TEXTS = ["Your turn", "HP 40/40  AP 30", "Wg", "Welcome to Robo Run", "1 / 4", "  spaced  ", "Ünïcødé ok?"]
COLOURS = [(255, 255, 255), (250, 200, 40), (20, 20, 30)]


@pytest.fixture
def fonts(tmp_path, monkeypatch):
    monkeypatch.setenv("ROBOARCADE_CACHE", str(tmp_path / "cache"))
    pygame.font.init()
    text_memo.forget()
    text.reset_caches()
    yield tmp_path / "cache"
    text_memo.forget()
    text.reset_caches()


def _answers(f) -> list:
    """What a first frame asks of one font, as plain values (surfaces as their pixels)."""
    answers = [f.get_linesize(), f.get_height(), f.get_ascent(), f.get_descent()]
    for words in TEXTS:
        answers += [f.size(words), f.metrics(words)]
        for colour in COLOURS:
            image = f.render(words, True, colour)
            answers.append((image.get_size(), image.get_flags(), image.get_masks(),
                            pygame.image.tobytes(image, "BGRA")))
    return answers


def _ask_everything(em: int, bold: bool = False) -> list:
    return _answers(text.face(em, bold))


def _fresh_start(name: str = "unit") -> None:
    """As the next program start: nothing in memory, the table read from disk."""
    text_memo.forget()
    text.reset_caches()
    text.begin_start(name)


def _real_answers(em: int, bold: bool = False) -> list:
    """The same questions asked of pygame's font directly."""
    f = text.new_font(em)
    f.set_bold(bold)
    return _answers(f)


def test_the_next_start_gets_the_fonts_own_answers_without_opening_a_font(fonts):
    _fresh_start()
    first = [_ask_everything(em, bold) for em in (15, 35, 50) for bold in (False, True)]
    text.end_start(wait=True)
    assert text_memo.cache_path("unit").is_file()

    _fresh_start()
    second = [_ask_everything(em, bold) for em in (15, 35, 50) for bold in (False, True)]
    assert all(text.face(em, bold)._font is None for em in (15, 35, 50) for bold in (False, True))
    assert second == first == [_real_answers(em, bold) for em in (15, 35, 50) for bold in (False, True)]


def test_a_question_the_table_lacks_opens_the_font_and_is_kept_for_the_next_start(fonts):
    _fresh_start()
    text.face(35).size("Robo Rally")
    text.end_start(wait=True)
    _fresh_start()
    assert text.face(35).size("Robo Rally") == text.new_font(35).size("Robo Rally")
    assert text.face(35)._font is None
    assert text.face(35).size("Run Run Run!") == text.new_font(35).size("Run Run Run!")
    assert text.face(35)._font is not None      # not in the table: the font itself answered
    text.end_start(wait=True)
    _fresh_start()
    text.face(35).size("Robo Rally"), text.face(35).size("Run Run Run!")
    assert text.face(35)._font is None          # both kept


def test_a_damaged_table_is_not_used(fonts):
    _fresh_start()
    text.face(35).render("Damage", True, (255, 255, 255))
    text.end_start(wait=True)
    path = text_memo.cache_path("unit")
    raw = bytearray(path.read_bytes())
    raw[len(raw) // 2] ^= 0xFF
    path.write_bytes(bytes(raw))
    _fresh_start()
    image = text.face(35).render("Damage", True, (255, 255, 255))
    assert text.face(35)._font is not None       # asked of the font
    expected = text.new_font(35).render("Damage", True, (255, 255, 255))
    assert pygame.image.tobytes(image, "BGRA") == pygame.image.tobytes(expected, "BGRA")


def test_a_table_made_with_another_font_file_or_pygame_is_not_used(fonts, monkeypatch):
    _fresh_start()
    text.face(35).size("Another font")
    text.end_start(wait=True)
    monkeypatch.setattr(text_memo, "fingerprint", lambda font_file: "another pygame or font file")
    _fresh_start()
    text.face(35).size("Another font")
    assert text.face(35)._font is not None


def test_an_empty_text_and_a_translucent_colour_draw_as_the_font_draws_them(fonts):
    _fresh_start()
    for words, colour in (("", (255, 255, 255)), ("Ghost", (255, 255, 255, 90))):
        text.face(35).render(words, True, colour)
    text.end_start(wait=True)
    _fresh_start()
    for words, colour in (("", (255, 255, 255)), ("Ghost", (255, 255, 255, 90))):
        ours, theirs = text.face(35).render(words, True, colour), text.new_font(35).render(words, True, colour)
        assert ours.get_size() == theirs.get_size() and ours.get_flags() == theirs.get_flags()
        assert pygame.image.tobytes(ours, "BGRA") == pygame.image.tobytes(theirs, "BGRA")


def test_the_table_keeps_earlier_starts_texts_only_up_to_its_size(fonts, monkeypatch):
    monkeypatch.setattr(text_memo, "MAX_KEPT_BYTES", 60_000)
    for start in range(6):          # six starts, each drawing its own long line
        _fresh_start()
        text.face(50).render(f"start {start}: " + "a long line of text " * 3, True, (255, 255, 255))
        text.end_start(wait=True)
    assert text_memo.cache_path("unit").stat().st_size < 60_000 + 4096
    _fresh_start()
    text.face(50).render("start 5: " + "a long line of text " * 3, True, (255, 255, 255))
    assert text.face(50)._font is None          # the latest start's text is kept
    text.face(50).render("start 0: " + "a long line of text " * 3, True, (255, 255, 255))
    assert text.face(50)._font is not None      # the oldest is gone


def test_without_a_font_file_nothing_is_kept(fonts, monkeypatch):
    monkeypatch.setattr(text, "_bundled_font_file", lambda: None)
    _fresh_start()
    assert text.face(35).size("No file") == pygame.font.Font(None, 35).size("No file")
    text.end_start(wait=True)
    assert not text_memo.cache_path("unit").exists()


def test_the_title_opens_no_font_at_its_second_start(fonts, monkeypatch):
    """The App reads the table before its first scene and writes it after its first frame."""
    from game.client.app import App
    from game.client.menus import TitleScene
    from game.core import dataclass_code

    opened = []
    new_font = text.new_font
    monkeypatch.setattr(text, "new_font", lambda em: opened.append(em) or new_font(em))
    for start in range(2):
        text_memo.forget()
        opened.clear()
        app = App()
        try:
            app.stack.push(TitleScene())
            app.run(frames=1)
        finally:
            pygame.quit()
        text_memo.wait()
        if start == 0:
            assert opened and text_memo.cache_path(dataclass_code.command()).is_file()
    assert opened == []


def test_an_app_that_never_drew_leaves_nothing_for_the_next_start_to_carry(fonts):
    """Each App's start records afresh: what an App that never reached its first frame asked is
    dropped when the next App starts (a test process makes hundreds of Apps)."""
    _fresh_start()
    text.face(35).render("never drawn", True, (255, 255, 255))
    assert text_memo._new
    text.begin_start("unit")                 # the next App of this process
    assert not text_memo._new and not text_memo._used
    text.end_start(wait=True)
    assert not text_memo.cache_path("unit").exists()       # nothing asked: nothing written
