"""The one validating layer every file the program reads goes through.

Saves, settings, progress, high scores, maps, tilesets, replays and card data are all read
here, so the same limits hold everywhere and every problem is one line naming the file and
the field (a FileProblem, which is a game.core.errors.UserError):

  * regular files only: a FIFO, a device (/dev/zero), a socket or a directory is refused
    from os.stat before it is opened, and the file is opened with O_NONBLOCK and checked
    again with fstat, so nothing can hang a read or stream memory forever;
  * a size limit before parsing (the read itself stops one byte past the limit);
  * strict UTF-8 (a JSON file's leading byte-order mark is skipped); JSON with a
    nesting-depth limit (checked before json.loads, so no RecursionError), integers of at
    most MAX_INT_DIGITS digits (no 4,300-digit ValueError, no OverflowError where a number
    meets C code), and no NaN or Infinity (1e400 included);
  * a small declarative Schema per file: each field's type, range or allowed values and a
    default for what is missing or wrong; unknown keys are kept (and written back by the
    owner); a `version` newer than the schema's is refused (NewerVersion) and the caller
    leaves the file untouched.
"""
from __future__ import annotations

import errno
import json
import math
import os
import re
import stat
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from game.core.errors import UserError

MAX_BYTES = 1 << 20          # 1 MiB: far above any save, map or replay the game writes
MAX_DEPTH = 32               # nesting of JSON arrays/objects
MAX_INT_DIGITS = 40          # a 128-bit integer has 39 digits


class FileProblem(UserError):
    """A file that cannot be used; str() is one line 'file[: field]: what is wrong'."""


class Missing(FileProblem):
    """The file does not exist (callers usually fall back to defaults quietly)."""


class NewerVersion(FileProblem):
    """Written by a newer Robo Arcade: refuse it and leave the file exactly as it is."""


def _where(path: Path | str, place: str = "") -> str:
    return f"{path}: {place}" if place else str(path)


# ------------------------------------------------------------------ reading bytes
def check_regular(path: Path | str, what: str = "file") -> os.stat_result:
    """os.stat the path (following symlinks) and insist on a regular file; FileProblem otherwise."""
    try:
        info = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        raise Missing(str(path), f"{what} not found") from None
    except OSError as exc:
        raise FileProblem(_short(path), f"cannot read {what} ({_reason(exc)})") from None
    except ValueError:          # an embedded NUL byte in the name
        raise FileProblem(_short(path), f"not a usable {what} name") from None
    if not stat.S_ISREG(info.st_mode):
        raise FileProblem(str(path), f"{_kind(info.st_mode)}, not a regular {what}")
    return info


def read_bytes(path: Path | str, limit: int = MAX_BYTES, what: str = "file") -> bytes:
    """The whole content of a regular file of at most `limit` bytes."""
    info = check_regular(path, what)
    if info.st_size > limit:
        raise FileProblem(str(path), f"{what} is {info.st_size} bytes; the limit is {limit}")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise FileProblem(_short(path), f"cannot read {what} ({_reason(exc)})") from None
    try:
        mode = os.fstat(fd).st_mode       # the path may have been swapped since the stat
        if not stat.S_ISREG(mode):
            raise FileProblem(str(path), f"{_kind(mode)}, not a regular {what}")
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, min(1 << 16, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise FileProblem(str(path), f"{what} is over the limit of {limit} bytes")
        return b"".join(chunks)
    except OSError as exc:
        raise FileProblem(str(path), f"cannot read {what} ({_reason(exc)})") from None
    finally:
        os.close(fd)


def checked_bytes(magic: bytes, payload: bytes) -> bytes:
    """`payload` framed for read_checked: a 4-byte magic, then its CRC-32."""
    return magic + zlib.crc32(payload).to_bytes(4, "big") + payload


def read_checked(path: Path | str, magic: bytes, limit: int = MAX_BYTES, what: str = "file") -> bytes | None:
    """The payload of a file written as checked_bytes(magic, payload), or None when it is not one
    (another magic, or a CRC-32 that does not match: damaged, or not ours). The start-up caches
    keep marshalled data, and marshal is not safe against broken input."""
    raw = read_bytes(path, limit, what)
    if raw[:4] != magic or int.from_bytes(raw[4:8], "big") != zlib.crc32(raw[8:]):
        return None
    return raw[8:]


def read_text(path: Path | str, limit: int = MAX_BYTES, what: str = "file") -> str:
    raw = read_bytes(path, limit, what)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise FileProblem(f"{path} line {line}", f"not UTF-8 text (byte {exc.start})") from None


def symlink_loop(exc: BaseException) -> OSError | None:
    """The ELOOP OSError behind pathlib's RuntimeError('Symlink loop from ...'): Path.resolve() in
    Python 3.11 raises that instead of the OSError, so a reader that resolves a path (a map's
    tileset) can let it out; None for any other exception, which stays a bug to see whole."""
    cause = exc.__context__
    if isinstance(exc, RuntimeError) and isinstance(cause, OSError) and cause.errno == errno.ELOOP \
            and cause.filename is not None:
        return cause
    return None


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def _reason(exc: OSError) -> str:
    if exc.errno == errno.ENAMETOOLONG:
        return "file name too long"
    return exc.strerror or exc.__class__.__name__


def _short(path: Path | str) -> str:
    """A path for a message: a 5,000-character name is cut so the line stays readable."""
    text = str(path)
    return text if len(text) <= 200 else text[:100] + f"...({len(text)} characters)"


# ------------------------------------------------------------------ parsing JSON
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def json_depth(text: str, stop: int | None = None) -> int:
    """The deepest nesting of arrays/objects in `text` (strings ignored); linear time, and
    it stops as soon as the depth passes `stop`."""
    depth = deepest = 0
    for match in _BRACKET.finditer(_STRING.sub('""', text) if '"' in text else text):
        if match.group() in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if stop is not None and deepest > stop:
                    return deepest
        else:
            depth -= 1
    return deepest


def parse_json(text: str, where: str, max_depth: int = MAX_DEPTH) -> Any:
    """json.loads with a depth limit, bounded integers and no NaN/Infinity; FileProblem otherwise."""
    if json_depth(text, stop=max_depth) > max_depth:
        raise FileProblem(where, f"nested more than {max_depth} deep (the limit)")

    def parse_int(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_INT_DIGITS:
            raise _Bad(f"a number of {len(digits.lstrip('-'))} digits (the limit is {MAX_INT_DIGITS})")
        return int(digits)

    def parse_float(digits: str) -> float:
        value = float(digits)
        if not math.isfinite(value):
            raise _Bad(f"the number {digits[:20]} is too large")
        return value

    def parse_constant(name: str) -> Any:
        raise _Bad(f"{name} is not a number JSON allows")

    try:
        return json.loads(text, parse_int=parse_int, parse_float=parse_float, parse_constant=parse_constant)
    except _Bad as exc:
        raise FileProblem(where, str(exc)) from None
    except json.JSONDecodeError as exc:
        raise FileProblem(f"{where} line {exc.lineno} column {exc.colno}", f"invalid JSON ({exc.msg})") from None
    except (RecursionError, ValueError) as exc:   # belt and braces: never a traceback
        raise FileProblem(where, f"invalid JSON ({exc.__class__.__name__})") from None


class _Bad(ValueError):
    pass


def read_json(path: Path | str, limit: int = MAX_BYTES, what: str = "file", max_depth: int = MAX_DEPTH) -> Any:
    """A regular file of at most `limit` bytes, strict UTF-8, parsed with parse_json. A UTF-8
    byte-order mark at the start is skipped (RFC 8259 lets a reader ignore it): an editor that
    writes one (Windows Notepad) made a hand-edited settings file 'invalid JSON' and reset it."""
    return parse_json(read_text(path, limit, what).removeprefix("\ufeff"), str(path), max_depth)


# ------------------------------------------------------------------ schemas
_MISSING = object()


@dataclass(frozen=True)
class Field:
    """One field of a JSON object: its type(s), limits and default.

    kind     bool, int, float (ints accepted), str, list or dict
    low/high inclusive range for numbers, length for str and list
    choices  the allowed values, when only a few are
    check    extra test on the value: returns an error text, or None when it is fine
    """
    kind: type
    default: Any = None
    low: float | None = None
    high: float | None = None
    choices: tuple | None = None
    nullable: bool = False
    check: Callable[[Any], str | None] | None = None

    def problem(self, value: Any) -> str | None:
        """Why `value` does not fit this field, or None."""
        if value is None and self.nullable:
            return None
        if self.kind is float:
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                return f"must be a number, not {_type_name(value)}"
            if not math.isfinite(value) or abs(value) > 1e300:
                return "must be a finite number"
        elif self.kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                return f"must be a whole number, not {_type_name(value)}"
        elif self.kind is bool:
            if not isinstance(value, bool):
                return f"must be true or false, not {_type_name(value)}"
        elif not isinstance(value, self.kind):
            return f"must be {_type_name(self.kind())}, not {_type_name(value)}"
        if self.choices is not None and value not in self.choices:
            shown = ", ".join(json.dumps(c) for c in self.choices)
            return f"{_shown(value)} is not one of {shown}"
        size = len(value) if isinstance(value, (str, list, dict)) else value
        if self.low is not None and size < self.low:
            return f"{_shown(value)} is below {self.low:g}" if size is value else f"needs at least {self.low:g} entries"
        if self.high is not None and size > self.high:
            return f"{_shown(value)} is above {self.high:g}" if size is value else f"has more than {self.high:g} entries"
        if self.check is not None:
            return self.check(value)
        return None

    def clean(self, value: Any) -> Any:
        if self.kind is float and isinstance(value, int) and not isinstance(value, bool):
            return float(value)
        return value


@dataclass(frozen=True)
class Schema:
    """The fields of one JSON object file. `version` is the newest format this build reads."""
    fields: dict[str, Field]
    version: int | None = None
    top: str = "object"


@dataclass
class Checked:
    """A file read through a Schema: the cleaned values, the unknown keys and one line per problem."""
    values: dict[str, Any]
    extra: dict[str, Any] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    bad_fields: list[str] = field(default_factory=list)

    def merged(self) -> dict:
        """Everything to write back: unknown keys kept, known fields with their checked values."""
        return {**self.extra, **self.values}


def apply_schema(data: Any, schema: Schema, where: str) -> Checked:
    """Check `data` against `schema`. A bad field takes its default and adds a problem line;
    a top level that is not an object, or a newer version, raises (FileProblem / NewerVersion)."""
    if not isinstance(data, dict):
        raise FileProblem(where, f"the top level is {_type_name(data)}, not a JSON object")
    if schema.version is not None and "version" in data:
        version = data["version"]
        if isinstance(version, bool) or not isinstance(version, int) or version < 0:
            raise FileProblem(f"{where}: version", f"must be a whole number, not {_shown(version)}")
        if version > schema.version:
            raise NewerVersion(where, f"written by a newer Robo Arcade (version {version}; this one reads "
                               f"up to {schema.version}); left untouched")
    checked = Checked(values={}, extra={k: v for k, v in data.items() if k not in schema.fields})
    for name, spec in schema.fields.items():
        value = data.get(name, _MISSING)
        if value is _MISSING:
            checked.values[name] = _fresh(spec.default)
            continue
        problem = spec.problem(value)
        if problem:
            checked.problems.append(f"{where}: {name}: {problem}; using {_shown(spec.default)}")
            checked.bad_fields.append(name)
            checked.values[name] = _fresh(spec.default)
        else:
            checked.values[name] = spec.clean(value)
    return checked


def _fresh(value: Any) -> Any:
    return json.loads(json.dumps(value)) if isinstance(value, (list, dict)) else value


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    return {bool: "true/false", int: "a whole number", float: "a number", str: "text", list: "a list",
            dict: "an object"}.get(type(value), type(value).__name__)


def _shown(value: Any) -> str:
    text = json.dumps(value) if isinstance(value, (bool, int, float, str, type(None))) else _type_name(value)
    return text if len(text) <= 40 else text[:37] + "..."


def finite_number(text: str | None, where: str, what: str, limit: float = 1e9) -> float:
    """A number read from text (an XML attribute): finite and within +-limit, else FileProblem."""
    if text is None:
        raise FileProblem(where, f"{what} is missing")
    try:
        value = float(text)
    except ValueError:
        raise FileProblem(where, f"{what} '{text[:20]}' is not a number") from None
    if not math.isfinite(value) or abs(value) > limit:
        raise FileProblem(where, f"{what} '{text[:20]}' is out of range")
    return value


def whole_number(text: str | None) -> int | None:
    """An ASCII decimal whole number ('²' and '٣' are not), or None."""
    if text is None or not re.fullmatch(r"[0-9]{1,12}", text.strip()):
        return None
    return int(text.strip())


def file_stamp(path: Path | str) -> tuple | None:
    """What tells a changed file (a designer's --watch loop): modification time and size;
    None when the file is gone or unreadable."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size
