"""Settings (game.client.settings) through the validating layer: ranges, defaults, unknown
keys kept, NaN never written, --fullscreen not saved, and a fuzz test."""
import json
import math
from dataclasses import fields

import pytest
from hypothesis import given

from game.client.settings import FILE_NAME, SCHEMA, Settings
from game.core import storage
from tests.core.hostile import FUZZ, fresh_home, hostile_json, one_line, run_reader

GOOD = {"music_volume": 0.3, "sfx_volume": 1.0, "animation_speed": 2.0, "colourblind_patterns": False, "ask_every_step": True,
        "fullscreen": False, "show_hints": True, "audio_buffer": 2048, "version": 1, "someone_elses": [1]}


def _path():
    return storage.data_dir() / FILE_NAME


def test_a_good_file_loads_every_field_and_keeps_unknown_keys():
    _path().write_text(json.dumps(GOOD))
    settings, warning = Settings.load()
    assert warning is None
    assert (settings.music_volume, settings.animation_speed, settings.audio_buffer) == (0.3, 2.0, 2048)
    settings.save()
    assert json.loads(_path().read_text()) == GOOD


def test_out_of_range_values_take_defaults_and_name_the_field():
    _path().write_text('{"audio_buffer": 2147483648, "animation_speed": 1e308, "sfx_volume": -1}')
    settings, warning = Settings.load()
    assert (settings.audio_buffer, settings.animation_speed, settings.sfx_volume) == (1024, 1.0, 0.8)
    assert "settings.json: sfx_volume: -1 is below 0; using 0.8 (also reset: animation_speed, audio_buffer)" in warning
    one_line(warning)


def test_zero_or_negative_animation_speed_never_reaches_a_table():
    for bad in (0, -1, 0.0001):
        _path().write_text(json.dumps({"animation_speed": bad}))
        assert Settings.load()[0].animation_speed == 1.0


def test_nan_and_infinity_are_never_written_back():
    settings = Settings()
    settings.music_volume = math.nan
    settings.animation_speed = math.inf
    settings.audio_buffer = 10**400
    assert settings.save() is None
    saved = json.loads(_path().read_text())
    assert (saved["music_volume"], saved["animation_speed"], saved["audio_buffer"]) == (0.5, 1.0, 1024)


def test_fullscreen_from_the_command_line_is_not_saved():
    from game.client.app import App

    app = App(fullscreen=True)
    try:
        assert app.fullscreen is True and app.settings.fullscreen is False
        app.run(frames=1)
    finally:
        import pygame

        pygame.quit()
    assert json.loads(_path().read_text())["fullscreen"] is False


def test_a_damaged_settings_file_is_shown_on_whatever_screen_opens_first():
    from game.client.app import App
    from game.client.menus import NoticeScene
    from game.client.scene import Scene

    _path().write_text("[1, 2]")
    app = App()
    try:
        app.stack.push(Scene())
        app.step(app.clock.step)
        assert isinstance(app.stack.scenes[-1], NoticeScene)
        assert "settings.json" in app.stack.scenes[-1].message and "moved aside" in app.stack.scenes[-1].message
    finally:
        import pygame

        pygame.quit()


def test_schema_defaults_match_the_dataclass():
    settings = Settings()
    for name, spec in SCHEMA.fields.items():
        if name != "version":
            assert getattr(settings, name) == spec.default, name
    # every setting is checked and saved: a field missing from SCHEMA would be lost on save
    assert {f.name for f in fields(Settings)} - {"extra"} == set(SCHEMA.fields) - {"version"}


@FUZZ
@given(hostile_json(GOOD))
def test_hostile_settings_never_escape_and_a_good_save_stays_good(content):
    with fresh_home() as home:
        other = home / "roborun_progress.json"
        other.write_text('{"version": 1, "tutorial_seen": true}')          # a good save beside it
        settings, warning = run_reader(Settings.load, home / FILE_NAME, content)
        one_line(warning)
        for name, spec in SCHEMA.fields.items():
            if name != "version":
                assert spec.problem(getattr(settings, name)) is None, name
        failed = settings.save()
        if failed:                        # only a newer version refuses the save, untouched
            assert (home / FILE_NAME).read_bytes() == content
        else:
            assert Settings.load() == (settings, None)
        assert other.read_text() == '{"version": 1, "tutorial_seen": true}'


@pytest.mark.parametrize("kind", ["fifo", "devzero", "deep", "digits", "folder", "list", "newer"])
def test_start_up_with_a_hostile_settings_file_stays_under_a_second(kind):
    """The issue's measure: the window opens at once and says what it found (fastest of two
    starts, so a busy machine does not fail it)."""
    import os
    import time

    import pygame

    from game.client.app import App

    times = []
    for _ in range(2):
        path = _path()
        for old in path.parent.glob(FILE_NAME + "*"):
            old.rmdir() if old.is_dir() else old.unlink()
        if kind == "fifo":
            os.mkfifo(path)
        elif kind == "devzero":
            path.symlink_to("/dev/zero")
        elif kind == "folder":
            path.mkdir()
        else:
            path.write_text({"deep": "[" * 100_000 + "]" * 100_000, "digits": '{"audio_buffer": ' + "9" * 5000 + "}",
                             "list": "[1, 2]", "newer": '{"version": 99}'}[kind])
        storage.forget_run_state()
        started = time.perf_counter()
        app = App()
        times.append(time.perf_counter() - started)
        try:
            assert len(app.notices) == 1 and "settings.json" in app.notices[0]
        finally:
            pygame.quit()
    assert min(times) < 1.0, times


def test_a_settings_file_saved_with_a_byte_order_mark_is_read_not_reset():
    """Edited in Windows Notepad (which starts UTF-8 files with a byte-order mark), the file was
    'invalid JSON (Unexpected UTF-8 BOM (decode using utf-8-sig))', set aside, and every setting
    went back to its default."""
    path = storage.data_dir() / FILE_NAME
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"music_volume": 0.1, "fullscreen": True}).encode())
    settings, warning = Settings.load()
    assert warning is None and settings.music_volume == 0.1 and settings.fullscreen is True
    assert not path.with_name(FILE_NAME + ".damaged").exists()
