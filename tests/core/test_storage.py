"""Shared helpers: atomic saves survive damage, CLI errors are one line."""
import json
import os

import pytest

from game.cli import main
from game.core import storage


def test_write_atomic_replaces_whole_file(tmp_path):
    target = tmp_path / "save.json"
    storage.save_json(target, {"a": 1})
    storage.save_json(target, {"a": 2})
    assert json.loads(target.read_text()) == {"a": 2}
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]  # no temp files left behind


def test_failed_write_keeps_previous_save(tmp_path, monkeypatch):
    target = tmp_path / "save.json"
    storage.save_json(target, {"progress": 5})

    def boom(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    warning = storage.save_json(target, {"progress": 6})      # reported in one line, never raised
    assert "could not save" in warning and "\n" not in warning
    assert json.loads(target.read_text()) == {"progress": 5}
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_damaged_save_is_set_aside_with_warning(tmp_path):
    target = tmp_path / "save.json"
    target.write_text("{not json")
    data, warning = storage.load_json(target, default={"fresh": True})
    assert data == {"fresh": True}
    assert "save.json" in warning and "damaged" in warning and "\n" not in warning
    assert (tmp_path / "save.json.damaged").read_text() == "{not json"


def test_unknown_command_is_one_line_error(capsys):
    assert main(["fly"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "fly" in err


def test_simulate_unknown_game_names_choices(capsys):
    assert main(["simulate", "chess"]) == 2
    assert "roborun" in capsys.readouterr().err


# ---------------------------------------------------------------- setting damaged saves aside
def test_a_second_damaged_save_never_overwrites_the_first_copy(tmp_path):
    target = tmp_path / "save.json"
    for content in ("{first", "{second", "[third"):
        target.write_text(content)
        data, warning = storage.load_json(target, default={})
        assert data == {} and "moved aside" in warning
    assert (tmp_path / "save.json.damaged").read_text() == "{first"
    assert (tmp_path / "save.json.damaged.1").read_text() == "{second"
    assert (tmp_path / "save.json.damaged.2").read_text() == "[third"
    assert not target.exists()


def test_a_damaged_copy_that_is_a_folder_is_skipped_not_reported_moved(tmp_path):
    target = tmp_path / "save.json"
    (tmp_path / "save.json.damaged").mkdir()
    (tmp_path / "save.json.damaged" / "keep.txt").write_text("mine")
    target.write_text("{bad")
    _, warning = storage.load_json(target)
    assert "save.json.damaged.1" in warning
    assert (tmp_path / "save.json.damaged.1").read_text() == "{bad"
    assert (tmp_path / "save.json.damaged" / "keep.txt").read_text() == "mine"


@pytest.mark.parametrize("top", ["[1, 2]", '"text"', "3", "null", "true"])
def test_a_top_level_that_is_not_an_object_is_set_aside(tmp_path, top):
    target = tmp_path / "save.json"
    target.write_text(top)
    data, warning = storage.load_json(target, default={"fresh": True})
    assert data == {"fresh": True} and "top level" in warning and "\n" not in warning
    assert (tmp_path / "save.json.damaged").read_text() == top


@pytest.mark.parametrize("make", ["fifo", "folder", "devzero"])
def test_a_save_that_is_not_a_regular_file_is_set_aside_without_reading_it(tmp_path, make):
    target = tmp_path / "save.json"
    if make == "fifo":
        os.mkfifo(target)
    elif make == "folder":
        target.mkdir()
    else:
        target.symlink_to("/dev/zero")
    data, warning = storage.load_json(target, default={})
    assert data == {} and "moved aside" in warning
    assert os.path.lexists(tmp_path / "save.json.damaged") and not os.path.lexists(target)
    assert storage.save_json(target, {"a": 1}) is None and json.loads(target.read_text()) == {"a": 1}


def test_a_newer_version_is_left_untouched_and_never_overwritten(tmp_path):
    from game.core.files import Field, Schema

    target = tmp_path / "save.json"
    target.write_text('{"version": 99, "future": true}')
    data, warning = storage.load_json(target, default={}, schema=Schema({"version": Field(int, 1)}, version=1))
    assert data == {} and "newer" in warning and "untouched" in warning
    warning = storage.save_json(target, {"version": 1})
    assert "not saved" in warning
    assert target.read_text() == '{"version": 99, "future": true}'
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_a_new_game_takes_over_by_setting_the_newer_file_aside(tmp_path):
    from game.core.files import Field, Schema

    target = tmp_path / "save.json"
    target.write_text('{"version": 99, "future": true}')
    storage.load_json(target, default={}, schema=Schema({"version": Field(int, 1)}, version=1))
    assert storage.save_json(target, {"version": 1}, take_over=True) is None
    assert (tmp_path / "save.json.newer").read_text() == '{"version": 99, "future": true}'
    assert json.loads(target.read_text()) == {"version": 1}
    assert any("moved aside to save.json.newer" in w for w in storage.take_warnings())


def test_a_newer_version_is_never_overwritten_in_a_later_run_that_never_read_it(tmp_path):
    """Issue 27: the protection held only in the run that read the file; a later run that
    starts a new game at once (`roborally --course ...`) wrote over it."""
    target = tmp_path / "save.json"
    for number, version in enumerate((7, 8, 9)):
        storage.forget_run_state()                       # a new run: nothing read, nothing protected
        target.write_text(f'{{"version": {version}}}')
        assert storage.save_json(target, {"version": 1, "n": number}) is None
        assert json.loads(target.read_text()) == {"version": 1, "n": number}
    kept = {p.name: p.read_text() for p in tmp_path.glob("save.json.newer*")}
    assert kept == {"save.json.newer": '{"version": 7}', "save.json.newer.1": '{"version": 8}',
                    "save.json.newer.2": '{"version": 9}'}


def test_a_damaged_file_nobody_read_is_set_aside_before_the_first_save(tmp_path):
    target = tmp_path / "save.json"
    target.write_bytes(b'{"half": ')
    assert storage.save_json(target, {"a": 1}) is None
    assert (tmp_path / "save.json.damaged").read_bytes() == b'{"half": '
    assert storage.save_json(target, {"a": 2}) is None   # checked once a run: our own save is overwritten
    assert json.loads(target.read_text()) == {"a": 2} and len(list(tmp_path.iterdir())) == 2


def test_a_file_that_cannot_be_moved_aside_is_never_overwritten(tmp_path, monkeypatch):
    target = tmp_path / "save.json"
    target.write_text('{"version": 5}')
    monkeypatch.setattr(storage, "set_aside", lambda path, label="damaged": None)
    assert "not overwritten" in storage.save_json(target, {"version": 1})
    assert "not saved" in storage.save_json(target, {"version": 1})
    assert storage.remove_save(target, version=1) is not None and target.read_text() == '{"version": 5}'


def test_removing_a_finished_save_sets_a_newer_one_aside_instead(tmp_path):
    target = tmp_path / "save.json"
    target.write_text('{"version": 5}')
    assert storage.remove_save(target, version=1) is None
    assert not target.exists() and (tmp_path / "save.json.newer").read_text() == '{"version": 5}'
    storage.forget_run_state()
    target.write_text('{"version": 1}')
    assert storage.remove_save(target, version=1) is None and not target.exists()


def test_unknown_keys_survive_a_load_and_save(tmp_path):
    from game.core.files import Field, Schema

    target = tmp_path / "save.json"
    target.write_text('{"a": 5, "added_later": {"x": [1, 2]}}')
    data, warning = storage.load_json(target, schema=Schema({"a": Field(int, 0)}))
    assert warning is None
    storage.save_json(target, data)
    assert json.loads(target.read_text()) == {"a": 5, "added_later": {"x": [1, 2]}}


# ---------------------------------------------------------------- failed writes
def test_a_data_folder_that_is_a_file_gives_a_warning_not_a_crash(tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.write_text("I am a file")
    monkeypatch.setenv("ROBOARCADE_HOME", str(home))
    folder = storage.data_dir()
    data, warning = storage.load_json(folder / "settings.json", default={"d": 1})
    assert data == {"d": 1} and warning is None
    warning = storage.save_json(folder / "settings.json", {"a": 1})
    assert "could not save" in warning and "is a file" in warning and "\n" not in warning
    assert home.read_text() == "I am a file"


def test_a_read_only_folder_gives_a_warning(tmp_path, monkeypatch):
    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(storage.tempfile, "mkstemp", refuse)
    warning = storage.save_json(tmp_path / "x.json", {"a": 1})
    assert "could not save (Permission denied)" in warning
    assert warning in storage.take_warnings()          # the client shows it over the current screen


def test_nan_is_never_written(tmp_path):
    warning = storage.save_json(tmp_path / "x.json", {"a": float("nan")})
    assert "not saved" in warning and not (tmp_path / "x.json").exists()


def test_temp_files_of_interrupted_saves_are_removed_at_the_next_start(tmp_path):
    (tmp_path / "games").mkdir()
    leftovers = [tmp_path / "settings.json.ab_cd123.tmp", tmp_path / "games" / "roborun.json.k9x8y7z6.tmp"]
    earlier = storage.STARTED - 600                        # written by a run before this one
    for path in leftovers:
        path.write_text("{half")
        os.utime(path, (earlier, earlier))
    fresh = tmp_path / "games" / "roborally.json.a1b2c3d4.tmp"   # a save of this run, in flight
    fresh.write_text("{new")
    keep = [tmp_path / "settings.json", tmp_path / "notes.tmp", tmp_path / "settings.json.damaged", fresh]
    for path in keep[:3]:
        path.write_text("{}")
        os.utime(path, (earlier, earlier))
    assert storage.clean_temp_files(tmp_path) == 2
    assert not any(p.exists() for p in leftovers) and all(p.exists() for p in keep)


# ---------------------------------------------------------------- command outputs
def test_check_output_refuses_folders_missing_folders_and_long_names(tmp_path):
    from game.core.errors import UserError

    for bad in (tmp_path, tmp_path / "no" / "x.json", tmp_path / ("a" * 5000)):
        with pytest.raises(UserError) as caught:
            storage.check_output(bad)
        assert "\n" not in str(caught.value) and len(str(caught.value)) < 300
    assert storage.check_output(tmp_path / "ok.json") == tmp_path / "ok.json"


def test_a_finished_result_is_never_lost_to_an_unwritable_path(tmp_path, monkeypatch):
    real = storage.write_atomic
    blocked = tmp_path / "blocked"

    def write(path, text):
        if blocked in path.parents:
            raise PermissionError(13, "Permission denied")
        real(path, text)

    monkeypatch.setattr(storage, "write_atomic", write)
    where, note = storage.write_output(blocked / "result.json", "the result")
    assert where.read_text() == "the result" and where.name == "result.json"
    assert "Permission denied" in note and str(where) in note


def test_caches_live_in_the_save_folder_unless_a_cache_folder_is_named(tmp_path, monkeypatch):
    """Caches are re-computed, never progress: ROBOARCADE_CACHE may put them elsewhere (the
    test suite shares one across its tests); by default they sit in the save folder."""
    monkeypatch.setenv("ROBOARCADE_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("ROBOARCADE_CACHE", raising=False)
    assert storage.cache_dir() == tmp_path / "home" / "cache"
    monkeypatch.setenv("ROBOARCADE_CACHE", str(tmp_path / "shared"))
    assert storage.cache_dir() == tmp_path / "shared"
    assert storage.data_dir() == tmp_path / "home"          # saves stay where they were
