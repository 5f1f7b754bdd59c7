"""One Robo Run deal played turn by turn, to read where it was lost (issue 22, seventh pass).

    python -m game.roborun.tools.trace 1.4 4602 hard selfish

Plays the deal exactly as the cross-play does (crossplay.play_game's seeds, a fresh player per
seat), so a deal traced here is the deal a record or a tuning A/B played. Before every card
choice it prints the good robots (colour letter, owner seat, space, moves to the exit), the bad
robots within three spaces of one, and the stands as each seat sees them (card, face, the face's
parts: me / mate / bad robots, with a BEEP marked *B); then the choice, and for an AI seat its
scores of the options it searched and its belief about the partner. The passes before this one
found their two real gains by reading such traces; each wrote its own script.
"""
from __future__ import annotations

import random
import sys

from game.core.errors import UserError, run_tool
from game.roborun.ai.board import INF, exit_distance
from game.roborun.ai.player import LEVELS, RoboRunAI
from game.roborun.levels.tmx_loader import find_level, load_level
from game.roborun.rules.engine import apply, legal_choices, new_game
from game.roborun.rules.state import GOOD, GameState
from game.roborun.rules.view import seat_view
from game.roborun.tools.crossplay import MAX_DECISIONS_PER_GAME, make_chooser

NEAR = 3          # bad robots this many spaces (Manhattan) from a good robot are shown


class _TracedAI(RoboRunAI):
    """The AI, keeping the scores of its last searched decision for the trace."""

    def __init__(self, level: str) -> None:
        super().__init__(level)
        self.last_scores: dict = {}

    def _score(self, root, options, clock, reply):
        self.last_scores = super()._score(root, options, clock, reply)
        return self.last_scores


def face_text(card) -> str:
    """A stand card as a seat sees it: '3y[me:U|D|L|R w/p:D,L]' (*B: a BEEP stands before it)."""
    parts = card.content
    out = []
    if parts["top"]:
        out.append("me:" + ",".join(parts["top"]))
    if parts["middle"]:
        out.append("mate:" + ",".join(parts["middle"]))
    bottom = parts["bottom"]
    if bottom["actions"]:
        out.append("/".join(c[0] for c in bottom["colours"]) + ":" + ",".join(bottom["actions"]))
    return f"{card.card}{card.face[0]}{'*B' if card.beeped else ''}[{' '.join(out)}]"


def board_text(state: GameState) -> str:
    goods = [(r, p) for r, p in state.pos.items() if state.colour[r] in GOOD]
    robots = []
    for rid, pos in goods:
        d = exit_distance(state.level, state.colour[rid], pos, state.exits_open)
        robots.append(f"{state.colour[rid][0].upper()}{state.owner.get(rid)}@{pos} d{d if d < INF else '-'}")
    near = []
    for rid, (x, y) in state.pos.items():
        if state.colour[rid] in GOOD:
            continue
        gap = min((abs(x - gx) + abs(y - gy) for _, (gx, gy) in goods), default=NEAR + 1)
        if gap <= NEAR:
            near.append(f"{state.colour[rid][0]}{(x, y)}+{gap}")
    return f"{' '.join(robots)} escaped {list(state.escaped)} bad near: {' '.join(near) or '-'}"


def trace(level_ref: str, deal: int, seats: tuple[str, str], out=sys.stdout) -> tuple[str, str | None]:
    """Play and print one deal; return (outcome, loss cause)."""
    state = new_game(load_level(find_level(level_ref)), deal)
    rng = random.Random(deal * 7919 + 17)          # crossplay.play_game's generator for this deal
    ais = {seat: _TracedAI(kind) for seat, kind in enumerate(seats) if kind in LEVELS}
    choosers = [(lambda view, choices, r, ai=ais[seat]: ai.choose(view, choices, r)) if seat in ais
                else make_chooser(kind, deal) for seat, kind in enumerate(seats)]
    for _ in range(MAX_DECISIONS_PER_GAME):
        seat = state.decision_seat
        if seat is None:
            break
        kind = state.pending.kind
        choices = legal_choices(state)
        if kind == "card":
            left = len(state.stands[0]) + len(state.stands[1])
            print(f"R{state.round} L{left}  {board_text(state)}", file=out)
            for s in (0, 1):
                view = seat_view(state, s)
                print(f"   seat {s} sees: own {' '.join(face_text(c) for c in view.stands[s])} | "
                      f"mate's {' '.join(face_text(c) for c in view.stands[1 - s])}", file=out)
        ai = ais.get(seat)
        if ai is not None:
            ai.last_scores = {}
        choice = choosers[seat](seat_view(state, seat), choices, rng)
        if kind in ("card", "start", "beep") or (ai is not None and ai.last_scores):
            line = f"  seat {seat} ({seats[seat]}) {kind} -> {choice.kind} {' '.join(map(str, choice.args))}"
            if ai is not None and ai.last_scores:
                ranked = sorted(ai.last_scores.items(), key=lambda kv: -kv[1])
                line += "   scores " + " ".join(f"{c.kind} {' '.join(map(str, c.args))}={v:.0f}" for c, v in ranked[:6])
                line += "   belief " + " ".join(f"{m}={w:.2f}" for m, w in ai.belief.weights.items())
            print(line, file=out)
        apply(state, choice)
    print(f"OUTCOME {state.outcome} {state.loss_cause or ''} round {state.round}  {board_text(state)}", file=out)
    return state.outcome or "lost", state.loss_cause


def main(argv: list[str]) -> int:
    if len(argv) != 4:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    try:
        deal = int(argv[1])
    except ValueError:
        raise UserError("deal", f"{argv[1]!r} is not a whole number") from None
    trace(argv[0], deal, (argv[2], argv[3]))
    return 0


if __name__ == "__main__":
    run_tool(main)
