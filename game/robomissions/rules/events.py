"""Events: what `engine.apply` reports happened, in order, for animation, logs and tests.

An event never changes the state; it only describes a change that already happened, so the
table screen can replay them one at a time at its own speed.

Kinds (fields used):
    card_drawn(player, card)           card is private to `player`: use `redact` for others
    redealt(player)                    setup: a robot-less opening hand went back into the deck
    card_played(player, card)          a card left the hand (batteries, actions, robots)
    robot_built(player, robot, card)   a new robot (Megabot, Singlebot) is on the table
    attached(player, robot, card, text=slot)   Megabot Part or Head joined a Megabot; Force
                                       Field or Parallel Pack put on a robot (text says which)
    chain_linked(player, robot, amount=position)
    chain_repaired(player, amount=gap position)
    battery_played(player, robot, card, text=wiring)
    attacked(player, robot, target, amount=AP)   `robot` is the attacker the player picked
    damage(player=owner, robot, amount, text=source)   text: attack | disperse
    repaired(player=owner, robot, amount)
    force_field(player=owner, robot, card)  a Force Field was used up by being targeted
    chopped(player=owner, robot, card)      a part was removed by Chop Chop
    knocked_out(player=owner, robot)
    discarded(player, card, text=why)       hand_limit | sabotage | eliminated | knocked_out
    battery_used(player, card)             a battery went to the Used Battery Pile
    eliminated(player)
    buffed(player)                          the 2V1 bonuses now apply to this player
    end_game_started(amount=size of the battery-only deck)
    turn_ended(player), turn_started(player)
    game_over(text="elimination" | "deck" | "turn_cap", winners)
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, replace


@dataclass(frozen=True)
class Event:
    kind: str
    player: int | None = None
    card: int | None = None
    robot: int | None = None
    target: int | None = None
    amount: int = 0
    text: str = ""
    winners: tuple[int, ...] = ()

    def to_json(self) -> dict:
        """The fields that are set (seat 0 and card 0 are real values, so only None/""/() drop)."""
        return {k: (list(v) if isinstance(v, tuple) else v) for k, v in asdict(self).items()
                if v is not None and v != "" and v != ()}


def redact(events: list[Event], seat: int) -> list[Event]:
    """The events as `seat` may see them: other players' drawn cards become unknown (card=None)."""
    return [replace(e, card=None) if e.kind == "card_drawn" and e.player != seat else e for e in events]
