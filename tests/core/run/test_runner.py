"""The job runner: progress sampling, cancel within 100 ms, timeouts, errors."""
import gc
import os
import signal
import sys
import threading
import time

import numpy as np
import pytest

from puzzle_explorer.core.run.runner import Job
from puzzle_explorer.core.run.search import Limits, shortest_path
from puzzle_explorer.core.run.status import Status
from tests.core.run.cancelling import cancel_while_running
from tests.core.tree_puzzle import NO_GOAL

ROOT = np.array([0], dtype=np.uint64)
BIG = Limits(max_memory=4 * 2**30)


def endless(algo):
    return lambda control: shortest_path(algo, ROOT, NO_GOAL, control, BIG, goals=np.array([NO_GOAL.goal], dtype=np.uint64))


@pytest.mark.realtime
@pytest.mark.parametrize("algo", ["bfs", "bibfs", "astar", "idastar"])
def test_cancel_stops_within_100ms_and_reports_cancelled(algo):
    endless(algo)  # compile outside the measurement
    Job(endless(algo), timeout_s=0.05).run()
    snapshots = []
    job = Job(endless(algo), on_progress=snapshots.append)
    out, took = cancel_while_running(job.run, job.cancel, lambda: time.sleep(0.5))
    # the kernel notices within a few thousand expansions; the runner wakes at once
    assert took < 0.1 + 0.1, f"cancel took {took:.3f} s"
    assert out.status == Status.CANCELLED
    assert out.stats.nodes_expanded > 0
    # progress arrived while the search ran, and the counters grew
    searching = [s for s in snapshots if s.phase == "searching"]
    assert len(searching) >= 2
    assert searching[-1].expanded > searching[0].expanded


@pytest.mark.realtime
def test_timeout_ends_with_limit_time():
    out = Job(endless("bfs"), timeout_s=0.3).run()
    assert out.status == Status.LIMIT and out.limit.value == "time"
    assert 0.25 <= out.stats.elapsed_s < 1.0


@pytest.mark.realtime
def test_progress_rate_is_at_most_10_per_second():
    times = []
    Job(endless("bfs"), timeout_s=1.0, on_progress=lambda s: times.append(time.perf_counter())).run()
    gaps = np.diff(times[:-1])  # the last snapshot is the final one, sent at once
    assert len(gaps) >= 5
    assert gaps.min() >= 0.09


@pytest.mark.realtime
def test_a_long_search_is_sampled_less_often(monkeypatch):
    """After LIVELY_S the snapshots come at most LONG_RATE_HZ: the drawing shares the cores."""
    from puzzle_explorer.core.run import runner
    monkeypatch.setattr(runner, "LIVELY_S", 0.5)
    monkeypatch.setattr(runner, "LONG_RATE_HZ", 3.0)
    times = []
    start = time.perf_counter()
    Job(endless("bfs"), timeout_s=2.0, on_progress=lambda s: times.append(time.perf_counter() - start)).run()
    early = [t for t in times[:-1] if t < 0.45]
    late = np.diff([t for t in times[:-1] if t > 0.6])
    assert len(early) >= 3 and np.diff(early).min() >= 0.09  # lively at first
    assert len(late) >= 3 and late.min() >= 0.3  # then at most three a second


def test_errors_in_the_task_reach_the_caller():
    def broken(control):
        raise ValueError("broken task")

    with pytest.raises(ValueError, match="broken task"):
        Job(broken).run()


@pytest.mark.realtime
def test_census_cancel_and_timeout():
    from puzzle_explorer.core.run.search import count_states

    def census(control):
        return count_states(ROOT, [NO_GOAL, NO_GOAL], control, BIG)

    out = Job(census, timeout_s=0.3).run()
    assert out.status == Status.LIMIT and out.limit.value == "time"
    assert out.census.states > 1000
    job = Job(census)
    out, took = cancel_while_running(job.run, job.cancel, lambda: time.sleep(0.4))
    assert took < 0.2
    assert out.status == Status.CANCELLED


# --- Ctrl-C in the waiting thread, and SIGINT/SIGTERM with puzzle_explorer.core.run.interrupts ---------------------

def interrupt_main_after(*delays):
    """KeyboardInterrupt in the main thread (what Ctrl-C raises) after each delay, from a timer thread."""
    import _thread

    def fire():
        for d in delays:
            time.sleep(d)
            _thread.interrupt_main()

    timer = threading.Thread(target=fire, daemon=True)
    timer.start()
    return timer


@pytest.mark.realtime
def test_ctrl_c_cancels_and_returns_the_cancelled_result_after_the_search_thread_ends():
    endless("bfs")  # compile outside the measurement
    Job(endless("bfs"), timeout_s=0.05).run()
    job = Job(endless("bfs"))
    interrupt_main_after(0.3)
    out = job.run()  # on 3.11 a second Thread.join() would return at once here, with no result
    assert out.status == Status.CANCELLED
    assert out.stats.nodes_expanded > 0
    assert job.finished  # the search ended; no thread left searching


@pytest.mark.realtime
def test_a_second_ctrl_c_leaves_at_once():
    def stubborn(control):  # a search that does not look at the stop flag
        control.start_search()
        time.sleep(3)
        return "late"

    job = Job(stubborn)
    interrupt_main_after(0.2, 0.2)
    started = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        job.run()
    assert time.perf_counter() - started < 1.5
    assert not job.finished


@pytest.mark.realtime
def test_ctrl_c_while_compiling_is_cancelled_before_search():
    from puzzle_explorer.core.run.runner import CancelledBeforeSearch

    def compiling(control):
        control.compiling()
        time.sleep(3)

    interrupt_main_after(0.2)
    started = time.perf_counter()
    with pytest.raises(CancelledBeforeSearch):
        Job(compiling).run()
    assert time.perf_counter() - started < 1.0


@pytest.mark.realtime
def test_a_cancel_after_a_timeout_is_not_taken_for_a_cancel_before_search():
    """A search stopped by its time limit that compiles a further kernel still returns its result."""
    def two_kernels(control):
        first = endless("bfs")(control)
        control.compiling()
        time.sleep(0.3)  # compiling the next one; the runner keeps waiting
        return first

    out = Job(two_kernels, timeout_s=0.2).run()
    assert out.status == Status.LIMIT and out.limit.value == "time"


@pytest.mark.realtime
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_stop_signal_cancels_the_search_and_sets_the_exit_status(signum):
    from puzzle_explorer.core.run import interrupts

    endless("bfs")
    before = signal.getsignal(signum)
    with interrupts.catching() as caught:
        job = Job(endless("bfs"))
        threading.Timer(0.3, signal.raise_signal, (signum,)).start()
        with interrupts.cancelling(job.cancel):
            out = job.run()
        assert out.status == Status.CANCELLED and job.finished
        # outside a search a stop signal (not the same one again) is a KeyboardInterrupt, which the
        # command turns into its exit
        time.sleep(interrupts.SAME_STOP_S)
        with pytest.raises(KeyboardInterrupt):
            signal.raise_signal(signum)
    assert caught.signal == signum
    assert caught.exit_status(0) == 128 + signum
    assert signal.getsignal(signum) is before


def test_no_signal_keeps_the_exit_status():
    from puzzle_explorer.core.run import interrupts

    with interrupts.catching() as caught:
        pass
    assert caught.signal is None and caught.exit_status(2) == 2


@pytest.mark.realtime
def test_one_stop_delivered_twice_counts_once_and_a_late_second_one_leaves():
    """`timeout` sends SIGTERM to the process and to its group: both arrive at once."""
    from puzzle_explorer.core.run import interrupts

    endless("bfs")
    with interrupts.catching() as caught:
        job = Job(endless("bfs"))
        twice = lambda: (signal.raise_signal(signal.SIGTERM), signal.raise_signal(signal.SIGTERM))  # noqa: E731
        threading.Timer(0.3, twice).start()
        with interrupts.cancelling(job.cancel):
            out = job.run()
        assert out.status == Status.CANCELLED
        time.sleep(interrupts.SAME_STOP_S)
        with pytest.raises(KeyboardInterrupt):
            signal.raise_signal(signal.SIGINT)
    assert caught.exit_status(0) == 143  # the first signal names the exit


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_stop_that_lands_in_a_finalizer_is_raised_again_not_printed_and_lost(signum, capsys):
    """A stop signal whose KeyboardInterrupt is raised inside a __del__ (or any code Python calls where
    no exception can get out) would be printed as 'Exception ignored' with a traceback and lost; the
    command would run on. It comes out of the main thread's next step instead, quietly."""
    from puzzle_explorer.core.run import interrupts

    class Dropped:
        def __del__(self):
            os.kill(os.getpid(), signum)
            deadline = time.monotonic() + 2
            while time.monotonic() < deadline:  # the handler runs, and raises, in here
                pass

    with interrupts.catching() as caught:
        began = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            Dropped()
            time.sleep(5)  # a wait the raise must wake
    assert time.monotonic() - began < 2
    assert caught.exit_status(0) == 128 + signum
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("stopped", [False, True])
def test_a_finalizer_that_fails_after_a_stop_is_not_reported_and_before_one_it_is(stopped, monkeypatch):
    """A Ctrl-C inside an object's __init__ (llvmlite's, as numba compiles) leaves it half made,
    and its __del__ fails on what was never set: after a stop nothing reports it beside the stop's
    own line; with no stop, it goes to the hook that was there before, as ever."""
    from puzzle_explorer.core.run import interrupts

    reported = []
    monkeypatch.setattr(sys, "unraisablehook", lambda u: reported.append(u.exc_type))

    class HalfMade:
        def __del__(self):
            del self.handle  # never set

    with interrupts.catching() as caught:
        if stopped:
            caught.signal = signal.SIGINT  # as the handler records the first stop
        HalfMade()
        gc.collect()
    assert reported == ([] if stopped else [AttributeError])
