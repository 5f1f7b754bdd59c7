"""Issue 26: the planner's distance tables stay bounded through a long session and belong to
a course's content, not to a board object's address."""
import copy
import gc

from game.core.cache import LRU
from game.roborally.ai import planner
from game.roborally.ai.planner import card_distance, walk_distance
from game.roborally.rules.board import Board
from tests.roborally.support import course


def test_a_copy_of_the_same_course_shares_the_tables_and_another_course_gets_its_own():
    board = Board.from_spec(course(checkpoints=[(3, 1)]))
    first = card_distance(board, (3, 1))
    assert card_distance(copy.deepcopy(board), (3, 1)) is first       # the worker's copy of a view
    walled = Board.from_spec(course(checkpoints=[(3, 1)], walls=[(3, 2, "S")]))
    assert card_distance(walled, (3, 1)) is not first
    assert walk_distance(walled, (3, 1)) != walk_distance(board, (3, 1))


def test_the_tables_of_many_courses_stay_bounded(monkeypatch):
    monkeypatch.setattr(planner, "_CACHE", LRU(maxsize=6))      # the real one holds 48: same code, less work
    for n in range(planner._CACHE.maxsize + 12):   # more races on fresh boards than the cache holds, as a long session plays
        board = Board.from_spec(course(checkpoints=[(n % 8, 1)], walls=[(n % 7, 3, "N"), (n % 5, 4, "E")]))
        card_distance(board, (n % 8, 1))
        walk_distance(board, (n % 8, 1))
        del board
    gc.collect()
    assert len(planner._CACHE) <= planner._CACHE.maxsize
