"""Sound synthesis with numpy: the samples of every effect and of the music (no audio files to ship).

Each effect is a short envelope-shaped waveform; the music is a gentle looping arpeggio.
No pygame here: `python -m game.client.sound_synth FOLDER FREQ CHANNELS` writes every sound as
raw signed 16-bit PCM in the mixer's format into FOLDER (atomically), which is how a game
builds its sound cache in a separate, low-priority process (game.client.audio): importing
numpy and synthesising in the game's own process held the interpreter lock for 35-50 ms at a
time, a visible stall of the render loop (issue 26).
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

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
NAMES = (*EFFECTS, MUSIC)


def samples(name: str) -> "np.ndarray":
    """The named sound at RATE, floats in about -1..1."""
    return _music_loop() if name == MUSIC else EFFECTS[name]()


def pcm16(name: str, freq: int, channels: int) -> bytes:
    """The named sound as the mixer's raw bytes: resampled to `freq`, signed 16-bit native, `channels`."""
    import numpy as np

    data = samples(name)
    if freq != RATE:
        index = np.linspace(0, len(data) - 1, int(len(data) * freq / RATE))
        data = np.interp(index, np.arange(len(data)), data)
    pcm = (np.clip(data, -1, 1) * 32767).astype(np.int16)
    if channels > 1:
        pcm = np.repeat(pcm[:, None], channels, axis=1)
    return np.ascontiguousarray(pcm).tobytes()


def write_atomic(path: Path, data: bytes) -> None:
    """Best effort, atomic: a cache that cannot be written is only slower next time."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except OSError:
        pass


def main(argv: list[str]) -> int:
    """Write every sound into FOLDER as NAME.pcm (the sound cache of one mixer format)."""
    folder, freq, channels = Path(argv[0]), int(argv[1]), int(argv[2])
    try:
        os.nice(10)             # a start-up chore: the game's render loop gets the CPU first
    except (AttributeError, OSError):
        pass
    for name in NAMES:
        write_atomic(folder / f"{name}.pcm", pcm16(name, freq, channels))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
