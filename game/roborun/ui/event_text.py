"""Words the play screen shows: prompts, event lines for the log and banners, ability names.

No pygame here, so the AI docs, replays and tests can reuse the same wording. Only public
facts are described (who played which card, what an Event does); nothing hidden.
"""
from __future__ import annotations

from game.roborun.rules.cards import equipment_cards, event_cards, messages

ABILITY_NAMES = {
    "reverse_move": "Reverse Move", "fifth_gear": "5th Gear", "fuel_boost": "Fuel Boost", "nitro": "Nitro",
    "back_up_plan": "Back Up Plan", "secret_pocket": "Secret Pocket", "short_deactivation": "Short Deactivation",
    "signal_detector": "Signal Detector", "abs": "ABS", "distraction_signal": "Distraction Signal", "ram": "RAM",
    "hacking_probe": "Hacking Probe", "twist_movement": "Twist Movement", "double_metal": "Double Metal",
    "404": "404", "cameo": "Cameo",
}

PROMPTS = {
    "start": "Who sees the better move? Choose who starts",
    # the beep decision is yours, taken just before your teammate plays (issue 25: "Teammate's
    # turn: ..." read as "wait"); "(or PASS)" only while PASS can be chosen (see play_render.prompt)
    "beep": "Your call: BEEP a card, use Equipment, give a Number, or carry on",
    "card": "Your turn: pick a card (or PASS)",
    "card_no_pass": "Your turn: pick a card",
    "window": "Use an ability or Equipment now, or Continue",
    "dir": "Choose the direction on the map",
    "chip": "Choose a CHIP level",
    "key": "Move the Key: pick a square",
    "displace": "Move the robot off the tunnel exit",
    "unlock": "Unlock an ability or develop the CHIP",
    "bad_dir": "Move a bad robot (Signal Detector)",
    "target": "Event: choose which way the bad robot goes",
}

# what an AI seat is deciding while it thinks: "thinking..." alone, between "Round 1: You start" and
# your card, read as if the teammate had taken your turn (it was only its BEEP call, chapter 4.1)
THINKING = {
    "start": "chooses who starts",
    "beep": "may BEEP a card before your turn",
    "card": "picks a card",
    "window": "may use an ability or Equipment",
    "dir": "chooses a direction",
}


def phone_prompt(view, choices: list) -> str | None:
    """What the seat's decision asks, as the play screen's prompt (play_render.prompt) says it,
    for the table's phone page (game/client/table_words.py)."""
    kind = view.decision_kind if view.outcome is None else None
    if kind == "window" and view.decision_ctx and view.decision_ctx[0] != "window":   # a reaction window
        return "A protective ability can act on this move: use it, or Continue"
    if kind == "card" and not any(getattr(c, "kind", None) == "pass" for c in choices):
        kind = "card_no_pass"
    return PROMPTS.get(kind) if kind else None


def message_text(message_id: str) -> str:
    return messages().get(message_id, str(message_id))


SEAT_NAMES = ("Green", "Red")

# Why a robot was destroyed, in the player's words (the engine's cause codes: "Scenario lost
# (destroyed:bad_robot)" was the banner a player read when the game ended).
DESTROYED_BY = {
    "bad_robot": "met a bad robot", "crushed": "was crushed between robots", "laser": "was hit by a laser",
    "shredder": "fell into the Toy Shredder", "crusher": "went into the Crusher",
    "lava": "fell into the Lava Furnace", "acid": "fell into the Acid River", "hazard": "went onto a hazard",
    "new_robot": "stood where a new robot arrived", "no_room": "had no free space to come back to",
}


def destroyed_text(colour: str | None, cause: str | None) -> str:
    """'The Green robot met a bad robot' (good robots by colour; a bad robot is 'a white robot')."""
    name = str(colour or "").capitalize()
    who = f"The {name} robot" if name in SEAT_NAMES else (f"A {colour} robot" if colour else "A robot")
    return f"{who} {DESTROYED_BY.get(str(cause), f'was destroyed ({cause})')}"


def loss_text(cause: str | None) -> str:
    """Why the scenario was lost, for the banner and the log."""
    cause = str(cause or "")
    if cause == "timeout":
        return "round 4 ended with a good robot still in the factory"
    if cause.startswith("destroyed:"):
        return f"a good robot {DESTROYED_BY.get(cause.split(':', 1)[1], 'was destroyed')}"
    return cause.replace("_", " ") or "the scenario ended"


def ending_words(result: dict) -> str | None:
    """Why the scenario ended (a Result in JSON form), for the table's phone page."""
    return None if result.get("winners") else "Lost: " + loss_text(result.get("cause"))


def describe_event(event, viewer: int | None, log: bool = False) -> str:
    """A short line for the log (log=True) or a banner; public facts only."""
    kind = event.kind
    # viewer None (two humans at one screen, the log is shared): name seats by colour.
    def who(seat) -> str:
        if viewer is None or seat is None:
            return SEAT_NAMES[seat] if seat in (0, 1) else "Someone"
        return "You" if seat == viewer else "Teammate"

    def whose(seat) -> str:
        return "Your" if viewer is not None and seat == viewer else f"{who(seat)}'s"

    def verb(seat, word: str) -> str:      # "You ask" / "Teammate asks"
        return word if viewer is not None and seat == viewer else word + "s"
    if kind == "card_played":
        return f"{who(event.seat)} played card {event.card} ({event.face})"
    if kind == "passed":
        return f"{who(event.seat)} passed"
    if kind == "beeped":
        return f"BEEP! {who(event.seat)} {verb(event.seat, 'ask')}: don't play card {event.card}"
    if kind == "ability_used":
        return f"{who(event.seat)} used {ABILITY_NAMES.get(event.detail, event.detail)}"
    if kind == "equipment_used":
        card = equipment_cards().get(event.card)
        return f"{who(event.seat)} used {card.name if card else 'Equipment'}"
    if kind == "message":
        return f"Message from {who(event.seat)}: {messages().get(event.detail, event.detail)}"
    if kind == "event_revealed":
        card = event_cards().get(event.card)
        if card is None:
            return f"Event: {event.detail}"
        target = "good robots" if card.target == "good" else "the exits"
        return f"Event {card.name}: {'/'.join(card.colours)} move {card.steps} toward {target}"
    if kind == "escaped":
        return f"{whose(event.seat)} robot escaped!"
    if kind == "lever":
        return f"Lever: {str(event.detail).replace('_', ' ')}"
    if kind == "round_started":
        return f"Round {event.value}: {who(event.seat)} {verb(event.seat, 'start')}"
    if kind == "scenario_won":
        return "Scenario won!"
    if kind == "scenario_lost":
        return f"Scenario lost: {loss_text(event.detail)}"
    if kind == "unlocked":
        return f"{who(event.seat)} unlocked {ABILITY_NAMES.get(event.detail, event.detail)}"
    if not log:
        return ""
    if kind == "collected":
        return f"{event.token} collected"
    if kind == "destroyed":
        if event.token == "key":
            return f"a Key was lost to {'a laser' if event.detail == 'laser' else 'a hazard'}"
        return destroyed_text(event.colour, event.detail)
    if kind == "equipment_drawn":
        card = equipment_cards().get(event.card)
        return f"{who(event.seat)} drew {card.name if card else 'an Equipment card'}"
    if kind == "rule":
        return str(event.detail).replace("_", " ")
    if kind == "spawned":
        return f"a {event.colour} robot arrived"
    if kind == "upgraded":
        return "a bad robot was upgraded to Blue"
    if kind == "round_ended":
        return f"end of round {event.value}"
    return ""
