"""What the play screen offers at a decision point, without any drawing (no pygame).

Why a module of its own: the screen must never hold a rule, only the engine's legal
choices. This turns each legal Choice into an Option the screen can show: a friendly
label, where it lives (a card on a stand, cells on the map with an arrow, or a button in
the side list) and, for moves, a preview of where robots would end up - computed by
running the engine itself on a COPY of the state. (Undo is game.core.session.GameSession's,
with the rules' REVEALS as its points of no return.)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.roborun.rules.cards import action_cards, equipment_cards, messages, robot_boards, to_abs
from game.roborun.ui.event_text import ABILITY_NAMES
from game.roborun.rules.level import DELTAS, Pos
from game.roborun.rules.view import seat_view

DIAGONAL = {d1 + d2: (DELTAS[d1][0] + DELTAS[d2][0], DELTAS[d1][1] + DELTAS[d2][1]) for d1 in "NS" for d2 in "EW"}
ALL_DELTAS = {**DELTAS, **DIAGONAL}
REL_WORDS = {"U": "up", "D": "down", "L": "left", "R": "right", "UL": "up-left", "UR": "up-right",
             "DL": "down-left", "DR": "down-right"}
ABS_WORDS = {"N": "north", "S": "south", "E": "east", "W": "west"}
PREVIEW_FOLLOW = frozenset(("dir", "window", "chip", "key", "displace", "bad_dir", "unlock"))
PREVIEW_STOP = frozenset(("event_revealed", "cleanup", "turn_started", "equipment_drawn", "scenario_won",
                          "scenario_lost"))


def ability_name(ability: str) -> str:
    return ABILITY_NAMES.get(ability, ability)


def action_text(action: tuple) -> str:
    mode, dirs = action
    if mode == "chip":      # Robo Run rulebook, 'Action Card Symbols': a move from a chosen, unlocked CHIP level
        return "by the CHIP (a move from one unlocked CHIP level of your board, your choice)"
    words = " or ".join(REL_WORDS[d] for d in dirs)
    return f"slide {words}" if mode == "slide" else words


@dataclass
class Option:
    """One legal choice as the screen shows it."""

    choice: Any
    label: str
    place: str                                  # "card", "map" or "button"
    card: int | None = None                     # the card it is about (play, beep, flip...)
    cells: list[Pos] = field(default_factory=list)            # map cells that pick it
    arrows: list[tuple[Pos, str]] = field(default_factory=list)  # (from cell, absolute direction)
    previewable: bool = False


COSTLY = frozenset(("ability", "equip"))       # options that spend Energy or an Equipment card


def step_focus(options: list[Option], focus: int, step: int, wrap: bool = True) -> int:
    """The focus after moving `step` places. Arrow keys never wrap (wrap=False); Next/Prev wrap
    round the list, except onto an option that spends Energy or a card: spending is never one
    wrapped key press away (issue 11: Up in the ability window used to fire an ability)."""
    count = len(options)
    if not count:
        return 0
    target = focus + step
    if 0 <= target < count:
        return target
    if not wrap:
        return focus
    target %= count
    return focus if options[target].choice.kind in COSTLY else target


def build_options(choices: list, decision: str, state_reader) -> list[Option]:
    """Options for the decision's legal choices; `state_reader` answers public questions."""
    return [describe(choice, decision, state_reader) for choice in choices]


def describe(choice, decision: str, reader) -> Option:
    kind, args = choice.kind, choice.args
    active = reader.active
    if kind == "start":
        who = "I start" if args[0] == reader.viewer else "Teammate starts"
        return Option(choice, f"{who} this round", "button")
    if kind == "no_beep":
        return Option(choice, "Carry on (no BEEP)", "button")
    if kind == "beep":
        return Option(choice, f"BEEP card {args[0]} (don't play it)", "card", card=args[0])
    if kind == "play":
        return Option(choice, f"Play card {args[0]}", "card", card=args[0], previewable=True)
    if kind == "pass":
        return Option(choice, "PASS (teammate plays instead)", "button")
    if kind == "continue":
        return Option(choice, "Continue", "button", previewable=True)
    if kind == "dir":
        colour, rel = args
        if rel == "skip":
            return Option(choice, f"{colour.capitalize()}: skip this move", "button", previewable=True)
        absolute = to_abs(active, rel)
        arrows = [(p, absolute) for p in reader.positions_of(colour)]
        cells = [step(p, absolute) for p, _ in arrows]
        return Option(choice, f"{colour.capitalize()} {REL_WORDS[rel]}", "map", cells=cells, arrows=arrows,
                      previewable=True)
    if kind in ("bad_dir", "target"):
        rid, d = args
        pos = reader.robot_pos(rid)
        if d == "stay" or pos is None:
            return Option(choice, f"{reader.robot_colour(rid).capitalize()} robot stays", "button", previewable=True)
        return Option(choice, f"{reader.robot_colour(rid).capitalize()} robot {ABS_WORDS[d]}", "map",
                      cells=[step(pos, d)], arrows=[(pos, d)], previewable=True)
    if kind == "chip":
        level = args[0]
        chip = robot_boards()[reader.robot_name(active)].chip
        return Option(choice, f"CHIP level {level}: {action_text(chip[level - 1])}", "button", previewable=True)
    if kind in ("key", "displace"):
        what = "Move the Key" if kind == "key" else "Move the robot off the tunnel exit"
        return Option(choice, f"{what} to {args[0][0]},{args[0][1]}", "map", cells=[tuple(args[0])],
                      previewable=True)
    if kind == "unlock":
        what = "Develop the CHIP" if args[0] == "chip" else f"Unlock {ability_name(args[0])}"
        return Option(choice, what, "button")
    if kind == "ability":
        name = ability_name(args[0])
        extra = args[1] if len(args) > 1 else None
        if args[0] in ("back_up_plan",) and extra is not None:
            return Option(choice, f"{name}: flip card {extra}", "button", card=extra)
        if extra is not None:
            return Option(choice, f"{name}: {reader.robot_colour(extra)} robot", "button",
                          cells=[p for p in [reader.robot_pos(extra)] if p])
        return Option(choice, f"Use {name}", "button")
    if kind == "equip":
        card = equipment_cards()[args[0]]
        rest = args[1:]
        if card.effect == "message" and rest:
            return Option(choice, f"{card.name}: \"{messages().get(rest[0], rest[0])}\"", "button")
        if card.effect in ("extra_step", "tow") and rest:
            return Option(choice, f"{card.name}: {REL_WORDS.get(rest[0], rest[0])}", "button")
        if card.effect == "emp" and len(rest) == 2:
            return Option(choice, f"{card.name}: {reader.robot_colour(rest[0])} {REL_WORDS.get(rest[1], rest[1])}",
                          "button", cells=[p for p in [reader.robot_pos(rest[0])] if p])
        if card.effect == "flip_card" and rest:
            return Option(choice, f"{card.name}: flip card {rest[0]}", "button", card=rest[0])
        return Option(choice, f"Use {card.name}", "button")
    if kind == "standby":
        text = "Watch this turn: ask me at every step" if args[0] else "Stop watching this turn"
        return Option(choice, text, "button")
    if kind == "give_number":
        return Option(choice, f"Give Number {args[0]} to teammate", "button")
    return Option(choice, choice.label, "button")


def step(pos: Pos, direction: str) -> Pos:
    dx, dy = ALL_DELTAS[direction]
    return (pos[0] + dx, pos[1] + dy)


# ---------------------------------------------------------------- previews
ESCAPED = "escaped"      # preview_positions: the robot would leave through its exit


def preview_positions(state, choice, apply, legal_choices, limit: int = 40) -> dict[int, Pos | str | None]:
    """Where each robot would be after `choice` and the rest of the card (first options taken).

    Runs the engine on a COPY; stops before anything hidden or random (the next turn, an
    Event card, a draw). Returns robot id -> position, ESCAPED (it would escape) or None
    (destroyed or sent to the supply): the screen draws the two differently.
    """
    trial = state.copy()
    seat = trial.decision_seat
    before = dict(trial.pos)
    try:
        events = apply(trial, choice)
        for _ in range(limit):
            if any(e.kind in PREVIEW_STOP for e in events) or trial.decision_seat != seat:
                break
            pending = getattr(trial, "pending", None)
            if pending is None or pending.kind not in PREVIEW_FOLLOW:
                break
            options = legal_choices(trial)
            follow = next((c for c in options if c.kind == "continue"), options[0])
            events = apply(trial, follow)
    except ValueError:
        return {}
    escaped = set(trial.escaped)
    return {rid: (ESCAPED if rid in escaped else trial.pos.get(rid))
            for rid in before if trial.pos.get(rid) != before[rid]}


# ---------------------------------------------------------------- what one seat sees
class ViewReader:
    """The screen's only window on the game: the engine's seat_view for `viewer`, as plain values.

    Everything drawn comes from here, so the screen cannot show a seat what it may not
    see: stand cards come with the face that seat sees, never the hidden side.
    """

    def __init__(self, state, viewer: int, view=None) -> None:
        """`view`: the seat's view as it came (a seat played over the network has no state)."""
        self.view = view if view is not None else seat_view(state, viewer)
        self.viewer = viewer
        self._colours = {rid: colour for rid, colour, _, _ in self.view.robots}
        self._positions = {rid: pos for rid, _, pos, _ in self.view.robots}

    # turn and phase ----------------------------------------------------
    @property
    def active(self) -> int:
        return self.view.active

    @property
    def round(self) -> int:
        return self.view.round

    @property
    def phase(self) -> str:
        return self.view.phase

    @property
    def decision_seat(self) -> int | None:
        return self.view.decision_seat

    @property
    def decision_kind(self) -> str | None:
        return self.view.decision_kind if self.view.outcome is None else None

    @property
    def outcome(self) -> str | None:
        return self.view.outcome

    @property
    def loss_cause(self) -> str | None:
        return self.view.loss_cause

    # the map -----------------------------------------------------------
    def robots(self) -> list[tuple[str, str, Pos]]:
        return [(str(rid), colour, pos) for rid, colour, pos, _ in self.view.robots]

    def tokens(self) -> list[tuple[str, Pos, Any, Any]]:
        v = self.view
        out = [(kind, pos, value, None) for pos, kind, value in v.tokens]
        out += [("key", pos, None, None) for pos in v.keys]
        out += [("wall", pos, None, None) for pos in v.wall_tokens]
        out += [("laser", pos, None, None) for pos in v.lasers]
        return out

    def positions_of(self, colour: str) -> list[Pos]:
        return [pos for rid, pos in sorted(self._positions.items()) if self._colours[rid] == colour]

    def robot_pos(self, rid) -> Pos | None:
        return self._positions.get(rid)

    def robot_colour(self, rid) -> str:
        return self._colours.get(rid, "?")

    # the players -------------------------------------------------------
    def robot_name(self, seat: int) -> str:
        return self.view.robots_boards[seat]

    def stand(self, seat: int) -> list:
        faces = action_cards()
        return [faces[sc.card][sc.face] for sc in self.view.stands[seat]]

    def played(self, seat: int) -> list:
        faces = action_cards()
        return [faces[card][face] for card, face in self.view.played[seat]]

    def energy(self, seat: int) -> int:
        return self.view.energy[seat]

    def unlocked(self, seat: int) -> frozenset:
        return frozenset(self.view.unlocked[seat])

    def chip(self, seat: int) -> int:
        return self.view.chip[seat]

    def equipment(self, seat: int) -> list[str]:
        cards = equipment_cards()
        return [cards[c].name for c in self.view.equipment[seat]]

    def numbers(self, seat: int) -> list[int]:
        return list(self.view.numbers[seat])

    def escaped(self, seat: int) -> bool:
        """All of this seat's robots have left the map (a destroyed robot ends the game instead)."""
        on_map = any(owner == seat for _, _, _, owner in self.view.robots)
        return not on_map and bool(self.view.escaped)

    # the scenario page ---------------------------------------------------
    @property
    def pass_state(self) -> str:
        return self.view.pass_state

    @property
    def beep_state(self):
        return self.view.beep

    def events_seen(self) -> list[str]:
        return [e.get("name", "?") for e in self.view.events_seen]

    def last_event_text(self) -> str:
        """The last Event card revealed, with what it does ("Hunt: blue 1 toward good robots")."""
        if not self.view.events_seen:
            return ""
        e = self.view.events_seen[-1]
        target = "good robots" if e.get("target") == "good" else "exits"
        return f"{e.get('name', '?')}: {'/'.join(e.get('colours', ()))} {e.get('steps', 1)} toward {target}"

    def support(self) -> list[str]:
        return list(self.view.support)

    def messages(self) -> list:
        return list(self.view.messages)

    @property
    def exits_open(self) -> bool:
        return self.view.exits_open

    @property
    def lines_on(self) -> bool:
        return self.view.lines_on
