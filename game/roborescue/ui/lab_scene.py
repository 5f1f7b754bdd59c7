"""The Robo Rescue: Origins lab screen: one game from the first draw to the last score.

The screen holds the engine state but never decides a rule: every choice offered comes
from `engine.legal_choices`, every change from `engine.apply`, and the returned events
become beats of the shared sequencer (lab_event_anim.py) that move cards in the display
model (lab_render.LabModel).

Input is the same for every device. Focus moves between *targets* (areas, the pile,
display slots, drawn cards, lab cards, the Score button) by direction keys / d-pad, or
the pointer hovers them; confirm / click acts on the focused target (lab_choice_ui.py).
The focus always starts on a legal choice, so pressing confirm repeatedly plays a
sensible game.

AI seats think in the shared AI worker process (game.client.ai_worker) on a pickled copy of
their immutable `PlayerView`, polled in update(), so a frame never waits for them.

The game lives in a game.core.session.GameSession: every choice goes through it and the game
is saved after each one (game.core.session.save_session_later, off the frame), so leaving at any point keeps it;
`LabScene(config, setup, session)` continues a saved game (ui/scene.py's resume_scene). UNDO
takes back the human's own last choice through GameSession.undo, the one undo policy of
every game (so never past a draw or another seat's choice). With two or more human seats, a hand-over
screen hides the lab whenever the decision passes to a different person.
"""
from __future__ import annotations

import random
import traceback
from typing import TYPE_CHECKING, Callable

import pygame

from game.client.text import draw_fit, font
from game.client import input as inp
from game.client import theme
from game.client.ai_worker import AIWorker
from game.client.decisions import automatic_choice
from game.client.menus import PauseScene
from game.client.scene import Scene
from game.client.sequencer import Sequencer
from game.client.widgets import (MenuItem, draw_hints, draw_text, hints_shown, opaque_surface, paint_vertical_gradient,
                                 panel)
from game.core.session import GameSession, save_session_later
from game.core.storage import wait_idle as wait_for_saves
from game.roborescue import rules
from game.roborescue import ai
from game.roborescue.rules import engine
from game.roborescue.ui.card_sprites import BACK_EDGE, BACK_FILL, CardArt
from game.roborescue.rules.events import Event
from game.roborescue.ui.end_scene import EndScene
from game.roborescue.ui.handover_scene import HandoverScene
from game.roborescue.ui.howto import how_to_play_scene
from game.roborescue.ui.inspect import Inspectable, inspect_at, inspect_targets, stepping_order
from game.roborescue.ui.lab_choice_ui import Choice, LabChoices, direction_pick
from game.roborescue.ui.lab_config import HUMAN, GameConfig, forget_seats, remember_seats
from game.roborescue.ui.lab_event_anim import EventBeats
from game.roborescue.ui.lab_render import DETAIL_RECT, SCORES_RECT, LabModel, LabRenderer, Marks

if TYPE_CHECKING:  # pragma: no cover - concurrent.futures costs ~30 ms of start-up before the first frame
    from concurrent.futures import Future

__all__ = ["HUMAN", "GameConfig", "LabScene"]   # the config lives in lab_config.py; kept reachable here
BACKGROUND = ((26, 32, 50), (14, 16, 26))      # the lab's gradient, top to bottom


# ----------------------------------------------------------------------------- the scene
class LabScene(LabChoices, Scene):
    covers_screen = True      # the cached still picture is a full-screen opaque layer

    def __init__(self, config: GameConfig, setup: Callable[[GameConfig], Scene] | None = None,
                 session: GameSession | None = None) -> None:
        """`setup(config)` makes the set-up menu that the end screen's "New set-up" opens (the
        set-up menu passes its own class); without it that item is not offered. `session`
        continues a saved game of the same set-up instead of dealing a new one."""
        super().__init__()
        self.config = config
        self.setup = setup
        self.resumed = session is not None
        self.session = session or GameSession.start(rules, engine.Config(config.n_players, config.advanced),
                                                     config.seed)
        self.cards = self.state.cards
        self.art = CardArt()
        self.renderer = LabRenderer(self.art)
        self.models = {seat: LabModel(seat) for seat in range(config.n_players)}
        humans = [s for s in range(config.n_players) if config.is_human(s)]
        self.viewer = humans[0] if humans else 0     # whose eyes the screen uses
        self.viewed = self.viewer                    # whose Lab is on screen (tab cycles)
        self.queue = Sequencer()
        self.animator = EventBeats(self)
        self.executor: AIWorker | None = None
        self.future: Future | None = None
        # a resumed game's robots continue on a stream of their own
        self.ai_rng = random.Random(config.seed * 7919 + 1 + 104729 * len(self.session.choices))
        self.choice: Choice | None = None
        self.choice_key: tuple | None = None
        self.hand_index = 0
        self.score_pick: list[int] = []
        self.message: tuple[str, str] | None = None   # (title, text) shown after an error
        self.pointed: Inspectable | None = None         # what the pointer rests on (not a choice)
        self.inspecting = False                         # INFO: step through everything with the arrows
        self.inspected: Inspectable | None = None
        self.shown_round, self.shown_turn = self.state.round, self.state.turn
        self.toasts: list[tuple[str, float]] = []
        self.dirty = True
        self._legal_cache: list[engine.Action] | None = None
        self.finished = False
        self._still: pygame.Surface | None = None      # the cached picture without animations
        self._still_key: tuple | None = None
        self.t = 0.0

    @property
    def state(self) -> engine.GameState:
        """The live game (the session's)."""
        return self.session.state

    # -- lifecycle -------------------------------------------------------------
    def enter(self) -> None:
        self.queue.play_sound = self.app.audio.play
        self.app.audio.warm()       # every effect now: the first draw's sound used to be built mid-animation
        if any(not self.config.is_human(s) for s in range(self.config.n_players)):
            self.executor = AIWorker()
        remember_seats(self.config)
        save_session_later(self.session)
        self._sync()
        if self.resumed:
            self.animator.banner(f"Welcome back: round {self.state.round}", 0.8)
        else:
            self._animate_opening_draws()

    def exit(self) -> None:
        if self.executor is not None:
            self.executor.close()
            self.executor = None
        wait_for_saves()        # the last background save reaches the disk before the screen closes

    def resume(self) -> None:
        self.choice_key = None

    # -- model sync --------------------------------------------------------------
    def _sync(self) -> None:
        """Make every LabModel match what the viewer may see of the engine state."""
        seen = engine.seat_view(self.state, self.viewer)
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
    def animating(self) -> bool:
        """Cards moving, toasts fading, or a position to show (issue 26); an AI's question and
        answer wake the App by themselves."""
        return self.queue.busy or self.dirty or bool(self.toasts)

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
        automatic = self._automatic_choice()
        if automatic is not None:      # one legal option: nothing to ask (the toast says what happened)
            self.toasts.append((f"Only one choice: {self._describe(automatic)}", 0.0))
            self._apply(automatic, seat)
            return
        key = (seat, self.state.phase, self.state.round, self.state.turn, tuple(self.models[seat].hand))
        if key != self.choice_key:
            self.choice_key = key
            self._prepare_choice()

    def _run_ai(self, seat: int) -> None:
        if self.future is None:
            seat_view = engine.seat_view(self.state, seat)
            actions = engine.legal_choices(self.state)
            rng = random.Random(self.ai_rng.getrandbits(64))
            level = self.config.seats[seat]
            if self.executor is None:  # pragma: no cover - executor exists whenever an AI seat does
                self.executor = AIWorker()
            self.future = self.executor.submit(ai.choose, seat_view, actions, rng, level)
            return
        if self.future.done():
            future, self.future = self.future, None
            legal = engine.legal_choices(self.state)
            try:
                action = future.result()
                if action not in legal:
                    raise ValueError(f"AI chose an illegal action {action!r}")
            except Exception:   # an AI bug must not end the player's game: report it, play on
                traceback.print_exc()
                action = legal[0]
                self.toasts.append((f"{self.config.seat_name(seat)} had a problem and made a default move", 0.0))
            self._apply(action, seat)

    def _hand_over(self, seat: int) -> None:
        def ready() -> None:
            self.viewer = self.viewed = seat
            self._sync()

        self.app.stack.push(HandoverScene(self.config.seat_name(seat), ready))

    def _finish(self) -> None:
        if self.finished:
            return
        self.finished = True
        setup = self.setup
        self.app.stack.replace(EndScene(self.config, self.state, play_again=lambda config: LabScene(config, setup),
                                        new_setup=setup))

    # -- applying actions ------------------------------------------------------------
    def _apply(self, action: engine.Action, seat: int) -> None:
        events = self.session.apply(action)
        save_session_later(self.session)      # a finished game removes its save instead
        if self.session.is_over() and self.session.keeps_save:     # a table's TV board forgets nothing
            forget_seats()
        self._legal_cache = None
        self.dirty = True
        self.choice = None
        self.message = None
        if not self.config.is_human(seat):
            self.toasts.append((f"{self.config.seat_name(seat)}: {self._describe(action)}", 0.0))
        for event in events:
            self.animator.animate(event)

    def _automatic_choice(self) -> engine.Action | None:
        """The human's decision when it has a single legal option (a card that fits only one
        area, the one card left to put face down), through the client's one rule
        game.client.decisions.automatic_choice and its "Ask before every step" setting."""
        if self.viewed != self.viewer or self._waiting():
            return None
        return automatic_choice(self._legal(), self.app.settings.ask_every_step)

    def _can_undo(self) -> bool:
        return (not self.queue.busy and not self._waiting() and self.future is None
                and self.session.can_undo(self.viewer))

    def _undo(self) -> None:
        """Take back the viewer's own last choice (never past a draw or another seat's choice)."""
        if not self._can_undo():
            self.app.audio.play("error")
            return
        taken = self.session.undo(self.viewer)
        self.app.audio.play("click")
        self._legal_cache = None
        # A choice that made itself is taken back with the one before it, or it would make itself again.
        while self._automatic_choice() is not None and self.session.can_undo(self.viewer):
            taken = self.session.undo(self.viewer)
            self._legal_cache = None
        save_session_later(self.session)
        self.choice = None
        self.message = None
        self._sync()
        self.toasts.append((f"Taken back: {self._describe(taken)}", 0.0))

    def _describe(self, action: engine.Action) -> str:
        if isinstance(action, engine.Place):
            return f"{self.cards[action.card].label} -> {engine.AREA_NAMES[action.area]}"
        return action.label

    # -- input ---------------------------------------------------------------------
    def handle(self, action: inp.Action) -> None:
        name = action.name
        if name == inp.INFO:
            self._toggle_inspect()
            return
        if self.inspecting:
            self._handle_inspect(action)
            return
        if name == inp.MENU or (name == inp.BACK and action.device != "mouse"):
            self.app.stack.push(PauseScene([MenuItem("How to play", self._show_rules)]))
            return
        if name == inp.POINT and action.pos:
            self.pointed = self._pointed_at(action.pos)
        if name == inp.SKIP:
            self.queue.skip()
            return
        if name == inp.UNDO:
            self._undo()
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

    # -- inspect anything ------------------------------------------------------------
    def _inspect_targets(self) -> list[Inspectable]:
        return inspect_targets(self.models[self.viewed], self.cards, self.viewed == self.viewer)

    def _pointed_at(self, pos: tuple[int, int]) -> Inspectable | None:
        """What the pointer rests on, unless it is a choice (the choice's own text says more then)."""
        choice = self.choice
        if choice is not None and self.viewed == self.viewer and not self._waiting() and any(
                self._target_rect(t).collidepoint(pos) for t in choice.targets):
            return None
        return inspect_at(self._inspect_targets(), pos)

    def _toggle_inspect(self) -> None:
        self.inspecting = not self.inspecting
        if not self.inspecting:
            self.inspected = None
            return
        order = stepping_order(self._inspect_targets())
        self.inspected = self.pointed or (order[0] if order else None)

    def _handle_inspect(self, action: inp.Action) -> None:
        """INFO mode: arrows / Tab step through the lab, the pointer picks, Back closes."""
        name = action.name
        if name in (inp.BACK, inp.CONFIRM, inp.MENU):
            self.inspecting, self.inspected = False, None
        elif name in (inp.POINT, inp.CLICK) and action.pos:
            hit = inspect_at(self._inspect_targets(), action.pos)
            if hit is not None:
                self.inspected = hit
        elif name in (inp.LEFT, inp.RIGHT, inp.UP, inp.DOWN, inp.NEXT, inp.PREV):
            order = stepping_order(self._inspect_targets())
            if not order:
                return
            step = 1 if name in (inp.RIGHT, inp.DOWN, inp.NEXT) else -1
            current = next((i for i, t in enumerate(order) if self.inspected is not None
                            and (t.rect, t.title) == (self.inspected.rect, self.inspected.title)), None)
            self.inspected = order[0 if current is None else (current + step) % len(order)]
            self.app.audio.play("move")

    def detail(self) -> tuple[str, str]:
        """(title, text) of the detail panel: the inspected or pointed thing, else the instruction."""
        if self.inspecting and self.inspected is not None:
            return self.inspected.title, self.inspected.text
        if self.pointed is not None and not self.message:
            return self.pointed.title, self.pointed.text
        return self._status()

    def _show_rules(self) -> None:
        self.app.stack.push(how_to_play_scene())

    # -- drawing ---------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """Blit the cached still picture (rebuilt only when something on it changed), then
        the animation in flight on top: one full-screen blit on most frames (Pi budget)."""
        self.art.patterns = self.app.settings.colourblind_patterns
        marks = self._marks()
        key = self._frame_key(marks)
        if key != self._still_key or self._still is None:
            if self._still is None:
                self._still = opaque_surface(theme.LOGICAL_SIZE)
            self._draw_still(self._still, marks)
            self._still_key = key
        surface.blit(self._still, (0, 0))
        if self.inspecting and self.inspected is not None:
            pygame.draw.rect(surface, theme.ACCENT, self.inspected.rect.inflate(8, 8), 4, border_radius=10)
        self.queue.draw(surface)

    def _frame_key(self, marks: Marks) -> tuple:
        """Everything the still picture depends on; equal keys mean an identical picture."""
        labs = tuple((m.seat, tuple(map(tuple, m.areas)), m.decommissioned, tuple(m.display), m.pile_count,
                      m.vp_count, tuple(m.round_scores), tuple(m.hand)) for m in self.models.values())
        marks_key = (frozenset(marks.legal), frozenset(marks.dimmed), frozenset(marks.selected), marks.focus,
                     marks.ghost, marks.active_hand, marks.danger)
        return (labs, marks_key, self.viewed, self.viewer, self.shown_round, self.shown_turn, self.state.phase,
                self.state.decision_seat, self.detail(), self.inspecting, tuple(text for text, _ in self.toasts[-1:]),
                self.queue.busy, self.app.input.last_device, self.app.settings.show_hints, self.art.patterns,
                self._can_undo())

    def _draw_still(self, surface: pygame.Surface, marks: Marks) -> None:
        paint_vertical_gradient(surface, *BACKGROUND)   # painted: no full-screen copy kept (issue 26)
        model = self.models[self.viewed]
        self._draw_top_bar(surface)
        self.renderer.draw_lab(surface, model, self.cards, marks)
        self.renderer.draw_supply(surface, model, self.cards, marks, show_hand=self.viewed == self.viewer)
        if self.state.phase == engine.SCORE and marks.focus is not None:
            self.renderer.draw_score_button(surface, marks.focus == ("score",), True)
        title, text = self.detail()
        self.renderer.draw_detail(surface, title, text, theme.BAD if self.message else theme.TEXT)
        self._draw_scores(surface)
        self._draw_toasts(surface)
        if hints_shown(self.app):
            draw_hints(surface, self.app.input, self.hints())

    def _draw_top_bar(self, surface: pygame.Surface) -> None:
        surface.fill(theme.SHADOW, pygame.Rect(0, 0, theme.WIDTH, 44))
        rounds = self.state.rounds_planned if self.shown_round <= self.state.rounds_planned else self.shown_round
        allows = "draw 2 cards" if self.shown_turn <= 2 else "draw 1, then the pile or the display"
        stage = f"Turn {self.shown_turn} of {engine.TURNS_PER_ROUND}"
        if self.shown_turn > engine.TURNS_PER_ROUND:
            stage, allows = "Round end", "score two areas"
        seat = self.state.decision_seat
        if seat is None:
            who = "Game over"
        elif self.config.is_human(seat) and seat == self.viewer:
            who = "Your turn" if self.config.seat_name(seat) == "You" else f"{self.config.seat_name(seat)}'s turn"
        else:
            who = f"{self.config.seat_name(seat)} is playing"
        # the turn pill on the right (at most 40% of the bar), then the round line in the room left of it
        pill = pygame.Rect(0, 0, min(font("body", True).size(who)[0] + 24, theme.WIDTH * 2 // 5), 34)
        pill.midright = (theme.WIDTH - 20, 22)
        pygame.draw.rect(surface, theme.ACCENT, pill, border_radius=10)
        draw_fit(surface, who, pill.inflate(-20, -4), "body", theme.BG, align="center", valign="middle", wrap=False,
                 bold=True)
        pieces = [(f"Round {self.shown_round} of {rounds}  -  {stage}", "body", theme.TEXT, True),
                  (f"({allows})", "small", theme.TEXT_DIM, False)]
        if self.config.advanced:
            pieces.append(("ADVANCED", "small", theme.BAD, True))
        if self.viewed != self.viewer:
            pieces.append((f"Viewing: {self.config.seat_name(self.viewed)}", "body", theme.ACCENT_2, True))
        x = 16
        for text, size, colour, bold in pieces:
            room = pill.left - 16 - x
            if room < 60:
                break
            used = draw_fit(surface, text, pygame.Rect(x, 0, room, 44), size, colour, valign="middle", wrap=False,
                            bold=bold)
            x = used.right + 12

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
            rounds = "  ".join(str(points) for points in model.round_scores) or "-"
            rounds_w = min(font("small").size(rounds)[0], 160)
            name_box = pygame.Rect(row.left + 4, row.top, row.right - 150 - rounds_w - 12 - (row.left + 4), row.height)
            draw_fit(surface, f"{marker} {self.config.seat_name(seat, short=True)}", name_box, "small",
                     theme.ACCENT if seat == self.state.decision_seat else theme.TEXT, valign="middle", wrap=False,
                     bold=True)
            draw_fit(surface, rounds, pygame.Rect(row.right - 150 - rounds_w, row.top, rounds_w, row.height), "small",
                     theme.TEXT_DIM, align="right", valign="middle", wrap=False)
            for pile in range(model.vp_count):   # the VP pile: one small face-down card per point
                card = pygame.Rect(row.right - 140 + pile * 10, row.top + 4, 14, 22)
                pygame.draw.rect(surface, BACK_FILL, card, border_radius=3)
                pygame.draw.rect(surface, BACK_EDGE, card, 2, border_radius=3)
            draw_text(surface, f"VP {model.vp_count}", (row.right - 6, row.centery), "small", theme.ACCENT,
                      "midright", bold=True)

    def _draw_toasts(self, surface: pygame.Surface) -> None:
        """The last move of an AI seat, at the foot of the detail panel."""
        recent = self.toasts[-1:]
        for index, (text, _age) in enumerate(recent):
            y = DETAIL_RECT.bottom - 12 - (len(recent) - index) * 24
            draw_fit(surface, text, pygame.Rect(DETAIL_RECT.left + 16, y - 2, DETAIL_RECT.width - 32, 26), "small",
                     theme.ACCENT_2, wrap=False)

    def hints(self) -> list[tuple[str, str]]:
        if self.inspecting:
            return [(inp.LEFT_RIGHT, "Next thing"), (inp.INFO, "Close")]
        hints = [(inp.CONFIRM, "Choose"), (inp.LEFT_RIGHT, "Move focus")]
        if self.queue.busy:
            hints = [(inp.SKIP, "Skip animation")]
        if self._can_undo():
            hints.append((inp.UNDO, "Undo"))
        if self.config.n_players > 1:
            hints.append((inp.NEXT, "View labs"))
        hints.append((inp.INFO, "Read anything"))
        hints.append((inp.MENU, "Pause"))
        return hints
