"""Card and upgrade content, read from content.json next to this file (content is data)."""
from __future__ import annotations

import json
from pathlib import Path

_DATA = json.loads((Path(__file__).with_name("content.json")).read_text(encoding="utf-8"))

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
MAX_ENERGY = 10            # the 2023 player mat's energy track ends at 10
UPGRADE_DRAW_COST = 1     # 2023 upgrade phase: 1 Energy draws one upgrade card


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
