"""Exact counts of the pruned counter against the brute force, square by square, up to 5x5."""
import math
import random

import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.runner import Job
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.puzzles.knights import frontier_count
from puzzle_explorer.puzzles.knights.board import Board
from puzzle_explorer.puzzles.knights.solve import solve
from tests.puzzles.knights.groups import SIX_BY_FIVE_FROM_THE_CORNER
from tests.puzzles.knights.reference import check_tour, count_tours
from tests.searching import cancelled_once_searching

SIZES = [(w, h) for w in range(1, 6) for h in range(1, 6)]


@pytest.mark.parametrize("closed", [False, True], ids=["open", "closed"])
@pytest.mark.parametrize("w,h", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_start_against_brute_force(run, w, h, closed):
    sol = run(Board(w, h, (0, 0), closed), "count", all_starts=True)
    expected = [[count_tours(w, h, (x, y), closed) for x in range(w)] for y in range(h)]
    assert sol.details["per_square"] == expected
    assert sol.details["solutions"] == sum(map(sum, expected))
    assert sol.status == (Status.SOLVED if sol.details["solutions"] else Status.UNSOLVABLE)
    # theory alone is named the method exactly where it ruled out every square (and so searched none)
    assert (sol.details["method"] == "theory") == (sol.details["squares_ruled_out_by_theory"] == w * h)
    assert (sol.details["nodes"] == 0) >= (sol.details["method"] == "theory")


@pytest.mark.parametrize("w,h,closed", [(4, 4, False), (3, 3, False), (4, 4, True), (2, 5, False)])
def test_a_board_theory_settles_square_by_square_says_so(run, w, h, closed):
    """No tour from any square of these, and none is searched: the answer names the theorem, as it
    does for one start, and not a search that never ran."""
    from puzzle_explorer.puzzles.knights.solve import headline

    sol = run(Board(w, h, (0, 0), closed), "count", all_starts=True)
    assert all(count_tours(w, h, (x, y), closed) == 0 for x in range(w) for y in range(h))
    assert sol.status == Status.UNSOLVABLE and sol.details["method"] == "theory"
    assert sol.details["existence"]["exists"] is False and sol.details["existence"]["reason"]
    assert sol.stats.nodes_expanded == 0
    said = headline(sol)
    assert said.startswith(f"proved: no {'closed tour' if closed else 'tour'} on {w}x{h}")
    assert ("from any square" in said) != closed


def test_a_count_from_every_square_names_the_squares_theory_ruled_out(run):
    """5x5: the twelve squares of the minority colour have no open tour (the colours argument); the
    other thirteen are searched, 304 from each corner and 64 from the centre."""
    sol = run(Board(5, 5, (0, 0)), "count", all_starts=True)
    grid = sol.details["per_square"]
    assert grid[0][0] == grid[4][4] == 304 and grid[2][2] == 64
    minority = sum(1 for y in range(5) for x in range(5) if (x + y) % 2)
    assert sol.details["squares_ruled_out_by_theory"] == minority == 12
    assert sol.details["method"] == "pruned backtracking from every square (12 squares ruled out by theory)"


def test_a_count_from_every_square_stopped_before_it_searched_is_not_a_proof():
    """Stopped while theory still looked at the squares: the count is cancelled, not 'no tour'."""
    from puzzle_explorer.puzzles.knights.solve import count_every_start

    control = SearchControl()
    control.cancel()  # (solve() ends a job cancelled this early before it counts: the count is called itself)
    sol = count_every_start(Board(4, 4, (0, 0)), control, Limits(), {"existence": {}})
    assert sol.status == Status.CANCELLED and sol.details["method"] != "theory"
    assert "solutions" not in sol.details and sol.details["solutions_so_far"] == 0


@pytest.mark.parametrize("w,h,closed", [pytest.param(6, 5, False, marks=SIX_BY_FIVE_FROM_THE_CORNER), (6, 5, True), (3, 7, False), (4, 6, False), (3, 10, True)])
def test_single_starts_and_kept_tours_on_larger_boards(run, w, h, closed):
    starts = [(0, 0)] if w * h >= 30 else [(0, 0), (1, 2), (w - 1, h // 2)]  # the brute force is slow on 6x5
    for start in starts:
        sol = run(Board(w, h, start, closed), "count")
        assert sol.details["solutions"] == count_tours(w, h, start, closed)
        for steps in [sol.steps, *sol.alternatives]:
            if len(steps) > 1:
                check_tour(w, h, start, closed, (), steps[-1].board.tour.xy())
        if sol.details["solutions"]:
            assert 1 + len(sol.alternatives) == min(12, sol.details["solutions"])


def test_6x6_from_a_corner_has_the_published_count(run):
    """524,486 open tours from a corner of 6x6, by the search, which walks all 14.3 million nodes: the
    figure the frontier counter, which walks no tour, gives too (docs/knights.md; too slow for the
    suite). From every square they add up to OEIS A165134's 6,637,920."""
    sol = run(Board(6, 6, (0, 0)), "count", workers=1, subtrees=1)
    assert sol.details["solutions"] == 524_486


def _random_blocked(rng, w, h, k):
    cells = [(x, y) for y in range(h) for x in range(w)]
    blocked = frozenset(rng.sample(cells, k))
    start = rng.choice([c for c in cells if c not in blocked])
    return blocked, start


@pytest.mark.parametrize("seed", range(12))
def test_blocked_boards_against_brute_force(run, seed):
    rng = random.Random(seed)
    w, h = rng.choice([(4, 4), (5, 4), (5, 5), (4, 6), (6, 4)])
    blocked, start = _random_blocked(rng, w, h, rng.randint(1, 4))
    closed = seed % 3 == 0
    sol = run(Board(w, h, start, closed, blocked), "count")
    assert sol.details["solutions"] == count_tours(w, h, start, closed, blocked)
    if len(sol.steps) > 1:
        check_tour(w, h, start, closed, blocked, sol.steps[-1].board.tour.xy())


def test_symmetric_squares_of_a_blocked_board_are_counted_apart(run):
    """One blocked square breaks the symmetry: every square gets its own count."""
    board = Board(5, 5, (0, 0), blocked=frozenset({(1, 0)}))
    sol = run(board, "count", all_starts=True)
    grid = sol.details["per_square"]
    for y in range(5):
        for x in range(5):
            expected = None if (x, y) == (1, 0) else count_tours(5, 5, (x, y), blocked={(1, 0)})
            assert grid[y][x] == expected


@pytest.mark.processes
@pytest.mark.realtime
def test_a_time_limit_ends_a_long_count_with_status_limit():
    board = Board(8, 8, (0, 0))
    # the limit counts the estimate before the count too: enough time for both
    job = Job(lambda control: solve(board, "count", {}, control, Limits(timeout_s=1.5)), timeout_s=1.5)
    sol = job.run()
    assert sol.status == Status.LIMIT and sol.limit == Limit.TIME
    assert sol.details["solutions_so_far"] > 0


@pytest.mark.processes
def test_cancel_stops_a_count():
    board = Board(8, 8, (0, 0))
    sol = cancelled_once_searching(lambda control: solve(board, "count", {}, control, Limits())).run()
    assert sol.status == Status.CANCELLED and sol.stats.nodes_expanded > 0


@pytest.mark.parametrize("workers", [1, 0])
def test_a_counts_time_is_its_own_not_its_estimates(workers):
    """The estimate expects centuries for 8x8; capped at 200,000 nodes, the count's time is the
    time it took (the estimate's expected seconds were once added to it)."""
    import time

    board = Board(8, 8, (0, 0))
    began = time.perf_counter()
    sol = Job(lambda control: solve(board, "count", {"workers": workers}, control, Limits(max_states=200_000))).run()
    wall = time.perf_counter() - began
    assert sol.status == Status.LIMIT and sol.details["estimate"]["seconds"] > 3600
    assert 0 < sol.stats.elapsed_s <= wall


@pytest.mark.realtime
@pytest.mark.parametrize("size", [(6, 10), (7, 7)], ids=["the-method's-estimate", "the-search's-estimate"])
def test_a_cancel_while_a_count_sizes_itself_ends_the_estimate(size):
    """A count first estimates its search (Knuth's dives, 0.5 s here): 6x10 to choose its method (the
    frontier counter's guessed peak fits the budget), 7x7 to cut its search (the frontier counter's
    does not). A cancel in that estimate ends its dives, and the count after them does not start: the
    job ends cancelled with no tour counted (not as a cancel while compiling, nor as a search of
    nothing)."""
    import time

    from puzzle_explorer.core.run.progress import Phase
    from puzzle_explorer.puzzles.kit.cli_support import summary_lines
    from puzzle_explorer.puzzles.kit.engines import spec_from
    from puzzle_explorer.puzzles.knights.solve import estimate_count

    board = Board(*size, (3, 3))
    budget = 8 * 2 ** 30
    # the frontier counter is weighed (and the method's estimate made) where its guessed peak fits the budget
    assert frontier_count.chosen(board, "auto", math.inf, 1, budget) == (size == (6, 10))
    # the estimate's kernels loaded first: loading is no search, and no flag stops it
    assert estimate_count(board, False, spec_from({}), dives=64) is not None
    asked: list[float] = []

    def cancel_once_estimating(snapshot) -> None:
        if snapshot.phase == Phase.ESTIMATING and not asked:
            asked.append(time.perf_counter())
            job.cancel()

    # progress 200 times a second: the cancel comes as the estimate begins
    job = Job(lambda control: solve(board, "count", {}, control, Limits(max_memory=budget)),
              on_progress=cancel_once_estimating, hz=200.0)
    sol = job.run()
    took = time.perf_counter() - asked[0]
    assert sol.status == Status.CANCELLED and sol.limit is None
    assert sol.details["solutions_so_far"] == 0 and sol.stats.nodes_expanded == 0
    # what the command line prints: not "no search needed"
    assert summary_lines(sol, "cancelled")[1] == "stopped before the search began"
    assert took < 0.3, f"the count took {took:.2f} s to stop"
