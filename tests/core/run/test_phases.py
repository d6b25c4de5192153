"""The work before a search (estimates, goal listings, tables, cuts) is a phase of its own: named,
counted by the time limit, stopped by a cancel as the search is, and never taken for compiling."""
import time

import numpy as np
import pytest

from puzzle_explorer.core.kernels.counters import STOP_CANCEL, STOP_TIMEOUT
from puzzle_explorer.core.run.progress import WAITING, WORKING, Phase, SearchControl
from puzzle_explorer.core.run.runner import Job
from puzzle_explorer.core.scale.cuts import shallowest_cut
from tests.core.run.test_runner import interrupt_main_after


def busy_until_stopped(phase: str, most_s: float = 5.0):
    """A job that does Python work in `phase` until it is asked to stop; returns (stop flag, seconds)."""
    def task(control: SearchControl) -> tuple[int, float]:
        began = time.perf_counter()
        with control.work(phase):
            while not control.stopped() and time.perf_counter() - began < most_s:
                time.sleep(0.005)
        return control.stop_requested, time.perf_counter() - began
    return task


@pytest.mark.realtime
@pytest.mark.parametrize("phase", sorted(WORKING))
def test_the_time_limit_counts_the_work_before_the_search(phase):
    stop, seconds = Job(busy_until_stopped(phase), timeout_s=0.2).run()
    assert stop == STOP_TIMEOUT
    assert seconds < 1.0


@pytest.mark.realtime
def test_a_cancel_in_the_work_before_the_search_is_an_ordinary_cancel():
    """Ctrl-C while listing goals stops the listing, and the job still returns its result (it is
    not abandoned as a cancel while compiling is)."""
    interrupt_main_after(0.2)
    stop, seconds = Job(busy_until_stopped(Phase.LISTING_GOALS)).run()
    assert stop == STOP_CANCEL
    assert seconds < 1.0


@pytest.mark.realtime
def test_compiling_is_not_counted_by_the_time_limit_but_the_work_after_it_is():
    def task(control: SearchControl) -> tuple[int, float]:
        control.compiling()
        time.sleep(0.4)  # past the limit: compiling is not counted
        began = time.perf_counter()
        with control.work(Phase.ESTIMATING):
            while not control.stopped() and time.perf_counter() - began < 5:
                time.sleep(0.005)
        return control.stop_requested, time.perf_counter() - began

    stop, seconds = Job(task, timeout_s=0.2).run()
    assert stop == STOP_TIMEOUT
    assert 0.1 < seconds < 1.0


def test_a_work_phase_is_shown_by_name_and_ends_in_the_phase_before_it():
    control = SearchControl()
    control.compiling()
    with control.work(Phase.CUTTING):
        assert control.snapshot().phase == Phase.CUTTING
        assert "compil" not in WAITING[Phase.CUTTING]
    assert control.phase == Phase.COMPILING
    assert all(WAITING[p] for p in WORKING)


@pytest.mark.parametrize("stop", ["cancel", "time_out"])
def test_a_work_phase_stopped_is_not_left_for_compiling(stop):
    """A job whose listing ends on a Ctrl-C stays in the listing's phase, so the Ctrl-C is not taken
    for one while compiling however late the caller's thread looks (a CI run once saw it so)."""
    control = SearchControl()
    control.compiling()
    with control.work(Phase.LISTING_GOALS):
        getattr(control, stop)()
    assert control.phase == Phase.LISTING_GOALS


def test_a_cut_stops_between_depths_once_the_job_is_stopped():
    tried = []

    class Cut:
        def __init__(self, n):
            self.prefixes = list(range(n))

    def cut_at(depth):
        tried.append(depth)
        return Cut(depth)

    stop = {"now": False}

    def stopped():
        stop["now"] = len(tried) >= 2
        return stop["now"]

    shallowest_cut(cut_at, Cut(1), 50, 8, 40, stopped=stopped)
    assert tried == [1, 2]


@pytest.mark.realtime
def test_knights_dives_on_a_huge_board_stop_within_a_second_of_the_stop_flag():
    """Each dive of a 1000x1000 board walks a million squares: the dives look at the flag within one."""
    import threading

    from puzzle_explorer.core.kernels.counters import STOP, new_counters
    from puzzle_explorer.core.kernels.jit import prepare
    from puzzle_explorer.puzzles.knights import estimate
    from puzzle_explorer.puzzles.knights.board import Board
    from puzzle_explorer.puzzles.knights.kernels import pruned
    from puzzle_explorer.puzzles.knights.kernels.geometry import ORDERS, deltas, free_mask, neighbour_table

    board = Board(1000, 1000, (0, 0), False, frozenset())
    dx, dy = deltas(ORDERS["clockwise"])
    table = neighbour_table(board.width, board.height, free_mask(board), dx, dy)
    counters = new_counters(quiet=True)
    prepare(pruned.probe, *estimate.example_args(table, counters))
    threading.Timer(0.3, lambda: counters.__setitem__(STOP, STOP_CANCEL)).start()
    began = time.perf_counter()
    # the pruning ends most dives early: 4,000 of them took 0.22 s on a fast machine, before the
    # flag; these would take seconds
    dives = 100_000
    node_est, _, made = pruned.probe(table, 1000, 1000, np.array([0], dtype=np.int32), board.free_squares, False,
                                     dives, 1, counters)
    assert time.perf_counter() - began < 1.3
    assert 0 < made < dives


def test_a_kernel_clocked_within_a_work_phase_runs_in_it_off_the_search_clock():
    """A table a search builds before it reads it is the work before the search: named as such
    (not "searching"), its seconds returned, the search clock not started."""
    from puzzle_explorer.core.run.search import clocked

    control = SearchControl()
    seen = []

    def build():
        seen.append(control.phase)
        time.sleep(0.02)
        return "built"

    result, seconds = clocked(control, build, Phase.BUILDING_TABLE)
    assert (result, seen) == ("built", [Phase.BUILDING_TABLE]) and seconds >= 0.02
    assert control.elapsed() == 0.0 and not control.searched and control.phase != Phase.BUILDING_TABLE
    result, seconds = clocked(control, build)  # on the search clock: the search
    assert seen[-1] == Phase.SEARCHING and control.elapsed() == pytest.approx(seconds, abs=0.01)
