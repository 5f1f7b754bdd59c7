"""The shape of the code, checked: import contracts, no cycles, pure rules, one layout per game."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game import catalog

ROOT = Path(__file__).resolve().parents[1]
BUILT = [entry for entry, _ in catalog.available_engines()]
LINT = [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command; "
        "sys.exit(lint_imports_command())"]


def _lint(cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(cwd)}
    return subprocess.run(LINT + ["--no-cache"], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def test_lint_imports_keeps_every_contract():
    run = _lint(ROOT)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "broken" in run.stdout and " 0 broken" in run.stdout


PLANTS = [
    ("roborun/rules/__init__.py", "import pygame", "Rules engines import no AI"),
    ("roborun/rules/__init__.py", "import game.roborun.ui", "Rules engines import no AI"),
    ("robomissions/ai/__init__.py", "import game.robomissions.ui", "AI players import no screens"),
    ("roborescue/rules/__init__.py", "import game.robomissions.rules", "Games never import each other"),
    ("core/stats.py", "import game.roborun.rules", "game.core imports no game"),
    ("table/wire.py", "import pygame", "The networked table"),
    ("roborun/partners/__init__.py", "import game.roborun.ai", "Robo Run partners import nothing of the AI"),
    ("roborun/ai/__init__.py", "import game.roborun.partners", "The Robo Run AI imports no partner"),
    ("robomissions/partners/players.py", "import game.robomissions.ai", "ROBOMissions partners import nothing of the AI"),
    ("robomissions/ai/bots.py", "import game.robomissions.partners", "The ROBOMissions AI imports no partner"),
    ("roborescue/partners/players.py", "import game.roborescue.ai", "Robo Rescue partners import nothing of the AI"),
    ("roborescue/ai/bots.py", "import game.roborescue.partners", "The Robo Rescue AI imports no partner"),
]


@pytest.fixture(scope="module")
def tree_copy(tmp_path_factory) -> Path:
    where = tmp_path_factory.mktemp("shape")
    shutil.copytree(ROOT / "game", where / "game", ignore=shutil.ignore_patterns("__pycache__", "data", "*.png"))
    shutil.copy(ROOT / ".importlinter", where / ".importlinter")
    return where


@pytest.mark.parametrize("target, line, contract", PLANTS, ids=[p[1] + " in " + p[0] for p in PLANTS])
def test_a_planted_forbidden_import_breaks_the_build(tree_copy, target, line, contract):
    path = tree_copy / "game" / target
    if not path.exists():
        pytest.skip(f"{target} is not built")
    original = path.read_text()
    path.write_text(original + f"\n{line}  # planted by the test\n")
    try:
        run = _lint(tree_copy)
    finally:
        path.write_text(original)
    assert run.returncode != 0
    assert contract in run.stdout and "BROKEN" in run.stdout


def _strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative: the groups of modules that import each other in a ring."""
    index, low, on_stack, stack, groups, counter = {}, {}, set(), [], [], [0]
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in graph:
                    continue
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return groups


def test_no_module_imports_itself_in_a_ring_not_even_from_inside_a_function():
    import grimp

    graph = grimp.build_graph("game", cache_dir=None, exclude_type_checking_imports=True)
    edges = {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    # a package's __init__ re-exporting its own submodules is not a cycle of responsibilities
    for module, targets in edges.items():
        edges[module] = {t for t in targets if not module.startswith(t + ".") and not t.startswith(module + ".")}
    assert _strongly_connected(edges) == []


@pytest.mark.parametrize("entry", BUILT, ids=[e.id for e in BUILT])
def test_rules_import_in_a_fresh_interpreter_where_pygame_cannot_be_imported(entry):
    code = ("import sys; sys.modules['pygame'] = None; "
            f"import {entry.rules} as r; "
            "assert 'pygame' not in [m for m in sys.modules if sys.modules[m] is not None and m.startswith('pygame')]")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]


@pytest.mark.parametrize("entry", BUILT, ids=[e.id for e in BUILT])
def test_every_game_has_the_same_shape(entry):
    package = ROOT / "game" / entry.id
    for part in ("rules", "ai", "ui", "tools"):
        assert (package / part / "__init__.py").is_file(), f"game/{entry.id}/{part}/ is missing"
    assert (package / "cli.py").is_file()
    assert (ROOT / "tests" / entry.id / "__init__.py").is_file(), f"tests/{entry.id}/ mirrors the game"


def test_nothing_in_the_repository_points_outside_it():
    outside = ("../shared", "/work/", "shared/rules/")
    offenders = []
    for path in list((ROOT / "game").rglob("*.py")) + list((ROOT / "docs").rglob("*.md")) + [ROOT / "README.md"]:
        text = path.read_text(encoding="utf-8")
        offenders += [f"{path.relative_to(ROOT)}: {word}" for word in outside if word in text]
    assert offenders == []
