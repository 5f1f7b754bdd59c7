"""RoboRunConfig: everything besides the seed that fixes a Robo Run game, and its JSON form.

The JSON form embeds the whole map (LevelSpec.to_json), not only its name: a saved game
stays valid, and replays the same way, even if the map file is edited or removed later.
`level_ref` ("1.1" or a path) only says where the map came from, for titles and for
offering the next scenario.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.core.errors import UserError
from game.roborun.rules.level import LevelSpec
from game.roborun.rules.state import PlayerSetup, Setup


@dataclass(frozen=True)
class RoboRunConfig:
    level: LevelSpec
    setup: Setup | None = None       # None: Single Scenario Mode's set-up, dealt from the seed
    level_ref: str = ""


def config_to_json(config: RoboRunConfig) -> dict:
    return {"level": config.level.to_json(),
            "setup": None if config.setup is None else config.setup.to_json(),
            "level_ref": config.level_ref}


def _setup_from_json(data, where: str) -> Setup:
    if not isinstance(data, dict):
        raise UserError(where, "must be a JSON object or null")
    players = data.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise UserError(f"{where}.players", "must be a list of two player boards")
    read = []
    for seat, p in enumerate(players):
        place = f"{where}.players[{seat}]"
        if not isinstance(p, dict) or not isinstance(p.get("robot"), str):
            raise UserError(f"{place}.robot", "must be a robot board name")
        for name in ("unlocked", "equipment"):
            if not isinstance(p.get(name, []), list):
                raise UserError(f"{place}.{name}", "must be a list")
        for name in ("chip_level", "energy"):
            value = p.get(name, 1)
            if not isinstance(value, int) or isinstance(value, bool):
                raise UserError(f"{place}.{name}", "must be a whole number")
        if not all(isinstance(a, str) for a in p.get("unlocked", [])):
            raise UserError(f"{place}.unlocked", "must list ability names")
        if not all(isinstance(c, int) and not isinstance(c, bool) for c in p.get("equipment", [])):
            raise UserError(f"{place}.equipment", "must list Equipment card numbers")
        read.append(PlayerSetup.from_json(p))
    deck = data.get("equipment_deck")
    if deck is not None and (not isinstance(deck, list)
                             or not all(isinstance(c, int) and not isinstance(c, bool) for c in deck)):
        raise UserError(f"{where}.equipment_deck", "must be null or a list of Equipment card numbers")
    return Setup((read[0], read[1]), None if deck is None else tuple(deck))


def config_from_json(data, where: str = "config") -> RoboRunConfig:
    """Read config_to_json's form; a bad field raises UserError naming it."""
    if not isinstance(data, dict):
        raise UserError(where, "must be a JSON object")
    if "level" not in data:
        raise UserError(f"{where}.level", "missing (a saved Robo Run game embeds its map)")
    level = LevelSpec.from_json(data["level"], f"{where}.level")
    raw_setup = data.get("setup")
    setup = None if raw_setup is None else _setup_from_json(raw_setup, f"{where}.setup")
    level_ref = data.get("level_ref", "")
    if not isinstance(level_ref, str):
        raise UserError(f"{where}.level_ref", "must be a string")
    return RoboRunConfig(level, setup, level_ref)
