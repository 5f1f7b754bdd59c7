"""A Robo Run game session's set-up and bookkeeping, without any drawing (no pygame).

Why apart from the play screen: choosing who plays each seat, building the engine Setup
(campaign progress, set-up step 7, the chapter 8 table with chosen boards) and saving a
finished scenario's result are plain logic the screens, the bench and tests share.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from game.core.disk_cache import cached_json
from game.core.errors import UserError
from game.client.ai_worker import Named
from game.roborun.ui.level_files import LEVELS_DIR, find_level, load_level, loader_file, shipped_map
from game.roborun.rules import level as rules_level
from game.roborun.rules import campaign
from game.roborun.rules.board_decisions import unlock_options as engine_unlock_options
from game.roborun.rules.cards import robot_boards
from game.roborun.rules.level import LevelSpec
from game.roborun.rules.state import Setup
from game.roborun.rules.view import seat_view
from game.roborun.ui import progress as prog

# ---------------------------------------------------------------- partners
Chooser = Callable[[object, list, random.Random], object]


def random_choose(view, choices: list, rng: random.Random):
    """The stand-in partner: any legal choice."""
    return rng.choice(choices)


def make_partner(kind: str, ai_level: str = "normal") -> tuple[Chooser | None, str]:
    """(choose function or None for a human seat, a warning when the AI is not available)."""
    if kind == "human":
        return None, ""
    if kind == "random":
        return random_choose, ""
    # named, not a lambda: it pickles, so the AI thinks in the worker process, and the render
    # process never imports the AI (issue 26: 138 kB of modules before the first frame)
    return Named("game.roborun.ai.player:choose_for_level", level=ai_level), ""


def seat_view_for(state, seat: int):
    """What an AI seat receives: its seat view, built from a COPY so the live state never leaks."""
    return seat_view(state.copy(), seat)


# ---------------------------------------------------------------- options
@dataclass
class GameOptions:
    level_ref: str = "1.1"
    partner: str = "ai"             # ai | random | human
    seat: int = 0                   # the seat of the human at the screen (first human with two)
    seed: int | None = None
    ai_level: str = "normal"
    campaign: bool = False
    boards: tuple[str, str] = ("quick_one", "smart_three")
    level: LevelSpec | None = None  # a ready LevelSpec (tests, bench); else loaded from level_ref
    setup: object = None            # engine Setup; None: campaign progress or Single Scenario Mode
    spectate: bool = False          # both seats played by the partner (bench, attract mode)
    tutorial: bool = True
    intro: bool = True              # open on the scenario page (intro + special rules)
    choose_boards: bool = False     # use `boards` (and campaign progress) instead of the engine's default
    first_skills: tuple[str, str] | None = None   # a new campaign's set-up step 7 picks
    watch: bool = False             # reload the map when its file changes (`--watch`, the designer's loop)


def shipped_level_sources() -> list[Path]:
    """Every file a shipped map's reading depends on: the maps, their tilesets and the loader's
    code (a change to any of them invalidates what game.core.disk_cache kept)."""
    sources = [p for p in LEVELS_DIR.rglob("*") if p.is_file()]
    tiled_file = Path(__file__).resolve().parents[2] / "core" / "tiled.py"    # the loader's plain-map step
    return sources + [loader_file(), tiled_file, Path(rules_level.__file__)]


def load_level_spec(ref: str) -> LevelSpec:
    """A shipped scenario ("1.1") or a map file, read.

    A shipped map is read once and kept on disk as the LevelSpec's JSON (game.core.disk_cache),
    so a game started from the command line does not import pytmx nor parse the map before its
    first frame (issue 26: 20-30 ms here, several times that on a Raspberry Pi). A map file
    given by path (the designer's, maybe being edited) is always read afresh.
    """
    path = shipped_map(ref)
    if path is None:
        return load_level(find_level(ref))
    data = cached_json(f"roborun-level-{ref}", shipped_level_sources(), lambda: load_level(path).to_json())
    try:
        return LevelSpec.from_json(data, f"cached level {ref}")
    except UserError:          # a cache written by hand or by another version: read the map
        return load_level(path)


# ---------------------------------------------------------------- flow between screens
def next_level_ref(level_id: str) -> str | None:
    campaign, _, number = level_id.partition(".")
    if not number.isdigit() or int(number) >= 6:
        return None
    candidate = f"{campaign}.{int(number) + 1}"
    try:
        find_level(candidate)
    except UserError:
        return None
    return candidate


def campaign_setup(options: GameOptions):
    """The Setup for a campaign scenario: saved boards, or game set-up step 7 for a new campaign."""
    progress, _ = prog.load_progress()
    saved = progress.campaign(int(options.level_ref.split(".")[0]))
    if all(saved.players):
        return Setup.from_json({"players": saved.players, "equipment_deck": saved.equipment_deck})
    first = tuple(pick if pick in list(robot_boards()[board].abilities) + ["chip"] else robot_boards()[board].abilities[0]
                  for pick, board in zip(options.first_skills or (None, None), options.boards))
    return campaign.campaign_start(options.boards, first)


def record_result(options: GameOptions, setup, state, rewards=(None, None)) -> str | None:
    """Save what the scenario earned: campaign boards carry on (with the chosen rewards); a
    failure restores the boards the scenario started with (campaign.after_scenario)."""
    progress, _ = prog.load_progress()
    level_id = state.level.level_id
    if options.campaign and setup is not None and level_id:
        carried = campaign.after_scenario(setup, state, tuple(rewards))
        data = carried.to_json()
        saved = progress.campaign(int(level_id.split(".")[0]))
        saved.players = data["players"]
        saved.equipment_deck = data["equipment_deck"]
        if state.outcome == "won":
            progress.record_win(level_id, campaign_mode=True)
    elif state.outcome == "won" and level_id:
        progress.record_win(level_id, campaign_mode=False)
    return prog.save_progress(progress)       # a warning when it could not be saved


def single_setup(number: int, boards: tuple[str, str], seed: int):
    """Chapter 8 set-up with the robot boards the players picked (the engine's default draws them)."""
    return campaign.single_scenario_setup(number, random.Random(seed), robots=tuple(boards))


def unlock_options(robot: str, unlocked, chip_level: int) -> list[str]:
    """What a player may unlock next (the engine's own list)."""
    return engine_unlock_options(robot, unlocked, chip_level)
