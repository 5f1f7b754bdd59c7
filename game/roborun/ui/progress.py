"""Robo Run campaign progress and player boards, saved in the user's data folder.

Why a file of its own (and no pygame): progress is plain data the menus, the play screen
and tests share. It is written atomically through game.core.storage, so a crash leaves the
old or the new save; a damaged save is moved aside by storage.load_json and reported to
the player as a one-line warning, and play goes on with fresh progress.

Shape of roborun_progress.json:
    {"version": 1, "tutorial_seen": bool,
     "campaigns": {"1": {"boards": [robot id or null, robot id or null],
                         "completed": ["1.1", ...],
                         "players": [PlayerSetup JSON or null, ...],
                         "equipment_deck": [card ids] or null}},
     "single_wins": ["2.3", ...]}
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core import storage
from game.core.files import Field, Schema
from game.roborun.rules.cards import equipment_cards, robot_boards
from game.roborun.rules.state import Setup

FILE_NAME = "roborun_progress.json"
VERSION = 1
ROBOT_BOARDS = ("quick_one", "smart_three", "strong_two", "weird_four")
SCHEMA = Schema({
    "version": Field(int, VERSION, 0, VERSION),
    "tutorial_seen": Field(bool, False),
    "campaigns": Field(dict, {}, high=100),
    "single_wins": Field(list, [], high=1000),
}, version=VERSION)
BOARD_TITLES = {"quick_one": "Quick One", "smart_three": "Smart Three", "strong_two": "Strong Two",
                "weird_four": "Weird Four"}


@dataclass
class CampaignProgress:
    boards: list[str | None] = field(default_factory=lambda: [None, None])   # robot board per seat
    completed: list[str] = field(default_factory=list)                       # level ids won, in order
    players: list[dict | None] = field(default_factory=lambda: [None, None])  # PlayerSetup JSON per seat
    equipment_deck: list[int] | None = None                                  # carried deck order
    extra: dict = field(default_factory=dict, repr=False, compare=False)     # unknown keys, kept

    def to_json(self) -> dict:
        return {**self.extra, "boards": list(self.boards), "completed": list(self.completed),
                "players": list(self.players), "equipment_deck": self.equipment_deck}

    @staticmethod
    def from_json(data: Any) -> "CampaignProgress":
        """Read leniently. Saved players that are not a complete, well-typed pair (both
        PlayerSetup JSON on known robot boards, with a deck of card numbers) are dropped
        together with the deck, so the next scenario starts the boards afresh instead of crashing."""
        progress = CampaignProgress()
        if not isinstance(data, dict):
            return progress
        progress.extra = {k: v for k, v in data.items()
                          if k not in ("boards", "completed", "players", "equipment_deck")}
        boards = data.get("boards")
        if isinstance(boards, list) and len(boards) == 2:
            progress.boards = [b if isinstance(b, str) and b in ROBOT_BOARDS else None for b in boards]
        completed = data.get("completed")
        if isinstance(completed, list):
            progress.completed = [c for c in completed if isinstance(c, str) and len(c) <= 20]
        players, deck = data.get("players"), data.get("equipment_deck")
        if isinstance(players, list) and len(players) == 2 and all(p is None for p in players):
            return progress
        try:
            setup = Setup.from_json({"players": players, "equipment_deck": deck})
        except ValueError:
            return progress
        if _usable(setup):
            progress.players = list(players)
            progress.equipment_deck = None if deck is None else list(deck)
        return progress


def _usable(setup: Setup) -> bool:
    """Saved boards the engine will accept: known robots, their own abilities, a CHIP level on
    the board, known Equipment cards each held once (the engine's own set-up checks)."""
    boards, cards = robot_boards(), equipment_cards()
    held = [c for p in setup.players for c in p.equipment]
    for p in setup.players:
        board = boards.get(p.robot)
        if p.robot not in ROBOT_BOARDS or board is None or not 1 <= p.chip_level <= len(board.chip):
            return False
        if any(a not in board.abilities for a in p.unlocked):
            return False
    return len(held) == len(set(held)) and all(c in cards for c in held + list(setup.equipment_deck or ()))


@dataclass
class Progress:
    tutorial_seen: bool = False
    campaigns: dict[str, CampaignProgress] = field(default_factory=dict)
    single_wins: list[str] = field(default_factory=list)
    extra: dict = field(default_factory=dict, repr=False, compare=False)   # unknown keys, kept

    def campaign(self, number: int) -> CampaignProgress:
        return self.campaigns.setdefault(str(number), CampaignProgress())

    def is_completed(self, level_id: str) -> bool:
        campaign = level_id.split(".")[0]
        return level_id in self.campaign(int(campaign)).completed if campaign.isdigit() else False

    def next_level(self, number: int, count: int = 6) -> str:
        """The first scenario of the campaign not yet won (the last one when all are)."""
        done = self.campaign(number).completed
        for index in range(1, count + 1):
            if f"{number}.{index}" not in done:
                return f"{number}.{index}"
        return f"{number}.{count}"

    def record_win(self, level_id: str, campaign_mode: bool, players: list[dict] | None = None,
                   equipment_deck: list[int] | None = None) -> None:
        """A won scenario: mark it and, in a campaign, keep the boards the players ended with."""
        if not campaign_mode:
            if level_id not in self.single_wins:
                self.single_wins.append(level_id)
            return
        campaign = self.campaign(int(level_id.split(".")[0]))
        if level_id not in campaign.completed:
            campaign.completed.append(level_id)
        if players is not None:
            campaign.players = list(players)
        if equipment_deck is not None:
            campaign.equipment_deck = list(equipment_deck)

    def reset_campaign(self, number: int) -> None:
        self.campaigns[str(number)] = CampaignProgress()

    def to_json(self) -> dict:
        return {**self.extra, "version": VERSION, "tutorial_seen": self.tutorial_seen,
                "campaigns": {k: v.to_json() for k, v in sorted(self.campaigns.items())},
                "single_wins": list(self.single_wins)}

    @staticmethod
    def from_json(data: Any) -> "Progress":
        """Read leniently: unknown or wrongly typed parts fall back to defaults, never crash."""
        progress = Progress()
        if not isinstance(data, dict):
            return progress
        progress.extra = {k: v for k, v in data.items() if k not in SCHEMA.fields}
        progress.tutorial_seen = data.get("tutorial_seen") is True
        campaigns = data.get("campaigns")
        if isinstance(campaigns, dict):
            progress.campaigns = {k: CampaignProgress.from_json(v) for k, v in campaigns.items()
                                  if k.isascii() and k.isdigit() and len(k) <= 3}
        wins = data.get("single_wins")
        if isinstance(wins, list):
            progress.single_wins = [w for w in wins if isinstance(w, str) and len(w) <= 20]
        return progress


def progress_path():
    return storage.data_dir() / FILE_NAME


def load_progress() -> tuple[Progress, str | None]:
    """(progress, warning). Read through game.core.files with SCHEMA: a damaged save is set
    aside by storage, a newer one left untouched, and either is reported in `warning`."""
    data, warning = storage.load_json(progress_path(), default=None, schema=SCHEMA)
    return Progress.from_json(data), warning


def save_progress(progress: Progress) -> str | None:
    """Save atomically; a one-line warning when it could not be saved (the game goes on)."""
    return storage.save_json(progress_path(), progress.to_json())
