"""Player settings, saved atomically as settings.json in the user's data folder."""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from game.core import storage

FILE_NAME = "settings.json"
ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0, 4.0)


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

    @classmethod
    def load(cls) -> tuple["Settings", str | None]:
        data, warning = storage.load_json(storage.data_dir() / FILE_NAME, default={})
        settings = cls()
        if isinstance(data, dict):
            for field in fields(cls):
                value = data.get(field.name)
                if isinstance(value, type(getattr(settings, field.name))) or (
                    isinstance(value, (int, float)) and isinstance(getattr(settings, field.name), float)
                    and not isinstance(value, bool)
                ):
                    setattr(settings, field.name, type(getattr(settings, field.name))(value))
        return settings, warning

    def save(self) -> None:
        storage.save_json(storage.data_dir() / FILE_NAME, asdict(self))
