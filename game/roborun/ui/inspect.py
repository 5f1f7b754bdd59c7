"""Inspect anything on the Robo Run screen: what a space, token, robot or stand card is and does.

The words are the Robo Run rulebook's ('6. Tokens and Special Spaces', '7. Special Abilities',
'Game Goal'), shortened to fit a panel. `cell_info` explains one board space with everything on
it (robot first, then tokens, then the space); `card_info` explains a stand card from its face.
No rule is decided here; nothing is read that the viewer's seat view does not show.
"""
from __future__ import annotations

from game.roborun.ui.choice_ui import ViewReader, ability_name, action_text

SPACE_TEXT: dict[str, tuple[str, str]] = {
    "floor": ("Floor", "An empty factory space: entering it triggers nothing."),
    "exit": ("Map Exit", "When a robot of the Map Exit's colour enters this space, it is immediately removed from "
             "the map and has escaped. In other cases, nothing happens."),
    "hidden_exit": ("Hidden Exit Point", "A special Map Exit: when a good robot enters its Hidden Exit Point, the "
                    "teammate with a Number token of the indicated value removes that robot from the board."),
    "hazard": ("Hazard", "Any element that enters this space is immediately destroyed. For a good robot, the "
               "scenario fails."),
    "tunnel": ("Tunnel", "A robot entering a Tunnel is moved to the Tunnel Exit. A good robot landing on a bad "
               "one (or the reverse) is destroyed. Entering a Tunnel ends the current movement action."),
    "tunnel_exit": ("Tunnel Exit", "Entering this space triggers no effect."),
    "lift": ("Lift", "After the whole Action card, an element on the Lift moves to the other Lift space; if both "
             "are occupied they swap places."),
    "lever": ("Lever", "When any robot enters the Lever, a special scenario rule is activated: see the scenario "
              "page."),
    "pusher": ("Pusher", "Whenever a robot or Key enters a Pusher, it moves in the indicated direction until "
               "stopped by an obstacle. Then the Action card goes on."),
    "number_changer": ("Number Changer", "When a good robot enters, its owner adds or subtracts the value to or "
                       "from their Number token (below 1 or above 6 is lost)."),
    "number_exchanger": ("Number Exchanger", "When a good robot enters, its owner exchanges their Number token "
                         "for the one indicated."),
    "button": ("Monostable Button", "All good robots must stand on Monostable Buttons at the same time to meet "
               "the exit condition."),
    "production_line": ("Production Line", "After the whole Action card, every element on the Production Line "
                        "moves one space in the direction of its token."),
}

HAZARD_NAMES = {"shredder": "Toy Shredder", "crusher": "Crusher", "lava": "Lava Furnace", "acid": "Acid River"}

TOKEN_TEXT: dict[str, tuple[str, str]] = {
    "energy": ("Energy token", "A good robot entering it gives its owner 1 Energy (at most 5). A bad robot returns "
               "it; a White or Purple one is upgraded to Blue."),
    "experience": ("Experience token", "A good robot entering it lets its owner unlock an ability or develop the "
                   "next CHIP level. A bad White or Purple robot that enters becomes Blue."),
    "equipment": ("Equipment token", "A good robot entering it draws the top Equipment card for its owner. A bad "
                  "White or Purple robot that enters becomes Blue."),
    "key": ("Key", "When any robot enters the Key's space, the active player moves the Key to an adjacent space "
            "(not diagonal). Keys cannot enter a space with a Key or robot."),
    "laser": ("Laser", "Any element that enters the Laser is immediately destroyed. For a good robot, the scenario "
              "fails."),
    "wall": ("Wall token", "A special obstacle: nothing may enter this space."),
    "number": ("Number token", "A good robot entering it picks it up. Teammates with adjacent robots may give each "
               "other Number tokens."),
}

ROBOT_TEXT: dict[str, str] = {
    "green": "A good robot: get it out through the green Map Exit before round 4 ends. If it is destroyed, the "
             "scenario fails.",
    "red": "A good robot: get it out through the red Map Exit before round 4 ends. If it is destroyed, the "
           "scenario fails.",
    "white": "A bad robot: it moves by the BAD part of cards with a white dot. A good robot meeting it is "
             "destroyed. It becomes Blue if it takes a token.",
    "purple": "A bad robot: it moves by the BAD part of cards with a purple dot. A good robot meeting it is "
              "destroyed. It becomes Blue if it takes a token.",
    "blue": "A bad robot: it moves by the BAD part of cards with a blue dot. A good robot meeting it is destroyed.",
}


ABILITY_TEXT: dict[str, str] = {
    "reverse_move": "moves the robot in the opposite direction for one chosen movement action",
    "fifth_gear": "moves your robot one more space in the direction of the last movement action",
    "fuel_boost": "after the Action card is fully resolved, play another Action card",
    "nitro": "performs the top part of the card just played again for your robot",
    "back_up_plan": "flips one card on any stand to its other side",
    "secret_pocket": "draws the top Equipment card",
    "short_deactivation": "a good robot ignores the effect of the special space it enters",
    "signal_detector": "moves every bad robot one space (not diagonal)",
    "abs": "a good robot about to enter a bad robot's space stops before it",
    "distraction_signal": "skips the bottom (BAD) part of the Action card this turn",
    "ram": "a good robot moving onto a bad robot sends it to its closest starting space",
    "hacking_probe": "replaces one Blue robot with a Purple one",
    "twist_movement": "your robot follows the MATE part and your teammate's the YOU part",
    "double_metal": "a good robot that would be destroyed goes to its closest starting space instead",
    "404": "your robot skips the top part of the card",
    "cameo": "the robot moves through gates of another colour",
}


def abilities_info(unlocked) -> str:
    """The unlocked abilities of a seat, each with what it does (Robo Run rulebook, '7. Special Abilities')."""
    parts = [f"{ability_name(a)}: {ABILITY_TEXT.get(a, '')}" for a in sorted(unlocked)]
    return ("Unlocked abilities (cost Energy) - " + "; ".join(parts) + ".") if parts else ""


def space_info(space) -> tuple[str, str]:
    title, text = SPACE_TEXT.get(space.kind, (space.kind.replace("_", " ").title(), ""))
    if space.kind == "hazard":
        title = HAZARD_NAMES.get(space.variant or "shredder", title)
    elif space.kind in ("exit", "hidden_exit") and space.colour:
        title = f"{space.colour.capitalize()} {title}"
    elif space.kind == "number_changer" and space.value:
        title = f"{title} {space.value:+d}"
    elif space.kind in ("number_exchanger",) and space.value:
        title = f"{title} ({space.value})"
    if getattr(space, "outlined", False):
        text += " Its outline: entering it interrupts the move at once."
    return title, text


def cell_info(level, reader: ViewReader, pos) -> list[tuple[str, str]]:
    """What is on board space `pos`, top first: the robot, the tokens, then the space itself."""
    if not level.in_bounds(pos) or level.space(pos).kind == "void":
        return []
    found: list[tuple[str, str]] = []
    for _rid, colour, where in reader.robots():
        if tuple(where) == tuple(pos):
            kind = "Good" if colour in ("green", "red") else "Bad"
            text = ROBOT_TEXT.get(colour, "")
            owner = next((r.owner for r in level.robots if r.colour == colour and r.owner is not None), None)
            if owner is not None:
                text = f"{text} {abilities_info(reader.unlocked(owner))}".strip()
            found.append((f"{kind} robot: {colour.capitalize()}", text))
    for kind, where, value, _ in reader.tokens():
        if tuple(where) == tuple(pos) and kind in TOKEN_TEXT:
            title, text = TOKEN_TEXT[kind]
            found.append((f"{title} {value}" if value is not None and kind == "number" else title, text))
    found.extend(spawn_info(level, pos))
    found.append(space_info(level.space(pos)))
    return found


def spawn_info(level, pos) -> list[tuple[str, str]]:
    """The numbered red circles (issue 25: they inspected as "Floor"): where a new bad robot
    arrives after round N (Robo Run rulebook, '4.4. New Robot Phase')."""
    found = []
    for round_number, where in sorted(level.spawns.items()):
        if tuple(where) == tuple(pos):
            colour = level.support[round_number - 1] if round_number <= len(level.support) else None
            robot = f"a {colour.capitalize()} bad robot" if colour else "a bad robot"
            found.append((f"New robot space {round_number}",
                          f"After round {round_number}, {robot} from the Support space appears here. A good robot "
                          f"standing here then is destroyed (the scenario fails); if a bad robot stands here, the "
                          f"new one goes back to the supply."))
    return found


def _part(actions) -> str:
    return ", then ".join(action_text(a) for a in actions) if actions else "nothing"


def card_info(face) -> tuple[str, str]:
    """A stand card: its three parts, in the rulebook's reading order (top to bottom)."""
    dots = ", ".join(face.bottom_colours) or "no"
    return (f"Action card {face.card} ({face.side} side)",
            f"YOU: your robot moves {_part(face.top)}. MATE: your teammate's robot moves {_part(face.middle)}. "
            f"BAD: bad robots with {dots} dots move {_part(face.bottom)}.")
