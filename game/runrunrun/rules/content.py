"""The game's content, read once from rules/data/content.json (our design where the rulebook
is silent; every number is explained in docs/runrunrun-content.md)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

DATA = Path(__file__).with_name("data") / "content.json"


@dataclass(frozen=True)
class Tile:
    id: int
    exits: int          # doorway mask at rotation 0
    torch: bool
    symbol: str | None  # "ankh" | "eye" | "scarab" | None
    sarcophagus: bool

    @property
    def strength(self) -> int:
        """Combat Strength = number of exits (Run Run Run! rulebook, 'Player Action - Fight')."""
        return bin(self.exits).count("1")


def _load() -> dict:
    with open(DATA, encoding="utf-8") as fh:
        return json.load(fh)


RAW = _load()
TILES: tuple[Tile, ...] = tuple(Tile(t["id"], t["exits"], t["torch"], t["symbol"], t["sarcophagus"])
                                for t in RAW["tiles"])
START_HAND: dict[int, int] = {int(k): v for k, v in RAW["start_hand"].items()}
START_TORCHES: int = RAW["start_torches"]
MUMMY_DIE: tuple[str, ...] = tuple(RAW["mummy_die"])
COMBAT_DIE: tuple[str, ...] = tuple(RAW["combat_die"])
DOORS_NEEDED: dict[str, int] = dict(RAW["doors_needed"])
TORCH_MECHANISMS: int = RAW["torch_mechanisms"]
TORCH_MECHANISM_TORCHES: int = RAW["torch_mechanism_torches"]
CATS: tuple[dict, ...] = tuple(RAW["catventurers"])
MUMMIES: dict[int, dict] = {m["id"]: m for m in RAW["mummies"]}
BOSSES: dict[int, dict] = {b["id"]: b for b in RAW["bosses"]}
SARCOPHAGUS: tuple[dict, ...] = tuple(RAW["sarcophagus_tokens"])
DOOR_TOKENS: tuple[dict, ...] = tuple(RAW["door_tokens"])
REGROUP_TOKENS: tuple[dict, ...] = tuple(RAW["regroup_tokens"])
SAY_LINES: tuple[str, ...] = tuple(RAW["say_lines"])
VAULT_OPEN_EXITS: int = RAW["vault"]["open_exits"]
VAULT_FINAL_EXITS: int = RAW["vault"]["final_exits"]


def card(mid: int) -> dict:
    """A Mummy or Boss Mummy card by id (Mummies 1-4, Bosses 10-12)."""
    return MUMMIES.get(mid) or BOSSES[mid]
