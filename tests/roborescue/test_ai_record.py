"""The hard AI's edge over random play, kept as a record (records/roborescue-ai.json): 40 solo games
per level take too long for every test run (`python main.py measure roborescue-ai` re-measures).
These tests check the recorded scores, that they were measured with today's code and deck, and
re-play one recorded game per level so the record cannot drift from the code."""
from __future__ import annotations

import pytest

from game.core import records
from game.roborescue.tools import ai_record
from game.roborescue.tools.ai_record import RECORD


@pytest.fixture(scope="module")
def scores() -> dict[str, list[int]]:
    return {key: entry.result["scores"] for key, entry in records.load(RECORD.name).entries.items()}


def test_the_record_was_measured_with_todays_code_and_deck():
    stale = records.problems(RECORD)
    assert not stale, "\n".join(stale)


def test_hard_outscores_random_on_the_same_deals(scores):
    assert len(scores["hard"]) == len(scores["random"]) == ai_record.GAMES
    assert sum(scores["hard"]) > 1.3 * sum(scores["random"])
    assert sum(h > r for h, r in zip(scores["hard"], scores["random"])) >= 0.9 * ai_record.GAMES


@pytest.mark.parametrize("level", ai_record.LEVELS)
def test_a_recorded_game_replays_to_the_recorded_score(level, scores):
    seed = ai_record.sample_seed(level)
    assert ai_record.final_score_of(level, seed) == scores[level][seed - ai_record.FIRST_SEED]
