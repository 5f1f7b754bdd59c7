"""Issue 26: a shipped Robo Run map is parsed once; later starts read its LevelSpec from the disk cache."""
import shutil
from pathlib import Path

import pytest

from game.roborun.levels import tmx_loader
from game.roborun.ui import session

pytestmark = pytest.mark.usefixtures("cold_caches")     # the cache in this test's own folder: parsed once here


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


def test_the_screens_find_shipped_maps_where_the_loader_does_without_importing_it():
    """level_files finds a shipped map without the reader (xml.etree costs the first frame about
    25 ms); it must agree with tmx_loader on every shipped scenario and on the loader's file."""
    from game.roborun.levels import tmx_loader
    from game.roborun.ui import level_files

    assert level_files.LEVELS_DIR == tmx_loader.LEVELS_DIR
    assert level_files.loader_file() == Path(tmx_loader.__file__).resolve()
    for ref, path in tmx_loader.list_levels():
        assert level_files.shipped_map(ref) == path
    assert level_files.shipped_map("9.9") is None and level_files.shipped_map("maps/x.tmx") is None


def test_starting_a_cached_shipped_scenario_does_not_import_the_map_reader(tmp_path):
    """A second start of 1.1 reads the cached LevelSpec: neither xml.etree nor pytmx is loaded."""
    import os
    import subprocess
    import sys

    code = ("import sys; from game.roborun.ui import session; session.load_level_spec('1.1'); "
            "print('xml.etree.ElementTree' in sys.modules, 'pytmx' in sys.modules)")
    env = {**os.environ, "ROBOARCADE_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy"}
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
            for _ in range(2)]
    assert runs[1].stdout.split() == ["False", "False"], runs[1].stdout + runs[1].stderr
