"""The game's own words for the table's phone page: each legal choice and each event as the
game's screens word them (its VIEW_BOARDS board's `label` and `describe`, the same words a seat
joined from another Robo Arcade reads), so the page never shows a choice or an event as raw data.

The table (game/table/) imports no client code; the host hands it a `TableWords` as it hands it
the card faces (game/client/table_art.py). It holds only the game's id, so it crosses into the
table's own process (game/table/process.py), and loads the board the first time it is asked.
"""
from __future__ import annotations

from typing import Any

from game.client.registry import load

# games whose board a joined seat can draw from its own view: (view, area) -> object with draw(surface, view),
# and, where the game words them, label(choice, view) and describe(event, before, after)
VIEW_BOARDS = {"roborally": "game.roborally.ui.board_view:ViewBoard",
               "robomissions": "game.robomissions.ui.view_board:ViewBoard",
               "roborescue": "game.roborescue.ui.view_board:ViewBoard",
               "roborun": "game.roborun.ui.view_board:ViewBoard",
               "runrunrun": "game.runrunrun.ui.view_board:ViewBoard"}
# games whose board tells no events: event -> its log line (or None), as the game's own screen logs it
EVENT_LINES = {"roborally": "game.roborally.ui.playback:log_line"}
# games whose board names no choices: (choice, view) -> its label (or None), as the game's own menu words it
CHOICE_LABELS = {"roborally": "game.roborally.ui.choice_words:choice_label"}
# why a game ended, in its own words: Result JSON -> str (or None: the page says the cause itself)
ENDINGS = {"roborally": "game.roborally.ui.playback:ending_words",
           "robomissions": "game.robomissions.ui.table_render:ending_words",
           "roborun": "game.roborun.ui.event_text:ending_words",
           "runrunrun": "game.runrunrun.ui.text:ending_words"}
# how each game's log names the seats (the others "Player N"; Robo Run's log says "Teammate")
SEAT_NAMES = {"roborally": "game.roborally.ui.board_view:ROBOT_NAMES", "runrunrun": "game.runrunrun.ui.text:SEAT_NAMES"}
# what the seat's decision asks, as the game's screen prompts it: (view, choices) -> str (or None)
PROMPTS = {"roborally": "game.roborally.ui.choice_words:phone_prompt",
           "robomissions": "game.robomissions.ui.choice_ui:phone_prompt",
           "roborun": "game.roborun.ui.event_text:phone_prompt",
           "runrunrun": "game.runrunrun.ui.text:phone_prompt"}
# the words under a card face on the phone where the view names cards by id: art name -> caption
CAPTIONS = {game: f"game.{game}.ui.phone_cards:card_captions" for game in ("roborally", "runrunrun")}
WORDING_ERRORS = (ValueError, TypeError, KeyError, IndexError, AttributeError)


class TableWords:
    """Choices and events of one game in its own words, for the phone page's update fields."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self._board: Any = None

    def __getstate__(self) -> dict:
        return {"game_id": self.game_id, "_board": None}     # the board is made again where it is used

    def board(self, view: Any) -> Any:
        if self._board is None:
            import pygame

            if not pygame.font.get_init():
                pygame.font.init()          # fonts only (never pygame.init: the table process takes SIGTERM itself)
            make = load(VIEW_BOARDS.get(self.game_id))
            self._board = make(view, pygame.Rect(0, 0, 800, 480)) if make is not None else False
        return self._board

    def labels(self, choices: list, view: Any) -> list[str | None]:
        """Each legal choice in the game's words (None: the page words it itself)."""
        label = getattr(self.board(view), "label", None) or load(CHOICE_LABELS.get(self.game_id))
        out: list[str | None] = []
        for choice in choices:
            try:
                out.append(label(choice, view) if label is not None else None)
            except WORDING_ERRORS:
                out.append(None)
        return out

    def log(self, events: list, before: Any, after: Any) -> list[str]:
        """What the events did, one line each as the game's log words them (lines not worth saying dropped)."""
        describe = getattr(self.board(after), "describe", None)
        line_of = load(EVENT_LINES.get(self.game_id))
        if describe is None and line_of is not None:
            describe = lambda event, _before, _after: line_of(event)      # noqa: E731
        if describe is None:
            return []
        lines = []
        for event in events:
            try:
                line = describe(event, before if before is not None else after, after)
            except WORDING_ERRORS:
                line = None
            if line:
                lines.append(line)
        return lines

    def ending(self, result: dict) -> str | None:
        """Why the game ended, as the game's own end screen or log says it."""
        words = load(ENDINGS.get(self.game_id))
        try:
            return words(result) if words is not None else None
        except WORDING_ERRORS:
            return None

    def seat_names(self, count: int) -> list[str]:
        """Every seat as the game's log names it (its robot's or pawn's colour, else Player N)."""
        if self.game_id == "roborun":
            return ["Teammate"] * count
        names = load(SEAT_NAMES.get(self.game_id)) or ()
        return [str(names[seat]) if seat < len(names) else f"Player {seat + 1}" for seat in range(count)]

    def prompt(self, view: Any, choices: list) -> str | None:
        """What this seat is asked now, as the game's own screen prompts it (None: no prompt)."""
        words = load(PROMPTS.get(self.game_id))
        try:
            return words(view, choices) if words is not None and choices else None
        except WORDING_ERRORS:
            return None

    def captions(self) -> dict[str, str]:
        """Each card face's caption in the game's words ({}: the page names cards itself)."""
        captions = load(CAPTIONS.get(self.game_id))
        return dict(captions()) if captions is not None else {}
