"""The ROBOMissions players written from the rulebook (game/robomissions/partners/): they finish
games in every mode with our AI and with themselves, behave as their style says, and plug into
`simulate` beside `module:Class` seats, whose mistakes are one line."""
from __future__ import annotations

import json

import pytest

from game.cli import main as cli_main
from game.robomissions.partners import PARTNERS, ContraryPlayer, GreedyPlayer
from game.robomissions.rules import engine as E
from game.robomissions.rules.engine import Cancel, EndTurn, Pick, Play
from game.robomissions.rules.view import seat_view
from game.robomissions.tools import simulate
from game.robomissions.tools.simulate import play_game

from .test_rules import blank, give, mega, single

GAMES = [("ffa", ["hard", "{s}"]), ("ffa", ["{s}", "{s}", "hard"]), ("ffa", ["{s}", "hard", "{s}", "{s}"]),
         ("2v1", ["hard", "{s}", "hard"]), ("2v1", ["{s}", "hard", "{s}"]), ("2v2", ["{s}", "hard", "hard", "{s}"])]


@pytest.mark.parametrize("style", sorted(PARTNERS))
@pytest.mark.parametrize("mode, seats", GAMES, ids=[f"{m}-{len(s)}" for m, s in GAMES])
def test_each_style_finishes_games_in_every_mode_with_the_hard_ai(style, mode, seats):
    # 'How to Win: Last One Standing' / 'What if the Deck Runs Out?': every game ends, by
    # elimination or by the End Game deck, never at the simulator's turn cap
    for seed in (1, 2):
        state = play_game(mode, [s.format(s=style) for s in seats], seed)
        assert state.is_over and state.winners and state.end_reason in ("elimination", "deck")


def _attack_ready():
    """Seat 0 holds a Battery and a Blaster Head Megabot (30 AP); seat 1 has a nearly dead Linkbot
    (20 HP, 10 damage) and a fresh Titan Head Megabot (60 HP)."""
    s = blank()
    battery = give(s, 0, "battery")[0]
    mine = mega(s, 0, "blaster_head")
    weak = E._new_robot(s, 1, "chainbot", {"core": next(u for u in s.deck if s.cards[u].key == "linkbot")})
    s.deck.remove(weak.parts["core"])
    s.players[1].chain.append(weak.rid)
    weak.damage = 10
    big = mega(s, 1, "titan_head")
    return s, battery, mine, weak, big


def test_greedy_attacks_first_and_knocks_out_the_robot_it_can():
    # 'Attacking! Pew Pew!': "If total damage equals or exceeds its Hit Points (HP) - BOOM!"
    s, battery, mine, weak, big = _attack_ready()
    greedy = GreedyPlayer(1)
    assert greedy.choose(seat_view(s, 0), E.legal_choices(s)) == Play(battery)
    E.apply(s, Play(battery))
    assert greedy.choose(seat_view(s, 0), E.legal_choices(s)) == Pick("robot", mine.rid)
    E.apply(s, Pick("robot", mine.rid))
    assert greedy.choose(seat_view(s, 0), E.legal_choices(s)) == Pick("robot", weak.rid)


def test_contrary_backs_out_once_then_charges_at_the_sturdiest_enemy_and_passes():
    s, battery, mine, weak, big = _attack_ready()
    contrary = ContraryPlayer(1)
    assert contrary.choose(seat_view(s, 0), E.legal_choices(s)) == Play(battery)
    E.apply(s, Play(battery))
    assert contrary.choose(seat_view(s, 0), E.legal_choices(s)) == Cancel()
    E.apply(s, Cancel())
    assert contrary.choose(seat_view(s, 0), E.legal_choices(s)) != Play(battery)   # declined this turn
    E.apply(s, Play(battery))                                                        # (as if it had changed its mind)
    assert contrary.choose(seat_view(s, 0), E.legal_choices(s)) == Pick("robot", mine.rid)
    E.apply(s, Pick("robot", mine.rid))
    assert contrary.choose(seat_view(s, 0), E.legal_choices(s)) == Pick("robot", big.rid)
    E.apply(s, Pick("robot", big.rid))
    assert s.current == 0 and s.actions_left == 1
    assert contrary.choose(seat_view(s, 0), E.legal_choices(s)) == EndTurn()


def test_greedy_keeps_batteries_and_contrary_throws_its_best_card_away_at_the_hand_limit():
    # 'Taking Turns': "If you have more than 7 cards in your hand at the end of your turn, discard down to 7"
    s = blank()
    single(s, 0, "bolt")
    give(s, 0, "series_pack", "battery", "battery", "titan_head", "linkbot", "linkbot", "sabotage", "recharge")
    E.apply(s, EndTurn())
    assert s.phase == "discard"
    view, choices = seat_view(s, 0), E.legal_choices(s)
    assert s.cards[GreedyPlayer(1).choose(view, choices).card].key in ("sabotage", "recharge")
    # its best card by the players' reading: the Titan Head (60 HP + 2 x 20 AP) before the Series Pack
    assert s.cards[ContraryPlayer(1).choose(view, choices).card].key == "titan_head"


def test_simulate_takes_partners_and_module_class_seats_in_team_modes(capsys):
    code = cli_main(["simulate", "robomissions", "--mode", "2v2", "--seats",
                     "hard,greedy,tests.robomissions.outside_players:BacksOutForever,contrary",
                     "--games", "1", "--seed", "3", "--json"])
    assert code == 2          # the module:Class seat backs out forever: stopped, in one line
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "seat 2 (tests.robomissions.outside_players:BacksOutForever)" in err
    code = cli_main(["simulate", "robomissions", "--mode", "2v1", "--seats",
                     "contrary,hard,game.robomissions.partners:GreedyPlayer", "--games", "2", "--seed", "3", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["games"] == 2 and out["turn_cap_games"] == 0
    assert len(out["decision_cpu_ms_p95_by_seat"]) == 3 and all(t is not None for t in out["decision_cpu_ms_p95_by_seat"])


@pytest.mark.parametrize("seat, words", [
    ("nosuch.module:X", "cannot import 'nosuch.module'"),
    ("game.robomissions.partners:Nope", "has no class 'Nope'"),
    ("tests.robomissions.outside_players:PlaysACardItDoesNotHold", "tests.robomissions.outside_players:"
                                                                    "PlaysACardItDoesNotHold chose Play(card=10000)"),
    ("wizard", "unknown AI level or partner 'wizard'"),
])
def test_a_bad_seat_is_a_one_line_error(seat, words, capsys):
    code = cli_main(["simulate", "robomissions", "--seats", f"hard,{seat}", "--games", "1"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and words in err, err


def test_the_decision_cap_is_far_above_any_real_game():
    # the longest game a random-legal table plays stays under a tenth of the cap
    decisions = []
    for seed in range(1, 6):
        state = E.new_game(E.Config("ffa", 4), seed)
        players = [PARTNERS["random-legal"](seed * 10 + i) for i in range(4)]
        n = 0
        while not state.is_over:
            E.apply(state, players[state.current].choose(seat_view(state, state.current), E.legal_choices(state)))
            n += 1
        decisions.append(n)
    assert max(decisions) < simulate.DECISION_CAP / 10, decisions
