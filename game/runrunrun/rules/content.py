"""The game's content, read once from rules/data/content.json (our design where the rulebook
is silent; every number is explained in docs/runrunrun-content.md)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.core import files
from game.core.errors import UserError

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
    """Through game.core.files, as every game's card data: a damaged, cut, endless (a FIFO) or
    too deep file is one line naming it, never a traceback or a hang."""
    return files.read_json(DATA, what="card data")


def _whole(value) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{value!r} is not a whole number")
    return value


RAW = _load()
try:        # a file of the wrong shape (a list, a missing or mistyped field) is one line too
    TILES: tuple[Tile, ...] = tuple(Tile(_whole(t["id"]), _whole(t["exits"]), bool(t["torch"]), t["symbol"],
                                         bool(t["sarcophagus"])) for t in RAW["tiles"])
    START_HAND: dict[int, int] = {int(k): v for k, v in RAW["start_hand"].items()}
    START_TORCHES: int = _whole(RAW["start_torches"])
    MUMMY_DIE: tuple[str, ...] = tuple(RAW["mummy_die"])
    COMBAT_DIE: tuple[str, ...] = tuple(RAW["combat_die"])
    DOORS_NEEDED: dict[str, int] = dict(RAW["doors_needed"])
    TORCH_MECHANISMS: int = _whole(RAW["torch_mechanisms"])
    TORCH_MECHANISM_TORCHES: int = _whole(RAW["torch_mechanism_torches"])
    CATS: tuple[dict, ...] = tuple(RAW["catventurers"])
    MUMMIES: dict[int, dict] = {m["id"]: m for m in RAW["mummies"]}
    BOSSES: dict[int, dict] = {b["id"]: b for b in RAW["bosses"]}
    SARCOPHAGUS: tuple[dict, ...] = tuple(RAW["sarcophagus_tokens"])
    DOOR_TOKENS: tuple[dict, ...] = tuple(RAW["door_tokens"])
    REGROUP_TOKENS: tuple[dict, ...] = tuple(RAW["regroup_tokens"])
    SAY_LINES: tuple[str, ...] = tuple(RAW["say_lines"])
    VAULT_OPEN_EXITS: int = _whole(RAW["vault"]["open_exits"])
    VAULT_FINAL_EXITS: int = _whole(RAW["vault"]["final_exits"])
except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
    raise UserError(str(DATA), f"card data is not the shape the game reads ({type(exc).__name__}: {exc})") from None


def card(mid: int) -> dict:
    """A Mummy or Boss Mummy card by id (Mummies 1-4, Bosses 10-12)."""
    return MUMMIES.get(mid) or BOSSES[mid]
