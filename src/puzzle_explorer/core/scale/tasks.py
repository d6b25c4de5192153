"""Running independent pieces of one search over workers: this thread, local worker processes, or a
Ray cluster (core/scale/engine.py says which).

A task is a picklable callable taking a counters array (core/run/progress.py) and returning its result;
it must run its kernels on that array, so the progress it makes and the stop flag reach it there.
A result is anything picklable with `nodes` and `solutions` (what the progress totals add up) and
`complete` (False when its kernel was stopped: cancel, timeout or the node cap). The
results come back in task order whatever the order the tasks finish in, so a caller that merges
them in that order gets the same answer from any number of workers.

Local workers are spawned processes (numba's threads do not survive a fork): each gets a row of a
shared counters array, so their live counts reach the progress at 10 Hz and the stop flag reaches
their kernels within a few thousand nodes. A task whose worker dies is run again (up to RETRIES
times); `Run.retried` says how many were. Ray runs each task as a remote function and re-submits
those whose worker died the same way; its progress advances as tasks finish.
"""
from __future__ import annotations

import ctypes
import multiprocessing
import queue
import random
import signal
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Callable, Iterator, Sequence

import numpy as np

from puzzle_explorer.core.errors import WorkerFailed
from puzzle_explorer.core.run import live as picture
from puzzle_explorer.core.run.progress import (
    DEPTH,
    EXPANDED,
    FRONTIER,
    MAX_FRONTIER,
    NODE_CAP,
    RUN,
    SLOTS,
    SOLUTIONS,
    STOP,
    STOP_CANCEL,
    STORED,
    Phase,
    SearchControl,
)
from puzzle_explorer.core.run.race import cores
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.core.scale.checkpoint import Checkpoint
from puzzle_explorer.core.scale.cuts import SPLIT_BYTES
from puzzle_explorer.core.scale.engine import LOCAL, EngineSpec

if TYPE_CHECKING:  # multiprocessing.synchronize fails to import where a host has no semaphores
    from multiprocessing.sharedctypes import Synchronized
    from multiprocessing.synchronize import Barrier

RETRIES = 3  # runs of one task whose worker died before the run gives up on it
POLL_S = 0.1  # how often the counters are merged and the stop flag passed on
START_S = 120.0  # the longest the workers may take to start (import, load kernels) before the run fails
WORKER_START_S = 1.5  # what starting local workers costs a run: each imports numba and loads its kernels
# A worker's row: the kernel's counters, then the task it runs (index + 1, 0 when idle).
TASK = SLOTS
ROW = SLOTS + 1
KEEP_ON_RESET = (STOP, NODE_CAP, picture.QUIET)

Task = Callable[[np.ndarray], Any]  # see the module's docstring
WarmUp = Callable[[], None]  # loads the kernels in a fresh worker


@dataclass
class Run:
    """What the engine brings back: each task's result (None for one that never ran), how the run
    ended, and how many tasks were run again after their worker died."""

    results: list[Any]
    status: Status = Status.SOLVED  # SOLVED: every task ran to its end
    limit: Limit | None = None
    retried: int = 0
    workers: int = 1
    engine: str = LOCAL
    elapsed_s: float = 0.0
    order: list[int] = field(default_factory=list)  # the order the tasks finished in
    # a result that settles the answer (a first solution): the tasks after it are not needed
    decisive: Callable[[Any], bool] | None = field(default=None, repr=False)
    cutoff: int = -1  # the first task whose result was decisive (-1: none yet)
    restored: int = 0  # results read from the checkpoint, not run
    checkpoint: Checkpoint | None = field(default=None, repr=False)

    def needed(self, i: int) -> bool:
        """Whether task i's result still counts (no decisive result comes before it)."""
        return self.cutoff < 0 or i <= self.cutoff

    @property
    def finished(self) -> bool:
        return self.status == Status.SOLVED

    @property
    def done(self) -> int:
        """Tasks run to their end (one a cancel or a cap stopped part way is not)."""
        return sum(ran_to_end(r) for r in self.results)


def ran_to_end(result: Any) -> bool:
    """A task's result is whole: not missing, not stopped part way (a result says so in `complete`)."""
    return result is not None and bool(getattr(result, "complete", True))


def worker_count(spec: EngineSpec, tasks: int) -> int:
    """How many workers a run of `tasks` tasks uses (a Ray run's: inside workers_known)."""
    return max(1, min(tasks, spec.workers or cores()))


def one_worker_when_sooner(spec: EngineSpec, seconds: float) -> EngineSpec:
    """The engine for a search expected to take `seconds` on one worker (0: not known). With the
    local engine's worker count left open: one worker, in this process, when the others would not
    make up for the time they take to start."""
    if spec.kind != LOCAL or spec.workers is not None or seconds <= 0:
        return spec
    workers = worker_count(spec, 1 << 30)
    return spec if seconds * (1 - 1 / workers) > WORKER_START_S else replace(spec, workers=1)


@contextmanager
def workers_known(spec: EngineSpec) -> Iterator[EngineSpec]:
    """The engine with its worker count settled before a tree is cut for it. Left open, the local
    engine has one per core of this machine and Ray every CPU of the cluster. A Ray cluster is
    joined for the block (started, with no address), so the runs inside it join it once."""
    if spec.kind == LOCAL:
        yield spec
        return
    from puzzle_explorer.core.scale.ray_cluster import cluster

    with cluster(spec) as ray:
        yield spec if spec.workers else replace(spec, workers=max(1, int(ray.cluster_resources().get("CPU", 1))))


def reset_row(counters: np.ndarray) -> None:
    """Zero a kernel's counters and picture for its next task, keeping the stop flag, node cap, quiet."""
    kept = [int(counters[i]) for i in KEEP_ON_RESET]
    counters[:SLOTS] = 0
    for i, v in zip(KEEP_ON_RESET, kept):
        counters[i] = v


class _Progress:
    """The run's totals written into the control's counters, which the job samples at 10 Hz: the
    finished tasks' nodes and solutions, plus what running tasks have done so far. Never goes down."""

    def __init__(self, control: SearchControl, cap: int | None, run: Run):
        self.control = control
        self.cap = cap
        self.nodes = 0
        self.solutions = 0
        self.deepest = 0
        self._shown = (0, 0)
        control.tasks = (0, len(run.results))
        for result in run.results:  # those a checkpoint held
            if result is not None:
                self.finished(result)

    def finished(self, result: object) -> None:
        done, total = self.control.tasks
        self.control.tasks = (done + ran_to_end(result), total)
        self.nodes += int(getattr(result, "nodes", 0))
        self.solutions += int(getattr(result, "solutions", 0))
        self.deepest = max(self.deepest, int(getattr(result, "deepest", 0)))

    def show(self, rows: np.ndarray | None = None) -> None:
        c = self.control.counters
        nodes, solutions = self.nodes, self.solutions
        if rows is not None:
            busy = rows[rows[:, TASK] > 0]
            nodes += int(busy[:, EXPANDED].sum())
            solutions += int(busy[:, SOLUTIONS].sum())
            self.deepest = max(self.deepest, int(rows[:, MAX_FRONTIER].max()))
            # the picture of a running task (or the last one drawn): a task just started has none yet
            for row in [*busy, *rows[rows[:, TASK] == 0]]:
                if picture.read_live(row[:SLOTS]) is not None:
                    c[FRONTIER], c[DEPTH], c[STORED] = row[FRONTIER], row[DEPTH], row[STORED]
                    c[picture.LIVE:] = row[picture.LIVE:SLOTS]
                    break
        nodes, solutions = max(nodes, self._shown[0]), max(solutions, self._shown[1])
        self._shown = (nodes, solutions)
        c[EXPANDED], c[SOLUTIONS] = nodes, solutions
        c[MAX_FRONTIER] = max(int(c[MAX_FRONTIER]), self.deepest)

    def over_cap(self) -> bool:
        return self.cap is not None and max(self.nodes, self._shown[0]) >= self.cap


def _ending(control: SearchControl, progress: _Progress) -> tuple[Status, Limit | None] | None:
    """Why the run must stop now (None: it goes on)."""
    stop = control.stop_requested
    if stop == STOP_CANCEL:
        return Status.CANCELLED, None
    if stop != RUN:
        return Status.LIMIT, Limit.TIME
    if progress.over_cap():
        return Status.LIMIT, Limit.STATES
    return None


def run_tasks(tasks: Sequence[Task], spec: EngineSpec, control: SearchControl, *,
              node_cap: int | None = None, warm: WarmUp | None = None,
              shuffle: int | None = None, decisive: Callable[[Any], bool] | None = None,
              keep: Kept | None = None, given: dict[int, Any] | None = None) -> Run:
    """Run every task and return their results in task order.

    node_cap: the most nodes the whole run may enter (the run ends with limit states past it);
    warm: loads the kernels in a fresh worker before the search clock starts; shuffle: a seed
    that makes the tasks start in a random order (tests: the answer must not depend on it);
    decisive: says of a result that it settles the answer (a solution found), so the tasks after
    it in task order are stopped or never started: the first decisive result in task order is
    the same whatever the workers do (Run.cutoff), the later tasks' results are not; keep: local
    workers kept for the caller's next run (Kept). One local worker runs the tasks in this
    thread. The control's clock covers the tasks only. With spec.checkpoint, the tasks that file
    holds are not run again (Run.restored) and each task that finishes is added to it. given:
    results the caller already has (tasks it ran to their end for an estimate), not run again.
    """
    order = list(range(len(tasks)))
    if shuffle is not None:
        random.Random(shuffle).shuffle(order)
    workers = worker_count(spec, len(tasks))
    run = Run([None] * len(tasks), workers=workers, engine=spec.kind, decisive=decisive)
    _restore(run, given or {}, restored=False)
    if spec.checkpoint is None:
        return _run(tasks, _left(run, order), spec, control, node_cap, warm, run, keep)
    run.checkpoint = Checkpoint(spec.checkpoint, tasks)
    try:
        _restore(run, run.checkpoint.open())
        _run(tasks, _left(run, order), spec, control, node_cap, warm, run, keep)
        run.elapsed_s += run.checkpoint.seconds  # the time it takes is the time of every run
        return run
    finally:
        run.checkpoint.close()


def _run(tasks: Sequence[Task], order: list[int], spec: EngineSpec, control: SearchControl, node_cap: int | None,
         warm: WarmUp | None, run: Run, keep: Kept | None) -> Run:
    if not order or (spec.kind == LOCAL and run.workers == 1):  # (no task left: a checkpoint or the caller held them all)
        return _run_here(tasks, order, control, node_cap, run)
    if spec.kind == LOCAL:
        return _run_local(tasks, order, control, node_cap, warm, run, keep)
    from puzzle_explorer.core.scale.ray_tasks import run_on_ray  # Ray is imported only for the ray engine

    return run_on_ray(tasks, order, spec, control, node_cap, warm, run)


def _restore(run: Run, done: dict[int, Any], restored: bool = True) -> None:
    """Put results already had in their places: a checkpoint's (restored), or the caller's (the
    first decisive one settles the cutoff)."""
    for i in sorted(done):
        if i >= len(run.results) or run.results[i] is not None:
            continue
        run.results[i] = done[i]
        run.restored += restored
        if run.decisive is not None and run.decisive(done[i]) and (run.cutoff < 0 or i < run.cutoff):
            run.cutoff = i


def _left(run: Run, order: list[int]) -> list[int]:
    """The tasks of `order` still to run: no result yet, and needed."""
    return [i for i in order if run.results[i] is None and run.needed(i)]


def _run_here(tasks: Sequence[Task], order: list[int], control: SearchControl, node_cap: int | None, run: Run) -> Run:
    """Every task in this thread on the control's own counters, one after another."""
    results = run.results
    progress = _Progress(control, node_cap, run)
    control.start_search()
    try:
        for i in order:
            if not run.needed(i):
                continue
            ending = _ending(control, progress)
            if ending is not None:
                run.status, run.limit = ending
                break
            control.reset_counters()
            with control.node_cap(None if node_cap is None else node_cap - progress.nodes):
                results[i] = tasks[i](control.counters)
            _finished(run, progress, control, i)
            if not run.finished:
                break
    finally:
        run.elapsed_s = control.end_search()
    return run


def _finished(run: Run, progress: _Progress, control: SearchControl, i: int) -> None:
    """Count a task's result; a task its kernel stopped ends the run (cancel, time, node cap)."""
    result = run.results[i]
    progress.finished(result)
    run.order.append(i)
    if run.checkpoint is not None and ran_to_end(result):
        run.checkpoint.record(i, result, control.elapsed())
    if not run.needed(i):
        return
    if run.decisive is not None and run.decisive(result):
        run.cutoff = i
    elif not ran_to_end(result) and run.finished:
        run.status, run.limit = _ending(control, progress) or (Status.LIMIT, Limit.STATES)


# --- local worker processes -------------------------------------------------------------------

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


def _run_local(tasks: Sequence[Task], order: list[int], control: SearchControl, node_cap: int | None,
               warm: WarmUp | None, run: Run, keep: Kept | None = None) -> Run:
    results = run.results
    workers = run.workers
    progress = _Progress(control, node_cap, run)
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
            return _run_here(tasks, order, control, node_cap, run)
    reusable = False
    try:
        ending = _ending(control, progress)
        if ending is not None:
            run.status, run.limit = ending
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


def _drain(pool: _Pool, tasks: Sequence[Task], todo: list[int], results: list[Any], run: Run, progress: _Progress,
           control: SearchControl) -> list[int] | None:
    """Submit the tasks and collect them until all are done or the run must end; with a broken
    pool, the tasks that were running when it broke (to be run again), else None."""
    # Finished futures arrive on a queue: wait() on hundreds of pending futures locks and unlocks
    # each of them at every call, which cost the parent a quarter of a core that the workers need.
    arrived: queue.SimpleQueue[Future[Any]] = queue.SimpleQueue()
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
                picture.read_live(row[:SLOTS]) is not None for row in pool.rows):
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
            _finished(run, progress, control, i)
            if run.cutoff != cutoff:  # a decisive result: the tasks after it are not needed
                pool.stop_after(run.cutoff)
                for g, j in futures.items():
                    if not run.needed(j):
                        g.cancel()
        if time.monotonic() - shown >= POLL_S or not left:
            progress.show(pool.rows)
            shown = time.monotonic()
        ending = _ending(control, progress)
        if ending is not None and run.finished:
            run.status, run.limit = ending
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


def within_budget(spec: EngineSpec, tasks: int, need: int, max_memory: int | None) -> EngineSpec | None:
    """The engine with as many workers as the memory budget holds, each task holding `need` bytes
    and a split's prefixes SPLIT_BYTES once (None: not even one worker fits; one alone runs in this
    process and needs no split). A Ray cluster's workers live on its machines: only `need` counts
    there."""
    from puzzle_explorer.core.run.memory import budget_bytes, workers_within

    wanted = worker_count(spec, tasks)
    fit = 0
    if wanted > 1:
        room = budget_bytes(max_memory) - SPLIT_BYTES
        fit = workers_within(wanted, need, room, processes=spec.kind == LOCAL) if room > 0 else 0
    if fit <= 1:
        fit = workers_within(1, need, max_memory, processes=False)
    if fit == 0:
        return None
    return spec if fit == wanted else replace(spec, workers=fit)
