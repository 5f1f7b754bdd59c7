"""Three outside players, each a short reading of the ROBOMissions rulebook.

Written without looking at game.robomissions.ai: they know the rules (the card data and the
chain helper the engine shares) and read a seat view and the legal choices. By rulebook section:

* 'Attacking! Pew Pew!': a Battery charges one robot (a Chainbot's whole chain attacks the same
  target together); damage equal to or above HP knocks a robot out; a robot attacks once a turn.
* 'Power Up with Batteries!': two Batteries in Series double the AP; in Parallel they last two turns.
* 'Special Action Cards & FAQ': a Force Field takes the hit instead of its robot.
* 'Taking Turns': 2 Actions a turn (draw, play, repair a chain); more than 7 cards at the end of a
  turn are discarded down to 7 (the player chooses which).
"""
from __future__ import annotations

import random

from game.robomissions.rules.engine import Cancel, Discard, Draw, EndTurn, Pick, Play, RepairChain, SelfCharge, UseBattery
from game.robomissions.rules.engine import segment_of

ARMOR = 10                  # 'armor' Singlebots shrug off this much of each attack (the card text)
BATTERY_WORTH = {"series": 90, "parallel": 80, "single": 70}
ACTION_WORTH = 20


def card_worth(card) -> int:
    """What a card adds to the table by this reading: HP plus twice its AP for robots and parts,
    a battery by what it charges, an action card a little."""
    if card.kind == "battery":
        return BATTERY_WORTH[card.wiring]
    if card.kind == "action":
        return ACTION_WORTH
    return (card.hp or 0) + 2 * card.ap


def _robot(view, rid):
    return next((r for r in view.robots if r.rid == rid), None)


def _left(robot) -> int:
    return robot.hp - robot.damage


def _attack_power(view, attacker_rid: int, power: str) -> tuple[int, bool]:
    """(AP the attack deals, whether it pierces a Force Field) for the robot being charged."""
    attacker = _robot(view, attacker_rid)
    if attacker is None:
        return 0, False
    group = [attacker]
    if attacker.kind == "chainbot":
        chain = view.chains[attacker.owner]
        group = [_robot(view, rid) for rid in segment_of(chain, attacker_rid) if rid not in view.attacked]
        group = [r for r in group if r is not None]
    ap = sum(r.ap for r in group) * (2 if power == "series" else 1)
    pierces = any(view.cards[r.parts[0][1]].ability == "pierce_shield" for r in group if r.kind == "singlebot")
    return ap, pierces


def _armored(view, robot) -> bool:
    return robot.kind == "singlebot" and view.cards[robot.parts[0][1]].ability == "armor"


def _damage_done(view, target, ap: int, pierces: bool) -> int:
    if target.shield is not None and not pierces:
        return 0
    return max(0, ap - ARMOR) if _armored(view, target) else ap


class RandomLegalPlayer:
    """Any legal choice, uniformly: the rules' whole width, nothing else."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view, choices):
        return self.rng.choice(list(choices))


class GreedyPlayer:
    """Attacks whenever it can, at the robot it can knock out (the biggest such), else for the
    most damage; otherwise builds its biggest card, repairs, draws. Never backs out of a card."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view, choices):
        choices = list(choices)
        if view.phase == "discard":
            return min(choices, key=lambda c: (card_worth(view.cards[c.card]), c.card))
        if view.pending is not None:
            picks = [c for c in choices if isinstance(c, Pick)] or choices
            return max(picks, key=lambda c: self.pick_value(view, c))
        return max(choices, key=lambda c: self.action_value(view, c))

    def action_value(self, view, choice) -> float:
        if isinstance(choice, UseBattery):
            return 500                          # a charge already paid for
        if isinstance(choice, SelfCharge):
            return 490
        if isinstance(choice, Play):
            card = view.cards[choice.card]
            if card.kind == "battery":
                return 400 + BATTERY_WORTH[card.wiring]
            if card.kind in ("head", "part", "singlebot", "chainbot"):
                return 200 + card_worth(card)
            if card.effect == "repair":
                return 150
            if card.effect in ("chop", "disperse", "force_field"):
                return 120
            return 60                           # recharge, sabotage
        if isinstance(choice, RepairChain):
            return 100
        if isinstance(choice, Draw):
            return 50
        return 0                                # EndTurn

    def pick_value(self, view, pick) -> float:
        pend = view.pending
        if pick.kind == "new":
            return 1                            # a head or body on an existing Megabot is better
        if pick.kind in ("side", "slot", "player"):
            if pick.kind == "player":
                return view.hand_counts[pick.ref]
            return -pick.ref if pick.kind == "slot" else 0        # fill a gap before the end
        if pick.kind == "part":
            return card_worth(view.cards[pick.ref])
        robot = _robot(view, pick.ref)
        if robot is None:
            return 0
        if pend.kind == "attack" and pend.step == "attacker":
            return _attack_power(view, robot.rid, pend.power)[0]
        if pend.kind == "attack":
            ap, pierces = _attack_power(view, pend.robot, pend.power)
            done = _damage_done(view, robot, ap, pierces)
            if done >= _left(robot):
                return 10_000 + robot.hp        # a knock-out, the biggest first
            return done * 10 - _left(robot) / 100
        if pend.step == "counter":
            return -_left(robot) if robot.shield is None else -10_000
        if pend.kind in ("repair", "disperse"):
            return robot.damage
        if pend.kind == "chop":
            return robot.ap
        return robot.hp + 2 * robot.ap + (100 if robot.owner == view.seat else 0)   # megabot, force field


class ContraryPlayer:
    """The choices a table rarely sees: it backs out of each card once a turn before playing it,
    plays repairs, chops and the weakest card first, charges its weakest robot at the sturdiest
    enemy, passes after one action and throws away its best card at the hand limit."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.declined: set[tuple[int, int]] = set()        # (turn, card) it backed out of

    def choose(self, view, choices):
        choices = list(choices)
        if view.phase == "discard":
            return max(choices, key=lambda c: (card_worth(view.cards[c.card]), c.card))
        if view.pending is not None:
            card = view.pending.card if view.pending.card is not None else -1
            if Cancel() in choices and (view.turn, card) not in self.declined:
                self.declined.add((view.turn, card))
                return Cancel()
            picks = [c for c in choices if isinstance(c, Pick)] or choices
            return min(picks, key=lambda c: self.pick_strength(view, c))
        usable = [c for c in choices if not (isinstance(c, Play) and (view.turn, c.card) in self.declined)]
        return min(usable or choices, key=lambda c: self.action_rank(view, c))

    def action_rank(self, view, choice) -> tuple:
        if isinstance(choice, EndTurn):
            passing = view.actions_left < 2             # one action is enough for this player
            return (0 if passing else 9, 0)
        if isinstance(choice, RepairChain):
            return (1, choice.gap)
        if isinstance(choice, Play):
            card = view.cards[choice.card]
            if card.kind == "action":
                return (2, card_worth(card), choice.card)
            if card.kind == "battery":
                return (5, BATTERY_WORTH[card.wiring], choice.card)
            return (4, card_worth(card), choice.card)          # the weakest robot card first
        if isinstance(choice, (UseBattery, SelfCharge)):
            return (3, 0)
        return (6, 0)                                           # Draw

    def pick_strength(self, view, pick) -> float:
        """How strong a pick is by the greedy reading; this player takes the weakest."""
        pend = view.pending
        if pick.kind in ("new", "side", "slot", "player"):
            return -pick.ref                                    # the last place, the last seat
        if pick.kind == "part":
            return card_worth(view.cards[pick.ref])
        robot = _robot(view, pick.ref)
        if robot is None:
            return 0
        if pend.kind == "attack" and pend.step == "attacker":
            return _attack_power(view, robot.rid, pend.power)[0]
        if pend.kind == "attack" or pend.step == "counter":
            return -_left(robot)                                # the sturdiest enemy
        return robot.hp + robot.ap
