"""Partners the hard AI was not built with: the cross-play suite (issue 11).

Each partner is a class with `choose(view, choices)` reading only its SeatView, built as
`Partner(seed)`. They stand for the kinds of human teammates the AI must play well with:

  greedy    plays the card that looks best right after it resolves (one card deep), never
            BEEPs, ignores BEEPs and messages, never uses abilities or Equipment by itself
  noisy     greedy, but one decision in five (any decision with a choice) is a random one
  cautious  obeys BEEPs and messages, BEEPs a card that loses at once, and prefers the
            safest card: the one that leaves the good robots furthest from bad robots
            among cards within a small margin of the best
  random    any legal choice

Mid-card decisions (directions, keys, windows...) use the same cheap static rules the AI's
look-ahead uses (player.inner_choice), on a state rebuilt from the view: the view carries
the engine's step stack, so every decision point can be rebuilt.
"""
from __future__ import annotations

import random

from game.roborun.ai.evaluate import LOSS, evaluate
from game.roborun.ai.player import complete, inner_choice
from game.roborun.ai.seat_state import state_from_view
from game.roborun.rules.engine import apply
from game.roborun.rules.state import Choice

LOSING = LOSS / 2
NOISE = 0.2
CAUTION_MARGIN = 4.0          # cautious: cards within this much of the best count as good enough


def _after(state, choice):
    trial = state.copy()
    apply(trial, choice)
    complete(trial)
    return trial


def _beeped(view) -> set[int]:
    out = set()
    if isinstance(view.beep, tuple) and len(view.beep) == 2 and view.beep[0] == "placed":
        out.add(view.beep[1])
    for sender, message in view.messages:
        if sender != view.seat and message.startswith("dont_play_"):
            try:
                out.add(int(message.rsplit("_", 1)[1]))
            except ValueError:
                pass
    return out


class RandomPartner:
    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view, choices):
        return self.rng.choice(list(choices))


class GreedyPartner:
    """One card deep, no BEEP, no abilities of its own accord."""
    obeys_beep = False

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view, choices):
        choices = list(choices)
        if len(choices) == 1:
            return choices[0]
        state = state_from_view(view, random.Random(self.rng.getrandbits(32)))
        if state.pending is None or list(state.pending.options) != choices:
            return next((c for c in choices if c.kind in ("continue", "no_beep")), choices[0])
        kind = view.decision_kind
        if kind == "beep":
            return self.beep(view, state, choices)
        if kind == "start":
            return Choice("start", (view.seat,)) if Choice("start", (view.seat,)) in choices else choices[0]
        if kind == "card":
            return self.card(view, state, choices)
        return inner_choice(state)

    def beep(self, view, state, choices):
        return Choice("no_beep")

    def card(self, view, state, choices):
        plays = [c for c in choices if c.kind in ("play", "pass")]
        scored = [(self.value(view, state, c), -i, c) for i, c in enumerate(plays)]
        return max(scored)[2]

    def value(self, view, state, choice) -> float:
        return evaluate(_after(state, choice)) - (1.0 if choice.kind == "pass" else 0.0)


class NoisyPartner(GreedyPartner):
    """Greedy that ignores BEEP and errs one decision in five."""

    def choose(self, view, choices):
        choices = list(choices)
        if len(choices) > 1 and self.rng.random() < NOISE:
            return self.rng.choice(choices)
        return super().choose(view, choices)


class CautiousPartner(GreedyPartner):
    """Obeys BEEPs and messages; warns with BEEP; plays the safest of the good cards."""
    obeys_beep = True

    def beep(self, view, state, choices):
        after = state.copy()
        apply(after, Choice("no_beep"))
        if after.pending is None or after.pending.kind != "card":
            return Choice("no_beep")
        values = {}
        for option in after.pending.options:
            if option.kind == "play":
                values[option.args[0]] = evaluate(_after(after, option))
        losing = [c for c, v in values.items() if v <= LOSING]
        if losing and len(losing) < len(values):
            pick = Choice("beep", (min(losing),))
            if pick in choices:
                return pick
        return Choice("no_beep")

    def card(self, view, state, choices):
        avoid = _beeped(view)
        plays = [c for c in choices if c.kind in ("play", "pass")]
        allowed = [c for c in plays if not (c.kind == "play" and c.args[0] in avoid)] or plays
        results = {c: _after(state, c) for c in allowed}
        values = {c: evaluate(s) - (1.0 if c.kind == "pass" else 0.0) for c, s in results.items()}
        best = max(values.values())
        good = [c for c in allowed if values[c] >= best - CAUTION_MARGIN]
        return max(good, key=lambda c: (_clearance(results[c]), values[c], -allowed.index(c)))


def _clearance(state) -> int:
    """The smallest distance (in grid steps) between a good and a bad robot; large is safe."""
    if state.outcome == "lost":
        return -1
    good = [state.pos[r] for r in state.good_on_map()]
    bad = [state.pos[r] for r in state.bad_on_map()]
    if not good or not bad:
        return 99
    return min(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a in good for b in bad)


PARTNERS = {"greedy": GreedyPartner, "noisy": NoisyPartner, "cautious": CautiousPartner, "random": RandomPartner}
