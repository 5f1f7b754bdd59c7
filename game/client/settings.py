"""Player settings, saved atomically as settings.json in the user's data folder.

Read through game.core.files with SCHEMA: every field is type- and range-checked, a bad or
missing one takes its default (and the player is told which), unknown keys are kept and
written back, NaN and Infinity are never read nor written.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields

from game.core import storage
from game.core.files import Field, Schema

FILE_NAME = "settings.json"
ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0, 4.0)
VERSION = 1

SCHEMA = Schema({
    "music_volume": Field(float, 0.5, 0.0, 1.0),
    "sfx_volume": Field(float, 0.8, 0.0, 1.0),
    "animation_speed": Field(float, 1.0, min(ANIMATION_SPEEDS), max(ANIMATION_SPEEDS)),
    "colourblind_patterns": Field(bool, True),
    "fullscreen": Field(bool, False),
    "show_hints": Field(bool, True),
    "ask_every_step": Field(bool, False),
    "audio_buffer": Field(int, 1024, 256, 8192),     # samples; raise it on a Pi if audio crackles
    "version": Field(int, VERSION, 0, VERSION),
}, version=VERSION)


@dataclass
class Settings:
    music_volume: float = 0.5
    sfx_volume: float = 0.8
    animation_speed: float = 1.0
    colourblind_patterns: bool = True   # shapes/patterns on gates and bad robots, on by default
    fullscreen: bool = False
    show_hints: bool = True
    ask_every_step: bool = False        # stop at every decision, even one with a single option (decisions.py)
    audio_buffer: int = 1024            # samples; raise it on a Pi if audio crackles
    extra: dict = field(default_factory=dict, repr=False, compare=False)   # unknown keys, kept

    @classmethod
    def load(cls) -> tuple["Settings", str | None]:
        data, warning = storage.load_json(storage.data_dir() / FILE_NAME, default={}, schema=SCHEMA)
        settings = cls()
        known = {f.name for f in fields(cls)} - {"extra"}
        for name, value in data.items():
            if name in known:
                setattr(settings, name, value)
            elif name != "version":
                settings.extra[name] = value
        return settings, warning

    def to_json(self) -> dict:
        """What is saved: the unknown keys first, then every field checked against SCHEMA
        (a value set out of range in code is saved as its default, never NaN)."""
        out = dict(self.extra)
        for name, spec in SCHEMA.fields.items():
            value = VERSION if name == "version" else getattr(self, name)
            out[name] = spec.default if spec.problem(value) else spec.clean(value)
        return out

    def save(self) -> str | None:
        """Save atomically; a one-line warning when it could not be saved (the game goes on)."""
        return storage.save_json(storage.data_dir() / FILE_NAME, self.to_json())
