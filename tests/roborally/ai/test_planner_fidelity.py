"""The planner's register simulation agrees with the engine: for random programs on every
shipped course, the square and facing it predicts after each register are where the
engine puts the robot (until a randomizer, which the planner cannot know, or a reboot)."""
import random

import pytest

from game.roborally import rules as R
from game.roborally.ai.planner import Planner
from game.roborally.levels.tmx import list_courses, load_course
from game.roborally.rules.engine import make_config
from tests.roborally.support import play_round

CARDS = ["move1", "move2", "move3", "back", "left", "right", "uturn", "powerup", "again"]


def engine_positions(events, seat, start):
    """(x, y, d) of `seat` at the end of each register, read from the events."""
    x, y, d = start
    out = []
    started = False
    for e in events:
        if e.kind in ("reveal", "round_end", "win"):
            if started:
                out.append((x, y, d))
            started = e.kind == "reveal"
            if e.kind != "reveal":
                break
        if e.seat != seat:
            continue
        if e.kind in ("move", "convey", "pushed", "teleport"):
            x, y = e.data["to"]
        elif e.kind == "turn":
            d = e.data["dir"]
        elif e.kind == "placed":
            x, y = e.data["at"]
            d = e.data["dir"]
    return out


@pytest.mark.parametrize("path", list_courses(), ids=lambda p: p.stem)
def test_planner_predicts_the_engine(path):
    spec = load_course(path)
    cfg = make_config(spec, 2, 0)
    rng = random.Random(path.stem)
    board = R.new_game(cfg, 1).board
    free = [(x, y) for x in range(board.width) for y in range(board.height)
            if board.kind_at(x, y) in ("floor", "energy", "belt", "express", "gear", "teleporter")]
    compared = 0
    for trial in range(60):
        s = R.new_game(cfg, trial)
        s.damage_deck = ["spam"] * 40
        x, y = rng.choice(free)
        d = rng.randrange(4)
        r0, r1 = s.robots
        r0.x, r0.y, r0.d = x, y, d
        r1.x, r1.y, r1.d = -50, -50, 0          # out of the way (never on the board)
        prog = [rng.choice(CARDS[:-1])] + [rng.choice(CARDS) for _ in range(4)]
        while s.phase == "upgrade":
            R.apply(s, R.legal_choices(s)[-1])
        view = R.seat_view(s, 0)
        planner = Planner(view, "normal")
        ev = play_round(s, {0: prog, 1: ["powerup"] * 5})
        actual = engine_positions(ev, 0, (x, y, d))
        px, py, pd, cp, prev = x, y, d, 0, None
        for reg, card in enumerate(prog, start=1):
            if board.kind_at(px, py) == "randomizer" or reg > len(actual):
                break
            px, py, pd, cp, reb, _, prev = planner.step(reg, px, py, pd, cp, prev, card)
            if reb:
                assert (actual[reg - 1][0], actual[reg - 1][1]) == board.reboot[:2]
                break
            assert (px, py, pd) == actual[reg - 1], (prog, reg)
            compared += 1
    assert compared > 60
