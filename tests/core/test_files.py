"""game.core.files: the one validating layer every file read goes through."""
import json
import os
import time

import pytest

from game.core import files
from game.core.files import Field, FileProblem, Missing, NewerVersion, Schema


def _one_line(exc: Exception, *parts: str) -> None:
    text = str(exc)
    assert "\n" not in text
    for part in parts:
        assert part in text, text


# ---------------------------------------------------------------- regular files only
def test_missing_file_is_its_own_problem(tmp_path):
    with pytest.raises(Missing):
        files.read_bytes(tmp_path / "nothing.json")
    with pytest.raises(Missing):
        files.read_bytes(tmp_path / "not-a-folder.json" / "x")


def test_a_folder_is_refused(tmp_path):
    with pytest.raises(FileProblem) as caught:
        files.read_bytes(tmp_path)
    _one_line(caught.value, str(tmp_path), "a folder")


def test_a_fifo_is_refused_without_opening_it(tmp_path):
    fifo = tmp_path / "save.json"
    os.mkfifo(fifo)
    started = time.perf_counter()
    with pytest.raises(FileProblem) as caught:
        files.read_json(fifo)
    assert time.perf_counter() - started < 10        # opening a FIFO would block for ever
    _one_line(caught.value, "save.json", "FIFO")


def test_dev_zero_and_a_symlink_to_it_are_refused(tmp_path):
    link = tmp_path / "save.json"
    link.symlink_to("/dev/zero")
    for path in ("/dev/zero", link):
        with pytest.raises(FileProblem) as caught:
            files.read_json(path)
        _one_line(caught.value, "a device")


def test_size_limit_is_checked_before_reading(tmp_path):
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 2000)
    with pytest.raises(FileProblem) as caught:
        files.read_bytes(big, limit=1000)
    _one_line(caught.value, "big.json", "2000 bytes", "1000")


def test_a_name_too_long_is_one_short_line():
    with pytest.raises(FileProblem) as caught:
        files.read_bytes("a" * 5000 + ".json")
    _one_line(caught.value, "file name too long")
    assert len(str(caught.value)) < 300


def test_not_utf8_names_the_line(tmp_path):
    path = tmp_path / "x.json"
    path.write_bytes(b'{\n"a": "\xff"}')
    with pytest.raises(FileProblem) as caught:
        files.read_text(path)
    _one_line(caught.value, "x.json line 2", "UTF-8")


# ---------------------------------------------------------------- JSON limits
@pytest.mark.parametrize("text, words", [
    ("[" * 100_000 + "]" * 100_000, ("nested more than 32 deep",)),
    ('{"a": ' + "9" * 5000 + "}", ("5000 digits",)),
    ('{"a": 1e400}', ("too large",)),
    ('{"a": NaN}', ("NaN",)),
    ('{"a": -Infinity}', ("-Infinity",)),
    ('{"a": 1,}', ("line 1", "invalid JSON")),
])
def test_hostile_json_is_one_line(text, words):
    with pytest.raises(FileProblem) as caught:
        files.parse_json(text, "f.json")
    _one_line(caught.value, "f.json", *words)


def test_depth_ignores_brackets_inside_strings():
    assert files.json_depth('{"a": "[[[[[[[[", "b": [1, {"c": "\\"]]]"}]}') == 3
    assert files.parse_json('{"a": "' + "[" * 100 + '"}', "f") == {"a": "[" * 100}


def test_ordinary_numbers_still_parse():
    assert files.parse_json('{"a": -12, "b": 0.25, "c": 1e300, "d": ' + "9" * 40 + "}", "f") == \
        {"a": -12, "b": 0.25, "c": 1e300, "d": int("9" * 40)}


# ---------------------------------------------------------------- schemas
SCHEMA = Schema({
    "volume": Field(float, 0.5, 0.0, 1.0),
    "buffer": Field(int, 1024, 256, 8192),
    "flag": Field(bool, True),
    "mode": Field(str, "a", choices=("a", "b")),
    "items": Field(list, [], high=3),
}, version=2)


def test_missing_fields_take_defaults_and_unknown_keys_are_kept():
    checked = files.apply_schema({"volume": 1, "theirs": {"x": [1]}}, SCHEMA, "s.json")
    assert checked.values == {"volume": 1.0, "buffer": 1024, "flag": True, "mode": "a", "items": []}
    assert checked.extra == {"theirs": {"x": [1]}}
    assert checked.problems == []
    assert checked.merged()["theirs"] == {"x": [1]}


@pytest.mark.parametrize("field, value, words", [
    ("buffer", 2147483648, "above 8192"),
    ("buffer", 1.5, "whole number"),
    ("buffer", True, "whole number"),
    ("volume", -1, "below 0"),
    ("volume", "loud", "must be a number"),
    ("flag", 1, "true or false"),
    ("mode", "c", "not one of"),
    ("items", [1, 2, 3, 4], "more than 3"),
])
def test_a_bad_field_takes_its_default_with_a_line_naming_file_and_field(field, value, words):
    checked = files.apply_schema({field: value}, SCHEMA, "s.json")
    assert checked.values[field] == SCHEMA.fields[field].default
    [line] = checked.problems
    assert line.startswith(f"s.json: {field}: ") and words in line and "\n" not in line


@pytest.mark.parametrize("top", [[], "x", 3, None, True])
def test_a_top_level_that_is_not_an_object_is_a_problem(top):
    with pytest.raises(FileProblem) as caught:
        files.apply_schema(top, SCHEMA, "s.json")
    _one_line(caught.value, "s.json", "top level")


def test_a_newer_version_is_refused_with_one_clear_line():
    with pytest.raises(NewerVersion) as caught:
        files.apply_schema({"version": 99}, SCHEMA, "s.json")
    _one_line(caught.value, "s.json", "newer", "99", "untouched")
    assert files.apply_schema({"version": 2}, SCHEMA, "s.json").problems == []


@pytest.mark.parametrize("text", ["inf", "-inf", "nan", "1e400", "²", "", "1e7"])
def test_xml_numbers_must_be_finite_and_in_range(text):
    with pytest.raises(FileProblem):
        files.finite_number(text, "map", "x", limit=1e6)


def test_whole_numbers_are_ascii_digits_only():
    assert files.whole_number("12") == 12 and files.whole_number(" 7 ") == 7
    for text in ("²", "١٢", "inf", "-1", "1.0", "", None, "9" * 13):
        assert files.whole_number(text) is None


def test_read_json_round_trip(tmp_path):
    path = tmp_path / "ok.json"
    path.write_text(json.dumps({"a": [1, 2, {"b": None}]}))
    assert files.read_json(path) == {"a": [1, 2, {"b": None}]}


def test_symlink_loop_finds_the_os_error_behind_pathlibs_runtime_error(tmp_path):
    loop, other = tmp_path / "loop", tmp_path / "other"
    os.symlink(other, loop)
    os.symlink(loop, other)
    try:
        loop.resolve()                      # Python 3.11: RuntimeError('Symlink loop from ...')
    except (RuntimeError, OSError) as exc:
        raised = exc
    found = files.symlink_loop(raised) if isinstance(raised, RuntimeError) else raised
    assert found is not None and found.filename in (str(loop), str(other))
    assert files.symlink_loop(RuntimeError("a bug")) is None
