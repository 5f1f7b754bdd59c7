"""Measured figures kept as records and checked by fingerprint (issue 28).

A figure that takes minutes to compute (a difficulty table, an AI's win rate) is not
re-measured by every `make test`. `make measure` (`python main.py measure NAME`) computes it
once and stores it in `records/NAME.json` beside a fingerprint of everything it depends on:

- the code: every module the measuring code imports, followed through `game.*` imports
  (function-level ones included), each hashed from its syntax tree with docstrings left out,
  so a reworded docstring or comment does not void a table but any change to what runs does;
- the inputs of each entry (a map and its tileset, a card file), hashed byte for byte.

`make test` then checks three things: the recorded figures meet their targets, every
fingerprint matches today's files (a stale one fails naming the changed file and the one
command that re-measures what changed), and a small sample of entries is re-measured so the
record cannot drift from the code.

Pure: no game imports, no pygame. A game describes its record with a `RecordSpec`.
"""
from __future__ import annotations

import ast
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Protocol, Sequence

from game.core import files, storage
from game.core.errors import UserError

ROOT = Path(__file__).resolve().parents[2]         # the repository (records/ and game/ live here)
RECORDS_DIR = ROOT / "records"
FORMAT = 1
MAX_RECORD_BYTES = 16 << 20


class RecordSpec(Protocol):
    """What one record measures. `entries()` maps each entry's key to the input files it
    reads; `measure(key)` returns its result as plain JSON (deterministic: bounded by work,
    seeded), `code_modules` are the dotted modules whose import closure the figures depend on,
    less `code_left_out`."""

    name: str
    what: str
    code_modules: Sequence[str]
    code_left_out: Sequence[str]        # packages whose changes cannot move the figures (file I/O plumbing)

    def entries(self) -> dict[str, list[Path]]: ...

    def measure(self, key: str) -> Any: ...


def measure_command(name: str, only: Iterable[str] = ()) -> str:
    """The one command that re-measures `name` (only the entries given, when some are)."""
    keys = " ".join(sorted(only))
    return f"python main.py measure {name}" + (f" --only {keys}" if keys else "")


# --- fingerprints ------------------------------------------------------------------------

def _without_docstrings(tree: ast.AST) -> ast.AST:
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant) \
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
    return tree


def file_digest(path: Path) -> str:
    """A Python file by what it runs (its syntax tree less docstrings); any other file byte
    for byte (line endings normalised, so a checkout on Windows matches)."""
    data = Path(path).read_bytes()
    if Path(path).suffix == ".py":
        try:
            tree = _without_docstrings(ast.parse(data, filename=str(path)))
            data = ast.dump(tree, annotate_fields=False, include_attributes=False).encode("utf-8")
        except (SyntaxError, ValueError):
            pass                                   # hashed as bytes: still changes when the file does
    else:
        data = data.replace(b"\r\n", b"\n")
    return hashlib.sha256(data).hexdigest()[:16]


def _module_file(name: str, root: Path) -> Path | None:
    base = root.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _imported_names(path: Path, module: str) -> set[str]:
    """Every dotted name a module imports anywhere in its body (relative imports resolved)."""
    tree = ast.parse(path.read_bytes(), filename=str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join(p for p in [*parts, base] if p)
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)   # `from pkg import module`
    return names


def code_files(modules: Iterable[str], root: Path | None = None, prefix: str = "game",
               leave_out: Sequence[str] = ()) -> dict[str, Path]:
    """The files of `modules` and of every `prefix.*` module they import, transitively, by
    repository-relative path; modules under `leave_out` (and what only they import) are not
    followed."""
    root = root or ROOT
    seen: dict[str, Path] = {}
    todo = list(modules)
    done: set[str] = set()
    while todo:
        name = todo.pop()
        if name in done or any(name == p or name.startswith(p + ".") for p in leave_out):
            continue
        done.add(name)
        path = _module_file(name, root)
        if path is None:
            continue
        seen[path.relative_to(root).as_posix()] = path
        todo.extend(n for n in _imported_names(path, name) if n == prefix or n.startswith(prefix + "."))
    return dict(sorted(seen.items()))


def digests(paths: Iterable[Path], root: Path | None = None) -> dict[str, str]:
    root = (root or ROOT).resolve()
    out = {}
    for path in paths:
        path = Path(path).resolve()
        try:
            rel = path.relative_to(root).as_posix()
        except ValueError:
            rel = str(path)
        out[rel] = file_digest(path)
    return dict(sorted(out.items()))


def code_digests(spec: RecordSpec) -> dict[str, str]:
    return digests(code_files(spec.code_modules, leave_out=spec.code_left_out).values())


# --- the record file ---------------------------------------------------------------------

@dataclass
class Entry:
    inputs: dict[str, str]
    result: Any


@dataclass
class Record:
    name: str
    what: str
    code: dict[str, str] = field(default_factory=dict)
    entries: dict[str, Entry] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"format": FORMAT, "name": self.name, "what": self.what,
                "command": measure_command(self.name), "code": self.code,
                "entries": {k: {"inputs": e.inputs, "result": e.result} for k, e in self.entries.items()}}


def record_path(name: str) -> Path:
    return RECORDS_DIR / f"{name}.json"


def load(name: str) -> Record:
    """The record, read through the validating file layer; a missing or malformed record is
    a one-line UserError naming the file (and the command that writes it)."""
    path = record_path(name)
    try:
        data = files.read_json(path, limit=MAX_RECORD_BYTES, what="record")
    except files.Missing:
        raise UserError(str(path), f"no record yet; measure it with: {measure_command(name)}") from None

    def bad(place: str) -> UserError:
        return UserError(f"{path}: {place}", f"not a record this version reads; re-measure: {measure_command(name)}")

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise bad("format")
    code, entries = data.get("code"), data.get("entries")
    if not isinstance(code, dict) or not all(isinstance(v, str) for v in code.values()):
        raise bad("code")
    if not isinstance(entries, dict):
        raise bad("entries")
    record = Record(name, str(data.get("what", "")), dict(code))
    for key, entry in entries.items():
        if not isinstance(entry, dict) or not isinstance(entry.get("inputs"), dict) or "result" not in entry:
            raise bad(f"entries.{key}")
        record.entries[key] = Entry(dict(entry["inputs"]), entry["result"])
    return record


def save(record: Record) -> Path:
    path = record_path(record.name)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(record.to_json(), indent=1, sort_keys=False, separators=(",", ": "))
    storage.write_atomic(path, _compact_lists(text) + "\n")
    return path


def _compact_lists(text: str) -> str:
    """json.dumps(indent=1) puts every number of a list on its own line; a record of 30 x 80
    deals reads (and diffs) better with each list of scalars on one line."""
    out, buf, depth = [], [], 0
    for line in text.split("\n"):
        stripped = line.strip()
        if depth == 0 and stripped.endswith("[") and not stripped.endswith("[["):
            buf, depth = [line], 1
            continue
        if depth:
            if stripped.startswith(("{", "[")):
                out.extend(buf)
                out.append(line)
                buf, depth = [], 0
                continue
            buf.append(stripped)
            if stripped.startswith("]"):
                head = buf[0]
                out.append(head + " ".join(buf[1:-1]) + buf[-1].rstrip())
                buf, depth = [], 0
            continue
        out.append(line)
    out.extend(buf)
    return "\n".join(out)


# --- checking and re-measuring -----------------------------------------------------------

def problems(spec: RecordSpec, record: Record | None = None) -> list[str]:
    """Why the record no longer describes today's code and files: one line each, naming what
    changed and the command that re-measures it. Empty when every fingerprint matches."""
    record = record or load(spec.name)
    out: list[str] = []
    code_now = code_digests(spec)
    changed = sorted(p for p in code_now.keys() | record.code.keys() if code_now.get(p) != record.code.get(p))
    if changed:
        shown = ", ".join(changed[:4]) + (f" and {len(changed) - 4} more" if len(changed) > 4 else "")
        out.append(f"records/{spec.name}.json: measured with other code ({shown} changed); "
                   f"re-measure: {measure_command(spec.name)}")
        return out
    wanted = spec.entries()
    stale = []
    for key, paths in wanted.items():
        entry = record.entries.get(key)
        if entry is None:
            stale.append(key)
            out.append(f"records/{spec.name}.json: {key} was never measured")
            continue
        now = digests(paths)
        moved = sorted(p for p in now.keys() | entry.inputs.keys() if now.get(p) != entry.inputs.get(p))
        if moved:
            stale.append(key)
            out.append(f"records/{spec.name}.json: {key} measured with another {', '.join(moved)}")
    for key in sorted(record.entries.keys() - wanted.keys()):
        out.append(f"records/{spec.name}.json: {key} is recorded but no longer exists")
        stale.append(key)
    if stale:
        out.append(f"re-measure what changed: {measure_command(spec.name, [k for k in stale if k in wanted])}")
    return out


def refresh(spec: RecordSpec, only: Sequence[str] | None = None, everything: bool = False,
            jobs: int = 1, say: Callable[[str], None] = print) -> Record:
    """Re-measure the entries that are stale (or `only` these keys, or `everything`) and save
    the record; entries whose fingerprints still match are kept as they are."""
    code_now = code_digests(spec)
    try:
        old = load(spec.name)
    except UserError:
        old = Record(spec.name, spec.what)
    keep_all = old.code == code_now and not everything
    wanted = spec.entries()
    unknown = sorted(set(only or ()) - wanted.keys())
    if unknown:
        raise UserError("command line", f"{spec.name} has no entry {', '.join(unknown)} (it has {', '.join(wanted)})")
    record = Record(spec.name, spec.what, code_now)
    todo = []
    for key, paths in wanted.items():
        inputs = digests(paths)
        entry = old.entries.get(key)
        fresh = keep_all and entry is not None and entry.inputs == inputs
        if (only and key in only) or not fresh:
            todo.append((key, inputs))
        else:
            record.entries[key] = entry
    say(f"{spec.name}: measuring {len(todo)} of {len(wanted)} entries"
        + (f" ({', '.join(k for k, _ in todo)})" if todo and len(todo) < len(wanted) else ""))
    for (key, inputs), result in zip(todo, _measure_many(spec, [k for k, _ in todo], jobs)):
        record.entries[key] = Entry(inputs, result)
        say(f"  {key}: done")
    record.entries = {k: record.entries[k] for k in wanted}          # the spec's order
    save(record)
    return record


def _measure_many(spec: RecordSpec, keys: list[str], jobs: int):
    if jobs <= 1 or len(keys) <= 1:
        yield from (spec.measure(k) for k in keys)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    with ProcessPoolExecutor(max_workers=min(jobs, len(keys)),
                             mp_context=multiprocessing.get_context("spawn")) as pool:
        yield from pool.map(spec.measure, keys)
