"""The job runner: a search in a background thread, sampled for progress, stoppable."""
from __future__ import annotations

import threading
import time
from typing import Callable, Generic, TypeVar

# CancelledBeforeSearch lives beside SearchControl, which raises it too; imported here for callers.
from core.progress import CancelledBeforeSearch, Phase, SearchControl, Snapshot  # noqa: F401

T = TypeVar("T")

MAX_RATE_HZ = 10.0


class Job(Generic[T]):
    """Runs task(control) in a daemon thread.

    run() blocks the calling thread, hands a progress snapshot to on_progress
    up to `hz` times a second, enforces the time limit (counted from the
    moment the search clock starts, so compilation is not included) and
    returns the task's result or raises its exception. cancel() may be called
    from any thread; kernels notice within a few thousand expansions.
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
        self._thread = threading.Thread(target=self._target, name="search", daemon=True)

    def _target(self) -> None:
        try:
            self._result = self._task(self.control)
        except BaseException as exc:  # handed to the thread that waits in run()
            self._error = exc

    def cancel(self) -> None:
        self.control.cancel()

    def _deadline(self) -> float | None:
        """When the search must stop, on the perf_counter clock (None: no limit yet)."""
        since = self.control.searching_since()
        if self._timeout is None or since is None:
            return None
        return time.perf_counter() + self._timeout - self.control.elapsed()

    def run(self) -> T:
        self._thread.start()
        next_report = time.perf_counter() + self._period
        try:
            while self._thread.is_alive():
                if self.control.stop_requested and self.control.phase in (Phase.IDLE, Phase.COMPILING):
                    self.control.abandon()  # the compiling thread must not search once it is done
                    raise CancelledBeforeSearch()
                wake = next_report
                deadline = self._deadline()
                if deadline is not None and not self.control.stop_requested:
                    wake = min(wake, deadline)
                self._thread.join(max(0.0, wake - time.perf_counter()))
                now = time.perf_counter()
                deadline = self._deadline()
                if deadline is not None and now >= deadline:
                    self.control.time_out()
                if now >= next_report:
                    next_report = now + self._period
                    if self._on_progress is not None and self._thread.is_alive():
                        self._on_progress(self.control.snapshot())
        except KeyboardInterrupt:
            # Ctrl-C is a cancel: the task still returns its (cancelled) result.
            self.cancel()
            if self.control.phase in (Phase.IDLE, Phase.COMPILING):
                self.control.abandon()
                raise CancelledBeforeSearch() from None
            self._thread.join()
        except CancelledBeforeSearch:
            raise
        except BaseException:
            self.cancel()
            self._thread.join()
            raise
        if self._error is not None:
            raise self._error
        if self._on_progress is not None:
            self._on_progress(self.control.snapshot())
        return self._result  # type: ignore[return-value]
