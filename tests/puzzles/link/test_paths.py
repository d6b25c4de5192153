"""Fewest-segment paths against the set-by-set reference search, on random and chosen boards."""
import random

import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles.link.board import Board, parse
from puzzle_explorer.puzzles.link.kernels.linking import quick_path
from puzzle_explorer.puzzles.link.presets import BY_ID, serpentine
from puzzle_explorer.puzzles.link.solve import solve
from tests.puzzles.link import reference

# (rows, a, b, outside, fewest): boards where settling each cell once, with the
# direction it was first reached in, gives a wrong count (checked in the test)
TRAPS = [
    (("XX..X.", "X.X...", "XX.XXX", "..XX..", "XXXX.."), (0, 2), (4, 2), True, 4),  # round the outside
    (("X.X.XX", "X.X...", ".XXX..", "....XX", "..XX.X"), (3, 4), (2, 1), True, 4),  # round the outside
    (("..", "..", "XX"), (1, 0), (0, 2), False, 2),
    (("...", "X.X"), (2, 1), (0, 0), False, 2),
    (("..X", "..X"), (0, 0), (2, 1), True, 2),
]


def random_board(rng, w, h, density):
    return tuple("".join("X" if rng.random() < density else "." for _ in range(w)) for _ in range(h))


def ours(rows, a, b, outside, limit=None):
    return quick_path(Board(rows, outside=outside), a, b, limit)


def check(rows, a, b, outside, limit=None):
    want = reference.fewest(rows, a, b, outside, limit)
    got = ours(rows, a, b, outside, limit)
    assert (got.segments if got else None) == want, (rows, a, b, outside, limit)
    if got:
        assert reference.check_path(rows, a, b, list(got.corners), outside), got
    return got


@pytest.mark.parametrize("seed", range(4))
def test_random_boards_match_the_reference(seed):
    rng = random.Random(seed)
    for _ in range(400):
        w, h = rng.randint(1, 7), rng.randint(1, 6)
        if w * h < 2:
            continue
        rows = random_board(rng, w, h, rng.choice([0.2, 0.4, 0.6]))
        a, b = rng.sample([(x, y) for y in range(h) for x in range(w)], 2)
        check(rows, a, b, outside=rng.random() < 0.6)


def test_random_boards_with_a_segment_limit():
    rng = random.Random(11)
    for _ in range(300):
        w, h = rng.randint(2, 6), rng.randint(2, 6)
        rows = random_board(rng, w, h, 0.45)
        a, b = rng.sample([(x, y) for y in range(h) for x in range(w)], 2)
        check(rows, a, b, outside=rng.random() < 0.6, limit=rng.randint(1, 4))


def test_paths_that_must_use_the_outside_ring():
    rng = random.Random(5)
    seen = 0
    for _ in range(2000):
        rows = random_board(rng, 5, 4, 0.5)
        a, b = rng.sample([(x, y) for y in range(4) for x in range(5)], 2)
        inside_only = reference.fewest(rows, a, b, outside=False)
        got = check(rows, a, b, outside=True)
        if got and (inside_only is None or inside_only > got.segments):
            seen += 1
            assert any(not (0 <= x < 5 and 0 <= y < 4) for x, y in got.cells())
    assert seen > 50


@pytest.mark.parametrize("rows,a,b,outside,fewest", TRAPS)
def test_boards_where_remembering_only_the_cell_is_wrong(rows, a, b, outside, fewest):
    assert reference.cell_only_search(rows, a, b, outside) != fewest  # the trap is real
    assert reference.fewest(rows, a, b, outside) == fewest
    assert check(rows, a, b, outside).segments == fewest


def test_the_direction_trap_preset_is_one_of_them():
    board = parse(BY_ID["direction-trap"].text)
    a, b = board.marked
    assert reference.cell_only_search(board.rows, a, b) == 6
    assert quick_path(board, a, b).segments == reference.fewest(board.rows, a, b) == 4


def test_walled_13x11_case_has_no_path_at_any_count():
    board = parse(BY_ID["walled-13x11"].text)
    a, b = board.marked
    assert reference.fewest(board.rows, a, b) is None
    sol = solve(board, "path", {"max_segments": 20}, SearchControl(), Limits())
    assert sol.status == Status.UNSOLVABLE and sol.details["segments"] is None


def test_a_small_serpentine_against_the_reference():
    board = parse(serpentine(12))
    a, b = board.marked
    got = check(board.rows, a, b, outside=False)
    assert got.segments == 11


def test_serpentine_100_takes_99_segments():
    board = parse(BY_ID["serpentine-100"].text)
    sol = solve(board, "path", {}, SearchControl(), Limits())
    assert sol.status == Status.SOLVED and sol.details["segments"] == 99 == sol.length
    corners = [tuple(v - 1 for v in c) for c in sol.details["path"]]
    assert reference.check_path(board.rows, *board.marked, corners, outside=False)


def test_path_solution_steps_one_per_segment():
    board = parse(BY_ID["the-game"].text)
    sol = solve(board, "path", {}, SearchControl(), Limits())
    assert sol.length == 4 == sol.details["segments"]
    assert [m["segment"] for m in (s.data for s in sol.steps[1:])] == [1, 2, 3, 4]
    assert sol.details["path"] == [[2, 3], [2, 2], [4, 2], [4, 3], [5, 3]]
    assert sol.steps[-1].board.trail == tuple((x - 1, y - 1) for x, y in sol.details["path"])


def test_limit_below_the_fewest_is_unsolvable():
    board = parse(BY_ID["the-game"].text)
    sol = solve(board, "path", {"max_segments": 3}, SearchControl(), Limits())
    assert sol.status == Status.UNSOLVABLE and sol.length is None
