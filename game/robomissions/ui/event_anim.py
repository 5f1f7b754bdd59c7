"""Engine events -> animation beats (game.client.sequencer) and log lines.

The engine reports what happened (`card_played`, `attacked`, `damage`, `knocked_out`...);
this module decides how the table shows it: which card flies where, beams from every
Chainbot of an attacking segment, numbers floating up, explosions with a shake, banners for
turns and eliminations. Positions come from two layouts: `before` (the table the player is
looking at) for things that are already there, `after` for robots the event creates.
Events must already be redacted for the viewer (`events.redact`), so a hidden draw is a
card back here.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from game.client import theme
from game.client.sequencer import Beat
from game.robomissions.ui import anim
from game.robomissions.ui import card_sprites as sprites
from game.robomissions.ui.choice_ui import robot_name
from game.robomissions.rules.events import Event
from game.robomissions.ui import table_render as render
from game.robomissions.ui.table_render import Layout, seat_colour, seat_name
from game.robomissions.rules.view import SeatView

FLY_SIZE = (96, 134)
HAND_CENTRE = (500, 640)


@dataclass
class Scenes:
    """The two tables an event batch moves between, and whose eyes we see them with."""

    before: SeatView
    before_layout: Layout
    after: SeatView
    after_layout: Layout
    viewer: int
    hand_visible: bool           # the viewer's hand is face up on this screen
    segments: dict[int, tuple[int, ...]] = field(default_factory=dict)   # Chainbot -> its run, before


def name_of(seat: int, viewer: int, humans: frozenset[int]) -> str:
    return "You" if seat == viewer and seat in humans and len(humans) == 1 else seat_name(seat)


def _robot(view_a: SeatView, view_b: SeatView, rid: int | None):
    for v in (view_a, view_b):
        for r in v.robots:
            if r.rid == rid:
                return v, r
    return None, None


def log_line(event: Event, sc: Scenes, humans: frozenset[int]) -> str | None:
    """One short sentence for the scrolling log (None: not worth a line)."""
    who = name_of(event.player, sc.viewer, humans) if event.player is not None else ""
    cards = sc.after.cards
    card = cards[event.card].name if event.card is not None else "a card"
    v, robot = _robot(sc.before, sc.after, event.robot)
    rname = robot_name(v, robot) if robot else "a robot"
    kind = event.kind
    if kind == "card_drawn":
        return f"{who} drew {card}"
    if kind == "robot_built":
        return f"{who} built {rname}"
    if kind == "attached":
        if event.text == "force_field":
            return f"{who} shielded {rname}"
        return f"{who} attached {card} to {rname}"
    if kind == "chain_linked":
        return f"{who} linked {card} into the chain"
    if kind == "chain_repaired":
        return f"{who} repaired the chain"
    if kind == "battery_played":
        return f"{who} powered {rname} with {card}"
    if kind == "attacked":
        tv, target = _robot(sc.before, sc.after, event.target)
        tname = robot_name(tv, target) if target else "a robot"
        return f"{rname} zaps {tname} for {event.amount}"
    if kind == "damage":
        return f"{rname} takes {event.amount} damage"
    if kind == "repaired":
        return f"{rname} repaired by {event.amount}"
    if kind == "force_field":
        return f"Force Field saves {rname}"
    if kind == "chopped":
        return f"Chop Chop! {card} falls off {rname}"
    if kind == "knocked_out":
        return f"BOOM! {rname} is knocked out"
    if kind == "discarded":
        why = {"hand_limit": " (hand limit)", "sabotage": " (sabotaged)"}.get(event.text, "")
        return None if event.text == "eliminated" else f"{who} discarded {card}{why}"
    if kind == "eliminated":
        return f"{who} {'are' if who == 'You' else 'is'} out!"
    if kind == "buffed":
        return f"{who} gets the lone-robot bonus"
    if kind == "end_game_started":
        return f"END GAME: {event.amount} batteries form the new deck"
    if kind == "turn_started":
        return f"-- {who}{'r' if who == 'You' else chr(39) + 's'} turn --"
    if kind == "game_over":
        return "Game over"
    return None


def _hand_pos(sc: Scenes, layout: Layout, seat: int, uid: int | None) -> tuple[int, int]:
    if seat == sc.viewer:
        rect = layout.hand_cards.get(uid) if sc.hand_visible else None
        return rect.center if rect else HAND_CENTRE
    rect = layout.hands.get(seat)
    return rect.center if rect else layout.zone_center(seat)


def _card_image(sc: Scenes, seat: int, uid: int | None, public: bool):
    if uid is None or not (public or (seat == sc.viewer and sc.hand_visible)):
        return sprites.card_back(FLY_SIZE)
    return render.face(sc.after.cards[uid], FLY_SIZE, uid)


def _destination(events: list[Event], index: int, sc: Scenes) -> tuple[int, int]:
    """Where a played card lands: on its robot, on the attacker, or on the discard pile."""
    played = events[index]
    for later in events[index + 1:]:
        if later.card != played.card and later.kind not in ("battery_played",):
            continue
        if later.kind in ("robot_built", "chain_linked"):
            return sc.after_layout.robot_center(later.robot, sc.after_layout.zone_center(played.player))
        if later.kind == "attached":
            part = sc.after_layout.parts.get((later.robot, later.text))
            return part.center if part else sc.after_layout.robot_center(later.robot, HAND_CENTRE)
        if later.kind == "battery_played" and later.card == played.card:
            return sc.before_layout.robot_center(later.robot, sc.before_layout.zone_center(played.player))
    return sc.before_layout.piles["discard"].center


def build_beats(events: list[Event], sc: Scenes, humans: frozenset[int],
                hide_card: Callable[[int], None], hide_robot: Callable[[int], None]) -> list[Beat]:
    """One animation beat per visible event, in order."""
    beats: list[Beat] = []
    before, lay = sc.before, sc.before_layout
    for index, event in enumerate(events):
        kind, seat = event.kind, event.player
        if kind == "card_played":
            start = _hand_pos(sc, lay, seat, event.card)
            end = _destination(events, index, sc)
            image = _card_image(sc, seat, event.card, public=True)
            uid = event.card
            beats.append(Beat([anim.FlyingCard(image, start, end, end_scale=0.7)], "card",
                              on_start=lambda uid=uid: hide_card(uid)))
        elif kind == "card_drawn":
            end = _hand_pos(sc, sc.after_layout, seat, event.card)
            image = _card_image(sc, seat, event.card, public=False)
            beats.append(Beat([anim.FlyingCard(image, lay.piles["draw"].center, end, duration=0.35)], "slide"))
        elif kind == "discarded":
            start = _hand_pos(sc, lay, seat, event.card)
            image = _card_image(sc, seat, event.card, public=True)
            uid = event.card
            fly = anim.FlyingCard(image, start, lay.piles["discard"].center, duration=0.3, end_scale=0.7)
            if event.text == "eliminated" and beats and beats[-1].sound == "slide-out":
                beats[-1].tracks.append(fly)      # a whole hand goes at once
            else:
                beats.append(Beat([fly], "slide-out" if event.text == "eliminated" else "slide",
                                  on_start=lambda uid=uid: hide_card(uid)))
        elif kind == "battery_used":
            start = lay.zone_center(seat) if seat is not None else lay.piles["discard"].center
            image = _card_image(sc, seat, event.card, public=True)
            beats.append(Beat([anim.FlyingCard(image, start, lay.piles["used"].center, duration=0.3,
                                               end_scale=0.6)]))
        elif kind == "attacked":
            shooters = [r for r in sc.segments.get(event.robot, ()) if r not in before.attacked] or [event.robot]
            target = lay.robot_center(event.target, lay.zone_center(seat))
            colour = seat_colour(before, seat)
            beams = [anim.Beam(lay.robot_center(r, lay.zone_center(seat)), target, colour) for r in shooters]
            beats.append(Beat(beams + [anim.Popup(str(event.amount) + " AP", lay.robot_center(event.robot, target),
                                                  theme.ACCENT, duration=0.5)], "zap"))
        elif kind == "damage":
            pos = lay.robot_center(event.robot, lay.zone_center(seat))
            beats.append(Beat([anim.Popup(f"-{event.amount}", pos, theme.BAD)], "beep"))
        elif kind == "repaired":
            pos = lay.robot_center(event.robot, lay.zone_center(seat))
            beats.append(Beat([anim.Popup(f"+{event.amount}", pos, theme.GOOD)], "collect"))
        elif kind == "force_field":
            pos = lay.robot_center(event.robot, lay.zone_center(seat))
            beats.append(Beat([anim.Popup("BLOCKED!", pos, (110, 220, 255))], "teleport"))
        elif kind == "chopped":
            _, owner_robot = _robot(before, sc.after, event.robot)
            slot = next((s for s, u in owner_robot.parts if u == event.card), "") if owner_robot else ""
            part = lay.parts.get((event.robot, slot))
            start = part.center if part else lay.robot_center(event.robot, lay.zone_center(seat))
            image = _card_image(sc, seat, event.card, public=True)
            beats.append(Beat([anim.Popup("CHOP!", start, theme.ACCENT),
                               anim.FlyingCard(image, start, lay.piles["discard"].center, end_scale=0.7)], "slide"))
        elif kind == "knocked_out":
            pos = lay.robot_center(event.robot, lay.zone_center(seat))
            rid = event.robot
            beats.append(Beat([anim.Explosion(pos)], "boom", shake=10, on_start=lambda rid=rid: hide_robot(rid)))
        elif kind == "chain_repaired":
            beats.append(Beat([anim.Popup("LINKED!", lay.zone_center(seat), theme.GOOD)], "collect"))
        elif kind == "eliminated":
            beats.append(Beat([anim.Banner(f"{name_of(seat, sc.viewer, humans)} knocked out of the game!",
                                           theme.BAD, duration=1.3)], "lose"))
        elif kind == "buffed":
            beats.append(Beat([anim.Banner(f"{seat_name(seat)}: 3 actions, hand limit 10", theme.ACCENT_2,
                                           duration=1.3)], "collect"))
        elif kind == "end_game_started":
            beats.append(Beat([anim.Banner("END GAME! Used batteries are the new deck", theme.ACCENT,
                                           duration=1.5)], "teleport"))
        elif kind == "turn_started":
            who = name_of(seat, sc.viewer, humans)
            text = "Your turn!" if who == "You" else f"{who}'s turn"
            beats.append(Beat([anim.Banner(text, seat_colour(sc.after, seat), duration=0.8)], "move"))
        elif kind == "game_over":
            beats.append(Beat([anim.Banner("GAME OVER", theme.ACCENT, duration=1.2)], None))
    for beat in beats:
        if beat.sound == "slide-out":
            beat.sound = "slide"
    return beats
