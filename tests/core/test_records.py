"""Measured figures kept as records (game/core/records.py, issue 28): a record is stale exactly
when what it was measured from changed, says what changed and which command re-measures it,
and re-measuring touches only what changed."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core import records
from game.core.errors import UserError


def _tree(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


class ToySpec:
    """Counts the letters of each input file; remembers which keys it measured."""
    name = "toy"
    what = "letters per file"
    code_modules = ("game.toy.measure",)
    code_left_out = ("game.core",)

    def __init__(self, root: Path):
        self.root, self.measured = root, []

    def entries(self):
        return {p.stem: [p] for p in sorted((self.root / "inputs").glob("*.txt"))}

    def measure(self, key):
        self.measured.append(key)
        return {"letters": len((self.root / "inputs" / f"{key}.txt").read_text())}


@pytest.fixture
def toy(tmp_path, monkeypatch):
    _tree(tmp_path, {
        "game/__init__.py": "", "game/toy/__init__.py": "",
        "game/toy/measure.py": '"""Measures."""\nfrom game.toy import helper\n\ndef run():\n    from game.toy import lazy\n    return 1\n',
        "game/toy/helper.py": "X = 1\n", "game/toy/lazy.py": "Y = 2\n", "game/toy/unused.py": "Z = 3\n",
        "game/core/__init__.py": "", "game/core/io.py": "",
        "inputs/a.txt": "aaa", "inputs/b.txt": "bbbbb",
    })
    monkeypatch.setattr(records, "RECORDS_DIR", tmp_path / "records")
    monkeypatch.setattr(records, "ROOT", tmp_path)
    return ToySpec(tmp_path)


def test_the_code_closure_follows_imports_inside_functions_and_leaves_out_what_is_unused(toy):
    found = records.code_files(["game.toy.measure"], toy.root)
    assert set(found) == {"game/toy/measure.py", "game/toy/helper.py", "game/toy/lazy.py", "game/toy/__init__.py"}


def test_a_reworded_docstring_keeps_the_fingerprint_a_changed_line_of_code_does_not(toy):
    path = toy.root / "game/toy/measure.py"
    before = records.file_digest(path)
    path.write_text(path.read_text().replace('"""Measures."""', '"""Measures, said otherwise."""\n# a comment'))
    assert records.file_digest(path) == before
    path.write_text(path.read_text().replace("return 1", "return 2"))
    assert records.file_digest(path) != before


def test_a_fresh_record_has_no_problems_and_keeps_its_results(toy):
    records.refresh(toy, say=lambda line: None)
    assert toy.measured == ["a", "b"]
    assert records.problems(toy) == []
    assert records.load("toy").entries["b"].result == {"letters": 5}


def test_a_changed_input_names_the_entry_and_the_command_that_re_measures_only_it(toy):
    records.refresh(toy, say=lambda line: None)
    (toy.root / "inputs/b.txt").write_text("bb")
    stale = records.problems(toy)
    assert any("b measured with another inputs/b.txt" in line for line in stale), stale
    assert stale[-1] == "re-measure what changed: python main.py measure toy --only b"
    toy.measured.clear()
    records.refresh(toy, say=lambda line: None)
    assert toy.measured == ["b"] and records.problems(toy) == []
    assert records.load("toy").entries["b"].result == {"letters": 2}


def test_changed_code_voids_every_entry_but_left_out_plumbing_does_not(toy):
    records.refresh(toy, say=lambda line: None)
    (toy.root / "game/core/io.py").write_text("print('plumbing')\n")
    assert records.problems(toy) == []
    (toy.root / "game/toy/lazy.py").write_text("Y = 3\n")
    stale = records.problems(toy)
    assert len(stale) == 1 and "game/toy/lazy.py changed" in stale[0] and stale[0].endswith("python main.py measure toy")
    toy.measured.clear()
    records.refresh(toy, say=lambda line: None)
    assert toy.measured == ["a", "b"]


def test_new_and_removed_entries_are_stale(toy):
    records.refresh(toy, say=lambda line: None)
    (toy.root / "inputs/c.txt").write_text("c")
    (toy.root / "inputs/a.txt").unlink()
    stale = "\n".join(records.problems(toy))
    assert "c was never measured" in stale and "a is recorded but no longer exists" in stale


def test_a_missing_or_damaged_record_is_one_line_naming_the_file_and_the_command(toy):
    with pytest.raises(UserError, match=r"toy\.json.*python main\.py measure toy"):
        records.load("toy")
    records.refresh(toy, say=lambda line: None)
    path = toy.root / "records/toy.json"
    data = json.loads(path.read_text())
    data["entries"]["a"] = "three"
    path.write_text(json.dumps(data))
    with pytest.raises(UserError) as caught:
        records.load("toy")
    assert "entries.a" in str(caught.value) and "\n" not in str(caught.value)


def test_lists_of_numbers_are_written_on_one_line():
    text = records._compact_lists('{\n "a": [\n  1,\n  null,\n  3\n ],\n "b": {\n  "c": [\n   2\n  ]\n }\n}')
    assert json.loads(text) == {"a": [1, None, 3], "b": {"c": [2]}}
    assert '"a": [1, null, 3]' in text
