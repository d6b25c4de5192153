"""The job runner: a search in a background thread, sampled for progress, stoppable."""
from __future__ import annotations

import threading
import time
from typing import Callable, Generic, TypeVar

from puzzle_explorer.core.kernels.counters import STOP_CANCEL

# CancelledBeforeSearch lives beside SearchControl, which raises it too; exported here for callers.
from puzzle_explorer.core.run.progress import CancelledBeforeSearch as CancelledBeforeSearch
from puzzle_explorer.core.run.progress import Phase, SearchControl, Snapshot

T = TypeVar("T")

MAX_RATE_HZ = 10.0
# A search still running after LIVELY_S is sampled at most LONG_RATE_HZ: whoever draws the snapshots
# (the app's screen, the command line's progress line) shares the cores with the search, and at 10 Hz
# the app took 15% of a core, a long count on two cores 12% longer than on the command line.
LIVELY_S = 5.0
LONG_RATE_HZ = 4.0
SEARCH_THREAD = "search"  # the name of every Job's thread (a caller that quits waits for them by it)


class Job(Generic[T]):
    """Runs task(control) in a daemon thread.

    run() blocks the calling thread, hands a progress snapshot to on_progress
    up to `hz` times a second, LONG_RATE_HZ at most after LIVELY_S (with the live picture, drawn by the family's
    decoder in this same thread: puzzle_explorer.core.run.progress.Snapshot), enforces the time limit (counted
    over the search and the work before it, so compilation is not included) and
    returns the task's result or raises its exception. cancel() may be called
    from any thread; kernels notice within a few thousand expansions.

    Ctrl-C in the thread that waits in run() (KeyboardInterrupt) is a cancel:
    run() still returns the task's cancelled result. A second one leaves at once.
    """

    def __init__(self, task: Callable[[SearchControl], T], *, timeout_s: float | None = None,
                 on_progress: Callable[[Snapshot], None] | None = None, hz: float = MAX_RATE_HZ):
        self.control = SearchControl()
        self._task = task
        self._timeout = timeout_s
        self._on_progress = on_progress
        self._period = 1.0 / min(hz, MAX_RATE_HZ)
        self._result: T | None = None
        self._error: BaseException | None = None
        # Set by the search thread when the task has returned or raised. Waiting on it rather
        # than on Thread.join(): on Python 3.11 a join interrupted by KeyboardInterrupt marks
        # the thread stopped, and the next join returns at once while the search still runs.
        self._finished = threading.Event()
        self._thread = threading.Thread(target=self._target, name=SEARCH_THREAD, daemon=True)

    def _target(self) -> None:
        try:
            self._result = self._task(self.control)
        except BaseException as exc:  # handed to the thread that waits in run()
            self._error = exc
        finally:
            self._finished.set()

    def cancel(self) -> None:
        self.control.cancel()

    @property
    def finished(self) -> bool:
        """The task has returned or raised."""
        return self._finished.is_set()

    def _deadline(self) -> float | None:
        """When the job must stop, on the perf_counter clock (None: no limit, or no clock running
        yet). The limit counts the search and the work before it (estimates, goal listings,
        tables, cuts), not compiling nor starting workers."""
        if self._timeout is None:
            return None
        limited = self.control.limited()
        if limited is None:
            return None
        return time.perf_counter() + self._timeout - limited

    def _cancelled_before_search(self) -> bool:
        return (self.control.stop_requested == STOP_CANCEL and not self.control.searched
                and self.control.phase in (Phase.IDLE, Phase.COMPILING))

    def _wait(self) -> None:
        """Until the task ends: report progress, enforce the deadline, give up on a cancelled compile."""
        started = time.perf_counter()
        next_report = started + self._period
        while not self._finished.is_set():
            if self._cancelled_before_search():
                self.control.abandon()  # the compiling thread must not search once it is done
                raise CancelledBeforeSearch()
            wake = next_report
            deadline = self._deadline()
            if deadline is not None and not self.control.stop_requested:
                wake = min(wake, deadline)
            if self._finished.wait(max(0.0, wake - time.perf_counter())):
                break
            now = time.perf_counter()
            deadline = self._deadline()
            if deadline is not None and now >= deadline:
                self.control.time_out()
            if now >= next_report:
                long = now - started >= LIVELY_S
                next_report = now + (max(self._period, 1.0 / LONG_RATE_HZ) if long else self._period)
                if self._on_progress is not None and not self._finished.is_set():
                    self._on_progress(self.control.snapshot())

    def run(self) -> T:
        self._thread.start()
        try:
            self._wait()
        except KeyboardInterrupt:
            again = self.control.stop_requested == STOP_CANCEL
            self.cancel()
            if self._cancelled_before_search():
                self.control.abandon()  # the compiling thread must not search once it is done
                raise CancelledBeforeSearch() from None
            if again:
                raise
            self._wait()  # the task returns its cancelled result; another KeyboardInterrupt leaves
        except CancelledBeforeSearch:
            raise
        except BaseException:
            self.cancel()
            self._finished.wait()
            raise
        if self._error is not None:
            raise self._error
        if self._on_progress is not None:
            self._on_progress(self.control.snapshot())
        return self._result  # type: ignore[return-value]
