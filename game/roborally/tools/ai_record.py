"""The Robo Rally AI's course table as a record (records/roborally-ai.json, issue 23).

Races take minutes, so `make test` does not re-run them: `python main.py measure roborally-ai`
plays them once and stores, per course (the shipped ones and the unseen test courses in
levels/roborally-unseen/), what hard does against the project's normal AI and against an
outside-style opponent (game.roborally.partners.Simulator, written apart from the AI):
wins, reboots per race by cause, races that hit the round cap, mean rounds. The fingerprint
covers the course, its tileset and the card file, the AI, the rules and the partner; the tests
(tests/roborally/ai/test_ai_record.py) check the targets on the recorded figures and replay
one recorded race. Seeds from 9001 on: none of them was used to tune the AI (tuning used
seeds below 5000).

`python -m game.roborally.tools.ai_record` prints the tables docs/roborally-courses.md keeps.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

from game.core import records
from game.roborally.levels.tmx import course_ids, find_course, load_course
from game.roborally.tools.simulate import run

SEED = 9001
MAX_ROUNDS = 30
SIMULATOR = "game.roborally.partners:Simulator"
UNSEEN_DIR = Path(__file__).resolve().parents[3] / "levels" / "roborally-unseen"
CAUSES = ("pit", "edge", "crusher")

# match name -> (opponent, robots, races). 1v1 races are played half in each seat order; with
# 4 robots hard sits in seat 0 and the first priority token rotates from race to race. Race g
# of a match plays seed + g, so the first 12 (4) four-robot races are the ones earlier records
# played: 12 were too few for the 1.5x reboot target (two 16-race sets of the same AI on
# gauntlet-works gave 1.19 and 2.69 reboots a race: a spiral of Haywires adds ten at once).
MATCHES = {
    "1v1 random": ("random", 2, 4),
    "1v1 normal": ("normal", 2, 40),
    "4 robots normal": ("normal", 4, 24),
    "1v1 simulator": (SIMULATOR, 2, 8),
    "4 robots simulator": (SIMULATOR, 4, 8),
}


def unseen_courses() -> dict[str, Path]:
    return {p.stem: p for p in sorted(UNSEEN_DIR.glob("*.tmx"))}


def course_files() -> dict[str, Path]:
    """Every course the record covers, shipped first: id -> .tmx file."""
    return {**{cid: find_course(cid) for cid in course_ids()}, **unseen_courses()}


def play_match(course: dict, opponent: str, robots: int, races: int, seed: int) -> dict:
    """Hard against `robots - 1` opponents: its wins, reboots by cause, capped races, rounds,
    decision p95 (CPU ms; the only figure that varies with the machine) and each race's
    winner from hard's point of view (True won, False lost, None capped)."""
    halves = [(0, races // 2, seed), (1, races - races // 2, seed + 50000)] if robots == 2 else [(0, races, seed)]
    wins, capped, rounds, p95 = 0, 0, [], 0.0
    reboots: Counter = Counter()
    others = 0.0            # the opponents' reboots, summed over their robots and races
    outcome: list = []
    for hard_seat, n, half_seed in halves:
        if n == 0:
            continue
        seats = [opponent] * robots
        seats[hard_seat] = "hard"
        report = run(course, seats, n, half_seed, MAX_ROUNDS)
        wins += report["wins_by_seat"][hard_seat]
        capped += report["capped"]
        rounds += report["rounds"]
        reboots.update({k: round(v * n) for k, v in report["reboots_by_cause"][hard_seat].items()})
        others += sum(r * n for seat, r in enumerate(report["reboots_per_race"]) if seat != hard_seat)
        p95 = max(p95, report["decision_ms_p95"]["hard"] or 0.0)
        outcome += [None if w is None else w == hard_seat for w in report["winners"]]
    return {"races": races, "hard_wins": wins, "capped": capped,
            "mean_rounds": round(sum(rounds) / len(rounds), 2),
            "hard_reboots": {k: reboots.get(k, 0) for k in sorted(set(CAUSES) | set(reboots))},
            "hard_p95_ms": round(p95, 1), "hard_won": outcome, "rounds": rounds,
            # how harsh the course is for players that are not hard: the baseline hard's x-shipped
            # ratio is read against (a course with more pits drops every robot more often)
            "opponent_reboots_per_robot": round(others / (races * (robots - 1)), 3)}


class AiRecord:
    name = "roborally-ai"
    what = (f"Robo Rally: hard against normal, random and the outside-style Simulator on every shipped "
            f"and unseen course, seeds from {SEED}, {MAX_ROUNDS}-round cap")
    code_modules = ("game.roborally.tools.ai_record", "game.roborally.tools.simulate", "game.roborally.ai",
                    "game.roborally.partners", "game.roborally.levels.tmx")
    code_left_out = ("game.core",)

    def entries(self) -> dict[str, list[Path]]:
        root = Path(__file__).resolve().parents[3]
        shared = [root / "levels" / "tilesets" / "roborally.tsx", root / "game" / "roborally" / "rules" / "content.json"]
        return {cid: [path, *shared] for cid, path in course_files().items()}

    def measure(self, key: str) -> dict:
        return entry_result(key, {name: measure_match(key, name) for name in MATCHES})


RECORD = AiRecord()


def measure_match(key: str, name: str) -> dict:
    """One match of one course's entry (a unit a pool of processes can share out)."""
    opponent, robots, races = MATCHES[name]
    return play_match(load_course(course_files()[key]), opponent, robots, races, SEED)


def entry_result(key: str, matches: dict) -> dict:
    course = load_course(course_files()[key])
    return {"seed": SEED, "max_rounds": MAX_ROUNDS, "unseen": key in unseen_courses(),
            "checkpoints": len(course["checkpoints"]), "matches": {name: matches[name] for name in MATCHES}}


def reboots_per_race(match: dict) -> float:
    return sum(match["hard_reboots"].values()) / match["races"]


def shipped_average(results: dict, match: str) -> float:
    """Hard's reboots per race in `match`, averaged over the shipped courses (each weighs the same)."""
    shipped = [r["matches"][match] for r in results.values() if not r["unseen"]]
    return sum(reboots_per_race(m) for m in shipped) / len(shipped)


def opponents_average(results: dict, match: str) -> float:
    """An opponent robot's reboots per race in `match`, averaged over the shipped courses."""
    shipped = [r["matches"][match]["opponent_reboots_per_robot"] for r in results.values() if not r["unseen"]]
    return sum(shipped) / len(shipped)


def _against(value: float, average: float) -> str:
    """`value (N.Nx)`: reboots per race against the shipped average of the same match."""
    return f"{value:.2f} ({value / max(average, 1e-9):.1f}x)"


def recorded_results() -> dict:
    return {key: entry.result for key, entry in records.load(RECORD.name).entries.items()}


def markdown(results: dict) -> str:
    """The course table (hard against normal) and the unseen-course table, as the doc keeps them."""
    lines = ["| course | checkpoints | 1v1 races | hard wins | mean rounds | hard reboots per race "
             "(pit / edge / crusher) | 4 robots: hard wins | 4 robots: hard reboots per race | capped "
             "| hard p95 ms (1v1 / 4 robots) |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for cid, r in results.items():
        one, four = r["matches"]["1v1 normal"], r["matches"]["4 robots normal"]
        causes = " / ".join(f"{one['hard_reboots'].get(k, 0) / one['races']:.2f}" for k in CAUSES)
        name = f"{cid} (unseen)" if r["unseen"] else cid
        lines.append(f"| {name} | {r['checkpoints']} | {one['races']} | {one['hard_wins']} "
                     f"({100 * one['hard_wins'] / one['races']:.0f}%) | {one['mean_rounds']:.1f} "
                     f"| {reboots_per_race(one):.2f} ({causes}) | {four['hard_wins']}/{four['races']} "
                     f"| {reboots_per_race(four):.2f} | {one['capped'] + four['capped']} "
                     f"| {one['hard_p95_ms']:.0f} / {four['hard_p95_ms']:.0f} |")
    lines += ["", "| course | vs | 1v1: hard wins | 1v1: reboots per race (x shipped) | 4 robots: hard wins "
              "| 4 robots: reboots per race (x shipped) | capped | opponent's reboots per robot and race, "
              "1v1 / 4 robots (x shipped) |", "|---|---|---|---|---|---|---|---|"]
    for opponent in ("normal", "simulator"):
        one_avg = shipped_average(results, f"1v1 {opponent}")
        four_avg = shipped_average(results, f"4 robots {opponent}")
        one_opp = opponents_average(results, f"1v1 {opponent}")
        four_opp = opponents_average(results, f"4 robots {opponent}")
        lines.append(f"| shipped average | {opponent} | | {one_avg:.2f} | | {four_avg:.2f} | "
                     f"| {one_opp:.2f} / {four_opp:.2f} |")
        for cid, r in results.items():
            if not r["unseen"]:
                continue
            one, four = r["matches"][f"1v1 {opponent}"], r["matches"][f"4 robots {opponent}"]
            lines.append(f"| {cid} | {opponent} | {one['hard_wins']}/{one['races']} "
                         f"| {_against(reboots_per_race(one), one_avg)} | {four['hard_wins']}/{four['races']} "
                         f"| {_against(reboots_per_race(four), four_avg)} | {one['capped'] + four['capped']} "
                         f"| {_against(one['opponent_reboots_per_robot'], one_opp)} / "
                         f"{_against(four['opponent_reboots_per_robot'], four_opp)} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(markdown(recorded_results()))
