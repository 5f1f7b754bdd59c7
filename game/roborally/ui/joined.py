"""The race screen playing one seat of a networked table (`python main.py join`, a table's local seat).

The same RaceScene a player knows from a local race: the hand dealt as cards, placed register by
register with the preview path and the confirm, the upgrade and laser menus, every robot's
program flipping and every move animated from the events. It is fed by the table
(game/client/table_seat.py): the position is the seat's view turned into a RallyState
(`state_from_view`: other robots' hands, decks and face-down cards are placeholders, "?"), the
choices are the ones the table sent, and a choice is sent to the table; what it did comes back
as events with the next update and plays like any other seat's.
"""
from __future__ import annotations

from typing import Any, Callable

from game.client import input as inp
from game.client.table_seat import TAKEN_BY_THE_TABLE, RemoteSession, SeatUpdate, seat_word, table_hints
from game.roborally import rules as R
from game.roborally.rules.engine import View
from game.roborally.rules.state import Config, RallyState, Robot
from game.roborally.ui.board_view import ROBOT_NAMES
from game.roborally.ui.race_scene import RaceScene

HIDDEN = "?"        # a card this seat cannot see (the view gives only how many)


def state_from_view(view: View, current: int | None) -> RallyState:
    """The race as `view` shows it, in the shape the race screen reads: everything public as it
    is, this seat's hand, registers and collection as they are, the rest as HIDDEN cards."""
    state = RallyState()
    state.config = Config({}, players=len(view.robots), max_rounds=view.max_rounds)
    state.board = view.board
    for seen in view.robots:
        mine = seen.seat == view.seat
        robot = Robot(seen.seat, seen.x, seen.y, seen.d, seen.cp, seen.energy)
        robot.hand = list(view.hand) if mine else [HIDDEN] * seen.hand_size
        robot.deck = [HIDDEN] * seen.deck_size
        robot.discard = list(seen.discard)
        robot.regs = list(view.regs if mine else seen.regs)
        robot.revealed = [card is not None and card != HIDDEN for card in seen.regs]
        robot.haywire = [HIDDEN if face_down else None for face_down in seen.haywire]
        robot.perm, robot.temp, robot.rebooted = list(seen.perm), list(seen.temp), seen.rebooted
        robot.owned = list(view.collection) if mine else [HIDDEN] * seen.owned
        state.robots.append(robot)
    state.damage_deck = [HIDDEN] * view.damage_left
    state.round, state.register, state.phase, state.token = view.round, view.register, view.phase, view.token
    state.order, state.pending, state.winner = list(view.order), view.pending, view.winner
    if state.phase in ("upgrade", "program") and current in state.order:
        state.turn_i = state.order.index(current)
    return state


class JoinedRaceScene(RaceScene):
    """RaceScene with its seat's choices going to the table and every seat's events coming from it."""

    def __init__(self, seat: int, first: SeatUpdate, send: Callable[[Any], None], leave: Callable[[], None]) -> None:
        session = RemoteSession(R, seat, send, state_from_view)
        session.receive(first)
        seats = ["table"] * len(first.view.robots)
        seats[seat] = "human"
        super().__init__(session, seats, save=False, tutorial=False, timer=False)
        self.leave = leave
        self.you = seat
        self.who = list(first.who)          # every seat in the player's words: 'phone', 'AI', a name
        self.results_exit = "leave the table"

    def seat_label(self, seat: int) -> str:
        return f"{ROBOT_NAMES[seat]} ({'you' if seat == self.you else seat_word(self.who, seat)})"

    def receive(self, update: SeatUpdate) -> None:
        """The table's update: the new position, and what happened on the way as animation."""
        if not self._busy():
            self._sync_side()
        self.session.receive(update)
        self.who = list(update.who) or self.who     # a seat handed over to the AI reads 'AI' at once
        self.state = self.session.state
        if update.fresh:                    # rejoined: nothing to play back, the robots are where they are
            self.anims.skip()
            self._sync_shown()
            self._sync_side()
        else:
            self.anims.extend(self._beat(e) for e in update.events)
            self.anims.update(0.0)
        self.menu = None
        self.changed()

    def _apply(self, choice) -> None:
        """Send the choice; a programmed card goes to its register at once (the table's update confirms it)."""
        if self.session.legal_choices() and choice in self.session.legal_choices():
            if choice.kind == "card":
                robot = self.state.robots[self.you]
                if choice.arg in robot.hand and None in robot.regs:
                    robot.hand.remove(choice.arg)
                    robot.regs[robot.regs.index(None)] = choice.arg
            self.session.apply(choice)
        self.menu = None

    def _human_turn(self) -> bool:
        """This seat decides; while a sent card waits for the table, the hand stays up (nothing
        flickers between two cards) unless the program is full."""
        if not super()._human_turn():
            return False
        return not self.session.waiting or (self.state.phase == "program" and None in self.state.robots[self.you].regs)

    def asking(self) -> bool:
        """This seat's decision is on screen: the hand to program, or the upgrade / laser menu."""
        return (self._human_turn() and not self.session.waiting
                and (self.state.phase == "program" or self.menu is not None))

    def update(self, dt: float) -> None:
        deciding = self.session.current_seat() == self.you and not self.session.waiting
        if self._busy() or self.session.is_over() or deciding:
            super().update(dt)              # animations, the results hold, this seat's decision
        else:                               # another seat decides at the table: only the labels fade
            dt_anim = dt * self.speed
            self.flashes = [(k, d, ttl - dt_anim) for k, d, ttl in self.flashes if ttl - dt_anim > 0]
            self.floaters = [(s, x, y - dt_anim * 0.8, c, ttl - dt_anim)
                             for s, x, y, c, ttl in self.floaters if ttl - dt_anim > 0]

    def hints(self):
        if self.session.is_over() and not self._busy():
            return [(inp.CONFIRM, "Leave the table")] * self.results_hold.ready + [(inp.INFO, "Inspect")]
        return table_hints(super().hints(), leave=self.leave)

    def handle(self, action) -> None:
        over = self.session.is_over() and not self._busy()
        if action.name == inp.BACK and self.cursor is None:
            self.leave()
            return
        if over and action.name in (inp.CONFIRM, inp.CLICK) and not self.results_hold.blocks(action):
            self.leave()
            return
        if action.name in TAKEN_BY_THE_TABLE and self.confirm is None:
            return                          # no pause over a live table, and the table takes nothing back
        super().handle(action)


def joined_scene(seat: int, first: SeatUpdate, send: Callable[[Any], None], leave: Callable[[], None]) -> JoinedRaceScene:
    """Robo Rally's own race screen for a seat of a table (game/client/table_screens.py, JOINED_SCREENS)."""
    return JoinedRaceScene(seat, first, send, leave)
