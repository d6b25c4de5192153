"""The parity rule against breadth-first search: exactly the boards it calls solvable reach the goal."""
from itertools import permutations

import pytest

from puzzle_explorer.puzzles.tiles.board import Board, solved_tiles
from puzzle_explorer.puzzles.tiles.parity import unsolvable_reason
from tests.puzzles.tiles.reference import distances


@pytest.mark.parametrize("width, height, blank_first", [(3, 2, False), (2, 3, False), (2, 3, True), (2, 2, False)])
def test_parity_agrees_with_bfs_on_every_board(width, height, blank_first):
    goal = solved_tiles(width, height, blank_first)
    reachable = distances(width, height, goal)
    boards = list(permutations(range(width * height)))
    assert len(reachable) == len(boards) // 2
    for tiles in boards:
        board = Board(width, height, tiles, goal if blank_first else None)
        assert (unsolvable_reason(board) is None) == (tiles in reachable), tiles


def test_odd_goal_arrangement():
    # with any goal the rule compares the start with that goal
    goal = (2, 1, 3, 0)
    reachable = distances(2, 2, goal)
    for tiles in permutations(range(4)):
        assert (unsolvable_reason(Board(2, 2, tiles, goal)) is None) == (tiles in reachable)


def test_the_reason_in_words():
    loyd = Board(4, 4, tuple(range(1, 14)) + (15, 14, 0))
    reason = unsolvable_reason(loyd)
    assert "odd permutation" in reason and "0 steps" in reason
