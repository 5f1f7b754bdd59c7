"""Card definitions for ROBOMissions, loaded from `data/cards.json` and validated.

The rulebook names the card families but not their numbers, so the deck is our design and
lives in data (see docs/robomissions-content.md for the reasons behind each number). Every
mistake in the file is reported as one UserError naming the file and the card, because a
designer editing the JSON should never meet a traceback.

A `CardDef` is one printed card type; the deck holds `count` physical copies. Physical
cards are identified by an integer uid (their index in `build_deck`), which is what the
engine moves between zones.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from game.core.errors import UserError
from game.core.files import read_json

DATA_FILE = Path(__file__).parent / "data" / "cards.json"

KINDS = ("head", "part", "chainbot", "singlebot", "battery", "action")
SLOTS = ("body", "arm", "legs")
WIRINGS = ("single", "series", "parallel")
ABILITIES = ("draw_on_play", "repair_aura", "pierce_shield", "armor", "self_charge", "salvage_on_ko")
EFFECTS = ("force_field", "disperse", "chop", "repair", "recharge", "sabotage")
ROBOT_KINDS = ("head", "chainbot", "singlebot")  # cards that count as "a robot" for the opening re-deal
MIN_HEADS = 4  # one face-up head per player in a 4-player game


@dataclass(frozen=True)
class CardDef:
    """One printed card type. `hp` is None for parts printed without Hit Points."""

    key: str
    name: str
    kind: str
    hp: int | None = None
    ap: int = 0
    slot: str = ""       # parts: body | arm | legs
    ability: str = ""    # singlebots
    wiring: str = ""     # batteries: single | series | parallel
    effect: str = ""     # action cards
    count: int = 1
    text: str = ""

    @property
    def is_robot(self) -> bool:
        return self.kind in ROBOT_KINDS


def _need_int(where: str, entry: dict, field: str, *, step: int, optional: bool = False) -> int | None:
    value = entry.get(field)
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0 or value % step:
        raise UserError(where, f"'{field}' must be a non-negative multiple of {step} (got {value!r})")
    return value


def _parse_card(path: Path, index: int, entry: object) -> CardDef:
    if not isinstance(entry, dict):
        raise UserError(f"{path} card #{index}", "each card must be a JSON object")
    key = entry.get("key")
    where = f"{path} card '{key}'" if isinstance(key, str) and key else f"{path} card #{index}"
    if not isinstance(key, str) or not key:
        raise UserError(where, "missing 'key'")
    name = entry.get("name")
    if not isinstance(name, str) or not name:
        raise UserError(where, "missing 'name'")
    kind = entry.get("kind")
    if kind not in KINDS:
        raise UserError(where, f"unknown kind {kind!r} (choose from: {', '.join(KINDS)})")
    count = entry.get("count", 1)
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise UserError(where, f"'count' must be a positive whole number (got {count!r})")
    fields: dict = {"key": key, "name": name, "kind": kind, "count": count, "text": str(entry.get("text", ""))}
    if kind in ("head", "part", "chainbot", "singlebot"):
        # Parts are halved without a head, so their HP must halve to a multiple of 10.
        fields["hp"] = _need_int(where, entry, "hp", step=20 if kind == "part" else 10, optional=kind == "part")
        fields["ap"] = _need_int(where, entry, "ap", step=10)
        if kind != "part" and not fields["hp"]:
            raise UserError(where, "a robot needs positive 'hp'")
    if kind == "part":
        if entry.get("slot") not in SLOTS:
            raise UserError(where, f"part 'slot' must be one of: {', '.join(SLOTS)}")
        fields["slot"] = entry["slot"]
        if fields["slot"] == "body" and not fields["hp"]:
            raise UserError(where, "a Body must have HP (it can start a headless Megabot)")
    if kind == "singlebot":
        if entry.get("ability") not in ABILITIES:
            raise UserError(where, f"singlebot 'ability' must be one of: {', '.join(ABILITIES)}")
        fields["ability"] = entry["ability"]
    if kind == "battery":
        if entry.get("wiring") not in WIRINGS:
            raise UserError(where, f"battery 'wiring' must be one of: {', '.join(WIRINGS)}")
        fields["wiring"] = entry["wiring"]
    if kind == "action":
        if entry.get("effect") not in EFFECTS:
            raise UserError(where, f"action 'effect' must be one of: {', '.join(EFFECTS)}")
        fields["effect"] = entry["effect"]
    return CardDef(**fields)


def load_cards(path: Path | str = DATA_FILE) -> tuple[CardDef, ...]:
    """Read and validate a card file; raise UserError naming the file and card on any problem."""
    path = Path(path)
    raw = read_json(path, what="card data")     # game.core.files: regular file, size/depth/number limits
    entries = raw.get("cards") if isinstance(raw, dict) else None
    if not isinstance(entries, list) or not entries:
        raise UserError(str(path), "expected an object with a non-empty 'cards' list")
    cards = tuple(_parse_card(path, i, e) for i, e in enumerate(entries))
    seen: set[str] = set()
    for card in cards:
        if card.key in seen:
            raise UserError(f"{path} card '{card.key}'", "duplicate key")
        seen.add(card.key)
    if sum(c.count for c in cards if c.kind == "head") < MIN_HEADS:
        raise UserError(str(path), f"the deck needs at least {MIN_HEADS} Megabot Heads (one per player)")
    return cards


@lru_cache(maxsize=4)
def default_cards() -> tuple[CardDef, ...]:
    """The shipped card list, read once per process."""
    return load_cards(DATA_FILE)


def build_deck(cards: tuple[CardDef, ...]) -> tuple[CardDef, ...]:
    """Expand card types into physical cards; a card's uid is its index in this tuple."""
    return tuple(card for card in cards for _ in range(card.count))
