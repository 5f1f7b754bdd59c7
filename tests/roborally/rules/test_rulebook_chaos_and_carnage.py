"""An outside audit of the Chaos & Carnage Factory Floor Guide (the seed sheet): situations
for the sheet's statements that test_chaos_and_carnage.py does not already set up. Each test
quotes the sheet (Robo Rally: Chaos & Carnage, section named) and asserts the outcome."""
import pytest

from game.roborally import rules as R
from game.roborally.rules.engine import Choice
from tests.roborally.support import STILL, course, damage_cards, game, kinds, play_round, pos

FAR = (7, 7, "W")
TELE = {"kind": "teleporter"}


# ------------------------------------------------------------------ the cards' gear number and tag
@pytest.mark.parametrize("card, number, tag", [("indirect_fire", 3, "perm"), ("controlled_chaos", 3, "perm"),
                                               ("mirror", 3, "perm"), ("stun", 1, "temp"), ("leaching", 3, "perm")])
def test_each_upgrade_costs_its_printed_gear_number_and_has_its_printed_tag(card, number, tag):
    """Upgrade Cards: "Each card shows a number inside a gear at the top left ... a PERMANENT or
    TEMPORARY tag"; Indirect Fire, Controlled Chaos, Mirror, Leaching: Number 3, PERMANENT;
    Stun: Number 1, TEMPORARY (RR23 "1. The upgrade phase": the number is the cost in Energy)."""
    s = game(energy=number - 1)
    s.robots[0].owned = [card]
    assert Choice("install", card) not in R.legal_choices(s)      # one Energy short
    s = game(energy=number)
    s.robots[0].owned = [card]
    R.apply(s, Choice("install", card))
    r = s.robots[0]
    assert r.energy == 0 and getattr(r, tag) == [card]


# ------------------------------------------------------------------ Controlled Chaos
def test_controlled_chaos_is_optional_a_haywire_for_a_register_that_has_one_may_be_discarded():
    """Chaos & Carnage, Upgrade Cards, Controlled Chaos: "When you draw Haywire damage, you
    *may* place it face down under any card in your registers where there is not already a
    face-down Haywire card." Declining leaves the core rule: a second Haywire for the current
    register goes to the damage discard; the upgrade never makes its owner worse off."""
    s = game(course(lasers=[(0, 5, "E", 2)]), robots=[(3, 5, "N"), FAR])
    s.robots[0].perm = ["controlled_chaos"]
    s.damage_deck = ["spam"] * 20 + ["hw_back_back", "hw_move1_left"]   # register 1: two Haywires
    offered = []

    def pick(legal):
        offered.append(sorted(c.arg for c in legal))
        return Choice("haywire", 1 if len(offered) == 1 else 0)   # the first under register 1, then decline

    ev = play_round(s, {0: STILL, 1: STILL}, haywire=pick)
    assert offered == [[1, 2, 3, 4, 5], [0, 2, 3, 4, 5]]      # 0: decline, as without the upgrade
    placed = [e.data for e in ev if e.kind == "haywire" and e.seat == 0]
    assert placed[0]["register"] == 1 and placed[1]["register"] is None
    assert "hw_back_back" in s.damage_discard and "hw_back_back" not in s.robots[0].haywire


# ------------------------------------------------------------------ randomizers
def test_a_randomizer_that_draws_a_spam_plays_it_as_spam():
    """Randomizers: "discard all cards in the current register and replace them with the top
    card of your programming deck"; that card is then revealed as any programmed card, so a
    SPAM drawn this way is a SPAM (core game: it goes to the damage discard and the next top
    card is played)."""
    s = game(course(cells=[(3, 5, {"kind": "randomizer"})]), robots=[(3, 5, "N"), FAR])
    spam_before = s.damage_discard.count("spam")
    ev = play_round(s, {0: ["uturn"] + STILL[:4], 1: STILL}, deck={0: ["move1", "spam"]})
    assert [e.data["card"] for e in ev if e.kind == "randomize"] == ["spam"]
    assert pos(s, 0) == (3, 4, "N")                      # the Move 1 under it was played
    assert s.damage_discard.count("spam") == spam_before + 1


# ------------------------------------------------------------------ teleporters
@pytest.mark.parametrize("card, facing", [("left", "W"), ("right", "E"), ("uturn", "S"), ("powerup", "N")])
def test_a_teleporter_leaves_every_card_but_the_move_cards_alone(card, facing):
    """Teleporters: "Only the above Move cards are affected. All other programming cards are
    unaffected." """
    s = game(course(cells=[(3, 5, TELE)]), robots=[(3, 5, "N"), FAR])
    ev = play_round(s, {0: [card] + ["powerup"] * 4, 1: STILL})
    assert "teleport" not in kinds(ev, 0) and pos(s, 0) == (3, 5, facing)


def test_again_on_a_teleporter_repeats_the_move_without_teleporting():
    """Teleporters: "Only the above Move cards are affected. All other programming cards are
    unaffected": Again is another programming card, so it repeats Move 1 as a plain move
    (docs/roborally-rules.md, readings). Register 1's Move 1 cannot teleport (a robot on the
    destination) and a wall stops it; in register 2 the destination is free, Again still walks."""
    spec = course(height=10, cells=[(3, 8, TELE)], walls=[(3, 8, "N")], starts=[[0, 9, "N"], [7, 9, "N"]])
    s = game(spec, robots=[(3, 8, "N"), (3, 5, "E")])
    ev = play_round(s, {0: ["move1", "again"] + STILL[:3], 1: ["move1"] + STILL[:4]})
    assert kinds(ev, 0).count("teleport_blocked") == 1 and "teleport" not in kinds(ev, 0)
    assert pos(s, 0)[:2] == (3, 8)                       # both moves bumped the wall
    assert pos(s, 1)[:2] == (4, 5)


def test_back_up_on_a_blocked_teleporter_backs_up_normally():
    """Teleporters: "if another robot is on the destination space of the teleport, the robot
    does not teleport ... Instead, they resolve their Move Card normally" (Move Back: back 1)."""
    spec = course(height=10, cells=[(3, 5, TELE)], starts=[[0, 9, "N"], [7, 9, "N"]])
    s = game(spec, robots=[(3, 5, "N"), (3, 3, "E")])        # 2 forward is taken
    ev = play_round(s, {0: ["back"] + STILL[:4], 1: STILL})
    assert "teleport_blocked" in kinds(ev, 0) and pos(s, 0) == (3, 6, "N")


def test_a_blocked_teleport_pushes_robots_as_the_move_card_does():
    """Teleporters: "the teleporter does not operate and the robot executes its Move card(s)
    normally": a normal Move pushes a robot in the way (core game)."""
    spec = course(height=10, cells=[(3, 8, TELE)], starts=[[0, 9, "N"], [7, 9, "N"], [6, 9, "N"]])
    s = game(spec, players=3, robots=[(3, 8, "N"), (3, 7, "E"), (3, 5, "E")])   # (3, 5) is Move 1's +3
    play_round(s, {0: ["move1"] + STILL[:4], 1: STILL, 2: STILL})
    assert pos(s, 0)[:2] == (3, 7) and pos(s, 1)[:2] == (3, 6) and pos(s, 2)[:2] == (3, 5)


# ------------------------------------------------------------------ deep pits
def test_a_robot_pushed_into_a_deep_pit_falls():
    """Deep Pits: "Deep pits act like pits in every way" (a robot pushed into a pit reboots)."""
    s = game(course(cells=[(3, 3, {"kind": "deep_pit"})], reboot=(0, 6, "E")), robots=[(3, 5, "N"), (3, 4, "E")])
    ev = play_round(s, {0: ["move1"] + STILL[:4], 1: STILL})
    assert [e.data["cause"] for e in ev if e.kind == "reboot" and e.seat == 1][:1] == ["pit"]
    assert pos(s, 0)[:2] == (3, 4)


def test_a_belt_that_carries_a_robot_into_a_deep_pit_drops_it():
    """Deep Pits: "Deep pits act like pits in every way" (a belt into a pit drops the robot)."""
    spec = course(cells=[(3, 3, {"kind": "belt", "dir": "E"}), (4, 3, {"kind": "deep_pit"})], reboot=(0, 6, "E"))
    s = game(spec, robots=[(3, 3, "N"), FAR])
    ev = play_round(s, {0: STILL, 1: STILL})
    assert [e.data["cause"] for e in ev if e.kind == "reboot" and e.seat == 0][:1] == ["pit"]


# ------------------------------------------------------------------ crushers
def test_a_crushed_robot_follows_the_rebooting_rules_its_later_registers_are_cancelled():
    """Crusher: "Being crushed causes your robot to be removed from play. Follow the rules on
    Rebooting in the Core Game rulebook" (2 damage, the rest of the program cancelled, placed on
    the reboot space, no laser fire for the round)."""
    s = game(course(cells=[(3, 3, {"kind": "crusher", "registers": [1]})], reboot=(0, 6, "E")),
             robots=[(3, 3, "N"), (6, 6, "W")])
    ev = play_round(s, {0: ["powerup", "move1", "move1", "move1", "move1"], 1: STILL})
    assert kinds(ev, 0).count("crush") == 1
    assert len([d for d in damage_cards(ev, 0) if d.data["why"] == "reboot"]) == 2
    assert pos(s, 0)[:2] == (0, 6)                       # registers 2-5 never moved it
    assert not [e for e in ev if e.kind == "robot_laser" and e.seat == 0]   # it faces robot 1 from (0, 6)


def test_a_belt_carries_a_robot_onto_a_crusher_before_it_crushes():
    """Crusher: "A crusher activates during Board Element Activation (after gears but before
    board lasers fire)": belts move first, so a robot carried onto it in its register is crushed."""
    spec = course(cells=[(2, 3, {"kind": "belt", "dir": "E"}), (3, 3, {"kind": "crusher", "registers": [1]})],
                  reboot=(0, 6, "E"))
    s = game(spec, robots=[(2, 3, "N"), FAR])
    ev = play_round(s, {0: STILL, 1: STILL})
    assert [e.data["register"] for e in ev if e.kind == "crush"] == [1]


def test_a_push_panel_pushes_a_robot_onto_a_crusher_before_it_crushes():
    """Crusher: activates "after gears" (push panels act before gears in the core game's
    order), so a robot pushed onto it in its register is crushed in that register."""
    spec = course(cells=[(3, 3, {"kind": "push", "dir": "E", "registers": [2]}),
                         (4, 3, {"kind": "crusher", "registers": [2]})], reboot=(0, 6, "E"))
    s = game(spec, robots=[(3, 3, "N"), FAR])
    ev = play_round(s, {0: STILL, 1: STILL})
    assert [e.data["register"] for e in ev if e.kind == "crush"] == [2]


def test_the_sheets_example_a_register_3_crusher_acts_only_at_the_end_of_register_3():
    """Crusher: "In the example image on the sheet, this crusher would only activate at the end
    of Register 3": a robot that drives onto it in register 2 is safe at the end of register 2;
    still there in register 3, it is crushed at that register's end."""
    spec = course(cells=[(3, 4, {"kind": "crusher", "registers": [3]})], reboot=(0, 6, "E"))
    s = game(spec, robots=[(3, 5, "N"), FAR])
    ev = play_round(s, {0: ["powerup", "move1", "powerup", "move1", "powerup"], 1: STILL})
    crush = [e for e in ev if e.kind == "crush"]
    assert len(crush) == 1 and crush[0].data["register"] == 3
    assert pos(s, 0)[:2] == (0, 6)                       # removed in 3: register 4's Move 1 cancelled


# ------------------------------------------------------------------ Indirect Fire
def test_indirect_fire_replaces_the_main_laser():
    """Indirect Fire: "Instead of firing your robot's main laser, you may pay 1 Energy to fire
    Indirect Fire": the robot in front is not shot that register."""
    s = game(robots=[(3, 3, "N"), (3, 1, "E"), (5, 3, "E")], players=3)
    s.robots[0].perm = ["indirect_fire"]
    ev = play_round(s, {0: STILL, 1: STILL, 2: STILL}, fire={(0, 1): "indirect:2"})
    by_0 = [(e.kind, e.data.get("target")) for e in ev if e.seat == 0 and e.kind in ("robot_laser", "indirect_fire")]
    assert by_0[0] == ("indirect_fire", 2) and by_0[1:] == [("robot_laser", 1)] * 4   # main laser in 2-5 only
    assert s.robots[0].perm == ["indirect_fire"]          # PERMANENT: still installed after use


def test_indirect_fire_is_not_offered_without_energy_to_pay():
    """Indirect Fire: "you may pay 1 Energy to fire Indirect Fire" (with none, only the main laser)."""
    for energy, asked in ((0, False), (1, True)):
        s = game(robots=[(3, 3, "N"), (3, 5, "E")])
        s.robots[0].perm, s.robots[0].energy = ["indirect_fire"], energy
        ev = play_round(s, {0: ["uturn"] * 5, 1: ["uturn"] * 5}, fire={(0, 1): "indirect:1"})
        assert bool([e for e in ev if e.kind == "indirect_fire"]) is asked


def test_indirect_fire_hits_any_robot_within_3_even_behind_another_robot():
    """Indirect Fire: "hit any robot within 3 spaces of your robot in any direction
    (orthogonally, ignoring board elements)": any robot, so one behind a nearer robot too."""
    s = game(robots=[(3, 3, "N"), (4, 3, "N"), (6, 3, "N")], players=3)
    s.robots[0].perm = ["indirect_fire"]
    ev = play_round(s, {0: STILL, 1: STILL, 2: STILL}, fire={(0, 1): "indirect:2"})
    assert [e.data["target"] for e in ev if e.kind == "indirect_fire"] == [2]
    assert [d.data["by"] for d in damage_cards(ev, 2) if d.data["why"] == "indirect_fire"] == [0]


def test_indirect_fire_is_not_the_main_laser_so_leaching_and_double_barrel_do_not_act():
    """Leaching: "When you fire your robot's main laser, steal 1 Energy"; Indirect Fire is fired
    "instead of firing your robot's main laser" (nor does Double Barrel, a main-laser upgrade)."""
    s = game(robots=[(3, 3, "N"), (3, 5, "W")], energy=5)
    s.robots[0].perm = ["indirect_fire", "leaching", "double_barrel"]
    ev = play_round(s, {0: STILL, 1: ["left"] * 5}, fire={(0, 1): "indirect:1"})
    assert [e.data["target"] for e in ev if e.kind == "indirect_fire"] == [1]
    assert len([d for d in damage_cards(ev, 1) if d.data["why"] == "indirect_fire"]) == 1
    assert "leach" not in kinds(ev) and s.robots[1].energy == 5 and s.robots[0].energy == 5 + 5 - 1


# ------------------------------------------------------------------ Mirror
def test_mirror_returns_the_same_amount_double_barrel_included():
    """Mirror: "that robot also takes the same amount of damage" (a Double Barrel hit is 2)."""
    s = game(robots=[(3, 3, "S"), (3, 5, "W")])
    s.robots[0].perm = ["double_barrel"]
    s.robots[1].perm = ["mirror"]
    ev = play_round(s, {0: STILL, 1: ["powerup"] * 5})
    assert [e.data for e in ev if e.kind == "mirror"] == [{"target": 0, "amount": 2}]
    assert len([d for d in damage_cards(ev, 0) if d.data["why"] == "mirror"]) == 2


def test_mirror_ignores_board_damage_and_works_again_next_round():
    """Mirror: "The first time your robot takes damage *from another robot* each round": a board
    laser before it does not use it up, and it returns damage again in the next round."""
    spec = course(lasers=[(0, 5, "E", 1)])
    s = game(spec, robots=[(3, 2, "E"), (3, 5, "W")])
    s.robots[1].perm = ["mirror"]
    # register 1: the board laser hits robot 1; register 2: robot 0 turns to face it and shoots
    ev = play_round(s, {0: ["powerup", "right", "powerup", "powerup", "powerup"], 1: ["powerup"] * 5})
    why = [d.data["why"] for d in damage_cards(ev, 1)]
    assert why[0] == "board_laser" and "robot_laser" in why
    assert len([e for e in ev if e.kind == "mirror"]) == 1
    ev = play_round(s, {0: ["powerup"] * 5, 1: ["powerup"] * 5})
    assert len([e for e in ev if e.kind == "mirror"]) == 1


# ------------------------------------------------------------------ Stun
def test_stun_discards_a_face_down_haywire_in_the_next_register_too_and_deals_no_damage():
    """Stun: "Instead of firing your robot's main laser, the target discards all face-down cards
    in their next register": the card and a Haywire lying face down under it."""
    s = game(robots=[(3, 3, "S"), (3, 5, "E")])
    s.robots[0].temp = ["stun"]
    s.robots[1].haywire[1] = "hw_move2_uturn"
    ev = play_round(s, {0: STILL, 1: ["powerup", "move1", "powerup", "powerup", "powerup"]},
                    fire={(0, 1): "stun"})
    stun = [e for e in ev if e.kind == "stun"][0]
    assert stun.data["dropped"] == 2 and "hw_move2_uturn" in s.damage_discard
    assert pos(s, 1) == (3, 5, "E")                      # neither the Move 1 nor the Haywire played
    first_register = ev[:ev.index(stun) + 1]
    assert not [d for d in damage_cards(first_register, 1) if d.data["by"] == 0]


def test_stun_is_not_offered_when_the_laser_would_hit_no_robot():
    """Stun: "the target discards ..." (it needs a target: the robot the main laser would hit)."""
    s = game(robots=[(3, 3, "N"), (5, 5, "E")])
    s.robots[0].temp = ["stun"]
    ev = play_round(s, {0: STILL, 1: STILL})
    assert "stun" not in kinds(ev) and s.robots[0].temp == ["stun"]


# ------------------------------------------------------------------ Leaching
@pytest.mark.parametrize("energy, target_after, shooter_after, damage",
                         [(3, 2, 5, 3), (7, 4, 7, 3), (2, 2, 4, 3), (1, 1, 4, 3), (0, 0, 4, 6)])
def test_leaching_steals_only_from_3_or_more_and_hurts_only_at_0(energy, target_after, shooter_after, damage):
    """Leaching: "steal 1 Energy from the target if they have 3 or more Energy. If they have 0
    Energy, deal 1 additional damage to the target." (1 or 2 Energy: neither). The leacher
    U-turns every register, so its main laser hits in registers 1, 3 and 5."""
    s = game(robots=[(3, 3, "N"), (3, 5, "E")])
    s.robots[0].perm = ["leaching"]
    s.robots[0].energy, s.robots[1].energy = 4, energy
    ev = play_round(s, {0: ["uturn"] * 5, 1: ["uturn"] * 5})
    assert len([e for e in ev if e.kind == "robot_laser" and e.seat == 0]) == 3
    assert (s.robots[1].energy, s.robots[0].energy) == (target_after, shooter_after)
    assert len([d for d in damage_cards(ev, 1) if d.data["why"] == "robot_laser"]) == damage
