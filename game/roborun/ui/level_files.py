"""The Robo Run map reader for the screens, imported when first used.

game/roborun/levels/tmx_loader.py imports xml.etree at its top (about 25 ms here, several
times that on a Raspberry Pi); a shipped scenario started from the command line is read from
its cached JSON (session.load_level_spec), so its first frame never needs the reader (issue 26).
The loader itself stays unchanged: the Robo Run records are fingerprinted on it.
"""
from __future__ import annotations

import re
from pathlib import Path

LEVELS_DIR = Path(__file__).resolve().parents[3] / "levels"      # the same folder as tmx_loader.LEVELS_DIR


def shipped_map(ref: str) -> Path | None:
    """The file of shipped scenario `ref` ("1.1" -> levels/campaign1/1-1.tmx) found without
    the reader; None when `ref` names no shipped map (find_level then says why)."""
    match = re.fullmatch(r"(\d+)\.(\d+)", ref)
    if match is None:
        return None
    path = LEVELS_DIR / f"campaign{match[1]}" / f"{match[1]}-{match[2]}.tmx"
    return path if path.is_file() else None


def _loader():
    from game.roborun.levels import tmx_loader

    return tmx_loader


def find_level(ref: str) -> Path:
    return _loader().find_level(ref)


def load_level(path):
    return _loader().load_level(path)


def list_levels():
    return _loader().list_levels()


def loader_file() -> Path:
    """The loader's source file (a cached map depends on it), found without importing it."""
    return Path(__file__).resolve().parents[1] / "levels" / "tmx_loader.py"
