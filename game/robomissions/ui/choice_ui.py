"""Turning the engine's legal actions into things a player can point at.

Each legal action becomes an `Option`: the rectangle it lives on (a hand card, a robot, a
chain gap, the draw pile, a button...), a title and a one-line explanation. The screen
highlights exactly these and nothing else, so the player can only ever choose what the
engine allows. Focus moves spatially with arrows / d-pad (the nearest option in that
direction), cycles with Tab / shoulder buttons, and follows the mouse.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.robomissions.ui import card_sprites as sprites
from game.robomissions.rules.engine import (Action, Cancel, Discard, Draw, EndTurn, Pick, Play, RepairChain, SelfCharge,
                                      UseBattery)
from game.robomissions.ui.table_render import HAND_LIFT, Layout, seat_name
from game.robomissions.rules.view import RobotView, SeatView


@dataclass
class Option:
    action: Action
    rect: pygame.Rect
    title: str
    detail: str
    hand_card: int | None = None    # a hand card rises when focused


# ------------------------------------------------------------------------ names


def robot_name(view: SeatView, robot: RobotView) -> str:
    parts = dict(robot.parts)
    if robot.kind == "megabot":
        if "head" in parts:
            return f"{view.cards[parts['head']].name} Megabot"
        first = parts.get("body", next(iter(parts.values())))
        return f"headless Megabot ({view.cards[first].name})"
    return view.cards[parts["core"]].name


def robot_cards(robot: RobotView) -> tuple[int, ...]:
    """The cards a robot is made of, head first (all public: they are on the table)."""
    order = {"head": 0, "arm0": 1, "body": 2, "arm1": 3, "legs": 4, "core": 0}
    return tuple(uid for _, uid in sorted(robot.parts, key=lambda part: order.get(part[0], 9)))


def robot_summary(view: SeatView, robot: RobotView) -> str:
    left = robot.hp - robot.damage
    bits = [f"{seat_name(robot.owner)}'s {robot_name(view, robot)}: HP {left}/{robot.hp}, AP {robot.ap}."]
    if robot.shield is not None:
        bits.append("Protected by a Force Field.")
    if robot.battery is not None:
        bits.append("Parallel Pack attached.")
    if robot.rid in view.attacked:
        bits.append("Already attacked this turn.")
    return " ".join(bits)


PROMPTS = {
    "attacker": "Choose the robot that attacks",
    "target": "Choose an enemy robot to zap",
    "megabot": "Choose where this part goes",
    "side": "Choose which side the Arm goes on",
    "slot": "Choose a place in your Robot Chain",
    "robot": "Choose a robot",
    "source": "Choose your robot to take damage from",
    "counter": "Put 10 damage on an enemy robot",
    "part": "Choose the part to chop off",
    "player": "Choose the player to sabotage",
}


def prompt(view: SeatView, hand_limit: int) -> str:
    """What the current human is being asked, in words."""
    if view.phase == "discard":
        return f"Too many cards: discard down to {hand_limit}"
    pend = view.pending
    if pend is None:
        return "Your turn: draw, play a card or end your turn"
    text = PROMPTS.get(pend.step, "Choose")
    if pend.card is not None:
        text = f"{view.cards[pend.card].name}: {text[0].lower()}{text[1:]}"
    if pend.step == "counter":
        text += f" ({pend.counters} left)"
    return text


def phone_prompt(view: SeatView, choices: list) -> str:
    """The table screen's prompt for the table's phone page (game/client/table_words.py)."""
    from game.robomissions.rules.engine import HAND_LIMIT
    return prompt(view, HAND_LIMIT)


# ------------------------------------------------------------------------ options


def build_options(view: SeatView, layout: Layout, legal: list[Action], hand_limit: int,
                  segments: dict[int, tuple[int, ...]] | None = None) -> list[Option]:
    """One Option per legal action that has a place on screen (all of them, by design).

    `segments` maps each Chainbot to the gap-free run it attacks with (the engine's
    `chain_segment`), so an attacker option can say how many robots will fire.
    """
    seat = view.seat
    robots = {r.rid: r for r in view.robots}
    pend = view.pending
    options: list[Option] = []
    for action in legal:
        option = _option(view, layout, action, robots, pend, seat, hand_limit, segments or {})
        if option is not None:
            options.append(option)
    return options


def end_turn_detail(actions_left: int) -> str:
    """End turn's line, counted in words ('1 action unused'; it read '1 action(s) unused')."""
    if actions_left <= 0:
        return "Pass to the next player."
    return f"Pass to the next player ({actions_left} action{'s' if actions_left != 1 else ''} unused)."


def _robot_option(view, layout, action, robot: RobotView, title: str, detail: str) -> Option | None:
    rect = layout.robots.get(robot.rid)
    return Option(action, rect, title, detail) if rect else None


def _option(view: SeatView, layout: Layout, action: Action, robots: dict[int, RobotView], pend, seat: int,
            hand_limit: int, segments: dict[int, tuple[int, ...]]) -> Option | None:
    cards = view.cards
    if isinstance(action, Draw):
        return Option(action, layout.piles["draw"], "Draw a card",
                      f"Take the top card of the draw deck ({view.deck_size} left). Costs 1 action.")
    if isinstance(action, (Play, Discard)):
        card = cards[action.card]
        rect = layout.hand_cards.get(action.card)
        if rect is None:
            return None
        if isinstance(action, Play):
            title, detail = f"Play {card.name}", sprites.default_text(card) or card.name
        else:
            title, detail = f"Discard {card.name}", f"Keep at most {hand_limit} cards at the end of your turn."
        return Option(action, rect, title, detail, hand_card=action.card)
    if isinstance(action, EndTurn):
        return Option(action, layout.buttons["end_turn"], "End turn", end_turn_detail(view.actions_left))
    if isinstance(action, Cancel):
        return Option(action, layout.buttons["cancel"], "Cancel", "Take the card back. It costs nothing.")
    if isinstance(action, RepairChain):
        rect = layout.chain_slots.get((seat, action.gap))
        return Option(action, rect, "Repair the chain", "Close this gap so the chain links up again. Costs 1 action.") \
            if rect else None
    if isinstance(action, UseBattery):
        holder = next((r for r in view.robots if r.battery == action.card), None)
        if holder is None or holder.rid not in layout.robots:
            return None
        rect = layout.robots[holder.rid]
        top = pygame.Rect(rect.left, rect.top, rect.width, max(24, rect.height // 4))
        return Option(action, top, f"Parallel Pack: attack again with {robot_name(view, holder)}",
                      "The batteries in parallel power a second attack. Costs 1 action.")
    if isinstance(action, SelfCharge):
        robot = robots.get(action.robot)
        return _robot_option(view, layout, action, robot, f"{robot_name(view, robot)} self-charges",
                             f"Attack without a battery for 1 action (AP {robot.ap}).") if robot else None
    if isinstance(action, Pick):
        return _pick_option(view, layout, action, robots, pend, seat, segments)
    return None


def _pick_option(view: SeatView, layout: Layout, pick: Pick, robots: dict[int, RobotView], pend, seat: int,
                 segments: dict[int, tuple[int, ...]]) -> Option | None:
    cards = view.cards
    step = pend.step if pend else ""
    if pick.kind == "new":
        rect = layout.new_slots.get(seat)
        return Option(pick, rect, "Start a new Megabot", "Put this card down as a new Megabot of its own.") \
            if rect else None
    if pick.kind == "side":
        rect = layout.parts.get((pend.robot, f"arm{pick.ref}"))
        return Option(pick, rect, "Left side" if pick.ref == 0 else "Right side", "Arms can go on either side.") \
            if rect else None
    if pick.kind == "slot":
        rect = layout.chain_slots.get((seat, pick.ref))
        chain = view.chains[seat]
        if pick.ref < len(chain):
            title, detail = "Fill the gap", "The new Chainbot closes the gap and the chain links up."
        else:
            title, detail = ("Start a Robot Chain", "Your first Chainbot.") if not chain else \
                ("Add to the end of the chain", "The chain grows by one Chainbot.")
        return Option(pick, rect, title, detail) if rect else None
    if pick.kind == "part":
        for (rid, _slot), rect in layout.parts.items():
            robot = robots.get(rid)
            if robot and pick.ref in dict(robot.parts).values():
                card = cards[pick.ref]
                return Option(pick, rect, f"Chop off {card.name}",
                              f"HP {card.hp if card.hp is not None else '-'}, AP {card.ap} go to the discard pile.")
        return None
    if pick.kind == "player":
        zone = layout.zones.get(pick.ref)
        if zone is None:
            return None
        header = pygame.Rect(zone.left, zone.top, zone.width, 30)
        return Option(pick, header, f"Sabotage {seat_name(pick.ref)}",
                      f"They discard a random card ({view.hand_counts[pick.ref]} in hand).")
    robot = robots.get(pick.ref)
    if robot is None:
        return None
    name = robot_name(view, robot)
    summary = robot_summary(view, robot)
    if step == "attacker":
        ready = [r for r in segments.get(robot.rid, (robot.rid,)) if r not in view.attacked]
        extra = f" Its chain ({len(ready)} Chainbots) attacks together." if len(ready) > 1 else ""
        return _robot_option(view, layout, pick, robot, f"Attack with {name}", summary + extra)
    titles = {"target": f"Zap {name}", "megabot": f"Attach to {name}", "source": f"Take damage off {name}",
              "counter": f"Put 10 damage on {name}"}
    title = titles.get(step)
    if title is None:
        card = cards[pend.card] if pend and pend.card is not None else None
        title = f"{card.name} on {name}" if card else name
    return _robot_option(view, layout, pick, robot, title, summary)


# ------------------------------------------------------------------------ focus


def focused_rect(option: Option, focused: bool) -> pygame.Rect:
    """Where an option is drawn and clicked (a focused hand card is lifted)."""
    if option.hand_card is not None and focused:
        return option.rect.move(0, -HAND_LIFT)
    return option.rect


DIRECTIONS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
OPPOSITE = {"left": "right", "right": "left", "up": "down", "down": "up"}


def move_focus(options: list[Option], index: int, direction: str) -> int:
    """The nearest option in `direction` from the focused one; wraps around when none lies that way."""
    if not options:
        return 0
    index = min(index, len(options) - 1)
    if options[index].hand_card is not None and direction in ("left", "right"):
        # Along the hand, left and right step card by card (the fan's arc must not skip one).
        row = sorted((i for i, o in enumerate(options) if o.hand_card is not None), key=lambda i: options[i].rect.left)
        at = row.index(index) + (1 if direction == "right" else -1)
        if 0 <= at < len(row):
            return row[at]
    dx, dy = DIRECTIONS[direction]
    cx, cy = options[index].rect.center
    best, best_score = None, float("inf")
    for i, option in enumerate(options):
        if i == index:
            continue
        ox, oy = option.rect.centerx - cx, option.rect.centery - cy
        along = ox * dx + oy * dy
        if along <= 0:
            continue
        across = abs(ox * dy) + abs(oy * dx)
        score = along + 2.5 * across
        if score < best_score:
            best, best_score = i, score
    if best is not None:
        return best
    step = 1 if direction in ("right", "down") else -1
    return (index + step) % len(options)


class FocusMover:
    """Arrow-key focus that retraces its steps: Left then Right comes back to the same option.

    The nearest option one way is not always the one the other way came from (a robot above
    the hand is nearer than the card you left), so an arrow opposite to the last move goes
    back to where that move started; any other move searches spatially (move_focus).
    """

    def __init__(self) -> None:
        self.last: tuple[str, int, int] | None = None   # (direction, from, to)

    def reset(self) -> None:
        self.last = None

    def move(self, options: list[Option], index: int, direction: str) -> int:
        last = self.last
        if last is not None and last[0] == OPPOSITE[direction] and last[2] == index and last[1] < len(options):
            target = last[1]
        else:
            target = move_focus(options, index, direction)
        self.last = (direction, index, target)
        return target


def option_at(options: list[Option], focus: int, pos: tuple[int, int]) -> int | None:
    """The option under the pointer: the focused one first, then the top hand card, then the smallest."""
    hits = [i for i, o in enumerate(options) if focused_rect(o, i == focus).collidepoint(pos)]
    if not hits:
        return None
    if focus in hits:
        return focus
    cards = [i for i in hits if options[i].hand_card is not None]
    if cards:
        return max(cards, key=lambda i: options[i].rect.left)   # the right-most card is drawn on top
    return min(hits, key=lambda i: options[i].rect.width * options[i].rect.height)
