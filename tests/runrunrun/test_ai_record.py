"""The hard AI's win rates (issue 24), kept as a record: records/runrunrun-ai.json holds every
game's outcome per table on seeds never used while tuning. Measuring takes minutes
(`python main.py measure runrunrun-ai`), so these tests check the recorded figures, that they were
measured with today's code and content, re-play one recorded game per table, and that
docs/runrunrun-ai.md quotes the record."""
from __future__ import annotations

import pytest

from game.core import records
from game.core.records import ROOT
from game.runrunrun.tools import ai_record
from game.runrunrun.tools.ai_record import RECORD, TABLES

# the "Done when" (standard difficulty); "the AI adds to the table" is checked beside them
TARGETS = {"hard + sensible": 0.80, "hard + 3 sensible": 0.70, "hard + noisy": 0.60, "hard x4": 0.70}
MET_TARGETS = {"hard + sensible", "hard + noisy", "hard x4"}           # the ones the record meets (docs/runrunrun-ai.md lists the rest)


def win_rate(result: dict) -> float:
    return result["outcomes"].count("won") / len(result["outcomes"])


def doc_row(key: str, result: dict) -> str:
    """The line docs/runrunrun-ai.md shows for one table: wins, and losses to the Boss / a Mummy /
    darkness."""
    games = result["outcomes"]
    wins = games.count("won")
    causes = [games.count(c) for c in ("boss_reached_relics", "mummy_reached_relics", "darkness_curse")]
    return f"| {key} | {wins}/{len(games)} ({wins / len(games):.1%}) | {causes[0]} / {causes[1]} / {causes[2]} |"


@pytest.fixture(scope="module")
def recorded() -> dict[str, dict]:
    return {key: entry.result for key, entry in records.load(RECORD.name).entries.items()}


def test_the_record_was_measured_with_todays_code_and_content():
    stale = records.problems(RECORD)
    assert not stale, "\n".join(stale)


def test_the_record_holds_every_table_on_fresh_seeds(recorded):
    assert list(recorded) == list(TABLES)
    for key, (seats, games) in TABLES.items():
        assert recorded[key]["seats"] == list(seats) and len(recorded[key]["outcomes"]) == games
        assert recorded[key]["first_seed"] >= 9000          # never used while tuning


@pytest.mark.parametrize("key", list(TABLES))
def test_a_recorded_game_replays_to_the_recorded_outcome(key, recorded):
    game = ai_record.sample_game(key)
    assert ai_record.outcome(TABLES[key][0], game) == recorded[key]["outcomes"][game]


def test_the_hard_ai_adds_to_every_table(recorded):
    """The issue's question: one hard AI in place of a partner wins more than the partners alone (at
    a table of two and of four), and four hard AIs win games that four random players lose."""
    assert win_rate(recorded["hard + sensible"]) > win_rate(recorded["sensible x2"])
    assert win_rate(recorded["hard + noisy"]) > win_rate(recorded["noisy x2"])
    assert win_rate(recorded["hard + 3 sensible"]) > win_rate(recorded["sensible x4"])
    assert win_rate(recorded["hard x4"]) > win_rate(recorded["random x4"]) + 0.3


def test_the_targets_met_stay_met(recorded):
    """Every "Done when" figure the record meets is held (a change that drops one below fails);
    the ones not met yet are listed in docs/runrunrun-ai.md."""
    met = {key for key, target in TARGETS.items() if win_rate(recorded[key]) >= target}
    assert met >= MET_TARGETS, sorted(MET_TARGETS - met)


def test_the_docs_quote_the_record(recorded):
    doc = (ROOT / "docs" / "runrunrun-ai.md").read_text(encoding="utf-8")
    missing = [row for row in (doc_row(k, r) for k, r in recorded.items()) if row not in doc]
    assert not missing, "docs/runrunrun-ai.md should show:\n" + "\n".join(missing)
