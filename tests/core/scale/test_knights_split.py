"""Knight's tour counts cut into subtrees: the same counts, first tours and node totals as one
search, whatever the cut and the order the subtrees run in."""
import random

import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.puzzles.knights.board import Board
from puzzle_explorer.puzzles.knights.solve import solve
from tests.puzzles.knights.reference import count_tours


def _boards(n: int, seed: int) -> list[Board]:
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        w, h = rng.randint(1, 5), rng.randint(1, 5)
        if w * h > 20:
            continue
        cells = [(x, y) for y in range(h) for x in range(w)]
        blocked = frozenset(c for c in cells if rng.random() < 0.12)
        free = [c for c in cells if c not in blocked]
        if not free:
            continue
        out.append(Board(w, h, rng.choice(free), rng.random() < 0.3, blocked))
    return out


def _count(board, **options):
    return solve(board, "count", {"engine": "local", "workers": 1, **options}, SearchControl(), Limits())


def _tours(sol) -> list:
    """The tours a count kept, as square lists, in the order it kept them."""
    steps = [sol.steps, *sol.alternatives]
    return [s[-1].board.tour.xy().tolist() for s in steps if len(s) > 1]


@pytest.mark.parametrize("board", _boards(30, 17), ids=lambda b: f"{b.width}x{b.height}")
def test_split_counts_equal_one_search_in_any_order(board):
    whole = _count(board, subtrees=1)
    for subtrees, shuffle in ((5, 1), (40, 2)):
        parts = _count(board, subtrees=subtrees, shuffle=shuffle)
        assert parts.status == whole.status
        assert parts.details.get("solutions") == whole.details.get("solutions")
        assert parts.stats.nodes_expanded == whole.stats.nodes_expanded
        assert _tours(parts) == _tours(whole)
    if whole.details.get("method") != "theory":
        assert whole.details["solutions"] == count_tours(board.width, board.height, board.start, board.closed,
                                                          board.blocked)


@pytest.mark.parametrize("board", _boards(8, 5), ids=lambda b: f"{b.width}x{b.height}")
def test_split_counts_from_every_square_equal_one_search(board):
    whole = _count(board, all_starts=True, subtrees=1)
    parts = _count(board, all_starts=True, subtrees=30, shuffle=3)
    assert parts.details.get("per_square") == whole.details.get("per_square")
    assert parts.stats.nodes_expanded == whole.stats.nodes_expanded


@pytest.mark.processes
def test_two_worker_processes_count_5x5_from_every_square_as_one_does():
    one = _count(Board(5, 5, (0, 0)), all_starts=True)
    two = solve(Board(5, 5, (0, 0)), "count", {"all_starts": True, "workers": 2}, SearchControl(), Limits())
    assert two.details["workers"] == 2 and two.details["tasks"] > 2 * 16
    assert two.details["solutions"] == one.details["solutions"] == 1728
    assert two.details["per_square"] == one.details["per_square"]
    assert two.stats.nodes_expanded == one.stats.nodes_expanded


def test_the_estimate_is_near_the_count_on_5x5():
    sol = _count(Board(5, 5, (0, 0)))
    est = sol.details["estimate"]
    assert sol.details["solutions"] == 304
    assert abs(est["nodes"] - sol.stats.nodes_expanded) < 0.5 * sol.stats.nodes_expanded
    assert est["dives"] >= 1000 and est["nodes_se"] > 0


@pytest.mark.realtime
def test_a_cancel_during_the_estimates_dives_ends_them():
    import threading
    import time

    from puzzle_explorer.core.kernels.counters import STOP, STOP_CANCEL, new_counters
    from puzzle_explorer.puzzles.knights import estimate
    from puzzle_explorer.puzzles.knights.kernels.geometry import ORDERS, deltas, free_mask, neighbour_table

    board = Board(8, 8, (0, 0))
    table = neighbour_table(8, 8, free_mask(board), *deltas(ORDERS["clockwise"]))
    estimate.estimate(table, 8, 8, [(0, 1)], 64, False, dives=10)  # the kernels loaded
    counters = new_counters(quiet=True)
    dives = 10**8  # minutes of dives: only the cancel ends them
    out = []
    worker = threading.Thread(target=lambda: out.append(estimate.estimate(table, 8, 8, [(0, 1)], 64, False,
                                                                          counters, dives=dives)))
    worker.start()
    time.sleep(0.3)
    counters[STOP] = STOP_CANCEL
    worker.join(30)
    assert not worker.is_alive() and out[0].dives < dives


def test_a_count_too_small_to_time_stays_in_this_process_with_the_workers_left_open(monkeypatch):
    """A few hundred nodes give the speed run too little to time: such a count had started two
    worker processes (1.5 s) for a search of a tenth of a second."""
    monkeypatch.setattr("puzzle_explorer.core.scale.tasks.cores", lambda: 2)
    board = Board(5, 5, (2, 2))
    sol = solve(board, "count", {}, SearchControl(), Limits())
    assert "seconds" not in sol.details["estimate"]  # no speed measured: the case this covers
    assert sol.details["workers"] == 1
    assert sol.details["solutions"] == count_tours(5, 5, (2, 2))
