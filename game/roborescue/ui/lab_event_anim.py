"""Engine events turned into lab-screen animations.

Each event becomes one beat (anim.beat) whose start/end move a card in the display model
(`LabModel`) and whose painter draws the card in flight, so the picture follows the
engine one visible step at a time. Events of a Lab that is not on screen update its model
instantly. Nothing here decides a rule: it only replays what the engine reported.
"""
from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.client import theme
from game.client.widgets import draw_text, panel
from game.roborescue.ui.anim import beat, count_up, flip_image, fly
from game.roborescue.ui.card_sprites import CARD_W
from game.roborescue.rules.events import Event
from game.roborescue.ui.lab_render import (
    DETAIL_RECT,
    FACE_DOWN,
    SCORES_RECT,
    LabModel,
    area_card_pos,
    area_rect,
    display_pos,
    hand_pos,
    pile_rect,
)



class AnimatedLab(Protocol):
    """What the animator reads and moves on the lab screen (the lab passes itself)."""

    art: Any
    cards: tuple
    config: Any
    models: dict[int, LabModel]
    queue: Any
    shown_round: int
    shown_turn: int
    viewed: int
    viewer: int


class EventBeats:
    """Queues the animation of each engine event as beats on the scene's Sequencer."""

    def __init__(self, scene: AnimatedLab) -> None:
        self.scene = scene

    @property
    def queue(self):
        return self.scene.queue

    @property
    def art(self):
        return self.scene.art

    @property
    def cards(self):
        return self.scene.cards

    @property
    def config(self):
        return self.scene.config

    @property
    def models(self) -> dict[int, LabModel]:
        return self.scene.models

    @property
    def viewer(self) -> int:
        return self.scene.viewer

    @property
    def viewed(self) -> int:
        return self.scene.viewed

    def banner(self, text: str, seconds: float) -> None:
        def paint(surface: pygame.Surface, t: float) -> None:
            box = DETAIL_RECT
            panel(surface, box, fill=theme.BG_LIGHT, edge=theme.ACCENT, width=3)
            draw_text(surface, text, box.center, "large", theme.ACCENT, "center", bold=True)
        self.queue.add(beat(seconds, paint=paint, sound="beep"))

    def animate(self, event: Event) -> None:
        """Queue the animation of one engine event (instant for Labs not on screen)."""
        kind, seat = event.kind, event.seat
        if kind == "round_started":
            self.queue.add(beat(0, end=lambda: setattr(self.scene, "shown_round", event["round"])))
            if event["round"] > 1:
                self.banner(f"Round {event['round']}", 0.8)
            return
        if kind == "turn_started":
            def set_turn() -> None:
                self.scene.shown_round, self.scene.shown_turn = event["round"], event["turn"]
            self.queue.add(beat(0, end=set_turn))
            return
        if kind == "round_won":
            names = ", ".join(self.config.seat_name(s) for s in event["seats"])
            self.banner(f"Round {event['round']} won by {names}", 1.2)
            return
        if kind == "tiebreak_round":
            self.banner("Tie on VP: one more round!", 1.2)
            return
        if seat is None or seat not in self.models:
            return
        model = self.models[seat]
        on_screen = seat == self.viewed
        builder = getattr(self, f"_anim_{kind}", None)
        if builder is not None:
            builder(event, model, on_screen)

    def _anim_drawn(self, event: Event, model: LabModel, on_screen: bool) -> None:
        card = event["card"]
        mine = event.seat == self.viewer

        def begin() -> None:
            model.pile_count = max(0, model.pile_count - 1)

        def end() -> None:
            if mine:
                model.hand.append(card)
        if not (on_screen and mine):
            self.queue.add(beat(0, begin, end))
            return
        goal = hand_pos(len(model.hand))
        face, back = self.art.face(self.cards[card]), self.art.back()
        self.queue.add(beat(0.35, begin, end, fly(lambda t: flip_image(back, face, t), pile_rect().topleft, goal),
                            sound="card"))

    def _anim_taken_from_display(self, event: Event, model: LabModel, on_screen: bool) -> None:
        card, slot = event["card"], event["slot"]
        mine = event.seat == self.viewer

        def begin() -> None:
            if slot < len(model.display):
                model.display[slot] = None  # an empty slot while the card flies

        def end() -> None:
            if mine:
                model.hand.append(card)
        if not on_screen:
            self.queue.add(beat(0, begin, end))
            return
        goal = hand_pos(len(model.hand)) if mine else pile_rect().topleft
        face = self.art.face(self.cards[card])
        self.queue.add(beat(0.35, begin, end, fly(lambda t: face, display_pos(slot), goal), sound="slide"))

    def _anim_display_refilled(self, event: Event, model: LabModel, on_screen: bool) -> None:
        card, slot = event["card"], event["slot"]

        def begin() -> None:
            model.pile_count = max(0, model.pile_count - 1)

        def end() -> None:
            if slot < len(model.display):
                model.display[slot] = card
            else:
                model.display.append(card)
        if not on_screen:
            self.queue.add(beat(0, begin, end))
            return
        face, back = self.art.face(self.cards[card]), self.art.back()
        self.queue.add(beat(0.35, begin, end, fly(lambda t: flip_image(back, face, t), pile_rect().topleft,
                                                  display_pos(slot)), sound="card"))

    def _anim_pile_reshuffled(self, event: Event, model: LabModel, on_screen: bool) -> None:
        def end() -> None:
            model.pile_count, model.discard_count = event["cards"], 0
        self.queue.add(beat(0.3 if on_screen else 0, end=end, sound="slide" if on_screen else None))

    def _from_hand(self, model: LabModel, card: int) -> tuple[int, int]:
        if card in model.hand:
            return hand_pos(model.hand.index(card))
        return pile_rect().topleft

    def _anim_placed(self, event: Event, model: LabModel, on_screen: bool) -> None:
        self._card_to_area(event, model, on_screen, face_up=True, sound="slide")

    def _anim_discarded_facedown(self, event: Event, model: LabModel, on_screen: bool) -> None:
        self._card_to_area(event, model, on_screen, face_up=False, sound="slide")

    def _card_to_area(self, event: Event, model: LabModel, on_screen: bool, face_up: bool, sound: str) -> None:
        card, area = event["card"], event["area"]
        start = self._from_hand(model, card)

        def begin() -> None:
            if card in model.hand:
                model.hand.remove(card)

        def end() -> None:
            model.areas[area].append(card)
        if not on_screen:
            self.queue.add(beat(0, begin, end))
            return
        count = len(model.areas[area]) + 1
        image = self.art.face(self.cards[card]) if face_up else self.art.back()
        self.queue.add(beat(0.4, begin, end, fly(lambda t: image, start, area_card_pos(area, count - 1, count)),
                            sound=sound))

    def _anim_decommissioned(self, event: Event, model: LabModel, on_screen: bool) -> None:
        card, area = event["card"], event["area"]
        start = self._from_hand(model, card)

        def begin() -> None:
            if card in model.hand:
                model.hand.remove(card)

        def place() -> None:
            model.areas[area].append(card)

        def end() -> None:
            model.decommissioned = area
        if not on_screen:
            self.queue.add(beat(0, begin, lambda: (place(), end())))
            return
        count = len(model.areas[area]) + 1
        face = self.art.face(self.cards[card])
        self.queue.add(beat(0.4, begin, place, fly(lambda t: face, start, area_card_pos(area, count - 1, count)),
                            sound="slide"))
        back = self.art.back()

        def paint(surface: pygame.Surface, t: float) -> None:
            rect = area_rect(area)
            pygame.draw.rect(surface, (30, 36, 52), rect, border_radius=12)
            ids = model.areas[area]
            for index, card_id in enumerate(ids):
                delay = index * 0.08
                local = min(1.0, max(0.0, (t - delay) / max(0.2, 1 - delay * len(ids))))
                face_img = back if card_id == FACE_DOWN else self.art.face(self.cards[card_id])
                surface.blit(flip_image(back, face_img, local, face_first=True), area_card_pos(area, index, len(ids)))
        self.queue.add(beat(0.7, end=end, paint=paint, sound="zap"))

    def _anim_round_scored(self, event: Event, model: LabModel, on_screen: bool) -> None:
        areas, total, breakdown = event["areas"], event["score"], event["breakdown"]

        def end() -> None:
            model.round_scores.append(total)
        if not on_screen:
            self.queue.add(beat(0, end=end))
            return

        def paint(surface: pygame.Surface, t: float) -> None:
            for area in areas:
                rect = area_rect(area)
                pygame.draw.rect(surface, theme.ACCENT, rect, 5, border_radius=12)
                value = breakdown.get(area, breakdown.get(str(area), 0))
                draw_text(surface, f"+{count_up(value, t)}", rect.center, "huge", theme.ACCENT, "center",
                          bold=True, shadow=True)
            box = DETAIL_RECT
            panel(surface, box, fill=theme.BG_LIGHT, edge=theme.ACCENT, width=3)
            draw_text(surface, f"Round {event['round']}: {count_up(total, t)} pts", box.center, "large", theme.TEXT,
                      "center", bold=True)
        self.queue.add(beat(1.6, end=end, paint=paint, sound="collect"))

    def _anim_vp_awarded(self, event: Event, model: LabModel, on_screen: bool) -> None:
        card = event["card"]
        start = pile_rect().topleft
        for area, ids in enumerate(model.areas):
            if card in ids:
                start = area_card_pos(area, ids.index(card), len(ids))

        def begin() -> None:
            for ids in model.areas:
                if card in ids:
                    ids.remove(card)

        def end() -> None:
            model.vp_count = event["vp"]
        if not on_screen:
            self.queue.add(beat(0, begin, end))
            return
        face = self.art.face(self.cards[card])
        goal = (SCORES_RECT.right - CARD_W - 10, SCORES_RECT.top + 8)
        self.queue.add(beat(0.6, begin, end, fly(lambda t: face, start, goal), sound="win"))

    def _anim_round_ended(self, event: Event, model: LabModel, on_screen: bool) -> None:
        def end() -> None:
            model.discard_count += sum(len(ids) for ids in model.areas)
            model.areas = [[], [], [], []]
            model.decommissioned = None
        if not on_screen:
            self.queue.add(beat(0, end=end))
            return
        leaving = [(area, index, card, len(ids)) for area, ids in enumerate(model.areas) for index, card in enumerate(ids)]
        back = self.art.back()
        decommissioned = model.decommissioned

        def paint(surface: pygame.Surface, t: float) -> None:
            for area in range(4):
                pygame.draw.rect(surface, (30, 36, 52), area_rect(area), border_radius=12)
            for area, index, card, count in leaving:
                x, y = area_card_pos(area, index, count)
                image = back if (card == FACE_DOWN or area == decommissioned) else self.art.face(self.cards[card])
                surface.blit(image, (x, y + t * t * 500))
        self.queue.add(beat(0.5, end=end, paint=paint, sound="slide"))
