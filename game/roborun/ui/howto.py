"""How to play Robo Run: short pages whose pictures are the game's own tiles, pawns and cards.

Every picture is drawn by the play screen's code (board_render sprites for spaces, tokens and
robot pawns; hud_render.card_face for an Action card), so the pages show what the board shows.
The words follow the Robo Run rulebook ('Game Goal', '4. Gameplay', '6. Tokens and Special
Spaces', '7. Special Abilities'). The first-scenario tutorial (campaign_screens.TutorialOverlay)
stays as it is; these pages are for game select and the pause menu.

    how_to_play_scene()   the pages (catalog `howto`, pause menu "How to play")
"""
from __future__ import annotations

import pygame

from game.client import theme
from game.client.menus import HowToPage as Page
from game.client.menus import HowToPlayScene
from game.client.text import draw_fit
from game.roborun.rules.cards import action_cards
from game.roborun.ui import board_render as br
from game.roborun.ui import hud_render

__all__ = ["how_to_play_scene", "PAGES"]


def _row(items: list[tuple[pygame.Surface, str]]):
    """Pictures side by side, each with its name underneath, as large as the box allows."""
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        n = len(items)
        cols = min(n, 3)
        rows = (n + cols - 1) // cols
        cell_w = rect.width // cols
        cell_h = rect.height // rows
        size = max(24, min(cell_w - 16, cell_h - 40, 96))
        for i, (image, label) in enumerate(items):
            x = rect.left + (i % cols) * cell_w + cell_w // 2
            y = rect.top + (i // cols) * cell_h + 8
            picture = pygame.transform.smoothscale(image, (size, size)) if image.get_size() != (size, size) \
                else image
            surface.blit(picture, (x - size // 2, y))
            draw_fit(surface, label, pygame.Rect(x - cell_w // 2 + 4, y + size + 4, cell_w - 8, 30), "small",
                     theme.TEXT_DIM, align="center", wrap=False)
    return draw


def _space(name: str, size: int = 96) -> pygame.Surface:
    image = br.sprite(name, size)
    return image if image is not None else br._fallback_tile(size, name.split("_")[1])


def _robots(surface: pygame.Surface, rect: pygame.Rect) -> None:
    _row([(br.robot_image(c, 96, True), label) for c, label in
          (("green", "good: green"), ("red", "good: red"), ("white", "bad: White"),
           ("purple", "bad: Purple"), ("blue", "bad: Blue"))])(surface, rect)


def _card(surface: pygame.Surface, rect: pygame.Rect) -> None:
    cards = action_cards()
    first = cards[sorted(cards)[0]]
    face = first.get("yellow") or next(iter(first.values()))
    h = min(rect.height - 40, 300)
    w = h * 2 // 3
    surface.blit(hud_render.card_face(face, (w, h)), (rect.centerx - w // 2, rect.top + 10))
    draw_fit(surface, "YOU / MATE / BAD", pygame.Rect(rect.left, rect.top + h + 16, rect.width, 30), "small",
             theme.TEXT_DIM, align="center", wrap=False)


def _tokens(surface: pygame.Surface, rect: pygame.Rect) -> None:
    _row([(br.token_image(k, None, None, 96), label) for k, label in
          (("energy", "Energy"), ("experience", "Experience"), ("equipment", "Equipment"),
           ("key", "Key"), ("laser", "Laser"), ("wall", "Wall"))])(surface, rect)


def _spaces(surface: pygame.Surface, rect: pygame.Rect) -> None:
    _row([(_space(n), label) for n, label in
          (("space_exit_green", "Map Exit"), ("space_hazard_shredder", "Toy Shredder"), ("space_pusher_E", "Pusher"),
           ("space_tunnel", "Tunnel"), ("space_lift", "Lift"), ("space_button", "Button"))])(surface, rect)


def _inspect(surface: pygame.Surface, rect: pygame.Rect) -> None:
    _row([(_space("space_floor"), "point at it"), (br.robot_image("green", 96, True), "press I"),
          (br.token_image("energy", None, None, 96), "read it")])(surface, rect)


PAGES: list[Page] = [
    Page("The goal", "Two players, one team. Get BOTH good robots out of the factory, each through the Map Exit "
         "of its colour, before round 4 ends. If a good robot is destroyed, or one is still inside after round "
         "4, the scenario is lost. No talking: BEEP and the Walkie-Talkie are the only signals.", _robots),
    Page("Action cards", "Each card has up to three parts, read top to bottom: YOU moves the active player's "
         "robot, MATE moves the teammate's robot, BAD moves every bad robot of the coloured dots. Arrows are "
         "read from the side of the player who plays it.", _card),
    Page("Your turn", "Play a card from your stand or your teammate's, or PASS once per round (your teammate "
         "plays instead). Your teammate may BEEP once per round to keep a card. Ghost robots preview where a "
         "card would take everyone.", _card),
    Page("Tokens", "A good robot on Energy gains 1 Energy (at most 5); on Experience it unlocks an ability or "
         "the next CHIP level; on Equipment it draws an Equipment card. A bad White or Purple robot that takes "
         "one becomes Blue. Anything entering a Laser is destroyed.", _tokens),
    Page("Special spaces", "A robot of the exit's colour leaves on its Map Exit. Shredders, Crushers, Lava and "
         "Acid destroy what enters. Pushers push until an obstacle; Tunnels move you to the Tunnel Exit; Lifts "
         "swap after the card. Spaces with an outline act at once.", _spaces),
    Page("Special abilities", "An unlocked ability costs Energy to use. Quick One reverses or extends a move, "
         "Smart Three flips cards or ignores a space, Strong Two stops before bad robots (ABS), Weird Four saves "
         "a robot (Double Metal). Ability windows stop play only when an ability could save you; ask for one "
         "any time from the pause menu (Use an ability).", _robots),
    Page("Point at anything", "Point with the mouse, or press I (Y on a pad) and step with Tab, to read what a "
         "space, token, robot or card is and does, in the rulebook's words. Esc closes it.", _inspect),
]


def how_to_play_scene() -> HowToPlayScene:
    return HowToPlayScene("Robo Run", PAGES)
