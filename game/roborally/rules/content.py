"""Card and upgrade content, read from content.json next to this file (content is data).

The file is read through game.core.files and checked by load_content, so a damaged copy is
one line naming the file and the entry (exit code 2), never a KeyError in the middle of a race.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from game.core import files
from game.core.errors import UserError

CONTENT_FILE = Path(__file__).with_name("content.json")
PROGRAM_IDS = ("move1", "move2", "move3", "back", "right", "left", "uturn", "powerup", "again")
ACTION_IDS = ("move1", "move2", "move3", "back", "right", "left", "uturn")     # what a Haywire card does
# the upgrades the engine and the screen implement (each by name): the file describes exactly these
UPGRADE_IDS = ("indirect_fire", "controlled_chaos", "mirror", "stun", "leaching", "double_barrel", "rear_laser",
               "ram_gear", "firewall", "hover_unit", "recharge", "spam_blocker")


def load_content(path: Path = CONTENT_FILE) -> dict:
    """content.json checked entry by entry; UserError naming the file and the entry otherwise."""
    where = files._short(path)
    data = files.read_json(path, what="card data")
    if not isinstance(data, dict):
        raise UserError(where, "card data is a JSON object")

    def table(key: str, problem: Callable[[str, Any], str | None], names: tuple | None = None) -> dict:
        value = data.get(key)
        if not isinstance(value, dict) or not value:
            raise UserError(f"{where}: {key}", "must be an object with at least one entry")
        if names is not None and sorted(value) != sorted(names):
            raise UserError(f"{where}: {key}", f"must describe exactly: {', '.join(names)}")
        for name, entry in value.items():
            found = problem(name, entry)
            if found:
                raise UserError(f"{where}: {key}: {name[:30]}", found)
        return dict(value)

    def count(name: str, value: Any) -> str | None:
        ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 99
        return None if ok else "must be a whole number from 0 to 99"

    def text(value: Any) -> bool:
        return isinstance(value, str) and len(value) <= 400

    def program(name: str, value: Any) -> str | None:
        return f"is not a programming card ({', '.join(PROGRAM_IDS)})" if name not in PROGRAM_IDS else count(name, value)

    def haywire(name: str, value: Any) -> str | None:
        if not name.startswith("hw_") or not isinstance(value, dict) or not text(value.get("name")):
            return "a Haywire card is named hw_... and has a name"
        actions = value.get("actions")
        if not isinstance(actions, list) or not 1 <= len(actions) <= 3 or any(a not in ACTION_IDS for a in actions):
            return f"actions must list one to three of {', '.join(ACTION_IDS)}"
        return None

    def upgrade(name: str, value: Any) -> str | None:
        if not isinstance(value, dict) or not text(value.get("name")) or not text(value.get("text")):
            return "an upgrade has a name and a text"
        if value.get("type") not in ("permanent", "temporary"):
            return "type must be permanent or temporary"
        cost, copies = value.get("cost"), value.get("copies", 1)
        if count(name, cost) or count(name, copies) or copies < 1:
            return "cost and copies must be whole numbers (copies at least 1)"
        return None

    checked = {"programming_deck": table("programming_deck", program),
               "haywire": table("haywire", haywire),
               "cards": table("cards", lambda name, value: None if text(value) else "a card name is text"),
               "upgrades": table("upgrades", upgrade, UPGRADE_IDS)}
    checked["damage_deck"] = table("damage_deck", lambda name, value: count(name, value) if (
        name == "spam" or name in checked["haywire"]) else "is neither spam nor a Haywire card of this file")
    return checked


_DATA = load_content()

PROGRAMMING_DECK: dict[str, int] = dict(_DATA["programming_deck"])
DAMAGE_DECK: dict[str, int] = dict(_DATA["damage_deck"])
HAYWIRE: dict[str, dict] = dict(_DATA["haywire"])
CARD_NAMES: dict[str, str] = dict(_DATA["cards"])
UPGRADES: dict[str, dict] = dict(_DATA["upgrades"])

MOVES = {"move1": 1, "move2": 2, "move3": 3}
MOVE_CARDS = ("move1", "move2", "move3", "back")      # the "Move cards" teleporters act on
TURNS = {"right": 1, "left": -1, "uturn": 2}
PROGRAM_CARDS = tuple(PROGRAMMING_DECK) + ("spam",)
MAX_PERMANENT = 3
MAX_TEMPORARY = 3


def is_haywire(card: str | None) -> bool:
    return card is not None and card.startswith("hw_")


def card_name(card: str | None) -> str:
    if card is None:
        return "-"
    if is_haywire(card):
        return HAYWIRE[card]["name"]
    return CARD_NAMES.get(card, card)


def starting_programming_deck() -> list[str]:
    deck = []
    for card, count in PROGRAMMING_DECK.items():
        deck += [card] * count
    return deck


def starting_damage_deck() -> list[str]:
    deck = []
    for card, count in DAMAGE_DECK.items():
        deck += [card] * count
    return deck


def starting_upgrade_deck() -> list[str]:
    deck = []
    for name, info in UPGRADES.items():
        deck += [name] * int(info.get("copies", 1))
    return deck
