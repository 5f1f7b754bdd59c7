"""A Robo Rescue seat's Lab as its view shows it, for a seat played from another Robo Arcade.

`python main.py join` (game/client/table_screens.py, VIEW_BOARDS) receives only its seat's view:
this paints the seat's own Lab, the pile, the display and its drawn cards face up with the lab
screen's own renderer, and names each legal choice with the cards it moves.
"""
from __future__ import annotations

import pygame

from game.client import theme
from game.client.view_board import ScaledBoard
from game.client.widgets import draw_text, vertical_gradient
from game.roborescue.rules import engine
from game.roborescue.ui.card_sprites import CardArt
from game.roborescue.ui.lab_render import (DETAIL_RECT, LabModel, LabRenderer, Marks, area_rect, display_rect,
                                           hand_rect, pile_rect)


class ViewBoard(ScaledBoard):
    source = pygame.Rect(0, 0, theme.LOGICAL_SIZE[0], DETAIL_RECT.top - 4)    # the Lab and the supply

    def __init__(self, view: engine.PlayerView, area: pygame.Rect) -> None:
        super().__init__(view, area)
        self.renderer = LabRenderer(CardArt())
        self.background = vertical_gradient(theme.LOGICAL_SIZE, (26, 32, 50), (14, 16, 26))

    def paint(self, surface: pygame.Surface, view: engine.PlayerView) -> None:
        surface.blit(self.background, (0, 0))
        model = LabModel(view.seat)
        model.sync(view.lab, view.hand)
        self.renderer.draw_lab(surface, model, view.cards, Marks())
        self.renderer.draw_supply(surface, model, view.cards, Marks(), show_hand=True)
        draw_text(surface, f"Round {view.round} · turn {view.turn}", (16, 12), "small", theme.TEXT_DIM)

    def label(self, choice: engine.Action, view: engine.PlayerView) -> str | None:
        return choice_words(choice, view.cards, public=False)

    def targets(self, choice: engine.Action, view: engine.PlayerView) -> list[pygame.Rect]:
        """An area for a card put there, a display slot, the pile, a drawn card kept as a VP."""
        if isinstance(choice, (engine.Place, engine.Decommission)):
            return [area_rect(choice.area)]
        if isinstance(choice, engine.DiscardFaceDown) and view.lab.decommissioned is not None:
            return [area_rect(view.lab.decommissioned)]
        if isinstance(choice, engine.TakeFromDisplay):
            return [display_rect(choice.slot)]
        if isinstance(choice, engine.DrawSecond):
            return [pile_rect()]
        if isinstance(choice, engine.KeepVP) and choice.card in view.hand:
            return [hand_rect(view.hand.index(choice.card))]
        return []

    def describe(self, event, before: engine.PlayerView, after: engine.PlayerView) -> str | None:
        """What happened, with only the cards this seat may see named (a drawn card is its own)."""
        if event.seat is None:
            return f"Round {event['round']} won by " + ", ".join(f"Player {s + 1}" for s in event["seats"]) \
                if event.kind == "round_won" else None
        who = "You" if event.seat == after.seat else f"Player {event.seat + 1}"
        card = after.cards[event["card"]].label if "card" in event.data else "a card"
        lines = {"drawn": f"{who} drew {card}" if event.seat == after.seat else None,
                 "taken_from_display": f"{who} took {card} from the display",
                 "placed": f"{who} placed {card} in {engine.AREA_NAMES[event['area']]}" if "area" in event.data else None,
                 "decommissioned": f"{who} decommissioned {engine.AREA_NAMES[event['area']]}"
                 if "area" in event.data else None,
                 "discarded_facedown": f"{who} discarded a card face down",
                 "vp_awarded": f"{who} gained a Victory Point"}
        return lines.get(event.kind)


def choice_words(action: engine.Action, cards, public: bool) -> str:
    """A choice in words: for its own seat with every card it moves; `public`: as the other
    players may know it (a face-down card or a kept Victory Point is not named)."""
    if isinstance(action, engine.Place):
        return f"{cards[action.card].label} -> {engine.AREA_NAMES[action.area]}"
    if isinstance(action, engine.TakeFromDisplay):
        return f"Take {cards[action.card].label} from the display"
    if isinstance(action, engine.Decommission):
        hidden = "a card" if public else cards[action.card].label
        return f"Decommission {engine.AREA_NAMES[action.area]} ({hidden} face down)"
    if isinstance(action, engine.DiscardFaceDown):
        return "Discard a card face down" if public else f"Discard {cards[action.card].label} face down"
    if isinstance(action, engine.KeepVP):
        return "Keep a card as a Victory Point" if public else f"Keep {cards[action.card].label} as a Victory Point"
    return action.label[:1].upper() + action.label[1:]
