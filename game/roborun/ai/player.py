"""The Robo Run AI teammate: plays either seat by the no-talking rules, seeing only its view.

Public API (used by the pygame client and `simulate`):

    choose(view, choices, level="normal", rng=None, budget_ms=None) -> Choice
    choose_for_level(view, choices, rng, level) -> Choice      # the client's calling order
    RoboRunAI(level="normal").choose(view, choices, rng, budget_ms=None) -> Choice
    LEVELS = ("easy", "normal", "hard")

A RoboRunAI remembers, between its decisions, a "shadow" GameState of its own turn (so it
can search the engine during a card's sub-decisions, whose engine context no view shows)
and the Walkie-Talkie messages it has already acted on. `choose` and `choose_for_level`
keep one RoboRunAI per (level map, seat, difficulty), so the client gets the same benefit.

How it decides (details and figures in docs/roborun-ai.md):
1. Determinize: `seat_state.state_from_view` rebuilds a full state from the view, drawing the
   hidden deck orders from `rng` (the hidden stand faces follow from the public cards).
2. Search: every legal option is applied with the real engine and the rest of the card is
   resolved greedily (directions scored statically on the board, windows continue), then
   the position is judged by `evaluate.evaluate`. When the card ends the round, the value is
   the average over every Event card that could come next. Hard also looks one card
   further: the teammate's best reply with the faces it will see (cooperative 2-ply).
3. Conventions for a no-talking game: a BEEP (or a "don't play card N" message) from the
   teammate makes that card much worse; as the teammate, the AI BEEPs a card that would
   lose the scenario if the active player played it; as the active player holding the
   Walkie-Talkie, it warns the teammate about a card that would lose on their next turn.
Every decision is bounded by work (CHECKS search checkpoints per level), so the same view gets
the same choice on any machine; the search is anytime: options are scored best-first and the
best scored so far is returned when the budget runs out. (choose(..., budget_ms=X) bounds by
CPU time instead, for benches.)
"""
from __future__ import annotations

import random
import time
from typing import Iterable

from game.roborun.ai.belief import Option, PartnerBelief, option_features
from game.roborun.ai.board import INF, board_graph, level_facts
from game.roborun.ai.evaluate import LOSS, evaluate
from game.roborun.ai.seat_state import ROOTABLE, same_board, state_from_view
from game.roborun.rules.cards import messages, to_abs
from game.roborun.rules.engine import apply, free_actions, group, legal_choices
from game.roborun.rules.state import GOOD, Choice, GameState
from game.roborun.rules.view import SeatView

LEVELS = ("easy", "normal", "hard")
# A decision's search is bounded by work: a number of search checkpoints (one per option, Event
# order or partner card scored), so the same view gets the same answer on any machine - a
# Raspberry Pi plays the moves this machine plays, only slower. Measured here: about 7
# checkpoints per CPU ms on the shipped maps (hard's p95 in docs/roborun-ai.md).
CHECKS = {"easy": 40, "normal": 100, "hard": 190}
# A decision inside a card (a direction, an ability window, a CHIP level) has few options and
# its card was searched when it was chosen: at most this many checkpoints. With three or four
# cards left each option is searched to the round's end, and these were most of hard's slowest
# decisions (12 of the 17 slowest in 173, hard with timid, 4 scenarios). A/B on tuning deals
# (3100-3101 and 3200, 441 deals with greedy, cautious, noisy, timid and itself): 90 won 5
# deals more than 120 (within noise) with a p95 of 77 CPU ms against 89 on the heaviest maps;
# 190 won 2 more of 323 with a p95 of 100.
INSIDE_CHECKS = 90
SAFETY_MS = 5000.0               # a CPU-time cap per decision that a normal decision never reaches
SAFETY_EVERY = 8                 # ... read every this many checkpoints
BUDGET_MS = {"easy": 6.0, "normal": 15.0, "hard": 28.0}     # CPU ms, only when a caller passes budget_ms
EASY_NOISE = 0.3                 # easy: share of decisions taken at random among non-losing options
BEEP_PENALTY = 2000.0            # a card the teammate BEEPed (or messaged about): avoided unless all else loses
CARELESS_FROM = 0.15             # belief in a random partner from which its card's directions are taken as random too
PASS_TRAP = 0.25                 # share of a PASS that loses expected from a partner unlike the AI
WASTE_MARGIN = 25.0              # BEEP a card that does not lose at once when the partner's turn gains this much
SAVE_MARGIN = 150.0              # teammate window: Equipment must raise the partner turn's value this much
MATE_EQUIP_TRIES = 4             # ... the Equipment options searched there (best first by a static look)
FREE_MARGIN = 3.0                # a free action (ability, Equipment) must gain this much to be used
LOSING = LOSS / 2                # values below this mean "the scenario is lost"
END_GAME_CARDS = 3               # hard: search every order of the round's last cards
STOP_KINDS = frozenset(("card", "beep", "start"))
MAX_INNER_STEPS = 80             # guard for a greedy completion
UNLOCK_PREFERENCE = ("abs", "double_metal", "ram", "short_deactivation", "distraction_signal", "signal_detector",
                     "fifth_gear", "nitro", "reverse_move", "cameo", "twist_movement", "fuel_boost",
                     "hacking_probe", "back_up_plan", "secret_pocket", "404", "chip")


def cpu_now() -> float:
    """CPU seconds used by this thread: the budget is CPU time on one core, so a machine busy
    with other work does not make the AI weaker or its choices depend on the load."""
    return time.thread_time()


class _Clock:
    def __init__(self, budget_ms: float):
        self.deadline = cpu_now() + budget_ms / 1000.0

    def out(self) -> bool:
        return cpu_now() >= self.deadline


class _WorkClock:
    """A budget of search checkpoints instead of CPU time: the same view always gets the same answer.

    The cap of SAFETY_MS of this thread's CPU time is only a safety net against a runaway
    search on some unforeseen map; a normal decision ends on its checkpoints long before (p95
    about 40 ms here, the longest about 100 ms, so well under the cap on a Raspberry Pi).
    CPU time, not wall-clock time: on a machine busy with other work a wall-clock cap was
    reached (load average 23, `nice`: one 4.6 deal played differently). Read directly from
    time.thread_time, not cpu_now, which tests replace to imitate a slow machine."""

    def __init__(self, checks: int, safety_ms: float = SAFETY_MS):
        self.left = checks
        self.deadline = time.thread_time() + safety_ms / 1000.0

    def out(self) -> bool:
        self.left -= 1
        if self.left < 0:
            return True
        # the safety net is read every SAFETY_EVERY checkpoints: reading a thread's CPU clock
        # is a system call, slow on a loaded machine, and a checkpoint takes well under 1 ms
        return self.left % SAFETY_EVERY == 0 and time.thread_time() >= self.deadline


# ---------------------------------------------------------------- static scoring of moves
def _step(state: GameState, graph, pos, d: str, colour: str, moving: set):
    """Where one step lands on `graph` (the robot's colour's board graph), ignoring effects:
    None = blocked, 'dead' = destroyed."""
    q = graph.passable(pos, d)
    if q is None:
        return None
    occ = state.at.get(q)
    if occ is not None and occ not in moving and (state.colour[occ] in GOOD) == (colour in GOOD):
        return None
    end = graph.land(q)
    return "dead" if end is None else end


def _static_move_value(state: GameState, moves: dict[int, str], slide: bool, seen: dict | None = None) -> float:
    """Value of the position after robots take these absolute moves (approximate, no engine).

    Used for the many direction choices inside a card during look-ahead; the real
    decision (when it is the AI's turn to choose a direction) is searched with the engine.
    `seen` (positions already judged, for the options of one decision) saves judging twice
    a position that several options reach, e.g. every blocked direction and "skip"."""
    pos = dict(state.pos)
    at = {p: r for r, p in pos.items()}
    escaped = 0
    moving = set(moves)
    walls, lasers = frozenset(state.wall_tokens), frozenset(state.lasers)
    for rid, d in sorted(moves.items()):
        colour = state.colour[rid]
        graph = board_graph(state.level, colour, walls, lasers)
        here = pos[rid]
        for _ in range(state.level.width + state.level.height if slide else 1):
            nxt = _step(state, graph, here, d, colour, moving)
            if nxt is None:
                break
            if nxt == "dead":
                if colour in GOOD:
                    return LOSS
                here = None
                break
            occ = at.get(nxt)
            if occ is not None and occ != rid and (state.colour[occ] in GOOD) != (colour in GOOD):
                return LOSS                              # a good robot meets a bad one
            here = nxt
            space = state.level.space(here)
            if space.kind == "exit" and space.colour == colour and state.exits_open:
                escaped += 1
                here = None
                break
            if space.kind in ("tunnel", "pusher"):
                break
        del at[pos[rid]]
        if here is None:
            del pos[rid]
        else:
            pos[rid] = here
            at[here] = rid
    key = (tuple(sorted(pos.items())), escaped)
    if seen is not None and key in seen:
        return seen[key]
    value = _judge_moved(state, pos, at, escaped)
    if seen is not None:
        seen[key] = value
    return value


def _judge_moved(state: GameState, pos: dict, at: dict, escaped: int) -> float:
    """evaluate() of `state` with the robots at `pos`: the robots are put there for the
    judgement and back after it (a copy of the whole state per direction was a tenth of the
    search's time)."""
    kept = state.pos, state.at, state.escaped
    state.pos, state.at, state.escaped = pos, at, state.escaped + [-1] * escaped
    try:
        value = evaluate(state)
    finally:
        state.pos, state.at, state.escaped = kept
    return value + (200.0 * escaped if not any(state.colour[r] in GOOD for r in pos) else 0.0)


def _dir_value(state: GameState, choice: Choice, seen: dict | None = None) -> float:
    """Static value of a 'dir' option from the pending movement action's context."""
    ctx = state.pending.ctx
    _, who, action, colours, _chosen = ctx
    colour, rel = choice.args
    if rel == "skip":
        return _static_move_value(state, {}, False, seen)
    robots = [r for r in group(state, who, colours) if state.colour[r] == colour]
    d = to_abs(state.active, rel)
    return _static_move_value(state, {r: d for r in robots}, action[0] == "slide", seen)


def _abs_move_value(state: GameState, rid: int, d: str, seen: dict | None = None) -> float:
    if d == "stay" or rid not in state.pos:
        return _static_move_value(state, {}, False, seen)
    return _static_move_value(state, {rid: d}, False, seen)


def _key_value(state: GameState, to) -> float:
    """Keys: next to an exit when keys open exits; otherwise away from good robots' paths."""
    if "keys_open_exits" in state.rules:
        best = min((abs(x - to[0]) + abs(y - to[1]) for x, y in level_facts(state.level).all_exits), default=INF)
        return -abs(best - 1) - (2 if best == 0 else 0)     # next to an exit, never on it
    return 0.0


def _displace_value(state: GameState, to) -> float:
    exit_pos = state.pending.ctx[1]
    rid = state.at.get(exit_pos)
    if rid is None:
        return 0.0
    trial = state.copy()
    del trial.at[exit_pos]
    trial.pos[rid] = to
    trial.at[to] = rid
    return evaluate(trial)


def inner_choice(state: GameState) -> Choice:
    """The greedy policy for decisions inside a card during look-ahead (cheap, no engine)."""
    dec = state.pending
    options = dec.options
    kind = dec.kind
    if kind == "window":
        if dec.ctx and dec.ctx[0] != "window" and len(options) > 1:
            return _reaction(state)
        return options[0]                                # "continue"
    if kind == "dir":
        seen: dict = {}
        return max(options, key=lambda c: _dir_value(state, c, seen))
    if kind in ("target", "bad_dir"):
        seen = {}
        return max(options, key=lambda c: _abs_move_value(state, c.args[0], c.args[1], seen))
    if kind == "chip":
        return options[-1]                               # the highest unlocked level: the most choice
    if kind == "key":
        return max(options, key=lambda c: _key_value(state, c.args[0]))
    if kind == "displace":
        return max(options, key=lambda c: _displace_value(state, c.args[0]))
    if kind == "unlock":
        return min(options, key=lambda c: UNLOCK_PREFERENCE.index(c.args[0])
                   if c.args[0] in UNLOCK_PREFERENCE else len(UNLOCK_PREFERENCE))
    if kind == "beep":
        return next(c for c in options if c.kind == "no_beep")
    return options[0]


def _reaction(state: GameState) -> Choice:
    """A reaction window (the engine opens one only when a protective ability - ABS, RAM,
    Double Metal, Cameo, Short Deactivation - would change what the coming movement does):
    carry on when that does not lose, else the first reaction that saves the robot. Taking
    "continue" always made the look-ahead judge such a card lost: it BEEPed a card a partner
    then played safely with RAM (tuning deal 1.6 4201, with greedy) and read that partner as random."""
    options = state.pending.options
    for option in options:
        trial = state.copy()
        try:
            apply(trial, option)
        except (KeyError, ValueError, IndexError):
            continue
        if trial.outcome != "lost":
            return option
    return options[0]


def _resync_hands(state: GameState, view: SeatView) -> None:
    """An Equipment card drawn in the look-ahead was not the real one: take the real hands.

    The drawn card changes the window's options, so they are listed again (engine.free_actions)."""

    state.hands = [list(h) for h in view.equipment]
    held = {c for h in state.hands for c in h}
    state.equip_deck = [c for c in state.equip_deck if c not in held]
    dec = state.pending
    if dec.kind == "window" and len(dec.ctx) > 1:
        options = (Choice("continue"),) + tuple(free_actions(state, dec.ctx[1], dec.ctx))
        state.pending = type(dec)(dec.kind, dec.seat, options, dec.ctx)


STEERED = ("dir", "target", "bad_dir")     # decisions where a careless partner steers differently


def _steering(state: GameState) -> tuple[Choice, Choice]:
    """(the greedy choice, the careless choice) at a steering decision (a direction, a target,
    a bad robot's direction), each option judged once for both."""
    dec = state.pending
    seen: dict = {}
    if dec.kind == "dir":
        judged = [(_dir_value(state, c, seen), c) for c in dec.options]
    else:
        judged = [(_abs_move_value(state, c.args[0], c.args[1], seen), c) for c in dec.options]
    greedy = max(judged, key=lambda t: t[0])[1]          # the first best, as inner_choice takes it
    safe = [(v, i) for i, (v, _c) in enumerate(judged) if v > LOSING]
    return greedy, (judged[min(safe)[1]][1] if safe else greedy)


def careless_choice(state: GameState) -> Choice:
    """A partner who picks a card's directions at random among those that do not lose at once
    (a novice): for the look-ahead, the worst such direction; every other choice greedy."""
    if state.pending.kind in STEERED:
        return _steering(state)[1]
    return inner_choice(state)


def complete(state: GameState, pick=inner_choice, steps: int = MAX_INNER_STEPS) -> GameState:
    """Resolve the current card (and the round end it may trigger) in place, each choice inside
    it by `pick` (greedy by default)."""
    for _ in range(steps):
        dec = state.pending
        if state.outcome is not None or dec is None or dec.kind in STOP_KINDS:
            break
        apply(state, pick(state))
    return state


def complete_both(state: GameState) -> tuple[GameState, int] | None:
    """complete(state) greedily, and find where a careless partner's steering (careless_choice)
    would first differ: (a copy of the position there with the careless choice made, the
    steps left to finish it with complete(copy, careless_choice, steps)), or None when it never
    differs (the careless resolution then ends as `state`).

    The two resolutions share every step up to that point, and most cards have none: the
    look-ahead resolved each partner card twice, a fifth of its time on the heaviest maps.
    Finishing the copy gives exactly what the separate careless completion gave."""
    fork = None
    for step in range(MAX_INNER_STEPS):
        dec = state.pending
        if state.outcome is not None or dec is None or dec.kind in STOP_KINDS:
            return fork
        if fork is not None or dec.kind not in STEERED:
            apply(state, inner_choice(state))
            continue
        greedy, careless = _steering(state)
        if careless != greedy:
            other = state.copy()
            apply(other, careless)
            fork = other, MAX_INNER_STEPS - step - 1
        apply(state, greedy)
    return fork


# ---------------------------------------------------------------- the searcher
def _beeped_cards(view: SeatView, warned: Iterable[int]) -> set[int]:
    """Cards the teammate asked this seat not to play: its BEEP and its messages."""
    out = set(warned)
    beep = view.beep
    if isinstance(beep, tuple) and len(beep) == 2 and beep[0] == "placed":
        out.add(beep[1])
    return out


def _message_card(message: str) -> int | None:
    if message.startswith("dont_play_"):
        try:
            return int(message.rsplit("_", 1)[1])
        except ValueError:
            return None
    return None


class RoboRunAI:
    """One AI seat. Keep one per seat for a game: it remembers a shadow state and messages."""

    def __init__(self, level: str = "normal", checks: int | None = None):
        """checks: bound each decision by this many search checkpoints (default CHECKS[level]):
        reproducible on any machine. A `budget_ms` passed to choose() bounds by CPU time instead."""
        if level not in LEVELS:
            raise ValueError(f"unknown AI level {level!r} (choose from {', '.join(LEVELS)})")
        self.level = level
        self.checks = CHECKS[level] if checks is None else checks
        self.shadow: GameState | None = None
        self.messages_seen = 0
        self.warned: dict[int, int] = {}          # card -> round the teammate warned about it
        self.last_error: Exception | None = None  # why the last search fell back to static rules
        self.fallbacks = 0                        # decisions taken by static rules (no engine context)
        # What kind of teammate this is (ai/belief.py): learned from its card choices, reset
        # per game. The look-ahead expects the partner's cards under this belief.
        self.belief = PartnerBelief()
        self.before_partner: GameState | None = None   # the position at the partner's next card choice
        self.seen_round = 0
        self.seat_now = 0
        self.my_beep: tuple[int, int] | None = None   # (round, card) of the BEEP this AI placed

    # ----- entry point ---------------------------------------------------------------
    def choose(self, view: SeatView, choices: list[Choice], rng: random.Random | None = None,
               budget_ms: float | None = None) -> Choice:
        choices = list(choices)
        if not choices:
            raise ValueError("no legal choice to make")
        rng = rng or random.Random(0)
        self._read_messages(view)
        self._watch_partner(view)
        if len(choices) == 1:
            self._advance_shadow(view, choices[0])
            if view.decision_kind in ROOTABLE or view.agenda or view.decision_ctx:
                root = state_from_view(view, rng)
                if root.pending is not None and list(root.pending.options) == choices:
                    after = root.copy()
                    apply(after, choices[0])
                    self._expect_partner(root, after, view.seat)
            return choices[0]
        if budget_ms is None:
            inside = view.decision_kind not in ("card", "start", "beep")
            clock: _Clock | _WorkClock = _WorkClock(min(self.checks, INSIDE_CHECKS) if inside else self.checks)
        else:
            clock = _Clock(BUDGET_MS[self.level] if budget_ms is None else budget_ms)
        self.seat_now = view.seat
        root = self._root(view, choices, rng)
        if root is None:
            self.shadow = None
            self.fallbacks += 1
            return self._fallback(view, choices, rng)
        kind = root.pending.kind
        try:
            if kind == "start":
                choice = self._choose_start(root, clock)
            elif kind == "beep":
                choice = self._choose_beep(root, view, clock)
            else:
                choice = self._choose_own(root, view, clock, rng)
            after = root.copy()
            apply(after, choice)
        except (KeyError, ValueError, IndexError) as exc:
            # The rebuilt state lacks some turn context the engine keeps privately (rare:
            # e.g. in the middle of a Fuel Boost turn). Never crash the client: decide statically.
            self.last_error = exc
            self.shadow = None
            self.fallbacks += 1
            return self._fallback(view, choices, rng)
        self.shadow = after if after.pending is not None and after.pending.seat == view.seat else None
        self._expect_partner(root, after, view.seat)
        return choice

    def _expect_partner(self, root: GameState, after: GameState, seat: int) -> None:
        """Keep the position if the partner's card choice comes next (its choice is then judged
        by _watch_partner). Not across a round end: the Event drawn here was a guess."""
        if (after.pending is not None and after.pending.kind == "card" and after.pending.seat != seat
                and after.round == root.round):
            self.before_partner = after

    # ----- roots and the shadow ------------------------------------------------------
    def _root(self, view: SeatView, choices: list[Choice], rng: random.Random) -> GameState | None:
        if view.decision_kind in ROOTABLE or view.agenda or view.decision_ctx:
            state = state_from_view(view, rng)       # the view carries the step stack: any point roots
            return state if state.pending is not None and list(state.pending.options) == choices else None
        shadow = self.shadow
        if (shadow is None or shadow.pending is None or shadow.pending.kind != view.decision_kind
                or not same_board(shadow, view)):
            return None
        root = shadow.copy()
        if list(root.pending.options) != choices:
            _resync_hands(root, view)
        return root if list(root.pending.options) == choices else None

    def _advance_shadow(self, view: SeatView, choice: Choice) -> None:
        shadow = self.shadow
        if shadow is not None and shadow.pending is not None and choice in shadow.pending.options:
            apply(shadow, choice)
            if shadow.pending is None or shadow.pending.seat != view.seat:
                self.shadow = None
        else:
            self.shadow = None

    def _watch_partner(self, view: SeatView) -> None:
        """Learn from the partner's last card choice: which partner model explains it best.

        The position before that choice was kept when this AI's own decision handed the turn
        to the partner (`before_partner`); the partner's options are resolved there and each
        model's probability of the card it played (or PASS) updates the belief."""
        if view.round < self.seen_round or (view.round == 1 and view.decision_kind == "start"):
            self.belief.reset()                  # a new game (round 1's first decision)
            self.before_partner = None
            self.my_beep = None
        self.seen_round = view.round
        before = self.before_partner
        if before is None:
            return
        partner = 1 - view.seat
        if view.round != before.round:
            self.before_partner = None           # the round ended: the choice is out of sight
            return
        done = len(before.played[partner])
        if len(view.played[partner]) > done:
            picked = Choice("play", (view.played[partner][done][0],))
        elif before.pass_state == "available" and view.pass_state != "available" and \
                len(view.played[view.seat]) == len(before.played[view.seat]):
            picked = Choice("pass")
        else:
            return                               # the partner has not chosen yet
        self.before_partner = None
        options, values = self._partner_options(before)
        keys = [c for c, _ in options]
        if picked in keys:
            self.belief.update([f for _, f in options], keys.index(picked), _avoided(before, keys))

    def _partner_options(self, state: GameState) -> tuple[list[tuple[Choice, Option]], list[float]]:
        """The partner's cards and PASS at its card choice, each resolved (mid-card decisions greedy)."""
        dec = state.pending
        out, values = [], []
        for option in dec.options:
            if option.kind not in ("play", "pass"):
                continue
            trial = state.copy()
            apply(trial, option)
            complete(trial)
            value = evaluate(trial)
            out.append((option, option_features(trial, dec.seat, value, option.kind == "pass")))
            values.append(value)
        return out, values

    def _read_messages(self, view: SeatView) -> None:
        for sender, message in view.messages[self.messages_seen:]:
            card = _message_card(message)
            if sender != view.seat and card is not None:
                self.warned[card] = view.round
        self.messages_seen = len(view.messages)

    def warned_cards(self, view: SeatView) -> set[int]:
        """Cards the teammate asked (by Walkie-Talkie) not to play in the current round."""
        return {c for c, rnd in self.warned.items() if rnd == view.round}

    # ----- option values -------------------------------------------------------------
    def _value_after(self, root: GameState, choice: Choice, clock: _Clock, reply: bool) -> float:
        """Apply `choice`, finish the card greedily and judge; average the Events if the round ends."""
        ends_round = (root.phase == "action" and choice.kind in ("play", "continue", "dir", "chip", "key",
                                                                  "displace", "ability", "equip", "unlock")
                      and len(root.stands[0]) + len(root.stands[1]) <= (1 if choice.kind == "play" else 0)
                      and not (root.turn.get("fuel")))
        decks = [root.event_deck]
        if ends_round and self.level != "easy" and len(root.event_deck) > 1:
            decks = [[e] + [x for x in root.event_deck if x != e] for e in root.event_deck]
        total, count = 0.0, 0
        for deck in decks:
            if count and clock.out():
                break
            count += 1
            state = root.copy()
            state.event_deck = list(deck)
            apply(state, choice)
            complete(state)
            if reply and state.outcome is None and not clock.out():
                total += self._reply_value(state, clock, self._reply_depth(state))
            else:
                total += evaluate(state)
        return total / count

    def _reply_value(self, state: GameState, clock: _Clock, depth: int = 1) -> float:
        """The value of the next player's card choice from here, `depth` cards deep.

        This AI's own turn: its best card. The partner's turn: what the partner is expected to
        play under the belief (ai/belief.py) - the models' probabilities over its cards times
        their values - so a plan that needs the partner's best card is worth only as much as
        the belief says that card is likely. PASS is searched like a card (when the token is
        available): passing can hand the teammate a forced last card, and the last cards of a
        round must be played by someone."""
        original, state = state, state.copy()          # `original` is judged only if nobody can play
        if state.pending is not None and state.pending.kind == "beep":
            apply(state, Choice("no_beep"))
            complete(state)
        dec = state.pending
        if state.outcome is not None or dec is None or dec.kind != "card":
            return evaluate(state) if state.outcome is not None else evaluate(original)
        partner_turn = dec.seat != self.seat_now
        careless = partner_turn and self.belief.weights["random"] >= CARELESS_FROM
        best = None
        values: list[float] = []
        random_values: list[float] = []
        keys: list[Choice] = []
        features: list[Option] = []
        for option in dec.options:
            if option.kind not in ("play", "pass"):
                continue
            if clock.out() and best is not None:
                break
            trial = state.copy()
            apply(trial, option)       # a PASS is played out too: it may hand a forced card on
            fork = worst = None
            if careless and option.kind == "play":
                # the card as the `random` model's partner steers it (below), resolved alongside
                fork = complete_both(trial)
                if fork is None:
                    worst = trial.copy() if trial.pending is not None and trial.pending.kind == "beep" else trial
            else:
                complete(trial)
            if trial.pending is not None and trial.pending.kind == "beep":
                apply(trial, Choice("no_beep"))
                complete(trial)
            if depth > 1 and trial.outcome is None and trial.round == state.round and not clock.out():
                value = self._reply_value(trial, clock, max(depth - 1, _pass_back_depth(trial)))
                here = evaluate(trial) if partner_turn else value    # the one-card view the models use
            else:
                value = here = evaluate(trial)
            if careless:
                # the `random` model's partner also steers its card at random (among directions
                # that do not lose at once): half way to the worst of them
                rough = value
                if option.kind == "play" and trial.outcome is None and (depth <= 1 or trial.round != state.round):
                    if fork is not None:
                        worst = complete(fork[0], careless_choice, fork[1])
                    rough = 0.5 * (value + evaluate(worst))
                random_values.append(rough - (1.0 if option.kind == "pass" else 0.0))
            value -= 1.0 if option.kind == "pass" else 0.0
            values.append(value)
            keys.append(option)
            if partner_turn:
                features.append(option_features(trial, dec.seat, here, option.kind == "pass"))
            if best is None or value > best:
                best = value
        if best is None:
            return evaluate(original)
        if partner_turn:
            expected = self.belief.expected(features, values, _avoided(state, keys), random_values or None)
            return _with_pass_trap(expected, keys, values, self.belief.weights["like_me"])
        return best

    @staticmethod
    def _reply_depth(state: GameState) -> int:
        """One reply normally; near the end of a round, every remaining card (up to END_GAME_CARDS):
        the last cards must be played by someone, so a trap is seen before it closes. With one
        card left and PASS available, two: the next player may PASS and hand that card back
        (with the other face) - one reply deep, that PASS looked harmless."""
        left = len(state.stands[0]) + len(state.stands[1])
        return max(left if 1 < left <= END_GAME_CARDS else 1, _pass_back_depth(state))

    def _score(self, root: GameState, options: list[Choice], clock: _Clock, reply: bool) -> dict[Choice, float]:
        """Values of options (in the given order) until the budget runs out; at least one is scored."""
        scores: dict[Choice, float] = {}
        for option in options:
            if scores and clock.out():
                break
            scores[option] = self._value_after(root, option, clock, reply)
        return scores

    # ----- decisions -------------------------------------------------------------------
    def _choose_start(self, root: GameState, clock: _Clock) -> Choice:
        """Who starts the round: the seat whose best card is better ('who sees a better move')."""
        options = list(root.pending.options)
        values = {}
        for option in options:
            state = root.copy()
            apply(state, option)
            complete(state)
            values[option] = self._reply_value(state, clock)
        return max(options, key=lambda c: (values[c], -options.index(c)))

    def _active_card_values(self, root: GameState, clock: _Clock) -> dict[int, tuple[float, int]]:
        """As the teammate in the BEEP window: each card's (value, events) if the active plays it."""
        state = root.copy()
        apply(state, Choice("no_beep"))
        out = {}
        if state.pending is None or state.pending.kind != "card":
            return out
        for option in state.pending.options:
            if option.kind != "play":
                continue
            trial = state.copy()
            events = apply(trial, option)
            n_events = len(events)
            complete(trial)
            out[option.args[0]] = (evaluate(trial), n_events)
        return out

    def _choose_beep(self, root: GameState, view: SeatView, clock: _Clock) -> Choice:
        """The teammate window: play Equipment if that wins or saves a robot, else BEEP a card
        that would lose the scenario if the active player chose it (when another card is safe)."""
        no_beep = Choice("no_beep")
        equip = self._mate_equipment(root, clock)
        if equip is not None:
            return equip
        values = self._active_card_values(root, clock)
        losing = [c for c, (v, _) in values.items() if v <= LOSING]
        safe = [c for c, (v, _) in values.items() if v > LOSING]
        if not safe:
            return no_beep
        if losing:
            # Of several losing cards, warn about the least obvious one: the loss comes latest.
            card = max(losing, key=lambda c: (values[c][1], -c))
        else:
            card = self._wasteful_card(root)
            if card is None:
                return no_beep
        choice = Choice("beep", (card,))
        if choice not in root.pending.options:
            return no_beep
        self.my_beep = (view.round, card)
        return choice

    def _wasteful_card(self, root: GameState) -> int | None:
        """A card worth a BEEP though it does not lose at once: the partner's turn, expected
        under the belief, is worth at least WASTE_MARGIN more if the partner keeps off it (a
        card that wastes the round or walks into danger, which the belief says this partner
        may well play). None if no card is that bad or likely."""
        state = root.copy()
        apply(state, Choice("no_beep"))
        if state.outcome is not None or state.pending is None or state.pending.kind != "card":
            return None
        options, values = self._partner_options(state)
        if len(options) < 2:
            return None
        features = [f for _, f in options]
        here = self.belief.expected(features, values)
        best, pick = WASTE_MARGIN, None
        for index, (option, _) in enumerate(options):
            if option.kind != "play":
                continue
            gain = self.belief.expected(features, values, frozenset((index,))) - here
            if gain > best:
                best, pick = gain, option.args[0]
        return pick

    def _mate_equipment(self, root: GameState, clock: _Clock) -> Choice | None:
        """An Equipment card to play now, in the teammate window, or None.

        Played when it wins at once (e.g. Spring Boots into the exit), or when it saves a robot:
        the partner's coming card, expected under the belief, is worth at least SAVE_MARGIN
        more after it (for example when every card the partner may play loses, or the likely
        one does, and an EMP Pulse or a flip removes the danger). Equipment is kept otherwise:
        on the AI's own turn the search uses it with the card it plays."""
        options = [c for c in root.pending.options if c.kind == "equip" and not _is_message(c)]
        if not options:
            return None
        quick = []
        for option in options:
            trial = _completed(root, option)
            if trial is None:
                continue
            if trial.outcome == "won":
                return option
            if trial.outcome is None:
                quick.append((evaluate(trial), option, trial))
        if not quick:
            return None
        quick.sort(key=lambda t: -t[0])
        here = self._reply_value(root, clock, 1)
        best, pick = here + SAVE_MARGIN, None
        for _, option, trial in quick[:MATE_EQUIP_TRIES]:
            value = self._reply_value(trial, clock, 1)
            if value > best:
                best, pick = value, option
        return pick

    def _choose_own(self, root: GameState, view: SeatView, clock: _Clock, rng: random.Random) -> Choice:
        options = list(root.pending.options)
        kind = root.pending.kind
        avoid = _beeped_cards(view, self.warned_cards(view)) if kind == "card" else set()
        if self.my_beep is not None and self.my_beep[0] == view.round:
            avoid.discard(self.my_beep[1])     # this AI's own BEEP warned the partner, about the partner's face
        if kind == "card":
            main = [c for c in options if c.kind not in ("ability", "equip", "give_number")]
        else:
            main = [c for c in options if not _is_message(c)] or options
        main = self._ordered(root, main)
        scores = self._score(root, main, clock, reply=self.level == "hard")
        for c in scores:
            if c.kind == "play" and c.args[0] in avoid:
                scores[c] -= BEEP_PENALTY
            elif c.kind == "pass":
                # A PASS hands the partner one more of this round's cards: with a partner who
                # plays worse than this AI, that card is expected to be worth less (carry the team).
                scores[c] -= self.belief.card_shortfall()
        best = max(scores, key=lambda c: (scores[c], -main.index(c)))
        # Lost on every line the search saw (or losing at once): never give up, lose as late as
        # possible. Lost on most lines but not all: the search's best keeps that chance (the
        # static last stand would throw it away, e.g. a PASS into a forced deadly last card).
        if scores[best] <= LOSS + 1.0 or (kind == "card" and loses_now(root, best)):
            best = self._last_stand(root, main)
            if kind == "card" and loses_now(root, best):
                rescue = _rescuing_free_action(root, [c for c in options if c not in main])
                if rescue is not None:
                    return rescue                      # e.g. Second Wind, then PASS
        if self.level == "easy" and rng.random() < EASY_NOISE:
            safe = [c for c in scores if scores[c] > LOSING]
            if safe:
                best = rng.choice(safe)
        if kind != "card":
            return best
        warning = self._warning(root, view, best, options, clock)
        if warning is not None:
            return warning
        return self._free_action(root, options, best, scores[best], clock)

    def _last_stand(self, root: GameState, options: list[Choice]) -> Choice:
        """Every option looks lost: play the one that loses latest and keeps most ways out.

        Rank by (does not lose at once, how many answers at the next decision do not lose at
        once, the static value), so a card that destroys a robot right away is never chosen
        while PASS or another card would not. Cheap: one greedy completion per option, one
        more per answer (no time check: a handful of copies)."""
        best_key, best = None, options[0]
        for index, option in enumerate(options):
            trial = _completed(root, option)
            if trial is None:
                continue
            if trial.outcome == "won":
                return option
            alive = trial.outcome is None
            ways = 0
            if alive and trial.pending is not None:
                for answer in trial.pending.options[:12]:
                    nxt = trial.copy()
                    try:
                        apply(nxt, answer)
                        complete(nxt)
                    except (KeyError, ValueError, IndexError):
                        continue
                    ways += nxt.outcome != "lost"
            key = (not loses_now(root, option), alive, ways, evaluate(trial) if alive else 0.0, -index)
            if best_key is None or key > best_key:
                best_key, best = key, option
        return best

    def _ordered(self, root: GameState, options: list[Choice]) -> list[Choice]:
        """Most promising first, so an interrupted search has scored the likely best."""
        if root.pending.kind != "card":
            return options
        plays = [c for c in options if c.kind == "play"]
        rest = [c for c in options if c.kind != "play"]
        return plays + rest

    def _free_action(self, root: GameState, options: list[Choice], best: Choice, best_value: float,
                     clock: _Clock) -> Choice:
        """Use an ability or Equipment card at the card choice when it gains more than it costs."""
        free = [c for c in options if c.kind in ("ability", "give_number") or (c.kind == "equip" and not _is_message(c))]
        if not free or clock.out():
            return best
        here = evaluate(root)
        best_gain, pick = FREE_MARGIN, None
        for option in free:
            if clock.out():
                break
            trial = root.copy()
            try:
                apply(trial, option)
            except (KeyError, ValueError):       # turn context (e.g. Fuel Boost) the view cannot show
                continue
            if trial.outcome == "lost":
                continue
            gain = evaluate(trial) - here
            if gain > best_gain:
                best_gain, pick = gain, option
        return pick or best

    def _warning(self, root: GameState, view: SeatView, best: Choice, options: list[Choice],
                 clock: _Clock) -> Choice | None:
        """Holding the Walkie-Talkie: tell the teammate not to play a card that would lose next turn."""
        messages = [c for c in options if _is_message(c)]
        if not messages or best.kind != "play":
            return None
        after = root.copy()
        apply(after, best)
        complete(after)
        if after.outcome is not None or after.pending is None:
            return None
        if after.pending.kind == "beep":
            apply(after, Choice("no_beep"))
        dec = after.pending
        if dec is None or dec.kind != "card" or dec.seat == view.seat:
            return None
        already = {m for s, m in view.messages if s == view.seat}
        values = {}
        for option in dec.options:
            if option.kind == "play" and not clock.out():
                trial = after.copy()
                apply(trial, option)
                complete(trial)
                values[option.args[0]] = evaluate(trial)
        losing = sorted(c for c, v in values.items() if v <= LOSING)
        if not losing or len(losing) == len(values):
            return None
        for card in losing:
            for m in messages:
                if m.args[1] == f"dont_play_{card}" and m.args[1] not in already:
                    return m
        return None

    # ----- no engine context: static rules -------------------------------------------
    def _fallback(self, view: SeatView, choices: list[Choice], rng: random.Random) -> Choice:
        """A decision whose engine context the view does not carry and no shadow matches."""
        state = state_from_view(view, rng)
        kind = view.decision_kind
        if kind == "window":
            return next((c for c in choices if c.kind == "continue"), choices[0])
        if kind == "dir":
            return max(choices, key=lambda c: (self._fallback_dir(state, c), -choices.index(c)))
        if kind in ("target", "bad_dir"):
            return max(choices, key=lambda c: (_abs_move_value(state, c.args[0], c.args[1]), -choices.index(c)))
        if kind == "chip":
            return choices[-1]
        if kind == "key":
            return max(choices, key=lambda c: (_key_value(state, c.args[0]), -choices.index(c)))
        if kind == "unlock":
            return min(choices, key=lambda c: UNLOCK_PREFERENCE.index(c.args[0])
                       if c.args[0] in UNLOCK_PREFERENCE else len(UNLOCK_PREFERENCE))
        return choices[0]

    @staticmethod
    def _fallback_dir(state: GameState, choice: Choice) -> float:
        colour, rel = choice.args
        if rel == "skip":
            return evaluate(state)
        robots = [r for r in state.pos if state.colour[r] == colour]
        d = to_abs(state.active, rel)
        return _static_move_value(state, {r: d for r in robots}, False)


def loses_now(root: GameState, choice: Choice) -> bool:
    """Does `choice` lose during this card's own resolution (mid-card decisions greedy)?"""
    trial = root.copy()
    try:
        apply(trial, choice)
        for _ in range(MAX_INNER_STEPS):
            dec = trial.pending
            if trial.outcome is not None or dec is None or dec.kind in STOP_KINDS or trial.phase != "action":
                break
            apply(trial, inner_choice(trial))
    except (KeyError, ValueError, IndexError):
        return False
    return trial.outcome == "lost"


def _rescuing_free_action(root: GameState, free: list[Choice]) -> Choice | None:
    """A free action (ability, Equipment) after which some card or PASS does not lose during
    its own resolution, when every card and PASS would now."""
    for option in free:
        if _is_message(option):
            continue
        trial = root.copy()
        try:
            apply(trial, option)
        except (KeyError, ValueError, IndexError):
            continue
        if trial.outcome is not None or trial.pending is None or trial.pending.kind != "card":
            continue
        if any(not loses_now(trial, c) for c in trial.pending.options if c.kind in ("play", "pass")):
            return option
    return None


def _pass_back_depth(state: GameState) -> int:
    """2 when one card is left and PASS is available (the next player may PASS the last card
    back, to be played with its other face: one reply deep, that PASS looks harmless), else 0."""
    return 2 if len(state.stands[0]) + len(state.stands[1]) == 1 and state.pass_state == "available" else 0


def _with_pass_trap(expected: float, keys: list[Choice], values: list[float], like_me: float) -> float:
    """The partner's turn, valued under the belief, with a share for a PASS that loses.

    A partner who thinks its card loses (its own reading of the card's choices, not the AI's)
    PASSes, and the AI must then play that card with its own face: the trap that lost most
    deals with a cautious partner (round 1, the last card deadly on the AI's face). The models
    judge cards with the AI's resolution and so rarely expect that PASS; a partner unlike the
    AI is taken to PASS into it PASS_TRAP of the time."""
    index = next((i for i, c in enumerate(keys) if c.kind == "pass"), None)
    if index is None or values[index] > LOSING or len(keys) < 2:
        return expected
    share = PASS_TRAP * (1.0 - like_me)
    return (1.0 - share) * expected + share * values[index]


def _avoided(state: GameState, keys: list[Choice]) -> frozenset[int]:
    """Indexes in `keys` of the card a BEEP stands in front of: whoever placed it, the partner
    knows that card is thought bad (its own warning, or this AI's)."""
    beep = state.beep
    if isinstance(beep, tuple) and len(beep) == 2 and beep[0] == "placed":
        return frozenset(i for i, c in enumerate(keys) if c.kind == "play" and c.args[0] == beep[1])
    return frozenset()


def _completed(root: GameState, option: Choice) -> GameState | None:
    """A copy of `root` with `option` applied and the rest of the turn played greedily (None
    when the option cannot be carried out there)."""
    trial = root.copy()
    try:
        apply(trial, option)
        complete(trial)
    except (KeyError, ValueError, IndexError):
        return None
    return trial


def _is_message(choice: Choice) -> bool:
    return choice.kind == "equip" and len(choice.args) == 2 and isinstance(choice.args[1], str) \
        and choice.args[1] in _messages()


def _messages() -> dict:
    return messages()


# ---------------------------------------------------------------- module-level entry points
_PLAYERS: dict[tuple, RoboRunAI] = {}


def _player(view: SeatView, level: str) -> RoboRunAI:
    """The one RoboRunAI of this (map, seat, difficulty), kept between decisions so its partner
    belief and shadow state carry over. Keyed by the map's id and file, not the object: the play
    screen sends each view to a worker process, so every view arrives with a fresh LevelSpec.
    A new game on the same map reuses the player; it resets its belief at round 1's start."""
    key = (view.level.level_id, view.level.source, view.level.width, view.level.height, view.seat, level)
    player = _PLAYERS.get(key)
    if player is None:
        if len(_PLAYERS) > 32:
            _PLAYERS.clear()
        player = _PLAYERS[key] = RoboRunAI(level)
    return player


def choose(view: SeatView, choices: list[Choice], level: str = "normal", rng: random.Random | None = None,
           budget_ms: float | None = None) -> Choice:
    """The AI's choice for the seat of `view` among `choices` (the engine's legal choices)."""
    if isinstance(level, random.Random):           # tolerate choose(view, choices, rng)
        level, rng = "normal", level
    return _player(view, level).choose(view, choices, rng, budget_ms)


def choose_for_level(view: SeatView, choices: list[Choice], rng: random.Random, level: str = "normal") -> Choice:
    """The pygame client's calling order: (view, choices, rng, level)."""
    return choose(view, choices, level, rng)
