"""Does hard fire where its partner fires? One team game's follow count and result, for
docs/robomissions-ai.md ("Focus fire"):

    python -m game.robomissions.tools.follow 2v2 hard,hard,greedy,hard 200 901 [--workers 2]

Seats are AI levels, the partners written from the rulebook, or `hard-old` (hard without the
teamwork weights, as it was before). The measured team is the one of seat 0's partner pair: in
2v2 seats 0+2, in 2v1 seats 1+2. An attack counts as "with a partner's target" when its attacker
is a hard seat of the measured team, its partner is alive and last attacked an enemy still
standing, and both enemies are standing (so there is a real choice); it "follows" when it hits
that enemy's robot.
"""
from __future__ import annotations

import sys
import time
from multiprocessing import Pool

from game.core.stats import percentile
from game.robomissions.ai import make_player
from game.robomissions.rules import engine
from game.robomissions.rules.view import seat_view
from game.robomissions.tools.play import make_seat

TEAMS = {"2v1": (0, 1, 1), "2v2": (0, 1, 0, 1)}
MEASURED_TEAM = {"2v1": 1, "2v2": 0}
HARD = ("hard", "hard-old")


def _seat(kind: str, seed: int):
    if kind == "hard-old":
        player = make_player("hard", seed)
        player.bot.teamwork = False
        return player
    return make_seat(kind, seed)


def play(mode: str, seats: tuple[str, ...], seed: int) -> dict:
    """One game: the measured team's win, its hard seats' follow counts and decision CPU seconds."""
    state = engine.new_game(engine.Config(mode, len(seats)), seed)
    players = [_seat(kind, seed * 31 + seat) for seat, kind in enumerate(seats)]
    team = MEASURED_TEAM[mode]
    chances = follows = 0
    cpu: list[float] = []
    while not state.is_over:
        seat = state.current_player
        legal = engine.legal_choices(state)
        start = time.process_time()
        action = players[seat].choose(seat_view(state, seat), legal)
        if seats[seat] in HARD:
            cpu.append(time.process_time() - start)
        aim = None
        if seats[seat] in HARD and state.players[seat].team == team:
            partner = next(p for p in state.players if p.team == team and p.seat != seat)
            foes = [p for p in state.players if p.team != team]
            target = state.last_target[partner.seat]
            if partner.alive and len(foes) == 2 and all(p.alive for p in foes) and target is not None:
                aim = target
        events = engine.apply(state, action)
        if aim is not None and any(e.kind == "attacked" and e.player == seat for e in events):
            chances += 1
            follows += state.last_target[seat] == aim     # the owner of the robot it just attacked
    won = any(state.players[s].team == team for s in state.winners)
    return {"won": won, "chances": chances, "follows": follows, "cpu": cpu}


def _job(args):
    return play(*args)


def run(mode: str, seats: tuple[str, ...], games: int, seed: int, workers: int = 1) -> dict:
    jobs = [(mode, seats, seed + g) for g in range(games)]
    if workers > 1:
        with Pool(workers) as pool:
            results = pool.map(_job, jobs, chunksize=4)
    else:
        results = [_job(j) for j in jobs]
    chances = sum(r["chances"] for r in results)
    follows = sum(r["follows"] for r in results)
    cpu = [t for r in results for t in r["cpu"]]
    return {"mode": mode, "seats": ",".join(seats), "games": games, "seed": seed,
            "wins": sum(r["won"] for r in results), "follows": follows, "chances": chances,
            "hard_cpu_ms_p95": round(percentile(cpu, 0.95, default=0.0) * 1000, 2)}


if __name__ == "__main__":
    args = sys.argv[1:]
    workers = 1
    if "--workers" in args:
        i = args.index("--workers")
        workers = int(args[i + 1])
        del args[i:i + 2]
    mode, seats, games, seed = args[0], tuple(args[1].split(",")), int(args[2]), int(args[3])
    r = run(mode, seats, games, seed, workers)
    print(f"{r['mode']} {r['seats']}: won {r['wins']}/{r['games']} ({r['wins'] / r['games']:.0%}), "
          f"followed {r['follows']}/{r['chances']} ({r['follows'] / max(1, r['chances']):.0%}), "
          f"hard p95 {r['hard_cpu_ms_p95']} ms CPU (seeds {r['seed']}-{r['seed'] + r['games'] - 1})")
