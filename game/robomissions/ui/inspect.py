"""Inspect anything on the ROBOMissions table: what it is and what it does, in the game's words.

`inspect_targets` lists everything a player can point at (or step through with the INFO
view): hand cards, the pieces of Megabots, robots, chain gaps, the three piles and the
players' zones. Each `Inspectable` carries its rectangle, a title, a rules text taken from
the card data (card_sprites.default_text) or the ROBOMissions rulebook ('Meet the Robots!',
'What if the Deck Runs Out?'), and the cards to show large. The list is ordered most
specific first, so the first hit under the pointer is the thing on top.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.robomissions.rules.view import RobotView, SeatView
from game.robomissions.ui import card_sprites as sprites
from game.robomissions.ui.choice_ui import robot_cards, robot_name, robot_summary
from game.robomissions.ui.table_render import HAND_LIFT, Layout, seat_name


@dataclass(frozen=True)
class Inspectable:
    rect: pygame.Rect
    title: str
    text: str
    cards: tuple[int, ...] = ()
    kind: str = ""          # hand | part | robot | gap | pile | zone (parts are skipped when stepping)


def card_text(view: SeatView, uid: int) -> str:
    """A card's rules line and numbers, from its data."""
    card = view.cards[uid]
    text = sprites.default_text(card)
    if card.kind in ("head", "part", "chainbot", "singlebot"):
        hp = "no HP" if card.hp is None else f"HP {card.hp}"
        text = f"{sprites.kind_label(card).title()}, {hp}, AP {card.ap}. {text}".strip()
    return text


def robot_role(view: SeatView, robot: RobotView) -> str:
    """What a robot does, in the rulebook's words ('Meet the Robots!')."""
    parts = dict(robot.parts)
    if robot.kind == "megabot":
        text = "A Megabot: its parts add up to one HP pool, and it is knocked out whole when its damage reaches it."
        if "head" not in parts:
            text += " Without a Head its parts have half HP and it cannot attack."
        return text
    if robot.kind == "chainbot":
        return "A Chainbot: one Battery powers its whole unbroken chain, and every link zaps the same target."
    return sprites.default_text(view.cards[parts["core"]]) or "A Singlebot: it stands alone."


def inspect_targets(view: SeatView, layout: Layout, labels: dict[int, str], hand_visible: bool,
                    focused_card: int | None = None, hidden_robots: frozenset[int] | set[int] = frozenset()
                    ) -> list[Inspectable]:
    found: list[Inspectable] = []
    if hand_visible:   # the card drawn on top first: the lifted one, then right to left
        order = sorted(layout.hand_cards, key=lambda uid: (uid != focused_card, -layout.hand_cards[uid].left))
        for uid in order:
            rect = layout.hand_cards[uid]
            if uid == focused_card:
                rect = rect.move(0, -HAND_LIFT)
            found.append(Inspectable(rect, view.cards[uid].name, card_text(view, uid), (uid,), "hand"))
    robots = {r.rid: r for r in view.robots}
    for (rid, _slot), rect in layout.parts.items():
        robot = robots.get(rid)
        uid = dict(robot.parts).get(_slot) if robot else None
        if uid is None or rid in hidden_robots:
            continue
        found.append(Inspectable(rect, f"{view.cards[uid].name} on {robot_name(view, robot)}", card_text(view, uid),
                                 robot_cards(robot), "part"))
    for rid, rect in layout.robots.items():
        robot = robots.get(rid)
        if robot is None or rid in hidden_robots:
            continue
        found.append(Inspectable(rect, robot_name(view, robot),
                                 f"{robot_summary(view, robot)} {robot_role(view, robot)}", robot_cards(robot),
                                 "robot"))
    for (seat, index), rect in layout.chain_slots.items():
        chain = view.chains[seat]
        if index < len(chain) and chain[index] is None:
            found.append(Inspectable(rect, f"A gap in {seat_name(seat)}'s Robot Chain",
                                     "The Chainbots on each side of a gap are powered apart. Fill it with a new "
                                     "Chainbot, or spend one action to repair the chain.", (), "gap"))
    piles = {
        "draw": ("Draw deck", f"{view.deck_size} cards, face down. Drawing one costs an action. "
                 + ("End Game: this deck is the old Used Batteries; when it runs out, most robots wins."
                    if view.endgame else "Whoever draws the last card starts the End Game.")),
        "discard": ("Discard pile", f"{len(view.discard)} cards, face up: played cards and knocked-out robots."
                    + (f" On top: {view.cards[view.discard[-1]].name}." if view.discard else "")),
        "used": ("Used Battery Pile", f"{len(view.used)} spent batteries. In the End Game they are shuffled into "
                 "a new, Battery-only draw deck."),
    }
    for name, rect in layout.piles.items():
        title, text = piles[name]
        top = view.discard[-1:] if name == "discard" else view.used[-1:] if name == "used" else ()
        found.append(Inspectable(rect, title, text, tuple(top), "pile"))
    for seat, zone in layout.zones.items():
        robots_of = [r for r in view.robots if r.owner == seat]
        label = labels.get(seat, seat_name(seat))
        if not view.alive[seat]:
            text = "Out of the game: no robot left on the table."
        else:
            links = sum(1 for rid in view.chains[seat] if rid is not None)
            text = (f"{view.hand_counts[seat]} cards in hand, {len(robots_of)} robots on the table "
                    f"({links} in the Robot Chain). Turns taken: {view.turns_taken[seat]}.")
            if view.turns_taken[seat] == 0:
                text += " First turn: no attacks yet."
        found.append(Inspectable(pygame.Rect(zone.left, zone.top, zone.width, 30), label, text, (), "zone"))
    return found


def inspect_at(targets: list[Inspectable], pos: tuple[int, int]) -> Inspectable | None:
    """The most specific thing under the pointer."""
    return next((t for t in targets if t.rect.collidepoint(pos)), None)


def stepping_order(targets: list[Inspectable]) -> list[Inspectable]:
    """What the INFO view steps through with arrows or Tab: whole robots, not their pieces, in
    reading order (top to bottom, left to right)."""
    whole = [t for t in targets if t.kind != "part"]
    return sorted(whole, key=lambda t: (t.rect.top // 60, t.rect.left))
