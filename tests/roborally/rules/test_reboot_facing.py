"""Robo Rally core rules (2016; 2023 "Rebooting" keeps it): a rebooted robot is placed on the
reboot token "and the player may turn it to face any direction"; the token's arrow only says
which way a robot already there is pushed. Asked when the register's activation is done."""
from __future__ import annotations

import json

from game.roborally import rules as R
from game.roborally.rules import engine as E
from game.roborally.rules.engine import Choice
from tests.roborally.support import STILL, course, finish, game, kinds, pos, program_round

FAR = (7, 7, "N")
FACINGS = [Choice("facing", d) for d in range(4)]


def test_after_a_fall_the_owner_is_offered_the_four_facings_and_the_robot_faces_the_one_chosen():
    s = game(course(reboot=(0, 0, "E")), robots=[(3, 0, "N"), FAR])
    ev = program_round(s, {0: ["move1"] + STILL[:4], 1: STILL})
    assert "reboot" in kinds(ev, 0)
    assert s.phase == "reboot_facing" and s.pending == ("reboot_facing", 0, 1)
    assert E.current_seat(s) == 0 and R.legal_choices(s) == FACINGS
    assert pos(s, 0) == (0, 0, "E")                 # set down facing the arrow until the owner turns it
    turned = R.apply(s, Choice("facing", 2))
    assert [e.data for e in turned if e.kind == "reboot_facing"] == [{"dir": 2, "by": 1}]
    rest = finish(s)
    assert "reboot_facing" not in kinds(rest)       # asked once: its later registers are cancelled
    assert pos(s, 0) == (0, 0, "S") and s.phase == "upgrade"


def test_two_robots_rebooting_in_one_register_each_choose_in_priority_order():
    s = game(course(reboot=(0, 3, "E")), robots=[(3, 0, "N"), (5, 0, "N")])
    s.token = 1
    ev = program_round(s, {0: ["move1"] + STILL[:4], 1: ["move1"] + STILL[:4]})
    assert kinds(ev).count("reboot") == 2
    asked = []
    while s.phase == "reboot_facing":
        asked.append(s.pending[1])
        R.apply(s, Choice("facing", {0: 0, 1: 3}[s.pending[1]]))
    finish(s)
    assert asked == [s.order[0], s.order[1]] and sorted(asked) == [0, 1]
    assert pos(s, 0)[2] == "N" and pos(s, 1)[2] == "W"


def test_a_robot_that_rebooted_twice_in_a_register_chooses_once_for_where_it_ended():
    # the reboot chain of test_movement: C falls into the pit, reboots, is pushed off again by A's reboot
    spec = course(reboot=(2, 3, "E"), cells=[(4, 3, {"kind": "pit"})])
    s = game(spec, players=3, robots=[(6, 0, "N"), (2, 3, "S"), (3, 3, "S")])
    ev = program_round(s, {0: ["move1"] + STILL[:4], 1: STILL, 2: STILL})
    assert kinds(ev, 2).count("reboot") >= 1
    asked = []
    while s.phase == "reboot_facing":
        asked.append(s.pending[1])
        R.apply(s, Choice("facing", 1))
    finish(s)
    rebooted = sorted({e.seat for e in ev if e.kind == "reboot"})
    assert sorted(asked) == rebooted and len(asked) == len(set(asked))


def test_gears_after_the_reboot_still_leave_every_facing_on_offer():
    # the reboot space is a gear: it turns the robot before the register ends, and the
    # owner's choice afterwards is what the robot faces
    spec = course(reboot=(0, 0, "E"), cells=[(0, 0, {"kind": "gear", "rot": "right"})])
    s = game(spec, robots=[(3, 0, "N"), FAR])
    program_round(s, {0: ["move1"] + STILL[:4], 1: STILL})
    assert s.phase == "reboot_facing" and pos(s, 0) == (0, 0, "S")     # the gear turned the arrow's E
    R.apply(s, Choice("facing", 3))
    finish(s)
    assert pos(s, 0) == (0, 0, "W")


def test_no_facing_is_asked_when_a_capped_race_has_ended():
    s = game(course(reboot=(0, 0, "E")), robots=[(3, 0, "N"), FAR], max_rounds=1)
    s.damage_deck = ["spam"] * 10
    ev = program_round(s, {0: STILL[:4] + ["move1"], 1: STILL})
    assert "reboot" in kinds(ev, 0) and s.phase == "over"


def test_the_facing_choice_survives_a_save_and_replay():
    from game.core.session import GameSession
    spec = course(reboot=(0, 0, "E"), starts=[[3, 0, "N"], [7, 7, "N"]])
    session = GameSession.start(R, E.make_config(spec, 2, 0), 5)
    while session.state.phase != "reboot_facing":
        legal = session.legal_choices()
        seat = session.current_seat()
        moves = [c for c in legal if c.kind == "card" and c.arg in ("move1", "move2", "move3")]
        turns = [c for c in legal if c.kind == "card" and c.arg not in ("move1", "move2", "move3", "again")]
        pick = Choice("pass") if Choice("pass") in legal else (
            moves[0] if seat == 0 and moves and session.state.robots[0].regs[0] is None else (turns or legal)[0])
        session.apply(pick)
    session.apply(Choice("facing", 3))
    data = json.loads(json.dumps(session.to_json()))
    assert data["choices"][-1] == {"kind": "facing", "arg": 3}
    again, _ = GameSession.from_json(data, R, "test")
    assert pos(again.state, 0) == pos(session.state, 0) == (0, 0, "W")
    assert again.state.phase == session.state.phase


def test_a_race_saved_before_the_facing_choice_replays_and_goes_on_facing_the_arrow():
    """A save written before this rule has no facing answers after its reboots: its config
    (no "rules" object) keeps the arrow, so Continue still resumes the player's race."""
    from game.core.session import GameSession
    spec = course(reboot=(0, 0, "E"), starts=[[3, 0, "N"], [7, 7, "N"]])
    session = GameSession.start(R, E.make_config(spec, 2, 0), 5)
    assert E.config_to_json(session.config)["rules"] == {"reboot_facing": True}
    while session.state.phase == "reboot_facing" or session.state.round < 2:
        session.apply(Choice("facing", 3) if session.state.phase == "reboot_facing" else _fall_off_west(session))
    old = json.loads(json.dumps(session.to_json()))
    del old["config"]["rules"]
    old["choices"] = [c for c in old["choices"] if c["kind"] != "facing"]
    assert len(old["choices"]) < len(session.to_json()["choices"])      # the first round did reboot
    resumed, _ = GameSession.from_json(old, R, "old save")
    assert resumed.config.reboot_facing is False
    assert pos(session.state, 0) == (0, 0, "W")                          # chosen in the new game
    assert pos(resumed.state, 0) == (0, 0, "E")                          # the arrow, as it was played
    assert (resumed.state.round, resumed.state.phase) == (session.state.round, session.state.phase)
    for _ in range(40):                                                  # and it plays on
        if resumed.state.round >= 3:
            break
        assert resumed.state.phase != "reboot_facing"
        resumed.apply(_fall_off_west(resumed))
    assert resumed.state.round >= 3


def _fall_off_west(session):
    """Seat 0 drives forward from the start facing N (off the top edge); others pass or turn."""
    legal = session.legal_choices()
    seat = session.current_seat()
    moves = [c for c in legal if c.kind == "card" and c.arg in ("move1", "move2", "move3")]
    turns = [c for c in legal if c.kind == "card" and c.arg not in ("move1", "move2", "move3", "again")]
    if Choice("pass") in legal:
        return Choice("pass")
    if seat == 0 and moves and session.state.robots[0].regs[0] is None:
        return moves[0]
    return (turns or legal)[0]


def test_the_facing_choice_crosses_the_tables_wire_and_the_joined_seat_sees_it():
    from game.roborally.ui.joined import state_from_view
    from game.table.wire import canonical, from_wire, to_wire
    s = game(course(reboot=(0, 0, "E")), robots=[(3, 0, "N"), FAR])
    program_round(s, {0: ["move1"] + STILL[:4], 1: STILL})
    view = from_wire(json.loads(canonical(to_wire(R.seat_view(s, 0)))), "roborally")
    assert view.pending == ("reboot_facing", 0, 1)
    joined = state_from_view(view, 0)
    assert E.current_seat(joined) == 0 and R.legal_choices(joined) == FACINGS
    events = R.apply(s, Choice("facing", 0))
    for event in events:
        assert from_wire(json.loads(canonical(to_wire(event))), "roborally") == event
    seen = [e.data for e in R.events_for_seat(events, 1) if e.kind == "reboot_facing" and e.seat == 0]
    assert seen == [{"dir": 0, "by": -1}]            # the other seat sees the turn it animates
