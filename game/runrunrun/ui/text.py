"""Words for the Run Run Run! screen: choice labels, log lines and the how-to-play pages."""
from __future__ import annotations

from game.runrunrun.rules import content as C
from game.runrunrun.rules.maze import FINAL, OPEN, distances, exits, rotate, step, vault_distances

SEAT_NAMES = ("Blue", "Orange", "Green", "Pink")
SYMBOL_NAMES = {"ankh": "Ankh", "eye": "Eye", "scarab": "Scarab"}


def mummy_name(mid: int) -> str:
    return C.card(mid)["name"]


def tile_text(t: int) -> str:
    tile = C.TILES[t]
    n = exits(tile.exits)
    bits = [f"{n} exit{'s' if n != 1 else ''}"]
    if tile.symbol:
        bits.append(SYMBOL_NAMES[tile.symbol])
    if tile.torch:
        bits.append("torch")
    if tile.sarcophagus:
        bits.append("sarc.")
    return ", ".join(bits)


def sarc_text(tok: int) -> str:
    d = C.SARCOPHAGUS[tok]
    return {"torches": f"+{d['n']} torches", "double": "double damage", "draw": f"draw {d['n']} tiles",
            "plus": f"+{d['n']} damage", "draw_torch": "draw 1 tile, +1 torch"}[d["kind"]]


# the maze's six directions (rules/maze.py DIRS: east, then counter-clockwise) as a player says them
DIR_WORDS = ("east", "north-east", "north-west", "west", "south-west", "south-east")
DIR_SHORT = ("E", "NE", "NW", "W", "SW", "SE")


def doorways_text(mask: int) -> str:
    """'doorways E, NW, SW': where a room's doorways point, in compass words."""
    return "doorways " + ", ".join(DIR_SHORT[d] for d in range(6) if mask >> d & 1)


def room_name(view, cell) -> str:
    """A room said the way a player points at it: the Vault, whoever stands there, what it holds."""
    cell = tuple(cell)
    if cell == OPEN:
        return "the Vault"
    if cell == FINAL:
        return "the Relics"
    mummies = [mummy_name(mid) for mid, c, _ in view.mummies if tuple(c) == cell]
    if mummies:
        return " and ".join(mummies)
    if tuple(view.pos[view.seat]) == cell:
        return "your room"
    cats = [SEAT_NAMES[s] for s, p in enumerate(view.pos) if tuple(p) == cell]
    if cats:
        return f"{cats[0]}'s room"
    tile = next((t for c, t, _ in view.tiles if tuple(c) == cell), None)
    if tile is None or tile < 0:
        return "an open spot"
    t = C.TILES[tile]
    if t.symbol:
        return f"the {SYMBOL_NAMES[t.symbol]} room"
    if t.sarcophagus:
        return "the sarcophagus room"
    return f"the {exits(t.exits)}-exit room"


def _landmark(view, cell) -> str:
    """'north-east of the Vault': an open spot named by the room whose doorway leads into it (the
    Vault first, then a room with someone in it, then any)."""
    cell = tuple(cell)
    joins = []
    for d in range(6):
        n = step(cell, d)
        mask = view.masks.get(n)
        if mask is not None and mask >> ((d + 3) % 6) & 1 and n != FINAL:
            name = room_name(view, n)
            rank = 0 if n == OPEN else 1 if not name.startswith("the ") else 2
            joins.append((rank, d, name))
    if not joins:
        return "beside the maze"
    _, d, name = min(joins)
    return f"{DIR_WORDS[(d + 3) % 6]} of {name}"


def _where(view, cell) -> str:
    """'Mummy 3, 4 rooms from the Vault' / 'the Ankh room, 2 rooms from the Vault'."""
    vd = vault_distances(view.masks).get(tuple(cell))
    name = room_name(view, cell)
    if vd is None or tuple(cell) == OPEN:
        return name
    return f"{name}, {vd} room{'s' if vd != 1 else ''} from the Vault"


def _walk_cost(view, cell) -> str:
    d = distances(view.masks, tuple(view.pos[view.seat])).get(tuple(cell))
    if d is None:
        return ""
    paid = max(0, d - 3)
    return f" ({d} room{'s' if d != 1 else ''}" + (f", burns {paid} deck tile{'s' if paid > 1 else ''})" if paid else ")")


def choice_label(choice, view) -> str:
    k, a = choice.kind, choice.args
    phase = view.phase
    if k == "cell":
        paid = max(0, dict(dict(view.ctx).get("rooms", ())).get((a[0], a[1]), 0) - 3)
        return f"Place it {_landmark(view, (a[0], a[1]))}" + (f" (burns {paid} deck)" if paid else "")
    if k == "rot":
        x = dict(view.ctx)
        tile = x.get("tile")
        if tile is None:
            return f"Turn the room ({a[0]})"
        return f"Turn: {doorways_text(rotate(C.TILES[tile].exits, a[0]))}"
    if k == "to":
        cell = (a[0], a[1])
        if phase == "move_dest":
            if cell == tuple(view.pos[view.seat]):
                return "Stay where you are"
            return f"Walk to {_where(view, cell)}{_walk_cost(view, cell)}"
        if phase == "fight_dest":
            return f"Fight {room_name(view, cell)}{_walk_cost(view, cell)}"
        if phase == "passage_dest":
            return f"Passage to {_where(view, cell)}"
        if phase == "mummy_path":
            mid = dict(view.ctx).get("mid")
            who = mummy_name(mid) if mid is not None else "The Mummy"
            return f"{who} goes on to {room_name(view, cell)}"
        if phase == "place_mummy":
            vd = vault_distances(view.masks).get(cell, 0)
            return f"Wake it in {room_name(view, cell)} ({vd} from the Vault)"
        return f"Go to {_where(view, cell)}"
    if k == "mark":
        cell = (a[0], a[1])
        if any(tuple(c) == cell for c, _, _ in view.tiles):
            return f"Reserve {_where(view, cell)}"
        return f"Reserve the open spot {_landmark(view, cell)}"
    if k == "lure":
        frm = next((tuple(c) for mid, c, _ in view.mummies if mid == a[0]), None)
        way = next((DIR_WORDS[d] for d in range(6) if frm is not None and step(frm, d) == (a[1], a[2])), "away")
        return f"Lure {mummy_name(a[0])} {way}, away from the Vault"
    if k == "explore":
        return f"Place a room: {tile_text(a[0])}"
    if k == "move":
        return "Move only (no tile)"
    if k == "fight":
        return "Fight a Mummy"
    if k == "cooperate":
        return f"Cooperate: regroup ({view.regroup_left} tokens left)"
    if k == "sarc":
        return f"Use sarcophagus: {sarc_text(view.sarc[view.seat][a[0]])}"
    if k == "passage":
        return f"Secret passage (spend {sarc_text(view.sarc[view.seat][a[0]])})"
    if k == "say":
        return f'Say: "{C.SAY_LINES[a[0]]}"'
    if k == "commit":
        n = C.TILES[a[0]].strength
        return f"Discard it for {n} {'die' if n == 1 else 'dice'}: {tile_text(a[0])}"
    if k == "boost":
        return f"Use sarcophagus: {sarc_text(view.sarc[view.seat][a[0]])}"
    if k == "roll":
        return f"Roll {dict(view.ctx).get('dice', 0)} combat dice"
    if k == "accept":
        return "Keep the dice"
    if k == "reroll":
        n = bin(a[0]).count("1")
        which = [i for i in range(len(view.combat)) if a[0] >> i & 1]
        dice = ",".join(str(i + 1) for i in which)
        return f"Reroll die {dice}: {n} torch{'es' if n > 1 else ''}"
    if k == "hit":
        return f"Damage {mummy_name(a[0])}"
    if k == "end":
        return "End the turn (draw a tile)"
    if k == "no_lure":
        return "No lure"
    if k == "discard_from":
        return f"{SEAT_NAMES[a[0]]} discards a random tile"
    if k == "join":
        return "Join the regroup (free move)"
    if k == "stay":
        return "Stay where you are"
    if k == "draw_for":
        return f"{SEAT_NAMES[a[0]]} draws the tile"
    if k == "offer":
        return f"Offer: {tile_text(a[0])}"
    if k == "pass_sarc":
        return f"Give sarcophagus {sarc_text(view.sarc[view.seat][a[0]])} to {SEAT_NAMES[a[1]]}"
    if k == "offer_done":
        return "Done offering"
    if k == "give":
        return f"Give {tile_text(a[0])} to {SEAT_NAMES[a[1]]}"
    return repr(choice)


def plural(n: int, word: str) -> str:
    """'1 torch', '3 torches', '1 exit', '2 exits'."""
    return f"{n} {word}" if n == 1 else f"{n} {word}{'es' if word.endswith(('ch', 'sh', 's')) else 's'}"


def standing_lines(view) -> list[str]:
    """Where the game stands, for the log of a resumed game: whose turn, the doors and the Boss, the
    torches and the deck, the Mummy closest to the Relics."""
    lines = [f"Game resumed: turn {view.turn + 1}, {SEAT_NAMES[view.active]} to play"]
    boss = next(((mid, h) for mid, _, h in view.mummies if mid in C.BOSSES), None)
    if boss:
        state = f"the Boss is awake ({boss[1]} Hearts left)"
    elif view.boss_awake:
        state = "the Boss is beaten"
    else:
        state = f"the Boss wakes at {view.doors_needed}"
    lines.append(f"Doors {view.doors_done}/{view.doors_needed}, {state}; {plural(view.supply, 'torch')}, "
                 f"{view.deck_count} tiles in the deck, {view.regroup_left} Regroups left")
    vd = vault_distances(view.masks)
    roaming = sorted((vd.get(tuple(c), 99), mid, h) for mid, c, h in view.mummies if mid not in C.BOSSES)
    if roaming:
        d, mid, h = roaming[0]
        where = "at the Vault's door!" if d == 0 else f"{d} room{'s' if d != 1 else ''} from the Vault"
        more = f" ({len(roaming) - 1} more in the maze)" if len(roaming) > 1 else ""
        lines.append(f"{mummy_name(mid)} is {where}, {h} Hearts{more}")
    elif not view.boss_awake:
        lines.append(f"No Mummy in the maze; the next wakes after {5 - view.top_hearts} more Hearts")
    return lines


PROMPTS = {
    "action": "Explore, move, fight or regroup?",
    "explore_cell": "Pick a green spot for the room",      # a prompt names no key: read with every device
    "explore_rot": "Pick how the room turns to place it",
    "move_dest": "Pick a room to move to",
    "fight_dest": "Pick the Mummy's room",
    "passage_dest": "Secret passage: pick any room",
    "fight_commit": "Discard tiles for dice, then roll",
    "fight_reroll": "Reroll with torches, or keep",
    "hit": "Split the damage",
    "lure": "Lure a Mummy away?",
    "mummy_path": "Tie! Pick the Mummy's way",
    "place_mummy": "Place the Mummy far away",
    "discard_from": "Who discards a random tile?",
    "join": "A regroup: join it?",
    "draw_for": "Who draws this tile?",
    "offer": "Offer up to two tiles",
    "give": "Share the exchanged tiles",
    "post": "Use a sarcophagus, or end the turn",
}


# the phone shows no maze: where a prompt points at the maze's marks, the phone's choices say it
PHONE_PROMPTS = {"explore_cell": "Pick where the room goes"}


def phone_prompt(view, choices: list) -> str | None:
    """What the phase asks, as the side panel prompts it, for the table's phone page."""
    return PHONE_PROMPTS.get(view.phase) or PROMPTS.get(view.phase)


LOSSES = {"mummy_reached_relics": "A Mummy reached the Relics. Defeat.",
          "boss_reached_relics": "The Boss reached the Relics. Defeat.",
          "darkness_curse": "In the dark, a Mummy broke into the Relics. Defeat."}


def ending_words(result: dict) -> str | None:
    """How the game ended (a Result in JSON form) as the log says it, for the table's phone page."""
    if result.get("winners"):
        return f"Victory! Rating: {result.get('cause')}" if result.get("cause") else "Victory!"
    return LOSSES.get(str(result.get("cause")), "Defeat")


def log_line(e: dict) -> str | None:
    t = e["type"]
    who = SEAT_NAMES[e["seat"]] if "seat" in e and e["seat"] is not None else ""
    if t == "mummy_roll":
        n = e["dice"].count("mummy")
        return f"Mummy dice: {n} mummy symbol{'s' if n != 1 else ''} of {e['power']}"
    if t == "place":
        return f"{who} explores a new room"
    if t == "move" and e["rooms"]:
        return f"{who} moves {e['rooms']} room{'s' if e['rooms'] != 1 else ''}" + (f" (paid {e['paid']} from the deck)" if e["paid"] else "")
    if t == "light":
        return f"A torch lights the room ({e['supply']} left)"
    if t == "dark":
        return "No torch left! " + ("A Heart goes on the next Mummy" if e["effect"] == "heart" else "The Mummies advance")
    if t == "wake":
        return f"{mummy_name(e['mummy'])} awakens!"
    if t == "mummy_placed":
        return f"{mummy_name(e['mummy'])} enters the maze with {e['hearts']} hearts"
    if t == "torch_mechanism":
        return f"Torch Mechanism: +5 torches ({e['supply']})"
    if t == "door_token":
        return f"Door Mechanism {e['doors']}! Trap: {e['tiles']} tiles, {e['torches']} torches, {e['hearts']} hearts"
    if t == "boss_wake":
        return f"The {mummy_name(e['boss'])} wakes! No new Mummy will enter."
    if t == "combat_roll":
        return f"{who} rolls: {', '.join(e['dice'])}"
    if t == "reroll":
        return f"Reroll for {e['torches']} torches: {', '.join(e['dice'])}"
    if t == "hit":
        return f"{mummy_name(e['mummy'])} loses {e['damage']} ({e['hearts']} left)"
    if t == "eliminated":
        return f"{mummy_name(e['mummy'])} is eliminated"
    if t == "lure":
        return f"{who} lures {mummy_name(e['mummy'])} away"
    if t == "sarc_draw":
        return f"{who} opens a sarcophagus: {sarc_text(e['token'])}"
    if t == "sarc_used":
        return f"{who} uses a sarcophagus ({e['kind']})"
    if t == "passage":
        return f"{who} takes a secret passage"
    if t == "cooperate":
        return f"{who} calls a regroup"
    if t == "join":
        return f"{who} joins the regroup"
    if t == "regroup_token":
        return f"Regroup token: +{e['torches']} torches, {e['tiles']} tiles"
    if t == "random_discard":
        return f"{who} discards a random tile"
    if t == "torch_loss":
        return f"{e['torches']} torches lost"
    if t == "say":
        return f'{who}: "{e["text"]}"'
    if t == "mark":
        return f"{who} reserves a room"
    if t == "won":
        return f"Victory! Rating: {e['rating']}"
    if t == "lost":
        return LOSSES.get(e["cause"], "Defeat")
    if t == "turn":
        return None
    return None


HOW_TO_PLAY = [
    ("Goal", "Wake the Boss Mummy by completing the Door Mechanisms (3 standard, 4 difficult, 5 insane), "
             "then eliminate the Boss and every Mummy. You all lose at once if any Mummy walks from the "
             "Vault's open room into the Pharaoh's Relics (the gold room)."),
    ("Each turn", "First the Mummy dice roll (one die, plus one per Mummy with the extra-die symbol). Each "
                  "Mummy symbol moves every Mummy one room along the shortest way to the Vault and puts a "
                  "Heart on the next Mummy card: the fifth Heart wakes it. A Mummy entering the Vault stops; "
                  "if it moves again, the curse falls. Then you explore, fight or cooperate, and draw a tile."),
    ("Explore", "Place a tile from your hand so it joins a doorway and has a doorway back to every doorway "
                "that leads into its spot; walk there (three rooms free, each extra room burns a tile from "
                "the draw deck). A room without a torch symbol takes a torch; with none left a Heart goes on "
                "the next Mummy. Three adjacent rooms with the same symbol give five torches; with three "
                "different symbols they work a Door Mechanism, with a trap."),
    ("Fight", "Walk to a Mummy (stop at the first one), discard tiles: each exit is one Combat die (max 6). "
              "Hits remove Hearts; the question mark is your Catventurer's ability; a tile face draws; a "
              "footprint lures a Mummy (not a Boss) one room away from the Vault. Once per fight, each torch "
              "rerolls one die."),
    ("Cooperate", "Three times a game: partners may join you for free, the Regroup token gives torches or "
                  "tiles, and everyone who joined may put up to two tiles in a pool to share out."),
    ("Table talk", "Say your plan with one of the intention lines and mark a room you want to keep: AI "
                   "partners read both. Nobody ever sees another player's tiles."),
    ("Controls", "Up/Down or the mouse pick a choice, Enter confirms, clicking a highlighted room picks it, "
                 "Left/Right turn a tile, Tab (or pointing) shows what any room, Mummy, tile or card is, Z undoes "
                 "your last choice when nothing was revealed, P pauses."),
]


# ---------------------------------------------------------------------------- inspect anything
ABILITY_TEXT = {"draw": "its question mark draws a tile", "sarc": "its question mark draws a Sarcophagus token",
                "torch": "its question mark adds a torch to the supply", "damage": "its question mark is 1 more damage"}


def mummy_text(mid: int, hearts: int) -> str:
    """What a Mummy or Boss card does, in the rulebook's words ('The Mummies', 'The Boss Mummies')."""
    card = C.card(mid)
    bits = [f"{card['name']}: {hearts} Hearts left."]
    if card.get("extra_die"):
        bits.append("Adds a Mummy die while it is in the maze.")
    if card.get("extra_move"):
        bits.append(f"Moves {card['extra_move']} extra room{'s' if card['extra_move'] > 1 else ''} each Mummies' turn.")
    if card.get("wake_discard_tiles"):
        bits.append(f"On waking, the group discards {card['wake_discard_tiles']} random tiles.")
    if card.get("wake_discard_torches"):
        bits.append(f"On waking, {card['wake_discard_torches']} torches are lost.")
    if card.get("no_lure") or mid >= 10:
        bits.append("Cannot be lured.")
    if card.get("no_ability"):
        bits.append("Question marks do nothing while it is in play.")
    bits.append("It walks the shortest way to the Vault.")
    return " ".join(bits)


def tile_long_text(t: int) -> str:
    """A room tile in full: exits (its Combat Strength), symbol, torch, sarcophagus."""
    tile = C.TILES[t]
    bits = [f"Room with {exits(tile.exits)} exits (worth {tile.strength} combat dice when discarded)."]
    if tile.symbol:
        bits.append(f"{SYMBOL_NAMES[tile.symbol]} symbol: three in a triangle work a mechanism.")
    bits.append("Has its own torch." if tile.torch else "Needs a torch from the supply when placed.")
    if tile.sarcophagus:
        bits.append("Sarcophagus: placing it draws a Sarcophagus token.")
    return " ".join(bits)


def cell_text(view, cell) -> str:
    """What is in a room (or an open spot) of the maze, for pointing or tabbing at it."""
    cell = tuple(cell)
    tiles = {tuple(c): t for c, t, _ in view.tiles}
    if cell == FINAL:
        out = ["The Pharaoh's Relics: if a Mummy moves in here from the Vault, everyone loses."]
    elif cell == OPEN:
        out = ["The Pharaoh's Vault, open room: a Mummy entering stops; if it moves again it reaches the Relics."]
    elif cell in tiles:
        out = [tile_long_text(tiles[cell])]
    else:
        out = ["An open doorway: a new room can be explored here."]
    for mid, c, hearts in view.mummies:
        if tuple(c) == cell:
            out.append(mummy_text(mid, hearts))
    cats = [SEAT_NAMES[s] for s, p in enumerate(view.pos) if tuple(p) == cell]
    if cats:
        out.append(f"Here: {', '.join(cats)}.")
    for seat, c in view.marks:
        if tuple(c) == cell:
            out.append(f"Reserved by {SEAT_NAMES[seat]}.")
    for tri in view.torch_tris:
        if cell in {tuple(c) for c in tri}:
            out.append("Part of a used Torch Mechanism.")
    for tri in view.door_tris:
        if cell in {tuple(c) for c in tri}:
            out.append("Part of a used Door Mechanism.")
    return " ".join(out)


def cat_text(view, seat: int) -> str:
    cat = C.CATS[view.cats[seat]]
    return (f"{SEAT_NAMES[seat]} plays {cat['name']}: {ABILITY_TEXT[cat['ability']]}. "
            f"Holds {view.hand_counts[seat]} tiles (face down) and {len(view.sarc[seat])} Sarcophagus tokens.")


def die_text(face: str) -> str:
    return {"hit": "Hit: removes one Heart.", "ability": "Question mark: your Catventurer's ability.",
            "draw": "Tile: draw a room tile.", "lure": "Footprint: lure a Mummy one room away from the Vault.",
            "mummy": "Mummy symbol: every Mummy moves one room and a Heart goes on the next Mummy card.",
            "blank": "Blank: nothing happens."}.get(face, face)


# ---------------------------------------------------------------------------- first-game tutorial
TUTORIAL_PAGES = (
    ("Welcome to the pyramid",
     "You are Catventurers, all on one side. Keep every Mummy out of the Pharaoh's Relics (the gold room), "
     "work the Door Mechanisms to wake the Boss, then eliminate the Boss and every Mummy.", "maze"),
    ("Your tiles",
     "Your hand of room tiles is both the maze and your fighting strength: place one to explore, or discard "
     "them in a fight, each exit giving one combat die (six at most).", "tile"),
    ("The Mummies move first",
     "Each turn starts with the Mummy dice. Each Mummy symbol moves every Mummy one room toward the Vault "
     "and adds a Heart to the next Mummy card. A Mummy in the Vault's open room must be beaten before it "
     "moves again.", "mummy"),
    ("Triangles",
     "Three rooms in a triangle with the same symbol give five torches; with three different symbols they "
     "work a Door Mechanism (with a trap). The last Door wakes the Boss.", "symbols"),
    ("Controls",
     "Up/Down pick a choice, Enter confirms, click a highlighted room to pick it. Point at (or Tab to) any "
     "room, Mummy, tile or card to see what it is. Z undoes, P pauses and shows how to play.", "dice"),
)

PHASE_TIPS = {
    "action": "Tip: explore to grow the maze toward triangles, or fight a Mummy near the Vault.",
    "explore_cell": "Tip: green spots are where this room can join the maze within your reach.",
    "explore_rot": "Tip: Left/Right turn the room; the ghost shows where its doorways go.",
    "fight_commit": "Tip: each discarded tile gives one die per exit, six dice at most.",
    "fight_reroll": "Tip: each torch rerolls one die; mark dice one by one, then reroll them.",
    "place_mummy": "Tip: place a waking Mummy as far from the Vault as you can.",
    "join": "Tip: joining moves you for free to the player who called the regroup.",
}
