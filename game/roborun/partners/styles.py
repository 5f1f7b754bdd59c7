"""Human partner styles for Robo Run, written from the rulebook (issue 22).

Each style is a player with the interface every Robo Run seat has: built with a seed,
`choose(view, choices)` returns one of the legal choices, reading only the seat view. Each
judges positions by its own simple measure (measures.py), looking at most one card ahead:
it imagines each card it may play resolved to its end (table.ahead) and keeps the best by
its measure. None of this shares code or ideas with game.roborun.ai.

  selfish   its own robot home by path length; ignores the teammate's robot
  reckless  the most progress for both robots; ignores danger (imagines the bad robots still)
  timid     keeps away from bad robots; PASSes when every card brings them closer
  novice    any card that does not lose at once
  follower  obeys BEEPs and "don't play" messages, otherwise selfish
  confused  greedy, but one card decision in ten reads the arrows from the wrong side
  greedy    best card one step ahead by its measure (progress, a little distance from danger); never BEEPs
  cautious  the safest card; obeys BEEPs and BEEPs a card it sees would lose at once
  noisy     greedy, but one decision in five is a random legal choice
"""
from __future__ import annotations

import random
from typing import Sequence

from game.roborun.partners.measures import nearest_bad, own_moves, team_moves
from game.roborun.partners.table import CONTINUE, ahead, as_active_would_play, table_from_view
from game.roborun.rules.cards import OTHER_FACE
from game.roborun.rules.engine import apply
from game.roborun.rules.state import Choice, GameState

WON, LOST = 1e6, -1e6
NO_BEEP = Choice("no_beep")
# Reading a card from the other side of the table turns every arrow round.
MIRROR = {"U": "D", "D": "U", "L": "R", "R": "L", "UL": "DR", "DR": "UL", "UR": "DL", "DL": "UR"}


class Partner:
    """The common shape: decide by kind of decision; each style overrides `measure` and its
    habits (class attributes). Deterministic for its seed."""

    name = "partner"
    beeps = False            # BEEPs a card the active player would lose with at once
    obeys = False            # keeps off BEEPed cards and cards a Walkie-Talkie message names
    uses_kit = True          # weighs its Equipment and abilities in the windows of its own card
    starts = True            # when asked who starts a round, says "me"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    # ------------------------------------------------------------ the interface
    def choose(self, view, choices: Sequence[Choice]) -> Choice:
        choices = list(choices)
        if len(choices) == 1:
            return choices[0]
        table = table_from_view(view, self.rng)
        kind = view.decision_kind
        if kind == "card":
            return self.card(view, table, choices)
        if kind == "beep":
            return self.teammate_window(view, table, choices)
        if kind == "start":
            return Choice("start", (view.seat if self.starts else 1 - view.seat,))
        if kind == "window":
            return self.window(view, table, choices)
        if kind in ("dir", "chip", "bad_dir", "key", "displace", "rescue", "target"):
            return self.best(view, table, choices)
        return choices[0]                                   # unlock: the first ability offered

    # ------------------------------------------------------------ judging
    def measure(self, state: GameState, me: int) -> float:
        """How good the position is for this style (bigger is better)."""
        return -10.0 * team_moves(state)

    def value(self, state: GameState, me: int) -> float:
        if state.outcome == "won":
            return WON
        if state.outcome == "lost":
            return LOST
        return self.measure(state, me)

    def inner(self, me: int):
        """How this style settles the small choices inside a card it imagines: protective
        abilities when offered (a danger), else each direction by its measure one move on."""
        def pick(state: GameState) -> Choice:
            dec = state.pending
            options = dec.options
            if dec.kind == "window":
                if dec.ctx and dec.ctx[0] != "window":
                    for o in options:
                        if o.kind == "ability":
                            return o
                return CONTINUE if CONTINUE in options else options[0]
            if dec.kind in ("dir", "chip") and len(options) > 1:
                return max(options, key=lambda o: self._one_move(state, o, me))
            return options[0]
        return pick

    def _one_move(self, state: GameState, option: Choice, me: int) -> float:
        twin = state.copy()
        apply(twin, option)
        return self.value(twin, me)

    def outcomes(self, table: GameState, options: list[Choice], me: int) -> list[tuple]:
        """Each option imagined to the end of its card: (option, value, loses at once, table after)."""
        out = []
        pick = self.inner(me)
        for o in options:
            twin, lost = ahead(table, o, pick)
            out.append((o, self.value(twin, me), lost, twin))
        return out

    def pick_best(self, scored: list[tuple]) -> Choice:
        top = max(s[1] for s in scored)
        best = [s[0] for s in scored if s[1] >= top - 1e-9]
        return best[0] if len(best) == 1 else self.rng.choice(best)

    # ------------------------------------------------------------ decisions
    def card_options(self, view, choices: list[Choice]) -> list[Choice]:
        """Cards (and PASS) this style is willing to consider."""
        options = [c for c in choices if c.kind in ("play", "pass")]
        if self.obeys:
            banned = banned_cards(view)
            kept = [c for c in options if not (c.kind == "play" and c.args[0] in banned)]
            options = kept or options
        return options

    def card(self, view, table: GameState, choices: list[Choice]) -> Choice:
        options = self.card_options(view, choices)
        scored = self.outcomes(table, options, view.seat)
        plays = [s for s in scored if s[0].kind == "play"]
        if plays and max(s[1] for s in plays) > LOST:
            scored = plays + [s for s in scored if s[0].kind == "pass" and self.would_pass(view, table, plays)]
        return self.pick_best(scored)

    def would_pass(self, view, table: GameState, plays) -> bool:
        """Is PASS worth weighing at all (only when every card loses, for most styles)?"""
        return False

    def window(self, view, table: GameState, choices: list[Choice]) -> Choice:
        dec_ctx = view.decision_ctx
        if dec_ctx and dec_ctx[0] != "window":              # a reaction: a danger is coming
            scored = self.outcomes(table, choices, view.seat)
            return self.pick_best(scored)
        if not self.uses_kit or view.active != view.seat:
            return CONTINUE if CONTINUE in choices else choices[0]
        options = [c for c in choices if c == CONTINUE or c.kind in ("equip", "ability")]
        scored = self.outcomes(table, options, view.seat)
        base = next((s[1] for s in scored if s[0] == CONTINUE), LOST)
        better = [s for s in scored if s[1] > base + 0.5]
        return self.pick_best(better) if better else CONTINUE

    def best(self, view, table: GameState, choices: list[Choice]) -> Choice:
        if view.active != view.seat and view.phase == "action":
            return choices[0]
        return self.pick_best(self.outcomes(table, choices, view.seat))

    def teammate_window(self, view, table: GameState, choices: list[Choice]) -> Choice:
        if self.beeps and view.beep == "available":
            card = losing_card(table, self.inner(1 - view.seat), 1 - view.seat)
            if card is not None and Choice("beep", (card,)) in choices:
                return Choice("beep", (card,))
        return NO_BEEP if NO_BEEP in choices else choices[0]


def banned_cards(view) -> set[int]:
    """Cards the teammate asked this seat not to play: the BEEPed one, and those a
    Walkie-Talkie message named ("Don't play card N")."""
    out = {c.card for stand in view.stands for c in stand if c.beeped}
    for sender, message in view.messages:
        if sender != view.seat and message.startswith("dont_play_"):
            out.add(int(message.rsplit("_", 1)[1]))
    return out


def losing_card(table: GameState, pick, active: int) -> int | None:
    """From the teammate's window: the first card the active player could play that loses
    at once, if another card would not."""
    twin = as_active_would_play(table)
    dec = twin.pending
    if twin.outcome is not None or dec is None or dec.kind != "card" or twin.active != active:
        return None
    losing, safe = [], False
    for o in dec.options:
        if o.kind != "play":
            continue
        if ahead(twin, o, pick)[1]:
            losing.append(o.args[0])
        else:
            safe = True
    return losing[0] if losing and safe else None


# ---------------------------------------------------------------- the styles
class Selfish(Partner):
    """Its own robot to its own exit by path length; the teammate's robot does not count."""
    name = "selfish"

    def measure(self, state, me):
        return -10.0 * own_moves(state, me)


class Reckless(Partner):
    """The most progress for both robots; danger does not worry it: it imagines each card
    without the bad robots' part, as if they stood still."""
    name = "reckless"

    def outcomes(self, table, options, me):
        blind = table.copy()
        blind.turn["distraction"] = True          # (the engine's flag for "skip the bottom part")
        return super().outcomes(blind, options, me)


class Timid(Partner):
    """Keeps the good robots away from bad robots; PASSes when every card brings them closer
    (or one time in four when no card gets anyone nearer home)."""
    name = "timid"
    uses_kit = False
    starts = False

    def measure(self, state, me):
        return 10.0 * min(nearest_bad(state), 5) - team_moves(state)

    def would_pass(self, view, table, plays):
        safe = [after for _o, _v, lost, after in plays if not lost]
        if view.pass_state != "available" or not safe:
            return True
        if all(nearest_bad(after) < nearest_bad(table) for after in safe):
            return True
        return self.rng.random() < 0.25 and min(team_moves(after) for after in safe) >= team_moves(table)


class Novice(Partner):
    """Any card that does not lose at once (chosen at random among those)."""
    name = "novice"
    uses_kit = False

    def card(self, view, table, choices):
        plays = [c for c in choices if c.kind == "play"]
        scored = self.outcomes(table, plays, view.seat)
        safe = [s[0] for s in scored if not s[2]]
        return self.rng.choice(safe or plays or choices)

    def best(self, view, table, choices):
        if view.active != view.seat:
            return choices[0]
        scored = self.outcomes(table, choices, view.seat)
        safe = [s[0] for s in scored if not s[2]]
        return self.rng.choice(safe or choices)


class Follower(Selfish):
    """Obeys BEEPs and "don't play" messages; otherwise plays like the selfish style."""
    name = "follower"
    obeys = True


class Greedy(Partner):
    """The best card one step ahead by its own measure (progress, and a little room from
    bad robots); never BEEPs."""
    name = "greedy"

    def measure(self, state, me):
        return -10.0 * team_moves(state) + 2.0 * min(nearest_bad(state), 3)


class Cautious(Partner):
    """The safest card; obeys BEEPs, and BEEPs a card it can see would lose at once."""
    name = "cautious"
    beeps = True
    obeys = True
    starts = False

    def measure(self, state, me):
        return 10.0 * min(nearest_bad(state), 4) - 2.0 * team_moves(state)


class Noisy(Greedy):
    """Greedy, but one decision in five is any legal choice."""
    name = "noisy"

    def choose(self, view, choices):
        choices = list(choices)
        if len(choices) > 1 and self.rng.random() < 0.2:
            return self.rng.choice(choices)
        return super().choose(view, choices)


class Confused(Greedy):
    """Greedy, but one card decision in ten reads the card's relative arrows from the wrong
    side of the table: it picks the card that would be best if every arrow pointed the other
    way, and steers that card's choices the same wrong way."""
    name = "confused"
    MISREAD = 0.1

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.misread_card: int | None = None
        self.misreads = 0                  # card decisions read from the wrong side so far

    def card(self, view, table, choices):
        self.misread_card = None
        if self.rng.random() >= self.MISREAD:
            return super().card(view, table, choices)
        self.misreads += 1
        wrong = upside_down(table, view)
        me = 1 - view.seat                                   # where it thinks it sits
        plays = [c for c in choices if c.kind == "play"] or choices
        choice = self.pick_best(self.outcomes(wrong, plays, me))
        self.misread_card = choice.args[0] if choice.kind == "play" else None
        return choice

    def best(self, view, table, choices):
        choice = super().best(view, table, choices)
        if self.misread_card is not None and view.resolving and view.resolving[0] == self.misread_card \
                and choice.kind == "dir" and choice.args[1] in MIRROR:
            turned = Choice("dir", (choice.args[0], MIRROR[choice.args[1]]))
            if turned in choices:
                return turned
        return choice


def upside_down(table: GameState, view) -> GameState:
    """The table as a player who reads every card from the other seat imagines it: the two
    seats (boards, robots) swapped, the cards keeping the faces this seat sees, so the active
    player's arrows are turned from the other side."""
    twin = table.copy()
    other = 1 - view.seat
    twin.active = other
    twin.owner = {r: 1 - s for r, s in table.owner.items()}
    twin.robot_names = (table.robot_names[1], table.robot_names[0])
    for name in ("energy", "chip", "unlocked", "hands", "numbers"):
        a, b = getattr(table, name)
        setattr(twin, name, [b, a])
    seen = {c.card: c.face for stand in view.stands for c in stand}
    twin.stands = [[(c, seen[c] if owner == other else OTHER_FACE[seen[c]]) for c, _ in stand]
                   for owner, stand in enumerate(table.stands)]
    return twin


STYLES = {cls.name: cls for cls in (Selfish, Reckless, Timid, Novice, Follower, Confused, Greedy, Cautious, Noisy)}
HUMAN_STYLES = ("selfish", "reckless", "timid", "novice", "follower", "confused")
HELD_OUT_STYLES = ("greedy", "cautious", "noisy")
