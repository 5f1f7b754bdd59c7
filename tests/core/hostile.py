"""Hostile files for the per-reader fuzz tests (issue "Nothing lost, nothing hangs").

`hostile_json(good)` mutates a good JSON document: a field (at any depth) replaced by a
hostile value written as raw JSON text (NaN, 1e400, a 5,000-digit integer, a 2,000-deep
array, a wrong type, ...), the top level replaced, the bytes cut short, flipped or
extended, or bytes that are not UTF-8. `hostile_xml(good)` does the same for XML text
(Tiled maps and tilesets): attribute values replaced, lines dropped or repeated, bytes cut
short or flipped. `run_reader` writes one such file, calls the reader,
and checks the three promises: no exception escapes, it returns within a second, and
nothing is destroyed (the hostile bytes are still in the folder, at the path or set aside
as `<name>.damaged*`).
"""
from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from game.core import storage

FUZZ = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

HOSTILE_VALUES = (
    "NaN", "Infinity", "-Infinity", "1e400", "-1e400", "9" * 5000, "-" + "9" * 5000, "[" * 2000 + "]" * 2000,
    "{\"a\":" * 500 + "1" + "}" * 500, "null", "true", "false", "\"\"", "\"x\"", "[]", "{}", "2147483648",
    "-1", "0", "1e308", "-1e308", "0.5", "\"\\ud800\"", "[999,\"x\"]", "[1,2,3]", "{\"robot\": 5}",
    "\"" + "x" * 30000 + "\"", "18446744073709551616", "[null, null]", "[[], {}]",
)

_json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=False,
                       allow_infinity=False), st.text(max_size=30))
_json_value = st.recursive(_json_leaf, lambda inner: st.one_of(st.lists(inner, max_size=4),
                           st.dictionaries(st.text(max_size=8), inner, max_size=4)), max_leaves=12)
value_text = st.one_of(st.sampled_from(HOSTILE_VALUES), _json_value.map(json.dumps))


def _paths(data: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix] if prefix else []
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, prefix + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            out += _paths(value, prefix + (index,))
    return out


def _replace(data: Any, path: tuple, text: str) -> str:
    marker = "\u0000HOSTILE\u0000"
    copy = json.loads(json.dumps(data))
    target = copy
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = marker
    return json.dumps(copy, indent=1).replace(json.dumps(marker), text)


@st.composite
def hostile_json(draw, good: Any) -> bytes:
    """Bytes of a damaged or hostile version of the JSON document `good`."""
    text = json.dumps(good, indent=1)
    kind = draw(st.sampled_from(("field", "field", "field", "top", "cut", "flip", "insert", "not-utf8", "key")))
    paths = _paths(good)
    if kind == "field" and paths:
        return _replace(good, draw(st.sampled_from(paths)), draw(value_text)).encode("utf-8")
    if kind == "top":
        return draw(value_text).encode("utf-8")
    if kind == "key" and isinstance(good, dict):
        return (text[:-1].rstrip() + f', "{draw(st.text(max_size=10))}": {draw(value_text)}}}').encode("utf-8")
    raw = bytearray(text.encode("utf-8"))
    if kind == "cut":
        return bytes(raw[:draw(st.integers(0, len(raw)))])
    if kind == "flip" and raw:
        for _ in range(draw(st.integers(1, 5))):
            raw[draw(st.integers(0, len(raw) - 1))] = draw(st.integers(0, 255))
        return bytes(raw)
    if kind == "not-utf8":
        at = draw(st.integers(0, len(raw)))
        return bytes(raw[:at]) + draw(st.sampled_from((b"\xff", b"\xc3(", b"\xed\xa0\x80", b"\x80\x80"))) + bytes(raw[at:])
    at = draw(st.integers(0, len(raw)))
    return bytes(raw[:at]) + draw(st.binary(max_size=20)) + bytes(raw[at:])


_XML_ATTR = re.compile(r'(\s[\w:]+=")([^"]*)(")')
_HOSTILE_VALUES = st.one_of(st.sampled_from(["", "9" * 5000, "-1", "1e400", "nan", "²", "N", "left", "none",
                                             "space", "wall", "belt", "gear", "x" * 300, "&amp;", "0x10"]),
                            st.text(max_size=12).map(lambda t: t.replace('"', "").replace("<", "").replace("&", "")))


@st.composite
def hostile_xml(draw, good: str) -> bytes:
    """A damaged version of an XML file: attribute values replaced, lines dropped or repeated,
    bytes cut short, flipped or not UTF-8."""
    kind = draw(st.sampled_from(("attr", "attr", "attr", "drop", "repeat", "cut", "flip")))
    if kind == "attr":
        matches = list(_XML_ATTR.finditer(good))
        text = good
        for match in sorted(draw(st.lists(st.sampled_from(matches), min_size=1, max_size=3, unique_by=lambda m: m.start())),
                            key=lambda m: -m.start()):
            text = text[:match.start(2)] + draw(_HOSTILE_VALUES) + text[match.end(2):]
        return text.encode("utf-8")
    lines = good.splitlines(keepends=True)
    if kind in ("drop", "repeat"):
        at = draw(st.integers(0, len(lines) - 1))
        count = draw(st.integers(1, 4))
        lines[at:at + count] = [] if kind == "drop" else lines[at:at + count] * 2
        return "".join(lines).encode("utf-8")
    return draw(cut_or_flipped(good.encode("utf-8"), kind))


@st.composite
def cut_or_flipped(draw, good: bytes, kind: str | None = None) -> bytes:
    """`good` cut short at any byte, or with one to four bytes flipped (no longer UTF-8, perhaps)."""
    kind = kind or draw(st.sampled_from(("cut", "flip")))
    raw = bytearray(good)
    if kind == "cut":
        return bytes(raw[:draw(st.integers(0, len(raw)))])
    for _ in range(draw(st.integers(1, 4))):
        raw[draw(st.integers(0, len(raw) - 1))] = draw(st.integers(0, 255))
    return bytes(raw)


@contextlib.contextmanager
def fresh_home():
    """A new empty ROBOARCADE_HOME for one example (hypothesis runs many in one test)."""
    old = os.environ.get("ROBOARCADE_HOME")
    with tempfile.TemporaryDirectory() as folder:
        os.environ["ROBOARCADE_HOME"] = folder
        storage.forget_run_state()
        try:
            yield Path(folder)
        finally:
            storage.forget_run_state()
            if old is None:
                os.environ.pop("ROBOARCADE_HOME", None)
            else:
                os.environ["ROBOARCADE_HOME"] = old


def kept_somewhere(path: Path, content: bytes) -> bool:
    """`content` is still at `path` or in one of its `.damaged*` copies (nothing destroyed)."""
    candidates = [path] + sorted(path.parent.glob(path.name + ".damaged*"))
    return any(p.is_file() and p.read_bytes() == content for p in candidates)


def run_reader(read: Callable[[], Any], path: Path, content: bytes, limit: float = 1.0) -> Any:
    """Write `content` at `path`, call `read` and check: no exception, under `limit` seconds,
    the content not destroyed. Returns what `read` returned. The limit is CPU seconds, not wall
    time: a reader that blows up on a hostile file burns CPU, while a loaded machine (make test
    on every core) only stretches the wall clock."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    started = time.process_time()
    result = read()                                   # any exception fails the test
    elapsed = time.process_time() - started
    assert elapsed < limit, f"the reader took {elapsed:.2f}s on {content[:80]!r}"
    assert kept_somewhere(path, content), f"{content[:80]!r} was destroyed"
    return result


def one_line(warning: str | None) -> None:
    assert warning is None or (isinstance(warning, str) and "\n" not in warning and len(warning) < 800), warning
