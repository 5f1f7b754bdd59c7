"""The games the arcade offers, and where each one's entry scene lives.

Each entry names `module:function`; the function takes the App and returns the first scene
of that game (usually a set-up menu). Imported lazily so the title opens fast.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameEntry:
    id: str
    title: str
    seats: str
    blurb: str
    entry: str | None     # "module:function"; None = not built yet
    demo: str | None = None  # "module:function" making an attract-mode scene, if the game has one


GAMES: tuple[GameEntry, ...] = (
    GameEntry("roborun", "Robo Run", "2 players, cooperative",
              "Guide two good robots out of the factory without saying a word.",
              "game.roborun.play_scene:make_entry_scene", "game.roborun.attract_scene:make_attract_scene"),
    GameEntry("robomissions", "ROBOMissions", "2-4 players",
              "Build Megabots and Chainbots, charge batteries, zap every enemy robot.",
              "game.robomissions.scene:make_entry_scene"),
    GameEntry("roborescue", "Robo Rescue: Origins", "solo or 2-4",
              "Place robot parts in your lab and score the two best areas each round.",
              "game.roborescue.scene:make_entry_scene"),
    GameEntry("runrunrun", "Run Run Run!", "1-4, cooperative", "Catventurers on the run. Coming soon.", None),
    GameEntry("roborally", "Robo Rally: Chaos & Carnage", "2-6 players", "Program your robot. Coming soon.", None),
)


def load_entry(entry: GameEntry, which: str = "entry"):
    """The scene factory named by `which` ("entry" or "demo"), or None when it is not available."""
    target = getattr(entry, which)
    if target is None:
        return None
    import importlib

    module_name, func = target.split(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and (exc.name == module_name or module_name.startswith(exc.name + ".")):
            return None
        raise
    return getattr(module, func, None)
