"""ROBOMissions bots. Every bot sees only `seat_view(state, seat)` and the legal actions.

    bot = make_bot("random" | "easy" | "normal" | "hard")
    action = bot.choose(view, legal_choices, rng)      # or: choose(view, legal_choices, rng, level)

Bots keep no memory between decisions, so one bot may serve any seat and any game.

* random  - any legal action.
* easy    - the normal bot, but half of its decisions are random.
* normal  - fixed priorities (attack, build, protect, draw) with a greedy target score.
* hard    - deals the unseen cards at random into a full guess of the state (never peeking),
            tries every distinct action and every way to finish the card being played, and
            keeps the one whose result scores best for its team. In a team it also weighs the
            enemy its partner attacked last and the enemy that last hit its partner (public in
            the view), so a partner of any kind, a person too, sees it join the focus fire.

Team play (2V1, 2V2): partners may discuss plans but not trade cards or link chains, so both
compute the same "focus" enemy from public information: the weakest enemy, unless a partner
is in danger, in which case the enemy with the most attack power. Every team bot prefers
targets of that player, so partners hit the same enemy without talking.
"""
from __future__ import annotations

import random
from typing import Protocol

from game.robomissions.rules import engine
from game.robomissions.rules.engine import (Action, Cancel, Discard, Draw, EndTurn, Pick, Play, RepairChain, SelfCharge,
                                      UseBattery)
from game.robomissions.rules.view import RobotView, SeatView, determinize

LEVELS = ("random", "easy", "normal", "hard")
DANGER = 60          # a partner with less robot HP left than this needs protecting
HAND_CARD = 8        # evaluation: what a card in hand is worth
ALIVE = 400          # evaluation: what staying in the game is worth
AP_WEIGHT = 3        # evaluation: a point of attack is worth this many points of HP
FOCUS = 0.2          # evaluation: extra weight on the weakest enemy (finish players off)
FOLLOW = 0.3         # hard in a team: extra weight on the enemy its partner attacked last (focus fire)
GUARD = 0.15         # hard in a team: extra weight on an enemy whose last attack hit its partner

KEEP_VALUE = {       # normal/hard discard the lowest of these at the hand limit
    "series": 45, "parallel": 40, "single": 35, "head": 35, "singlebot": 30, "chainbot": 25, "body": 25,
    "force_field": 25, "disperse": 22, "chop": 20, "repair": 20, "arm": 15, "legs": 15, "recharge": 15, "sabotage": 10,
}


class Bot(Protocol):
    def choose(self, view: SeatView, legal: list[Action], rng: random.Random) -> Action: ...


# ----------------------------------------------------------------------------- view helpers
def _card_tag(v: SeatView, uid: int) -> str:
    card = v.cards[uid]
    return card.wiring or card.effect or card.slot or card.kind


def _remaining(r: RobotView) -> int:
    return r.hp - r.damage


def _enemy_seats(v: SeatView) -> list[int]:
    mine = v.teams[v.seat]
    return [s for s, team in enumerate(v.teams) if team != mine and v.alive[s]]


def _robots_of(v: SeatView, seat: int) -> list[RobotView]:
    return [r for r in v.robots if r.owner == seat]


def _strength(v: SeatView, seat: int) -> int:
    return sum(_remaining(r) for r in _robots_of(v, seat))


def focus_enemy(v: SeatView) -> int | None:
    """The enemy this seat's team concentrates on (same answer for every partner)."""
    foes = _enemy_seats(v)
    if not foes:
        return None
    partners = [s for s, team in enumerate(v.teams) if team == v.teams[v.seat] and v.alive[s]]
    if len(partners) > 1 and min(_strength(v, s) for s in partners) < DANGER:
        return max(foes, key=lambda s: (sum(r.ap for r in _robots_of(v, s)), -s))
    return min(foes, key=lambda s: (_strength(v, s), s))


def _segment(v: SeatView, r: RobotView) -> list[int]:
    return engine.segment_of(v.chains[r.owner], r.rid)


def _unit_power(v: SeatView, r: RobotView) -> int:
    if r.kind != "chainbot":
        return r.ap
    return sum(v.robot(x).ap for x in _segment(v, r) if x not in v.attacked)


def _ability(v: SeatView, r: RobotView) -> str:
    return v.cards[dict(r.parts)["core"]].ability if r.kind == "singlebot" else ""


def _robot_worth(r: RobotView) -> int:
    return 25 + _remaining(r) + 2 * r.ap


def _target_score(v: SeatView, target: RobotView, power: int, focus: int | None) -> float:
    if target.shield is not None:
        return 5.0
    if _ability(v, target) == "armor":
        power = max(0, power - engine.ARMOR)
    left = _remaining(target)
    score = 100 + _robot_worth(target) if power >= left else power / left * _robot_worth(target) * 0.5 + target.ap
    return score + (30 if target.owner == focus else 0)


# ----------------------------------------------------------------------------- bots
class RandomBot:
    def choose(self, view: SeatView, legal: list[Action], rng: random.Random) -> Action:
        return rng.choice(legal)


class NormalBot:
    """Fixed priorities; reads only the view."""

    def choose(self, v: SeatView, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if v.phase == "discard":
            return min(legal, key=lambda a: (KEEP_VALUE.get(_card_tag(v, a.card), 0), a.card))  # type: ignore[union-attr]
        if v.pending is not None:
            return self._pick(v, [a for a in legal if isinstance(a, Pick)], focus_enemy(v))
        return self._top(v, legal)

    def _top(self, v: SeatView, legal: list[Action]) -> Action:
        plays = {_card_tag(v, a.card): a for a in legal if isinstance(a, Play)}
        for kind in (UseBattery, SelfCharge):
            found = [a for a in legal if isinstance(a, kind)]
            if found:
                return found[0]
        for tag in ("series", "parallel", "single"):
            if tag in plays:
                return plays[tag]
        own = _robots_of(v, v.seat)
        if "disperse" in plays and max(r.damage for r in own) >= 20:
            return plays["disperse"]
        for tag in ("head", "singlebot", "body", "chainbot", "arm", "legs", "chop"):
            if tag in plays:
                return plays[tag]
        if "repair" in plays and max(r.damage for r in own) >= 20:
            return plays["repair"]
        for tag in ("force_field", "sabotage", "recharge"):
            if tag in plays:
                return plays[tag]
        for kind in (RepairChain, Draw):
            found = [a for a in legal if isinstance(a, kind)]
            if found:
                return found[0]
        return next(a for a in legal if isinstance(a, EndTurn))

    def _pick(self, v: SeatView, picks: list[Pick], focus: int | None) -> Action:
        pend = v.pending
        assert pend is not None
        robots = {r.rid: r for r in v.robots}

        def best(score) -> Pick:
            return max(picks, key=lambda p: (score(p), -p.ref))

        if pend.kind == "attack" and pend.step == "attacker":
            return best(lambda p: _unit_power(v, robots[p.ref]))
        if pend.step in ("target", "counter"):
            if pend.step == "counter":
                power = engine.COUNTER
            else:
                attacker = robots[pend.robot]
                power = _unit_power(v, attacker) * (2 if pend.power == "series" else 1)
            return best(lambda p: _target_score(v, robots[p.ref], power, focus))
        if pend.kind in ("head", "body", "limb") and pend.step == "megabot":
            return best(lambda p: 1 if p.kind == "robot" and robots[p.ref].ap > 0 or pend.kind == "head" and p.kind == "robot" else 0)
        if pend.kind == "force_field":
            return best(lambda p: _robot_worth(robots[p.ref]))
        if pend.kind in ("repair", "disperse"):
            return best(lambda p: robots[p.ref].damage)
        if pend.kind == "chop" and pend.step == "robot":
            return best(lambda p: robots[p.ref].hp + (30 if robots[p.ref].owner == focus else 0))
        if pend.kind == "chop":
            return best(lambda p: (v.cards[p.ref].hp or 0) + v.cards[p.ref].ap)
        if pend.kind == "sabotage":
            return best(lambda p: v.hand_counts[p.ref] + (3 if p.ref == focus else 0))
        return picks[0]    # chain slot (gaps first), arm side


class EasyBot:
    """Half normal, half random: beatable but not silly."""

    def __init__(self) -> None:
        self.normal = NormalBot()

    def choose(self, v: SeatView, legal: list[Action], rng: random.Random) -> Action:
        if rng.random() < 0.5:
            return rng.choice(legal)
        return self.normal.choose(v, legal, rng)


def evaluate(state: engine.GameState, seat: int, teamwork: bool = True) -> float:
    """How good the position is for `seat`'s team (used by the hard bot on its guessed state);
    `teamwork` adds the weight on the enemies its partner is fighting (False: the bot before it)."""
    team = state.players[seat].team
    if state.over:
        mine = [s for s in state.winners if state.players[s].team == team]
        return 1e6 * len(mine) / max(1, len(state.winners)) - 1e6 * (not mine)
    worth = {p.seat: ALIVE + HAND_CARD * len(p.hand) for p in state.players if p.alive}
    for r in state.robots.values():
        if r.owner in worth:
            worth[r.owner] += (25 + engine.robot_hp(state, r) - r.damage + AP_WEIGHT * engine.robot_ap(state, r)
                               + 20 * (r.shield is not None) + 20 * (r.battery is not None))
    score = 0.0
    foes = []
    for other, value in worth.items():
        if state.players[other].team == team:
            score += value
        else:
            score -= value
            foes.append(value)
    # Finishing a weak enemy is worth extra: it removes a whole seat of attacks.
    score = score - FOCUS * min(foes) if foes else score
    return score - _teamwork(state, seat, worth) if teamwork else score


def _teamwork(state: engine.GameState, seat: int, worth: dict[int, float]) -> float:
    """Extra weight on the enemies a teammate would expect us to hit, read from public attacks only:
    the one our partner attacked last (focus fire), and one whose last attack hit our partner."""
    team, extra = state.players[seat].team, 0.0
    for partner in state.players:
        if partner.seat == seat or partner.team != team or not partner.alive:
            continue
        followed = state.last_target[partner.seat]
        if followed in worth and state.players[followed].team != team:
            extra += FOLLOW * worth[followed]
        for foe, hit in enumerate(state.last_target):
            if hit == partner.seat and foe in worth and foe != followed:
                extra += GUARD * worth[foe]
    return extra


class HardBot:
    """Plans the rest of its turn on a sampled (determinized) state.

    Every distinct action is tried with every way to finish its card (one-action lookahead);
    the BEAM best are then followed by their best next action, so a bot with two actions
    left judges pairs such as "draw, then attack" against "attack, then build".
    """

    BEAM = 3

    def __init__(self, teamwork: bool = True) -> None:
        self.normal = NormalBot()
        self.teamwork = teamwork     # False: ignore the partner's target (the bot before it, for measuring)

    def choose(self, v: SeatView, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1 or v.phase == "discard":
            return self.normal.choose(v, legal, rng)
        state = determinize(v, rng)
        ranked = self._one_ply(state, v.seat, legal)
        if not ranked:
            return self.normal.choose(v, legal, rng)
        best_action, best_value = ranked[0][2], float("-inf")
        for value, child, action in ranked[:self.BEAM]:
            if not child.over and child.current == v.seat and child.phase == "main" and child.pending is None:
                follow = self._one_ply(child, v.seat, engine.legal_choices(child))
                value = max(value, follow[0][0]) if follow else value
            if value > best_value:
                best_action, best_value = action, value
        return best_action

    def _one_ply(self, state: engine.GameState, seat: int, legal: list[Action]) -> list[tuple[float, engine.GameState, Action]]:
        """(value, resulting state, action) for each distinct action, best first."""
        can_draw = any(isinstance(a, Draw) for a in legal)
        out = []
        for action in _distinct(state, legal):
            if isinstance(action, Cancel) or (isinstance(action, EndTurn) and can_draw):
                continue   # ending early only looks good because the evaluation stops at the turn
            child = state.copy()
            engine.apply(child, action, check=False)
            value, final = self._finish(child, seat)
            out.append((value, final, action))
        out.sort(key=lambda t: -t[0])
        return out

    def _finish(self, state: engine.GameState, seat: int) -> tuple[float, engine.GameState]:
        """Best (value, state) reachable by completing the pending card's choices."""
        if state.pending is None or state.over or state.current != seat:
            return evaluate(state, seat, self.teamwork), state
        options = [a for a in _distinct(state, engine.legal_choices(state)) if not isinstance(a, Cancel)]
        greedy = state.pending.step == "counter"   # counters one at a time, not every combination
        best: tuple[float, engine.GameState] | None = None
        for a in options:
            child = state.copy()
            engine.apply(child, a, check=False)
            result = (evaluate(child, seat, self.teamwork), child) if greedy else self._finish(child, seat)
            if best is None or result[0] > best[0]:
                best = result
        assert best is not None
        return self._finish(best[1], seat) if greedy else best


def _distinct(state: engine.GameState, legal: list[Action]) -> list[Action]:
    """Drop choices that cannot differ: copies of the same card, Chainbots of one attacking segment."""
    out, seen = [], set()
    pend = state.pending
    for a in legal:
        key: object = a
        if isinstance(a, (Play, Discard)):
            key = (type(a), state.cards[a.card].key)
        elif isinstance(a, Pick) and a.kind == "robot" and pend is not None and pend.step == "attacker":
            robot = state.robots[a.ref]
            if robot.kind == "chainbot" and pend.power != "parallel":
                key = ("segment", tuple(engine.chain_segment(state, robot)))
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out


BOTS = {"random": RandomBot, "easy": EasyBot, "normal": NormalBot, "hard": HardBot}


def make_bot(level: str) -> Bot:
    if level not in BOTS:
        raise ValueError(f"unknown AI level '{level}' (choose from: {', '.join(LEVELS)})")
    return BOTS[level]()


def choose(view: SeatView, legal: list[Action], rng: random.Random, level: str = "normal") -> Action:
    """One decision by a bot of `level` (bots keep no memory, so a fresh one is as good)."""
    return make_bot(level).choose(view, legal, rng)
