"""The Robo Rescue: Origins lab screen: one game from the first draw to the last score.

The screen holds the engine state but never decides a rule: every choice offered comes
from `engine.legal_actions`, every change from `engine.apply`, and the returned events
become animations (anim.py) that move cards in the display model (lab_render.LabModel).

Input is the same for every device. Focus moves between *targets* (areas, the pile,
display slots, drawn cards, lab cards, the Score button) by direction keys / d-pad, or
the pointer hovers them; confirm / click acts on the focused target. The focus always
starts on a legal choice, so pressing confirm repeatedly plays a sensible game.

AI seats think in a one-worker thread pool on a copy-free, immutable `PlayerView`, polled
in update(), so a frame never waits for them. With two or more human seats, a hand-over
screen hides the lab whenever the decision passes to a different person.
"""
from __future__ import annotations

import random
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field

import pygame

from game.client import input as inp
from game.client import theme
from game.client.menus import PauseScene
from game.client.scene import Scene
from game.client.widgets import MenuItem, draw_hints, draw_text, panel, vertical_gradient
from game.roborescue import ai, engine
from game.roborescue.anim import AnimQueue
from game.roborescue.card_sprites import CARD_H, CARD_W, STRIP_W, CardArt
from game.roborescue.events import Event
from game.roborescue.lab_event_anim import EventAnimator
from game.roborescue.lab_render import (
    AREA_KINDS,
    AREA_TITLES,
    DETAIL_RECT,
    SCORE_BUTTON,
    SCORES_RECT,
    LabModel,
    LabRenderer,
    Marks,
    area_card_pos,
    area_rect,
    breakdown_text,
    display_rect,
    hand_rect,
    pile_rect,
)
from game.roborescue.scoring import WORKSHOP, score_area, storage_chain

HUMAN = "human"
Target = tuple


@dataclass
class GameConfig:
    """A table: how many players, who sits where ('human' or an AI level), the options."""

    n_players: int = 1
    seats: tuple[str, ...] = (HUMAN,)
    advanced: bool = False
    seed: int = 0

    def is_human(self, seat: int) -> bool:
        return self.seats[seat] == HUMAN

    def seat_name(self, seat: int) -> str:
        humans = [s for s in range(self.n_players) if self.is_human(s)]
        if self.is_human(seat):
            return "You" if len(humans) == 1 else f"Player {seat + 1}"
        return f"Robot {seat + 1} ({self.seats[seat]})"


@dataclass
class Choice:
    """What the human may do right now: the targets and what confirming each does."""

    targets: list[Target] = field(default_factory=list)
    focus: Target | None = None


# ----------------------------------------------------------------------------- helpers
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


# ----------------------------------------------------------------------------- the scene
class LabScene(Scene):
    def __init__(self, config: GameConfig) -> None:
        super().__init__()
        self.config = config
        self.state = engine.new_game(config.n_players, config.seed, config.advanced)
        self.cards = self.state.cards
        self.art = CardArt()
        self.renderer = LabRenderer(self.art)
        self.models = {seat: LabModel(seat) for seat in range(config.n_players)}
        humans = [s for s in range(config.n_players) if config.is_human(s)]
        self.viewer = humans[0] if humans else 0     # whose eyes the screen uses
        self.viewed = self.viewer                    # whose Lab is on screen (tab cycles)
        self.queue = AnimQueue()
        self.animator = EventAnimator(self)
        self.executor: ThreadPoolExecutor | None = None
        self.future: Future | None = None
        self.ai_rng = random.Random(config.seed * 7919 + 1)
        self.choice: Choice | None = None
        self.choice_key: tuple | None = None
        self.hand_index = 0
        self.score_pick: list[int] = []
        self.message: tuple[str, str] | None = None   # (title, text) shown after an error
        self.shown_round, self.shown_turn = self.state.round, self.state.turn
        self.toasts: list[tuple[str, float]] = []
        self.dirty = True
        self._legal_cache: list[engine.Action] | None = None
        self.finished = False
        self.background: pygame.Surface | None = None
        self._still: pygame.Surface | None = None      # the cached picture without animations
        self._still_key: tuple | None = None
        self.t = 0.0

    # -- lifecycle -------------------------------------------------------------
    def enter(self) -> None:
        self.queue.play_sound = self.app.audio.play
        self.background = vertical_gradient(theme.LOGICAL_SIZE, (26, 32, 50), (14, 16, 26))
        if any(not self.config.is_human(s) for s in range(self.config.n_players)):
            self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="roborescue-ai")
        self._sync()
        self._animate_opening_draws()

    def exit(self) -> None:
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = None

    def resume(self) -> None:
        self.choice_key = None

    # -- model sync --------------------------------------------------------------
    def _sync(self) -> None:
        """Make every LabModel match what the viewer may see of the engine state."""
        seen = engine.view(self.state, self.viewer)
        self.models[self.viewer].sync(seen.lab, seen.hand)
        for lab in seen.others:
            self.models[lab.seat].sync(lab)
        self.shown_round, self.shown_turn = self.state.round, self.state.turn
        self.dirty = False
        self.choice_key = None

    def _animate_opening_draws(self) -> None:
        """new_game already dealt the first cards; show them flying from the pile anyway."""
        model = self.models[self.viewer]
        hand = list(model.hand)
        model.hand = []
        model.pile_count += len(hand)
        self.animator.banner(f"Round {self.state.round}", 0.8)
        for card in hand:
            self.animator.animate(Event("drawn", self.viewer, {"card": card}))

    # -- per frame -----------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.t += dt
        self.toasts = [(text, age + dt) for text, age in self.toasts if age + dt < 4.0]
        self.queue.update(dt * self.app.settings.animation_speed)
        if self.queue.busy:
            return
        if self.dirty:
            self._sync()
        if self.state.phase == engine.OVER:
            self._finish()
            return
        seat = self.state.decision_seat
        if seat is None:
            return
        if not self.config.is_human(seat):
            self._run_ai(seat)
            return
        if seat != self.viewer:
            self._hand_over(seat)
            return
        key = (seat, self.state.phase, self.state.round, self.state.turn, tuple(self.models[seat].hand))
        if key != self.choice_key:
            self.choice_key = key
            self._prepare_choice()

    def _run_ai(self, seat: int) -> None:
        if self.future is None:
            seat_view = engine.view(self.state, seat)
            actions = engine.legal_actions(self.state)
            rng = random.Random(self.ai_rng.getrandbits(64))
            level = self.config.seats[seat]
            if self.executor is None:  # pragma: no cover - executor exists whenever an AI seat does
                self.executor = ThreadPoolExecutor(max_workers=1)
            self.future = self.executor.submit(ai.choose, seat_view, actions, rng, level)
            return
        if self.future.done():
            action = self.future.result()
            self.future = None
            self._apply(action, seat)

    def _hand_over(self, seat: int) -> None:
        from game.roborescue.handover_scene import HandoverScene

        def ready() -> None:
            self.viewer = self.viewed = seat
            self._sync()

        self.app.stack.push(HandoverScene(self.config.seat_name(seat), ready))

    def _finish(self) -> None:
        if self.finished:
            return
        self.finished = True
        from game.roborescue.end_scene import EndScene

        self.app.stack.replace(EndScene(self.config, self.state))

    # -- applying actions ------------------------------------------------------------
    def _apply(self, action: engine.Action, seat: int) -> None:
        events = engine.apply(self.state, action)
        self._legal_cache = None
        self.dirty = True
        self.choice = None
        self.message = None
        if not self.config.is_human(seat):
            self.toasts.append((f"{self.config.seat_name(seat)}: {self._describe(action)}", 0.0))
        for event in events:
            self.animator.animate(event)

    def _describe(self, action: engine.Action) -> str:
        if isinstance(action, engine.Place):
            return f"{self.cards[action.card].label} -> {engine.AREA_NAMES[action.area]}"
        return action.label

    # -- the human's choices ------------------------------------------------------------
    def _legal(self) -> list[engine.Action]:
        """The engine's legal actions, asked once per engine state (draw calls this often)."""
        if self._legal_cache is None:
            self._legal_cache = engine.legal_actions(self.state)
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

    # -- input ---------------------------------------------------------------------
    def handle(self, action: inp.Action) -> None:
        name = action.name
        if name == inp.MENU or (name == inp.BACK and action.device != "mouse"):
            self.app.stack.push(PauseScene([MenuItem("How to play", self._show_rules)]))
            return
        if name == inp.SKIP:
            self.queue.finish_all()
            return
        if name in (inp.NEXT, inp.PREV) and self.config.n_players > 1:
            step = 1 if name == inp.NEXT else -1
            self.viewed = (self.viewed + step) % self.config.n_players
            self.app.audio.play("move")
            return
        if self.viewed != self.viewer:
            if name in (inp.CONFIRM, inp.CLICK):
                self.viewed = self.viewer
            return
        if self.queue.busy or self.choice is None or self._waiting():
            return
        choice = self.choice
        if name in (inp.UP, inp.DOWN, inp.LEFT, inp.RIGHT):
            current = self._target_rect(choice.focus) if choice.focus else pygame.Rect(theme.WIDTH // 2, 300, 1, 1)
            picked = direction_pick(current, [(t, self._target_rect(t)) for t in choice.targets], name)
            if picked is not None:
                choice.focus = picked
                self.message = None
                self.app.audio.play("move")
        elif name in (inp.POINT, inp.CLICK) and action.pos:
            for target in choice.targets:
                if self._target_rect(target).collidepoint(action.pos):
                    if choice.focus != target:
                        self.message = None
                    choice.focus = target
                    if name == inp.CLICK:
                        self._confirm(target)
                    return
        elif name == inp.CONFIRM and choice.focus is not None:
            self._confirm(choice.focus)

    def _waiting(self) -> bool:
        seat = self.state.decision_seat
        return seat is None or seat != self.viewer or not self.config.is_human(seat)

    def _show_rules(self) -> None:
        from game.client.menus import NoticeScene

        self.app.stack.push(NoticeScene(
            "Each turn place 2 cards in your 4 areas. Workshop: one of each component type. Storage: robot "
            "parts only, one per colour, keep a part chain. A card that fits nowhere decommissions an area. "
            "At round end score your best 2 areas.", "How to play"))

    # -- drawing ---------------------------------------------------------------------
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

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """Blit the cached still picture (rebuilt only when something on it changed), then
        the animation in flight on top: one full-screen blit on most frames (Pi budget)."""
        self.art.patterns = self.app.settings.colourblind_patterns
        marks = self._marks()
        key = self._frame_key(marks)
        if key != self._still_key or self._still is None:
            if self._still is None:
                self._still = pygame.Surface(theme.LOGICAL_SIZE).convert()
            self._draw_still(self._still, marks)
            self._still_key = key
        surface.blit(self._still, (0, 0))
        self.queue.paint(surface)

    def _frame_key(self, marks: Marks) -> tuple:
        """Everything the still picture depends on; equal keys mean an identical picture."""
        labs = tuple((m.seat, tuple(map(tuple, m.areas)), m.decommissioned, tuple(m.display), m.pile_count,
                      m.vp_count, tuple(m.round_scores), tuple(m.hand)) for m in self.models.values())
        marks_key = (frozenset(marks.legal), frozenset(marks.dimmed), frozenset(marks.selected), marks.focus,
                     marks.ghost, marks.active_hand, marks.danger)
        return (labs, marks_key, self.viewed, self.viewer, self.shown_round, self.shown_turn, self.state.phase,
                self.state.decision_seat, self._status(), tuple(text for text, _ in self.toasts[-1:]),
                self.queue.busy, self.app.input.last_device, self.app.settings.show_hints, self.art.patterns)

    def _draw_still(self, surface: pygame.Surface, marks: Marks) -> None:
        surface.blit(self.background, (0, 0))
        model = self.models[self.viewed]
        self._draw_top_bar(surface)
        self.renderer.draw_lab(surface, model, self.cards, marks, own=self.viewed == self.viewer)
        self.renderer.draw_supply(surface, model, self.cards, marks, show_hand=self.viewed == self.viewer)
        if self.state.phase == engine.SCORE and marks.focus is not None:
            self.renderer.draw_score_button(surface, marks.focus == ("score",), True)
        title, text = self._status()
        self.renderer.draw_detail(surface, title, text, theme.BAD if self.message else theme.TEXT)
        self._draw_scores(surface)
        self._draw_toasts(surface)
        if self.app.settings.show_hints:
            draw_hints(surface, self.app.input, self.hints())

    def _draw_top_bar(self, surface: pygame.Surface) -> None:
        surface.fill(theme.SHADOW, pygame.Rect(0, 0, theme.WIDTH, 44))
        rounds = self.state.rounds_planned if self.shown_round <= self.state.rounds_planned else self.shown_round
        allows = "draw 2 cards" if self.shown_turn <= 2 else "draw 1, then the pile or the display"
        stage = f"Turn {self.shown_turn} of {engine.TURNS_PER_ROUND}"
        if self.shown_turn > engine.TURNS_PER_ROUND:
            stage, allows = "Round end", "score two areas"
        left = draw_text(surface, f"Round {self.shown_round} of {rounds}  -  {stage}",
                         (16, 22), "body", theme.TEXT, "midleft", bold=True)
        draw_text(surface, f"({allows})", (left.right + 12, 22), "small", theme.TEXT_DIM, "midleft")
        if self.config.advanced:
            draw_text(surface, "ADVANCED", (left.right + 12 + 330, 22), "small", theme.BAD, "midleft", bold=True)
        seat = self.state.decision_seat
        if seat is None:
            who = "Game over"
        elif self.config.is_human(seat) and seat == self.viewer:
            who = "Your turn" if self.config.seat_name(seat) == "You" else f"{self.config.seat_name(seat)}'s turn"
        else:
            who = f"{self.config.seat_name(seat)} is playing"
        label = draw_text(surface, who, (theme.WIDTH - 20, 22), "body", theme.BG, "midright", bold=True)
        pill = label.inflate(20, 8)
        pygame.draw.rect(surface, theme.ACCENT, pill, border_radius=10)
        draw_text(surface, who, pill.center, "body", theme.BG, "center", bold=True)
        if self.viewed != self.viewer:
            draw_text(surface, f"Viewing: {self.config.seat_name(self.viewed)}", (pill.left - 16, 22), "body",
                      theme.ACCENT_2, "midright", bold=True)

    def _draw_scores(self, surface: pygame.Surface) -> None:
        panel(surface, SCORES_RECT, radius=12)
        x, y = SCORES_RECT.left + 14, SCORES_RECT.top + 8
        if self.config.n_players == 1:
            scores = self.models[0].round_scores
            draw_text(surface, "Round scores", (x, y), "body", theme.ACCENT, bold=True)
            for i in range(self.state.rounds_planned):
                cell = pygame.Rect(x + i * 70, y + 40, 62, 56)
                pygame.draw.rect(surface, theme.BG_LIGHT, cell, border_radius=8)
                draw_text(surface, f"R{i + 1}", (cell.centerx, cell.top + 4), "tiny", theme.TEXT_DIM, "midtop")
                value = str(scores[i]) if i < len(scores) else "-"
                draw_text(surface, value, (cell.centerx, cell.bottom - 4), "body", theme.TEXT, "midbottom", bold=True)
            draw_text(surface, f"Total {sum(scores)}", (x, y + 110), "large", theme.TEXT, bold=True)
            return
        draw_text(surface, "Players: round scores, Victory Points", (x, y), "small", theme.ACCENT, bold=True)
        for seat in range(self.config.n_players):
            row = pygame.Rect(x - 6, y + 28 + seat * 32, SCORES_RECT.width - 16, 30)
            if seat == self.viewed:
                pygame.draw.rect(surface, theme.BG_LIGHT, row, border_radius=6)
            model = self.models[seat]
            marker = ">" if seat == self.state.decision_seat else " "
            draw_text(surface, f"{marker} {self.config.seat_name(seat)}", (row.left + 4, row.centery), "small",
                      theme.ACCENT if seat == self.state.decision_seat else theme.TEXT, "midleft", bold=True)
            rounds = " ".join(str(points) for points in model.round_scores) or "-"
            draw_text(surface, rounds, (row.right - 92, row.centery), "small", theme.TEXT_DIM, "midright")
            draw_text(surface, f"VP {model.vp_count}", (row.right - 6, row.centery), "small", theme.ACCENT,
                      "midright", bold=True)

    def _draw_toasts(self, surface: pygame.Surface) -> None:
        """The last move of an AI seat, at the foot of the detail panel."""
        recent = self.toasts[-1:]
        for index, (text, _age) in enumerate(recent):
            y = DETAIL_RECT.bottom - 12 - (len(recent) - index) * 24
            draw_text(surface, text, (DETAIL_RECT.left + 16, y), "small", theme.ACCENT_2)

    def hints(self) -> list[tuple[str, str]]:
        hints = [(inp.CONFIRM, "Choose"), (inp.LEFT, "Move focus")]
        if self.queue.busy:
            hints = [(inp.SKIP, "Skip animation")]
        if self.config.n_players > 1:
            hints.append((inp.NEXT, "View labs"))
        hints.append((inp.MENU, "Pause"))
        return hints
