"""Write pytest's assertion-rewritten bytecode of every test module once, before the workers start.

`make test` runs pytest in several xdist workers. Each imports every test module, and pytest
rewrites each module's asserts first (about 6 CPU-s for the whole suite). Where
PYTHONDONTWRITEBYTECODE is set (the CI machine's shell) or in a fresh clone, no worker finds
the rewritten modules cached, so every worker rewrote all of them: 3 workers, 3 times the
work. Here the rewriting is done once, split over processes, into the same cache files pytest
itself writes and checks (by source hash, so an edited module is simply rewritten again).
The other modules under tests/ (helpers) are byte-compiled the ordinary way.

This reaches into pytest's rewriting module; if a pytest version moves it, nothing is warmed
and the workers rewrite as they always did: a slower run, never a different one. It rewrites
as pytest does without `enable_assertion_pass_hook` (pytest.ini sets none; if it ever does,
nothing is warmed).

    python -m tests.warm_asserts [-j JOBS]
"""
from __future__ import annotations

import argparse
import fnmatch
import py_compile
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

TESTS = Path(__file__).resolve().parent
REWRITTEN = ("test_*.py", "*_test.py", "conftest.py")    # pytest's python_files, and conftests


class _Quiet:
    """What pytest's pyc writer reports to: nothing to report here."""

    @staticmethod
    def trace(_message: str) -> None:
        pass


def _warm(paths: list[str]) -> int:
    """Cache the rewritten code of each test module not yet cached; the number written."""
    try:
        from _pytest.assertion import rewrite
    except ImportError:
        return 0
    written = 0
    for name in paths:
        path = Path(name)
        try:
            if any(fnmatch.fnmatch(path.name, pattern) for pattern in REWRITTEN):
                pyc = rewrite.get_cache_dir(path) / (path.name[:-3] + rewrite.PYC_TAIL)
                if rewrite._read_pyc(path, pyc) is not None:
                    continue
                rewrite.try_makedirs(pyc.parent)
                source_hash, code = rewrite._rewrite_test(path, None)
                written += bool(rewrite._write_pyc(_Quiet(), code, source_hash, pyc))
            else:
                py_compile.compile(str(path), doraise=True)
                written += 1
        except (AttributeError, TypeError, ValueError, OSError, SyntaxError, py_compile.PyCompileError):
            continue        # pytest rewrites (or reports) this one itself, as without the warm-up
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-j", "--jobs", type=int, default=2, help="processes to split the modules over")
    args = parser.parse_args(argv)
    if "enable_assertion_pass_hook" in (TESTS.parent / "pytest.ini").read_text(encoding="utf-8"):
        return 0            # rewritten with the hook: only pytest's own config knows how
    paths = sorted(str(p) for p in TESTS.rglob("*.py") if "__pycache__" not in p.parts)
    jobs = max(1, args.jobs)
    shares = [paths[i::jobs] for i in range(jobs)]
    if jobs == 1:
        _warm(paths)
    else:
        with ProcessPoolExecutor(jobs) as pool:
            list(pool.map(_warm, shares))
    return 0


if __name__ == "__main__":
    sys.exit(main())
