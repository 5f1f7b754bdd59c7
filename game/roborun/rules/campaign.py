"""Campaign progress between scenarios, the Single Scenario Mode set-up, and accomplishments.

Campaign (chapter 5): on success each player keeps the Player board progress (unlocked
abilities, CHIP level, Energy, Equipment cards), gains one reward unlock, and the
Equipment deck keeps its order; on failure the progress gained during the scenario is
deleted (Equipment gained goes to the bottom of the deck) and the scenario is replayed.
Action cards are redealt either way (new_game deals 3 each).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace

from game.core.errors import UserError
from game.roborun.rules.cards import robot_boards
from game.roborun.rules.state import GameState, PlayerSetup, Setup

# Chapter 8 table: scenario number -> (unlocks per player, Energy per player).
SINGLE_SCENARIO = {1: (1, 1), 2: (2, 1), 3: (3, 2), 4: (4, 2), 5: (5, 3), 6: (6, 3)}


def _random_unlocks(robot: str, count: int, rng: random.Random) -> tuple[tuple[str, ...], int]:
    rb = robot_boards()[robot]
    pool = list(rb.abilities) + ["chip"] * (len(rb.chip) - 1)
    picks = rng.sample(pool, min(count, len(pool)))
    return tuple(sorted(a for a in picks if a != "chip")), 1 + picks.count("chip")


def single_scenario_setup(number: int, rng: random.Random, robots: tuple[str, str] | None = None) -> Setup:
    """Chapter 8 set-up for scenario X.number: the table's unlock and Energy counts.

    robots: the two robot boards the players chose (seat 0, seat 1); None draws them from
    rng. The unlocks themselves are always drawn from rng (the table proposes counts, not
    picks). Unknown robots raise UserError. The same robot twice is accepted, as the engine's
    Setup accepts it (the client's board picker allows it); a drawn pair is always two robots.
    """
    unlocks, energy = SINGLE_SCENARIO.get(number, SINGLE_SCENARIO[1])
    if robots is None:
        robots = tuple(rng.sample(sorted(robot_boards()), 2))
    else:
        _check_robots(robots)
    bonus_seat = rng.randrange(2) if number == 4 else None       # X.4: one more unlock for one player
    players = []
    for seat, robot in enumerate(robots):
        abil, chip = _random_unlocks(robot, unlocks + (1 if seat == bonus_seat else 0), rng)
        players.append(PlayerSetup(robot, abil, chip, energy, ()))
    return Setup(tuple(players))


def _check_robots(robots) -> None:
    boards = robot_boards()
    if len(robots) != 2:
        raise UserError("single scenario set-up", f"two robots are needed, got {len(robots)}")
    for seat, robot in enumerate(robots):
        if robot not in boards:
            raise UserError(f"single scenario set-up player {seat}",
                            f"unknown robot {robot!r} (choose from {', '.join(sorted(boards))})")


def campaign_start(robots: tuple[str, str], first_unlocks: tuple[str, str]) -> Setup:
    """Game set-up step 7: each player unlocks one ability or CHIP level and takes 1 Energy."""
    players = []
    for seat, (robot, pick) in enumerate(zip(robots, first_unlocks)):
        p = PlayerSetup(robot, (), 1, 1, ())
        players.append(_reward(p, pick, f"campaign start player {seat}"))
    return Setup(tuple(players))


def _reward(p: PlayerSetup, pick: str, where: str) -> PlayerSetup:
    rb = robot_boards().get(p.robot)
    if rb is None:
        raise UserError(where, f"unknown robot {p.robot!r}")
    if pick == "chip":
        if p.chip_level >= len(rb.chip):
            raise UserError(where, "the CHIP is already at its highest level")
        return replace(p, chip_level=p.chip_level + 1)
    if pick not in rb.abilities or pick in p.unlocked:
        raise UserError(where, f"'{pick}' is not a locked ability of {p.robot}")
    return replace(p, unlocked=tuple(sorted(set(p.unlocked) | {pick})))


def after_scenario(before: Setup, final: GameState, rewards: tuple[str | None, str | None] = (None, None)) -> Setup:
    """The Setup for the next scenario (success) or for replaying this one (failure)."""
    if final.outcome is None:
        raise UserError("campaign", "the scenario has not finished")
    if final.outcome == "won":
        players = []
        for seat in (0, 1):
            p = PlayerSetup(before.players[seat].robot, tuple(sorted(final.unlocked[seat])), final.chip[seat],
                            final.energy[seat], tuple(final.hands[seat]))
            if rewards[seat] is not None:
                p = _reward(p, rewards[seat], f"campaign reward player {seat}")
            players.append(p)
        return Setup(tuple(players), tuple(final.equip_deck))
    kept = {c for p in before.players for c in p.equipment}
    gained = [c for h in final.hands for c in h if c not in kept]
    deck = [c for c in final.equip_deck if c not in kept] + gained
    return Setup(before.players, tuple(deck))


@dataclass(frozen=True)
class Accomplishments:
    won: bool
    won_before_round_4: bool
    won_before_round_4_clean: bool      # ... with all bad robots and Keys removed from the map


def accomplishments(state: GameState) -> Accomplishments:
    won = state.outcome == "won"
    early = won and (state.won_round or 4) < 4
    clean = early and not state.bad_on_map() and not state.keys
    return Accomplishments(won, early, clean)
