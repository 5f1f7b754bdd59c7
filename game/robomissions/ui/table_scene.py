"""The ROBOMissions table: where humans and AIs play a game through the engine.

The scene owns the live `GameState` but draws only `seat_view(state, viewer)`; it asks the engine
for legal actions, shows them as options, and hands the chosen one to `engine.apply`. The
events that come back become animations and log lines (event_anim.py); the table switches to
the new view once they have played. AI seats think in the shared AI worker process
(game.client.ai_worker) on their own view and
a copy of the legal list, so a frame never waits for them. With several humans at one
screen a hand-over screen (handover_scene.py) hides the table between their turns, and a
hand is face up only for its owner's turn. The game ends on results_scene.py.

The game lives in a game.core.session.GameSession: every choice goes through it and the game
is saved after each one (game.core.session.save_session_later, off the frame), so leaving at any point keeps it;
`TableScene(config, session)` continues a saved game (ui/scene.py's resume_scene). UNDO takes
back the human's own last choice through GameSession.undo, the one undo policy of every game.
"""
from __future__ import annotations

import random
import traceback
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.client import input as inp
from game.client import theme
from game.client.ai_worker import AIWorker
from game.client.decisions import automatic_choice
from game.client.layers import CachedRegion
from game.client.menus import ChoiceScene, ConfirmScene, PauseScene, TitleScene
from game.client.scene import Scene
from game.client.sequencer import Beat, Sequencer
from game.client.widgets import (MenuItem, draw_hints, draw_paragraph, draw_text, font, hints_shown, opaque_surface,
                                 panel, render_text, wrap_text)
from game.core.session import GameSession, forget_saved_game, save_session_later
from game.core.storage import wait_idle as wait_for_saves
from game.robomissions import rules
from game.robomissions.ui import anim
from game.robomissions.rules import engine
from game.robomissions.ui import card_sprites as sprites
from game.robomissions.ui import table_render as render
from game.robomissions.ai import make_bot
from game.robomissions.ui.choice_ui import (FocusMover, Option, build_options, focused_rect, option_at, prompt,
                                            robot_name)
from game.robomissions.rules.engine import (Action, Cancel, Discard, Draw, EndTurn, Pick, Play, RepairChain, SelfCharge,
                                      UseBattery)
from game.robomissions.ui.event_anim import FLY_SIZE, Scenes, build_beats, log_line, name_of
from game.robomissions.rules.events import Event, redact
from game.robomissions.ui.inspect import Inspectable, inspect_at, inspect_targets, stepping_order
from game.robomissions.ui.table_config import MODE_NAMES, TableConfig, forget_seats, remember_seats
from game.robomissions.rules.view import SeatView, seat_view

if TYPE_CHECKING:  # pragma: no cover - concurrent.futures costs ~30 ms of start-up before the first frame
    from concurrent.futures import Future

LOG_LINES = 200
AI_BEAT = 0.35        # seconds an AI's intermediate choice stays marked on the table


class TableScene(Scene):
    covers_screen = True      # the cached board is a full-screen opaque layer

    def __init__(self, config: TableConfig, session: GameSession | None = None) -> None:
        """Deal a new game for `config`, or continue `session` (a saved game of the same set-up)."""
        super().__init__()
        self.config = config
        self.resumed = session is not None
        self.session = session or GameSession.start(rules, engine.Config(config.mode, config.n_players), config.seed)
        self.humans = frozenset(config.humans())
        self.bots = {seat: make_bot(kind) for seat, kind in enumerate(config.seats) if kind != "human"}
        moves = len(self.session.choices)     # a resumed game's AIs continue on a stream of their own
        self.rngs = {seat: random.Random(config.seed * 31 + seat + 7919 * moves) for seat in self.bots}
        self.viewer = min(self.humans) if self.humans else 0
        self.owner_ready: int | None = None if len(self.humans) > 1 else self.viewer  # whose hand may be face up
        self.timeline = Sequencer()
        self.log: list[tuple[str, tuple[int, int, int]]] = []
        self.log_scroll = 0
        self.log_count = 0                    # lines ever logged (the board cache's key)
        self._board_surface: pygame.Surface | None = None
        self._board_key: tuple | None = None
        self.board_version = 0                # bumped whenever the shown view or the layout changes
        self.options: list[Option] = []
        self.focus = 0
        self.mover = FocusMover()                    # arrows retrace their steps
        self.hidden_cards: set[int] = set()
        self.hidden_robots: set[int] = set()
        self.marker: tuple[pygame.Rect, tuple[int, int, int]] | None = None
        self.info: tuple[str, str] = ("", "")
        self.hover: tuple[str, str] | None = None    # what the mouse pointer rests on
        self.hover_cards: tuple[int, ...] = ()       # the cards of what the pointer rests on (for INFO)
        self.zoom = False                            # INFO: show the focused card(s) large
        self.inspected: Inspectable | None = None    # INFO: what is shown (arrows step through the table)
        self.pointer: tuple[int, int] | None = None  # where the pointer last rested
        self.fast_forward = False                    # spectating (no human left): skip every animation
        self.executor: AIWorker | None = None
        self._base = CachedRegion()              # board + info panel + a hidden hand (see draw)
        self.future: Future | None = None
        self.dirty = False
        self.awaiting_handover = False
        self.results_shown = False
        self.offered_watch = False                   # the human seat is out: watch / fast-forward / leave asked
        self.t = 0.0
        self.played: list[tuple[int, Action]] = []    # every applied (seat, action), in order
        self.shown: SeatView = seat_view(self.state, self.viewer)
        self.layout = render.build_layout(self.shown, self.viewer)
        self._sync()

    @property
    def state(self) -> engine.GameState:
        """The live game (the session's: undo replaces it)."""
        return self.session.state

    # ------------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        self.executor = AIWorker()
        self.timeline.play_sound = self.app.audio.play
        self.app.audio.warm()       # every effect now, none synthesised mid-animation
        self._log(f"{MODE_NAMES[self.config.mode]}, {self.config.n_players} players (seed {self.config.seed})",
                  theme.TEXT_DIM)
        remember_seats(self.config)
        save_session_later(self.session)
        if self.resumed:
            self._log(f"-- continued after {len(self.session.choices)} choices --", theme.TEXT_DIM)
            self.timeline.add(Beat([anim.Banner("Welcome back!", theme.ACCENT, duration=1.0)], "win"))
            return
        self._log(f"-- {name_of(self.state.current, self.viewer, self.humans)} start --", theme.TEXT_DIM)
        self._deal()
        self.timeline.add(Beat([anim.Banner("Let's battle!", theme.ACCENT, duration=1.0)], "win"))

    def _deal(self) -> None:
        """The opening deal: card backs fly from the deck to every hand, one after another."""
        deck = self.layout.piles["draw"].center
        flies, delay = [], 0.0
        for event in self.state.setup_events:
            if event.kind != "card_drawn":
                continue
            if event.player == self.viewer and event.card in self.layout.hand_cards:
                end = self.layout.hand_cards[event.card].center
            else:
                hand = self.layout.hands.get(event.player)
                end = hand.center if hand else (500, 640)
            scale = 1.0 if event.player == self.viewer else 0.3
            flies.append(anim.FlyingCard(sprites.card_back(FLY_SIZE), deck, end, duration=0.3, end_scale=scale,
                                         delay=delay))
            delay += 0.04
        self.hidden_cards.update(self.shown.hand)
        self.timeline.add(Beat(flies, "card"))
        self.timeline.add(Beat([anim.Pause(0.05)], on_start=self.hidden_cards.clear))

    def exit(self) -> None:
        if self.executor is not None:
            self.executor.close()
            self.executor = None
        wait_for_saves()        # the last background save reaches the disk before the screen closes

    # ------------------------------------------------------------------ helpers
    @property
    def hand_visible(self) -> bool:
        """The viewer's hand faces may be drawn: a human's own hand, and only to its owner."""
        if self.viewer not in self.humans or self.owner_ready != self.viewer:
            return False
        return len(self.humans) == 1 or self.state.current == self.viewer

    @property
    def human_to_act(self) -> bool:
        return (not self.state.is_over and self.state.current == self.viewer and self.viewer in self.humans
                and self.hand_visible and not self.timeline.busy and not self.dirty)

    def seat_label(self, seat: int) -> str:
        kind = self.config.seats[seat]
        who = "You" if seat in self.humans and len(self.humans) == 1 else ("Human" if kind == "human" else f"AI {kind}")
        team = render.team_label(self.config.mode, self.config.n_players, seat)
        return f"{render.seat_name(seat)} · {who}" + (f" · {team.split()[0]}" if team else "")

    def _log(self, text: str, colour) -> None:
        self.log.append((text, colour))
        self.log_count += 1
        del self.log[:-LOG_LINES]
        self.log_scroll = 0

    def _sync(self) -> None:
        """Show the current state and refresh what the human may choose."""
        self.shown = seat_view(self.state, self.viewer)
        self.hidden_cards.clear()
        self.hidden_robots.clear()
        self.dirty = False
        self._refresh_options()

    def _segments(self) -> dict[int, tuple[int, ...]]:
        """Each Chainbot's gap-free run, as the engine counts it (public: chains are on the table)."""
        return {rid: tuple(engine.chain_segment(self.state, robot)) for rid, robot in self.state.robots.items()
                if robot.kind == "chainbot"}

    def _refresh_options(self) -> None:
        self.board_version += 1
        self.mover.reset()
        previous = self.options[self.focus].action if self.options and self.focus < len(self.options) else None
        if self.human_to_act:
            legal = engine.legal_choices(self.state)
            picks = [a for a in legal if isinstance(a, Pick)]
            chain = self.shown.chains[self.viewer]
            reserve_new = frozenset({self.viewer}) if any(a.kind == "new" for a in picks) else frozenset()
            reserve_end = frozenset({self.viewer}) if any(a.kind == "slot" and a.ref == len(chain) for a in picks) \
                else frozenset()
            self.layout = render.build_layout(self.shown, self.viewer, reserve_new, reserve_end)
            limit = engine.hand_limit(self.state, self.viewer)
            self.options = build_options(self.shown, self.layout, legal, limit, self._segments())
            actions = [o.action for o in self.options]
            first_card = next((i for i, o in enumerate(self.options) if o.hand_card is not None), 0)
            self.focus = actions.index(previous) if previous in actions else first_card   # start in the hand
            self.info = (prompt(self.shown, limit), "")
        else:
            self.layout = render.build_layout(self.shown, self.viewer)
            self.options, self.focus = [], 0

    # ------------------------------------------------------------------ game flow
    @property
    def spectating(self) -> bool:
        """No human seat is still in the game: the screen only watches the AIs."""
        return not any(self.state.players[seat].alive for seat in self.humans)

    def animating(self) -> bool:
        """Cards and robots moving, the thinking dots, or a position to show (issue 26); the turn
        glow and the options' pulse run on the App's lively clock, while the player is about."""
        return self.timeline.busy or self.dirty or self.future is not None

    def update(self, dt: float) -> None:
        self.t += dt
        if self.fast_forward and self.spectating:
            self.timeline.skip()
        self.timeline.update(dt * self.app.settings.animation_speed)
        if self.marker and not self.timeline.busy:
            self.marker = None
        self._poll_ai()
        if self.timeline.busy:
            return
        if self.dirty:
            self._sync()
        if self.state.is_over:
            if not self.results_shown:
                self.results_shown = True
                from game.robomissions.ui.results_scene import ResultsScene   # not needed for the first frame

                self.app.stack.push(ResultsScene(self, play_again=TableScene))
            return
        if self.humans and self.spectating and not self.offered_watch:
            self.offered_watch = True
            self._offer_watch()
            return
        seat = self.state.current
        automatic = self._automatic_choice()
        if automatic is not None:
            self._apply(self.viewer, automatic)
            return
        if seat in self.humans:
            if self.owner_ready != seat or self.viewer != seat:
                if len(self.humans) > 1:
                    if not self.awaiting_handover:
                        self.awaiting_handover = True
                        from game.robomissions.ui.handover_scene import HandOverScene

                        self.app.stack.push(HandOverScene(self, seat))
                    return
                self.viewer, self.owner_ready = seat, seat
                self._sync()
        elif self.future is None and self.executor is not None:
            # The bot gets its own seat's view (a frozen snapshot) and a fresh list: never the live state.
            # A fresh RNG drawn from the seat's own: the worker process gets a copy, so the seat's
            # stream must advance here, in the scene.
            bot, rng = self.bots[seat], random.Random(self.rngs[seat].getrandbits(64))
            self.future = self.executor.submit(bot.choose, seat_view(self.state, seat), engine.legal_choices(self.state),
                                               rng)
            self.info = (f"{render.seat_name(seat)} is thinking...", "")

    def _offer_watch(self) -> None:
        """Every human seat is out but the AIs play on (issue 25: 64 turns to sit through):
        watch them, fast-forward to the results, or leave (the game is dropped, nothing to resume)."""
        left = sum(1 for player in self.state.players if player.alive)

        def fast() -> None:
            self.fast_forward = True

        def leave() -> None:
            self.app.stack.clear_to(TitleScene())      # the table closes first: its last save is written
            forget_saved_game(engine.GAME_ID)
            forget_seats()

        out = "You are out" if len(self.humans) == 1 else "Every human player is out"
        self.app.stack.push(ChoiceScene(
            f"{out}: {left} AI players fight on", [("Watch", lambda: None), ("Fast-forward to the results", fast),
                                                    ("Leave to the title", leave)],
            details=["Watch the rest at normal speed (Tab switches fast-forward on and off)",
                     "Skip every animation until someone wins", "End this game here"]))

    def _automatic_choice(self) -> Action | None:
        """The one thing the human can do now, when a card's question has a single answer.

        "Chain +" for a Chainbot with no gap to fill, "New Megabot" for a Head: nothing to
        decide, so it resolves itself (Cancel, backing out, is not an answer): the client's
        one rule, game.client.decisions.automatic_choice, with the "Ask before every step" setting.
        """
        if not self.human_to_act or self.state.pending is None:
            return None
        answers = [a for a in engine.legal_choices(self.state) if not isinstance(a, Cancel)]
        choice = automatic_choice(answers, self.app.settings.ask_every_step)
        return choice if isinstance(choice, Pick) else None

    def _poll_ai(self) -> None:
        if self.future is None or not self.future.done() or self.timeline.busy or self.dirty:
            return
        future, self.future = self.future, None
        try:
            action = future.result()
        except Exception:  # noqa: BLE001 - a bot bug must not end the players' game
            traceback.print_exc()
            action = engine.legal_choices(self.state)[-1]     # EndTurn, or the last legal pick
            self._log(f"{render.seat_name(self.state.current)}'s AI failed; it plays safe", theme.BAD)
        self._apply(self.state.current, action)

    def hand_over_done(self, seat: int) -> None:
        self.awaiting_handover = False
        self.viewer, self.owner_ready = seat, seat
        self._sync()

    def _apply(self, seat: int, action: Action) -> None:
        """Send a choice to the engine and queue what happened for the screen."""
        legal = engine.legal_choices(self.state)
        if action not in legal:   # an engine or bot bug; never let it corrupt the game
            raise engine.IllegalAction(f"{action!r} is not among the legal actions")
        before, before_layout = self.shown, self.layout
        marker = self._marker_for(action, seat) if seat not in self.humans else None
        segments = self._segments()
        events = self.session.apply(action)
        save_session_later(self.session)      # a finished game removes its save instead
        if self.session.is_over() and self.session.keeps_save:     # a table's TV board forgets nothing
            forget_seats()
        self.played.append((seat, action))
        if seat not in self.humans:
            self.info = (f"{render.seat_name(seat)}: {self._public_text(action, events)}", "")
        self._show(seat, events, before, before_layout, segments, marker)

    def _show(self, seat: int, events: list[Event], before: SeatView, before_layout, segments: dict,
              marker: pygame.Rect | None = None) -> None:
        """Queue what `seat`'s choice did (the view before it, its layout and chains) as log lines and
        animations; the table switches to the new view once they have played."""
        if not events:
            if marker is not None:
                self.marker = (marker, render.seat_colour(before, seat))
                self.timeline.add(Beat([anim.Pause(AI_BEAT)]))
                self.dirty = True
            else:
                self._sync()
            return
        self.dirty = True
        after = seat_view(self.state, self.viewer)
        scenes = Scenes(before, before_layout, after, render.build_layout(after, self.viewer), self.viewer,
                        self.hand_visible, segments)
        shown_events = redact(events, self.viewer if self.hand_visible else -1)
        for event in shown_events:
            line = log_line(event, scenes, self.humans)
            if line:
                self._log(line, self._log_colour(event))
        if marker is not None:
            self.marker = (marker, render.seat_colour(before, seat))
        self.timeline.extend(build_beats(shown_events, scenes, self.humans, self.hidden_cards.add, self.hidden_robots.add))
        self.timeline.add(Beat([anim.Pause(0.15)]))

    def _public_text(self, action: Action, events: list[Event]) -> str:
        """What everyone may know about an AI's choice (a card is only named once it is played)."""
        played = next((e for e in events if e.kind == "card_played"), None)
        if played is not None:
            return f"plays {self.shown.cards[played.card].name}"
        cards = self.shown.cards
        if isinstance(action, Pick):
            if action.kind == "robot":
                robot = next((r for r in self.shown.robots if r.rid == action.ref), None)
                return f"chooses {robot_name(self.shown, robot)}" if robot else "chooses a robot"
            return {"new": "starts a new Megabot", "side": "picks an arm side", "slot": "picks a chain place",
                    "part": f"chops off {cards[action.ref].name}" if action.kind == "part" else "",
                    "player": f"targets {render.seat_name(action.ref)}"}.get(action.kind, "chooses")
        texts = {Play: "picks a card...", Draw: "draws a card", EndTurn: "ends the turn", Cancel: "changes their mind",
                 RepairChain: "repairs the chain", UseBattery: "uses the Parallel Pack again",
                 SelfCharge: "self-charges an attack"}
        if isinstance(action, Discard):
            return f"discards {cards[action.card].name}"
        return texts.get(type(action), "acts")

    def _marker_for(self, action: Action, seat: int) -> pygame.Rect | None:
        if isinstance(action, Pick) and action.kind == "robot":
            return self.layout.robots.get(action.ref)
        if isinstance(action, Pick) and action.kind == "player":
            return self.layout.zones.get(action.ref)
        return None

    def _log_colour(self, event: Event):
        if event.kind in ("knocked_out", "eliminated"):
            return theme.BAD
        if event.kind in ("turn_started", "end_game_started", "game_over"):
            return theme.ACCENT
        if event.player is None:
            return theme.TEXT
        return render.seat_colour(self.shown, event.player)

    # ------------------------------------------------------------------ input
    def handle(self, action: inp.Action) -> None:
        name = action.name
        if name == inp.MENU:
            self.app.stack.push(PauseScene([MenuItem("How to play", self._how_to_play)]))
            return
        if name == inp.INFO:
            self.zoom = not self.zoom
            self.inspected = self._first_inspected() if self.zoom else None
            return
        if self.zoom:
            self._handle_zoom(action)
            return
        if name == inp.BACK and action.device != "mouse" and not self._can_cancel():
            self.app.stack.push(PauseScene([MenuItem("How to play", self._how_to_play)]))
            return              # Esc with nothing to back out of pauses, as in the other games (issue 25)
        if name == inp.POINT and action.pos:
            self.pointer = action.pos
            over_option = self.human_to_act and self._option_under(action.pos) is not None
            self.hover = None if over_option else (self._unplayable_note(action.pos) or self._info_at(action.pos))
            self.hover_cards = () if over_option else self._cards_at(action.pos)
        elif name in (inp.UP, inp.DOWN, inp.LEFT, inp.RIGHT, inp.NEXT, inp.PREV):
            self.hover, self.hover_cards = None, ()
        if name == inp.SCROLL and action.pos and self.layout.log_rect.collidepoint(action.pos):
            self.log_scroll = max(0, min(len(self.log) - 1, self.log_scroll + action.amount))
            return
        if name == inp.NEXT and self.spectating:
            self.fast_forward = not self.fast_forward
            return
        if name == inp.SCROLL and self.spectating:     # wheel down: fast forward; up: normal speed
            self.fast_forward = action.amount < 0
            return
        if self.timeline.busy:
            if name in (inp.SKIP, inp.CONFIRM, inp.CLICK):
                self.timeline.skip()
            return
        if name == inp.SKIP:
            return
        if not self.human_to_act or not self.options:
            return
        if name in (inp.UP, inp.DOWN, inp.LEFT, inp.RIGHT):
            self.focus = self.mover.move(self.options, self.focus, name)
            self.app.audio.play("move")
        elif name in (inp.NEXT, inp.PREV, inp.SCROLL):
            step = (1 if name == inp.NEXT else -1) if name != inp.SCROLL else (-1 if action.amount > 0 else 1)
            self.focus = (self.focus + step) % len(self.options)
            self.mover.reset()
            self.app.audio.play("move")
        elif name == inp.POINT and action.pos:
            hit = self._option_under(action.pos)
            if hit is not None and hit != self.focus:
                self.focus = hit
                self.mover.reset()
        elif name == inp.CLICK and action.pos:
            hit = self._option_under(action.pos)
            if hit is not None:
                self.focus = hit
                self._choose(self.options[hit])
            elif self._cards_at(action.pos):
                self.app.audio.play("error")     # a card or robot that is not a legal choice now
                self.hover = self._unplayable_note(action.pos) or self.hover      # ... and a hand card says why
        elif name == inp.CONFIRM:
            self._choose(self.options[self.focus])
        elif name in (inp.BACK, inp.UNDO):
            cancel = next((o for o in self.options if isinstance(o.action, Cancel)), None)
            if cancel is not None:
                self._choose(cancel)
            elif name == inp.UNDO:
                self._undo()

    def _can_cancel(self) -> bool:
        """A half-made choice Esc backs out of (the card being played asks its next question)."""
        return (self.human_to_act and not self.timeline.busy
                and any(isinstance(option.action, Cancel) for option in self.options))

    def _how_to_play(self) -> None:
        from game.robomissions.ui.howto import how_to_play_scene

        self.app.stack.push(how_to_play_scene())

    def _undo(self) -> None:
        """Take back this seat's own last choice (never past a draw or another seat's choice)."""
        taken = self.session.undo(self.viewer)
        if taken is None:
            self.app.audio.play("error")
            return
        self.app.audio.play("click")
        if self.played and self.played[-1] == (self.viewer, taken):
            self.played.pop()
        self._log(f"{render.seat_name(self.viewer)} takes back: {engine.describe(self.state, taken)}", theme.TEXT_DIM)
        self._sync()
        # An answer that resolved itself is taken back together with the choice that asked it,
        # or it would resolve itself again at once.
        while self._automatic_choice() is not None and self.session.can_undo(self.viewer):
            taken = self.session.undo(self.viewer)
            if self.played and self.played[-1] == (self.viewer, taken):
                self.played.pop()
            self._log(f"{render.seat_name(self.viewer)} takes back: {engine.describe(self.state, taken)}",
                      theme.TEXT_DIM)
            self._sync()
        save_session_later(self.session)

    # ------------------------------------------------------------------ inspect anything
    def _targets(self) -> list[Inspectable]:
        """Everything on the table that can be pointed at or stepped to (most specific first)."""
        focused = self.options[self.focus].hand_card if self.human_to_act and self.options else None
        labels = {s: self.seat_label(s) for s in self.layout.zones}
        return inspect_targets(self.shown, self.layout, labels, self.hand_visible, focused, self.hidden_robots)

    def _info_at(self, pos: tuple[int, int]) -> tuple[str, str] | None:
        """What the pointer rests on, for the info panel: any card, robot, gap, pile or player."""
        target = inspect_at(self._targets(), pos)
        return (target.title, target.text) if target else None

    def _cards_at(self, pos: tuple[int, int]) -> tuple[int, ...]:
        """Card uids under the pointer: a visible hand card, or every card of a robot."""
        target = inspect_at(self._targets(), pos)
        return target.cards if target and target.kind in ("hand", "part", "robot") else ()

    def _first_inspected(self) -> Inspectable | None:
        """What INFO opens on: the thing under the pointer, else the focused option's, else the first."""
        targets = self._targets()
        if self.hover and self.pointer:
            hit = inspect_at(targets, self.pointer)
            if hit is not None:
                return hit
        if self.human_to_act and self.options:
            option = self.options[self.focus]
            centre = focused_rect(option, True).center
            hit = inspect_at(targets, centre)
            if hit is not None:
                return hit
        order = stepping_order(targets)
        return order[0] if order else None

    def _handle_zoom(self, action: inp.Action) -> None:
        """INFO view: arrows / Tab step through the table, the pointer picks, Back closes."""
        name = action.name
        if name in (inp.BACK, inp.CONFIRM, inp.MENU) or (name == inp.CLICK and self.inspected is None):
            self.zoom, self.inspected = False, None
            return
        if name in (inp.POINT, inp.CLICK) and action.pos:
            hit = inspect_at(self._targets(), action.pos)
            if hit is not None:
                self.inspected = hit
            elif name == inp.CLICK:
                self.zoom, self.inspected = False, None
            return
        if name in (inp.LEFT, inp.RIGHT, inp.UP, inp.DOWN, inp.NEXT, inp.PREV):
            order = stepping_order(self._targets())
            if not order:
                return
            step = 1 if name in (inp.RIGHT, inp.DOWN, inp.NEXT) else -1
            current = next((i for i, t in enumerate(order) if self.inspected and t.rect == self.inspected.rect
                            and t.title == self.inspected.title), None)
            index = 0 if current is None and step > 0 else ((current or 0) + step) % len(order)
            self.inspected = order[index]
            self.app.audio.play("move")

    def _zoom_cards(self, focused: Option | None) -> tuple[int, ...]:
        return self.inspected.cards if self.inspected else ()

    def _draw_zoom(self, surface: pygame.Surface, focused: Option | None) -> None:
        """INFO: what the inspected thing is and does, with its cards large, for reading from the sofa."""
        surface.blit(render.screen_shade(170), (0, 0))
        target = self.inspected
        if target is None:
            draw_text(surface, "Point at anything, or use the arrows, to read it", (500, 330), "large", theme.TEXT,
                      "center")
            return
        pygame.draw.rect(surface, theme.ACCENT, target.rect.inflate(10, 10), 4, border_radius=10)
        box = pygame.Rect(20, 0, 960, 300 if target.cards else 170)   # room for the cards only when shown
        box.top = 390 if target.rect.centery < 340 else 46
        panel(surface, box, edge=theme.ACCENT, width=3)
        cards = target.cards
        size = sprites.HAND_SIZE if len(cards) <= 3 else (110, 154)
        gap = 10
        left = box.left + 16
        for i, uid in enumerate(cards[:5]):
            rect = pygame.Rect(left + i * (size[0] + gap), box.centery - size[1] // 2, *size)
            surface.blit(render.face(self.shown.cards[uid], size, uid), rect)
        text_left = left + (len(cards[:5]) * (size[0] + gap) if cards else 0) + 10
        text_box = pygame.Rect(text_left, box.top + 16, box.right - text_left - 18, box.height - 32)
        y = draw_paragraph(surface, target.title, text_box, "large" if text_box.width > 400 else "body", theme.ACCENT)
        draw_paragraph(surface, target.text, pygame.Rect(text_box.left, y + 8, text_box.width, box.bottom - y - 24),
                       "body" if text_box.width > 400 else "small", theme.TEXT)

    def _option_under(self, pos: tuple[int, int]) -> int | None:
        """The option under the pointer; a hand card only if it is the card drawn on top there."""
        if self.hand_visible:
            top_card = self._hand_card_at(pos)
            if top_card is not None:
                return next((i for i, o in enumerate(self.options) if o.hand_card == top_card), None)
        return option_at([o for o in self.options], self.focus, pos)

    def _unplayable_note(self, pos: tuple[int, int]) -> tuple[str, str] | None:
        """(title, why) for a greyed-out hand card under `pos` while the human picks a card to play."""
        if not self.human_to_act or self.state.pending is not None or self.state.phase == "discard":
            return None
        uid = self._hand_card_at(pos)
        if uid is None or uid not in self.state.players[self.viewer].hand:
            return None
        why = engine.why_unplayable(self.state, uid)
        return (f"{self.shown.cards[uid].name}: cannot be played now", why[:1].upper() + why[1:] + ".") if why else None

    def _hand_card_at(self, pos: tuple[int, int]) -> int | None:
        focused = self.options[self.focus].hand_card if self.options else None
        rects = self._hand_rects(focused)
        if focused is not None and rects.get(focused, pygame.Rect(0, 0, 0, 0)).collidepoint(pos):
            return focused
        for uid in reversed(list(rects)):
            if rects[uid].collidepoint(pos):
                return uid
        return None

    def _hand_rects(self, focused: int | None) -> dict[int, pygame.Rect]:
        rects = {}
        for uid, rect in self.layout.hand_cards.items():
            if uid in self.hidden_cards:
                continue
            rects[uid] = rect.move(0, -render.HAND_LIFT) if uid == focused else rect
        return rects

    def _choose(self, option: Option) -> None:
        if isinstance(option.action, EndTurn) and self._unused_actions():
            question, detail = self._end_turn_question()   # ask once; the safe answer has the focus
            self.app.stack.push(ConfirmScene(question, lambda: self._choose_now(option), yes="End turn",
                                             detail=detail))
            return
        self._choose_now(option)

    def _choose_now(self, option: Option) -> None:
        self.app.audio.play("click")
        self.info = (f"{render.seat_name(self.viewer)}: {option.title}", "")   # shown while it animates
        self._apply(self.viewer, option.action)

    def _unused_actions(self) -> int:
        """Actions the human would give away by ending the turn now."""
        return self.shown.actions_left if self.shown.phase != "discard" else 0

    def _end_turn_question(self) -> tuple[str, str]:
        left = self._unused_actions()
        return (f"End turn with {left} action{'s' if left != 1 else ''} left?",
                "Each turn has its actions; unused ones are lost.")

    def hints(self) -> list[tuple[str, str]]:
        if self.zoom:
            return [(inp.LEFT_RIGHT, "Next thing"), (inp.INFO, "Close")]
        if self.spectating:
            return [(inp.SKIP, "Skip animation"), (inp.NEXT, "Normal speed" if self.fast_forward else "Fast forward"),
                    (inp.INFO, "Read anything"), (inp.MENU, "Pause")]
        if self.timeline.busy:
            return [(inp.SKIP, "Skip animation"), (inp.MENU, "Pause")]
        if not self.human_to_act:
            return [(inp.INFO, "Read anything"), (inp.MENU, "Pause")]
        hints = [(inp.CONFIRM, "Choose"), (inp.LEFT_RIGHT, "Move"), (inp.NEXT, "Next option")]
        if any(isinstance(o.action, Cancel) for o in self.options):
            hints.append((inp.BACK, "Back out"))
        elif self.session.can_undo(self.viewer):
            hints.append((inp.UNDO, "Undo"))
        return hints + [(inp.INFO, "Read anything"), (inp.MENU, "Pause")]

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        now = self.app.lively_time
        layout = self.layout
        options = self.options if self.human_to_act else []
        focused = options[self.focus] if options else None
        # One full-screen blit: the board with the info panel and a hidden hand drawn over it,
        # redrawn only when one of them changes (none overlaps the turn glow drawn next).
        board, hand, info = self._board(), self._hidden_hand(), self._info_shown(focused, options)
        self._base.blit(surface, board, board.get_rect(), (self._board_key, info, hand),
                        lambda layer: self._draw_base(layer, focused, options, hand))
        if not self.shown.over and self.shown.current in layout.zones:
            render.draw_turn_glow(surface, layout.zones[self.shown.current], now)
        if self.future is not None and not self.timeline.busy and self.state.current in layout.zones:
            zone = layout.zones[self.state.current]        # the AI is thinking: animated dots
            dots = "." * (1 + int(self.t * 3) % 3)
            draw_text(surface, f"thinking{dots:<3}", (zone.right - 10, zone.top + render.ZONE_HEADER + 12), "tiny",
                      theme.ACCENT, "midright", bold=True)
        pending = self.shown.pending if self.human_to_act else None
        if pending is not None and pending.robot is not None and pending.robot in layout.robots:
            label = "ATTACKER" if pending.kind == "attack" else "CHOSEN"
            render.mark(surface, layout.robots[pending.robot], label, theme.ACCENT_2)
        for option in options:
            if option.hand_card is None:
                render.highlight(surface, option.rect, option is focused, now)
        if self.marker is not None:
            rect, colour = self.marker
            pygame.draw.rect(surface, colour, rect.inflate(12, 12), 5, border_radius=12)
        self._draw_hand(surface, focused, options, now)
        if self.human_to_act:
            self._draw_prompt(surface, self.info[0])
        self.timeline.draw(surface)
        if self.zoom:
            self._draw_zoom(surface, focused)
        if hints_shown(self.app):
            draw_hints(surface, self.app.input, self.hints())
        dx, dy = self.timeline.offset()
        if dx or dy:
            surface.scroll(int(dx), int(dy))

    def _board(self) -> pygame.Surface:
        """Everything that only changes when the shown view, layout or log does, drawn once into a cache."""
        key = (self.board_version, self.log_count, self.log_scroll, frozenset(self.hidden_robots),
               self.app.settings.colourblind_patterns)
        if self._board_surface is None:
            self._board_surface = opaque_surface(theme.LOGICAL_SIZE)
        if key != self._board_key:
            self._board_key = key
            surface, view_, layout = self._board_surface, self.shown, self.layout
            render.paint_table_background(surface)
            self._draw_status(surface)
            labels = {s: self.seat_label(s) for s in layout.zones}
            for seat in layout.zones:
                render.draw_zone(surface, view_, layout, seat, labels, self.hidden_robots,
                                 self.app.settings.colourblind_patterns)
            for rect in layout.new_slots.values():
                render.draw_slot(surface, rect, "New Megabot")
            chain_end = (self.viewer, len(view_.chains[self.viewer]))
            if chain_end in layout.chain_slots:
                rect = layout.chain_slots[chain_end]
                render.draw_slot(surface, render.split_robot(rect, layout.scales[self.viewer], True)[0], "Chain +")
            render.draw_piles(surface, view_, layout)
            self._draw_log(surface)
        return self._board_surface

    def _draw_status(self, surface: pygame.Surface) -> None:
        v = self.shown
        bar = render.STATUS_BAR
        surface.fill(theme.SHADOW, bar)
        draw_text(surface, f"ROBOMissions · {MODE_NAMES[v.mode]}", (12, bar.centery), "small", theme.TEXT_DIM, "midleft")
        if v.over:
            draw_text(surface, "Game over", (bar.centerx - 140, bar.centery), "body", theme.ACCENT, "center", bold=True)
            return
        colour = render.seat_colour(v, v.current)
        who = name_of(v.current, self.viewer, self.humans)
        text = "Your turn" if who == "You" else f"{who}'s turn"
        label = draw_text(surface, text, (bar.centerx - 150, bar.centery), "body", colour, "center", bold=True)
        if self.app.settings.colourblind_patterns:
            render.seat_symbol(surface, v.current, (label.left - 16, bar.centery), 16, colour)
        x = label.right + 16
        # the dots follow the word's own width: at 800x480 the font floor makes it wider than the
        # 78 px it was given, and the first dot touched its "s"
        x = draw_text(surface, "Actions", (x, bar.centery), "small", theme.TEXT_DIM, "midleft").right + 18
        total = max(v.actions_left, engine.action_count(self.state, v.current))
        for i in range(total):
            filled = i < v.actions_left
            pygame.draw.circle(surface, theme.ACCENT if filled else theme.PANEL_EDGE, (x + i * 22, bar.centery), 8,
                               0 if filled else 2)
        x += total * 22 + 12
        if v.turns_taken[v.current] == 0:
            tag = render_text("FIRST TURN: NO ATTACKS", "tiny", theme.SHADOW, True)
            pill = tag.get_rect(midleft=(x, bar.centery)).inflate(14, 6)
            pygame.draw.rect(surface, theme.ACCENT_2, pill, border_radius=pill.height // 2)
            surface.blit(tag, tag.get_rect(center=pill.center))
        right = f"Turn {v.turn + 1}" + ("   END GAME" if v.endgame else "")
        draw_text(surface, right, (bar.right - 12, bar.centery), "small", theme.BAD if v.endgame else theme.TEXT_DIM,
                  "midright", bold=v.endgame)

    def _info_shown(self, focused: Option | None, options: list[Option]) -> tuple:
        """What the info panel and its buttons show (the cache key of the base layer)."""
        title, detail = self.panel_text(focused)
        legal = {type(o.action).__name__: o for o in options}
        buttons = tuple((name in legal, legal.get(name) is not None and legal.get(name) is focused)
                        for name in ("EndTurn", "Cancel"))
        return title, detail, buttons

    def _hidden_hand(self) -> tuple[int, str] | None:
        """(card count, caption) when the viewer's hand shows only its backs, else None."""
        v = self.shown
        if self.hand_visible or (self.viewer in self.humans and not v.alive[self.viewer] and not v.over):
            return None
        text = "" if self.viewer not in self.humans else f"{render.seat_name(self.viewer)}'s hand is hidden"
        return v.hand_counts[self.viewer], text

    def _draw_base(self, layer: pygame.Surface, focused: Option | None, options: list[Option],
                   hand: tuple[int, str] | None) -> None:
        self._draw_info(layer, focused, options)
        if hand is not None:
            render.draw_hidden_hand(layer, *hand)

    def _draw_info(self, surface: pygame.Surface, focused: Option | None, options: list[Option]) -> None:
        """The description of the focused option (or what the pointer rests on) and the two buttons."""
        layout = self.layout
        info = layout.info_rect.inflate(-12, 0)
        panel(surface, info, fill=theme.PANEL, radius=10)
        title, detail = self.panel_text(focused)
        y = draw_paragraph(surface, title, pygame.Rect(info.left + 10, info.top + 8, info.width - 20, 60), "small",
                           theme.ACCENT)
        if detail:
            draw_paragraph(surface, detail, pygame.Rect(info.left + 10, y + 4, info.width - 20, info.bottom - y - 8),
                           "tiny", theme.TEXT)
        legal = {type(o.action).__name__: o for o in options}
        for key, text, action_type in (("end_turn", "End turn", "EndTurn"), ("cancel", "Cancel", "Cancel")):
            option = legal.get(action_type)
            render.draw_button(surface, layout.buttons[key], text, option is not None,
                               option is not None and option is focused)

    def panel_text(self, focused: Option | None = None) -> tuple[str, str]:
        """(title, detail) of the info panel: what the pointer rests on, else the focused option."""
        if focused is None and self.human_to_act and self.options:
            focused = self.options[self.focus]
        if self.hover:
            return self.hover
        return (focused.title, focused.detail) if focused else self.info

    def _draw_log(self, surface: pygame.Surface) -> None:
        layout = self.layout
        log = layout.log_rect.inflate(-12, -4)
        panel(surface, log, fill=(20, 24, 34), radius=10)
        line_h = 22
        rows: list[tuple[str, tuple[int, int, int]]] = []
        index = len(self.log) - 1 - self.log_scroll
        room = (log.height - 12) // line_h
        while index >= 0 and len(rows) < room:
            text, colour = self.log[index]
            wrapped = _wrapped(text, log.width - 20)
            rows[:0] = [(line if i == 0 else "  " + line, colour) for i, line in enumerate(wrapped)]
            index -= 1
        for i, (text, colour) in enumerate(rows[-room:]):
            surface.blit(render_text(text, "tiny", colour), (log.left + 8, log.top + 6 + i * line_h))

    def _draw_hand(self, surface: pygame.Surface, focused: Option | None, options: list[Option], now: float) -> None:
        v = self.shown
        if self.viewer in self.humans and not v.alive[self.viewer] and not v.over:
            who = "You are" if len(self.humans) == 1 else f"{render.seat_name(self.viewer)} is"
            draw_text(surface, f"{who} out: watch the robots fight ({self.app.input.hint(inp.NEXT)}: fast forward)",
                      (500, render.HAND_TOP + 50), "body", theme.TEXT_DIM, "center", bold=True)
            return
        if not self.hand_visible:
            return                    # its backs are part of the base layer (see draw)
        focus_uid = focused.hand_card if focused else None
        playable = {o.hand_card for o in options if o.hand_card is not None}
        rects = self._hand_rects(focus_uid)
        for uid, rect in rects.items():
            if uid == focus_uid or (v.pending is not None and uid == v.pending.card):
                continue
            choosing = bool(options)
            render.draw_hand_card(surface, v, uid, rect, dim=choosing and uid not in playable)
            if uid in playable:
                render.highlight(surface, rect, False, now)
        playing = v.pending.card if v.pending is not None else None
        if playing in rects:
            rect = rects[playing].move(0, -24)
            render.draw_hand_card(surface, v, playing, rect, dim=False)
            render.mark(surface, rect, "PLAYING", theme.ACCENT_2)
        if focus_uid is not None and focus_uid in rects:
            rect = rects[focus_uid]
            render.draw_hand_card(surface, v, focus_uid, rect, dim=False)
            render.highlight(surface, rect, True, now)

    def _draw_prompt(self, surface: pygame.Surface, text: str) -> None:
        if not text:
            return
        room = render.OWN_ZONE.width - 220
        size = next((px for px in ("body", "small", "tiny") if font(px, True).size(text)[0] <= room), "tiny")
        image = render_text(text, size, theme.SHADOW, True)
        pill = image.get_rect(midright=(render.OWN_ZONE.right - 24, render.OWN_ZONE.top)).inflate(28, 10)
        pygame.draw.rect(surface, theme.ACCENT, pill, border_radius=pill.height // 2)
        surface.blit(image, image.get_rect(center=pill.center))


@lru_cache(maxsize=512)
def _wrapped(text: str, width: int) -> tuple[str, ...]:
    return tuple(wrap_text(text, width, "tiny"))
