"""How to play ROBOMissions: short pages whose pictures are real cards and robots.

Every picture is drawn by the table's own code (card_sprites faces, table_render robots with
their HP bars), so what the pages show is what the table shows. The words follow the
ROBOMissions rulebook ('Taking Turns', 'Attacking! Pew Pew!', 'Meet the Robots!', 'Power Up
with Batteries!', 'How to Win: Last One Standing', 'What if the Deck Runs Out?').

    how_to_play_scene(opaque)  the pages (game set-up menu and pause menu)
    tutorial_scene()           the first-game tutorial over the table (shown once)
"""
from __future__ import annotations

from functools import lru_cache
from types import SimpleNamespace

import pygame

from game.client import theme, tutorials
from game.client.menus import HowToPage as Page
from game.client.menus import HowToPlayScene
from game.client.text import draw_fit
from game.client.widgets import draw_text
from game.robomissions.rules.cards import CardDef, build_deck, default_cards
from game.robomissions.rules.engine import GAME_ID
from game.robomissions.rules.view import RobotView
from game.robomissions.ui import card_sprites as sprites
from game.robomissions.ui import table_render as render

__all__ = ["how_to_play_scene", "tutorial_scene", "tutorial_due", "PAGES", "TUTORIAL"]


@lru_cache(maxsize=1)
def _deck() -> tuple[CardDef, ...]:
    return build_deck(default_cards())


def _uid(key: str) -> int:
    return next(i for i, card in enumerate(_deck()) if card.key == key)


def _card(key: str) -> CardDef:
    return _deck()[_uid(key)]


# ---------------------------------------------------------------- pictures
def _faces(keys: tuple[str, ...]):
    """Card faces side by side, as large as the picture allows (hand size at most)."""
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        rows = [keys] if len(keys) <= 3 else [keys[:(len(keys) + 1) // 2], keys[(len(keys) + 1) // 2:]]
        per_row = max(len(row) for row in rows)
        w = min(sprites.HAND_SIZE[0], (rect.width - 12 * (per_row - 1)) // per_row,
                (rect.height - 10 * (len(rows) - 1)) // len(rows) * sprites.HAND_SIZE[0] // sprites.HAND_SIZE[1])
        h = w * sprites.HAND_SIZE[1] // sprites.HAND_SIZE[0]
        top = rect.centery - (h * len(rows) + 10 * (len(rows) - 1)) // 2
        for r, row in enumerate(rows):
            left = rect.centerx - ((w + 12) * len(row) - 12) // 2
            for i, key in enumerate(row):
                surface.blit(sprites.card_face(_card(key), (w, h)), (left + i * (w + 12), top + r * (h + 10)))
    return draw


def _robot(surface: pygame.Surface, rect: pygame.Rect, kind: str, parts: dict[str, str], scale: float,
           damage: int = 0, shield: bool = False) -> None:
    """One robot exactly as the table draws it (pieces, HP bar, damage counter, Force Field)."""
    uids = {slot: _uid(key) for slot, key in parts.items()}
    cards = [_deck()[u] for u in uids.values()]
    hp = sum(c.hp or 0 for c in cards) if "head" in uids or kind != "megabot" else sum((c.hp or 0) // 2 for c in cards)
    robot = RobotView(1, 0, kind, tuple(uids.items()), damage, _uid("force_field") if shield else None, None, 0,
                      hp, sum(c.ap for c in cards))
    view = SimpleNamespace(cards=_deck(), turns_taken=(1, 1), attacked=())
    layout = render.Layout(viewer=1)
    layout.robots[1] = rect
    if kind == "megabot":
        rows = [r for r in ("head", "body", "legs") if r in uids or r == "head"]
        arms = [a for a in ("arm0", "arm1") if a in uids]
        body = render.split_robot(rect, scale, False)[0]
        for slot, part in render.megabot_slots(body, scale, rows, arms).items():
            layout.parts[(1, slot)] = part
    render.draw_robot(surface, view, robot, layout, scale)


def _megabot(surface: pygame.Surface, rect: pygame.Rect) -> None:
    scale = 2.0
    w, h = int(154 * scale), int((48 + 52 + 36 + 8 + 26) * scale)
    _robot(surface, pygame.Rect(rect.centerx - w // 2, rect.centery - h // 2, w, h), "megabot",
           {"head": "titan_head", "body": "steel_body", "arm0": "hammer_arm", "arm1": "laser_cannon",
            "legs": "tread_legs"}, scale)


def _chain_and_singles(surface: pygame.Surface, rect: pygame.Rect) -> None:
    scale = 1.1
    w, h = int(70 * scale), int(136 * scale)
    top = rect.top + 10
    for i, key in enumerate(("linkbot", "chain_tank", "chain_striker")):
        _robot(surface, pygame.Rect(rect.left + 40 + i * (w + 4), top, w, h), "chainbot", {"core": key}, scale)
    y = render.chain_link_y(pygame.Rect(rect.left + 40, top, w, h), scale, False)
    for i in (1, 2):
        pygame.draw.line(surface, (200, 200, 210), (rect.left + 40 + i * (w + 4) - 6, y),
                         (rect.left + 40 + i * (w + 4) + 2, y), 5)
    draw_text(surface, "a Robot Chain", (rect.left + 40 + int(1.5 * w), top + h + 8), "small", theme.TEXT_DIM,
              "midtop")
    w, h = int(92 * scale), int(146 * scale)
    for i, key in enumerate(("medic", "bulwark", "magnet")):
        _robot(surface, pygame.Rect(rect.left + 20 + i * (w + 14), rect.bottom - h - 36, w, h), "singlebot",
               {"core": key}, scale)
    draw_text(surface, "Singlebots", (rect.centerx, rect.bottom - 28), "small", theme.TEXT_DIM, "midtop")


def _attack(surface: pygame.Surface, rect: pygame.Rect) -> None:
    surface.blit(sprites.card_face(_card("battery"), sprites.HAND_SIZE), (rect.left + 6, rect.top + 20))
    scale = 1.2
    w, h = int(92 * scale), int(146 * scale)
    target = pygame.Rect(rect.right - w - 40, rect.top + 30, w, h)
    _robot(surface, target, "singlebot", {"core": "piercer"}, scale, damage=20)
    start, end = (rect.left + 170, rect.top + 120), (target.left - 8, target.centery - 20)
    pygame.draw.line(surface, theme.ACCENT, start, end, 6)
    pygame.draw.circle(surface, theme.ACCENT, end, 9)
    draw_text(surface, "ZAP!", ((start[0] + end[0]) // 2, start[1] - 30), "large", theme.ACCENT, "center", bold=True)
    draw_text(surface, "20 damage", (target.centerx, target.bottom + 8), "small", theme.TEXT_DIM, "midtop")


def _winning(surface: pygame.Surface, rect: pygame.Rect) -> None:
    back = sprites.card_back((120, 168))
    for i in range(3):
        surface.blit(back, (rect.left + 30 + i * 4, rect.top + 40 - i * 4))
    draw_text(surface, "the last card...", (rect.left + 90, rect.top + 230), "small", theme.TEXT_DIM, "midtop")
    surface.blit(sprites.card_face(_card("battery"), (120, 168)), (rect.right - 160, rect.top + 40))
    draw_text(surface, "...then Batteries only", (rect.right - 100, rect.top + 230), "small", theme.TEXT_DIM, "midtop")
    draw_text(surface, "Last one standing wins!", (rect.centerx, rect.bottom - 60), "body", theme.ACCENT, "center",
              bold=True)


def _sketch_box(surface: pygame.Surface, rect: pygame.Rect):
    """A labelled box drawer for a miniature sketch laid out on a grid 1000 units wide."""
    s = rect.width / 1000

    def box(x, y, w, h, colour, label):
        r = pygame.Rect(rect.left + int(x * s), rect.top + int(y * s), int(w * s), int(h * s))
        pygame.draw.rect(surface, colour, r, 3, border_radius=10)
        draw_fit(surface, label, r.inflate(-10, -10), "small", colour, align="center", valign="middle", bold=True)
    return box, s


def _table_sketch(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The table in miniature: opponents on top, your robots below, your hand at the foot."""
    box, s = _sketch_box(surface, rect)
    box(0, 0, 640, 200, render.SEAT_COLOURS[1], "Opponents' robots")
    box(0, 215, 640, 180, render.SEAT_COLOURS[0], "Your robots")
    box(660, 0, 340, 120, theme.TEXT_DIM, "Deck and piles")
    box(660, 135, 340, 150, theme.ACCENT, "What it does")
    box(660, 300, 340, 320, theme.TEXT_DIM, "What happened")
    # the hand as a labelled row of card backs: faces this small cut their words ("Remo")
    box(0, 410, 640, 210, theme.TEXT, "")
    for i in range(4):
        surface.blit(sprites.card_back((int(90 * s), int(126 * s))),
                     (rect.left + int((25 + i * 105) * s), rect.top + int(440 * s)))
    draw_fit(surface, "Your hand", pygame.Rect(rect.left + int(450 * s), rect.top + int(420 * s), int(180 * s),
             int(180 * s)), "small", theme.TEXT, align="center", valign="middle", bold=True)


def _teams(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """2 vs 1 in miniature: two partners' boxes against the lone player's, with its bonuses."""
    box, s = _sketch_box(surface, rect)
    box(0, 20, 470, 260, render.TEAM_COLOURS[0], "Partner\n5 cards, 7 max\n2 actions")
    box(530, 20, 470, 260, render.TEAM_COLOURS[0], "Partner\n5 cards, 7 max\n2 actions")
    draw_text(surface, "VS", (rect.centerx, rect.top + int(350 * s)), "large", theme.ACCENT, "center", bold=True)
    box(200, 420, 600, 260, render.TEAM_COLOURS[1], "Lone player\n8 cards, 10 max\n3 actions")


PAGES: list[Page] = [
    Page("The mission", "Build an army of robots and knock out every enemy robot. A player with no robot on the "
         "table is out; the last player (or team) standing is the RoboChampion. Everyone starts with one Megabot "
         "Head and five cards.", _faces(("blaster_head", "bolt", "linkbot", "battery"))),
    Page("Your turn: 2 actions", "Each action is one of: draw a card, play a card, or repair a broken Robot "
         "Chain. In 2 vs 1 the lone player gets 3. End your turn when you are done; with more than 7 cards you "
         "discard down to 7.", _table_sketch),
    Page("Teams: 2 vs 1 and 2 vs 2", "Partners may plan together, but never trade cards or link Chainbots. The "
         "lone player of 2 vs 1 starts with 8 cards, holds up to 10 and takes 3 actions; if it becomes 1 vs 1, "
         "that stops. In 2 vs 2, a player whose partner is knocked out gets the same and draws up to 8.", _teams),
    Page("Megabots", "Start a Megabot with a Head, then attach a Body, an Arm on either side and Legs. Its parts "
         "add up to one HP pool and one AP. A part played without a Head has half its HP, and a headless Megabot "
         "cannot attack.", _megabot),
    Page("Chainbots and Singlebots", "Chainbots link into a Robot Chain: one Battery powers the whole chain and "
         "every link zaps the same target. A knocked-out link leaves a gap; fill it or repair it. Singlebots stand "
         "alone and each has a special ability.", _chain_and_singles),
    Page("Attack: pew pew!", "Play a Battery on one of your robots and zap any enemy robot with its AP. When its "
         "damage reaches its HP it is knocked out. No attacks on your first turn, and a robot attacks once per "
         "turn.", _attack),
    Page("Batteries", "Battery: one attack. Series Pack: every powered robot attacks with double AP. Parallel "
         "Pack: stays on the robot and powers it again next turn for one action.",
         _faces(("battery", "series_pack", "parallel_pack"))),
    Page("Action cards", "Force Field blocks the next time a robot is targeted. Disperse Damage moves damage "
         "onto enemies. Chop Chop removes an outer Megabot part. Repair Kit heals 30. Recharge draws two. "
         "Sabotage makes an enemy discard.", _faces(("force_field", "chop_chop", "repair_kit", "sabotage"))),
    Page("The End Game", "When the deck runs out, the Used Batteries become a new, Battery-only deck. If that "
         "runs out too, the player with the most robots wins (then the biggest Megabot).", _winning),
]

TUTORIAL: list[Page] = [
    Page("Welcome to ROBOMissions!", "Opponents are at the top, your robots in the middle and your hand at the "
         "bottom. Knock out every enemy robot to win.", _table_sketch),
    Page("Choose what glows", "Everything you can do now glows: a hand card, the deck, a robot, End turn. Move "
         "with the arrows or the mouse, choose with Enter or a click. A card that needs more asks the next "
         "question; Esc backs out for free.", _faces(("titan_head", "linkbot", "battery"))),
    Page("Attack with a Battery", "Batteries make robots attack. Nobody attacks on their first turn, so build "
         "robots first. Point at anything, or press Read (I on a keyboard, Y on a pad), to see what it is and "
         "does.", _attack),
    Page("Have fun!", "How to play is always in the pause menu (P). Good luck, commander!", _megabot),
]


def tutorial_due() -> bool:
    """True until the first-game tutorial has been closed once (game/client/tutorials.py)."""
    return tutorials.tutorial_due(GAME_ID)


def _tutorial_done() -> None:
    tutorials.mark_tutorial_done(GAME_ID)


def how_to_play_scene() -> HowToPlayScene:
    return HowToPlayScene("ROBOMissions", PAGES)


def tutorial_scene() -> HowToPlayScene:
    """The first-game tutorial over the table; closing it (at the end or early) is remembered."""
    return HowToPlayScene("ROBOMissions: your first game", TUTORIAL, on_close=_tutorial_done)
