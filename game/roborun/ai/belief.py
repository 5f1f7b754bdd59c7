"""What kind of teammate is this? A belief over partner models, learned from its choices.

Robo Run is mostly played by one person with the AI as teammate, and a person does not think
like the AI's search. Type-based reasoning (Albrecht & Stone 2018; Barrett & Stone's PLASTIC):
keep a small library of clearly different partner models, weigh each by how well it explains
the partner's observed card choices, and plan against the mixture.

The models (each a probability over the partner's card options, from features of the
position after each option):

  like_me    the team's value (evaluate) one card deep: a partner who plays like this AI
  selfish    its own robots' moves to their exits; ignores its mate and the bad robots
  reckless   every good robot's moves to the exits; ignores the bad robots
  cautious   keeps the good robots away from bad robots, takes PASS readily
  random     any option (a novice, a distracted or confused player)

Every model except `random` sees a card that loses at once ("a robot is destroyed"), as any
player looking at the board does; `random` does not. Each model's probabilities are mixed
with a little of the uniform one (NOISE) before they are multiplied into the belief, so no
model's weight ever reaches zero on one surprising card, and the weights are kept above
FLOOR so the belief can move back when the partner changes its play.

A partner no model explains well keeps a broad belief: the planner then expects the average
of the models, `random` included - robust play that does not count on any one convention.

The belief lives in one RoboRunAI and is reset when a new game starts (the start decision of
round 1). It also tracks how far below the best card the partner's cards fall
(card_shortfall): what handing the partner one more card with a PASS is expected to cost.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from game.roborun.ai.board import INF, exit_distance
from game.roborun.rules.state import GOOD, GameState

MODELS = ("like_me", "selfish", "reckless", "cautious", "random")
PRIOR = {"like_me": 0.45, "selfish": 0.13, "reckless": 0.14, "cautious": 0.13, "random": 0.15}
NOISE = 0.1            # share of the uniform policy mixed into each model's likelihood
FLOOR = 0.02           # no model's weight goes below this
TEMPERATURE = {"like_me": 12.0, "selfish": 1.2, "reckless": 1.2, "cautious": 1.0}   # softmax temperatures
CAUTIOUS_PASS = 1.5    # cautious: PASS is worth this many points of safety
FAR = 4                # cautious: bad robots further than this many spaces do not matter
MISSING = 30           # moves counted for a robot with no route to its exit
REGRET_CAP = 150.0     # a partner card's shortfall counts at most this much (a near-loss is not a loss)
REGRET_PRIOR_CARDS = 2 # card_shortfall starts as if the partner had played this many best cards
BEEPED_SHARE = 0.1     # a partner that BEEPed a card plays it this much as often as otherwise


@dataclass(frozen=True)
class Option:
    """What a partner option leads to, in the terms the models use."""
    value: float        # the AI's evaluate() of the position after it
    own: float          # minus the partner's own robots' moves to their exits (escapes count 0)
    team: float         # minus every good robot's moves to its exit
    safety: float       # spaces between the closest good and bad robots (at most FAR)
    loses: bool         # the scenario is lost during this option
    is_pass: bool


def option_features(state: GameState, partner: int, value: float, is_pass: bool) -> Option:
    """The features of the position `state` reached by a partner option (already resolved)."""
    own = team = 0.0
    for rid, pos in state.pos.items():
        colour = state.colour[rid]
        if colour not in GOOD:
            continue
        d = exit_distance(state.level, colour, pos, state.exits_open)
        d = MISSING if d >= INF else d
        team -= d
        if state.owner.get(rid) == partner:
            own -= d
    return Option(value, own, team, _safety(state), state.outcome == "lost", is_pass)


def _safety(state: GameState) -> float:
    goods = [p for r, p in state.pos.items() if state.colour[r] in GOOD]
    bads = [p for r, p in state.pos.items() if state.colour[r] not in GOOD]
    if not goods or not bads:
        return float(FAR)
    return float(min(FAR, min(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a in goods for b in bads)))


def _softmax(scores: list[float], temperature: float) -> list[float]:
    top = max(scores)
    weights = [math.exp((s - top) / temperature) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


def model_policy(model: str, options: list[Option], avoid: frozenset[int] = frozenset(),
                 planning: bool = False) -> list[float]:
    """The probability that a partner of `model` picks each option (same order as `options`).

    `avoid`: indexes of options a BEEP stands in front of: the partner rarely plays it
    (BEEPED_SHARE), except `random`. `planning`: `random` too is taken to see a card that loses
    at once (a novice plays "any card that does not lose at once"). Expecting a partner to
    play such a card at random made the AI flee every position where its partner held one
    and run out of rounds; for explaining observed play, `random` plays anything."""
    n = len(options)
    if n == 0:
        return []
    if model == "random":
        alive = [i for i, o in enumerate(options) if not o.loses]
        if not planning or not alive or len(alive) == n:
            return [1.0 / n] * n
        return [1.0 / len(alive) if not o.loses else 0.0 for o in options]
    if model == "like_me":
        scores = [o.value for o in options]
    elif model == "selfish":
        scores = [o.own for o in options]
    elif model == "reckless":
        scores = [o.team for o in options]
    elif model == "cautious":
        scores = [o.safety + (CAUTIOUS_PASS if o.is_pass else 0.0) + 0.1 * o.team for o in options]
    else:
        raise ValueError(f"unknown partner model {model!r}")
    alive = [not o.loses for o in options]
    if any(alive):                       # every model but random sees a card that loses at once
        scores = [s if ok else -1e9 for s, ok in zip(scores, alive)]
    probs = _softmax(scores, TEMPERATURE[model])
    if avoid and len(avoid) < n:
        kept = [p * BEEPED_SHARE if i in avoid else p for i, p in enumerate(probs)]
        rest = sum(p for i, p in enumerate(probs) if i not in avoid)
        moved = 1.0 - sum(kept)                  # the warned cards' lost share goes to the others
        if rest > 0:
            probs = [p if i in avoid else p + moved * p / rest for i, p in enumerate(kept)]
        else:
            probs = [p if i in avoid else p + moved / (n - len(avoid)) for i, p in enumerate(kept)]
    return probs


class PartnerBelief:
    """A probability over MODELS, updated by Bayes' rule from observed partner choices."""

    def __init__(self) -> None:
        self.weights = dict(PRIOR)
        self.observed = 0
        self.regret = 0.0          # summed shortfall of the partner's cards against the best one

    def reset(self) -> None:
        self.weights = dict(PRIOR)
        self.observed = 0
        self.regret = 0.0          # summed shortfall of the partner's cards against the best one

    def update(self, options: list[Option], picked: int, avoid: frozenset[int] = frozenset()) -> None:
        """The partner chose options[picked] among `options`."""
        n = len(options)
        if n < 2 or not 0 <= picked < n:
            return                       # a forced choice says nothing about the partner
        posterior = {}
        for model in MODELS:
            p = model_policy(model, options, avoid)[picked]
            posterior[model] = self.weights[model] * ((1.0 - NOISE) * p + NOISE / n)
        total = sum(posterior.values())
        spare = 1.0 - FLOOR * len(MODELS)
        self.weights = {m: FLOOR + spare * w / total for m, w in posterior.items()}
        self.observed += 1
        sane = [o.value for o in options if not o.loses] or [o.value for o in options]
        self.regret += min(REGRET_CAP, max(0.0, max(sane) - options[picked].value))

    def expected(self, options: list[Option], values: list[float],
                 avoid: frozenset[int] = frozenset(), random_values: list[float] | None = None) -> float:
        """The value of the partner's turn under the belief: sum over models of weight times
        the model's expected option value. `random_values`: the options' values when the
        partner also steers each card at random (the `random` model's), if not `values`."""
        total = 0.0
        for model, weight in self.weights.items():
            probs = model_policy(model, options, avoid, planning=True)
            judged = random_values if model == "random" and random_values is not None else values
            total += weight * sum(p * v for p, v in zip(probs, judged))
        return total

    def card_shortfall(self) -> float:
        """How much worse (in value points) than the best card the partner's cards have been,
        on average, with REGRET_PRIOR_CARDS imagined perfect cards first: what handing the
        partner one more card (a PASS) is expected to cost."""
        return self.regret / (self.observed + REGRET_PRIOR_CARDS)

    def likeliest(self) -> str:
        return max(MODELS, key=lambda m: (self.weights[m], -MODELS.index(m)))

    def competence(self) -> float:
        """How much of its share of the progress the partner can be counted on for (0..1)."""
        return 1.0 - self.weights["random"]

