"""A human whose robot rebooted picks its facing on the race screen (RR16/RR23 Rebooting: the
player may turn it to face any direction): a one-line prompt, arrow keys point it, confirm."""
from __future__ import annotations

from game.client import input as inp
from game.core.session import GameSession
from game.roborally import rules as R
from game.roborally.rules.engine import Choice
from game.roborally.ui.scene import RaceScene
from tests.roborally.support import STILL, course, game, pos, program_round


def _race_waiting_for_the_facing(app):
    s = game(course(reboot=(0, 0, "S")), robots=[(3, 0, "N"), (7, 7, "N")])
    program_round(s, {0: ["move1"] + STILL[:4], 1: STILL})
    assert s.phase == "reboot_facing"
    scene = RaceScene(GameSession(engine=R, config=s.config, seed=1, state=s), ["human", "easy"], speed=8.0,
                      save=False, tutorial=False, timer=False)
    app.stack.push(scene)
    for _ in range(600):
        if scene._human_turn() and scene.menu is not None:
            break
        app.step(1 / 60)
    return scene


def test_the_rebooted_robots_owner_is_prompted_and_points_it_with_the_arrow_keys(app):
    scene = _race_waiting_for_the_facing(app)
    assert [label for label, _, _ in scene.menu.items] == [
        "Face north (up)", "Face east (right)", "Face south (down)", "Face west (left)"]
    assert scene.menu.focus == 2                     # starts on the arrow's facing
    assert "rebooted: pick its facing" in scene.facing_prompt()
    app.post(inp.Action(inp.RIGHT))
    assert scene.menu.focus == 1
    app.post(inp.Action(inp.CONFIRM))
    assert pos(scene.session.state, 0)[2] == "E"
    assert scene.session.choices == [Choice("facing", 1)]
    assert scene.facing_prompt() is None
