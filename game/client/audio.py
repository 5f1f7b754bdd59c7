"""Sound effects and music for the App, built off the render loop (issue 26).

The samples are synthesised with numpy by game.client.sound_synth (no audio files to ship).
If the mixer cannot open (no sound card, CI), every call becomes a no-op.

Nothing slow runs on the render loop: an App's Audio (`defer=True`) notes what is asked for
before its first frame; after it, `release()` starts one background thread that reads every
sound's bytes from the disk cache (per mixer format, keyed by the synthesiser's source) or,
when the cache is missing, first has it written by a separate low-priority process
(`python -m game.client.sound_synth`) and waits for it. The game's process never imports numpy
then: imported in a thread it held the interpreter lock for 35-50 ms at a time, and pure Python
synthesis took seconds of the render loop's share of the lock. The thread makes no pygame call
(the main thread may close the mixer at any time); `poll()`, once a frame, turns one sound's
bytes into a Sound (a copy: about 3 ms for the music here, far less for an effect). `play()` of
a sound not there yet is silent, never a wait. Scenes still call `warm()` for the sounds they
use: without `defer` (tests, tools) that builds them on the spot.
"""
from __future__ import annotations

import binascii
import os
import shutil
import sys
import tempfile
import threading
from pathlib import Path
from typing import Iterable

import pygame

from game.client import sound_synth
from game.core import files

EFFECTS = sound_synth.EFFECTS
MUSIC = sound_synth.MUSIC
SYNTH_TIMEOUT = 120.0      # seconds the background thread waits for the synthesiser process
_ROOT = Path(__file__).resolve().parents[2]


def _cache_dir(mixer_format: tuple) -> Path | None:
    """The folder for this mixer format's samples, keyed by the synthesiser's source (edits invalidate it)."""
    try:
        from game.core.storage import cache_dir

        source = Path(sound_synth.__file__).read_bytes()    # a CRC, not hashlib: OpenSSL costs ~9 ms of start-up
        digest = f"{binascii.crc32(source):08x}{len(source):x}"
        freq, size, channels = mixer_format
        return cache_dir() / f"sounds-{digest}-{freq}-{size}-{channels}"
    except OSError:
        return None


class Audio:
    def __init__(self, sfx_volume: float = 0.8, music_volume: float = 0.5, defer: bool = False,
                 disk_cache: bool = True) -> None:
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.music: pygame.mixer.Sound | None = None
        self.sfx_volume = sfx_volume
        self.music_volume = music_volume
        self.format = pygame.mixer.get_init()     # (freq, size, channels), read here, in the main thread
        self.enabled = self.format is not None
        self.deferred = defer                # True until release(): requests are only noted
        self.background = defer              # an App's Audio reads its sounds in a background thread
        self._music_wanted = False
        self._cache = _cache_dir(self.format) if self.enabled and disk_cache else None
        self._reader: threading.Thread | None = None
        self._read: list[tuple[str, bytes]] = []     # raw samples read, waiting to become Sounds
        self._read_all = threading.Event()  # the reader has finished
        self._stopping = False
        self._ready = not self.background

    def release(self) -> None:
        """The first frame is drawn: read every sound in a background thread (the App calls this)."""
        if not self.deferred:
            return
        self.deferred = False
        if not self.enabled:
            self._ready = True
            return
        self._reader = threading.Thread(target=self._read_every_sound, name="sound-reader", daemon=True)
        self._reader.start()

    def _read_every_sound(self) -> None:
        """In the background thread: have the cache written if it is missing, then read every
        sound's bytes. No pygame call here: the main thread may close the mixer at any moment."""
        scratch = None
        try:
            folder = self._cache
            if not self._cached(folder):
                if folder is None:      # no cache folder: a temporary one, removed once read
                    folder = scratch = Path(tempfile.mkdtemp(prefix="robo-arcade-sounds-"))
                folder = self._synthesise(folder)
            for name in sound_synth.NAMES:
                if self._stopping:
                    return
                self._read.append((name, self._pcm(name, folder)))
        except Exception:  # noqa: BLE001 - a background chore: no sound rather than a crash
            return
        finally:
            if scratch is not None:
                shutil.rmtree(scratch, ignore_errors=True)
            self._read_all.set()

    def _pcm(self, name: str, folder: Path | None) -> bytes:
        """The sound's raw samples from `folder`, else synthesised here (a last resort: numpy)."""
        if folder is not None:
            try:
                return files.read_bytes(folder / f"{name}.pcm", 64 << 20, "sound cache")
            except files.FileProblem:
                pass
        freq, _size, channels = self.format
        data = sound_synth.pcm16(name, freq, channels)
        if self._cache is not None:
            sound_synth.write_atomic(self._cache / f"{name}.pcm", data)
        return data

    def poll(self) -> None:
        """Each frame (App.step): turn at most one sound read in the background into a Sound, so
        no frame pays for them all; start the music once it is there, if it was asked for."""
        if self._ready or not self._read_all.is_set() and not self._read:
            return
        if self._read:
            name, data = self._read.pop(0)
            try:
                sound = pygame.mixer.Sound(buffer=data)
            except pygame.error:
                return
            if name == MUSIC:
                self.music = sound
                if self._music_wanted:
                    self._start_built_music()
            else:
                self.sounds[name] = sound
        if self._read_all.is_set() and not self._read:
            self._ready = True

    @staticmethod
    def _cached(folder: Path | None) -> bool:
        return folder is not None and all((folder / f"{name}.pcm").is_file() for name in sound_synth.NAMES)

    def _synthesise(self, folder: Path) -> Path | None:
        """Run the synthesiser process into `folder`; the folder to read from, or None if it
        failed (then each sound is synthesised in the reader thread, as a last resort)."""
        freq, size, channels = self.format
        if size != -16:         # a mixer format sound_synth does not write: build here instead
            return None
        import subprocess       # here, in the reader thread: not on the way to the first frame

        env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
        command = [sys.executable, "-m", "game.client.sound_synth", str(folder), str(freq), str(channels)]
        nice = shutil.which("nice")     # its start-up too at a low priority, not only its synthesis
        if nice:
            command = [nice, "-n", "10", *command]
        try:
            subprocess.run(command, cwd=_ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=SYNTH_TIMEOUT, check=True)
        except (OSError, subprocess.SubprocessError):
            return None
        return folder if self._cached(folder) else None

    def _build(self, name: str) -> pygame.mixer.Sound:
        """The named sound from the disk cache, else synthesised (and cached): on the spot, for
        an Audio without `background` (tests, tools)."""
        if self._cache is not None:
            try:
                return pygame.mixer.Sound(buffer=files.read_bytes(self._cache / f"{name}.pcm", 64 << 20,
                                                                  "sound cache"))
            except (files.FileProblem, pygame.error):
                pass
        return pygame.mixer.Sound(buffer=self._pcm(name, None))

    def ready(self) -> bool:
        """Every sound is built (the background read has finished and poll() made them all)."""
        return self._ready

    def wait_ready(self, timeout: float = 60.0) -> bool:
        """Tests and tools: wait for the background read, then make every Sound now."""
        if self._reader is not None:
            self._read_all.wait(timeout)
        while not self._ready and self._read_all.is_set():
            self.poll()
        return self._ready

    def warm(self, names: Iterable[str] | None = None) -> None:
        """Build effects now (when a scene opens) rather than on first play mid-animation; an
        App's Audio reads every effect in the background anyway."""
        if not self.enabled or self.background:
            return
        for name in (EFFECTS if names is None else names):
            if name in EFFECTS and name not in self.sounds:
                self.sounds[name] = self._build(name)

    def play(self, name: str) -> None:
        if not self.enabled or self.sfx_volume <= 0 or self.deferred:
            return
        self.warm((name,))
        sound = self.sounds.get(name)       # not read yet (the first moments of a first start): silent
        if sound is None:
            return
        sound.set_volume(self.sfx_volume)
        sound.play()

    def start_music(self) -> None:
        if not self.enabled:
            return
        if self.music is None:
            if self.background:             # poll() starts it once it is read
                self._music_wanted = True
                return
            self.music = self._build(MUSIC)
        self._start_built_music()

    def _start_built_music(self) -> None:
        self.music.set_volume(self.music_volume)
        if self.music.get_num_channels() == 0:
            self.music.play(loops=-1)

    def stop(self) -> None:
        """The App is leaving: the reader stops after the sound it is on."""
        self._stopping = True
        if self._reader is not None:
            self._reader.join(timeout=5)

    def set_volumes(self, sfx: float, music: float) -> None:
        self.sfx_volume, self.music_volume = sfx, music
        if self.music is not None:
            self.music.set_volume(music)
