"""Sound effects and music for the App, built off the render loop (issue 26).

The samples are synthesised with numpy by game.client.sound_synth (no audio files to ship).
If the mixer cannot open (no sound card, CI), every call becomes a no-op.

Nothing here runs on the render loop: an App's Audio (`background=True`) notes what is asked
for before its first frame; after it, `release()` starts one background thread that reads every
sound from the disk cache (per mixer format, keyed by the synthesiser's source) or, when the
cache is missing, first has it written by a separate low-priority process
(`python -m game.client.sound_synth`) and waits for it. The game's process never imports numpy
then: imported in a thread it held the interpreter lock for 35-50 ms at a time, and pure Python
synthesis took seconds of the render loop's share of the lock. `play()` of a sound not built
yet is silent, never a wait. Scenes still call `warm()` for the sounds they use: without
`background` (tests, tools) that builds them on the spot.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
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
        from game.core.storage import data_dir

        digest = hashlib.sha1(Path(sound_synth.__file__).read_bytes()).hexdigest()[:12]
        freq, size, channels = mixer_format
        return data_dir() / "cache" / f"sounds-{digest}-{freq}-{size}-{channels}"
    except OSError:
        return None


class Audio:
    def __init__(self, sfx_volume: float = 0.8, music_volume: float = 0.5, defer: bool = False,
                 disk_cache: bool = True) -> None:
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.music: pygame.mixer.Sound | None = None
        self.sfx_volume = sfx_volume
        self.music_volume = music_volume
        self.enabled = pygame.mixer.get_init() is not None
        self.deferred = defer                # True until release(): requests are only noted
        self.background = defer              # an App's Audio builds in a background thread
        self._music_wanted = False
        self._cache = _cache_dir(pygame.mixer.get_init()) if self.enabled and disk_cache else None
        self._builder: threading.Thread | None = None
        self._ready = threading.Event()      # every sound is built (or none will be)
        self._lock = threading.Lock()        # the builder's hand-over of the music
        self._stopping = False
        if not self.background:
            self._ready.set()

    def release(self) -> None:
        """The first frame is drawn: build every sound in a background thread (the App calls this)."""
        if not self.deferred:
            return
        self.deferred = False
        if not self.enabled:
            self._ready.set()
            return
        self._builder = threading.Thread(target=self._build_all, name="sound-builder", daemon=True)
        self._builder.start()

    def _build_all(self) -> None:
        """In the background thread: have the cache written if it is missing, then load every sound."""
        built: dict[str, pygame.mixer.Sound] = {}
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
                built[name] = self._build(name, folder)
        except pygame.error:            # the mixer closed meanwhile (the program is leaving)
            return
        finally:
            if scratch is not None:
                shutil.rmtree(scratch, ignore_errors=True)
            music = built.pop(MUSIC, None)
            self.sounds.update(built)
            with self._lock:
                self.music = self.music or music
                self._ready.set()
                wanted, self._music_wanted = self._music_wanted, False
        if wanted and self.music is not None and not self._stopping:
            self._start_built_music()

    @staticmethod
    def _cached(folder: Path | None) -> bool:
        return folder is not None and all((folder / f"{name}.pcm").is_file() for name in sound_synth.NAMES)

    def _synthesise(self, folder: Path) -> Path | None:
        """Run the synthesiser process into `folder`; the folder to read from, or None if it
        failed (then each sound is made in this thread, as a last resort)."""
        freq, size, channels = self._mixer_format()
        if size != -16:         # a mixer format sound_synth does not write: build here instead
            return None
        env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
        command = [sys.executable, "-m", "game.client.sound_synth", str(folder), str(freq), str(channels)]
        nice = shutil.which("nice")     # its start-up too at a low priority, not only its synthesis
        if nice:
            command = [nice, "-n", "10", *command]
        try:
            subprocess.run(command,
                           cwd=_ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=SYNTH_TIMEOUT, check=True)
        except (OSError, subprocess.SubprocessError):
            return None
        return folder if self._cached(folder) else None

    # -- building samples ----------------------------------------------------------
    @staticmethod
    def _mixer_format() -> tuple[int, int, int]:
        """(freq, size, channels); pygame.error once the mixer is closed (the program is leaving)."""
        mixer = pygame.mixer.get_init()
        if mixer is None:
            raise pygame.error("the mixer is closed")
        return mixer

    def _make(self, name: str) -> pygame.mixer.Sound:
        freq, _size, channels = self._mixer_format()
        import numpy as np  # only without a cache and a synthesiser process (tests, odd mixer formats)

        data = np.frombuffer(sound_synth.pcm16(name, freq, 1), dtype=np.int16)
        if channels > 1:
            data = np.repeat(data[:, None], channels, axis=1)
        return pygame.sndarray.make_sound(np.ascontiguousarray(data))

    def _build(self, name: str, folder: Path | None = None) -> pygame.mixer.Sound:
        """The named sound from `folder` (default: the disk cache), else synthesised (and cached)."""
        folder = self._cache if folder is None else folder
        path = folder / f"{name}.pcm" if folder is not None else None
        if path is not None:
            try:
                return pygame.mixer.Sound(buffer=files.read_bytes(path, 64 << 20, "sound cache"))
            except (files.FileProblem, pygame.error):
                pass
        sound = self._make(name)
        if self._cache is not None:
            sound_synth.write_atomic(self._cache / f"{name}.pcm", sound.get_raw())
        return sound

    def ready(self) -> bool:
        """Every sound is built (the background build has finished, or there is none)."""
        return self._ready.is_set()

    def wait_ready(self, timeout: float | None = None) -> bool:
        """Tests and tools: wait for the background build."""
        return self._ready.wait(timeout)

    def warm(self, names: Iterable[str] | None = None) -> None:
        """Build effects now (when a scene opens) rather than on first play mid-animation; an
        App's Audio builds every effect in the background anyway."""
        if not self.enabled or self.background:
            return
        for name in (EFFECTS if names is None else names):
            if name in EFFECTS and name not in self.sounds:
                self.sounds[name] = self._build(name)

    def play(self, name: str) -> None:
        if not self.enabled or self.sfx_volume <= 0 or self.deferred:
            return
        self.warm((name,))
        sound = self.sounds.get(name)       # not built yet (the first moments of a first start): silent
        if sound is None:
            return
        sound.set_volume(self.sfx_volume)
        sound.play()

    def start_music(self) -> None:
        if not self.enabled:
            return
        with self._lock:
            if not self.ready():
                self._music_wanted = True   # the builder starts it once it is loaded
                return
        if self.music is None:
            if self.background:             # the build failed: no music rather than a stall
                return
            self.music = self._build(MUSIC)
        self._start_built_music()

    def _start_built_music(self) -> None:
        self.music.set_volume(self.music_volume)
        if self.music.get_num_channels() == 0:
            self.music.play(loops=-1)

    def stop(self) -> None:
        """The App is leaving: the builder stops after the sound it is on, before the mixer closes."""
        self._stopping = True
        if self._builder is not None:
            self._builder.join(timeout=5)

    def set_volumes(self, sfx: float, music: float) -> None:
        self.sfx_volume, self.music_volume = sfx, music
        if self.music is not None:
            self.music.set_volume(music)
