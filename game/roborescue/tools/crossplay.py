"""Our AI against players written outside it, solo and at every table size and seat order:
`python main.py simulate roborescue --cross-play --games G --seed S [--advanced] [--json]`.

For each outside style (game/roborescue/partners/: random-legal, greedy, first-choice), and for
hard in a style's place to compare, it plays:

    solo     the style alone (G games): its mean final score and solo rating bands
    vs       hard against the style: 2 players (both seat orders), 3 and 4 players (one hard seat
             among the style, in every seat)
    self     the style with itself, 2 players: seat 0's share of the victories

Robo Rescue has no teams (every player builds their own Lab), so there is no partner table.
Each arrangement plays G games from seed S; a row adds its arrangements up. A shared victory
counts as a win for every sharer. hard_cpu_ms_p95 is the 95th-percentile CPU time of one
decision of the hard seats in the row.
"""
from __future__ import annotations

from game.core.stats import percentile
from game.roborescue.partners import PARTNERS
from game.roborescue.rules.engine import final_score
from game.roborescue.rules.scoring import rating
from game.roborescue.tools.play import play_game


def _rotations(seats: list[str]) -> list[list[str]]:
    return [seats[i:] + seats[:i] for i in range(len(seats))]


def rows_for(style: str) -> dict[str, list[tuple[list[str], int]]]:
    """Row name -> arrangements (seats, the measured seat) for one style (or 'hard')."""
    h, s = "hard", style
    rows: dict[str, list] = {f"solo: {s}": [([s], 0)],
                             f"vs: hard v {s}, 2 players": [([h, s], 0), ([s, h], 1)]}
    for n in (3, 4):
        rows[f"vs: hard v {n - 1} {s}, {n} players"] = [(seats, seats.index(h)) for seats in _rotations([h] + [s] * (n - 1))]
    rows[f"self: {s} v {s}, 2 players (seat 0)"] = [([s, s], 0)]
    return rows


def play_row(arrangements, games: int, seed: int, advanced: bool) -> dict:
    """Games of every arrangement: the measured seat's wins and scores, the other seats' scores."""
    played = wins = 0
    mine: list[int] = []
    others: list[int] = []
    bands: dict[str, int] = {}
    hard_ms: list[float] = []
    for seats, measured in arrangements:
        for g in range(games):
            timings: list[list[float]] = [[] for _ in seats]
            state = play_game(seats, seed + g, advanced, timings)
            played += 1
            wins += measured in state.winners
            mine.append(final_score(state, measured))
            others += [final_score(state, seat) for seat in range(len(seats)) if seat != measured]
            band = rating(mine[-1])
            bands[band] = bands.get(band, 0) + 1
            hard_ms += [t for seat, times in enumerate(timings) if seats[seat] == "hard" for t in times]
    row = {"games": played, "mean_score": round(sum(mine) / played, 1),
           "others_mean_score": round(sum(others) / len(others), 1) if others else None,
           "hard_cpu_ms_p95": round(percentile(hard_ms, 0.95, default=0.0), 2), "hard_decisions": len(hard_ms)}
    if len(arrangements[0][0]) > 1:
        row.update(wins=wins, win_rate=round(wins / played, 3))
    else:
        row["bands"] = bands
    return row


def cross_play(games: int, seed: int, advanced: bool = False, styles=None) -> dict:
    """Every row of every style (and of hard in a style's place): {style: {row: report}}."""
    out = {}
    for style in list(styles or PARTNERS) + ["hard"]:
        out[style] = {name: play_row(arr, games, seed, advanced) for name, arr in rows_for(style).items()}
    return {"games_per_arrangement": games, "seed": seed, "advanced": advanced, "styles": out}


def markdown(report: dict) -> str:
    lines = ["| style | row | games | win rate of the measured seat | its mean score | the others' mean score "
             "| hard p95 CPU ms |", "|---|---|---|---|---|---|---|"]
    for style, rows in report["styles"].items():
        for name, r in rows.items():
            rate = f"{r['win_rate']:.0%}" if "win_rate" in r else \
                "bands " + ", ".join(f"{k} {v}" for k, v in sorted(r["bands"].items()))
            others = "" if r["others_mean_score"] is None else r["others_mean_score"]
            lines.append(f"| {style} | {name} | {r['games']} | {rate} | {r['mean_score']} | {others} "
                         f"| {r['hard_cpu_ms_p95']} |")
    return "\n".join(lines)
