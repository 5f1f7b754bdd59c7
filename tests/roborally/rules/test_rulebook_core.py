"""An outside audit of the core Robo Rally (2023 edition) statements the Chaos & Carnage sheet
builds on, for those no other test sets up. Sources as in docs/roborally-rules.md (RR23: the
2023 rulebook's chapters on Dized; RR16: the 2016 game guide where those are silent)."""
from game.roborally import rules as R
from game.roborally.rules import engine as E
from tests.roborally.support import STILL, course, damage_cards, game, play_round, pos, skip_upgrades

FAR = (7, 7, "W")


def test_robots_start_on_the_start_spaces_in_seat_order_facing_the_arrow_with_5_energy():
    """RR16 set-up (kept by the 2023 player mat, whose energy track marks START at 5): each robot
    on its start space, facing the start arrow, with 5 Energy."""
    spec = course(starts=[[1, 7, "N"], [2, 7, "E"], [3, 6, "W"]])
    s = R.new_game(E.make_config(spec, 3, 0), 4)
    assert [pos(s, seat) for seat in range(3)] == [(1, 7, "N"), (2, 7, "E"), (3, 6, "W")]
    assert [r.energy for r in s.robots] == [5, 5, 5]


def test_a_deck_that_runs_out_shuffles_the_discard_and_the_hand_is_still_9():
    """RR23 "2. The programming phase": "Draw cards from your own programming deck ... until you
    have 9 cards in your hand. If your deck runs out, shuffle your programming discard pile to
    replenish your deck, and then keep drawing until you have 9 cards." """
    s = game()
    r = s.robots[0]
    r.discard, r.deck = r.deck[:17], r.deck[17:]          # 3 in the deck, 17 in the discard
    skip_upgrades(s)
    assert len(r.hand) == 9 and len(r.deck) == 11 and r.discard == []


def test_the_main_laser_has_no_range_limit():
    """RR23 robot weapons: the main laser "fires in the direction the robot is facing ... Its
    range has no limit; it goes until it hits something solid (a wall or robot)." """
    s = game(course(width=12), robots=[(0, 3, "E"), (11, 3, "N")])
    ev = play_round(s, {0: STILL, 1: STILL})
    assert [e.data["target"] for e in ev if e.kind == "robot_laser" and e.seat == 0] == [1] * 5


def test_again_after_a_haywire_register_plays_the_top_card_of_the_deck():
    """Again (card text, RR16; the 2023 card keeps it): "If your previous register was a damage
    card, draw a card from the top of your deck, and play that card this register." A Haywire
    resolved in register 1 is a damage card."""
    s = game(robots=[(3, 6, "N"), FAR])
    s.robots[0].haywire[0] = "hw_right_move1"           # register 1: Turn Right, Move 1 -> (4, 6) E
    ev = play_round(s, {0: ["powerup", "again", "powerup", "powerup", "powerup"], 1: STILL},
                    deck={0: ["left", "move2"]})
    assert pos(s, 0) == (6, 6, "E")                      # Again drew and played Move 2
    assert [e.data["card"] for e in ev if e.kind == "draw" and e.seat == 0] == ["move2"]


def test_a_robot_that_reboots_takes_its_2_damage_one_card_at_a_time_from_the_damage_deck():
    """RR23 "Damage overview": "When you take damage, draw that many cards from the top of the
    damage deck, 1 at a time"; a fall is damage (RR23: "any time they fall into a pit ... that
    player must take damage"), 2 cards for a reboot (RR16 Rebooting)."""
    s = game(course(cells=[(3, 4, {"kind": "pit"})], reboot=(0, 6, "E")), robots=[(3, 5, "N"), FAR])
    s.damage_deck = ["spam"] * 5 + ["hw_back_back", "spam"]
    ev = play_round(s, {0: ["move1"] + STILL[:4], 1: STILL})
    reboot = [d.data["card"] for d in damage_cards(ev, 0) if d.data["why"] == "reboot"]
    assert reboot == ["spam", "haywire"]                 # the top card first, then the next
    assert s.robots[0].haywire[0] == "hw_back_back"      # a Haywire under the current register
