"""Sound effects and music synthesised with numpy (no audio files to ship), off the start-up path.

Each effect is a short envelope-shaped waveform; the music is a gentle looping arpeggio.
If the mixer cannot open (no sound card, CI), every call becomes a no-op.

Nothing here is slow before the first frame: numpy is imported only when a sound must be
synthesised, an App's Audio holds every request made before the first frame and runs them
just after it (`release()`), and synthesised samples are cached on disk per mixer format
(keyed by this file's contents), so later starts load bytes and never import numpy at all.
Scenes call `warm()` for the sounds they use when they open, so none is built mid-animation.
"""
from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

import pygame

from game.core import files

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

RATE = 22050


def _tone(freq: float, seconds: float, wave: str = "square", volume: float = 0.4,
          slide: float = 0.0, attack: float = 0.005, decay: float | None = None) -> "np.ndarray":
    import numpy as np  # start-up speed: numpy only when a sound is synthesised

    n = max(1, int(RATE * seconds))
    t = np.arange(n) / RATE
    f = freq + slide * t / max(seconds, 1e-6)
    phase = 2 * np.pi * np.cumsum(f) / RATE
    if wave == "square":
        signal = np.sign(np.sin(phase)) * 0.6
    elif wave == "triangle":
        signal = 2 / np.pi * np.arcsin(np.sin(phase))
    elif wave == "noise":
        signal = np.random.default_rng(int(freq)).uniform(-1, 1, n)
    else:
        signal = np.sin(phase)
    env = np.minimum(1.0, t / attack) * np.exp(-t / (decay or seconds / 3))
    return signal * env * volume


def _mix(*parts: "np.ndarray") -> "np.ndarray":
    import numpy as np

    out = np.zeros(max(len(p) for p in parts))
    for part in parts:
        out[: len(part)] += part
    return out


def _concat(*parts: "np.ndarray") -> "np.ndarray":
    import numpy as np

    return np.concatenate(parts)


EFFECTS = {
    "click": lambda: _tone(880, 0.05, "square", 0.25),
    "move": lambda: _tone(330, 0.09, "triangle", 0.45, slide=120),
    "slide": lambda: _tone(220, 0.25, "triangle", 0.35, slide=220),
    "collect": lambda: _concat(_tone(988, 0.06, "square", 0.3), _tone(1319, 0.12, "square", 0.3)),
    "teleport": lambda: _tone(300, 0.35, "sine", 0.4, slide=900),
    "boom": lambda: _mix(_tone(60, 0.6, "noise", 0.7, decay=0.18), _tone(70, 0.5, "sine", 0.6, slide=-40)),
    "zap": lambda: _tone(1400, 0.2, "square", 0.3, slide=-1100),
    "card": lambda: _tone(2000, 0.06, "noise", 0.25, decay=0.02),
    "beep": lambda: _concat(_tone(1046, 0.1, "sine", 0.4), _tone(0.0, 0.04, "sine", 0.0), _tone(1046, 0.1, "sine", 0.4)),
    "win": lambda: _concat(*[_tone(f, 0.14, "square", 0.3) for f in (523, 659, 784, 1046)]),
    "lose": lambda: _concat(*[_tone(f, 0.2, "triangle", 0.4) for f in (392, 330, 262, 196)]),
    "error": lambda: _tone(140, 0.15, "square", 0.3),
}


def _music_loop() -> "np.ndarray":
    import numpy as np

    notes = [262, 330, 392, 494, 440, 392, 330, 294]
    bass = [131, 131, 110, 110, 87, 87, 98, 98]
    beat = 0.28
    parts = [_mix(_tone(n, beat, "triangle", 0.12, decay=0.2), _tone(b, beat, "sine", 0.14, decay=0.4))
             for n, b in zip(notes * 2, bass * 2)]
    return np.concatenate(parts)


MUSIC = "music"


def _cache_dir(mixer_format: tuple) -> Path | None:
    """The folder for this mixer format's samples, keyed by this file's source (edits invalidate it)."""
    try:
        from game.core.storage import data_dir

        digest = hashlib.sha1(Path(__file__).read_bytes()).hexdigest()[:12]
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
        self._pending: list[str] = []        # effects asked for while deferred
        self._music_wanted = False
        self._cache = _cache_dir(pygame.mixer.get_init()) if self.enabled and disk_cache else None

    def release(self) -> None:
        """Stop deferring: build what was asked for before the first frame (the App calls this after it)."""
        if not self.deferred:
            return
        self.deferred = False
        pending, self._pending = self._pending, []
        self.warm(pending)
        if self._music_wanted:
            self._music_wanted = False
            self.start_music()

    # -- building samples ----------------------------------------------------------
    def _make(self, samples: "np.ndarray") -> pygame.mixer.Sound:
        import numpy as np

        freq, _size, channels = pygame.mixer.get_init()
        if freq != RATE:
            index = np.linspace(0, len(samples) - 1, int(len(samples) * freq / RATE))
            samples = np.interp(index, np.arange(len(samples)), samples)
        data = (np.clip(samples, -1, 1) * 32767).astype(np.int16)
        if channels > 1:
            data = np.repeat(data[:, None], channels, axis=1)
        return pygame.sndarray.make_sound(np.ascontiguousarray(data))

    def _build(self, name: str) -> pygame.mixer.Sound:
        """The named sound from the disk cache, else synthesised (and cached)."""
        path = self._cache / f"{name}.pcm" if self._cache is not None else None
        if path is not None:
            try:
                return pygame.mixer.Sound(buffer=files.read_bytes(path, 64 << 20, "sound cache"))
            except (files.FileProblem, pygame.error):
                pass
        sound = self._make(_music_loop() if name == MUSIC else EFFECTS[name]())
        if path is not None:
            _write_bytes(path, sound.get_raw())
        return sound

    def warm(self, names: Iterable[str] | None = None) -> None:
        """Build effects now (when a scene opens) rather than on first play mid-animation."""
        if not self.enabled:
            return
        wanted = [name for name in (EFFECTS if names is None else names) if name in EFFECTS]
        if self.deferred:
            self._pending.extend(wanted)
            return
        for name in wanted:
            if name not in self.sounds:
                self.sounds[name] = self._build(name)

    def play(self, name: str) -> None:
        if not self.enabled or self.sfx_volume <= 0 or self.deferred:
            return
        self.warm((name,))
        sound = self.sounds.get(name)
        if sound is None:
            return
        sound.set_volume(self.sfx_volume)
        sound.play()

    def start_music(self) -> None:
        if not self.enabled:
            return
        if self.deferred:
            self._music_wanted = True
            return
        if self.music is None:
            self.music = self._build(MUSIC)
        self.music.set_volume(self.music_volume)
        if self.music.get_num_channels() == 0:
            self.music.play(loops=-1)

    def set_volumes(self, sfx: float, music: float) -> None:
        self.sfx_volume, self.music_volume = sfx, music
        if self.music is not None:
            self.music.set_volume(music)


def _write_bytes(path: Path, data: bytes) -> None:
    """Best effort, atomic: a cache that cannot be written is only slower next time."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except OSError:
        pass
