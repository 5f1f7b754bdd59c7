"""What one seat may see of a Run Run Run! table ('A Few Words About Cooperating': nobody shows
their tiles), and a copy with every hidden thing reshuffled for the AIs' look-ahead.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from . import content as C
from .flow import current_seat
from .state import State


@dataclass(frozen=True)
class SeatView:
    """What one seat may see: the whole table except other hands and face-down stacks."""

    seat: int
    players: int
    difficulty: str
    active: int
    current: int | None
    phase: str | None
    ctx: tuple
    hand: tuple
    hand_counts: tuple
    cats: tuple
    pos: tuple
    tiles: tuple          # ((cell, tile id, rotation), ...) in placement order
    masks: dict
    supply: int
    torch_left: int
    torch_tris: tuple
    door_tris: tuple
    doors_done: int
    doors_needed: int
    regroup_left: int
    sarc: tuple           # seat -> token ids (revealed when drawn)
    deck_count: int
    discard_count: int
    pile_count: int
    top_hearts: int
    mummies: tuple        # ((id, cell, hearts), ...)
    boss_awake: bool
    boss: int | None
    dice: tuple
    combat: tuple
    pool: tuple
    members: tuple
    said: tuple           # ((seat, line), ...)
    marks: tuple          # ((seat, cell), ...)
    talked: tuple
    turn: int
    over: bool
    won: bool
    cause: str | None

    def ctx_dict(self) -> dict:
        return dict(self.ctx)


def _freeze(v):
    if isinstance(v, dict):
        return tuple((k, _freeze(val)) for k, val in v.items())
    if isinstance(v, (list, tuple)):
        return tuple(_freeze(i) for i in v)
    return v


def seat_view(state: State, seat: int) -> SeatView:
    cur = current_seat(state)
    ctx = dict(state.ctx)
    if seat != state.active:
        ctx.pop("tile", None)
    return SeatView(
        seat=seat, players=state.config.players, difficulty=state.config.difficulty, active=state.active,
        current=cur, phase=state.phase, ctx=_freeze(ctx), hand=tuple(state.hands[seat]),
        hand_counts=tuple(len(h) for h in state.hands), cats=tuple(state.cats), pos=tuple(state.pos),
        tiles=tuple((c, state.tiles[c], state.rots[c]) for c in state.tiles), masks=dict(state.masks),
        supply=state.supply, torch_left=state.torch_left, torch_tris=tuple(state.torch_tris),
        door_tris=tuple(state.door_tris), doors_done=state.doors_done, doors_needed=state.doors_needed,
        regroup_left=len(state.regroup_stack), sarc=tuple(tuple(x) for x in state.sarc),
        deck_count=len(state.deck), discard_count=len(state.discard), pile_count=len(state.pile),
        top_hearts=state.top_hearts,
        mummies=tuple((mid, c, h) for mid, (c, h) in sorted(state.mummies.items())),
        boss_awake=state.boss_awake, boss=state.boss_card if state.boss_awake else None,
        dice=tuple(state.dice), combat=tuple(state.combat), pool=_revealed_pool(state), members=tuple(state.members),
        said=tuple(sorted(state.said.items())), marks=tuple(sorted(state.marks.items())),
        talked=tuple(sorted(state.talked)), turn=state.turn, over=state.over, won=state.won, cause=state.cause)


def _revealed_pool(state: State) -> tuple:
    """The Regroup exchange's tiles once revealed; face down while the members still choose
    ('Player Action - Cooperate': "place them face-down ... Reveal all tiles chosen")."""
    return tuple(state.pool) if state.phase == "give" else ()


def redeal_hidden(state: State, seat: int, rng: random.Random) -> State:
    """A copy where the draw deck, other seats' hands and every face-down stack are reshuffled.

    The tile the active seat is in the middle of exploring with (`ctx["tile"]`, hidden from the
    others until it is placed, still in its hand) stays in that hand: a world where it left the
    hand half-way through the Explore action is not a game that can happen."""
    s = state.copy()
    others = [i for i in range(s.config.players) if i != seat]
    playing = s.ctx.get("tile") if isinstance(s.ctx, dict) else None
    kept = {i: [t for t in s.hands[i] if t == playing] for i in others}
    hidden = list(s.deck) + [t for i in others for t in s.hands[i] if t != playing]
    rng.shuffle(hidden)
    s.deck = hidden[:len(s.deck)]
    at = len(s.deck)
    for i in others:
        n = len(s.hands[i]) - len(kept[i])
        s.hands[i] = kept[i] + hidden[at:at + n]
        at += n
    for stack in (s.sarc_stack, s.door_stack, s.regroup_stack):
        rng.shuffle(stack)
    unseen = [i for i, mid in enumerate(s.pile) if mid not in s.seen_cards]
    ids = [s.pile[i] for i in unseen]
    rng.shuffle(ids)
    for i, mid in zip(unseen, ids):
        s.pile[i] = mid
    if not s.boss_awake:
        s.boss_card = rng.choice(sorted(C.BOSSES))
    s.rng = random.Random(rng.random())
    return s
