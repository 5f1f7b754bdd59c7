"""`python main.py lint` for Robo Rally courses: load strictly, then check the course is fair.

Checks beyond the loader: every checkpoint can be reached on foot from every start (walls
and pits respected, nothing else assumed), the reboot arrow points at a square a robot can
be pushed onto, no start sits on a pit or a moving element, checkpoint count is 1-6 and
starts number at least 2.

Design warnings (printed, never failing the check): a belt that carries robots into a pit
or off the board, a checkpoint or the reboot space on a crusher or a belt, a reboot space
with a pit or the edge on two or more sides, a start in a board laser's beam.
"""
from __future__ import annotations

from collections import deque
from pathlib import Path

from game.core.errors import UserError, one_line
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


def course_warnings(spec: dict, name: str) -> list[str]:
    """What is legal but probably not meant: each a one-line "warning:" naming the square."""
    board = Board.from_spec(spec)
    out = []
    for y in range(board.height):
        for x in range(board.width):
            i = board.idx(x, y)
            if board.kind[i] in ("belt", "express") and not board.wall_between(x, y, board.cdir[i]):
                nx, ny = x + DX[board.cdir[i]], y + DY[board.cdir[i]]
                if board.falls(nx, ny):
                    where = "into a pit" if board.inside(nx, ny) else "off the board"
                    out.append(f"{name} warning: belt at ({x}, {y}) carries robots {where} at ({nx}, {ny})")
    for n, (x, y) in enumerate(board.checkpoints, start=1):
        if board.kind_at(x, y) in ("crusher", "belt", "express"):
            out.append(f"{name} warning: checkpoint {n} ({x}, {y}) is on a {board.kind_at(x, y)}")
    rx, ry, _ = board.reboot
    if board.kind_at(rx, ry) in ("crusher", "belt", "express", "push"):
        out.append(f"{name} warning: reboot space ({rx}, {ry}) is on a {board.kind_at(rx, ry)}")
    drops = [DIRS[d] for d in range(4) if not board.wall_between(rx, ry, d) and board.falls(rx + DX[d], ry + DY[d])]
    if len(drops) >= 2:
        out.append(f"{name} warning: reboot space ({rx}, {ry}) has a pit or the edge on {len(drops)} sides "
                   f"({', '.join(drops)}): a rebooted robot is one push or Haywire from falling again")
    beams = set()
    for lx, ly, d, _s in board.lasers:
        x, y = lx, ly
        beams.add((x, y))
        while not board.wall_between(x, y, d) and board.inside(x + DX[d], y + DY[d]):
            x, y = x + DX[d], y + DY[d]
            beams.add((x, y))
    for i, (x, y, _) in enumerate(board.starts):
        if (x, y) in beams:
            out.append(f"{name} warning: start {i} ({x}, {y}) is in a board laser's beam")
    if (rx, ry) in beams:
        # a rebooted robot sits there for the rest of the round: late in a race, when the damage
        # deck is mostly Haywires, one fall puts a Haywire under every register left (issue 23)
        out.append(f"{name} warning: reboot space ({rx}, {ry}) is in a board laser's beam: a robot that "
                   f"reboots early in a round takes damage in every register left")
    return out


def lint_file(path: str | Path, warnings: list | None = None) -> list[str]:
    """The course's problems; its design warnings are added to `warnings` when given."""
    try:
        spec = load_course(path)
    except UserError as exc:
        return [str(exc)]
    problems = course_problems(spec, str(path))
    if warnings is not None and not problems:
        warnings += course_warnings(spec, str(path))
    return problems


def main(argv: list[str]) -> int:
    """lint FILE... | --all : print every problem; exit 1 if any."""
    paths = [str(p) for p in list_courses()] if argv == ["--all"] or not argv else argv
    total = 0
    for path in paths:
        warnings: list[str] = []
        problems = lint_file(path, warnings)
        for p in problems + warnings:
            print(one_line(p))             # a file name with a newline in it stays one line per problem
        total += len(problems)
        if not problems:
            print(one_line(f"{path}: ok"))
    return 1 if total else 0
