"""`simulate roborun --levels-table` prints the table of docs/roborun-levels.md as Markdown."""
from pathlib import Path

import pytest

from game.core.errors import UserError

from game.roborun.tools import levels_table, simulate

DOC = Path(__file__).resolve().parents[3] / "docs" / "roborun-levels.md"
DEALS = 80                    # the docs table: deals 0-79


def test_the_command_prints_the_docs_table_format_and_a_row_that_adds_up(capsys):
    assert simulate.main(["--levels-table", "--level", "1.1", "--games", "2", "--seed", "0"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == levels_table.HEADER.format(n=2) and out[1] == levels_table.RULE
    cells = [c.strip() for c in out[2].strip("|").split("|")]
    assert cells[0] == "1.1"
    wins, rounds = int(cells[1]), [int(r) for r in cells[2].split()]
    assert wins == len(rounds) and all(1 <= r <= 4 for r in rounds)
    assert float(cells[4]) == round((sum(rounds) + 5 * (2 - wins)) / 2, 2)
    ai_on_won, of = cells[6].split(" / ")
    assert int(of) == wins and int(ai_on_won) <= min(wins, int(cells[5]))
    assert 0 <= int(cells[7]) <= 2
    assert out[3] == "" and out[4] == levels_table.CAMPAIGN_HEADER
    assert out[6].startswith(f"| 1 | {cells[4]} | {wins} / 2 | ")


def test_the_docs_table_is_the_recorded_table_of_all_thirty_levels():
    """docs/roborun-levels.md shows the record (records/roborun-difficulty.json) exactly as
    the table prints it, so the doc cannot drift from the measured figures."""
    text = DOC.read_text()
    assert "python main.py measure roborun-difficulty" in text
    printed = levels_table.table(levels_table.recorded_rows(), DEALS)
    assert len(printed) == 2 + 30 + 1 + 2 + 5          # level table, blank line, campaign table
    missing = [line for line in printed if line and line not in text.splitlines()]
    assert not missing, missing[:3]


def test_row_figures():
    row = levels_table.Row("9.9", 4, solver_rounds=[2, None, 3, 4], ai_won=[True, True, False, True],
                           greedy_won=[True, False, False, False])
    assert row.markdown() == "| 9.9 | 3 | 2 3 4 | 3.00 | 3.50 | 3 | 2 / 3 | 1 |"


def test_no_ai_prints_the_solver_columns_and_dashes_for_the_ai_pairs():
    row = levels_table.Row("9.9", 2, solver_rounds=[2, None])
    assert row.markdown() == "| 9.9 | 1 | 2 | 2.00 | 3.50 | - | - | - |"
    assert levels_table.table([row], 2)[-1] == "| 9 | 3.50 | 1 / 2 | - / 2 | - / 2 |"


def test_no_ai_needs_the_levels_table():
    with pytest.raises(UserError, match="--no-ai goes with --levels-table"):
        simulate.main(["--no-ai", "--level", "1.1", "--games", "1"])


def test_jobs_print_the_same_table_as_one_process(capsys):
    argv = ["--levels-table", "--no-ai", "--level", "1.1", "2.1", "--games", "1", "--seed", "0"]   # two tasks for two jobs
    assert simulate.main(argv) == 0
    alone = capsys.readouterr().out
    assert simulate.main(argv + ["--jobs", "2"]) == 0
    assert capsys.readouterr().out == alone


def test_jobs_out_of_range_is_one_line():
    with pytest.raises(UserError, match="--jobs must be between 1 and 64"):
        simulate.main(["--levels-table", "--jobs", "0"])
