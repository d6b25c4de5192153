"""The local engine's task runner: spawned worker processes, each running one task at a time.

Workers are spawned processes (numba's threads do not survive a fork): each gets a row of a shared
counters array, so their live counts reach the progress at 10 Hz and the stop flag reaches their
kernels within a few thousand nodes. A task whose worker dies is run again (up to RETRIES times);
`Run.retried` says how many were. Kept keeps the workers from one run to the next.
"""
from __future__ import annotations

import ctypes
import multiprocessing
import queue
import signal
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any, Callable, Sequence

import numpy as np

from puzzle_explorer.core.errors import WorkerFailed
from puzzle_explorer.core.kernels import picture
from puzzle_explorer.core.kernels.counters import NODE_CAP, RUN, SLOTS, STOP, STOP_CANCEL
from puzzle_explorer.core.run import interrupts
from puzzle_explorer.core.run.live import read_live
from puzzle_explorer.core.run.progress import Phase, SearchControl
from puzzle_explorer.core.scale.task_run import (
    POLL_S,
    RETRIES,
    ROW,
    TASK,
    Run,
    Task,
    TaskProgress,
    WarmUp,
    ending,
    finished,
    reset_row,
    run_here,
)

if TYPE_CHECKING:  # multiprocessing.synchronize fails to import where a host has no semaphores
    from multiprocessing.sharedctypes import Synchronized
    from multiprocessing.synchronize import Barrier

START_S = 120.0  # the longest the workers may take to start (import, load kernels) before the run fails

_row: np.ndarray | None = None
_barrier: Barrier | None = None
_stops: ctypes.Array[ctypes.c_byte] | None = None  # one flag per task, and a last one for every task


def _init_worker(raw: Any, rows: int, slots: Synchronized[int], barrier: Barrier,
                 warm: WarmUp | None, stops: ctypes.Array[ctypes.c_byte]) -> None:
    """In each new worker: ignore Ctrl-C (the parent cancels through the stop flag), take a row of
    the shared counters, load the kernels, then wait until every worker has. raw: the RawArray of
    int64 rows (Any: numpy's stubs do not take a ctypes buffer, numpy itself does)."""
    global _row, _barrier, _stops
    _barrier, _stops = barrier, stops
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with slots.get_lock():
        slot = slots.value
        slots.value += 1
    _row = np.frombuffer(raw, dtype=np.int64).reshape(rows, ROW)[slot % rows]
    if warm is not None:
        warm()


def _ready() -> None:
    if _barrier is None:
        raise RuntimeError("_ready runs only in a worker _init_worker has set up")
    _barrier.wait(START_S)


def _call(task: Task, index: int) -> Any:
    """Run a task on this worker's row. A watcher passes the task's own stop flag (or the one
    for every task) to the kernel's stop slot: the row outlives the task, the flags do not."""
    row, stops = _row, _stops
    if row is None or stops is None:
        raise RuntimeError("_call runs only in a worker _init_worker has set up")
    reset_row(row)
    row[STOP] = RUN
    row[TASK] = index + 1
    done = threading.Event()

    def watch() -> None:
        while True:
            if stops[index] or stops[len(stops) - 1]:
                row[STOP] = STOP_CANCEL
                return
            if done.wait(POLL_S / 2):
                return

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        return task(row[:SLOTS])
    finally:
        done.set()
        watcher.join()
        row[TASK] = 0


class _Pool:
    """A pool of spawned workers sharing one counters array, started and waited for before the
    search clock starts."""

    def __init__(self, workers: int, warm: WarmUp | None, quiet: bool, tasks: int,
                 stopped: Callable[[], bool] = lambda: False) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.workers = workers
        self.warm = warm
        self.submitted: list[Future[Any]] = []
        self.stops = ctx.RawArray("b", tasks + 1)
        self.raw = ctx.RawArray("q", workers * ROW)
        self.rows = np.frombuffer(self.raw, dtype=np.int64).reshape(workers, ROW)
        self.rows[:, picture.QUIET] = int(quiet)
        barrier = ctx.Barrier(workers)
        self.executor = ProcessPoolExecutor(workers, mp_context=ctx, initializer=_init_worker,
                                            initargs=(self.raw, workers, ctx.Value("i", 0), barrier, warm, self.stops))
        with interrupts.children_deaf():  # (the pool starts its processes as work is submitted)
            ready = {self.executor.submit(_ready) for _ in range(workers)}
        began = time.monotonic()
        while ready:
            done, ready = wait(ready, timeout=POLL_S)
            if stopped():  # a cancel while they start: no waiting for imports to finish
                barrier.abort()
                for process in list(getattr(self.executor, "_processes", {}).values()):
                    process.terminate()
                self.close()
                return
            for f in done:
                try:
                    f.result()
                except Exception as exc:
                    self.close()
                    raise WorkerFailed(f"the worker processes did not start: {exc}") from exc
            if time.monotonic() - began > START_S:
                self.close()
                raise WorkerFailed(f"the worker processes did not start within {START_S:.0f} s")

    def stop(self) -> None:
        """Stop every task: those running, and any a worker would start."""
        self.stops[len(self.stops) - 1] = 1
        self.rows[:, STOP] = STOP_CANCEL

    def stop_after(self, cutoff: int) -> None:
        """Stop the tasks after `cutoff` in task order."""
        for j in range(cutoff + 1, len(self.stops) - 1):
            self.stops[j] = 1

    def running(self) -> list[int]:
        """The tasks the workers are running now."""
        return [int(t) - 1 for t in self.rows[:, TASK] if t > 0]

    def close(self) -> None:
        try:
            self.executor.shutdown(wait=True, cancel_futures=True)
        except BrokenProcessPool:
            pass


class Kept:
    """Local worker processes kept from one run_tasks to the next, for a search that runs the
    engine again and again (IDA*, an iteration at a time): the workers start and load their kernels
    once. The first run that passes it starts them; close() (or the end of a with block) ends them.
    A run with another worker count, warm-up or more tasks than the first had room for starts
    fresh ones."""

    ROOM = 1 << 15  # the most tasks a run on kept workers may have (their stop flags)

    def __init__(self) -> None:
        self.pool: _Pool | None = None

    def take(self, workers: int, warm: WarmUp | None, quiet: bool, tasks: int) -> _Pool | None:
        """The kept pool ready for a run of `tasks` tasks, or None (closed if it does not fit)."""
        pool, self.pool = self.pool, None
        if pool is None:
            return None
        if pool.workers != workers or pool.warm is not warm or len(pool.stops) <= tasks:
            pool.close()
            return None
        wait(pool.submitted, timeout=START_S)  # the last run's tasks, stopped or never started, are over
        pool.stops[:] = bytes(len(pool.stops))
        pool.rows[:, STOP] = RUN
        pool.rows[:, picture.QUIET] = int(quiet)
        return pool

    def close(self) -> None:
        if self.pool is not None:
            self.pool.close()
            self.pool = None

    def __enter__(self) -> Kept:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def run_local(tasks: Sequence[Task], order: list[int], control: SearchControl, node_cap: int | None,
               warm: WarmUp | None, run: Run, keep: Kept | None = None) -> Run:
    results = run.results
    workers = run.workers
    progress = TaskProgress(control, node_cap, run)
    attempts = [0] * len(tasks)
    todo = list(order)
    quiet = bool(control.counters[picture.QUIET])
    pool = None if keep is None else keep.take(workers, warm, quiet, len(tasks))
    if pool is None:
        control.starting_workers()
        try:
            pool = _Pool(workers, warm, quiet, Kept.ROOM if keep is not None else len(tasks),
                         lambda: control.stop_requested != RUN)
        except (OSError, ValueError):  # no processes here (file descriptors a host holds back): one worker
            run.workers = 1
            return run_here(tasks, order, control, node_cap, run)
    reusable = False
    try:
        stop = ending(control, progress)
        if stop is not None:
            run.status, run.limit = stop
        while todo and run.finished:
            pool.rows[:, NODE_CAP] = node_cap or 0
            broken = _drain(pool, tasks, todo, results, run, progress, control)
            if broken is None:
                break
            # A worker died and took the pool with it: run again what was running, and the rest.
            pool.close()
            for i in broken:
                attempts[i] += 1
                if attempts[i] >= RETRIES:
                    raise WorkerFailed(f"task {i + 1} lost its worker {RETRIES} times")
            run.retried += len(broken)
            todo = [i for i in order if results[i] is None and run.needed(i)]
            pool = _Pool(workers, warm, quiet, len(pool.stops) - 1)
            if run.cutoff >= 0:
                pool.stop_after(run.cutoff)
        reusable = True
    finally:
        pool.stop()
        run.elapsed_s = control.end_search()
        if keep is not None and reusable:
            keep.pool = pool
        else:
            pool.close()
        progress.show()
    return run


def _drain(pool: _Pool, tasks: Sequence[Task], todo: list[int], results: list[Any], run: Run, progress: TaskProgress,
           control: SearchControl) -> list[int] | None:
    """Submit the tasks and collect them until all are done or the run must end; with a broken
    pool, the tasks that were running when it broke (to be run again), else None."""
    # Finished futures arrive on a queue: wait() on hundreds of pending futures locks and unlocks
    # each of them at every call, which cost the parent a quarter of a core that the workers need.
    arrived: queue.SimpleQueue[Future[Any]] = queue.SimpleQueue()
    with interrupts.children_deaf():
        futures = {pool.executor.submit(_call, tasks[i], i): i for i in todo}
    for f in futures:
        f.add_done_callback(arrived.put)
    pool.submitted = list(futures)
    left = len(futures)
    running: set[int] = set()
    if control.phase != Phase.SEARCHING:
        # the clock starts once a task has drawn its first picture, so every snapshot of the
        # search has one (a fresh worker takes a moment to unpickle its first task)
        began = time.monotonic()
        while not pool.rows[0, picture.QUIET] and time.monotonic() - began < 1.0 and not any(
                read_live(row[:SLOTS]) is not None for row in pool.rows):
            time.sleep(0.002)
        progress.show(pool.rows)
        control.start_search()
    shown = time.monotonic()
    while left:
        done = _arrivals(arrived, POLL_S)
        left -= len(done)
        running.update(pool.running())
        for f in done:
            if f.cancelled():
                continue
            i = futures[f]
            try:
                results[i] = f.result()
            except BrokenProcessPool:
                for g in futures:
                    g.cancel()
                lost = sorted(j for j in running if results[j] is None and run.needed(j))
                return lost or [i]
            running.discard(i)
            cutoff = run.cutoff
            finished(run, progress, control, i)
            if run.cutoff != cutoff:  # a decisive result: the tasks after it are not needed
                pool.stop_after(run.cutoff)
                for g, j in futures.items():
                    if not run.needed(j):
                        g.cancel()
        if time.monotonic() - shown >= POLL_S or not left:
            progress.show(pool.rows)
            shown = time.monotonic()
        stop = ending(control, progress)
        if stop is not None and run.finished:
            run.status, run.limit = stop
        if not run.finished:
            pool.stop()
            for f in futures:
                f.cancel()
    return None


def _arrivals(arrived: queue.SimpleQueue[Future[Any]], timeout: float) -> list[Future[Any]]:
    """The futures finished by now: the first waited for up to `timeout`, then all that came with it."""
    try:
        done = [arrived.get(timeout=timeout)]
    except queue.Empty:
        return []
    while True:
        try:
            done.append(arrived.get_nowait())
        except queue.Empty:
            return done
