"""Seat views and events as plain JSON, and back: what the table sends over the network.

Every game's views and events are dataclasses, named tuples, tuples, sets and dicts. The
table sends them as JSON that a phone's page can read directly (a dataclass is an object
of its fields plus "~": its class name) and that `from_wire` turns back into the same
objects for a full client or a table-bot, so an AI reads a remote view exactly as it reads
a local one. Markers, each an object with one "~" key:

  {"~": "module:Class", field: value, ...}   a dataclass or named tuple of a game's rules
  {"~list": [...]}                           a list (a bare JSON array is a tuple)
  {"~set": [...]} / {"~frozenset": [...]}    sorted by their JSON text, so bytes are stable
  {"~dict": [[key, value], ...]}             a dict whose keys are not all strings, in its order

`from_wire` builds classes only from the rules package of the game it was given, never
anything else a hostile host could name. `canonical` is the one byte form: the leak test
compares these bytes, so equal views always give equal bytes.
"""
from __future__ import annotations

import dataclasses
import importlib
import json
from typing import Any

MARK = "~"
_CONTAINERS = ("~list", "~set", "~frozenset", "~dict")


_SCALARS = frozenset((type(None), bool, int, float, str))
_FIELDS: dict[type, tuple[str, ...] | None] = {}     # class -> dataclass field names (None: not a dataclass)
# dataclass -> (field names, its "~" name): the classes found to be dataclasses by the last
# branch below, looked up first (a view is mostly dataclasses; the branches before that one
# depend only on the class, so skipping them for these classes changes nothing)
_DATACLASSES: dict[type, tuple[tuple[str, ...], str]] = {}


def to_wire(value: Any) -> Any:
    """Plain JSON (dicts, lists, str, int, float, bool, None) for a view, an event or a part of one.

    Scalars inside are kept without a call (the host encodes every seat's view each move)."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    known = _DATACLASSES.get(kind)
    if known is not None:
        return _dataclass_to_wire(value, *known)
    if kind is tuple:
        return [v if type(v) in _SCALARS else to_wire(v) for v in value]
    if isinstance(value, tuple):
        fields = getattr(kind, "_fields", None)
        if fields is not None:                                   # a named tuple
            out = {f: v if type(v) in _SCALARS else to_wire(v) for f, v in zip(fields, value) if v is not None}
            out[MARK] = _name(kind)
            return out
        return [v if type(v) in _SCALARS else to_wire(v) for v in value]
    if isinstance(value, (bool, int, float, str)):               # subclasses (an IntEnum, a str Enum)
        return value
    if isinstance(value, list):
        return {"~list": [v if type(v) in _SCALARS else to_wire(v) for v in value]}
    if isinstance(value, dict):
        if all(isinstance(k, str) and not k.startswith(MARK) for k in value):
            return {k: v if type(v) in _SCALARS else to_wire(v) for k, v in value.items()}
        return {"~dict": [[to_wire(k), to_wire(v)] for k, v in value.items()]}    # in order: AIs iterate it
    if isinstance(value, (set, frozenset)):
        items = sorted((to_wire(v) for v in value), key=_sort_key)
        return {"~set" if isinstance(value, set) else "~frozenset": items}
    names = _FIELDS.get(kind, False)
    if names is False:
        names = _FIELDS[kind] = (tuple(f.name for f in dataclasses.fields(kind))
                                 if dataclasses.is_dataclass(kind) else None)
    if names is not None:
        _DATACLASSES[kind] = (names, _name(kind))
        return _dataclass_to_wire(value, names, _name(kind))
    raise TypeError(f"cannot send a {kind.__name__} over the table")


def _dataclass_to_wire(value: Any, names: tuple[str, ...], name: str) -> dict:
    out = {}
    for field_name in names:
        v = getattr(value, field_name)
        out[field_name] = v if type(v) in _SCALARS else to_wire(v)
    out[MARK] = name
    return out


def canonical(value: Any) -> bytes:
    """The one byte form of a wire value: sorted keys, no spaces, UTF-8."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def from_wire(data: Any, game_id: str) -> Any:
    """Rebuild what `to_wire` sent; classes only from `game.<game_id>.rules`. ValueError if bad."""
    prefix = f"game.{game_id}.rules"
    return _decode(data, prefix, {})


def plain(value: Any) -> Any:
    """The wire form with every marker dropped: what a page that only reads data needs."""
    if isinstance(value, dict):
        if len(value) == 1:
            (key, inner), = value.items()
            if key in _CONTAINERS:
                return plain(inner)
        return {k: plain(v) for k, v in value.items() if k != MARK}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def _name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def _sort_key(item: Any) -> str:
    return json.dumps(item, sort_keys=True, separators=(",", ":"))


def _decode(data: Any, prefix: str, classes: dict) -> Any:
    """`from_wire`'s walk. Scalars inside containers are kept without a call (JSON gives
    exactly these types; a subclass still takes the call): a table-bot decodes every update."""
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if isinstance(data, list):
        return tuple([v if type(v) in _SCALARS else _decode(v, prefix, classes) for v in data])
    if not isinstance(data, dict):
        raise ValueError(f"not a wire value: {type(data).__name__}")
    if len(data) == 1:
        (key, inner), = data.items()
        if key in _CONTAINERS:
            if not isinstance(inner, list):
                raise ValueError(f"{key} holds a list")
            items = [v if type(v) in _SCALARS else _decode(v, prefix, classes) for v in inner]
            if key == "~list":
                return items
            if key == "~dict":
                if not all(isinstance(p, tuple) and len(p) == 2 for p in items):
                    raise ValueError("~dict holds [key, value] pairs")
                return {_hashable(k): v for k, v in items}
            items = [_hashable(v) for v in items]
            return set(items) if key == "~set" else frozenset(items)
    if MARK not in data:
        return {k: v if type(v) in _SCALARS else _decode(v, prefix, classes) for k, v in data.items()}
    cls = _class(data[MARK], prefix, classes)
    return _build(cls, {k: v if type(v) in _SCALARS else _decode(v, prefix, classes)
                        for k, v in data.items() if k != MARK})


class ViewDecoder:
    """from_wire for one seat's view as it arrives, whole then in patches: a top-level field that
    did not change (the same object as in the last view) is not decoded again. A ROBOMissions view
    carries the game's whole card catalogue; decoding it at every update cost a joined seat 20 ms."""

    def __init__(self, game_id: str) -> None:
        self.prefix, self.classes = f"game.{game_id}.rules", {}
        self.last: dict[str, tuple[Any, Any]] = {}      # field -> (its wire value, decoded)

    def decode(self, data: Any) -> Any:
        if not isinstance(data, dict) or MARK not in data:
            return _decode(data, self.prefix, self.classes)
        cls = _class(data[MARK], self.prefix, self.classes)
        fields = {}
        for key, value in data.items():
            if key != MARK:
                seen = self.last.get(key)
                fields[key] = seen[1] if seen is not None and seen[0] is value else _decode(value, self.prefix,
                                                                                              self.classes)
        self.last = {key: (data[key], fields[key]) for key in fields}
        return _build(cls, fields)


_FIELD_NAMES: dict[type, frozenset[str] | None] = {}     # class -> its dataclass fields (None: not one)


def _build(cls: type, fields: dict) -> Any:
    """A view or event class from its decoded fields (ValueError if they do not fit)."""
    names = _FIELD_NAMES.get(cls, False)
    if names is False:
        names = _FIELD_NAMES[cls] = (frozenset(f.name for f in dataclasses.fields(cls))
                                     if dataclasses.is_dataclass(cls) else None)
    if names is not None:
        if fields.keys() != names:
            raise ValueError(f"{cls.__name__} needs fields {sorted(names)}")
        obj = object.__new__(cls)
        for name, value in fields.items():
            object.__setattr__(obj, name, value)     # frozen dataclasses too; no __post_init__ side effects
        return obj
    try:
        return cls(**fields)                          # a named tuple (absent fields are None)
    except TypeError as exc:
        raise ValueError(str(exc)) from None


def _hashable(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    return value


def _class(name: Any, prefix: str, classes: dict) -> type:
    if name in classes:
        return classes[name]
    if not isinstance(name, str) or ":" not in name:
        raise ValueError(f"bad class name {name!r}")
    module_name, _, qualname = name.partition(":")
    if module_name != prefix and not module_name.startswith(prefix + "."):
        raise ValueError(f"{module_name} is not part of {prefix}")
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        raise ValueError(f"no module {module_name}") from None
    cls = getattr(module, qualname, None) if qualname.isidentifier() else None
    if not isinstance(cls, type) or not (dataclasses.is_dataclass(cls) or hasattr(cls, "_fields")):
        raise ValueError(f"{name} is not a view or event class")
    classes[name] = cls
    return cls
