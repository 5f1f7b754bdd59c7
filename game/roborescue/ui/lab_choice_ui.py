"""The human's choices on the lab screen: targets, focus, confirming, and what to say.

`LabChoices` is mixed into `LabScene`. It offers exactly the engine's legal actions as
on-screen *targets* (areas, the pile, display slots, drawn cards, lab cards, the Score
button), puts the focus on a good legal one, turns a confirmed target into one
`engine.apply`, and writes the detail panel's text: score breakdowns from the engine's
scoring helpers and, for a refused area, the rulebook reason.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.client import input as inp
from game.roborescue.rules import engine
from game.roborescue.ui.card_sprites import CARD_H, CARD_W, STRIP_W
from game.roborescue.ui.lab_render import (
    AREA_KINDS,
    AREA_TITLES,
    SCORE_BUTTON,
    LabModel,
    Marks,
    area_card_pos,
    area_rect,
    breakdown_text,
    display_rect,
    hand_rect,
    pile_rect,
)
from game.roborescue.rules.scoring import WORKSHOP, score_area, storage_chain

Target = tuple


@dataclass
class Choice:
    """What the human may do right now: the targets and what confirming each does."""

    targets: list[Target] = field(default_factory=list)
    focus: Target | None = None


def placement_reason(model: LabModel, cards, area: int, card_id: int, no_empty: bool) -> str:
    """Why a card may not go to an area, in the rulebook's words (legality itself comes
    from engine.legal_areas; this only explains a refusal)."""
    card = cards[card_id]
    if area == model.decommissioned:
        return "This area is decommissioned for the rest of the round."
    placed = model.face_up_cards(cards, area)
    if no_empty and not placed:
        return "Advanced Mode: from turn 3 cards may only join areas that already hold cards."
    if AREA_KINDS[area] == WORKSHOP:
        clash = [name for name, _ in card.icons if any(name in other.types for other in placed)]
        if clash:
            return f"This Workshop Area already has a {' and a '.join(clash)}: only one of each type."
        return "Not allowed here."
    if not card.is_part:
        return f"Only robot parts may go to Storage, never a {card.kind}."
    if any(other.colour == card.colour for other in placed):
        return f"This Storage Area already has a {card.colour} card: one card per colour."
    chain = storage_chain(placed)
    return f"The card must continue the chain on every card here ({', '.join(chain) or 'none'})."


def direction_pick(current: pygame.Rect, options: list[tuple[Target, pygame.Rect]], name: str) -> Target | None:
    """The target nearest to `current` in a direction (up/down/left/right), or None."""
    dx, dy = {inp.LEFT: (-1, 0), inp.RIGHT: (1, 0), inp.UP: (0, -1), inp.DOWN: (0, 1)}[name]
    best, best_cost = None, float("inf")
    for target, rect in options:
        vx, vy = rect.centerx - current.centerx, rect.centery - current.centery
        along = vx * dx + vy * dy
        if along <= 8:
            continue
        cost = along + 2.5 * abs(vx * dy - vy * dx)
        if cost < best_cost:
            best, best_cost = target, cost
    return best


class LabChoices:
    """Mixin for LabScene: expects state, cards, models, viewer, viewed, config, choice,
    hand_index, score_pick, message, queue, app and `_apply(action, seat)` on self."""

    def _legal(self) -> list[engine.Action]:
        """The engine's legal actions, asked once per engine state (draw calls this often)."""
        if self._legal_cache is None:
            self._legal_cache = engine.legal_choices(self.state)
        return self._legal_cache

    def _prepare_choice(self) -> None:
        """Work out the targets for the current decision and put the focus on a good legal one."""
        phase = self.state.phase
        model = self.models[self.viewer]
        choice = Choice()
        if phase == engine.SOURCE:
            legal = self._legal()
            if any(isinstance(a, engine.DrawSecond) for a in legal):
                choice.targets.append(("pile",))
            choice.targets += [("display", a.slot) for a in legal if isinstance(a, engine.TakeFromDisplay)]
            choice.focus = choice.targets[0] if choice.targets else None
        elif phase == engine.PLACE:
            self.hand_index = min(self.hand_index, max(0, len(model.hand) - 1))
            choice.targets = [("area", a) for a in (2, 3, 0, 1)]
            choice.targets += [("hand", i) for i in range(len(model.hand)) if len(model.hand) > 1]
            choice.focus = self._suggested_area()
        elif phase == engine.SCORE:
            best, _ = engine.best_scoring(self.state, self.viewer)
            self.score_pick = list(best)
            choice.targets = [("area", a) for a in (2, 3, 0, 1)] + [("score",)]
            choice.focus = ("score",)
        elif phase == engine.VP:
            for area, ids in enumerate(model.areas):
                choice.targets += [("card", area, i) for i in range(len(ids))]
            choice.focus = choice.targets[0] if choice.targets else None
        self.choice = choice
        self.message = None

    def _active_card(self) -> int | None:
        hand = self.models[self.viewer].hand
        return hand[self.hand_index] if 0 <= self.hand_index < len(hand) else None

    def _actions_for_card(self, card: int | None) -> dict[str, dict]:
        """The legal actions for one drawn card, keyed by what they do and the area."""
        place: dict[int, engine.Action] = {}
        decommission: dict[int, engine.Action] = {}
        discard: dict[int, engine.Action] = {}
        for action in self._legal():
            if getattr(action, "card", None) != card:
                continue
            if isinstance(action, engine.Place):
                place[action.area] = action
            elif isinstance(action, engine.Decommission):
                decommission[action.area] = action
            elif isinstance(action, engine.DiscardFaceDown):
                discard[self.state.players[self.viewer].decommissioned] = action
        return {"place": place, "decommission": decommission, "discard": discard}

    def _suggested_area(self) -> Target | None:
        """A legal area to start the focus on: the one gaining the most points (a UI hint)."""
        card = self._active_card()
        options = self._actions_for_card(card)
        model = self.models[self.viewer]
        if options["place"]:
            def gain(area: int) -> int:
                cards = model.face_up_cards(self.cards, area)
                kind = AREA_KINDS[area]
                return score_area(kind, cards + [self.cards[card]]).total - score_area(kind, cards).total
            return ("area", max(options["place"], key=gain))
        if options["decommission"]:
            scores = model.scores(self.cards)
            return ("area", min(options["decommission"], key=lambda a: scores[a].total if scores[a] else 0))
        if options["discard"]:
            return ("area", next(iter(options["discard"])))
        return None

    def _target_rect(self, target: Target) -> pygame.Rect:
        kind = target[0]
        if kind == "area":
            return area_rect(target[1])
        if kind == "pile":
            return pile_rect()
        if kind == "display":
            return display_rect(target[1])
        if kind == "hand":
            return hand_rect(target[1])
        if kind == "score":
            return SCORE_BUTTON
        area, index = target[1], target[2]
        count = len(self.models[self.viewer].areas[area])
        x, y = area_card_pos(area, index, count)
        return pygame.Rect(x, y, CARD_W if index == count - 1 else STRIP_W, CARD_H)

    def _confirm(self, target: Target) -> None:
        """Act on a target: the only place human input turns into engine actions."""
        phase, kind = self.state.phase, target[0]
        if phase == engine.SOURCE:
            legal = self._legal()
            for action in legal:
                if (kind == "pile" and isinstance(action, engine.DrawSecond)) or (
                        kind == "display" and isinstance(action, engine.TakeFromDisplay) and action.slot == target[1]):
                    self._apply(action, self.viewer)
                    return
        elif phase == engine.PLACE:
            if kind == "hand":
                self.hand_index = target[1]
                self.choice.focus = self._suggested_area()
                self.app.audio.play("move")
                return
            if kind == "area":
                area = target[1]
                options = self._actions_for_card(self._active_card())
                for group in ("place", "decommission", "discard"):
                    if area in options[group]:
                        self._apply(options[group][area], self.viewer)
                        self.hand_index = 0
                        return
                self._refuse("Not here", self._area_reason(area))
                return
        elif phase == engine.SCORE:
            if kind == "area":
                self._toggle_score_area(target[1])
                return
            if kind == "score":
                wanted = tuple(sorted(self.score_pick))
                for action in self._legal():
                    if tuple(sorted(action.areas)) == wanted:
                        self._apply(action, self.viewer)
                        return
                self._refuse("Choose two areas", "Pick two areas with at least 2 cards each, then press Score!")
                return
        elif phase == engine.VP and kind == "card":
            card = self.models[self.viewer].areas[target[1]][target[2]]
            for action in self._legal():
                if isinstance(action, engine.KeepVP) and action.card == card:
                    self._apply(action, self.viewer)
                    return
        self._refuse("Not possible", "That is not a choice right now.")

    def _toggle_score_area(self, area: int) -> None:
        eligible = {a for action in self._legal() for a in action.areas}
        if area not in eligible:
            scores = self.models[self.viewer].scores(self.cards)
            why = "It is decommissioned." if scores[area] is None else "An area needs at least 2 cards to score."
            self._refuse("Cannot score this area", why)
            return
        if area in self.score_pick:
            self.score_pick.remove(area)
        else:
            self.score_pick.append(area)
            if len(self.score_pick) > 2:
                self.score_pick.pop(0)
        self.app.audio.play("click")

    def _refuse(self, title: str, text: str) -> None:
        self.app.audio.play("error")
        self.message = (title, text)

    def _area_reason(self, area: int) -> str:
        card = self._active_card()
        if card is None:
            return ""
        no_empty = self.state.advanced and self.state.turn >= 3
        return placement_reason(self.models[self.viewer], self.cards, area, card, no_empty)

    def _waiting(self) -> bool:
        seat = self.state.decision_seat
        return seat is None or seat != self.viewer or not self.config.is_human(seat)

    def _marks(self) -> Marks:
        marks = Marks()
        choice = self.choice
        if self.viewed != self.viewer or choice is None or self.queue.busy or self._waiting():
            return marks
        marks.focus = choice.focus
        phase = self.state.phase
        if phase == engine.PLACE:
            marks.active_hand = self.hand_index if len(self.models[self.viewer].hand) > 1 else None
            options = self._actions_for_card(self._active_card())
            legal = set(options["place"]) or set(options["decommission"]) or set(options["discard"])
            marks.legal = legal
            marks.danger = not options["place"]
            marks.dimmed = {a for a in range(4) if a not in legal}
            if choice.focus and choice.focus[0] == "area" and choice.focus[1] in options["place"]:
                marks.ghost = self._active_card()
        elif phase == engine.SCORE:
            marks.selected = set(self.score_pick)
            eligible = {a for action in self._legal() for a in action.areas}
            marks.dimmed = {a for a in range(4) if a not in eligible}
        return marks

    def _status(self) -> tuple[str, str]:
        """(instruction title, detail text) for the detail panel."""
        if self.message:
            return self.message
        seat = self.state.decision_seat
        phase = self.state.phase
        if self.viewed != self.viewer:
            return (f"Viewing {self.config.seat_name(self.viewed)}'s lab",
                    f"Press {self.app.input.hint(inp.NEXT)} to look at the next lab, or confirm to return to yours.")
        if self.queue.busy or seat is None:
            return ("", "")
        if seat != self.viewer or not self.config.is_human(seat):
            return (f"{self.config.seat_name(seat)} is thinking...", "")
        model = self.models[self.viewer]
        focus = self.choice.focus if self.choice else None
        if phase == engine.SOURCE:
            drawn = self.cards[model.hand[0]].label if model.hand else "a card"
            if focus and focus[0] == "display":
                card = model.display[focus[1]]
                return ("Take this card from the display?",
                        f"You drew {drawn}. Taking {self.cards[card].label} refills the display from the pile.")
            return ("Draw a second card, or take one from the display",
                    f"You drew {drawn}. Confirm on the pile to draw blind, or pick a display card.")
        if phase == engine.PLACE:
            card = self._active_card()
            options = self._actions_for_card(card)
            label = self.cards[card].label if card is not None else ""
            if not options["place"] and options["decommission"]:
                return ("This card fits nowhere: decommission an area",
                        f"{label} cannot be placed. Choose an area to turn face down; it will not score this round.")
            if not options["place"] and options["discard"]:
                return ("This card fits nowhere", f"{label} goes face down into the decommissioned area.")
            if focus and focus[0] == "area":
                area = focus[1]
                if area in options["place"]:
                    return (f"Place {label} in {AREA_TITLES[area]}", self._placement_preview(area, card))
                return (f"{AREA_TITLES[area]}: not allowed", self._area_reason(area))
            return (f"Place {label}", "Choose a green area.")
        if phase == engine.SCORE:
            if focus and focus[0] == "area":
                return (f"{AREA_TITLES[focus[1]]}", self._area_breakdown(focus[1]))
            scores = model.scores(self.cards)
            total = sum(scores[a].total for a in self.score_pick if scores[a] is not None)
            names = " + ".join(AREA_TITLES[a] for a in self.score_pick) or "nothing"
            return ("Round over: choose the two areas to score",
                    f"{names} = {total} pts. Confirm on an area to swap it, then Score!")
        if phase == engine.VP:
            if focus and focus[0] == "card":
                card = model.areas[focus[1]][focus[2]]
                return ("You won the round! Keep a card as a Victory Point",
                        f"Keep {self.cards[card].label}?")
            return ("You won the round! Keep a card as a Victory Point", "")
        return ("", "")

    def _placement_preview(self, area: int, card: int) -> str:
        """The area's score breakdown as it would be with the card added (scoring helpers only)."""
        model = self.models[self.viewer]
        cards = model.face_up_cards(self.cards, area)
        kind = AREA_KINDS[area]
        before, after = score_area(kind, cards), score_area(kind, cards + [self.cards[card]])
        gain = after.total - before.total
        now = breakdown_text(before, kind, cards) if cards else "empty"
        return f"Now: {now}\nWith it: {breakdown_text(after, kind, cards + [self.cards[card]])}  ({gain:+d})"

    def _area_breakdown(self, area: int) -> str:
        model = self.models[self.viewed]
        scores = model.scores(self.cards)
        return breakdown_text(scores[area], AREA_KINDS[area], model.face_up_cards(self.cards, area))
