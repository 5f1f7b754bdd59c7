"""How to play Robo Rally: short pages whose pictures are small courses drawn by the race's own board view.

The words follow the Robo Rally rulebook ('Game Overview', 'Programming Phase', 'Activation
Phase', 'Board Elements', 'Damage', 'Rebooting', 'Energy and Upgrades') and the Chaos &
Carnage rules ('Factory Floor Guide', 'Upgrades').

    how_to_play_scene()   the pages (game select, set-up menu and pause menu)
    tutorial_scene()      the first-game tutorial over the race (shown once)
    tutorial_due()        True until the tutorial has been closed once
"""
from __future__ import annotations
from functools import lru_cache
import pygame
from game.client import tutorials
from game.client.menus import HowToPage as Page
from game.client.menus import HowToPlayScene
from game.roborally.rules import content as C
from game.roborally.rules.board import Board
from game.roborally.rules.engine import GAME_ID
from game.roborally.ui.board_view import BoardView, draw_card

__all__ = ["how_to_play_scene", "tutorial_scene", "tutorial_due", "mark_tutorial_done", "PAGES", "TUTORIAL"]


# small courses for the pictures: (spec, robots as (seat, x, y, dir), preview steps)
_SCENES = {
    "race": ({"width": 5, "height": 3, "cells": [],
              "checkpoints": [[2, 0], [4, 2]], "starts": [[0, 2, "E"], [0, 1, "E"]], "reboot": [0, 0, "E"]},
             [(0, 0, 2, 1), (1, 2, 2, 0)], []),
    "program": ({"width": 5, "height": 3, "cells": [], "checkpoints": [[4, 0]], "starts": [[0, 2, "N"], [1, 2, "N"]],
                 "reboot": [0, 0, "E"]},
                [(0, 0, 2, 0)], [(0, 1, 0), (0, 0, 0), (0, 0, 1), (2, 0, 1), (4, 0, 1)]),
    "elements": ({"width": 5, "height": 4,
                  "cells": [[0, 0, {"kind": "belt", "dir": "E"}], [1, 0, {"kind": "belt", "dir": "E"}],
                            [2, 0, {"kind": "express", "dir": "S"}], [2, 1, {"kind": "express", "dir": "S"}],
                            [4, 0, {"kind": "gear", "rot": "right"}],
                            [0, 2, {"kind": "push", "dir": "E", "registers": [1, 3, 5]}],
                            [4, 3, {"kind": "crusher", "registers": [2, 4]}],
                            [3, 2, {"kind": "pit"}]],
                  "lasers": [[0, 3, "E", 1]], "walls": [[2, 3, "E"]],
                  "checkpoints": [[4, 1]], "starts": [[1, 1, "E"], [0, 1, "E"]], "reboot": [1, 3, "N"]},
                 [(1, 1, 0, 1), (3, 4, 0, 2)], []),
    "chaos": ({"width": 5, "height": 3,
               "cells": [[1, 1, {"kind": "teleporter"}], [3, 1, {"kind": "randomizer"}],
                         [4, 0, {"kind": "energy"}], [0, 0, {"kind": "deep_pit"}]],
               "checkpoints": [[4, 2]], "starts": [[0, 2, "E"], [0, 1, "E"]], "reboot": [2, 2, "E"]},
              [(2, 1, 1, 1)], []),
}


@lru_cache(maxsize=8)
def _view(name: str, width: int, height: int) -> BoardView:
    spec, _robots, _steps = _SCENES[name]
    full = {"id": f"howto-{name}", "name": name, "walls": [], "lasers": [], **spec}
    return BoardView(Board.from_spec(full), pygame.Rect(0, 0, width, height))


def _board(name: str):
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        view = _view(name, rect.width, rect.height)
        view.rect.center = rect.center
        view.draw(surface)
        _spec, robots, steps = _SCENES[name]
        if steps:
            view.draw_preview(surface, steps)
        for seat, x, y, d in robots:
            view.draw_robot(surface, seat, x, y, d)
    return draw


def _cards(cards: tuple[str, ...]):
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        w = min(118, (rect.width - 8 * (len(cards) - 1)) // len(cards))
        h = min(150, rect.height)
        left = rect.centerx - (w * len(cards) + 8 * (len(cards) - 1)) // 2
        for i, card in enumerate(cards):
            draw_card(surface, pygame.Rect(left + i * (w + 8), rect.centery - h // 2, w, h), C.card_name(card),
                      spam=card == "spam" or C.is_haywire(card), focused=i == 0)
    return draw


PAGES = [
    Page("The race", "Race your robot to the checkpoints in their numbered order. The first robot to reach "
         "the last checkpoint wins. Every round has three phases: buy an upgrade, program, and activate.",
         _board("race")),
    Page("Programming", "You draw 9 cards and place 5 of them in your registers, in order. The yellow ghost "
         "on the board shows where your robot would end if nothing pushes it. Left/Right picks a card, "
         "Enter places it, Z takes it back.", _cards(("move1", "right", "move2", "again", "spam"))),
    Page("Activation", "Registers run one at a time. In each register the robot holding the priority token "
         "moves first, then the others to its left. Then the board acts and every robot fires its laser "
         "straight ahead: each hit is 1 SPAM damage.", _board("program")),
    Page("Board elements", "After each register: blue belts move 2, green belts move 1, push panels push in "
         "their registers, gears turn, crushers crush in theirs, board lasers fire. Walls stop robots and "
         "lasers. Point at any space to read what it does.", _board("elements")),
    Page("Damage and rebooting", "A robot that falls in a pit or off the board, or is crushed, reboots on "
         "the reboot space with 2 SPAM, loses the rest of its program and faces the way you pick. SPAM in your hand is played as "
         "your deck's top card; Haywire cards hide under a register and play instead of it.",
         _cards(("spam", "hw_move1_right"))),
    Page("Chaos & Carnage", "Teleporters add 2 spaces to Move and Back Up cards; randomizers swap your next "
         "register for your deck's top card; deep pits are pits. Energy spaces (1 each register) and Power Up give energy, "
         "up to 10; 1 energy draws an upgrade, and installing one costs its gear number.", _board("chaos")),
]

TUTORIAL = [
    Page("Your first race", "You are the robot numbered 1. Reach checkpoint 1, then 2, and so on. "
         "Watch the yellow ghost path while you program: it shows where your 5 registers take you.",
         _board("program")),
    Page("Placing cards", "Left/Right (or point) picks a card from the 9 at the bottom, Enter (or click) "
         "places it in the next register, Z takes the last one back. The cards keep their places. After "
         "the fifth card, Enter starts the round (or Z takes it back).", _cards(("move2", "right", "move1"))),
    Page("Watching the round", "Cards flip in priority order and the board moves the robots. X skips the "
         "animation, P pauses (how to play is there too). Point at any space, robot or card to read "
         "what it does.", _board("elements")),
]


def tutorial_due() -> bool:
    """True until the first-game tutorial has been closed once (game/client/tutorials.py)."""
    return tutorials.tutorial_due(GAME_ID)


def mark_tutorial_done() -> None:
    tutorials.mark_tutorial_done(GAME_ID)


def how_to_play_scene() -> HowToPlayScene:
    return HowToPlayScene("Robo Rally", PAGES)


def tutorial_scene() -> HowToPlayScene:
    """The first-game tutorial over the race; closing it (at the end or early) is remembered."""
    return HowToPlayScene("Robo Rally: your first race", TUTORIAL, on_close=mark_tutorial_done)
