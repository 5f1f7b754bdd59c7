"""A partner's picture of the table: the GameState one seat view describes, and a card played out.

Written from the Robo Run rulebook and the seat view alone (game.roborun.rules and nothing
of game.roborun.ai, an import-linter contract): a person at the table sees the board, both
Player boards, the played cards and the side of every stand card that faces them; the
other side of a card is printed, so they know what the card does for whoever plays it
(rulebook 3. Game Setup, step 5). What nobody sees, the order of the Event and Equipment
decks, is shuffled from the partner's own generator, so a partner is deterministic for its
seed.
"""
from __future__ import annotations

import random

from game.roborun.rules import engine
from game.roborun.rules.cards import OTHER_FACE, equipment_cards, event_cards
from game.roborun.rules.geometry import board
from game.roborun.rules.state import Choice, Decision, GameState, PlayerSetup, Setup

# Decisions taken while one Action card is being resolved (the card's own little choices).
MID_CARD = frozenset(("window", "dir", "chip", "key", "displace", "rescue", "unlock", "bad_dir"))
CONTINUE = Choice("continue")
PLAY_OUT_LIMIT = 60            # decisions inside one card, a guard against a loop


def table_from_view(view, rng: random.Random) -> GameState:
    """The full state the view shows, with the hidden deck orders drawn from `rng`."""
    setup = Setup(tuple(PlayerSetup(view.robots_boards[s], tuple(view.unlocked[s]), view.chip[s], view.energy[s],
                                    tuple(view.equipment[s])) for s in (0, 1)))
    s = engine.new_game(view.level, rng.getrandbits(31), setup)
    s.geo = board(view.level)
    s.round, s.phase, s.active, s.last_player = view.round, view.phase, view.active, view.last_player
    s.outcome, s.loss_cause = view.outcome, view.loss_cause
    colour, owner = dict(s.colour), dict(s.owner)
    s.pos, s.at = {}, {}
    for rid, c, p, o in view.robots:
        s.pos[rid], s.at[p] = p, rid
        colour[rid] = c
        if o is not None:
            owner[rid] = o
    s.colour, s.owner = colour, owner
    s.escaped = list(view.escaped)
    ids = [r for r, *_ in view.robots] + list(view.escaped) + [len(view.level.robots) - 1]
    s.next_robot_id = max(ids) + 1
    s.keys, s.wall_tokens, s.lasers = set(view.keys), set(view.wall_tokens), set(view.lasers)
    s.items = {p: (kind, value) for p, kind, value in view.tokens}
    s.energy, s.chip = list(view.energy), list(view.chip)
    s.unlocked = [frozenset(view.unlocked[0]), frozenset(view.unlocked[1])]
    s.hands = [list(view.equipment[0]), list(view.equipment[1])]
    s.numbers = [list(view.numbers[0]), list(view.numbers[1])]
    # A stand card is stored with the side facing its owner; this seat sees the other side
    # of the teammate's cards.
    s.stands = [[(c.card, c.face if owner_seat == view.seat else OTHER_FACE[c.face]) for c in stand]
                for owner_seat, stand in enumerate(view.stands)]
    s.played = [list(view.played[0]), list(view.played[1])]
    s.pass_state, s.beep = view.pass_state, view.beep
    s.events_seen = [e["id"] for e in view.events_seen]
    deck = [e for e in sorted(event_cards()) if e not in s.events_seen]
    rng.shuffle(deck)
    s.event_deck = deck[:view.event_deck_size]
    held = {c for hand in s.hands for c in hand}
    equip = [c for c in sorted(equipment_cards()) if c not in held]
    rng.shuffle(equip)
    s.equip_deck = equip[:view.equipment_deck_size]
    s.support, s.messages = list(view.support), list(view.messages)
    s.exits_open, s.lines_on = view.exits_open, view.lines_on
    s.turn = dict(view.turn_flags)
    if "limbo" not in s.turn and view.rescuing:
        s.turn["limbo"] = tuple(view.rescuing)
    s.armed, s.deactivated = set(view.armed), set(view.deactivated)
    s.queue, s.later = list(view.agenda), []
    s.pending = Decision(view.decision_kind, view.decision_seat, tuple(view.choices), view.decision_ctx) \
        if view.choices else None
    s.rng = random.Random(rng.getrandbits(31))
    return s


def ahead(state: GameState, choice: Choice, pick) -> tuple[GameState, bool]:
    """`choice` applied to a copy and the card it starts resolved to its end, every choice
    inside the card made by `pick(state)`. Returns the copy and whether the scenario was lost
    while the card resolved (before the Event phase: "loses at once")."""
    twin = state.copy()
    engine.apply(twin, choice)
    for _ in range(PLAY_OUT_LIMIT):
        dec = twin.pending
        if twin.outcome is not None or dec is None or dec.kind not in MID_CARD or twin.phase != "action":
            break
        engine.apply(twin, pick(twin))
    return twin, twin.outcome == "lost" and twin.phase == "action"


def plain_pick(state: GameState) -> Choice:
    """A person's quick answer inside a card they are only imagining: carry on, take the
    first option of any other choice."""
    options = state.pending.options
    return CONTINUE if CONTINUE in options else options[0]


def as_active_would_play(state: GameState) -> GameState:
    """From the teammate's window: the table at the active player's card choice (the
    teammate lets the moment pass), or the state itself if that is not where it leads."""
    twin = state.copy()
    dec = twin.pending
    if dec is not None and dec.kind == "beep":
        engine.apply(twin, Choice("no_beep"))
    return twin
