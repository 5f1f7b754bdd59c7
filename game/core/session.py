"""One game in progress, for any engine: the seed, the config and the log of choices.

This is the whole of save-and-resume, replay and undo, written once on the engine contract
(game/core/engine.py), so every game gets them by implementing the contract:

  * a save is `{"format": "robo-arcade-game", "version": 1, "game", "seed", "config", "choices"}`;
    loading re-applies the choices to `new_game(config, seed)`, so nothing but the contract
    has to be serialisable and a resumed game is the same game, event for event;
  * undo follows one policy in every game (Board Game Arena's): a seat takes back its own
    choices, one at a time, back to the last hidden or random reveal and never past it, nor
    past another seat's choice.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from game.core import storage
from game.core.engine import Engine, IllegalChoice
from game.core.errors import UserError, one_line
from game.core.files import Field, Schema, _shown, apply_schema

SAVE_FORMAT = "robo-arcade-game"
SAVE_VERSION = 1
# the outer shape of a save file, checked by game.core.files before any choice is replayed
SAVE_SCHEMA = Schema({
    "format": Field(str, SAVE_FORMAT, choices=(SAVE_FORMAT,)),
    "version": Field(int, SAVE_VERSION, 0, SAVE_VERSION),
    "game": Field(str, ""),
    "seed": Field(int, None, -(2**63), 2**63 - 1),
    "config": Field(object, None, nullable=True),
    "choices": Field(list, None, nullable=True),   # no default: a save without its moves is damaged, not new
}, version=SAVE_VERSION)


def engine_module(rules: str) -> Engine:
    """Import a rules module by its dotted name (the catalog names them; core imports no game)."""
    return importlib.import_module(rules)  # type: ignore[return-value]


@dataclass
class _UndoStep:
    state: Any          # the state before the choice
    seat: int


@dataclass
class GameSession:
    """A live game: the engine, its state and everything needed to save, replay and undo it."""

    engine: Any
    config: Any
    seed: int
    state: Any = None
    choices: list = field(default_factory=list)        # choices applied, in order
    _undo: list[_UndoStep] = field(default_factory=list, repr=False)
    extra: dict = field(default_factory=dict, repr=False)   # keys of the save this build does not know: kept
    keeps_save: bool = field(default=True, repr=False)      # False: a copy (a table's TV board) never saves
    _choices_json: list = field(default_factory=list, repr=False, compare=False)   # (choice, its JSON), see to_json

    @classmethod
    def start(cls, engine: Any, config: Any, seed: int) -> "GameSession":
        return cls(engine=engine, config=config, seed=seed, state=engine.new_game(config, seed))

    # ---------------------------------------------------------------- play
    def legal_choices(self) -> list:
        return self.engine.legal_choices(self.state)

    def current_seat(self) -> int | None:
        return self.engine.current_seat(self.state)

    def is_over(self) -> bool:
        return self.engine.is_over(self.state)

    def apply(self, choice: Any) -> list:
        """Apply `choice` for the seat whose decision it is; returns the events."""
        seat = self.engine.current_seat(self.state)
        before = self.state.copy()
        events = self.engine.apply(self.state, choice)
        self.choices.append(choice)
        if any(self.engine.is_reveal(e) for e in events):
            self._undo.clear()
        else:
            if self._undo and self._undo[-1].seat != seat:
                self._undo.clear()
            self._undo.append(_UndoStep(before, seat))
        return events

    # ---------------------------------------------------------------- undo
    def can_undo(self, seat: int | None = None) -> bool:
        """True when the last choice was `seat`'s (any seat when None) and revealed nothing."""
        if not self._undo:
            return False
        return seat is None or self._undo[-1].seat == seat

    def undo(self, seat: int | None = None) -> Any | None:
        """Take back the last choice if the policy allows; returns it, or None."""
        if not self.can_undo(seat):
            return None
        step = self._undo.pop()
        self.state = step.state
        return self.choices.pop()

    def barrier(self) -> None:
        """Nothing before this point may be undone (a screen calls it, e.g. at a hand-over)."""
        self._undo.clear()

    # ---------------------------------------------------------------- save / load
    def to_json(self) -> dict:
        return {
            **self.extra,
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.engine.GAME_ID,
            "seed": self.seed,
            "config": self.engine.config_to_json(self.config),
            "choices": self._choice_json_list(),
        }

    def _choice_json_list(self) -> list:
        """Each choice's JSON, made once. Screens save after every choice, and serialising every
        choice again each time made a game quadratic: 56,616 choice_to_json calls in a
        337-choice ROBOMissions game, about 1.5 ms of the render thread per save at 300 choices. A kept
        JSON is used only for the very choice object it was made from (undo pops choices)."""
        kept = self._choices_json
        for index, choice in enumerate(self.choices):
            if index < len(kept) and kept[index][0] is choice:
                continue
            del kept[index:]
            kept.append((choice, self.engine.choice_to_json(choice)))
        del kept[len(self.choices):]
        return [data for _, data in kept]

    @classmethod
    def from_json(cls, data: Any, engine: Any, where: str) -> tuple["GameSession", list]:
        """Rebuild a session by replaying its choices; returns it and every event in order.

        Any problem is a UserError naming `where` (and the choice index for a bad choice).
        """
        if not isinstance(data, dict):
            raise UserError(where, "a saved game is a JSON object")
        version = data.get("version", SAVE_VERSION)
        if not isinstance(version, int) or isinstance(version, bool):
            raise UserError(f"{where} version", "must be a whole number")
        if version > SAVE_VERSION:
            raise UserError(where, f"saved by a newer Robo Arcade (format version {version}); left untouched")
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool) or not -(2**63) <= seed < 2**63:
            raise UserError(f"{where} seed", "must be a whole number that fits in 64 bits")
        try:
            config = engine.config_from_json(data.get("config"))
        except UserError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise UserError(f"{where} config", f"not a valid set-up ({exc.__class__.__name__}: {one_line(exc, 200)})") from None
        try:
            session = cls.start(engine, config, seed)
        except UserError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise UserError(f"{where} config", f"cannot start this game ({one_line(exc, 200)})") from None
        raw_choices = data.get("choices")
        if raw_choices is None:     # renamed or cut by hand: resuming at move 0 would lose the game silently
            raise UserError(where, "has no 'choices' (the moves played); left untouched")
        if not isinstance(raw_choices, list):
            raise UserError(f"{where} choices", "must be a list")
        events: list = []
        for index, raw in enumerate(raw_choices):
            place = f"{where} choice {index}"
            refuse_fractions(raw, place)    # 2.0 == 2 would pass the legality check, then fail as an index
            try:
                choice = engine.choice_from_json(raw)
            except (KeyError, TypeError, ValueError, AttributeError) as exc:
                raise UserError(place, f"not a choice of this game ({exc.__class__.__name__})") from None
            try:
                events += session.apply(choice)
            except IllegalChoice as exc:
                raise UserError(place, f"not legal at this point ({one_line(exc, 200)})") from None
            except (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError) as exc:
                raise UserError(place, f"cannot be replayed ({exc.__class__.__name__})") from None
        session._undo.clear()   # a resumed game starts at a point of no return
        return session, events


def refuse_fractions(raw: Any, place: str) -> None:
    """UserError naming `place` when a choice holds a number written with a fraction (2.0)."""
    fraction = fractional_number(raw)
    if fraction is not None:
        raise UserError(place, f"the number {fraction} is not a whole number (choices hold whole numbers)")


def fractional_number(raw: Any, depth: int = 0) -> float | None:
    """The first number written with a fraction or exponent (2.0, 1e3) in a choice, or None.
    No game writes one: every choice is text and whole numbers."""
    if isinstance(raw, float):
        return raw
    if depth < 8 and isinstance(raw, (list, dict)):
        for value in raw.values() if isinstance(raw, dict) else raw:
            found = fractional_number(value, depth + 1)
            if found is not None:
                return found
    return None


def read_saved_game(data: Any, engine: Any, where: str) -> tuple[GameSession, list]:
    """A saved game's JSON, already read through game.core.files, checked and replayed: the one
    path Continue (load_saved_game) and `python main.py replay FILE` share. The outer shape
    goes through SAVE_SCHEMA (a newer version is files.NewerVersion), the game must be
    `engine`'s, and every problem, however deep in the engine, is one UserError naming
    `where` and the place (the choice index for a bad choice)."""
    checked = apply_schema(data, SAVE_SCHEMA, where)
    if checked.problems:
        raise UserError(where, checked.problems[0][len(where):].lstrip(": "))
    values = checked.merged()
    if values.get("game") != engine.GAME_ID:
        raise UserError(f"{where}: game", f"not a saved {engine.GAME_ID} game ({_shown(values.get('game'))})")
    if values.get("seed") is None:
        raise UserError(f"{where}: seed", "is missing")
    try:
        session, events = GameSession.from_json(values, engine, where)
    except UserError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError) as exc:
        raise UserError(where, f"cannot be replayed ({exc.__class__.__name__})") from None
    session.extra = dict(checked.extra)
    return session, events


# -------------------------------------------------------------------- the saved game of each game
def saved_game_path(game_id: str):
    """Where the unfinished game of `game_id` is kept (one per game: Continue resumes it)."""
    return storage.data_dir() / "games" / f"{game_id}.json"


def _claimable_path(engine: Any):
    """The game's save path, with the check storage.claim runs on what it finds there before
    this run's first write: a save of this game that does not replay (another game's, an
    illegal choice, a broken set-up) is set aside like an unreadable one, never written over."""
    path = saved_game_path(engine.GAME_ID)
    storage.check_before_claiming(path, lambda data: read_saved_game(data, engine, str(path)))
    return path


def save_session(session: GameSession) -> str | None:
    """Write the game atomically; a finished game removes its save instead (nothing to continue).
    Returns a one-line warning when the save could not be written (the game goes on)."""
    if not session.keeps_save:
        return None
    path = _claimable_path(session.engine)
    storage.wait_idle(path)         # a background save of this file asked for earlier lands first
    if session.is_over():
        forget_saved_game(session.engine.GAME_ID)
        return None
    return storage.save_json(path, session.to_json(), take_over=True)   # a newer version's save is set aside


def save_session_later(session: GameSession) -> None:
    """save_session off the frame: the snapshot (seed, config, choices) is taken now, the file
    is written (or, for a finished game, removed) by the background saver (storage.save_later),
    last request winning per file. A failed write reaches the player as a one-line warning
    (storage.take_warnings), as with save_session."""
    if not session.keeps_save:
        return
    path = _claimable_path(session.engine)
    if session.is_over():
        storage.remove_later(path, SAVE_VERSION)
    else:
        storage.save_later(path, session.to_json(), take_over=True)


def load_saved_game(game_id: str, engine: Any) -> tuple[GameSession | None, list, str | None]:
    """The unfinished game of `game_id` read through game.core.files: (session, events, warning).

    No save gives (None, [], None). A save that cannot be used (damaged, hostile, another
    game's, a choice that is not legal) is set aside and gives (None, [], one-line warning);
    a save from a newer version is left untouched and gives (None, [], warning)."""
    path = saved_game_path(game_id)
    data, warning = storage.load_json(path, default=None, schema=SAVE_SCHEMA)
    if data is None:                # none, a newer version's (left as it is), or set aside
        return None, [], warning
    if warning:
        return None, [], storage.damaged(path, warning)
    try:
        session, events = read_saved_game(data, engine, str(path))
    except UserError as exc:
        text = str(exc)
        return None, [], storage.damaged(path, text[len(str(path)):].lstrip(": ") if text.startswith(str(path)) else text)
    return session, events, None


def forget_saved_game(game_id: str) -> str | None:
    """Remove the finished game's save (what another version wrote is set aside instead)."""
    path = saved_game_path(game_id)
    storage.wait_idle(path)         # a save still queued must not bring it back afterwards
    return storage.remove_save(path, SAVE_VERSION)


def has_saved_game(game_id: str) -> bool:
    path = saved_game_path(game_id)
    storage.wait_idle(path)         # the answer once the saves asked for so far have landed
    try:
        return path.is_file()
    except OSError:                 # a save folder whose name the disk refuses (too long): nothing to continue
        return False
