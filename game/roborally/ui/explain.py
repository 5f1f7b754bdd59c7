"""What a space, a card, an upgrade or a robot is and does, in the game's words (inspect anything).

The wording follows the Robo Rally rulebook ('Board Elements', 'Programming Cards', 'Damage')
and the Chaos & Carnage rules ('Factory Floor Guide', the upgrade cards' own text).
"""
from __future__ import annotations
from game.roborally.rules import content as C
from game.roborally.rules.board import DIRS, Board

_DIR_WORDS = {"N": "up", "E": "right", "S": "down", "W": "left"}

KIND_TEXT = {
    "floor": "Floor: nothing happens here.",
    "pit": "Pit: a robot that moves or is pushed in falls and reboots (2 SPAM) and its program ends for the round.",
    "deep_pit": "Deep pit: a pit (the robot falls and reboots).",
    "belt": "Green conveyor belt: at the end of each register it moves a robot on it 1 space.",
    "express": "Blue conveyor belt: at the end of each register it moves a robot on it 2 spaces.",
    "push": "Push panel: pushes a robot 1 space in the registers printed on it.",
    "gear": "Gear: turns a robot on it 90 degrees at the end of each register.",
    "crusher": "Crusher: in the registers printed on it, a robot here is crushed and reboots.",
    "teleporter": "Teleporter: a robot here when its register is revealed teleports 2 spaces further "
                  "forward than its Move or Back Up card.",
    "randomizer": "Randomizer: a robot here when its register is revealed plays its deck's top card instead.",
    "energy": "Energy space (battery): a robot ending a register here gains 1 energy (up to 10).",
}

CARD_TEXT = {
    "move1": "Move 1: move forward 1 space.",
    "move2": "Move 2: move forward 2 spaces.",
    "move3": "Move 3: move forward 3 spaces.",
    "back": "Back Up: move back 1 space without turning.",
    "right": "Turn Right: turn 90 degrees to the right.",
    "left": "Turn Left: turn 90 degrees to the left.",
    "uturn": "U-Turn: turn around.",
    "powerup": "Power Up: gain 1 energy.",
    "again": "Again: repeat the card in your previous register.",
    "spam": "SPAM: damage. When played, the top card of your deck is played instead.",
}


def card_text(card: str) -> str:
    if C.is_haywire(card):
        return f"{C.card_name(card)}: damage played under a register instead of the card there."
    return CARD_TEXT.get(card, C.card_name(card))


def upgrade_text(upgrade: str) -> str:
    info = C.UPGRADES[upgrade]
    return f"{info['name']} ({info['type']}, costs {info['cost']} energy): {info['text']}"


def space_text(board: Board, x: int, y: int) -> str:
    """Everything on space (x, y): its kind, walls, lasers, checkpoint, start and reboot marks."""
    if not board.inside(x, y):
        return "Off the board: a robot that leaves the board reboots."
    cell = {(cx, cy): p for cx, cy, p in board.spec.get("cells", [])}.get((x, y), {"kind": "floor"})
    kind = cell.get("kind", "floor")
    text = KIND_TEXT.get(kind, kind)
    if kind in ("belt", "express", "push") and cell.get("dir"):
        way = "pushes" if kind == "push" else "runs"
        text += f" It {way} {_DIR_WORDS.get(cell['dir'], cell['dir'])}."
    if kind in ("push", "crusher") and cell.get("registers"):
        text += " Registers " + ", ".join(str(r) for r in sorted(cell["registers"])) + "."
    if kind == "gear":
        text += f" Turns {cell.get('rot', '')}."
    parts = [text]
    cp = board.checkpoint_index(x, y) + 1
    if cp:
        parts.append(f"Checkpoint {cp} of {len(board.checkpoints)}: reach them in order; the last one wins.")
    for lx, ly, d, strength in board.lasers:
        if (lx, ly) == (x, y):
            parts.append(f"Board laser firing {_DIR_WORDS[DIRS[d]]} (strength {strength}): 1 SPAM per strength "
                         "to the first robot in its beam.")
    walls = [_DIR_WORDS[DIRS[d]] for d in range(4) if board.wall_between(x, y, d)]
    if walls:
        parts.append("Wall on the " + ", ".join(walls) + " side: robots and lasers stop.")
    if tuple(board.reboot[:2]) == (x, y):
        parts.append("Reboot space: fallen robots come back here, facing any way their player picks; "
                     "the arrow shows where a robot already here is pushed.")
    for seat, (sx, sy, _d) in enumerate(board.starts):
        if (sx, sy) == (x, y):
            parts.append(f"Start space {seat + 1}.")
    return " ".join(parts)
