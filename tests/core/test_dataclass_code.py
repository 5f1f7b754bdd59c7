"""Issue 26: dataclass methods are compiled once per machine and read back at the next start."""
import dataclasses
import textwrap

import pytest

from game.core import dataclass_code


@pytest.fixture
def fresh_cache(monkeypatch, cold_caches):
    """The module's state as in a new process where install() ran (without touching this one's),
    its file in this test's own folder (these tests damage it)."""
    monkeypatch.setattr(dataclass_code, "_codes", {})
    monkeypatch.setattr(dataclass_code, "_new", {})
    monkeypatch.setattr(dataclass_code, "_used", set())
    monkeypatch.setattr(dataclass_code, "_installed", True)
    monkeypatch.setattr(dataclass_code, "_name", "testrun")
    monkeypatch.setattr(dataclasses, "exec", dataclass_code._exec, raising=False)


def _define_point():
    source = textwrap.dedent('''
        from dataclasses import dataclass

        @dataclass(frozen=True)
        class Point:
            x: int
            y: int = 2
    ''')
    namespace: dict = {}
    exec(compile(source, "<test>", "exec"), namespace)
    return namespace["Point"]


def test_a_dataclass_compiled_in_one_run_is_read_back_and_not_compiled_in_the_next(fresh_cache, monkeypatch):
    _define_point()
    assert dataclass_code._new, "the first run compiled nothing"
    assert dataclass_code.save() and dataclass_code.cache_path().is_file()

    monkeypatch.setattr(dataclass_code, "_codes", dataclass_code._read())    # the next run's start
    monkeypatch.setattr(dataclass_code, "_new", {})

    def no_compiling(*args, **kwargs):
        raise AssertionError("compiled again")

    monkeypatch.setattr(dataclass_code, "compile", no_compiling, raising=False)
    Point = _define_point()
    assert Point(1) == Point(1, 2) and Point(1) != Point(3)
    assert repr(Point(1)) == "Point(x=1, y=2)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        Point(1).x = 5
    assert not dataclass_code.save(), "nothing new: nothing written"


@pytest.mark.parametrize("content", [b"", b"not marshal at all", b"\xe3" * 40])
def test_a_damaged_cache_costs_only_the_compiling(fresh_cache, content):
    path = dataclass_code.cache_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    assert dataclass_code._read() == {}
    Point = _define_point()
    assert Point(4).y == 2


def test_a_cache_of_something_else_than_code_is_ignored(fresh_cache):
    import marshal
    import zlib

    path = dataclass_code.cache_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = marshal.dumps({"def f(): pass": "not code", 3: 4})
    path.write_bytes(dataclass_code.MAGIC + zlib.crc32(payload).to_bytes(4, "big") + payload)
    assert dataclass_code._read() == {}


def test_one_changed_byte_in_a_written_cache_is_never_unmarshalled(fresh_cache, monkeypatch):
    """A flipped byte inside a code object's bytecode still unmarshals, into code that may crash
    the interpreter when run: the file's CRC refuses it before marshal sees it."""
    _define_point()
    assert dataclass_code.save()
    path = dataclass_code.cache_path()
    raw = bytearray(path.read_bytes())
    assert dataclass_code._read(), "the file as written is read back"
    raw[len(raw) // 2] ^= 0x01
    path.write_bytes(bytes(raw))

    def no_unmarshalling(data):
        raise AssertionError("a damaged cache reached marshal")

    monkeypatch.setattr(dataclass_code.marshal, "loads", no_unmarshalling)
    assert dataclass_code._read() == {}


def test_the_methods_are_the_ones_dataclasses_would_make_annotations_included(fresh_cache, monkeypatch):
    monkeypatch.setattr(dataclasses, "exec", exec, raising=False)      # as without the cache
    plain = _define_point()
    monkeypatch.setattr(dataclasses, "exec", dataclass_code._exec)
    cached = _define_point()
    assert cached.__init__.__annotations__ == plain.__init__.__annotations__ == {"x": int, "y": int, "return": None}
    assert cached.__doc__ == plain.__doc__


def test_a_start_unmarshals_only_the_methods_of_the_classes_it_defines(fresh_cache, monkeypatch):
    """A game's table also holds the methods of screens opened after its first frame: they stay
    marshalled bytes until a class asks for them (issue 26: unmarshalling is start-up work)."""
    _define_point()
    point_methods = len(dataclass_code._new)
    namespace: dict = {}
    exec(compile("from dataclasses import dataclass\n@dataclass\nclass Later:\n    z: str = 'z'\n", "<t>", "exec"),
         namespace)
    later_methods = len(dataclass_code._new) - point_methods
    assert point_methods and later_methods and dataclass_code.save()
    monkeypatch.setattr(dataclass_code, "_codes", dataclass_code._read())    # the next run's start
    monkeypatch.setattr(dataclass_code, "_new", {})
    assert set(map(type, dataclass_code._codes.values())) == {bytes}
    Point = _define_point()
    assert Point(1).x == 1 and not dataclass_code._new          # nothing compiled
    kinds = [type(code) for code in dataclass_code._codes.values()]
    assert kinds.count(bytes) == later_methods                  # Later's methods never unmarshalled


def test_a_new_process_compiles_nothing_not_even_the_file_layers_own_dataclasses(tmp_path):
    """The table is read through game.core.files, which defines dataclasses (Field, Schema,
    Checked): those used to be compiled at every start, before the table was read (~2% of the
    instructions to a first frame)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    code = ("from game.core import dataclass_code\n"
            "compiled = []\n"
            "dataclass_code.compile = lambda *args, **kwargs: compiled.append(1) or compile(*args, **kwargs)\n"
            "dataclass_code.install('startup')\n"
            "from game.core import files, storage\n"
            "dataclass_code.save()\n"
            "print(len(compiled))\n")
    env = dict(os.environ, ROBOARCADE_CACHE=str(tmp_path / "cache"))
    root = Path(__file__).resolve().parents[2]
    runs = [subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True,
                           timeout=60) for _ in range(2)]
    assert [run.returncode for run in runs] == [0, 0], runs[0].stderr[-500:]
    first, second = (int(run.stdout.split()[-1]) for run in runs)
    assert first >= 15 and second == 0
