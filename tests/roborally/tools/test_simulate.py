"""simulate roborally: the report fields, seat rotation and one-line errors; samples end fast."""
import json
import subprocess
import sys
from pathlib import Path

from game.roborally import rules as R
from game.roborally.levels.tmx import load_course, find_course
from game.roborally.tools.samples import conformance_configs
from game.roborally.tools.simulate import run

ROOT = Path(__file__).resolve().parents[3]


def test_report_has_games_wins_mean_rounds_and_decision_time():
    report = run(load_course(find_course("dizzy-dash")), ["hard", "random"], 4, 1, 20)
    assert report["games"] == 4 and len(report["wins_by_seat"]) == 2
    assert sum(report["wins_by_seat"]) + report["draws"] == 4
    assert report["mean_rounds"] > 0 and report["decision_ms_p95"]["hard"] is not None


def test_command_prints_json_and_rejects_bad_options():
    done = subprocess.run([sys.executable, "main.py", "simulate", "roborally", "--course", "dizzy-dash",
                           "--seats", "normal,random", "--games", "2", "--seed", "3", "--json"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert {"games", "wins_by_seat", "mean_rounds", "decision_ms_p95"} <= set(data)
    bad = subprocess.run([sys.executable, "main.py", "simulate", "roborally", "--seats", "hard,wizard"],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stderr.startswith("error: --seats")
    bad = subprocess.run([sys.executable, "main.py", "simulate", "roborally", "--course", "nowhere"],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "unknown course" in bad.stderr


def test_sample_configs_are_small_and_end_under_random_play():
    import random

    for label, cfg in conformance_configs():
        assert 2 <= cfg.players and cfg.max_rounds > 0
        s = R.new_game(cfg, 1)
        rng = random.Random(1)
        n = 0
        while not R.is_over(s):
            R.apply(s, rng.choice(R.legal_choices(s)))
            n += 1
        assert n < 3000


def test_outside_players_take_a_seat_as_module_and_class():
    report = run(load_course(find_course("dizzy-dash")), ["normal", "tests.roborally.tools.outside_players:FirstChoice"],
                 2, 1, 6)
    assert report["games"] == 2 and "tests.roborally.tools.outside_players:FirstChoice" in report["decision_ms_p95"]
    assert len(report["reboots_per_race"]) == 2 and report["capped"] == report["draws"]


def test_decision_p95_is_the_95th_percentile_not_the_maximum(monkeypatch):
    # issue 23: the p95 passed 95 to percentile(), which takes a share (0.95), so every "p95" was the maximum
    import game.roborally.tools.simulate as S

    shares = []
    real = S.percentile

    def spy(values, share, default=None):
        shares.append(share)
        return real(values, share, default)

    monkeypatch.setattr(S, "percentile", spy)
    run(load_course(find_course("dizzy-dash")), ["easy", "random"], 1, 1, 3)
    assert shares and all(s == 0.95 for s in shares)
