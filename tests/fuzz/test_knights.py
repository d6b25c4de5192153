"""Knights: every solver on random boards against the brute-force counter and the tour validator
in tests/knights/reference.py; the largest boards against the validator alone."""
from __future__ import annotations

import numpy as np
import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles.knights import frontier, frontier_ray, meet
from puzzle_explorer.puzzles.knights.board import MAX_SIDE, Board, inline
from puzzle_explorer.puzzles.knights.solve import solve
from tests.core.scale.counts_here import HerePool
from tests.fuzz.cases import draw
from tests.puzzles.knights.reference import check_tour, count_tours, tour_of

CASES = 60
BRUTE_UP_TO = 20  # free squares the brute-force counter takes in a blink
EVERY_START_UP_TO = 14


def _board(rng, w, h, blocked, kind, closed=None, start=None):
    free = [(x, y) for y in range(h) for x in range(w) if (x, y) not in blocked]
    if not free:
        return None
    closed = rng.random() < 0.25 if closed is None else closed
    board = Board(w, h, start or rng.choice(free), closed, frozenset(blocked))
    return kind, board, {}


def random_board(rng):
    w, h = rng.randint(1, 5), rng.randint(1, 5)
    while w * h > BRUTE_UP_TO + 3:
        w, h = rng.randint(1, 5), rng.randint(1, 5)
    blocked = {(rng.randrange(w), rng.randrange(h)) for _ in range(rng.randrange(w * h // 4 + 1))}
    return _board(rng, w, h, blocked, "random")


def line(rng):
    n = rng.choice([2, 3, 7, MAX_SIDE])
    return _board(rng, n, 1, set(), "line") if rng.random() < 0.5 else _board(rng, 1, n, set(), "line")


def one_square(rng):
    return _board(rng, 1, 1, set(), "1x1")


def almost_all_blocked(rng):
    """One or two free squares on a small board."""
    w, h = rng.randint(2, 5), rng.randint(2, 5)
    cells = [(x, y) for y in range(h) for x in range(w)]
    keep = rng.sample(cells, rng.choice([1, 2]))
    return _board(rng, w, h, set(cells) - set(keep), "one free square")


def blocked_row(rng):
    w, h = rng.randint(3, 5), rng.randint(3, 4)
    row = rng.randrange(h)
    return _board(rng, w, h, {(x, row) for x in range(w)}, "blocked row")


def thin(rng):
    """Three or four wide (the exact line-by-line search), small enough to count."""
    short = rng.choice([3, 4])
    long = rng.randint(3, 5 if short == 4 else 6)
    w, h = (short, long) if rng.random() < 0.5 else (long, short)
    blocked = {(rng.randrange(w), rng.randrange(h))} if rng.random() < 0.3 else set()
    return _board(rng, w, h, blocked, "thin")


def _thin_long(rng, w, h, kind):
    """From a corner, where theory promises a tour: warnsdorff only, checked by the validator."""
    w, h = (w, h) if rng.random() < 0.5 else (h, w)
    return _board(rng, w, h, set(), kind, closed=False, start=(0, 0))


def thin_longest(rng):
    return _thin_long(rng, 3, MAX_SIDE, "3 wide, longest")


def four_wide(rng):
    """Not 1,000 long: there the exact search takes 13 million nodes (a speed problem, not this target's)."""
    return _thin_long(rng, 4, 60, "4 wide, long")


def largest_open(rng):
    return _board(rng, MAX_SIDE, MAX_SIDE, set(), "1000x1000 open", closed=False)


def largest_closed(rng):
    """From the centre: from some squares the closed walk needs a million rotations and minutes
    (a speed problem, not this target's)."""
    return _board(rng, MAX_SIDE, MAX_SIDE, set(), "1000x1000 closed", closed=True, start=(MAX_SIDE // 2 - 1,) * 2)


GENERATORS = [random_board, line, random_board, thin, almost_all_blocked, random_board, blocked_row,
              one_square, random_board, thin]
BIG = [thin_longest, largest_open, four_wide, largest_closed]


def _check(board, sol, where):
    check_tour(board.width, board.height, board.start, board.closed, board.blocked, tour_of(sol))


def every_start(b):
    """The brute-force count from each square (None on blocked ones), as count --all-starts lists them."""
    return [[None if (x, y) in b.blocked else count_tours(b.width, b.height, (x, y), b.closed, tuple(b.blocked))
             for x in range(b.width)] for y in range(b.height)]


@pytest.mark.parametrize("case", draw("knights", 2, CASES, GENERATORS), ids=str)
def test_knights(case):
    b = case.board
    where = f"{case.where()} {inline(b)}"
    free = b.free_squares
    small = free <= BRUTE_UP_TO or b.width == 1 or b.height == 1  # a line has no move at all
    tours = count_tours(b.width, b.height, b.start, b.closed, tuple(b.blocked)) if small else None
    for solver, options in [("warnsdorff", {}), ("warnsdorff-backtrack", {}),
                            ("backtrack", {"order": "program"}), ("backtrack", {"order": "clockwise", "count": True}),
                            ("count", {}), ("count", {"workers": 1, "subtrees": 13, "shuffle": 1}),
                            ("count", {"all_starts": True}),
                            ("count", {"method": "frontier"}), ("count", {"all_starts": True, "method": "frontier"}),
                            ("count", {"all_starts": True, "workers": 1, "subtrees": 7, "shuffle": 2})]:
        what = (solver, options, where)
        if tours is None and solver != "warnsdorff":
            continue
        if options.get("all_starts"):
            if free > EVERY_START_UP_TO:
                continue
            grid = every_start(b)
            sol = solve(b, solver, options, SearchControl(), Limits())
            assert sol.details["per_square"] == grid, what
            assert sol.status == (Status.SOLVED if any(n for row in grid for n in row if n) else Status.UNSOLVABLE)
            continue
        sol = solve(b, solver, options, SearchControl(), Limits())
        assert sol.status == (Status.SOLVED if tours is None or tours > 0 else Status.UNSOLVABLE), what
        if solver == "count" or options.get("count"):
            assert sol.details["solutions"] == tours, what
        if sol.status == Status.SOLVED and options.get("method") != "frontier":  # it counts, walking no tour
            _check(b, sol, what)


@pytest.mark.parametrize("case", draw("knights-big", 3, 4, BIG), ids=str)
def test_knights_largest(case):
    b = case.board
    sol = solve(b, "warnsdorff", {}, SearchControl(), Limits())
    assert sol.status == Status.SOLVED, case.where()
    _check(b, sol, case.where())


FRONTIER_CASES = 300
FRONTIER_BRUTE_UP_TO = 25  # free squares


def frontier_board(rng):
    """Up to 5x6 either way, any squares blocked, open or closed: every start against the brute force."""
    w, h = rng.randint(1, 6), rng.randint(1, 6)
    while w * h > 30:
        w, h = rng.randint(1, 6), rng.randint(1, 6)
    least = max(0, w * h - FRONTIER_BRUTE_UP_TO)  # the brute force from every square of 5x6 takes minutes
    blocked = set(rng.sample([(x, y) for y in range(h) for x in range(w)], rng.randint(least, max(least, w * h // 3))))
    return _board(rng, w, h, blocked, "frontier")


def frontier_mirrored(rng):
    """A board that is its own mirror image across the sweep's lines, where the free-ends sweep folds
    each state with its image."""
    made = frontier_board(rng)
    if made is None:
        return None
    board = made[1]
    w, h = board.width, board.height
    blocked = set(board.blocked)
    if w <= h:
        blocked |= {(w - 1 - x, y) for x, y in blocked}
    else:
        blocked |= {(x, h - 1 - y) for x, y in blocked}
    return _board(rng, w, h, blocked, "mirrored")


def frontier_edges(rng):
    """Lines, a blocked row or column cutting the board, and boards 8 across (keys in base 11) with
    only a few rows free."""
    pick = rng.randrange(3)
    if pick == 0:
        n = rng.randint(1, 12)
        return _board(rng, n, 1, set(), "line") if rng.random() < 0.5 else _board(rng, 1, n, set(), "line")
    if pick == 1:
        w, h = rng.randint(3, 6), rng.randint(3, 5)
        if rng.random() < 0.5:
            return _board(rng, w, h, {(x, rng.randrange(h)) for x in range(w)}, "blocked row")
        return _board(rng, w, h, {(rng.randrange(w), y) for y in range(h)}, "blocked column")
    w, h = 8, rng.randint(8, 9)
    rows = set(rng.sample(range(h), 3))
    blocked = {(x, y) for y in range(h) for x in range(w) if y not in rows}
    return _board(rng, w, h, blocked, "8 across") if rng.random() < 0.5 else \
        _board(rng, h, w, {(y, x) for x, y in blocked}, "8 across")


@pytest.mark.parametrize("case", draw("knights-frontier", 4, FRONTIER_CASES,
                                      [frontier_board, frontier_board, frontier_mirrored, frontier_edges]), ids=str)
def test_frontier_counter(case):
    """The frontier counter's count from every square (one sweep, the starts sharing it) equals the brute
    force, and (open) the free-ends sweep's total equals their sum."""
    b = case.board
    free = [(x, y) for y in range(b.height) for x in range(b.width) if (x, y) not in b.blocked]
    counters = np.zeros(64, dtype=np.int64)
    counts = frontier.count_starts(b.width, b.height, b.blocked, free, b.closed, counters)
    for cell in free:
        expected = count_tours(b.width, b.height, cell, b.closed, tuple(b.blocked))
        assert counts[cell] == expected, (case.where(), inline(b), cell)
    if len(free) > 2:  # the sweep with no start square over actors by hash partition, as on a Ray cluster
        cells = frontier_ray.Cells(width=b.width, height=b.height, blocked=b.blocked, closed=b.closed)
        found = frontier_ray.count_cells(cells, HerePool(1 + len(free) % 3, cells, len(free)), frontier.NO_ROOM,
                                         lambda: None)
        assert 2 * found == (counts[free[0]] if b.closed else sum(counts.values())), (case.where(), inline(b))
    if not b.closed:
        assert frontier.count_all(b.width, b.height, b.blocked, counters) == sum(counts.values()), \
            (case.where(), inline(b))
        halves = meet.plan(b.width, b.height, b.blocked)
        if halves is not None:  # the two halves of the free-ends sweep met in the middle
            assert meet.count(halves, counters, workers=2) == sum(counts.values()), (case.where(), inline(b))
            # and spread over actors by hash partition, as on a Ray cluster, taken in a random order
            pool = HerePool(1 + len(free) % 4, frontier_ray.Halves(plan=halves), len(free))
            assert frontier_ray.count_met(halves, pool, frontier.NO_ROOM, lambda: None) == sum(counts.values()), \
                (case.where(), inline(b), pool.parts)


# OEIS A118067 (3 x n, directed paths) and A079137 (4 x n, undirected), as far as their pages list
# them; 5 x n from A389755 (a(5n) = A083386(n)) and 6 x 6 from A306281, both undirected.
A118067 = [0, 0, 0, 16, 0, 0, 104, 792, 1120, 6096, 21344, 114496, 257728, 1292544, 3677568, 17273760,
           46801984, 211731376, 611507360, 2645699504, 7725948608, 32451640000, 97488160384, 397346625760,
           1214082434112, 4835168968464, 15039729265856, 58641619298000]
A079137 = [0, 0, 8, 0, 82, 744, 6378, 31088, 189688, 1213112, 6683852, 36486328, 201282470, 1083585304,
           5706117458, 29819231288, 154430502724, 790787799376, 4014945695196, 20241304810488]
WIDER = {(5, 5): 864, (5, 6): 18784, (5, 7): 622868, (5, 8): 18061054, (6, 6): 3318960}


def test_frontier_counter_matches_oeis():
    counters = np.zeros(64, dtype=np.int64)
    for n, directed in enumerate(A118067, 1):
        assert 2 * frontier.count(3, n, frozenset(), None, False, counters) == directed, f"3x{n}"
    for n, paths in enumerate(A079137, 1):
        assert frontier.count(n, 4, frozenset(), None, False, counters) == paths, f"{n}x4"
    for (w, h), paths in WIDER.items():
        assert frontier.count(w, h, frozenset(), None, False, counters) == paths, f"{w}x{h}"
        assert meet.count(meet.plan(w, h, frozenset()), counters, workers=2) == 2 * paths, f"{w}x{h} met"
