"""Every rule of the ROBOMissions rulebook, each set up on the table and checked.

`blank()` clears a fresh game (all cards back in the deck, every player past its first
turn) so a test can place exactly the robots and hands its rule needs. Expected numbers are
computed from the card data, not copied from it.
"""
from __future__ import annotations

import pytest

from game.core.errors import UserError
from game.robomissions.rules import engine as E
from game.robomissions.rules.cards import default_cards
from game.robomissions.rules.engine import (Cancel, Discard, Draw, EndTurn, Pick, Play, RepairChain, SelfCharge, UseBattery,
                                      Config, action_from_json, legal_choices, new_game)

CARD = {c.key: c for c in default_cards()}


# ----------------------------------------------------------------------------- table helpers
def blank(mode: str = "ffa", n: int = 2, seed: int = 0) -> E.GameState:
    s = new_game(Config(mode, n), seed)
    for r in s.robots.values():
        s.deck.extend(r.parts.values())
    s.robots.clear()
    for p in s.players:
        s.deck.extend(p.hand)
        p.hand, p.bots, p.chain, p.turns_taken = [], [], [], 1
    s.deck.sort()
    s.actions_left = E.action_count(s, 0)
    return s


def take(s: E.GameState, key: str) -> int:
    uid = next(u for u in s.deck if s.cards[u].key == key)
    s.deck.remove(uid)
    return uid


def give(s: E.GameState, seat: int, *keys: str) -> list[int]:
    uids = [take(s, k) for k in keys]
    s.players[seat].hand.extend(uids)
    return uids


def mega(s: E.GameState, seat: int, head: str | None = "any", **slots: str) -> E.Robot:
    """A Megabot; head="any" takes whichever head is still in the deck, None builds it headless."""
    if head == "any":
        head = next(s.cards[u].key for u in s.deck if s.cards[u].kind == "head")
    parts = {"head": take(s, head)} if head else {}
    parts.update({slot: take(s, key) for slot, key in slots.items()})
    return E._new_robot(s, seat, "megabot", parts)


def single(s: E.GameState, seat: int, key: str) -> E.Robot:
    return E._new_robot(s, seat, "singlebot", {"core": take(s, key)})


def chain(s: E.GameState, seat: int, *keys: str) -> list[E.Robot]:
    bots = []
    for key in keys:
        robot = E._new_robot(s, seat, "chainbot", {"core": take(s, key)})
        s.players[seat].chain.append(robot.rid)
        bots.append(robot)
    return bots


def do(s: E.GameState, *actions) -> list:
    events = []
    for action in actions:
        events += E.apply(s, action)
    return events


def attack(s: E.GameState, battery: int, attacker: E.Robot, target: E.Robot) -> list:
    return do(s, Play(battery), Pick("robot", attacker.rid), Pick("robot", target.rid))


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def all_cards(s: E.GameState) -> list[int]:
    zones = s.deck + s.discard + s.used + [u for p in s.players for u in p.hand]
    for r in s.robots.values():
        zones += list(r.parts.values()) + [u for u in (r.shield, r.battery) if u is not None]
    return sorted(zones)


# ----------------------------------------------------------------------------- setup
@pytest.mark.parametrize("mode, n", [("ffa", 2), ("ffa", 3), ("ffa", 4), ("2v1", 3), ("2v2", 4)])
def test_setup_deals_a_face_up_head_and_a_hand_with_a_robot(mode, n):
    for seed in range(15):
        s = new_game(Config(mode, n), seed)
        for p in s.players:
            (robot,) = E.robots_of(s, p.seat)
            assert robot.kind == "megabot" and set(robot.parts) == {"head"}
            assert any(s.cards[u].is_robot for u in p.hand)
            assert len(p.hand) == (E.BUFF_HAND_SIZE if mode == "2v1" and p.seat == 0 else E.HAND_SIZE)
        heads_total = sum(c.count for c in default_cards() if c.kind == "head")
        assert sum(1 for u in s.deck if s.cards[u].kind == "head") + sum(
            1 for p in s.players for u in p.hand if s.cards[u].kind == "head") == heads_total - n
        assert all_cards(s) == list(range(len(s.cards)))


def test_hand_without_a_robot_is_shuffled_back_and_redealt():
    redeals = [(seed, s) for seed in range(300) for s in [new_game(Config("ffa", 2), seed)]
               if any(e.kind == "redealt" for e in s.setup_events)]
    assert redeals, "some seed should need a re-deal"
    for _seed, s in redeals:
        assert all(any(s.cards[u].is_robot for u in p.hand) for p in s.players)
        assert all_cards(s) == list(range(len(s.cards)))


def test_same_seed_same_game_and_bad_mode_is_a_user_error():
    a, b = new_game(Config("2v2", 4), 7), new_game(Config("2v2", 4), 7)
    assert a.deck == b.deck and [p.hand for p in a.players] == [p.hand for p in b.players]
    with pytest.raises(UserError):
        new_game(Config("2v1", 4), 1)
    with pytest.raises(UserError):
        new_game(Config("battle-royale", 2), 1)


# ----------------------------------------------------------------------------- turns
def test_two_actions_then_the_turn_passes_clockwise():
    s = blank(n=3)
    mega(s, 0), mega(s, 1, "blaster_head"), mega(s, 2, "volt_head")
    assert s.actions_left == E.ACTIONS == 2
    events = do(s, Draw(), Draw())
    assert kinds(events).count("card_drawn") == 2 and "turn_ended" in kinds(events)
    assert s.current_player == 1 and len(s.players[0].hand) == 2


def test_hand_limit_is_enforced_and_the_player_chooses_the_discards():
    s = blank()
    mega(s, 0), mega(s, 1, "blaster_head")
    keep = give(s, 0, "battery", "battery")
    rest = give(s, 0, *["recharge"] * 3, *["sabotage"] * 2, "linkbot", "linkbot")
    assert len(s.players[0].hand) == 9
    do(s, EndTurn())
    assert s.phase == "discard" and s.current_player == 0
    assert set(legal_choices(s)) == {Discard(u) for u in keep + rest}
    do(s, Discard(rest[0]))
    assert s.phase == "discard"
    events = do(s, Discard(rest[1]))
    assert s.players[0].hand == keep + rest[2:] and len(s.players[0].hand) == E.HAND_LIMIT
    assert "turn_ended" in kinds(events) and s.current_player == 1
    assert rest[:2] == s.discard[-2:]


def test_no_attack_on_a_players_first_turn():
    s = blank()
    me, foe = mega(s, 0, "titan_head"), mega(s, 1, "blaster_head")
    (battery,) = give(s, 0, "battery")
    s.players[0].turns_taken = 0
    assert Play(battery) not in legal_choices(s)
    s.players[0].turns_taken = 1
    assert Play(battery) in legal_choices(s)
    attack(s, battery, me, foe)
    assert foe.damage == CARD["titan_head"].ap


def test_a_robot_cannot_attack_twice_in_one_turn():
    s = blank()
    s.actions_left = 3
    me, other, foe = mega(s, 0), single(s, 0, "bolt"), mega(s, 1, "sentinel_head")
    b1, b2 = give(s, 0, "battery", "battery")
    attack(s, b1, me, foe)
    do(s, Play(b2))
    assert Pick("robot", me.rid) not in legal_choices(s)
    assert Pick("robot", other.rid) in legal_choices(s)


def test_cancel_returns_the_card_without_spending_an_action():
    s = blank()
    mega(s, 0), mega(s, 1, "blaster_head")
    (battery,) = give(s, 0, "battery")
    do(s, Play(battery))
    assert s.pending is not None and Cancel() in legal_choices(s)
    do(s, Cancel())
    assert s.pending is None and s.actions_left == 2 and battery in s.players[0].hand


def test_actions_round_trip_through_json():
    for action in (Draw(), Play(3), Pick("robot", 4), Pick("new", -1), RepairChain(1), UseBattery(9),
                   SelfCharge(2), Cancel(), EndTurn(), Discard(5)):
        assert action_from_json(action.to_json()) == action == type(action).from_json(action.to_json())
        assert action.label
    with pytest.raises(UserError):
        action_from_json({"type": "Teleport"})


# ----------------------------------------------------------------------------- damage and knock-outs
def test_damage_counters_add_up_and_a_knocked_out_robot_goes_to_the_discard_pile():
    s = blank()
    me, me2 = mega(s, 0, "blaster_head"), single(s, 0, "bolt")
    foe = chain(s, 1, "chain_tank")[0]
    foe_mate = mega(s, 1, "sentinel_head")
    b1, b2 = give(s, 0, "battery", "battery")
    attack(s, b1, me, foe)
    assert foe.damage == CARD["blaster_head"].ap < CARD["chain_tank"].hp and foe.rid in s.robots
    events = attack(s, b2, me2, foe)
    assert CARD["blaster_head"].ap + CARD["bolt"].ap >= CARD["chain_tank"].hp
    assert "knocked_out" in kinds(events) and foe.rid not in s.robots
    assert foe.parts["core"] in s.discard and [b1, b2] == s.used
    assert s.players[1].robot_ids() == [foe_mate.rid]


def test_bulwark_armor_takes_ten_less_from_each_attack():
    s = blank()
    me, foe = mega(s, 0, "blaster_head"), single(s, 1, "bulwark")
    (battery,) = give(s, 0, "battery")
    attack(s, battery, me, foe)
    assert foe.damage == CARD["blaster_head"].ap - E.ARMOR


def test_knock_out_sends_force_field_to_discard_and_parallel_pack_to_used_pile():
    s = blank()
    me, foe = mega(s, 0, "blaster_head"), chain(s, 1, "linkbot")[0]
    mega(s, 1)
    (pack,) = give(s, 1, "parallel_pack")
    (shield,) = give(s, 1, "force_field")
    foe.battery, foe.battery_turn = pack, 1
    s.players[1].hand.remove(pack)
    foe.shield = shield
    s.players[1].hand.remove(shield)
    foe.damage = CARD["linkbot"].hp - 10
    E._damage(s, foe, 10, "attack", [])
    assert shield in s.discard and pack in s.used and foe.rid not in s.robots


# ----------------------------------------------------------------------------- chainbots
def test_chainbots_link_and_one_battery_powers_the_whole_chain_at_one_target():
    s = blank()
    mega(s, 0)
    foe = mega(s, 1, "sentinel_head", body="steel_body")
    a, b, c = chain(s, 0, "linkbot", "chain_striker", "chain_tank")
    (battery,) = give(s, 0, "battery")
    events = attack(s, battery, b, foe)
    total = sum(CARD[k].ap for k in ("linkbot", "chain_striker", "chain_tank"))
    assert foe.damage == total
    assert {a.rid, b.rid, c.rid} <= s.attacked
    assert [e.target for e in events if e.kind == "attacked"] == [foe.rid]


def test_playing_a_chainbot_links_it_at_the_end():
    s = blank()
    mega(s, 0), mega(s, 1)
    (first,) = chain(s, 0, "linkbot")
    (card,) = give(s, 0, "chain_striker")
    do(s, Play(card))
    assert set(legal_choices(s)) == {Pick("slot", 1), Cancel()}
    events = do(s, Pick("slot", 1))
    assert "chain_linked" in kinds(events) and len(s.players[0].chain) == 2 and s.players[0].chain[0] == first.rid


def test_knock_out_inside_a_chain_leaves_a_gap_that_splits_the_attack():
    s = blank()
    mega(s, 0, "blaster_head")
    a, b, c = chain(s, 1, "linkbot", "linkbot", "chain_striker")
    mega(s, 1)
    E._damage(s, b, CARD["linkbot"].hp, "attack", [])
    assert s.players[1].chain == [a.rid, None, c.rid]
    assert E.chain_segment(s, a) == [a.rid] and E.chain_segment(s, c) == [c.rid]
    E._damage(s, c, CARD["chain_striker"].hp, "attack", [])
    assert s.players[1].chain == [a.rid], "a broken end is not a gap"


def test_a_gap_is_filled_by_a_new_chainbot_or_the_repair_chain_action():
    s = blank()
    mega(s, 1)
    a, b, c = chain(s, 0, "linkbot", "linkbot", "linkbot")
    E._damage(s, b, CARD["linkbot"].hp, "attack", [])
    (new,) = give(s, 0, "chain_tank")
    do(s, Play(new))
    assert Pick("slot", 1) in legal_choices(s)
    do(s, Pick("slot", 1))
    assert None not in s.players[0].chain and len(E.chain_segment(s, a)) == 3

    s = blank()
    mega(s, 1)
    a, b, c = chain(s, 0, "linkbot", "linkbot", "linkbot")
    E._damage(s, b, CARD["linkbot"].hp, "attack", [])
    assert RepairChain(1) in legal_choices(s)
    events = do(s, RepairChain(1))
    assert s.players[0].chain == [a.rid, c.rid] and s.actions_left == 1 and "chain_repaired" in kinds(events)
    assert E.chain_segment(s, a) == [a.rid, c.rid]


def test_teams_do_not_link_chains_or_attack_partners():
    s = blank("2v2", 4)
    for seat in range(4):
        mega(s, seat)
    (mate_link,) = chain(s, 2, "linkbot")
    (card,) = give(s, 0, "linkbot")
    do(s, Play(card))
    assert set(legal_choices(s)) == {Pick("slot", 0), Cancel()}    # own empty chain only
    do(s, Cancel())
    (battery,) = give(s, 0, "battery")
    do(s, Play(battery), Pick("robot", s.players[0].bots[0]))
    targets = {a.ref for a in legal_choices(s) if isinstance(a, Pick)}
    assert targets == {s.players[1].bots[0], s.players[3].bots[0]}
    assert mate_link.rid not in targets


def test_any_opponent_robot_can_be_attacked_in_free_for_all():
    s = blank(n=3)
    me = mega(s, 0)
    foes = [mega(s, 1, "blaster_head"), single(s, 2, "bolt"), chain(s, 2, "linkbot")[0]]
    (battery,) = give(s, 0, "battery")
    do(s, Play(battery), Pick("robot", me.rid))
    assert {a.ref for a in legal_choices(s) if isinstance(a, Pick)} == {f.rid for f in foes}


# ----------------------------------------------------------------------------- megabots
def test_parts_attach_to_a_head_and_damage_is_one_pool():
    s = blank()
    s.actions_left = 6
    bot = mega(s, 0, "titan_head")
    mega(s, 1)
    body, arm1, arm2, legs = give(s, 0, "steel_body", "hammer_arm", "laser_cannon", "tread_legs")
    do(s, Play(body), Pick("robot", bot.rid))
    do(s, Play(arm1), Pick("robot", bot.rid))
    assert set(legal_choices(s)) == {Pick("side", 0), Pick("side", 1), Cancel()}   # either side of the body
    do(s, Pick("side", 1))
    do(s, Play(arm2), Pick("robot", bot.rid))                                     # the only side left
    do(s, Play(legs), Pick("robot", bot.rid))
    assert bot.parts == {"head": bot.parts["head"], "body": body, "arm1": arm1, "arm0": arm2, "legs": legs}
    keys = ("titan_head", "steel_body", "hammer_arm", "laser_cannon", "tread_legs")
    assert E.robot_hp(s, bot) == sum(CARD[k].hp or 0 for k in keys)
    assert E.robot_ap(s, bot) == sum(CARD[k].ap for k in keys)
    E._damage(s, bot, E.robot_hp(s, bot) - 10, "attack", [])
    assert bot.rid in s.robots
    events = []
    E._damage(s, bot, 10, "attack", events)
    assert "knocked_out" in kinds(events) and bot.rid not in s.robots
    assert {bot.parts[k] for k in bot.parts} <= set(s.discard)


def test_arms_and_legs_need_a_body():
    s = blank()
    bot = mega(s, 0)
    mega(s, 1)
    (arm,) = give(s, 0, "claw_arm")
    assert Play(arm) not in legal_choices(s)
    bot.parts["body"] = take(s, "reactor_body")
    assert Play(arm) in legal_choices(s)


def test_a_card_that_cannot_be_played_says_why():
    """Issue 25: clicking the Laser Cannon did nothing and said nothing."""
    s = blank()
    bot = mega(s, 0)
    mega(s, 1)
    cannon, battery, field, repair = give(s, 0, "laser_cannon", "battery", "force_field", "repair_kit")
    assert E.why_unplayable(s, cannon) == "Arms go on a Megabot with a Body and a free arm side: you have none"
    assert E.why_unplayable(s, repair) == "none of your robots is damaged"
    assert E.why_unplayable(s, field) == ""                 # playable: nothing to explain
    s.players[0].turns_taken = 0
    assert "first turn" in E.why_unplayable(s, battery)
    bot.parts["body"] = take(s, "reactor_body")
    assert E.why_unplayable(s, cannon) == "" and Play(cannon) in legal_choices(s)


def test_headless_megabot_has_half_hp_no_hp_parts_count_zero_and_it_cannot_attack():
    s = blank()
    s.actions_left = 4
    mega(s, 1)
    body, cannon = give(s, 0, "steel_body", "laser_cannon")
    events = do(s, Play(body), Pick("new", -1))
    (bot,) = [s.robots[r] for r in s.players[0].bots]
    assert "robot_built" in kinds(events) and not bot.headed
    do(s, Play(cannon), Pick("robot", bot.rid), Pick("side", 0))
    assert E.robot_hp(s, bot) == CARD["steel_body"].hp // 2        # the cannon has no HP: 0
    assert E.robot_ap(s, bot) == 0
    (battery,) = give(s, 0, "battery")
    assert Play(battery) not in legal_choices(s)                    # headless cannot attack
    (head,) = give(s, 0, "volt_head")
    do(s, Play(head), Pick("robot", bot.rid))
    assert bot.headed and E.robot_hp(s, bot) == CARD["steel_body"].hp + CARD["volt_head"].hp
    assert Play(battery) in legal_choices(s)


# ----------------------------------------------------------------------------- batteries
def test_single_battery_goes_to_the_used_battery_pile():
    s = blank()
    me, foe = mega(s, 0), mega(s, 1, "sentinel_head")
    (battery,) = give(s, 0, "battery")
    events = attack(s, battery, me, foe)
    assert s.used == [battery] and "battery_played" in kinds(events) and "battery_used" in kinds(events)


def test_series_pack_doubles_the_ap_of_every_powered_robot():
    s = blank()
    mega(s, 0)
    foe = mega(s, 1, "sentinel_head", body="steel_body")
    a, b = chain(s, 0, "linkbot", "chain_striker")
    (pack,) = give(s, 0, "series_pack")
    attack(s, pack, a, foe)
    assert foe.damage == 2 * CARD["linkbot"].ap + 2 * CARD["chain_striker"].ap and pack in s.used


def test_parallel_pack_powers_two_turns_and_the_second_use_costs_an_action():
    s = blank()
    me, foe = mega(s, 0, "titan_head"), mega(s, 1, "sentinel_head", body="steel_body")
    (pack,) = give(s, 0, "parallel_pack")
    attack(s, pack, me, foe)
    assert me.battery == pack and pack not in s.used
    assert UseBattery(pack) not in legal_choices(s)       # not again this turn
    do(s, EndTurn(), EndTurn())                            # opponent's turn passes
    assert s.current_player == 0 and UseBattery(pack) in legal_choices(s)
    do(s, UseBattery(pack), Pick("robot", foe.rid))
    assert foe.damage == 2 * CARD["titan_head"].ap and s.actions_left == 1 and pack in s.used and me.battery is None


def test_unused_parallel_pack_runs_out_after_its_second_turn():
    s = blank()
    me, foe = mega(s, 0), mega(s, 1, "sentinel_head", body="steel_body")
    (pack,) = give(s, 0, "parallel_pack")
    attack(s, pack, me, foe)
    do(s, EndTurn(), EndTurn(), EndTurn())
    assert me.battery is None and pack in s.used


def test_parallel_pack_is_lost_to_the_used_pile_when_its_robot_is_knocked_out():
    s = blank()
    me, foe = single(s, 0, "bolt"), mega(s, 1, "blaster_head")
    mega(s, 0)
    (pack,) = give(s, 0, "parallel_pack")
    attack(s, pack, me, foe)
    do(s, EndTurn())
    (battery,) = give(s, 1, "battery")
    attack(s, battery, foe, me)
    assert CARD["blaster_head"].ap >= CARD["bolt"].hp and me.rid not in s.robots and pack in s.used


# ----------------------------------------------------------------------------- action cards
def test_force_field_stops_an_attack_and_is_used_up():
    s = blank()
    me, foe = mega(s, 0), mega(s, 1)
    (field,) = give(s, 1, "force_field")
    s.current, s.actions_left = 1, 2
    do(s, Play(field), Pick("robot", foe.rid), EndTurn())
    b1, b2 = give(s, 0, "battery", "battery")
    other = single(s, 0, "bolt")
    events = attack(s, b1, me, foe)
    assert foe.damage == 0 and foe.shield is None and field in s.discard and "force_field" in kinds(events)
    attack(s, b2, other, foe)
    assert foe.damage == CARD["bolt"].ap


def test_force_field_stops_chop_chop_and_a_disperse_counter():
    s = blank()
    s.actions_left = 4
    me = mega(s, 0)
    foe = mega(s, 1, body="steel_body")
    for shielded_by in ("chop_chop", "disperse_damage"):
        foe.shield = take(s, "force_field")
        (card,) = give(s, 0, shielded_by)
        if shielded_by == "chop_chop":
            events = do(s, Play(card), Pick("robot", foe.rid))
            assert "body" in foe.parts
        else:
            me.damage = 10
            events = do(s, Play(card), Pick("robot", me.rid), Pick("robot", foe.rid))
            assert foe.damage == 0 and me.damage == 0
        assert "force_field" in kinds(events) and foe.shield is None


def test_piercer_breaks_a_force_field_and_still_deals_damage():
    s = blank()
    piercer, foe = single(s, 0, "piercer"), mega(s, 1)
    foe.shield = take(s, "force_field")
    (battery,) = give(s, 0, "battery")
    attack(s, battery, piercer, foe)
    assert foe.shield is None and foe.damage == CARD["piercer"].ap


def test_disperse_damage_splits_a_fifty_counter_into_five_tens():
    s = blank(n=3)
    me = mega(s, 0, "sentinel_head")
    me.damage = 60
    foes = [mega(s, 1, "titan_head"), mega(s, 2, "omega_head")]
    (card,) = give(s, 0, "disperse_damage")
    do(s, Play(card), Pick("robot", me.rid))
    assert me.damage == 60 - E.DISPERSE_MAX and s.pending.counters == E.DISPERSE_MAX // E.COUNTER
    assert Cancel() not in legal_choices(s)
    for target in (foes[0], foes[1], foes[1], foes[0], foes[0]):
        do(s, Pick("robot", target.rid))
    assert (foes[0].damage, foes[1].damage) == (30, 20) and s.pending is None and s.actions_left == 1


def test_chop_chop_removes_only_an_outermost_part():
    s = blank()
    s.actions_left = 4
    mega(s, 0)
    foe = mega(s, 1, body="steel_body", arm0="hammer_arm")
    c1, c2 = give(s, 0, "chop_chop", "chop_chop")
    events = do(s, Play(c1), Pick("robot", foe.rid))       # one outermost part: no question asked
    assert "arm0" not in foe.parts and "body" in foe.parts and "chopped" in kinds(events)
    foe.parts["arm1"], foe.parts["legs"] = take(s, "claw_arm"), take(s, "jet_legs")
    do(s, Play(c2), Pick("robot", foe.rid))
    options = {a.ref for a in legal_choices(s)}
    assert options == {foe.parts["arm1"], foe.parts["legs"]}   # never the body under them, never the head
    do(s, Pick("part", foe.parts["legs"]))
    assert set(foe.parts) == {"head", "body", "arm1"}


def test_chop_chop_can_knock_out_a_megabot():
    s = blank()
    mega(s, 0)
    bare = mega(s, 1, None, body="reactor_body")          # a headless body: chopping it leaves nothing
    hurt = mega(s, 1, "blaster_head", body="steel_body")
    hurt.damage = CARD["blaster_head"].hp                   # only alive thanks to the body
    c1, c2 = give(s, 0, "chop_chop", "chop_chop")
    assert "knocked_out" in kinds(do(s, Play(c1), Pick("robot", bare.rid)))
    assert "knocked_out" in kinds(do(s, Play(c2), Pick("robot", hurt.rid)))
    assert not s.players[1].robot_ids() and not s.players[1].alive


def test_repair_kit_recharge_and_sabotage():
    s = blank()
    s.actions_left = 4
    me = mega(s, 0)
    mega(s, 1)
    me.damage = 50
    kit, recharge, sabotage = give(s, 0, "repair_kit", "recharge", "sabotage")
    foe_hand = give(s, 1, "battery", "linkbot")
    do(s, Play(kit), Pick("robot", me.rid))
    assert me.damage == 50 - E.REPAIR_KIT
    before = len(s.players[0].hand)
    do(s, Play(recharge))
    assert len(s.players[0].hand) == before - 1 + 2
    events = do(s, Play(sabotage), Pick("player", 1))
    (gone,) = [e.card for e in events if e.kind == "discarded"]
    assert gone in foe_hand and len(s.players[1].hand) == 1 and gone in s.discard


# ----------------------------------------------------------------------------- singlebots
def test_bolt_draws_a_card_when_played():
    s = blank()
    mega(s, 0), mega(s, 1)
    (bolt,) = give(s, 0, "bolt")
    events = do(s, Play(bolt))
    assert kinds(events)[:3] == ["card_played", "robot_built", "card_drawn"] and len(s.players[0].hand) == 1


def test_medic_repairs_its_team_at_the_end_of_the_turn():
    s = blank()
    medic, bot = single(s, 0, "medic"), mega(s, 0)
    mega(s, 1)
    medic.damage, bot.damage = 20, 30
    do(s, EndTurn())
    assert (medic.damage, bot.damage) == (20 - E.MEDIC_REPAIR, 30 - E.MEDIC_REPAIR)


def test_dynamo_attacks_without_a_battery_for_one_action_once_a_turn():
    s = blank()
    dynamo, foe = single(s, 0, "dynamo"), mega(s, 1)
    mega(s, 0)
    do(s, SelfCharge(dynamo.rid), Pick("robot", foe.rid))
    assert foe.damage == CARD["dynamo"].ap and s.actions_left == 1
    assert SelfCharge(dynamo.rid) not in legal_choices(s)


def test_magnet_draws_when_its_attack_knocks_out():
    s = blank()
    magnet, foe = single(s, 0, "magnet"), chain(s, 1, "linkbot")[0]
    mega(s, 1)
    (battery,) = give(s, 0, "battery")
    events = attack(s, battery, magnet, foe)
    assert kinds(events)[-1] == "card_drawn" and len(s.players[0].hand) == 1


# ----------------------------------------------------------------------------- winning
def test_a_player_without_robots_is_out_and_discards_the_hand():
    s = blank(n=3)
    me = mega(s, 0, "blaster_head")
    victim = single(s, 1, "bolt")
    mega(s, 2)
    victim_hand = give(s, 1, "battery", "linkbot")
    (battery,) = give(s, 0, "battery")
    events = attack(s, battery, me, victim)
    assert "eliminated" in kinds(events) and not s.players[1].alive and not s.players[1].hand
    assert set(victim_hand) <= set(s.discard) and not s.is_over
    do(s, EndTurn())
    assert s.current_player == 2                            # the eliminated seat is skipped


def test_last_player_standing_wins():
    s = blank()
    me, foe = mega(s, 0, "blaster_head"), single(s, 1, "bolt")
    (battery,) = give(s, 0, "battery")
    events = attack(s, battery, me, foe)
    assert s.is_over and s.winners == (0,) and s.winner == 0 and kinds(events)[-1] == "game_over"
    assert legal_choices(s) == []


def test_drawing_the_last_card_starts_the_battery_only_end_game():
    s = blank()
    mega(s, 0), mega(s, 1)
    used = [take(s, "battery") for _ in range(3)] + [take(s, "series_pack")]
    s.used = used[:]
    s.discard, s.deck = s.deck[:-1], s.deck[-1:]
    events = do(s, Draw())
    assert "end_game_started" in kinds(events) and s.endgame
    assert sorted(s.deck) == sorted(used) and s.used == []
    assert all(s.cards[u].kind == "battery" for u in s.deck)
    assert all_cards(s) == list(range(len(s.cards)))


def test_when_the_end_game_deck_runs_out_most_robots_wins():
    s = blank()
    mega(s, 0), mega(s, 1), chain(s, 1, "linkbot")
    s.endgame = True
    s.discard, s.deck = s.deck[:-1], s.deck[-1:]
    do(s, Draw())
    assert not s.is_over and s.deck_exhausted            # the drawer may still use its turn
    events = do(s, EndTurn())
    assert s.is_over and s.winners == (1,) and s.end_reason == "deck" and kinds(events)[-1] == "game_over"


def test_end_game_tie_goes_to_the_biggest_megabot_then_a_shared_win():
    s = blank()
    small, big = mega(s, 0, "blaster_head"), mega(s, 1, "sentinel_head")
    assert CARD["sentinel_head"].hp > CARD["blaster_head"].hp
    assert E._count_winners(s) == (1,)
    small.parts["body"] = take(s, "steel_body")
    assert E.robot_hp(s, small) > E.robot_hp(s, big)
    assert E._count_winners(s) == (0,)
    chain(s, 1, "linkbot")
    assert E._count_winners(s) == (1,)                    # robot count comes before size
    s2 = blank()
    mega(s2, 0, "titan_head"), mega(s2, 1, "omega_head")
    assert CARD["titan_head"].hp == CARD["omega_head"].hp
    assert E._count_winners(s2) == (0, 1)                 # still tied: shake hands


def test_team_game_end_by_count_credits_the_team():
    s = blank("2v2", 4)
    for seat in range(4):
        mega(s, seat)
    chain(s, 2, "linkbot")
    assert E._count_winners(s) == (0, 2)


# ----------------------------------------------------------------------------- team modes
def test_2v1_solo_player_has_bigger_hand_limit_and_three_actions_until_it_is_1v1():
    s = new_game(Config("2v1", 3), 4)
    assert len(s.players[0].hand) == E.BUFF_HAND_SIZE and s.actions_left == E.BUFF_ACTIONS
    assert E.hand_limit(s, 0) == E.BUFF_HAND_LIMIT and E.hand_limit(s, 1) == E.HAND_LIMIT
    assert E.action_count(s, 1) == E.ACTIONS
    s = blank("2v1", 3)
    me = mega(s, 0, "blaster_head")
    victim = single(s, 1, "bolt")
    mega(s, 2)
    (battery,) = give(s, 0, "battery")
    attack(s, battery, me, victim)
    assert not s.players[1].alive
    assert E.action_count(s, 0) == E.ACTIONS and E.hand_limit(s, 0) == E.HAND_LIMIT   # 1V1: buffs stop


def test_2v2_partners_sit_across_and_the_survivor_gets_the_buff_and_draws_to_eight():
    s = new_game(Config("2v2", 4), 3)
    assert [p.team for p in s.players] == [0, 1, 0, 1]
    s = blank("2v2", 4)
    me = mega(s, 0, "blaster_head")
    victim = single(s, 1, "bolt")
    mega(s, 2), mega(s, 3)
    give(s, 3, "battery")
    (battery,) = give(s, 0, "battery")
    events = attack(s, battery, me, victim)
    assert "buffed" in kinds(events) and len(s.players[3].hand) == E.BUFF_HAND_SIZE
    assert E.action_count(s, 3) == E.BUFF_ACTIONS and E.hand_limit(s, 3) == E.BUFF_HAND_LIMIT
    do(s, EndTurn(), EndTurn())                       # seat 1 is out: seat 2 then seat 3
    assert s.current_player == 3 and s.actions_left == E.BUFF_ACTIONS
    E._damage(s, s.robots[s.players[2].bots[0]], 999, "attack", [])
    assert not s.players[2].alive and not E.is_buffed(s, 3)      # 1V1 now: buffs stop


def test_copy_is_independent():
    s = new_game(Config("ffa", 3), 5)
    c = s.copy()
    E.apply(c, Draw())
    assert len(c.players[0].hand) == len(s.players[0].hand) + 1 and len(c.deck) == len(s.deck) - 1
    assert c.rng.random() == s.copy().rng.random()


def test_events_hide_other_players_draws_and_serialise():
    from game.robomissions.rules.events import redact

    s = blank()
    mega(s, 0), mega(s, 1)
    events = do(s, Draw())
    (drawn,) = [e for e in events if e.kind == "card_drawn"]
    assert redact(events, 0) == events
    assert redact(events, 1)[0].card is None and redact(events, 1)[0].player == 0
    assert drawn.to_json() == {"kind": "card_drawn", "player": 0, "card": drawn.card, "amount": 0}


def test_describe_names_the_cards():
    s = blank()
    me, foe = mega(s, 0, "titan_head"), mega(s, 1, "volt_head")
    (battery,) = give(s, 0, "series_pack")
    assert E.describe(s, Play(battery)) == "Play Series Pack"
    do(s, Play(battery), Pick("robot", me.rid))
    assert "Volt Head" in E.describe(s, Pick("robot", foe.rid))
