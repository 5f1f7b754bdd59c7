"""Issue 26: a shipped Robo Run map is parsed once; later starts read its LevelSpec from the disk cache."""
import shutil

import pytest

from game.roborun.levels import tmx_loader
from game.roborun.ui import session


def test_a_shipped_scenario_is_parsed_once_then_read_back_the_same(monkeypatch):
    first = session.load_level_spec("1.1")

    def no_parsing(path):
        raise AssertionError(f"parsed {path} again")

    monkeypatch.setattr(session, "load_level", no_parsing)
    assert session.load_level_spec("1.1") == first


def test_a_map_given_by_path_is_always_read_afresh(tmp_path, monkeypatch):
    folder = tmp_path / "maps"
    shutil.copytree(tmx_loader.LEVELS_DIR, folder)
    path = folder / "campaign1" / "1-1.tmx"
    first = session.load_level_spec(str(path))
    path.write_text(path.read_text().replace(first.title, "Edited Title"))
    assert session.load_level_spec(str(path)).title == "Edited Title"


def test_a_cache_that_does_not_read_back_reads_the_map(monkeypatch):
    fresh = session.load_level_spec("1.1")
    monkeypatch.setattr(session, "cached_json", lambda name, files, compute: {"width": "not a number"})
    assert session.load_level_spec("1.1") == fresh


def test_an_unknown_scenario_is_still_a_one_line_error():
    from game.core.errors import UserError

    with pytest.raises(UserError, match="no shipped level '9.9'"):
        session.load_level_spec("9.9")
