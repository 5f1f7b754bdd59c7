"""Robo Run games between two seats, and the cross-play of the partner suite with hard (issue 22).

`play_game` plays one deal between two choosers (used by `simulate roborun` and the
roborun-crossplay record); `scenario_cross_play` plays one scenario's cross-play deals: hard
with itself, and for each partner style (game.roborun.partners, written apart from the AI)
the style with itself, hard in seat 0 with the style and the style in seat 0 with hard, with
how often the style's card choice equals hard's in the same position (agreement) and hard's
decision times. `cross_play` adds scenarios up. Kept apart from simulate.py so the record's
fingerprint covers what the games run, not the solver or the levels table.
"""
from __future__ import annotations

import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

from game.core.errors import UserError
from game.core.players import make_outside_player
from game.core.stats import percentile
from game.roborun.ai.player import RoboRunAI, loses_now
from game.roborun.partners import HELD_OUT_STYLES, HUMAN_STYLES, STYLES, make_partner
from game.roborun.rules.engine import apply, legal_choices, new_game
from game.roborun.rules.view import seat_view

MAX_DECISIONS_PER_GAME = 3000     # a guard against an engine loop; never reached in a sane game
SEAT_KINDS = ("easy", "normal", "hard") + tuple(STYLES) + ("random",)
CROSS_STYLES = HUMAN_STYLES + HELD_OUT_STYLES     # the partner suite (game.roborun.partners)
MS_BUCKETS = 1000                 # decision-time histogram: 1 ms buckets, the last one "1000 ms or more"


@dataclass
class LevelReport:
    games: int = 0
    wins: int = 0
    solver_wins: int = 0
    solver_finished: int = 0
    solver_available: bool = True
    decision_ms: list[float] = field(default_factory=list)        # CPU time of the deciding thread
    decision_wall_ms: list[float] = field(default_factory=list)   # wall clock (includes other load)
    losses: Counter = field(default_factory=Counter)
    solver_winnable_games: int = 0        # deals the solver won ...
    wins_on_solver_winnable: int = 0      # ... and of those, the ones the AI won too
    blunders: int = 0                     # losses right after a watched seat's card that lost at once
    blunder_deals: list = field(default_factory=list)

    def to_json(self) -> dict:
        times = sorted(self.decision_ms)
        p95 = percentile(times, 0.95)
        wall = sorted(self.decision_wall_ms)
        top = self.losses.most_common(1)
        return {
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.wins / self.games, 4) if self.games else None,
            "solver_wins": self.solver_wins if self.solver_available else None,
            "solver_finished": self.solver_finished if self.solver_available else None,
            "decision_ms_mean": round(sum(times) / len(times), 3) if times else None,
            "decision_ms_p95": round(p95, 3) if p95 is not None else None,
            "top_loss_cause": top[0][0] if top else None,
            "wins_on_solver_winnable": self.wins_on_solver_winnable if self.solver_available else None,
            "decision_wall_ms_mean": round(sum(wall) / len(wall), 3) if wall else None,
            "decision_wall_ms_p95": _round(percentile(wall, 0.95)),
        }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


Chooser = Callable[[object, list, random.Random], object]


def make_chooser(kind: str, seed: int = 0) -> Chooser:
    """A function (view, choices, rng) -> choice for one seat (a fresh player per seat and game).

    kind: an AI level (easy / normal / hard), `random`, a partner style of the suite written
    apart from the AI (game.roborun.partners: selfish, reckless, timid, novice, follower,
    confused, greedy, cautious, noisy), or `module:Class` - any class with
    choose(view, choices), built with the deal's seed if its constructor takes an argument."""
    if kind == "random":
        return lambda view, choices, rng: rng.choice(choices)
    if kind in STYLES:
        partner = make_partner(kind, seed)
        return lambda view, choices, rng: partner.choose(view, choices)
    if ":" in kind:
        outside = make_outside_player(kind, seed)
        return lambda view, choices, rng: outside.choose(view, list(choices))
    if kind not in LEVEL_KINDS:
        raise UserError("--seats", f"unknown player {kind!r} (use {', '.join(SEAT_KINDS)} or module:Class)")
    player = RoboRunAI(kind)
    return lambda view, choices, rng: player.choose(view, choices, rng)


LEVEL_KINDS = ("easy", "normal", "hard")


def play_game(level, seed: int, choosers: tuple[Chooser, Chooser], report: LevelReport,
              timed: tuple[bool, bool] = (True, True), watch: tuple[bool, bool] = (False, False)
              ) -> tuple[str, str | None]:
    """Play one deal to the end; record decision times of the `timed` seats; return (outcome,
    loss cause). For `watch`ed seats, a loss that follows at once from a card that seat chose
    while another option would not have lost at once is counted in report.blunders."""

    state = new_game(level, seed)
    rng = random.Random(seed * 7919 + 17)
    last_card = None                      # (seat, state before, choice) of the latest card decision
    for _ in range(MAX_DECISIONS_PER_GAME):
        seat = state.decision_seat
        if seat is None:
            break
        choices = legal_choices(state)
        view = seat_view(state, seat)
        start, cpu_start = time.perf_counter(), time.thread_time()
        choice = choosers[seat](view, choices, rng)
        if timed[seat]:
            report.decision_ms.append((time.thread_time() - cpu_start) * 1000.0)
            report.decision_wall_ms.append((time.perf_counter() - start) * 1000.0)
        if state.pending.kind == "card":
            last_card = (seat, state.copy(), choice) if watch[seat] else None
        apply(state, choice)
    else:
        return "lost", "stuck:decision_limit"
    if state.outcome == "lost" and last_card is not None and state.loss_cause != "timeout" \
            and state.phase == "action":
        seat, before, chosen = last_card
        if _loses_at_once(before, chosen) and any(_safe_option(before, c)
                                                  for c in legal_choices(before) if c != chosen):
            report.blunders += 1
            report.blunder_deals.append({"level": level.level_id or level.source, "seed": seed, "seat": seat,
                                         "card": chosen.label, "cause": state.loss_cause})
    return state.outcome or "lost", state.loss_cause


def _safe_option(state, choice) -> bool:
    """A card or PASS that does not lose during its own resolution; a free action (ability,
    Equipment) after which such a card or PASS exists."""
    if choice.kind in ("play", "pass"):
        return not _loses_at_once(state, choice)
    trial = state.copy()
    apply(trial, choice)
    if trial.outcome is None and trial.pending is not None and trial.pending.kind == "card":
        return any(not _loses_at_once(trial, c) for c in legal_choices(trial) if c.kind in ("play", "pass"))
    return not _loses_at_once(state, choice)     # it moved on (e.g. the only card played itself)


def _loses_at_once(state, choice) -> bool:
    """Does `choice` lose during the card's own resolution, before the Event phase (the
    card's mid-card decisions taken greedily, as the AI's look-ahead does)?"""
    return loses_now(state, choice)




class _Agreement:
    """Wraps a style's chooser: at each of its card choices (more than one option) it also
    asks a shadow hard AI, which sees the same view, and counts when both pick the same."""

    def __init__(self, chooser: Chooser, seed: int) -> None:
        self.chooser, self.shadow = chooser, RoboRunAI("hard")
        self.rng = random.Random(seed * 31 + 7)
        self.decisions = self.same = 0

    def __call__(self, view, choices, rng):
        choice = self.chooser(view, choices, rng)
        if view.decision_kind == "card" and len(choices) > 1:
            self.decisions += 1
            self.same += self.shadow.choose(view, list(choices), random.Random(self.rng.getrandbits(64))) == choice
        return choice



def _rate(wins: int, games: int) -> float | None:
    return round(wins / games, 4) if games else None


def ms_histogram(times: list[float]) -> list[int]:
    """Decision times (ms) as counts per whole millisecond (index = ms rounded down), trailing
    zeros dropped: a record of thousands of decisions stays small and p95 can be pooled."""
    counts = [0] * MS_BUCKETS
    for ms in times:
        counts[min(MS_BUCKETS - 1, max(0, int(ms)))] += 1
    while counts and counts[-1] == 0:
        counts.pop()
    return counts


def add_histograms(*hists: list[int]) -> list[int]:
    out = [0] * max((len(h) for h in hists), default=0)
    for h in hists:
        for i, n in enumerate(h):
            out[i] += n
    return out


def histogram_p95(counts: list[int]) -> int | None:
    """The 95th percentile of a histogram, as the upper edge (ms) of its bucket."""
    total = sum(counts)
    if not total:
        return None
    seen = 0
    for i, n in enumerate(counts):
        seen += n
        if seen >= 0.95 * total:
            return i + 1
    return len(counts)


def pairings(styles: tuple[str, ...]) -> list[tuple[str, str]]:
    """The seat pairs of a cross-play, seat 0 first: hard with itself, then for each style
    the style with itself, hard with the style, the style with hard."""
    out = [("hard", "hard")]
    for style in styles:
        out += [(style, style), ("hard", style), (style, "hard")]
    return out


def scenario_cross_play(level, games: int, seed: int, styles: tuple[str, ...] = CROSS_STYLES) -> dict:
    """One scenario's cross-play, deals seed .. seed+games-1, as plain JSON:
    {"hard+hard": [won per deal], "styles": {style: {"style+style": [...], "hard+style": [...],
    "style+hard": [...], "agreement": [decisions, same], "hard_ms": histogram of hard's CPU ms
    per decision in the games with the style, "blunders": [...]}}}. Deterministic for the seeds
    (the AI is bounded by work); only the decision times vary with the machine."""
    out: dict = {"hard+hard": [], "styles": {}}
    for a, b in pairings(styles):
        style = a if a != "hard" else b
        row = out["styles"].setdefault(style, {"style+style": [], "hard+style": [], "style+hard": [],
                                               "agreement": [0, 0], "hard_ms": [], "blunders": []}) \
            if style != "hard" else None
        key = "hard+hard" if row is None else ("style+style" if a == b else "hard+style" if a == "hard" else "style+hard")
        report = LevelReport()
        for i in range(games):
            deal = seed + i
            choosers = [make_chooser(a, deal), make_chooser(b, deal)]
            watched = []
            for seat, kind in enumerate((a, b)):
                if kind in STYLES and "hard" in (a, b):
                    choosers[seat] = _Agreement(choosers[seat], deal)
                    watched.append(choosers[seat])
            outcome, _cause = play_game(level, deal, tuple(choosers), report,
                                        timed=(a == "hard", b == "hard"), watch=(a == "hard", b == "hard"))
            (out[key] if row is None else row[key]).append(outcome == "won")
            if row is not None:
                row["agreement"][0] += sum(w.decisions for w in watched)
                row["agreement"][1] += sum(w.same for w in watched)
        if row is not None and "hard" in (a, b):
            row["hard_ms"] = add_histograms(row["hard_ms"], ms_histogram(report.decision_ms))
            row["blunders"] += report.blunder_deals
    return out


def cross_play(levels, games: int, seed: int, styles: tuple[str, ...] = CROSS_STYLES) -> dict:
    """The partner suite against hard (issue 22), added up over `levels` (see
    scenario_cross_play): per style its games with itself and with hard in both seat orders,
    the gain (hard with the style over both orders minus the style with itself), the agreement
    and hard's decision p95; hard with itself; hard's blunders."""
    per_level: dict = {}
    results = []
    for level_id, level in levels:
        result = scenario_cross_play(level, games, seed, styles)
        results.append(result)
        per_level[level_id] = {"hard+hard": sum(result["hard+hard"])}
        for style, row in result["styles"].items():
            per_level[level_id].update({f"{style}+{style}": sum(row["style+style"]),
                                        f"hard+{style}": sum(row["hard+style"]),
                                        f"{style}+hard": sum(row["style+hard"])})
        print(f"cross-play {level_id}: hard+hard {sum(result['hard+hard'])}/{games}", file=sys.stderr, flush=True)
    return summary(results, games, seed, per_level)


def summary(results: list[dict], games: int, seed: int, per_level: dict | None = None) -> dict:
    """Per-style win rates, gains, agreement and p95 over scenarios' results (scenario_cross_play's)."""
    totals: dict = {}
    hard_self: list[bool] = []
    for result in results:
        hard_self += result["hard+hard"]
        for style, row in result["styles"].items():
            total = totals.setdefault(style, {"style+style": [], "hard+style": [], "style+hard": [],
                                              "agreement": [0, 0], "hard_ms": [], "blunders": []})
            for key in ("style+style", "hard+style", "style+hard", "blunders"):
                total[key] += row[key]
            total["agreement"] = [x + y for x, y in zip(total["agreement"], row["agreement"])]
            total["hard_ms"] = add_histograms(total["hard_ms"], row["hard_ms"])
    rows: dict = {}
    for style, t in totals.items():
        alone, first, second = (sum(t[k]) for k in ("style+style", "hard+style", "style+hard"))
        n_alone, n_first, n_second = (len(t[k]) for k in ("style+style", "hard+style", "style+hard"))
        with_hard = _rate(first + second, n_first + n_second)
        decided, same = t["agreement"]
        rows[style] = {
            "style_with_itself": {"games": n_alone, "wins": alone, "win_rate": _rate(alone, n_alone)},
            "hard_then_style": {"games": n_first, "wins": first, "win_rate": _rate(first, n_first)},
            "style_then_hard": {"games": n_second, "wins": second, "win_rate": _rate(second, n_second)},
            "with_hard": {"games": n_first + n_second, "wins": first + second, "win_rate": with_hard},
            "gain": round(with_hard - _rate(alone, n_alone), 4) if n_alone and with_hard is not None else None,
            "agreement": {"decisions": decided, "same": same, "rate": _rate(same, decided)},
            "hard_decision_ms_p95": histogram_p95(t["hard_ms"]),
        }
    human = [rows[s]["with_hard"]["win_rate"] for s in rows if s in HUMAN_STYLES]
    every_ms = add_histograms(*(t["hard_ms"] for t in totals.values()))
    blunders = [b for t in totals.values() for b in t["blunders"]]
    return {"games_per_level": games, "seed": seed, "levels": per_level or {}, "styles": rows,
            "hard_with_itself": {"games": len(hard_self), "wins": sum(hard_self),
                                 "win_rate": _rate(sum(hard_self), len(hard_self))},
            "human_styles_mean_with_hard": round(sum(human) / len(human), 4) if human else None,
            "hard": {"decisions": sum(every_ms), "decision_ms_p95": histogram_p95(every_ms),
                     "blunders": len(blunders), "blunder_deals": blunders}}


def cross_play_table(out: dict) -> str:
    """cross_play's figures as a Markdown table."""
    pct = lambda r: "-" if r is None else f"{r * 100:.0f}%"  # noqa: E731
    lines = ["| style | style+style | hard+style | style+hard | hard with style (both) | gain | agreement | hard p95 ms |",
             "|---|---|---|---|---|---|---|---|"]
    for style, row in out["styles"].items():
        a, f, s, w = row["style_with_itself"], row["hard_then_style"], row["style_then_hard"], row["with_hard"]
        g = row["agreement"]
        lines.append(f"| {style} | {a['wins']}/{a['games']} ({pct(a['win_rate'])}) | {f['wins']}/{f['games']} | "
                     f"{s['wins']}/{s['games']} | {w['wins']}/{w['games']} ({pct(w['win_rate'])}) | "
                     f"{row['gain'] * 100:+.0f} points | {g['same']}/{g['decisions']} ({pct(g['rate'])}) | "
                     f"{row['hard_decision_ms_p95']} |")
    h = out["hard_with_itself"]
    lines.append(f"\nhard with itself: {h['wins']}/{h['games']} ({pct(h['win_rate'])}); "
                 f"human styles' mean with hard: {pct(out['human_styles_mean_with_hard'])}; "
                 f"hard decision ms p95 {out['hard']['decision_ms_p95']}, blunders {out['hard']['blunders']}")
    return "\n".join(lines)
