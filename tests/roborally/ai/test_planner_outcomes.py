"""Hard's planner prices what the board does after a move it does not choose (issue 23, third
round, traced on the tuning course levels/roborally-tuning/foundry-loop.tmx): a Haywire onto a
belt into a pit, a push onto such a belt, and a round ended on a randomizer by a pit."""
from game.roborally import rules as R
from game.roborally.ai.planner import Planner
from game.roborally.rules import content as C
from game.roborally.rules.worlds import play_activation
from tests.roborally.support import course, game, skip_upgrades

NORTH = 0
BELT_INTO_PIT = [(4, 3, {"kind": "belt", "dir": "E"}), (5, 3, {"kind": "pit"})]


def test_a_haywire_onto_a_belt_into_a_pit_is_priced_as_a_fall_as_the_engine_plays_it():
    # At (3, 3) facing north only "Turn Right, Move 1" drops the robot, and only because the
    # belt it lands on carries it into the pit in the same register.
    spec = course(cells=BELT_INTO_PIT, checkpoints=[(3, 0)])
    engine_falls = 0
    for hw in sorted(C.HAYWIRE):
        s = game(spec, robots=[(3, 3, "N"), (7, 7, "W")])
        skip_upgrades(s)
        s.robots[0].haywire[0] = hw
        _, events = play_activation(s, {0: ["uturn"] * 5, 1: ["uturn"] * 5})
        engine_falls += any(e.kind == "reboot" and e.seat == 0 for e in events)
    view = R.seat_view(game(spec, robots=[(3, 3, "N"), (7, 7, "W")]), 0)
    assert engine_falls == 1
    assert Planner(view, "hard")._risk(3, 3, NORTH, "haywire", 1) == engine_falls / len(C.HAYWIRE)


def test_a_square_where_a_push_lands_the_robot_on_a_belt_into_a_pit_is_a_threat():
    # A robot two squares south facing north pushes ours from (3, 3) onto the belt at (3, 2),
    # which carries it west into the pit at (2, 2).
    spec = course(cells=[(3, 2, {"kind": "belt", "dir": "W"}), (2, 2, {"kind": "pit"})], checkpoints=[(7, 0)])
    view = R.seat_view(game(spec, robots=[(3, 3, "N"), (3, 5, "N")]), 0)
    assert Planner(view, "hard").threat.get((3, 3), 0.0) > 0.0


def test_ending_the_round_on_a_randomizer_by_a_pit_costs_hard_what_the_drawn_card_may_do():
    # Next round's first register is the deck's top card there: a Move or Back Up may drop it.
    pit = (3, 2, {"kind": "pit"})
    on_randomizer = course(cells=[pit, (3, 3, {"kind": "randomizer"})], checkpoints=[(7, 0)])
    on_floor = course(cells=[pit], checkpoints=[(7, 0)])

    def end_value(spec, level):
        view = R.seat_view(game(spec, robots=[(3, 3, "N"), (7, 7, "W")]), 0)
        return Planner(view, level).terminal(3, 3, NORTH, 0, False)

    assert end_value(on_randomizer, "hard") < end_value(on_floor, "hard")
    assert end_value(on_randomizer, "normal") == end_value(on_floor, "normal")


def test_on_a_randomizer_hard_follows_every_card_the_deck_may_put_in_the_register():
    # On a randomizer facing a pit, each deck card is played as the engine plays it: the Moves
    # (8 of 20 cards) drop the robot, the rest leave it where they turn or back it up.
    spec = course(cells=[(3, 3, {"kind": "randomizer"}), (3, 2, {"kind": "pit"})], checkpoints=[(7, 0)])
    engine = {}
    for card in C.PROGRAMMING_DECK:
        s = game(spec, robots=[(3, 3, "N"), (7, 7, "W")])
        skip_upgrades(s)
        s.robots[0].deck.append(card)                      # the top card the randomizer deals
        _, events = play_activation(s, {0: ["uturn"] * 5, 1: ["uturn"] * 5})
        reveals = [i for i, e in enumerate(events) if e.kind == "reveal"]
        engine[card] = any(e.kind == "reboot" and e.seat == 0 for e in events[:reveals[1]])   # register 1
    view = R.seat_view(game(spec, robots=[(3, 3, "N"), (7, 7, "W")]), 0)
    outcomes = Planner(view, "hard")._card_outcomes(1, 3, 3, NORTH, 0, spam=False)
    planned = {}
    for (drawn,), ((_x, _y, _d, _cp, rebooted, _r), _done) in zip(Planner(view, "hard").unknown_card, outcomes):
        planned[drawn] = rebooted
    assert sum(engine.values()) == 3 and planned == engine
