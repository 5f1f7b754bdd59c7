"""The Run Run Run! table's side panel: everything beside the maze (a function of the PlayScene)."""
from __future__ import annotations

import math
import random

import pygame

from game.client import theme
from game.client.text import draw_fit
from game.client.widgets import panel
from game.runrunrun import rules as R
from game.runrunrun.rules import content as C

from . import render as V
from .text import PROMPTS, SEAT_NAMES, cat_text, die_text, mummy_text, plural, tile_long_text

SIDE_X = 892                            # the panel's left edge (logical pixels; the maze is left of it)


def draw_side(scene, surface, view, rows, focus, human_turn) -> None:
    """The side panel: supply, mechanisms, stacks, the Mummy pile and Boss card, every seat, the dice,
    the viewer's tiles, and the prompt with its choices (their rects go to scene.list_rects)."""
    x0, w = SIDE_X, theme.WIDTH - SIDE_X - 10
    bottom = 674
    panel(surface, pygame.Rect(x0 - 6, 6, w + 12, bottom - 6), fill=(30, 26, 24), edge=(90, 74, 54), radius=10)

    def fit(text, rect, size="tiny", colour=theme.TEXT, **kw):
        return draw_fit(surface, text, pygame.Rect(rect), size, colour, wrap=False, **kw)

    fit(f"Run Run Run!  {view.difficulty}", (x0 + 4, 12, w - 96, 24), "small", theme.ACCENT, bold=True)
    fit(f"turn {view.turn + 1}", (x0 + w - 90, 14, 86, 20), "tiny", theme.TEXT_DIM, align="right")
    # shared supply, mechanisms, stacks
    y = 46
    V.draw_torch(surface, (x0 + 14, y + 10), 12)
    fit(plural(view.supply, "torch"), (x0 + 28, y, 112, 19))
    scene.spots.append((pygame.Rect(x0, y, 140, 22), f"The shared torch supply: {view.supply}. A room without a "
                       "torch symbol takes one when placed; each torch rerolls one die in a fight."))
    V.draw_mechanism(surface, (x0 + 150, y + 10), "door", 36)
    fit(f"doors {view.doors_done}/{view.doors_needed}", (x0 + 164, y, 118, 19))
    scene.spots.append((pygame.Rect(x0 + 140, y, 144, 22), f"Door Mechanisms worked: {view.doors_done} of "
                       f"{view.doors_needed}. Three different symbols in a triangle work one; the last wakes the Boss."))
    V.draw_mechanism(surface, (x0 + 290, y + 10), "torch", 36)
    fit(f"{view.torch_left} left", (x0 + 304, y, w - 304, 19))
    scene.spots.append((pygame.Rect(x0 + 284, y, w - 284, 22), f"Torch Mechanisms left: {view.torch_left}. "
                       "Three identical symbols in a triangle give five torches."))
    y += 26
    fit(f"Regroup tokens {view.regroup_left}   Deck {view.deck_count}   Discard {view.discard_count}",
        (x0 + 4, y, w - 8, 19), colour=theme.TEXT_DIM)
    scene.spots.append((pygame.Rect(x0, y, w, 22), f"Cooperate can be called {view.regroup_left} more times. "
                       f"The draw deck holds {view.deck_count} tiles; each room walked beyond three burns one."))
    y += 24
    # the Mummy pile (face down, Hearts on the top card) and the Boss card
    card = pygame.Rect(x0 + 4, y, 26, 34)
    for k in range(min(3, view.pile_count)):
        r = card.move(k * 3, -k * 2)
        pygame.draw.rect(surface, (90, 70, 50), r, border_radius=4)
        pygame.draw.rect(surface, V.MUMMY, r, 2, border_radius=4)
    if view.boss_awake:
        fit("Mummy pile gone", (x0 + 44, y + 2, 140, 19), colour=theme.TEXT_DIM)
    else:
        fit(f"Mummy pile {view.pile_count}", (x0 + 44, y, 140, 19))
        for k in range(5):
            centre = (x0 + 52 + k * 16, y + 26)
            colour = (220, 40, 60) if k < view.top_hearts else (70, 60, 60)
            pygame.draw.circle(surface, colour, centre, 6)
    scene.spots.append((pygame.Rect(x0, y - 4, 180, 40), f"The Mummy pile: {view.pile_count} cards face down. "
                       f"The top card has {view.top_hearts} of 5 Hearts; the fifth wakes that Mummy."))
    boss_card = pygame.Rect(x0 + 190, y, 26, 34)
    pygame.draw.rect(surface, V.BOSS if view.boss_awake else (60, 40, 80), boss_card, border_radius=4)
    pygame.draw.rect(surface, theme.TEXT_DIM, boss_card, 2, border_radius=4)
    if view.boss_awake:
        boss = C.BOSSES[view.boss]
        fit(boss["name"].replace("Boss Mummy ", "Boss "), (x0 + 222, y, w - 222, 19), colour=V.BOSS, bold=True)
        fit("awake", (x0 + 222, y + 18, w - 222, 19), colour=theme.TEXT_DIM)
        hearts = next((h for m, _, h in view.mummies if m == view.boss), 0)
        scene.spots.append((pygame.Rect(x0 + 186, y - 4, w - 186, 40), mummy_text(view.boss, hearts)))
    else:
        fit("?", boss_card, "small", theme.TEXT, align="center", valign="middle", bold=True)
        fit("Boss card", (x0 + 222, y, w - 222, 19), colour=theme.TEXT_DIM)
        fit(f"wakes at {view.doors_needed} doors", (x0 + 222, y + 18, w - 222, 19), colour=theme.TEXT_DIM)
        scene.spots.append((pygame.Rect(x0 + 186, y - 4, w - 186, 40), "The Boss Mummy card, face down: it wakes "
                           f"with the Door Mechanism number {view.doors_needed}; then the Mummy pile leaves."))
    y += 42
    # seats
    short = {"draw": "draws a tile", "sarc": "draws a sarcophagus", "torch": "adds a torch", "damage": "+1 damage"}
    for seat in range(view.players):
        col = V.SEAT_COLOURS[seat]
        cat = C.CATS[view.cats[seat]]
        who = "you" if seat in scene.humans else "table" if scene.at_table else f"AI {scene.ai_level}"
        top = y
        pygame.draw.circle(surface, col, (x0 + 10, y + 10), 7)
        if seat == view.active:
            pygame.draw.circle(surface, theme.ACCENT, (x0 + 10, y + 10), 10, 2)
        icons = min(8, view.hand_counts[seat])
        fit(f"{SEAT_NAMES[seat]} ({who}): {cat['name']}", (x0 + 22, y, w - 30 - icons * 11, 19),
            colour=theme.ACCENT if seat == view.active else theme.TEXT, bold=seat == view.active)
        for k in range(icons):      # tiles face down: only counts show
            cx, cy = x0 + w - 8 - k * 11, y + 9
            pts = [(cx + 6 * math.cos(math.radians(60 * i - 30)), cy + 6 * math.sin(math.radians(60 * i - 30)))
                   for i in range(6)]
            pygame.draw.polygon(surface, (110, 86, 60), pts)
            pygame.draw.polygon(surface, col, pts, 1)
        y += 19
        toks = len(view.sarc[seat])
        extra = f"{view.hand_counts[seat]} tiles, ? {short[cat['ability']]}" + (f", {toks} sarcophagus" if toks else "")
        fit(extra, (x0 + 22, y, w - 26, 19), colour=theme.TEXT_DIM)
        y += 19
        said = dict(view.said).get(seat)
        if said is not None:
            fit(f'"{C.SAY_LINES[said]}"', (x0 + 22, y, w - 26, 19), colour=col)
            y += 19
        scene.spots.append((pygame.Rect(x0, top, w, y - top), cat_text(view, seat)))
    y += 4
    # dice
    faces = list(view.dice) + ([None] if view.combat else []) + list(view.combat)
    tumbling = TUMBLING if scene.rolling else None
    if scene.rolling:   # the rolled dice's squares stay empty here: the overlay tumbles them
        in_air = [tumbling] * len(scene.rolling[0])
        faces = in_air if scene.rolling[1] == "mummy_roll" else list(view.dice) + [None] + in_air
    scene.tumbling_dice = []
    dx = x0 + 4
    fit("Dice", (dx, y + 6, 42, 19), colour=theme.TEXT_DIM)
    dx += 44
    combat_i = None
    mask = focus.args[0] if isinstance(focus, R.engine.Choice) and focus.kind == "reroll" else scene.reroll_mask
    for f in faces[:10]:
        if f is None:
            dx += 6
            combat_i = 0
            continue
        rect = pygame.Rect(dx, y, 30, 30)
        if f is tumbling:
            scene.tumbling_dice.append(rect)
        else:
            V.draw_die(surface, rect, f)
            scene.spots.append((rect, die_text(f)))
        if combat_i is not None:
            if mask >> combat_i & 1:
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(6, 6), 3, border_radius=8)
            if isinstance(focus, tuple) and focus[0] == "die" and focus[1] == combat_i:
                pygame.draw.rect(surface, theme.TEXT, rect.inflate(10, 10), 2, border_radius=9)
            combat_i += 1
        dx += 32
    y += 38
    # the viewer's hand, face up only for the seat deciding (or the spectated seat)
    fit(f"{SEAT_NAMES[scene.viewer]}'s tiles", (x0 + 4, y, w - 8, 19), colour=V.SEAT_COLOURS[scene.viewer])
    y += 20
    hx = x0 + 4
    # as large as the row allows (64 logical pixels, 40 on the 800x480 screen, for a short hand)
    size = max(40, min(64, (w - 8) // max(1, min(8, len(view.hand))) - 4))
    for t in view.hand[:8]:
        focused = isinstance(focus, R.engine.Choice) and focus.kind in ("explore", "commit", "offer") and focus.args[0] == t
        rect = pygame.Rect(hx, y, size, size + 4)
        V.draw_tile_icon(surface, rect, t, focused)
        scene.spots.append((rect, tile_long_text(t)))
        hx += size + 4
    if scene.hides_hands:                # a networked table's TV: the count, never the faces
        fit(f"{view.hand_counts[scene.viewer]} tiles, face down", (x0 + 10, y + 12, w - 20, 19), colour=theme.TEXT_DIM)
    elif not view.hand:
        fit("(no tiles)", (x0 + 10, y + 12, w - 20, 19), colour=theme.TEXT_DIM)
    y += size + 10
    # prompt and choices
    scene.list_rects = []
    if scene.session.is_over():
        res = R.result(scene.state)
        text = "Victory! " + (res.cause or "").title() if res.outcome == "won" else "Defeat"
        fit(text, (x0 + 4, y, w - 8, 44), "large", theme.GOOD if res.outcome == "won" else theme.BAD, bold=True)
        return
    cur = scene.session.current_seat()
    if not human_turn:
        fit(scene.waiting_text(cur, view), (x0 + 4, y, w - 8, 24), "small", V.SEAT_COLOURS[cur])
        return
    prompt = PROMPTS.get(view.phase, view.phase)
    if scene.submenu == "say":
        prompt = "Say your plan to the table"
    if scene.prompt_override:
        prompt = scene.prompt_override
    fit(prompt, (x0 + 4, y, w - 8, 24), "small", theme.ACCENT, bold=True)
    y += 26
    if view.phase == "action" and "mark" not in view.talked:
        fit("Click a room to mark it reserved", (x0 + 4, y, w - 8, 19), colour=theme.TEXT_DIM)
        y += 20
    per_page = max(1, (bottom - 4 - y) // 30)
    start = max(0, min(scene.focus - per_page // 2, len(rows) - per_page))
    for i, row in enumerate(rows[start:start + per_page]):
        index = start + i
        rect = pygame.Rect(x0, y, w, 28)
        focused = index == scene.focus
        if focused:
            pygame.draw.rect(surface, theme.ACCENT, rect, border_radius=6)
        fit(scene._row_label(row, view), rect.inflate(-16, -2), "small", theme.BG if focused else theme.TEXT,
            valign="middle", bold=focused, focused=focused)
        while len(scene.list_rects) < index:
            scene.list_rects.append(pygame.Rect(0, 0, 0, 0))
        scene.list_rects.append(rect)
        y += 30


TUMBLING = object()     # a die square left empty on the cached table layer while the roll tumbles


def draw_tumbling_dice(surface, scene) -> None:
    """The dice of a roll in the air, drawn over the cached table layer each frame: random faces
    that change 30 times a second (the table itself is not drawn again for them: issue 26)."""
    if not scene.rolling:
        return
    rng = random.Random(int(scene.t * 30))
    pool = C.MUMMY_DIE if scene.rolling[1] == "mummy_roll" else C.COMBAT_DIE
    for rect in scene.tumbling_dice:
        V.draw_die(surface, rect, rng.choice(pool))
