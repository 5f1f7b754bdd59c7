"""The ROBOMissions rulebook read as an outside checker reads it.

Every statement of the rulebook was listed and matched with a test; this file holds the
situations test_rules.py did not set up yet (or set up only in passing). Each docstring quotes
the rulebook sentence (ROBOMissions rulebook, section) and the test asserts its outcome
through the engine: the state, legal_choices, apply and the events.
"""
from __future__ import annotations

from game.robomissions.rules import engine as E
from game.robomissions.rules.engine import Cancel, Config, Discard, Draw, EndTurn, Pick, Play, RepairChain, SelfCharge, UseBattery, new_game
from game.robomissions.rules.engine import legal_choices
from tests.helpers import missing_tests_named_in_doc
from tests.robomissions.test_rules import CARD, attack, blank, chain, do, give, kinds, mega, single, take


def picks(s: E.GameState) -> set:
    return {a for a in legal_choices(s) if isinstance(a, Pick)}


# ----------------------------------------------------------------------------- turns
def test_no_seat_attacks_on_its_own_first_turn_in_a_dealt_game():
    """"First turn rule: Players CANNOT attack on their first turn. Their robots are still
    warming up!" (Attacking! Pew Pew!): every seat of a dealt four-player game, each holding a
    Battery on its first turn; seat 0 may attack on its second turn."""
    s = new_game(Config("ffa", 4), 3)
    for seat in range(4):
        assert s.current_player == seat and s.players[seat].turns_taken == 0
        (battery,) = give(s, seat, "battery")
        assert Play(battery) not in legal_choices(s)
        assert not any(isinstance(a, SelfCharge) for a in legal_choices(s))
        do(s, EndTurn())
        while s.phase == "discard":
            do(s, legal_choices(s)[0])
    assert s.current_player == 0
    held = [u for u in s.players[0].hand if s.cards[u].kind == "battery"]
    assert held and all(Play(u) in legal_choices(s) for u in held)


def test_a_hand_of_exactly_seven_is_kept_and_eight_is_cut_to_seven():
    """"If you have more than 7 cards in your hand at the end of your turn, discard down to 7
    cards." (Taking Turns, Note)"""
    s = blank()
    mega(s, 0), mega(s, 1)
    give(s, 0, *["recharge"] * 3, *["sabotage"] * 2, "linkbot", "battery")
    do(s, EndTurn())
    assert s.phase == "main" and s.current_player == 1 and len(s.players[0].hand) == 7
    give(s, 1, *["battery"] * 8)
    do(s, EndTurn())
    assert s.phase == "discard" and s.current_player == 1
    do(s, Discard(s.players[1].hand[0]))
    assert s.current_player == 0 and len(s.players[1].hand) == 7


def test_the_2v1_lone_player_keeps_ten_cards_and_cuts_eleven_to_ten():
    """"The one-player team gets bonuses: ... bigger maximum hand size (10 instead of 7)"
    (Multiplayer Variants, 2V1)"""
    s = blank("2v1", 3)
    for seat in range(3):
        mega(s, seat)
    give(s, 0, *["recharge"] * 3, *["sabotage"] * 2, *["battery"] * 5)
    do(s, EndTurn())
    assert s.phase == "main" and s.current_player == 1 and len(s.players[0].hand) == 10
    s.current, s.actions_left = 0, E.action_count(s, 0)
    give(s, 0, "linkbot")
    do(s, EndTurn())
    assert s.phase == "discard"
    do(s, Discard(s.players[0].hand[-1]))
    assert s.current_player == 1 and len(s.players[0].hand) == 10


# ----------------------------------------------------------------------------- attacking
def test_damage_equal_to_hit_points_knocks_out_and_less_does_not():
    """"If total damage equals or exceeds its Hit Points (HP)—BOOM! It is knocked out and sent
    to the Discard Pile." (Attacking! Pew Pew!)"""
    s = blank()
    s.actions_left = 3
    striker, dynamo = chain(s, 0, "chain_striker")[0], single(s, 0, "dynamo")
    mega(s, 1)
    target, other = chain(s, 1, "linkbot", "linkbot")
    assert CARD["chain_striker"].ap == CARD["linkbot"].hp > CARD["dynamo"].ap
    events = attack(s, give(s, 0, "battery")[0], striker, target)
    assert "knocked_out" in kinds(events) and target.parts["core"] in s.discard and target.rid not in s.robots
    events = do(s, SelfCharge(dynamo.rid), Pick("robot", other.rid))
    assert "knocked_out" not in kinds(events) and other.damage == CARD["dynamo"].ap and other.rid in s.robots


def test_chainbots_that_attacked_with_their_chain_cannot_be_powered_again_that_turn():
    """"When a Battery powers one Chainbot, the entire chain attacks the same target together!"
    (Meet the Robots!) and "A robot cannot attack twice in one turn." (Attacking! Pew Pew!)"""
    s = blank()
    s.actions_left = 3
    mega(s, 1, "sentinel_head", body="steel_body")
    a, b, c = chain(s, 0, "linkbot", "linkbot", "chain_tank")
    head = mega(s, 0, "titan_head")
    foe = s.robots[s.players[1].bots[0]]
    b1, b2 = give(s, 0, "battery", "battery")
    attack(s, b1, c, foe)
    do(s, Play(b2))
    assert picks(s) == {Pick("robot", head.rid)}          # every Chainbot of the chain is spent


def test_a_robot_that_attacked_cannot_also_use_its_parallel_pack_that_turn():
    """"2 Batteries in Parallel (Lasting Power!): These last for TWO turns." (Power Up with
    Batteries!) with "A robot cannot attack twice in one turn." (Attacking! Pew Pew!): once the
    pack's robot attacked with another battery on the second turn, the pack is not offered,
    and it goes to the Used Battery Pile when that turn ends."""
    s = blank()
    me, foe = mega(s, 0, "titan_head"), mega(s, 1, "sentinel_head", body="steel_body")
    (pack,) = give(s, 0, "parallel_pack")
    attack(s, pack, me, foe)
    do(s, EndTurn(), EndTurn())
    assert s.current_player == 0 and UseBattery(pack) in legal_choices(s)
    attack(s, give(s, 0, "battery")[0], me, foe)
    assert UseBattery(pack) not in legal_choices(s) and me.battery == pack
    do(s, EndTurn())
    assert me.battery is None and pack in s.used


def test_a_partner_is_never_a_target_and_chains_never_link_in_2v1():
    """"2V1: Two players work together to defeat a common enemy. They can coordinate moves and
    discuss hands, but may not trade cards or link chainbots." (Multiplayer Variants): seat 1's
    Chainbot starts its own chain, its battery, Chop Chop and Sabotage reach only the lone
    player, and no choice hands a card to the partner."""
    s = blank("2v1", 3)
    mega(s, 0, body="reactor_body"), mega(s, 1), mega(s, 2, body="steel_body")
    chain(s, 2, "linkbot")
    s.current, s.actions_left = 1, E.action_count(s, 1)
    assert s.actions_left == E.ACTIONS
    link, battery, chop, sabotage = give(s, 1, "linkbot", "battery", "chop_chop", "sabotage")
    give(s, 0, "recharge"), give(s, 2, "recharge")
    do(s, Play(link))
    assert picks(s) == {Pick("slot", 0)}
    do(s, Cancel(), Play(battery), Pick("robot", s.players[1].bots[0]))
    assert picks(s) == {Pick("robot", r) for r in s.players[0].robot_ids()}
    do(s, Cancel(), Play(chop))
    assert picks(s) == {Pick("robot", r) for r in s.players[0].robot_ids()}
    do(s, Cancel(), Play(sabotage))
    assert picks(s) == {Pick("player", 0)}
    assert {type(a).__name__ for a in legal_choices(s)} <= {"Pick", "Cancel"}


# ----------------------------------------------------------------------------- megabots and chains
def test_chop_chop_rulebook_example_only_the_arm_comes_off_then_the_body():
    """"Chop Chop: Only one Megabot Part card may be removed (e.g., if a Body and an Arm are
    attached to a Head, only the arm can be removed)." (Special Action Cards & FAQ)"""
    s = blank()
    s.actions_left = 3
    mega(s, 0)
    foe = mega(s, 1, "omega_head", body="steel_body", arm0="claw_arm")
    head, body, arm = foe.parts["head"], foe.parts["body"], foe.parts["arm0"]
    c1, c2 = give(s, 0, "chop_chop", "chop_chop")
    events = do(s, Play(c1), Pick("robot", foe.rid))
    assert [e.card for e in events if e.kind == "chopped"] == [arm]
    assert foe.parts == {"head": head, "body": body} and arm in s.discard
    do(s, Play(c2), Pick("robot", foe.rid))
    assert foe.parts == {"head": head} and foe.rid in s.robots      # the Head is no part: it stays
    assert E.robot_hp(s, foe) == CARD["omega_head"].hp


def test_a_headless_megabot_is_still_a_robot_on_the_table():
    """"If you have no robot on the table, you are out!" (How to Win) and "You may play a part
    without a head" (Meet the Robots!): a player whose last robot is a headless Megabot stays in,
    and the End Game count counts it."""
    s = blank(n=3)
    me = mega(s, 0, "blaster_head")
    bolt = single(s, 1, "bolt")
    mega(s, 1, None, body="reactor_body")
    mega(s, 2)
    attack(s, give(s, 0, "battery")[0], me, bolt)
    assert s.players[1].alive and len(E.robots_of(s, 1)) == 1
    assert [len(E.robots_of(s, seat)) for seat in range(3)] == [1, 1, 1]
    assert E.biggest_megabot(s, 1) == CARD["reactor_body"].hp // 2


def test_two_chainbots_knocked_out_side_by_side_leave_two_gaps():
    """"If one is knocked out, play a new one in the gap or use a "Repair Chain!" action to fix
    it." (Meet the Robots!, Chainbots): each knocked-out Chainbot leaves its own gap, so two
    neighbours knocked out need two fixes before the chain is whole (our reading, written in
    docs/robomissions-content.md)."""
    s = blank()
    s.actions_left = 3
    mega(s, 1)
    a, b, c, d = chain(s, 0, "linkbot", "linkbot", "linkbot", "chain_tank")
    E._damage(s, b, CARD["linkbot"].hp, "attack", [])
    E._damage(s, c, CARD["linkbot"].hp, "attack", [])
    assert s.players[0].chain == [a.rid, None, None, d.rid]
    assert {x for x in legal_choices(s) if isinstance(x, RepairChain)} == {RepairChain(1), RepairChain(2)}
    do(s, RepairChain(1))
    assert E.chain_segment(s, a) == [a.rid]
    do(s, RepairChain(1))
    assert E.chain_segment(s, a) == [a.rid, d.rid] and s.actions_left == 1


# ----------------------------------------------------------------------------- special action cards
def test_disperse_counters_go_only_on_enemy_robots():
    """"Disperse Damage: The player may exchange a 50-damage counter with five 10-damage
    counters before dispersing them to other robots." (Special Action Cards & FAQ): never on
    the player's own robots nor a partner's."""
    s = blank("2v2", 4)
    me = mega(s, 0, "sentinel_head")
    mine = single(s, 0, "bolt")
    mate = mega(s, 2)
    foes = [mega(s, 1), mega(s, 3)]
    me.damage = 20
    do(s, Play(give(s, 0, "disperse_damage")[0]), Pick("robot", me.rid))
    assert picks(s) == {Pick("robot", f.rid) for f in foes}
    assert mine.rid not in {p.ref for p in picks(s)} and mate.rid not in {p.ref for p in picks(s)}


# ----------------------------------------------------------------------------- winning
def test_a_2v1_lone_player_knocked_out_makes_both_partners_champions():
    """"The game ends when there's only one player left (or team left). That player/team is the
    RoboChampion!" (How to Win: Last One Standing)"""
    s = blank("2v1", 3)
    lone = single(s, 0, "bolt")
    hitter = mega(s, 1, "blaster_head")
    mega(s, 2)
    s.current, s.actions_left = 1, 2
    events = attack(s, give(s, 1, "battery")[0], hitter, lone)
    assert s.is_over and s.winners == (1, 2) and kinds(events)[-2:] == ["eliminated", "game_over"]


def test_a_2v2_team_win_credits_the_partner_already_knocked_out():
    """"The game ends when there's only one player left (or team left). That player/team is the
    RoboChampion!" (How to Win): the team wins, the member who was knocked out earlier too."""
    s = blank("2v2", 4)
    me, spare = mega(s, 0, "blaster_head"), single(s, 0, "piercer")
    fallen = single(s, 2, "bolt")
    foe1, foe3 = single(s, 1, "bolt"), single(s, 3, "magnet")
    E._damage(s, fallen, CARD["bolt"].hp, "attack", [])
    assert not s.players[2].alive and s.actions_left == E.ACTIONS
    s.actions_left = E.action_count(s, 0)
    attack(s, give(s, 0, "battery")[0], me, foe1)
    assert not s.is_over
    attack(s, give(s, 0, "series_pack")[0], spare, foe3)
    assert s.is_over and s.winners == (0, 2)


def test_a_2v2_survivor_already_holding_eight_draws_nothing():
    """"2V2: ... After the first player is knocked out, the remaining teammate gets the 2V1
    buff, draws cards until there are 8 in hand, then continues playing." (Multiplayer
    Variants): with 9 cards there is nothing to draw, and the buff's hand limit of 10 keeps them."""
    s = blank("2v2", 4)
    me = mega(s, 0, "blaster_head")
    victim = single(s, 1, "bolt")
    mega(s, 2), mega(s, 3)
    held = give(s, 3, *["recharge"] * 3, *["sabotage"] * 2, *["battery"] * 4)
    events = attack(s, give(s, 0, "battery")[0], me, victim)
    assert "buffed" in kinds(events) and s.players[3].hand == held
    assert not [e for e in events if e.kind == "card_drawn" and e.player == 3]
    assert E.hand_limit(s, 3) == E.BUFF_HAND_LIMIT


# ----------------------------------------------------------------------------- the End Game
def test_any_draw_of_the_last_card_starts_the_end_game():
    """"When a player draws the last card, the End Game begins! Shuffle the Used Battery Pile and
    place it face down." (What if the Deck Runs Out?): a Recharge whose first draw empties the
    deck draws its second card from the battery-only deck."""
    s = blank()
    mega(s, 0), mega(s, 1)
    (recharge,) = give(s, 0, "recharge")
    used = [take(s, "battery"), take(s, "parallel_pack")]
    s.used = used[:]
    last = s.deck[-1]
    s.discard, s.deck = s.deck[:-1], [last]
    events = do(s, Play(recharge))
    drawn = [e.card for e in events if e.kind == "card_drawn"]
    assert drawn[0] == last and drawn[1] in used and "end_game_started" in kinds(events)
    assert s.endgame and len(s.deck) == 1 and s.deck[0] in used


def test_end_game_batteries_are_used_once_and_play_goes_on_as_usual():
    """"Play continues as usual with this new, Battery-only, Draw Deck." (What if the Deck Runs
    Out?): a battery played in the End Game goes to the Used Battery Pile and is not shuffled
    back; drawing, attacking and the turn order go on."""
    s = blank()
    me, foe = mega(s, 0, "titan_head"), mega(s, 1, "sentinel_head", body="steel_body")
    s.endgame = True
    s.discard, s.deck = s.deck[:-3], [take(s, "battery"), take(s, "battery")]
    do(s, Draw())
    (battery,) = s.players[0].hand
    attack(s, battery, me, foe)
    assert s.used == [battery] and battery not in s.deck and len(s.deck) == 1
    assert s.current_player == 1 and not s.is_over


def test_an_empty_used_battery_pile_ends_the_game_after_that_turn():
    """"If there's still no winner after the End Game Draw Deck runs out, the winner is the Player
    with the most Robots" (What if the Deck Runs Out?): with no used battery the End Game deck is
    empty from the start; the drawer finishes the turn, then the robots are counted."""
    s = blank()
    mega(s, 0), single(s, 0, "bolt"), mega(s, 1)
    s.used = []
    s.discard, s.deck = s.deck[:-1], s.deck[-1:]
    events = do(s, Draw())
    assert "end_game_started" in kinds(events) and s.deck == [] and not s.is_over
    assert Draw() not in legal_choices(s)
    do(s, EndTurn())
    assert s.is_over and s.winners == (0,) and s.end_reason == "deck"


def test_end_game_count_tied_across_teams_with_equal_megabots_shares_the_win():
    """"If tied, the player with the biggest Megabot wins. Still tied? Just shake hands! You are
    equally matched." (What if the Deck Runs Out?), in a team game: both teams share it."""
    s = blank("2v2", 4)
    mega(s, 0, "titan_head"), mega(s, 1, "omega_head"), mega(s, 2, "blaster_head"), mega(s, 3, "volt_head")
    chain(s, 0, "linkbot"), chain(s, 1, "linkbot")
    assert CARD["titan_head"].hp == CARD["omega_head"].hp
    assert E._count_winners(s) == (0, 1, 2, 3)
    s.robots[s.players[1].bots[0]].parts["body"] = take(s, "jet_legs")   # seat 1 now has the bigger one
    assert E._count_winners(s) == (1, 3)


def test_every_test_the_rules_doc_names_exists():
    """docs/robomissions-rules.md maps each rulebook statement to its test: none may dangle."""
    assert missing_tests_named_in_doc("robomissions-rules.md", "robomissions") == []
