"""What one seat may see, and how a bot rebuilds a playable guess from only that.

`seat_view(state, seat)` is the ONLY thing screens and bots should read for a seat: its own hand,
every other hand as a count, the whole table (robots, damage, shields, attached batteries),
pile sizes, the face-up Discard and Used Battery piles, and whose robot each player attacked
last (an attack is played in the open; team bots read it as their partner's target). The deck order and other hands
are never in it, so a bot given a view cannot cheat (cf. OpenSpiel issue 44).

`determinize(view, rng)` builds a full GameState consistent with the view by dealing the
unseen cards at random into the hidden places; bots search on that guess.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from game.robomissions.rules import engine
from game.robomissions.rules.cards import CardDef
from game.robomissions.rules.engine import GameState, Pending, Player, Robot


@dataclass(frozen=True)
class RobotView:
    rid: int
    owner: int
    kind: str
    parts: tuple[tuple[str, int], ...]   # (slot, card uid)
    damage: int
    shield: int | None
    battery: int | None
    battery_turn: int
    hp: int
    ap: int


@dataclass(frozen=True)
class SeatView:
    seat: int
    mode: str
    cards: tuple[CardDef, ...]            # catalogue: card uid -> definition (public knowledge)
    current: int
    phase: str
    actions_left: int
    turn: int
    hand: tuple[int, ...]                 # this seat's hand only
    hand_counts: tuple[int, ...]
    teams: tuple[int, ...]
    alive: tuple[bool, ...]
    turns_taken: tuple[int, ...]
    buff_drawn: tuple[bool, ...]
    bots: tuple[tuple[int, ...], ...]     # per seat: Megabot/Singlebot ids
    chains: tuple[tuple[int | None, ...], ...]
    robots: tuple[RobotView, ...]         # sorted by id
    attacked: tuple[int, ...]
    last_target: tuple[int | None, ...]   # per seat: whose robot it attacked last (public), None before
    deck_size: int
    endgame: bool
    deck_exhausted: bool
    discard: tuple[int, ...]
    used: tuple[int, ...]
    pending: Pending | None               # only shown to the seat making the choice
    over: bool
    winners: tuple[int, ...]

    def robot(self, rid: int) -> RobotView:
        return next(r for r in self.robots if r.rid == rid)


def seat_view(state: GameState, seat: int) -> SeatView:
    players = state.players
    return SeatView(
        seat=seat, mode=state.mode, cards=state.cards, current=state.current, phase=state.phase,
        actions_left=state.actions_left, turn=state.turn,
        hand=tuple(players[seat].hand),
        hand_counts=tuple(len(p.hand) for p in players),
        teams=tuple(p.team for p in players),
        alive=tuple(p.alive for p in players),
        turns_taken=tuple(p.turns_taken for p in players),
        buff_drawn=tuple(p.buff_drawn for p in players),
        bots=tuple(tuple(p.bots) for p in players),
        chains=tuple(tuple(p.chain) for p in players),
        robots=tuple(
            RobotView(r.rid, r.owner, r.kind, tuple(r.parts.items()), r.damage, r.shield, r.battery,
                      r.battery_turn, engine.robot_hp(state, r), engine.robot_ap(state, r))
            for r in sorted(state.robots.values(), key=lambda r: r.rid)),
        attacked=tuple(sorted(state.attacked)),
        last_target=tuple(state.last_target),
        deck_size=len(state.deck), endgame=state.endgame, deck_exhausted=state.deck_exhausted,
        discard=tuple(state.discard), used=tuple(state.used),
        pending=state.pending if seat == state.current else None,
        over=state.over, winners=state.winners,
    )


def unseen_cards(v: SeatView) -> list[int]:
    """Cards this seat cannot locate: the union of the deck and the other players' hands."""
    seen = set(v.hand) | set(v.discard) | set(v.used)
    for r in v.robots:
        seen.update(uid for _, uid in r.parts)
        seen.update(uid for uid in (r.shield, r.battery) if uid is not None)
    return [uid for uid in range(len(v.cards)) if uid not in seen]


def determinize(v: SeatView, rng: random.Random) -> GameState:
    """A full game state matching the view, with hidden cards dealt at random."""
    hidden = unseen_cards(v)
    rng.shuffle(hidden)
    players = []
    for seat, team in enumerate(v.teams):
        if seat == v.seat:
            hand = list(v.hand)
        else:
            hand, hidden = hidden[:v.hand_counts[seat]], hidden[v.hand_counts[seat]:]
        players.append(Player(seat, team, hand, list(v.bots[seat]), list(v.chains[seat]),
                              v.turns_taken[seat], v.alive[seat], v.buff_drawn[seat]))
    state = GameState(v.mode, rng.getrandbits(32), v.cards, players)
    state.deck = hidden
    state.discard, state.used = list(v.discard), list(v.used)
    state.endgame, state.deck_exhausted = v.endgame, v.deck_exhausted
    state.robots = {r.rid: Robot(r.rid, r.owner, r.kind, dict(r.parts), r.damage, r.shield, r.battery, r.battery_turn)
                    for r in v.robots}
    state.next_rid = max(state.robots, default=-1) + 1 + 1000   # fresh ids never clash
    state.current, state.actions_left, state.phase, state.turn = v.current, v.actions_left, v.phase, v.turn
    state.attacked = set(v.attacked)
    state.last_target = list(v.last_target)
    state.pending = v.pending
    state.over, state.winners = v.over, v.winners
    return state
