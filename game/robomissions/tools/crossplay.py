"""Our AI with and against players written outside it, in every mode and seat order:
`python main.py simulate robomissions --cross-play --games G --seed S [--json]`.

For each outside style (game/robomissions/partners/: random-legal, greedy, contrary) it plays:

    vs       hard against the style: FFA 1v1 (both seat orders), FFA 3 and 4 (one hard seat among
             the style, in every seat), 2v1 with hard alone against two of the style and the
             style alone against two hards, 2v2 two hards against two of the style (both sides)
    partner  hard as the style's partner in 2v1 (against a lone hard, both seats of the pair) and
             2v2 (against two hards, every seat of the four)
    self     the style with itself: FFA 1v1, a 2v1 pair against a lone hard, a 2v2 pair against
             two hards

and, to compare, the same tables with hard in the style's place. Each arrangement plays G games
from seed S; a row adds its arrangements up. The measured side is the hard seat (vs), the mixed
team (partner) or the style (self); a shared win (a tie at the deck's end) counts as a win.
hard_cpu_ms_p95 is the 95th-percentile CPU time of one decision of the hard seats in the row.
"""
from __future__ import annotations

from game.core.stats import percentile
from game.robomissions.partners import PARTNERS
from game.robomissions.rules import engine
from game.robomissions.tools.play import play_game

TEAM_OF = {"2v1": (0, 1, 1), "2v2": (0, 1, 0, 1)}


def _rotations(seats: list[str]) -> list[list[str]]:
    return [seats[i:] + seats[:i] for i in range(len(seats))]


def _marked(mode: str, seats: list[str], side: str) -> tuple[str, list[str], set[int]]:
    """An arrangement and its measured seats: `side` is a seat index ('seat:N') or a team ('team:T')."""
    what, _, n = side.partition(":")
    if what == "seat":
        return mode, seats, {int(n)}
    return mode, seats, {s for s, t in enumerate(TEAM_OF[mode]) if t == int(n)}


def rows_for(style: str) -> dict[str, list[tuple[str, list[str], set[int]]]]:
    """Row name -> arrangements (mode, seats, measured seats) for one style (or 'hard')."""
    h, s = "hard", style
    rows: dict[str, list] = {}
    rows[f"vs: hard v {s}, FFA 1v1"] = [_marked("ffa", [h, s], "seat:0"), _marked("ffa", [s, h], "seat:1")]
    for n in (3, 4):
        rows[f"vs: hard v {n - 1} {s}, FFA {n}"] = [
            _marked("ffa", seats, f"seat:{seats.index(h)}") for seats in _rotations([h] + [s] * (n - 1))]
    rows[f"vs: hard alone v 2 {s}, 2v1"] = [_marked("2v1", [h, s, s], "team:0")]
    rows[f"vs: 2 hard v {s} alone, 2v1"] = [_marked("2v1", [s, h, h], "team:1")]
    rows[f"vs: 2 hard v 2 {s}, 2v2"] = [_marked("2v2", [h, s, h, s], "team:0"), _marked("2v2", [s, h, s, h], "team:1")]
    rows[f"partner: hard + {s} v hard alone, 2v1"] = [_marked("2v1", [h, h, s], "team:1"),
                                                       _marked("2v1", [h, s, h], "team:1")]
    rows[f"partner: hard + {s} v 2 hard, 2v2"] = [
        _marked("2v2", [h, h, s, h], "team:0"), _marked("2v2", [s, h, h, h], "team:0"),
        _marked("2v2", [h, h, h, s], "team:1"), _marked("2v2", [h, s, h, h], "team:1")]
    rows[f"self: {s} v {s}, FFA 1v1 (seat 0)"] = [_marked("ffa", [s, s], "seat:0")]
    rows[f"self: 2 {s} v hard alone, 2v1"] = [_marked("2v1", [h, s, s], "team:1")]
    rows[f"self: 2 {s} v 2 hard, 2v2"] = [_marked("2v2", [s, h, s, h], "team:0"), _marked("2v2", [h, s, h, s], "team:1")]
    return rows


def play_row(arrangements, games: int, seed: int) -> dict:
    """Games of every arrangement: the measured side's wins, turns, hard's decision times."""
    played = wins = capped = turns = 0
    hard_cpu: list[float] = []
    for mode, seats, measured in arrangements:
        for g in range(games):
            seat_cpu: list[list[float]] = [[] for _ in seats]
            state = play_game(mode, seats, seed + g, seat_cpu=seat_cpu)
            played += 1
            wins += bool(measured & set(state.winners))
            capped += state.end_reason == "turn_cap"
            turns += state.turn
            hard_cpu += [t for seat, times in enumerate(seat_cpu) if seats[seat] == "hard" for t in times]
    return {"games": played, "wins": wins, "win_rate": round(wins / played, 3), "mean_turns": round(turns / played, 1),
            "turn_cap_games": capped, "hard_cpu_ms_p95": round(percentile(hard_cpu, 0.95, default=0.0) * 1000, 2),
            "hard_decisions": len(hard_cpu)}


def cross_play(games: int, seed: int, styles=None) -> dict:
    """Every row of every style (and of hard in a style's place): {style: {row: report}}."""
    out = {}
    for style in list(styles or PARTNERS) + ["hard"]:
        out[style] = {name: play_row(arr, games, seed) for name, arr in rows_for(style).items()}
    return {"games_per_arrangement": games, "seed": seed, "turn_cap": engine.TURN_CAP, "styles": out}


def markdown(report: dict) -> str:
    lines = ["| style | row | games | win rate of the measured side | mean turns | hard p95 CPU ms | turn cap |",
             "|---|---|---|---|---|---|---|"]
    for style, rows in report["styles"].items():
        for name, r in rows.items():
            lines.append(f"| {style} | {name} | {r['games']} | {r['win_rate']:.0%} | {r['mean_turns']} "
                         f"| {r['hard_cpu_ms_p95']} | {r['turn_cap_games']} |")
    return "\n".join(lines)
