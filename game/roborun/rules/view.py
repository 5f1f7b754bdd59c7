"""What one seat may see. The client and the AI read only this, never GameState.

Hidden from a seat: the face of each stand card that points away from it (it sees the
owner's side of its own stand and the other side of the teammate's stand), the order of
the Event and Equipment decks, and the teammate's pending decision options. Everything
else on the table is public: the board, robots and tokens, played cards (face up), both
Player boards (Energy, unlocked abilities, CHIP level, Equipment cards are face up),
PASS/BEEP tokens, revealed Events and messages sent with the Walkie-Talkie card.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.roborun.rules.cards import OTHER_FACE, action_cards, event_cards  # OTHER_FACE: re-used by ai.seat_state
from game.roborun.rules.level import LevelSpec
from game.roborun.rules.state import Choice, GameState



@dataclass(frozen=True)
class StandCard:
    card: int
    face: str                   # the side this seat sees
    content: dict               # that side's parts (Face.to_json())
    owner: int                  # whose stand it is on
    beeped: bool


@dataclass(frozen=True)
class SeatView:
    seat: int
    level: LevelSpec
    round: int
    phase: str
    active: int
    decision_seat: int | None
    decision_kind: str | None
    choices: tuple[Choice, ...]          # only when this seat decides, else ()
    outcome: str | None
    loss_cause: str | None
    robots: tuple[tuple[int, str, tuple[int, int], int | None], ...]   # (id, colour, pos, owner)
    escaped: tuple[int, ...]
    keys: tuple[tuple[int, int], ...]
    wall_tokens: tuple[tuple[int, int], ...]
    lasers: tuple[tuple[int, int], ...]
    tokens: tuple[tuple[tuple[int, int], str, int | None], ...]        # (pos, kind, value)
    stands: tuple[tuple[StandCard, ...], tuple[StandCard, ...]]
    played: tuple[tuple[tuple[int, str], ...], tuple[tuple[int, str], ...]]
    robots_boards: tuple[str, str]
    energy: tuple[int, int]
    unlocked: tuple[tuple[str, ...], tuple[str, ...]]
    chip: tuple[int, int]
    equipment: tuple[tuple[int, ...], tuple[int, ...]]
    numbers: tuple[tuple[int, ...], tuple[int, ...]]
    pass_state: str
    beep: str | tuple
    events_seen: tuple[dict, ...]
    event_deck_size: int
    equipment_deck_size: int
    support: tuple[str, ...]
    messages: tuple[tuple[int, str], ...]
    exits_open: bool
    lines_on: bool
    last_player: int
    rescuing: tuple[int, ...]            # robots Double Metal is moving to a start space right now
    # Mid-card context (all public: the card being resolved is face up on the table).
    resolving: tuple | None = None       # (card, face) being resolved, or None between cards
    next_moves: tuple = ()               # upcoming movement actions of the card, in order:
                                         # (part "my"/"mate"/"bad", mode "step"/"slide"/"chip", dirs, colours)
    decision_ctx: tuple = ()             # what the pending decision is about (see view_context)
    armed: tuple[str, ...] = ()          # protective abilities active for the movement under way
    deactivated: tuple = ()              # spaces Short Deactivation switched off
    turn_flags: tuple = ()               # (name, value) pairs: twist, skip_top, distraction, brake,
                                         # fuel, standby, lifts_off, last_dir, reverse ...
    agenda: tuple = ()                   # the engine's step stack, next step LAST (public: it only
                                         # lists what the face-up card and the board still do), so a
                                         # policy can rebuild the exact state at any decision point


_MOVE_STEPS = ("part", "act", "slide")


def next_moves(state: GameState) -> tuple:
    """The movement actions still to come on the card being resolved, next first: each is
    (part, mode, dirs, colours); a slide in progress is ("slide", "slide", moves, ())."""
    out = []
    steps = list(reversed(state.queue))
    dec = state.pending
    if dec is not None and dec.ctx and dec.ctx[0] in ("act", "slide"):
        steps.insert(0, dec.ctx)                  # the movement the decision is about comes first
    for step in steps:
        name = step[0]
        if name == "part":
            _, who, actions, colours = step
            out += [(who, mode, tuple(dirs), tuple(colours)) for mode, dirs in actions]
        elif name == "act":
            _, who, (mode, dirs), colours, _chosen = step
            out.append((who, mode, tuple(dirs), tuple(colours)))
        elif name == "slide":
            out.append(("slide", "slide", step[1], ()))
        elif name == "card_body":
            out.append(("card", "body", (step[1], step[2]), ()))
        elif name == "end_card":
            break
    return tuple(out)


def _resolving(state: GameState):
    if state.phase != "action" or not any(step[0] == "end_card" for step in state.queue):
        return None
    seat = state.active
    return state.played[seat][-1] if state.played[seat] else None


def _public(value):
    if isinstance(value, (set, frozenset)):
        return tuple(sorted(value))
    return value


def seat_view(state: GameState, seat: int) -> SeatView:
    cards = action_cards()
    stands = []
    for owner in (0, 1):
        row = []
        for card, face in state.stands[owner]:
            seen = face if owner == seat else OTHER_FACE[face]
            row.append(StandCard(card, seen, cards[card][seen].to_json(), owner, state.beep == ("placed", card)))
        stands.append(tuple(row))
    mine = state.pending is not None and state.pending.seat == seat and state.outcome is None
    return SeatView(
        seat=seat, level=state.level, round=state.round, phase=state.phase, active=state.active,
        decision_seat=state.decision_seat, decision_kind=state.pending.kind if state.pending else None,
        choices=state.pending.options if mine else (), outcome=state.outcome, loss_cause=state.loss_cause,
        robots=tuple((r, state.colour[r], p, state.owner.get(r)) for r, p in sorted(state.pos.items())),
        escaped=tuple(state.escaped), keys=tuple(sorted(state.keys)), wall_tokens=tuple(sorted(state.wall_tokens)),
        lasers=tuple(sorted(state.lasers)),
        tokens=tuple((p, k, v) for p, (k, v) in sorted(state.items.items())),
        stands=(stands[0], stands[1]),
        played=(tuple(state.played[0]), tuple(state.played[1])),
        robots_boards=state.robot_names, energy=(state.energy[0], state.energy[1]),
        unlocked=(tuple(sorted(state.unlocked[0])), tuple(sorted(state.unlocked[1]))),
        chip=(state.chip[0], state.chip[1]),
        equipment=(tuple(state.hands[0]), tuple(state.hands[1])),
        numbers=(tuple(state.numbers[0]), tuple(state.numbers[1])),
        pass_state=state.pass_state, beep=state.beep,
        events_seen=tuple(vars(event_cards()[e]) for e in state.events_seen),
        event_deck_size=len(state.event_deck), equipment_deck_size=len(state.equip_deck),
        support=tuple(state.support), messages=tuple(state.messages), exits_open=state.exits_open,
        lines_on=state.lines_on, last_player=state.last_player, rescuing=tuple(state.turn.get("limbo", ())),
        resolving=_resolving(state), next_moves=next_moves(state),
        decision_ctx=state.pending.ctx if state.pending is not None else (),
        armed=tuple(sorted(state.armed)), deactivated=tuple(sorted(state.deactivated)),
        turn_flags=tuple(sorted((k, _public(v)) for k, v in state.turn.items())),
        agenda=tuple(state.queue),
    )
