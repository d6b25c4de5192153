"""A race: several searches at once, fair on the machine's cores and within one memory budget.

Each runner is a Job (core/run/runner.py) driven from a thread of its own. At most `slots` run at a
time (one a core by default); the rest queue. A runner starts only when its memory reservation
fits beside the reservations of those running: their sum never passes the race's budget. The
reservation is the memory budget the runner's own search is given, which a search never passes
(it ends with status `limit` first), so the sum bounds what the race holds at any moment. A
runner whose reservation is larger than the whole budget is refused before anything starts
(RaceRefused); one that fits only when others have finished waits. Runners start in the order
given, except that while the first in the queue waits for memory a later one that fits may go.
"""
from __future__ import annotations

import functools
import os
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable, Generic, TypeVar

from puzzle_explorer.core.run.progress import SearchControl, Snapshot
from puzzle_explorer.core.run.runner import MAX_RATE_HZ, CancelledBeforeSearch, Job
from puzzle_explorer.core.sizes import describe_bytes

T = TypeVar("T")

# What a lane is doing
QUEUED = "queued"        # waiting for a core or for memory
RUNNING = "running"      # its job runs (compiling or searching)
DONE = "done"            # the task returned; its result says how the search ended
CANCELLED = "cancelled"  # stopped before its search began: never started, or while compiling
FAILED = "failed"        # the task raised

# What a queued lane waits for
FOR_CORE = "a core"
FOR_MEMORY = "memory"

WAKE_S = 0.05  # the race's own loop wakes at least this often (a Ctrl-C is noticed in time)


def cores() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def shares(asked: list[int | None], budget: int, slots: int) -> list[int]:
    """Each runner's reservation: what it asked for, else an equal share of the budget among as
    many runners as run at once."""
    together = max(1, min(slots, len(asked)))
    even = max(1, budget // together)
    return [even if a is None else a for a in asked]


class RaceRefused(Exception):
    """The race cannot run as asked: a runner's reservation is larger than the whole budget."""

    def __init__(self, too_big: list[tuple[str, int]], budget: int) -> None:
        self.too_big = too_big
        self.budget = budget
        names = ", ".join(f"{name} asks for {describe_bytes(memory)}" for name, memory in too_big)
        super().__init__(f"race refused: {names} of memory, more than the whole race's budget of "
                         f"{describe_bytes(budget)}")


@dataclass(frozen=True)
class Runner(Generic[T]):
    name: str
    task: Callable[[SearchControl], T]
    memory: int  # bytes reserved while it runs: the memory budget its search is given
    timeout_s: float | None = None


@dataclass
class Lane(Generic[T]):
    """One runner's place in the race: what it is doing, its latest sample, and how it ended."""

    runner: Runner[T]
    state: str = QUEUED
    snapshot: Snapshot | None = None
    peak_stored: int = 0    # the most states its counters showed held at once
    peak_frontier: int = 0
    waited_for: str | None = None  # the first thing it queued for (a core, memory), if it queued
    queued_s: float = 0.0   # from the start of the race to its own start
    wall_s: float = 0.0     # from its start to its end, compilation included
    result: T | None = None
    error: BaseException | None = None
    job: Job[T] | None = None

    def sample(self, snapshot: Snapshot) -> None:
        self.snapshot = snapshot
        self.peak_stored = max(self.peak_stored, snapshot.stored)
        self.peak_frontier = max(self.peak_frontier, snapshot.frontier, snapshot.max_frontier)

    @property
    def ended(self) -> bool:
        return self.state in (DONE, CANCELLED, FAILED)


def check(runners: list[Runner[Any]], budget: int) -> None:
    """Raise RaceRefused when a runner could never start under the budget."""
    too_big = [(r.name, r.memory) for r in runners if r.memory > budget]
    if too_big:
        raise RaceRefused(too_big, budget)


class Race(Generic[T]):
    """Runs the runners, at most `slots` at once and within `budget` bytes of reservations.

    run() blocks until every runner has ended and returns the lanes, in the order given.
    on_progress(index, snapshot) is called from the runners' threads, each up to `hz` times a
    second. cancel() may be called from any thread: running searches are asked to stop (kernels
    notice within a few thousand expansions) and queued runners never start.
    """

    def __init__(self, runners: list[Runner[T]], *, budget: int, slots: int | None = None,
                 on_progress: Callable[[int, Snapshot], None] | None = None, hz: float = MAX_RATE_HZ) -> None:
        check(runners, budget)
        self.lanes: list[Lane[T]] = [Lane(r) for r in runners]
        self.budget = budget
        self.slots = max(1, slots if slots is not None else cores())
        self._on_progress = on_progress
        self._hz = hz
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._cancelled = False
        self._began = 0.0

    # --- any thread ---------------------------------------------------------------
    def cancel(self) -> None:
        # Takes no lock: a stop signal runs this in the main thread, which may be holding the lock
        # in _loop already (a non-reentrant lock then waits for ever). A runner being started
        # right now is cancelled by _loop, which looks at the flag once it holds the lock again.
        self._cancelled = True
        for job in [lane.job for lane in self.lanes if lane.state == RUNNING]:
            if job is not None:
                job.cancel()
        self._wake.set()

    @property
    def cancelled(self) -> bool:
        return self._cancelled

    @property
    def finished(self) -> bool:
        return all(lane.ended for lane in self.lanes)

    def held(self) -> int:
        """Bytes reserved by the runners running now."""
        with self._lock:
            return sum(lane.runner.memory for lane in self.lanes if lane.state == RUNNING)

    # --- the thread that runs the race ------------------------------------------------
    def run(self) -> list[Lane[T]]:
        """Run every runner to its end. A Ctrl-C here (KeyboardInterrupt) cancels the race and
        still returns the lanes; a second one leaves at once."""
        self._began = time.perf_counter()
        try:
            self._loop()
        except KeyboardInterrupt:
            self.cancel()
            self._loop()
        return self.lanes

    def _loop(self) -> None:
        while True:
            self._wake.clear()
            with self._lock:
                self._admit()
                if self._cancelled:
                    self._cancel_running()
                if all(lane.ended for lane in self.lanes):
                    return
            self._wake.wait(WAKE_S)

    def _cancel_running(self) -> None:
        for lane in self.lanes:
            if lane.state == RUNNING and lane.job is not None:
                lane.job.cancel()

    def _admit(self) -> None:
        """Start every queued runner that has a core and fits in memory now (under the lock)."""
        running = [lane for lane in self.lanes if lane.state == RUNNING]
        free = self.slots - len(running)
        held = sum(lane.runner.memory for lane in running)
        for index, lane in enumerate(self.lanes):
            if lane.state != QUEUED:
                continue
            if self._cancelled:
                lane.state = CANCELLED
                continue
            if free <= 0:
                lane.waited_for = lane.waited_for or FOR_CORE
                continue
            if held + lane.runner.memory > self.budget:
                lane.waited_for = lane.waited_for or FOR_MEMORY
                continue
            free -= 1
            held += lane.runner.memory
            self._start(index, lane)

    def _start(self, index: int, lane: Lane[T]) -> None:
        lane.queued_s = time.perf_counter() - self._began
        lane.state = RUNNING
        job = Job(lane.runner.task, timeout_s=lane.runner.timeout_s,
                  on_progress=functools.partial(self._sampled, index), hz=self._hz)
        lane.job = job
        threading.Thread(target=self._drive, args=(lane, job), name=f"race {lane.runner.name}", daemon=True).start()

    def _drive(self, lane: Lane[T], job: Job[T]) -> None:
        """A runner's own thread: its job's run(), then its end recorded and the race woken."""
        began = time.perf_counter()
        result: T | None = None
        error: BaseException | None = None
        state = DONE
        try:
            result = job.run()
        except CancelledBeforeSearch:
            state = CANCELLED
        except BaseException as exc:  # reported in the lane; the other runners go on
            error, state = exc, FAILED
        with self._lock:
            lane.result, lane.error = result, error
            lane.wall_s = time.perf_counter() - began
            lane.state = state
        self._wake.set()

    def _sampled(self, index: int, snapshot: Snapshot) -> None:
        self.lanes[index].sample(snapshot)
        if self._on_progress is not None:
            self._on_progress(index, snapshot)

    # --- afterwards ---------------------------------------------------------------
    def how_run(self) -> str:
        """How the runners were run, in words: at once or in turn, the memory, who waited for what."""
        n = len(self.lanes)
        together = min(self.slots, n)
        if together >= n:
            how = f"all {n} at once" if n > 1 else "alone"
        elif together == 1:
            how = "one at a time"
        else:
            how = f"{together} at a time"
        parts = [f"{how} on {self.slots} core{'s' if self.slots != 1 else ''}"]
        budgets = {lane.runner.memory for lane in self.lanes}
        if len(budgets) == 1:
            parts.append(f"memory {describe_bytes(budgets.pop())} each of {describe_bytes(self.budget)}")
        else:
            each = ", ".join(f"{lane.runner.name} {describe_bytes(lane.runner.memory)}" for lane in self.lanes)
            parts.append(f"memory {each} of {describe_bytes(self.budget)}")
        for lane in self.lanes:
            if lane.job is None and lane.state == CANCELLED:
                parts.append(f"{lane.runner.name} was cancelled before it started")
            elif lane.waited_for:
                parts.append(f"{lane.runner.name} waited {lane.queued_s:.1f} s for {lane.waited_for}")
        return " · ".join(parts)
