"""Decision-level A/B of Robo Run AI variants (issue 22, eighth pass).

    python -m game.roborun.tools.decision_ab --variants pass-habit,like-me-searched \
        --partners greedy,noisy,novice,selfish --deals 4700-4701 --playouts 8

Whole-game A/B cannot see a small gain here: a variant changes one early decision, the two
games then share nothing, and 19-52 of 480 outcomes flip each way by chance (seventh pass,
docs/roborun-ai.md). This tool judges the changed decisions instead. It plays each deal as
the cross-play does (the same seeds), the base AI in one seat and a partner in the other, and
asks every variant the same question at each of the base's decisions (same view, same
generator state; after each decision a variant's own-turn memory is set to the base's, so it
only ever differs from the base by its own rule and its belief). Wherever a variant's choice
differs from the base's, both choices are played out `playouts` times from the true position:
the rest of the game by the base AI (with the memory of whoever chose), the same partner with
a fresh generator, the hidden deck orders shuffled anew. Playout i of every choice uses the
same seeds (common random numbers). A divergence's gain is the variant choice's win rate minus
the base choice's; the report gives the mean gain over divergences and its standard error,
per partner and overall. Deterministic for its arguments (the AI is bounded by work).

AI kinds: easy, normal, hard (main's AI), weak (the card its evaluation judges worst, otherwise
easy: a variant known to be worse, for checking the tool), and the seventh pass's belief fixes,
re-created here so ai/ stays main's until one is kept:
  pass-habit        (A) a PASS habit learned per game: "plain" (PASS as the models say) or
                    "rare" (a tenth of that), half and half at first, updated by Bayes' rule at
                    every partner choice where PASS was open; PASS keeps its share when every
                    card loses
  like-me-searched  (C) the like_me model judges the partner's options by the searched value
                    (near a round's end the look-ahead searches them deeper), not the one-card one
and the ninth pass's candidates:
  start-deep        (a) who starts the round: both options one card deep, then both deeper
                    (starter's card and the reply) while each has an equal share of the work
  tempo             (b) round 4, more moves needed than the cards probably give: bad robots'
                    nearness counted at half, the time shortfall at twice, for that decision
  care-floor        (c) card denial: the `random` model keeps at least its prior share of the
                    belief, so the look-ahead leaves a now-and-then careless partner safe cards
and the tenth pass's ceiling probes and candidate:
  oracle-type       the belief is told the partner's kind and never moves: frozen at the
                    closest model (ORACLE_TYPE: selfish and follower selfish, reckless reckless,
                    timid and cautious cautious, novice random, greedy like_me, noisy like_me 0.8
                    + random 0.2, confused like_me 0.9 + random 0.1; an AI partner like_me)
  oracle-policy     the partner model is the real partner: at each partner card the look-ahead
                    imagines, each option's share of ORACLE_SAMPLES choices of a fresh copy of the
                    real style on that imagined view (values and careless steering as main's,
                    mixed by the style's random share; PASS trap off); an AI partner: oracle-type
  more-search       hard with twice its checkpoints (380 a card, 180 inside a card)
  steer-plain       decisions inside a card (directions, windows, CHIP levels, bad robots'
                    directions) against a like_me-only partner; card, start and BEEP keep the belief
The oracles are built for the partner they play with (make_ai(kind, partner)).
"""
from __future__ import annotations

import argparse
import copy
import math
import random
import sys
from dataclasses import dataclass, field, replace
from multiprocessing import get_context

from game.core.errors import UserError, run_tool
from game.roborun.ai.belief import MODELS, NOISE, FLOOR, Option, PartnerBelief, model_policy
from game.roborun.ai import evaluate as evaluation
from game.roborun.ai import player as ai_player
from game.roborun.ai.evaluate import evaluate
from game.roborun.ai.player import RoboRunAI, _WorkClock, _completed, complete
from game.roborun.ai.seat_state import state_from_view
from game.roborun.partners import STYLES, make_partner
from game.roborun.rules.engine import apply, legal_choices, new_game
from game.roborun.rules.state import Choice, GameState
from game.roborun.rules.view import seat_view
from game.roborun.tools.crossplay import MAX_DECISIONS_PER_GAME

RARE_PASS = 0.1        # pass-habit: a "rare" passer PASSes a tenth as often as the models say


# ---------------------------------------------------------------- the variants
class _PolicyBelief(PartnerBelief):
    """A belief whose planning policy a variant may change (`policy`); otherwise main's."""

    def policy(self, model: str, options: list[Option], avoid: frozenset[int], values: list[float]) -> list[float]:
        return model_policy(model, options, avoid, planning=True)

    def expected(self, options, values, avoid=frozenset(), random_values=None) -> float:
        total = 0.0
        for model, weight in self.weights.items():
            probs = self.policy(model, options, avoid, values)
            judged = random_values if model == "random" and random_values is not None else values
            total += weight * sum(p * v for p, v in zip(probs, judged))
        return total


def _pass_scaled(probs: list[float], options: list[Option], factor: float) -> list[float]:
    """`probs` with PASS's share times `factor`, renormalised; unchanged when every card loses."""
    index = next((i for i, o in enumerate(options) if o.is_pass), None)
    if index is None or factor == 1.0 or probs[index] >= 1.0 or \
            all(o.loses for i, o in enumerate(options) if i != index):
        return probs
    passing = probs[index] * factor
    rest = (1.0 - passing) / (1.0 - probs[index])
    return [passing if i == index else p * rest for i, p in enumerate(probs)]


class PassHabitBelief(_PolicyBelief):
    """(A) How readily this partner PASSes, learned per game: "plain" or "rare"."""

    def __init__(self) -> None:
        super().__init__()
        self.passing = {"plain": 0.5, "rare": 0.5}

    def reset(self) -> None:
        super().reset()
        self.passing = {"plain": 0.5, "rare": 0.5}

    def policy(self, model, options, avoid, values):
        probs = model_policy(model, options, avoid, planning=True)
        return [self.passing["plain"] * p + self.passing["rare"] * q
                for p, q in zip(probs, _pass_scaled(probs, options, RARE_PASS))]

    def update(self, options, picked, avoid=frozenset()) -> None:
        n = len(options)
        if n >= 2 and 0 <= picked < n and any(o.is_pass for o in options):
            posterior = {}
            for habit, factor in (("plain", 1.0), ("rare", RARE_PASS)):
                likely = sum(w * ((1.0 - NOISE) * _pass_scaled(model_policy(m, options, avoid), options, factor)[picked]
                                  + NOISE / n) for m, w in self.weights.items())
                posterior[habit] = self.passing[habit] * likely
            total = sum(posterior.values())
            self.passing = {h: FLOOR + (1.0 - 2 * FLOOR) * w / total for h, w in posterior.items()}
        super().update(options, picked, avoid)


class LikeMeSearchedBelief(_PolicyBelief):
    """(C) like_me scores the partner's options by the searched value, the other models as main's."""

    def policy(self, model, options, avoid, values):
        if model == "like_me":
            options = [replace(o, value=v) for o, v in zip(options, values)]
        return model_policy(model, options, avoid, planning=True)


CARE_FLOOR = 0.15      # care-floor: the `random` model's weight never falls below its prior


class CareFloorBelief(PartnerBelief):
    """(ninth pass, c) Card denial for partners who are careless now and then: the `random`
    model keeps at least CARE_FLOOR of the belief, so the look-ahead always counts on a share
    of the partner's cards being any safe card, steered carelessly (a noisy partner's one
    choice in five; a pure-type belief reads it as greedy and `random` falls below CARELESS_FROM),
    and prefers to leave that partner cards it cannot play badly."""

    def update(self, options, picked, avoid=frozenset()) -> None:
        super().update(options, picked, avoid)
        weights = self.weights
        if weights["random"] < CARE_FLOOR:
            rest = sum(w for m, w in weights.items() if m != "random")
            self.weights = {m: (CARE_FLOOR if m == "random" else w * (1.0 - CARE_FLOOR) / rest)
                            for m, w in weights.items()}


class WeakAI(RoboRunAI):
    """At a card choice, the card or PASS whose greedy resolution its own evaluation judges
    worst; everything else as easy: a variant known to be worse, to check the tool."""

    def __init__(self) -> None:
        super().__init__("easy")

    def choose(self, view, choices, rng=None, budget_ms=None):
        rng = rng or random.Random(0)
        easy = super().choose(view, choices, rng, budget_ms)       # keeps its memory in step
        if view.decision_kind != "card" or len(choices) < 2:
            return easy
        root = state_from_view(view, random.Random(rng.getrandbits(64)))
        judged = [(evaluate(after), i) for i, c in enumerate(choices) if c.kind in ("play", "pass")
                  and (after := _completed(root, c)) is not None]
        return choices[min(judged)[1]] if judged else easy


class StartDeepAI(RoboRunAI):
    """(ninth pass, a) Who starts the round, each option searched alike: both one card deep
    first, then both deeper (the starter's card and the reply, then one more card) while the
    work lasts. Only a depth every option completed within its share of the work counts.
    Main's AI scores each option one card deep (the starter's first card)."""

    def _choose_start(self, root, clock):
        options = list(root.pending.options)
        starts = []
        for option in options:
            state = root.copy()
            apply(state, option)
            complete(state)
            starts.append(state)
        values = [self._reply_value(s, clock) for s in starts]
        for depth in (2, 3):
            left = clock.left if isinstance(clock, _WorkClock) else 0
            share = left // len(options)
            if share < 8:
                break
            deeper = []
            for state in starts:
                own = _WorkClock(share)
                deeper.append(self._reply_value(state, own, depth))
                clock.left -= share - max(own.left, 0)
                if own.left < 0:
                    break                        # this option's search was cut: the depth is not fair
            if len(deeper) < len(options):
                break
            values = deeper
        return max(options, key=lambda c: (values[options.index(c)], -options.index(c)))


TEMPO_DANGER = 0.5     # tempo: bad robots' nearness counted at this share ...
TEMPO_LATE = 2.0       # ... and each move the remaining cards cannot give this many times


class TempoAI(RoboRunAI):
    """(ninth pass, b) Round 4 with more moves still needed than the round's cards probably give:
    progress over safety (a loss on time is as lost as a destroyed robot) - the nearness of bad
    robots counted at TEMPO_DANGER and the time shortfall at TEMPO_LATE times, for that decision."""

    def choose(self, view, choices, rng=None, budget_ms=None):
        if view.round != 4 or len(choices) < 2 or not _short_of_time(view):
            return super().choose(view, choices, rng, budget_ms)
        kept = evaluation.DANGER, evaluation.LATE_W
        evaluation.DANGER = {d: w * TEMPO_DANGER for d, w in kept[0].items()}
        evaluation.LATE_W = kept[1] * TEMPO_LATE
        try:
            return super().choose(view, choices, rng, budget_ms)
        finally:
            evaluation.DANGER, evaluation.LATE_W = kept


def _short_of_time(view) -> bool:
    """More moves needed than the remaining cards probably give (evaluate's shortfall > 0),
    read as the change in the evaluation when the shortfall's weight changes."""
    state = state_from_view(view, random.Random(0))     # deck orders do not enter the shortfall
    kept = evaluation.LATE_W
    try:
        evaluation.LATE_W = 0.0
        without = evaluation.evaluate(state)
        evaluation.LATE_W = 1.0
        shortfall = without - evaluation.evaluate(state)
    finally:
        evaluation.LATE_W = kept
    return shortfall > 0.0


# ---------------------------------------------------------------- tenth pass: ceiling probes
# oracle-type: the belief knows the partner's kind and never moves. Each measuring style is
# mapped to the closest model of ai/belief.py (the brief's mapping); a style that is a mixture
# gets the mixture. An AI partner (hard itself) is like_me.
ORACLE_TYPE = {
    "selfish": {"selfish": 1.0},
    "follower": {"selfish": 1.0},         # selfish unless BEEPed (the models all obey a BEEP)
    "reckless": {"reckless": 1.0},
    "timid": {"cautious": 1.0},
    "cautious": {"cautious": 1.0},
    "novice": {"random": 1.0},
    "greedy": {"like_me": 1.0},
    "confused": {"like_me": 0.9, "random": 0.1},   # greedy, one card in ten misread
    "noisy": {"like_me": 0.8, "random": 0.2},      # greedy, one decision in five at random
}
ORACLE_SAMPLES = 4     # oracle-policy: the real partner asked this many times per imagined turn


def oracle_weights(partner: str) -> dict[str, float]:
    """The frozen belief for a partner of kind `partner` (an AI kind: like_me)."""
    kind = ORACLE_TYPE.get(partner, {"like_me": 1.0})
    return {m: kind.get(m, 0.0) for m in MODELS}


class OracleTypeBelief(PartnerBelief):
    """(tenth pass, probe 1) The belief is told the partner's true kind and never moves (the
    card shortfall behind a PASS's cost is still learned from its cards, as main's)."""

    def __init__(self, partner: str) -> None:
        self.frozen = oracle_weights(partner)
        super().__init__()
        self.weights = dict(self.frozen)

    def reset(self) -> None:
        super().reset()
        self.weights = dict(self.frozen)

    def update(self, options, picked, avoid=frozenset()) -> None:
        super().update(options, picked, avoid)
        self.weights = dict(self.frozen)


class OraclePolicyBelief(OracleTypeBelief):
    """(tenth pass, probe 1b) The partner model IS the real partner: at each partner card choice
    the look-ahead imagines, each option's probability is its share of ORACLE_SAMPLES choices of
    a fresh copy of the real style on that imagined seat view. The options' values are main's
    (the AI's steering of each card), mixed with the careless steering by the style's random
    share (novice all, noisy a fifth). Outside the look-ahead's partner turns (the BEEP
    window's wasted-card test) and with an AI partner: the oracle type."""

    def __init__(self, partner: str) -> None:
        super().__init__(partner)
        self.partner = partner
        self.stack: list[tuple[GameState, int]] = []   # (position, the AI's seat) of each _reply_value
        self.asked = 0                                 # seeds the sampled partners: deterministic

    def expected(self, options, values, avoid=frozenset(), random_values=None) -> float:
        probs = self._real_policy(len(options)) if self.partner in STYLES and self.stack else None
        if probs is None:
            return super().expected(options, values, avoid, random_values)
        steer = self.frozen["random"]
        judged = values if random_values is None else \
            [(1.0 - steer) * v + steer * r for v, r in zip(values, random_values)]
        return sum(p * v for p, v in zip(probs, judged))

    def _real_policy(self, n: int) -> list[float] | None:
        state, seat = self.stack[-1]
        state = state.copy()
        if state.pending is not None and state.pending.kind == "beep":
            apply(state, Choice("no_beep"))
            complete(state)
        dec = state.pending
        if state.outcome is not None or dec is None or dec.kind != "card" or dec.seat == seat:
            return None
        keys = [o for o in dec.options if o.kind in ("play", "pass")][:n]
        view, choices = seat_view(state, dec.seat), legal_choices(state)
        counts = [0] * len(keys)
        for _ in range(ORACLE_SAMPLES):
            self.asked += 1
            pick = make_partner(self.partner, 7919 * self.asked + 1).choose(view, choices)
            if pick in keys:
                counts[keys.index(pick)] += 1
        total = sum(counts)
        return [c / total for c in counts] if total else None


class OraclePolicyAI(RoboRunAI):
    """Hard with an OraclePolicyBelief: every _reply_value leaves its position where the belief
    can see it; the PASS trap's guess is off (the real partner's PASS is in its sampled choices)."""

    def __init__(self, partner: str) -> None:
        super().__init__("hard")
        self.belief = OraclePolicyBelief(partner)

    def choose(self, view, choices, rng=None, budget_ms=None):
        kept = ai_player._with_pass_trap
        if self.belief.partner in STYLES:
            ai_player._with_pass_trap = lambda expected, *_: expected
        try:
            return super().choose(view, choices, rng, budget_ms)
        finally:
            ai_player._with_pass_trap = kept

    def _reply_value(self, state, clock, depth=1):
        self.belief.stack.append((state, self.seat_now))
        try:
            return super()._reply_value(state, clock, depth)
        finally:
            self.belief.stack.pop()


MORE_CHECKS, MORE_INSIDE = 2 * ai_player.CHECKS["hard"], 2 * ai_player.INSIDE_CHECKS


class MoreSearchAI(RoboRunAI):
    """(tenth pass, probe 2) Hard with twice its search checkpoints: 380 at a card, the start
    and the BEEP window, 180 inside a card. Is the work bound what limits it?"""

    def __init__(self, level: str = "hard") -> None:
        super().__init__(level, checks=MORE_CHECKS)

    def choose(self, view, choices, rng=None, budget_ms=None):
        kept = ai_player.INSIDE_CHECKS
        ai_player.INSIDE_CHECKS = MORE_INSIDE
        try:
            return super().choose(view, choices, rng, budget_ms)
        finally:
            ai_player.INSIDE_CHECKS = kept


CARD_KINDS = ("card", "start", "beep")      # steer-plain keeps the belief for these


def like_me_only(belief: PartnerBelief) -> PartnerBelief:
    """A belief that is all like_me (no prior, no learning), with `belief`'s card shortfall."""
    plain = PartnerBelief()
    plain.weights = {m: (1.0 if m == "like_me" else 0.0) for m in MODELS}
    plain.regret, plain.observed = belief.regret, belief.observed
    return plain


class SteerPlainAI(RoboRunAI):
    """(tenth pass, candidate 3) Decisions inside a card (directions, ability windows, CHIP
    levels, bad robots' directions, ...) are taken against a like_me-only partner; card
    choices, who starts and the BEEP window keep the belief. The belief still learns at every
    decision (the partner's card is judged before the swap)."""

    def choose(self, view, choices, rng=None, budget_ms=None):
        if view.decision_kind in CARD_KINDS or len(choices) < 2:
            return super().choose(view, choices, rng, budget_ms)
        self._watch_partner(view)                # learn into the real belief first
        real = self.belief
        self.belief = like_me_only(real)
        try:
            return super().choose(view, choices, rng, budget_ms)
        finally:
            self.belief = real


BELIEFS = {"pass-habit": PassHabitBelief, "like-me-searched": LikeMeSearchedBelief, "care-floor": CareFloorBelief}
AIS = {"start-deep": StartDeepAI, "tempo": TempoAI, "more-search": MoreSearchAI, "steer-plain": SteerPlainAI}
ORACLES = ("oracle-type", "oracle-policy")      # built for the partner they play with
AI_KINDS = ("easy", "normal", "hard", "weak") + tuple(BELIEFS) + tuple(AIS) + ORACLES


def make_ai(kind: str, partner: str = "hard") -> RoboRunAI:
    """An AI of `kind`; the oracles are told `partner`, the kind they play with."""
    if kind == "weak":
        return WeakAI()
    if kind == "oracle-type":
        ai = RoboRunAI("hard")
        ai.belief = OracleTypeBelief(partner)
        return ai
    if kind == "oracle-policy":
        return OraclePolicyAI(partner)
    if kind in AIS:
        return AIS[kind]("hard")
    if kind in BELIEFS:
        ai = RoboRunAI("hard")
        ai.belief = BELIEFS[kind]()
        return ai
    if kind in ("easy", "normal", "hard"):
        return RoboRunAI(kind)
    raise UserError("--base/--variants", f"unknown AI {kind!r} (use {', '.join(AI_KINDS)})")


def fork_ai(ai: RoboRunAI, memory_from: RoboRunAI) -> RoboRunAI:
    """A copy of `ai` (its class, belief, level) carrying the own-turn memory of `memory_from`
    (the shadow of its own turn, the partner position it waits to judge, its BEEP, messages):
    what `ai` would know had it made the choice `memory_from` made."""
    new = copy.copy(ai)
    new.belief = copy.deepcopy(ai.belief)
    new.warned = dict(memory_from.warned)
    new.messages_seen = memory_from.messages_seen
    new.shadow = None if memory_from.shadow is None else memory_from.shadow.copy()
    new.before_partner = None if memory_from.before_partner is None else memory_from.before_partner.copy()
    new.my_beep, new.seen_round, new.seat_now = memory_from.my_beep, memory_from.seen_round, memory_from.seat_now
    return new


class Seat:
    """A partner seat: a style of game.roborun.partners or an AI kind, with choose(view, choices, rng)."""

    def __init__(self, kind: str, deal: int) -> None:
        self.kind = kind
        self.player = make_partner(kind, deal) if kind in STYLES else make_ai(kind)

    def choose(self, view, choices, rng):
        if isinstance(self.player, RoboRunAI):
            return self.player.choose(view, choices, rng)
        return self.player.choose(view, choices)

    def fork(self, seed: int) -> "Seat":
        """This seat with its memory and a fresh generator."""
        new = copy.copy(self)
        if isinstance(self.player, RoboRunAI):
            new.player = fork_ai(self.player, self.player)
        else:
            new.player = copy.deepcopy(self.player)
            new.player.rng = random.Random(seed)
        return new


# ---------------------------------------------------------------- one deal
@dataclass
class Divergence:
    level: str
    deal: int
    partner: str
    seat: int
    decision: int
    kind: str
    round: int
    base: str
    wins: dict = field(default_factory=dict)    # choice label -> playouts won
    picks: dict = field(default_factory=dict)   # variant -> its choice's label


def _label(choice: Choice) -> str:
    return f"{choice.kind} {' '.join(map(str, choice.args))}".strip()


def _decisions(state: GameState):
    """(seat, legal choices, its view) at each decision until the game ends; the caller
    applies a choice between two."""
    for _ in range(MAX_DECISIONS_PER_GAME):
        seat = state.decision_seat
        if seat is None:
            return
        yield seat, legal_choices(state), seat_view(state, seat)


def play_out(state: GameState, choice: Choice, ai_seat: int, ai: RoboRunAI, partner: Seat, seed: str) -> bool:
    """Apply `choice` to a copy of `state` and play to the end: `ai` in ai_seat, `partner` in the
    other, the hidden deck orders shuffled anew. True if the scenario is won."""
    rng = random.Random(seed)
    s = state.copy()
    rng.shuffle(s.event_deck)
    rng.shuffle(s.equip_deck)
    partner = partner.fork(rng.getrandbits(64))
    game_rng = random.Random(rng.getrandbits(64))
    apply(s, choice)
    for seat, choices, view in _decisions(s):
        pick = ai.choose(view, choices, game_rng) if seat == ai_seat else partner.choose(view, choices, game_rng)
        apply(s, pick)
    return s.outcome == "won"


def ab_deal(level_id: str, deal: int, partner_kind: str, ai_seat: int, base_kind: str,
            variant_kinds: tuple[str, ...], playouts: int, level=None,
            max_divergences: int | None = None) -> tuple[int, list[Divergence]]:
    """Play one deal with the base AI in `ai_seat`; return (its decisions, the divergences).
    With `max_divergences`, stop at that many (a quick check)."""
    if level is None:
        from game.roborun.levels.tmx_loader import find_level, load_level
        level = load_level(find_level(level_id))
    state = new_game(level, deal)
    rng = random.Random(deal * 7919 + 17)            # crossplay.play_game's generator for this deal
    base = make_ai(base_kind)
    variants = [make_ai(k, partner_kind) for k in variant_kinds]
    partner = Seat(partner_kind, deal)
    out: list[Divergence] = []
    decisions = 0
    for seat, choices, view in _decisions(state):
        if seat != ai_seat:
            apply(state, partner.choose(view, choices, rng))
            continue
        asked = rng.getstate()
        picks = []
        for variant in variants:
            shared = random.Random()
            shared.setstate(asked)
            picks.append(variant.choose(view, choices, shared))
        choice = base.choose(view, choices, rng)
        if any(p != choice for p in picks):
            div = Divergence(level_id, deal, partner_kind, ai_seat, decisions, view.decision_kind, state.round,
                             _label(choice), picks={k: _label(p) for k, p in zip(variant_kinds, picks)})
            chooser = {choice: base}
            for variant, pick in zip(variants, picks):
                chooser.setdefault(pick, variant)
            for option, who in chooser.items():
                div.wins[_label(option)] = sum(
                    play_out(state, option, ai_seat, fork_ai(base, who), partner,
                             f"{level_id}/{deal}/{partner_kind}/{ai_seat}/{decisions}/{i}")
                    for i in range(playouts))
            out.append(div)
            if max_divergences is not None and len(out) >= max_divergences:
                break
        for variant in variants:
            _sync(variant, base)
        decisions += 1
        apply(state, choice)
    return decisions, out


def _sync(variant: RoboRunAI, base: RoboRunAI) -> None:
    """After the base's choice went into the game: the variant's own-turn memory is the base's."""
    synced = fork_ai(variant, base)
    variant.__dict__.update({k: v for k, v in synced.__dict__.items() if k != "belief"})


# ---------------------------------------------------------------- many deals
def _gains(divs: list[Divergence], variant: str, playouts: int) -> list[float]:
    return [(d.wins[d.picks[variant]] - d.wins[d.base]) / playouts
            for d in divs if d.picks[variant] != d.base]


def mean_se(values: list[float]) -> tuple[float, float]:
    """Mean and its standard error (0 for fewer than two values)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def summarise(divs: list[Divergence], variants: tuple[str, ...], partners: tuple[str, ...], playouts: int) -> dict:
    """Per variant, per partner and overall: divergences, mean gain and its standard error
    (gain = the variant choice's playout win rate minus the base choice's), and the summed gain."""
    out = {}
    for variant in variants:
        rows = {}
        for partner in partners + ("all",):
            gains = _gains([d for d in divs if partner in ("all", d.partner)], variant, playouts)
            mean, se = mean_se(gains)
            rows[partner] = {"divergences": len(gains), "mean_gain": round(mean, 4), "se": round(se, 4),
                             "summed_gain": round(sum(gains), 3)}
        out[variant] = rows
    return out


def _task(args):
    return ab_deal(*args)


def run(levels: list[str], deals: list[int], partners: tuple[str, ...], seats: tuple[int, ...], base: str,
        variants: tuple[str, ...], playouts: int, jobs: int = 1, progress=None) -> dict:
    """Every (level, deal, partner, seat) game; the divergences and their summary. `progress`
    is called with the result so far after each game (games end in the order they are listed)."""
    tasks = [(lv, d, p, s, base, variants, playouts) for lv in levels for d in deals for p in partners for s in seats]
    result = {"games": 0, "decisions": 0, "playouts": playouts, "base": base}
    divs: list[Divergence] = []

    def add(task, found_in_game):
        n, found = found_in_game
        result["games"] += 1
        result["decisions"] += n
        divs.extend(found)
        result["summary"] = summarise(divs, variants, partners, playouts)
        result["divergences"] = [d.__dict__ for d in divs]
        if progress:
            progress(task, n, found, result)

    if jobs > 1:
        with get_context("fork").Pool(jobs) as pool:
            for task, found_in_game in zip(tasks, pool.imap(_task, tasks)):
                add(task, found_in_game)
    else:
        for task in tasks:
            add(task, _task(task))
    return result


def report_lines(result: dict) -> list[str]:
    lines = [f"{result['games']} games, {result['decisions']} base decisions, {result['playouts']} playouts per choice"]
    for variant, rows in result["summary"].items():
        lines.append(f"{variant} vs {result['base']}:")
        for partner, r in rows.items():
            lines.append(f"  {partner:>10}: {r['divergences']:4d} divergences, gain {r['mean_gain']:+.3f} "
                         f"± {r['se']:.3f} per decision (sum {r['summed_gain']:+.2f})")
    return lines


def _deals(text: str) -> list[int]:
    try:
        if "-" in text:
            first, last = (int(x) for x in text.split("-", 1))
        else:
            first = last = int(text)
    except ValueError:
        raise UserError("--deals", f"{text!r} is not a deal or a range like 4700-4705") from None
    if first < 0 or last < first:
        raise UserError("--deals", f"{text!r}: a range runs from a low deal to a higher one")
    if last >= 9000:
        raise UserError("--deals", "deals 9000 and up are held out for the record: tune on lower ones")
    return list(range(first, last + 1))


def _names(text: str, known: tuple[str, ...], flag: str) -> tuple[str, ...]:
    names = tuple(x for x in text.split(",") if x)
    bad = [x for x in names if x not in known]
    if not names or bad:
        raise UserError(flag, f"unknown {', '.join(map(repr, bad)) or 'empty list'} (use {', '.join(known)})")
    return names


def parse(argv: list[str]) -> argparse.Namespace:
    from game.roborun.levels.tmx_loader import list_levels
    parser = argparse.ArgumentParser(prog="python -m game.roborun.tools.decision_ab", description=__doc__.split("\n")[0])
    parser.add_argument("--base", default="hard")
    parser.add_argument("--variants", default="pass-habit,like-me-searched")
    parser.add_argument("--partners", default="greedy,noisy,novice,selfish")
    parser.add_argument("--deals", default="4700")
    parser.add_argument("--levels", default="all", help="comma-separated scenario ids, or all")
    parser.add_argument("--seats", default="both", choices=("0", "1", "both"), help="the base AI's seat")
    parser.add_argument("--playouts", default="8")
    parser.add_argument("--jobs", default="1")
    parser.add_argument("--json", default=None, help="write every divergence and the summary here")
    args = parser.parse_args(argv)
    shipped = tuple(ref for ref, _ in list_levels())
    args.levels = list(shipped if args.levels == "all" else _names(args.levels, shipped, "--levels"))
    args.deals = _deals(args.deals)
    args.base = _names(args.base, AI_KINDS, "--base")[0]
    args.variants = _names(args.variants, AI_KINDS, "--variants")
    args.partners = _names(args.partners, tuple(STYLES) + AI_KINDS, "--partners")
    args.seats = (0, 1) if args.seats == "both" else (int(args.seats),)
    for flag in ("playouts", "jobs"):
        value = getattr(args, flag)
        if not value.isdigit() or not 1 <= int(value) <= 1000:
            raise UserError(f"--{flag}", f"{value!r} is not a whole number from 1 to 1000")
        setattr(args, flag, int(value))
    return args


def _write_json(path: str, result: dict) -> None:
    import json
    from pathlib import Path
    from game.core.storage import write_atomic
    try:
        write_atomic(Path(path), json.dumps(result, indent=1))
    except OSError as exc:
        raise UserError(path, exc.strerror or "cannot write") from None


def main(argv: list[str]) -> int:
    args = parse(argv)

    def progress(task, n, found, so_far):
        print(f"{task[0]} deal {task[1]} {task[2]} seat {task[3]}: {n} decisions, {len(found)} divergent",
              file=sys.stderr, flush=True)
        if args.json:                    # after every game, so a run stopped early keeps its figures
            _write_json(args.json, so_far)

    result = run(args.levels, args.deals, args.partners, args.seats, args.base, args.variants,
                 args.playouts, args.jobs, progress)
    print("\n".join(report_lines(result)))
    return 0


if __name__ == "__main__":
    run_tool(main)
