"""Every game the arcade offers, named by dotted paths only (nothing here imports a game).

One row per game says where its parts live, so the title screen, the command line, the
conformance suite, save-and-resume and replay find any game the same way. A new game
joins everything by adding its row here.

  rules   the module implementing game.core.engine.Engine (pure, no pygame)
  ai      "module:function" -> make_player(level: str, seed: int) -> game.core.engine.Player
  levels  AI level names, weakest first ("random" is always offered as well)
  entry   "module:function" -> first scene of the game (takes the App), None = not built yet
  demo    "module:function" -> an attract-mode scene, if the game has one
  resume  "module:function" -> scene that continues a GameSession (takes App, session)
  samples "module:function" -> small configs the conformance suite plays (list of (label, config))
  howto   "module:function" -> the game's how-to-play scene (no arguments), opened from game select
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass


@dataclass(frozen=True)
class GameEntry:
    id: str
    title: str
    seats: str
    blurb: str
    rules: str | None = None
    ai: str | None = None
    levels: tuple[str, ...] = ("easy", "normal", "hard")
    entry: str | None = None
    demo: str | None = None
    resume: str | None = None
    samples: str | None = None
    howto: str | None = None


GAMES: tuple[GameEntry, ...] = (
    GameEntry("roborun", "Robo Run", "2 players, cooperative",
              "Guide two good robots out of the factory without saying a word.",
              rules="game.roborun.rules", ai="game.roborun.ai:make_player",
              entry="game.roborun.ui.play_scene:make_entry_scene",
              demo="game.roborun.ui.attract_scene:make_attract_scene",
              resume="game.roborun.ui.play_scene:resume_scene",
              samples="game.roborun.tools.samples:conformance_configs",
              howto="game.roborun.ui.howto:how_to_play_scene"),
    GameEntry("robomissions", "ROBOMissions", "2-4 players",
              "Build Megabots and Chainbots, charge batteries, zap every enemy robot.",
              rules="game.robomissions.rules", ai="game.robomissions.ai:make_player",
              entry="game.robomissions.ui.scene:make_entry_scene",
              resume="game.robomissions.ui.scene:resume_scene",
              samples="game.robomissions.tools.samples:conformance_configs",
              howto="game.robomissions.ui.howto:how_to_play_scene"),
    GameEntry("roborescue", "Robo Rescue: Origins", "solo or 2-4",
              "Place robot parts in your lab and score the two best areas each round.",
              rules="game.roborescue.rules", ai="game.roborescue.ai:make_player",
              entry="game.roborescue.ui.scene:make_entry_scene",
              resume="game.roborescue.ui.scene:resume_scene",
              samples="game.roborescue.tools.samples:conformance_configs",
              howto="game.roborescue.ui.howto:how_to_play_scene"),
    GameEntry("runrunrun", "Run Run Run!", "1-4, cooperative",
              "Catventurers race through the pyramid, holding the mummies off the vault.",
              rules="game.runrunrun.rules", ai="game.runrunrun.ai:make_player",
              entry="game.runrunrun.ui.scene:make_entry_scene",
              resume="game.runrunrun.ui.scene:resume_scene",
              demo="game.runrunrun.ui.scene:make_demo_scene",
              samples="game.runrunrun.tools.samples:conformance_configs",
              howto="game.runrunrun.ui.scene:HowToScene"),
    GameEntry("roborally", "Robo Rally: Chaos & Carnage", "2-6 players",
              "Program five registers and race your robot through the checkpoints.",
              rules="game.roborally.rules", ai="game.roborally.ai:make_player",
              entry="game.roborally.ui.scene:make_entry_scene",
              resume="game.roborally.ui.scene:resume_scene",
              demo="game.roborally.ui.scene:make_attract_scene",
              howto="game.roborally.ui.howto:how_to_play_scene",
              samples="game.roborally.tools.samples:conformance_configs"),
)

BY_ID: dict[str, GameEntry] = {g.id: g for g in GAMES}


def load(target: str | None):
    """The object named by "module:attr" (or the module for a plain dotted name); None if absent.

    A module that does not exist yet (a game still being built) gives None; an import error
    inside a module that does exist is a real bug and is raised.
    """
    if target is None:
        return None
    module_name, _, attr = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and (exc.name == module_name or module_name.startswith(exc.name + ".")):
            return None
        raise
    return getattr(module, attr, None) if attr else module


def available_engines() -> list[tuple[GameEntry, object]]:
    """(entry, rules module) for every game whose rules are built."""
    found = []
    for entry in GAMES:
        module = load(entry.rules)
        if module is not None:
            found.append((entry, module))
    return found
