"""The sound cache (game.client.audio: synthesised samples kept in the data folder) read
through the validating layer (issue 27: every file kind has a fuzz test): whatever the file
holds, a sound is made and nothing raises; a FIFO or a folder in its place is not read."""
from __future__ import annotations

import os
import shutil

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.hostile import FUZZ, cut_or_flipped


@pytest.fixture
def mixer(cold_caches):
    """A mixer, and the sound cache in this test's own folder: these tests damage it."""
    pygame.mixer.init()
    if pygame.mixer.get_init() is None:
        pytest.skip("no mixer on this machine")
    yield
    pygame.quit()


def _cached_zap():
    from game.client.audio import Audio

    audio = Audio()
    audio.warm(["zap"])
    return audio._cache / "zap.pcm", audio.sounds["zap"].get_raw()


def test_hostile_sound_cache_files_still_give_a_sound(mixer):
    from game.client.audio import Audio

    path, good = _cached_zap()

    @settings(FUZZ, max_examples=25)
    @given(st.one_of(cut_or_flipped(good[:4000]), st.binary(max_size=64)))
    def check(content):
        path.write_bytes(content)
        audio = Audio()
        audio.warm(["zap"])
        assert isinstance(audio.sounds["zap"], pygame.mixer.Sound)

    check()


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_a_fifo_or_folder_in_the_sound_cache_is_not_read(mixer, kind):
    from game.client.audio import Audio

    path, good = _cached_zap()
    path.unlink()
    os.mkfifo(path) if kind == "fifo" else path.mkdir()
    audio = Audio()
    audio.warm(["zap"])                                       # returns at once: a FIFO is never opened
    assert audio.sounds["zap"].get_raw() == good
    path.unlink() if kind == "fifo" else shutil.rmtree(path)
