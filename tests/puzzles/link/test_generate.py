"""Generated boards: the size and kinds asked for, and clearable under their own rules."""
import pytest

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles.link.kernels.generate import generate
from puzzle_explorer.puzzles.link.solve import solve
from tests.puzzles.link import reference


@pytest.mark.parametrize("w,h,kinds", [(2, 2, 1), (3, 2, 2), (4, 3, 3), (3, 3, 2), (5, 2, 2), (1, 6, 2)])
@pytest.mark.parametrize("gravity", [False, True])
@pytest.mark.parametrize("outside", [True, False])
def test_small_generated_boards_are_clearable_by_every_order_search(w, h, kinds, gravity, outside):
    for seed in range(3):
        board = generate(w, h, kinds, seed=seed, gravity=gravity, outside=outside)
        counts = board.kind_counts()
        assert len(counts) == kinds and all(n % 2 == 0 for n in counts.values())
        assert reference.clearable(board.rows, 3, outside, gravity), board


@pytest.mark.parametrize("w,h,kinds,gravity", [(8, 6, 6, False), (12, 8, 16, False), (18, 8, 36, False),
                                                (12, 8, 12, True), (30, 20, 40, False), (20, 20, 30, True)])
def test_larger_generated_boards_are_full_and_clear(w, h, kinds, gravity):
    board = generate(w, h, kinds, seed=7, gravity=gravity)
    assert (board.width, board.height) == (w, h)
    assert len(board.tiles()) == w * h - (w * h) % 2
    counts = board.kind_counts()
    assert len(counts) == kinds and max(counts.values()) - min(counts.values()) <= 2
    sol = solve(board, "clear", {}, SearchControl(), Limits())
    assert sol.status == Status.SOLVED


def test_the_seed_repeats_the_board():
    assert generate(10, 6, 8, seed=42) == generate(10, 6, 8, seed=42)
    assert generate(10, 6, 8, seed=42) != generate(10, 6, 8, seed=43)


def test_other_segment_limits():
    for limit in (1, 2, 5):
        board = generate(4, 3, 3, seed=1, max_segments=limit)
        assert board.max_segments == limit
        assert reference.clearable(board.rows, limit, True, False)


@pytest.mark.parametrize("args,words", [
    ((0, 5, 1), "each side must be 1 to 100"),
    ((101, 5, 1), "each side must be 1 to 100"),
    ((1, 1, 1), "no room for a pair"),
    ((4, 2, 5), "5 kinds need at least 10 cells"),
    ((4, 4, 0), "choose 1 to"),
])
def test_bad_requests(args, words):
    with pytest.raises(InputError, match=words):
        generate(*args, seed=1)
