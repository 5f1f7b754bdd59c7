"""The shape every game has (rules / ai / levels / tools / ui): import direction and no cycles.

Read from the import graph (grimp, import-linter's engine), which sees imports inside
functions too: none may hide a cycle.
"""
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def graph():
    sys.path.insert(0, str(ROOT))
    return grimp.build_graph("game")


def _imports(graph, package):
    mods = {m for m in graph.modules if m == package or m.startswith(package + ".")}
    return {(m, i) for m in mods for i in graph.find_modules_directly_imported_by(m)}


def test_no_import_cycle_among_robo_run_modules(graph):
    mods = sorted(m for m in graph.modules if m.startswith("game.roborun."))
    cycles = [(a, b) for a in mods for b in graph.find_modules_directly_imported_by(a)
              if b.startswith("game.roborun.") and b != a and graph.chain_exists(importer=b, imported=a)]
    assert cycles == []


@pytest.mark.parametrize("package, forbidden", [
    ("game.roborun.rules", ("game.roborun.ai", "game.roborun.ui", "game.roborun.levels", "game.roborun.tools",
                            "game.client", "pygame")),
    ("game.roborun.ai", ("game.roborun.ui", "game.roborun.levels", "game.roborun.tools", "game.client", "pygame")),
    ("game.roborun.levels", ("game.roborun.ui", "game.roborun.tools", "game.client", "pygame")),
])
def test_each_layer_imports_only_downwards(graph, package, forbidden):
    bad = [(m, i) for m, i in _imports(graph, package) if any(i == f or i.startswith(f + ".") for f in forbidden)]
    assert bad == []


def test_the_rules_import_where_pygame_cannot():
    code = ("import sys; sys.modules['pygame'] = None\n"
            "import game.roborun.rules, game.roborun.ai, game.roborun.levels.tmx_loader\n"
            "assert 'pygame' not in [m for m in sys.modules if sys.modules[m] is not None]")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
