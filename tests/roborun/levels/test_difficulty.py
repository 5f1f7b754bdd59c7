"""The shipped campaigns get harder step by step, measured (issue "Robo Run campaigns 3-5":
"Difficulty rises within each campaign and from campaign to campaign, measured, not guessed
... x.6 is clearly the hardest of its campaign ... Every scenario is solver-winnable on at
least 80% of deals").

Difficulty is the table's figure (docs/roborun-levels.md, "Solver and AI figures"): the mean
over deals 0-79 of the round in which the solver wins, a deal it does not win counting as 5.
The solver is node-bound, so the figures are the same on any machine; a map edit, or a
change to the rules or to the solver's guide, that breaks the rise fails here. The guide
shares the AI's route evaluation (game/roborun/ai/board.py), so an AI change can move the
figures too: then re-measure the table (the command in the docs) and retune what fell."""
from __future__ import annotations

import pytest

from game.roborun.levels.tmx_loader import list_levels, load_level
from game.roborun.tools import levels_table

DEALS, FIRST_SEED = 80, 0
CLEARLY_HARDEST = 0.25          # x.6 above the campaign's next hardest map, in mean rounds


@pytest.fixture(scope="module")
def rows() -> dict[str, levels_table.Row]:
    levels = [(ref, load_level(path)) for ref, path in list_levels()]
    measured = levels_table.measure_all(levels, DEALS, FIRST_SEED, with_ai=False, jobs=2)
    return {row.level_id: row for row in measured}


def campaigns(rows) -> dict[str, list[levels_table.Row]]:
    out: dict[str, list[levels_table.Row]] = {}
    for level_id, row in rows.items():
        out.setdefault(level_id.split(".")[0], []).append(row)
    return out


def test_every_scenario_is_solver_won_on_at_least_80_percent_of_deals(rows):
    short = {ref: row.solver_wins for ref, row in rows.items() if row.solver_wins < 0.8 * DEALS}
    assert not short, f"solver wins out of {DEALS}: {short}"


def test_difficulty_rises_step_by_step_within_each_campaign(rows):
    for name, group in campaigns(rows).items():
        figures = [round(r.difficulty, 2) for r in group]
        assert figures == sorted(set(figures)) and len(set(figures)) == 6, (
            f"campaign {name}: {dict(zip((r.level_id for r in group), figures))}")


def test_the_finale_is_clearly_the_hardest_of_its_campaign(rows):
    for name, group in campaigns(rows).items():
        finale, others = group[-1].difficulty, [r.difficulty for r in group[:-1]]
        assert round(finale - max(others), 3) >= CLEARLY_HARDEST, (name, round(finale, 3), round(max(others), 3))


def test_campaign_means_rise_from_campaign_to_campaign(rows):
    means = [sum(r.difficulty for r in group) / len(group) for group in campaigns(rows).values()]
    assert means == sorted(means) and len(set(round(m, 2) for m in means)) == len(means), [round(m, 2) for m in means]
