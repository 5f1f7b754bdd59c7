"""A Robo Rally choice outside the program hand in words, with a line that explains it: the race
screen's menu (race_scene) and the table's phone page (game/client/table_words.py) say the same."""
from __future__ import annotations

from game.roborally.rules import content as C
from game.roborally.ui.board_view import ROBOT_NAMES
from game.roborally.ui.playback import DIRECTION_NAMES


def choice_words(c) -> tuple[str, str]:
    """(label, detail) of a menu choice: an upgrade, a laser, a Haywire, a reboot facing."""
    if c.kind == "install":
        card, _, old = str(c.arg).partition(":")
        u = C.UPGRADES[card]
        label = f"Install {u['name']} ({u['cost']} E, {u['type']})"
        if old:
            label = f"Install {u['name']} ({u['cost']} E) for {C.UPGRADES[old]['name']}"
        return label, u["text"] + (f" Uninstalls your {C.UPGRADES[old]['name']}." if old else "")
    if c.kind == "draw":
        return (f"Draw an upgrade card ({C.UPGRADE_DRAW_COST} E)",
                "Once per upgrade phase. You may install one upgrade each upgrade phase, paying its cost.")
    if c.kind == "pass":
        return "Done upgrading", "Keep your energy and go on to programming."
    if c.kind == "fire":
        if c.arg == "main":
            return "Fire main laser", "Shoot straight ahead."
        if c.arg == "stun":
            return "Stun (instead of the laser)", C.UPGRADES["stun"]["text"]
        t = int(c.arg.split(":")[1])
        return f"Indirect Fire at {ROBOT_NAMES[t]} (1 energy)", C.UPGRADES["indirect_fire"]["text"]
    if c.kind == "haywire":
        if c.arg == 0:
            return ("Discard the Haywire",
                    "This register already has a Haywire under it, so without Controlled Chaos the new "
                    "one goes to the damage discard.")
        return f"Haywire under register {c.arg}", C.UPGRADES["controlled_chaos"]["text"]
    if c.kind == "facing":
        return (f"Face {DIRECTION_NAMES[c.arg]}",
                "Rebooted: turn your robot to face any way (the arrow only pushes robots off the "
                "reboot space). Arrow keys point it.")
    return f"{c.kind} {c.arg}", ""


def choice_label(c, view=None) -> str | None:
    """The phone page's words for a choice (None for a program card: the page names it by the card)."""
    return None if c.kind == "card" else choice_words(c)[0]


PHASE_PROMPTS = {"upgrade": "Upgrade phase: draw or install an upgrade, or be done",
                 "fire": "Fire your laser", "haywire": "Put your Haywire card under a register",
                 "reboot_facing": "Rebooted: choose which way your robot faces"}


def phone_prompt(view, choices: list) -> str | None:
    """What the phase asks of this seat, for the table's phone page (game/client/table_words.py)."""
    if view.phase == "program":
        regs = list(getattr(view, "regs", None) or ())
        empty = next((i for i, card in enumerate(regs) if card is None), None)
        return f"Program register {empty + 1} of {len(regs)}: tap a card" if empty is not None else "Program your registers"
    return PHASE_PROMPTS.get(view.phase)
