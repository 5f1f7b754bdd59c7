"""The Robo Rescue: Origins card catalogue: what a card is, and loading the deck from JSON.

A card shows one or more *icons*, each a component type with a value:

* a robot part card shows one to four part icons (Head, Body, Arm, Wheel), each at most once;
* an engineer card shows one Engineer icon; a workbench card one Workbench icon.

**How a card counts as component types** (the rulebook leaves this to the artwork): a card
counts as *every* component type it shows. A Workshop Area may hold at most one of each of
the six types, so a card may join a Workshop Area only if none of its types is there already
(a Head+Wheel card cannot join an area holding a Head, nor one holding a Wheel).

The shipped deck lives in `data/deck.json`; `docs/roborescue-content.md` explains its design.
Bad data raises `UserError` naming the file and the card index.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.core.errors import UserError
from game.core.storage import require_json

PART_TYPES = ("Head", "Body", "Arm", "Wheel")
COMPONENT_TYPES = ("Head", "Wheel", "Engineer", "Body", "Arm", "Workbench")  # Workshop Card order
COLOURS = ("red", "blue", "green", "yellow")
KINDS = ("part", "engineer", "workbench")

TYPE_BIT = {name: 1 << i for i, name in enumerate(COMPONENT_TYPES)}
PART_MASK = sum(TYPE_BIT[p] for p in PART_TYPES)
ALL_TYPES_MASK = (1 << len(COMPONENT_TYPES)) - 1

DECK_PATH = Path(__file__).with_name("data") / "deck.json"
DECK_COMPOSITION = {"part": 52, "engineer": 8, "workbench": 4}
MAX_ICON_VALUE = 9


@dataclass(frozen=True)
class Card:
    """One card. `index` is its id inside a deck; `icons` are (component type, value) pairs."""

    index: int
    kind: str
    colour: str
    icons: tuple[tuple[str, int], ...]
    # Derived once, because the AI asks for them millions of times:
    mask: int = field(init=False, compare=False)     # bit set of the types shown (TYPE_BIT)
    value: int = field(init=False, compare=False)    # sum of icon values (Workshop base score)
    is_part: bool = field(init=False, compare=False)  # robot part card (may go to Storage)

    def __post_init__(self) -> None:
        object.__setattr__(self, "mask", _mask(self.icons))
        object.__setattr__(self, "value", sum(v for _, v in self.icons))
        object.__setattr__(self, "is_part", self.kind == "part")

    @property
    def types(self) -> frozenset[str]:
        return frozenset(name for name, _ in self.icons)

    def value_of(self, component: str) -> int:
        """The value of one icon type on this card (0 when the card does not show it)."""
        for name, v in self.icons:
            if name == component:
                return v
        return 0

    @property
    def label(self) -> str:
        """Short human text, e.g. 'red Head 3 + Wheel 2' or 'blue Engineer 4'."""
        return f"{self.colour} " + " + ".join(f"{n} {v}" for n, v in self.icons)

    def to_json(self) -> dict[str, Any]:
        if self.is_part:
            return {"kind": "part", "colour": self.colour, "parts": dict(self.icons)}
        return {"kind": self.kind, "colour": self.colour, "value": self.icons[0][1]}


def _mask(icons: tuple[tuple[str, int], ...]) -> int:
    bits = 0
    for name, _ in icons:
        bits |= TYPE_BIT[name]
    return bits


def _parse_card(where: str, index: int, raw: Any) -> Card:
    if not isinstance(raw, dict):
        raise UserError(where, "must be an object with kind, colour and parts/value")
    kind, colour = raw.get("kind"), raw.get("colour")
    if kind not in KINDS:
        raise UserError(where, f"kind must be one of {', '.join(KINDS)} (got {kind!r})")
    if colour not in COLOURS:
        raise UserError(where, f"colour must be one of {', '.join(COLOURS)} (got {colour!r})")
    if kind == "part":
        parts = raw.get("parts")
        if not isinstance(parts, dict) or not parts:
            raise UserError(where, "a part card needs a non-empty 'parts' object, e.g. {\"Head\": 3}")
        icons = []
        for name in PART_TYPES:  # canonical order, whatever order the file uses
            if name in parts:
                icons.append((name, _value(where, name, parts[name])))
        unknown = sorted(set(parts) - set(PART_TYPES))
        if unknown:
            raise UserError(where, f"unknown part {unknown[0]!r} (parts are {', '.join(PART_TYPES)})")
        extra = sorted(set(raw) - {"kind", "colour", "parts"})
    else:
        icons = [(kind.capitalize(), _value(where, "value", raw.get("value")))]
        extra = sorted(set(raw) - {"kind", "colour", "value"})
    if extra:
        raise UserError(where, f"unknown field {extra[0]!r}")
    return Card(index, kind, colour, tuple(icons))


def _value(where: str, name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_ICON_VALUE:
        raise UserError(where, f"{name} must be a whole number 1-{MAX_ICON_VALUE} (got {value!r})")
    return value


def parse_deck(data: Any, source: str, check_composition: bool = True) -> tuple[Card, ...]:
    """Validate deck JSON data. `source` names the file in errors ('deck.json card 7: ...')."""
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise UserError(source, "must be an object with a 'cards' list")
    cards = tuple(_parse_card(f"{source} card {i}", i, raw) for i, raw in enumerate(data["cards"]))
    if check_composition:
        counts = {kind: sum(c.kind == kind for c in cards) for kind in KINDS}
        if counts != DECK_COMPOSITION:
            raise UserError(source, f"deck must hold {DECK_COMPOSITION} cards (has {counts})")
        for kind in ("engineer", "workbench"):
            missing = set(COLOURS) - {c.colour for c in cards if c.kind == kind}
            if missing:
                raise UserError(source, f"{kind} cards must come in all 4 colours (missing {sorted(missing)[0]})")
    return cards


def load_deck(path: Path | str = DECK_PATH) -> tuple[Card, ...]:
    """Load and validate a deck file (the shipped 64-card deck by default)."""
    return parse_deck(require_json(Path(path)), str(path))


@lru_cache(maxsize=1)
def default_deck() -> tuple[Card, ...]:
    """The shipped deck, loaded once per process."""
    return load_deck(DECK_PATH)
