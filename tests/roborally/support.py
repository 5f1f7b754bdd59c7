"""Helpers for Robo Rally rule tests: tiny courses, robots placed by hand, programs played
through the public engine (apply), so each test sets up one situation and reads the outcome."""
from __future__ import annotations

from game.core.engine import play_out
from game.roborally import rules as R
from game.roborally.rules import engine as E
from game.roborally.rules.engine import Choice

FILLER = ["uturn", "uturn", "uturn", "uturn"]


def course(width=8, height=8, cells=(), walls=(), lasers=(), checkpoints=((7, 0),), starts=None,
           reboot=(0, 0, "E")):
    starts = starts or [[x, height - 1, "N"] for x in range(1, 7)]
    return {"id": "t", "name": "test", "width": width, "height": height,
            "cells": [list(c) for c in cells], "walls": [list(w) for w in walls],
            "lasers": [list(l) for l in lasers], "checkpoints": [list(c) for c in checkpoints],
            "starts": [list(s) for s in starts], "reboot": list(reboot)}


def game(spec=None, players=2, robots=None, seed=1, max_rounds=0, energy=None):
    """A game at the start of round 1's upgrade phase with robots placed at (x, y, dir-letter)."""
    cfg = E.make_config(spec or course(), players, max_rounds)
    s = R.new_game(cfg, seed)
    s.damage_deck = ["spam"] * 40          # predictable damage; Haywire tests set their own
    for i, place in enumerate(robots or []):
        if place is None:
            continue
        x, y, d = place
        r = s.robots[i]
        r.x, r.y, r.d = x, y, "NESW".index(d)
    if energy is not None:
        for r in s.robots:
            r.energy = energy
    return s


def skip_upgrades(s):
    while s.phase == "upgrade":
        R.apply(s, Choice("pass"))


def play_round(s, programs, fire=None, deck=None, haywire=None, facing=None):
    """Pass the upgrade phase, give each seat its program (5 cards, None = U-turn filler kept
    out), play it through `apply`, answering fire choices with `fire` (default main laser),
    Controlled Chaos with `haywire` (default first offered) and a rebooted robot's facing
    with `facing` (seat -> direction; default the reboot arrow). Returns every event."""
    return program_round(s, programs, deck) + finish(s, fire, haywire, facing)


def program_round(s, programs, deck=None):
    """Pass the upgrade phase and program every seat; activation then runs until a seat must
    choose (or the round ends). Returns the events."""
    ev = []
    skip_upgrades(s)
    assert s.phase == "program"
    for seat, prog in programs.items():
        r = s.robots[seat]
        r.discard += r.hand
        r.hand = list(prog) + FILLER
        if deck and seat in deck:
            r.deck = list(deck[seat])
    while s.phase == "program":
        seat = s.order[s.turn_i]
        r = s.robots[seat]
        slot = r.regs.index(None)
        prog = programs.get(seat)
        card = prog[slot] if prog else sorted(c for c in r.hand if c != "again")[0]
        ev += R.apply(s, Choice("card", card))
    return ev


def finish(s, fire=None, haywire=None, facing=None):
    ev = []
    while s.phase in ("fire", "haywire", "reboot_facing"):
        if s.phase == "reboot_facing":      # keeps the arrow unless a test says otherwise
            seat = s.pending[1]
            ev += R.apply(s, Choice("facing", (facing or {}).get(seat, s.robots[seat].d)))
        elif s.phase == "fire":
            how = (fire or {}).get((s.pending[1], s.register), "main")
            ev += R.apply(s, Choice("fire", how))
        else:
            legal = R.legal_choices(s)
            pick = haywire(legal) if haywire else legal[0]
            ev += R.apply(s, pick)
    return ev


def kinds(events, seat=None):
    return [e.kind for e in events if seat is None or e.seat == seat]


def pos(s, seat):
    r = s.robots[seat]
    return (r.x, r.y, "NESW"[r.d])


def damage_cards(events, seat):
    return [e for e in events if e.kind == "damage" and e.seat == seat]


STILL = ["powerup"] * 5                       # a program that never moves or turns


class _LegalOnly:
    """A player whose every choice is checked to be one of the legal ones."""

    def __init__(self, player) -> None:
        self.player = player

    def choose(self, view, choices):
        choice = self.player.choose(view, choices)
        assert choice in choices
        return choice


def play_to_end(state, players, limit=3000):
    """Let `players` (one per seat) play `state` to its end through the public engine
    (game.core.engine.play_out), asserting every choice is legal; the finished state."""
    return play_out(R, state, [_LegalOnly(p) for p in players], limit).state
