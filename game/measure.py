"""`python main.py measure [NAME ...]`: re-measure the figures kept as records (`make measure`).

    python main.py measure                      every record, only the entries that changed
    python main.py measure roborun-difficulty --only 1.3 2.2
    python main.py measure --all --jobs 2       everything, from scratch
    python main.py measure --check              say what is stale, measure nothing (exit 1 if any)

A record is a figure too slow for `make test` to recompute (game/core/records.py): the
tests check its targets and its fingerprint (some also replay a sampled entry).
"""
from __future__ import annotations

import argparse
import importlib

from game.core import records
from game.core.errors import UserError

# record name -> "module:attribute" of its RecordSpec (imported only when used)
RECORDS: dict[str, str] = {
    "roborun-difficulty": "game.roborun.tools.difficulty_record:RECORD",
    "roborun-crossplay": "game.roborun.tools.crossplay_record:RECORD",
    "runrunrun-ai": "game.runrunrun.tools.ai_record:RECORD",
    "roborescue-ai": "game.roborescue.tools.ai_record:RECORD",
    "roborally-ai": "game.roborally.tools.ai_record:RECORD",
}


def spec(name: str) -> records.RecordSpec:
    if name not in RECORDS:
        raise UserError("command line", f"unknown record '{name}' (choose from: {', '.join(RECORDS)})")
    module, _, attribute = RECORDS[name].partition(":")
    return getattr(importlib.import_module(module), attribute)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="main.py measure", description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", metavar="NAME", help=f"records ({', '.join(RECORDS)}); default all")
    parser.add_argument("--only", nargs="+", metavar="KEY", help="re-measure these entries of one record")
    parser.add_argument("--all", action="store_true", help="re-measure every entry, changed or not")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--check", action="store_true", help="list stale records, measure nothing")
    args = parser.parse_args(argv)
    names = args.names or list(RECORDS)
    if args.only and len(names) != 1:
        raise UserError("command line", "--only needs exactly one record name")
    if args.jobs < 1:
        raise UserError("command line", "--jobs must be at least 1")
    if args.check:
        stale = []
        for name in names:
            try:
                stale += records.problems(spec(name))
            except UserError as exc:
                stale.append(str(exc))
        print("\n".join(stale) if stale else "every record matches today's code and files")
        return 1 if stale else 0
    for name in names:
        records.refresh(spec(name), only=args.only, everything=args.all, jobs=args.jobs)
    return 0
