"""Every solver's tours, checked square by square by the validator in reference.py.

Small boards: every solver's verdict against the brute force, every tour it
returns validated. Larger boards: Warnsdorff's rule must find a tour on every
board of a sweep that has one (the theorems say which do), and every tour is
validated.
"""
import random

import numpy as np
import pytest

from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles.knights.board import Board
from puzzle_explorer.puzzles.knights.existence import closed_board_reason, open_board_reason
from tests.puzzles.knights.groups import FIVE_BY_FIVE_EVERY_SQUARE
from tests.puzzles.knights.reference import check_tour, has_tour, tour_of

SMALL = [(w, h) for w in range(1, 6) for h in range(1, 6)]


def _expect(sol, w, h, start, closed, blocked=frozenset()):
    """The solution says solved exactly when the brute force finds a tour, and its tour is valid."""
    exists = has_tour(w, h, start, closed, blocked)
    assert sol.status == (Status.SOLVED if exists else Status.UNSOLVABLE), (w, h, start, closed)
    if exists:
        check_tour(w, h, start, closed, blocked, tour_of(sol))
        # the timeline: step 0 is the start, step i the i-th move, each a knight's move
        assert len(sol.steps) == w * h - len(blocked)
        assert sol.steps[0].highlight == frozenset({start})
        if len(sol.steps) > 1:
            last = sol.steps[-1].data
            assert list(tour_of(sol)[-1]) == last["to"]


@FIVE_BY_FIVE_EVERY_SQUARE
@pytest.mark.parametrize("solver", ["backtrack", "warnsdorff-backtrack", "warnsdorff"])
@pytest.mark.parametrize("closed", [False, True], ids=["open", "closed"])
def test_every_solver_every_start_up_to_5x5(run, solver, closed):
    for w, h in SMALL:
        for y in range(h):
            for x in range(w):
                _expect(run(Board(w, h, (x, y), closed), solver), w, h, (x, y), closed)


@pytest.mark.parametrize("order", ["program", "listed", "clockwise"])
def test_plain_backtracking_in_each_order_on_larger_boards(run, order):
    for w, h, start, closed in [(6, 5, (0, 0), False), (3, 7, (0, 0), False), (3, 10, (0, 0), True),
                                (5, 6, (2, 1), True), (4, 5, (0, 0), False)]:
        _expect(run(Board(w, h, start, closed), "backtrack", order=order), w, h, start, closed)


def _random_board(rng, sizes, most_blocked):
    w, h = rng.choice(sizes)
    cells = [(x, y) for y in range(h) for x in range(w)]
    blocked = frozenset(rng.sample(cells, rng.randint(1, most_blocked)))
    start = rng.choice([c for c in cells if c not in blocked])
    return w, h, start, blocked


@pytest.mark.parametrize("seed", range(40))
def test_blocked_squares_every_solver(run, seed):
    rng = random.Random(seed)
    w, h, start, blocked = _random_board(rng, [(4, 4), (5, 4), (4, 5), (5, 5), (3, 6), (6, 3), (2, 5)], 4)
    closed = seed % 2 == 1
    for solver in ("backtrack", "warnsdorff-backtrack", "warnsdorff"):
        _expect(run(Board(w, h, start, closed, blocked), solver), w, h, start, closed, blocked)


@pytest.mark.parametrize("closed", [False, True], ids=["open", "closed"])
def test_warnsdorff_around_holes_on_larger_boards(run, closed):
    """Blocked squares on boards too big for the brute force: a tour is found and validated."""
    rng = random.Random(7)
    found = 0
    for w, h in [(8, 8), (10, 10), (12, 9), (20, 20), (31, 17), (50, 50)]:
        # a 2x2 hole keeps the colours balanced, so closed tours stay possible
        hx, hy = rng.randrange(2, w - 3), rng.randrange(2, h - 3)
        blocked = frozenset({(hx, hy), (hx + 1, hy), (hx, hy + 1), (hx + 1, hy + 1)})
        for solver in ("warnsdorff", "warnsdorff-backtrack"):
            sol = run(Board(w, h, (0, 0), closed, blocked), solver)
            if sol.status == Status.SOLVED:
                check_tour(w, h, (0, 0), closed, blocked, tour_of(sol))
                found += 1
    assert found >= 10


def _has_tour_by_theory(w, h, closed):
    m, n = sorted((w, h))
    return (closed_board_reason(m, n) if closed else open_board_reason(m, n)) is None


SWEEP = [(w, h) for w in range(5, 41) for h in range(5, 41) if w <= h]


@pytest.mark.parametrize("closed", [False, True], ids=["open", "closed"])
def test_warnsdorff_finds_a_tour_on_every_board_5_to_40(run, closed):
    """From the corner (on the larger colour class: an open tour exists on all of these boards)."""
    for w, h in SWEEP:
        for board_w, board_h in {(w, h), (h, w)}:
            sol = run(Board(board_w, board_h, (0, 0), closed), "warnsdorff")
            if closed and not _has_tour_by_theory(w, h, True):
                assert sol.status == Status.UNSOLVABLE and sol.details["method"] == "theory"
                continue
            assert sol.status == Status.SOLVED, (board_w, board_h)
            check_tour(board_w, board_h, (0, 0), closed, (), tour_of(sol))


@pytest.mark.parametrize("closed", [False, True], ids=["open", "closed"])
def test_warnsdorff_from_any_square_of_every_even_board_5_to_40(run, closed):
    """Boards with an even number of squares have a closed tour (Schwenk), so a tour from every square."""
    rng = random.Random(40 + closed)
    for w, h in SWEEP:
        if (w * h) % 2:
            continue
        for board_w, board_h in {(w, h), (h, w)}:
            start = (rng.randrange(board_w), rng.randrange(board_h))
            sol = run(Board(board_w, board_h, start, closed), "warnsdorff")
            assert sol.status == Status.SOLVED, (board_w, board_h, start)
            check_tour(board_w, board_h, start, closed, (), tour_of(sol))


@pytest.mark.parametrize("closed", [False, True], ids=["open", "closed"])
def test_warnsdorff_on_thin_boards(run, closed):
    """Three and four wide, any length: the exact line-by-line search, agreeing with the theorems.
    Every length up to 28 (the theorems' small cases and both parities well past them), then a few
    long ones; the random-size test below goes on to 200."""
    status = {}
    for short in (3, 4):
        for long_side in list(range(3, 29)) + [40, 57, 100]:
            for w, h in ((short, long_side), (long_side, short)):
                starts = [(0, 0), (w - 1, h - 1), (w // 2, h // 2)]
                for start in starts:
                    sol = run(Board(w, h, start, closed), "warnsdorff")
                    status[w, h, start] = sol.status
                    theory = sol.details["existence"]["exists"]
                    if sol.status == Status.SOLVED:
                        assert theory is not False
                        check_tour(w, h, start, closed, (), tour_of(sol))
                    else:  # proved: by theory, or by the exact search where theory is silent
                        assert sol.status == Status.UNSOLVABLE and theory is not True, (w, h, start)
                        if w * h <= 24:
                            assert not has_tour(w, h, start, closed), (w, h, start)
            if not closed and long_side >= 7 and not (short == 3 and long_side in (5, 6)):
                assert status[short, long_side, (0, 0)] == Status.SOLVED  # an open tour from the corner


def test_warnsdorff_random_sizes_up_to_200_from_random_starts(run):
    rng = random.Random(200)
    for _ in range(30):
        w, h = rng.randint(5, 200), rng.randint(5, 200)
        closed = rng.random() < 0.4 and _has_tour_by_theory(w, h, True)
        while True:  # a start on the larger colour class (both classes when the board is even)
            start = (rng.randrange(w), rng.randrange(h))
            if (w * h) % 2 == 0 or sum(start) % 2 == 0:
                break
        sol = run(Board(w, h, start, closed), "warnsdorff")
        assert sol.status == Status.SOLVED, (w, h, start, closed)
        check_tour(w, h, start, closed, (), tour_of(sol))


@pytest.mark.parametrize("closed", [False, True], ids=["open", "closed"])
def test_warnsdorff_on_a_million_squares(run, closed):
    sol = run(Board(1000, 1000, (499, 499) if closed else (0, 0), closed), "warnsdorff")
    assert sol.status == Status.SOLVED
    squares = sol.steps[-1].board.tour.squares
    xy = np.stack([squares % 1000 + 1, squares // 1000 + 1], axis=1)
    check_tour(1000, 1000, (499, 499) if closed else (0, 0), closed, (), xy)
    # the timeline is made on demand: a million steps without a million boards
    assert len(sol.steps) == 1_000_000
    assert sol.steps[500_000].board.shown == 500_001


def test_theory_answers_without_search(run):
    """A board theory rules out is answered at once, with the reason, by every solver that searches."""
    for solver in ("warnsdorff", "warnsdorff-backtrack", "count"):
        sol = run(Board(1000, 4, (0, 0), True), solver)
        assert sol.status == Status.UNSOLVABLE and sol.details["method"] == "theory"
        assert "four squares wide" in sol.details["existence"]["reason"]
        assert sol.stats.nodes_expanded == 0
