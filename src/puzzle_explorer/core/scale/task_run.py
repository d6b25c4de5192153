"""A run of independent tasks, whatever engine runs them: its results in task order, the progress
totals it shows, why it must end, and running the tasks in this thread.

A task is a picklable callable taking a counters array (core/kernels/counters.py) and returning its
result; it must run its kernels on that array, so the progress it makes and the stop flag reach it
there. A result is anything picklable with `nodes` and `solutions` (what the progress totals add
up) and `complete` (False when its kernel was stopped: cancel, timeout or the node cap). The
engines (core/scale/engines.py) run tasks elsewhere and keep this bookkeeping the same way.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import numpy as np

from puzzle_explorer.core.kernels import picture
from puzzle_explorer.core.kernels.counters import (
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
)
from puzzle_explorer.core.run.live import read_live
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.core.scale.checkpoint import Checkpoint
from puzzle_explorer.core.scale.engine import LOCAL

RETRIES = 3  # runs of one task whose worker died before the run gives up on it
POLL_S = 0.1  # how often the counters are merged and the stop flag passed on
# A worker's live row, where an engine has them (local processes): the kernel's counters, then the
# task it runs (index + 1, 0 when idle).
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


def reset_row(counters: np.ndarray) -> None:
    """Zero a kernel's counters and picture for its next task, keeping the stop flag, node cap, quiet."""
    kept = [int(counters[i]) for i in KEEP_ON_RESET]
    counters[:SLOTS] = 0
    for i, v in zip(KEEP_ON_RESET, kept):
        counters[i] = v


class TaskProgress:
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
        """The totals into the control's counters; rows: the workers' live rows, where the engine has
        them (their running tasks' counts, and a picture)."""
        c = self.control.counters
        nodes, solutions = self.nodes, self.solutions
        if rows is not None:
            busy = rows[rows[:, TASK] > 0]
            nodes += int(busy[:, EXPANDED].sum())
            solutions += int(busy[:, SOLUTIONS].sum())
            self.deepest = max(self.deepest, int(rows[:, MAX_FRONTIER].max()))
            # the picture of a running task (or the last one drawn): a task just started has none yet
            for row in [*busy, *rows[rows[:, TASK] == 0]]:
                if read_live(row[:SLOTS]) is not None:
                    c[FRONTIER], c[DEPTH], c[STORED] = row[FRONTIER], row[DEPTH], row[STORED]
                    c[picture.LIVE:] = row[picture.LIVE:SLOTS]
                    break
        nodes, solutions = max(nodes, self._shown[0]), max(solutions, self._shown[1])
        self._shown = (nodes, solutions)
        c[EXPANDED], c[SOLUTIONS] = nodes, solutions
        c[MAX_FRONTIER] = max(int(c[MAX_FRONTIER]), self.deepest)

    def over_cap(self) -> bool:
        return self.cap is not None and max(self.nodes, self._shown[0]) >= self.cap


def ending(control: SearchControl, progress: TaskProgress) -> tuple[Status, Limit | None] | None:
    """Why the run must stop now (None: it goes on)."""
    stop = control.stop_requested
    if stop == STOP_CANCEL:
        return Status.CANCELLED, None
    if stop != RUN:
        return Status.LIMIT, Limit.TIME
    if progress.over_cap():
        return Status.LIMIT, Limit.STATES
    return None


def finished(run: Run, progress: TaskProgress, control: SearchControl, i: int) -> None:
    """Count task i's result; a task its kernel stopped ends the run (cancel, time, node cap)."""
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
        run.status, run.limit = ending(control, progress) or (Status.LIMIT, Limit.STATES)


def run_here(tasks: Sequence[Task], order: list[int], control: SearchControl, node_cap: int | None, run: Run) -> Run:
    """Every task in this thread on the control's own counters, one after another."""
    results = run.results
    progress = TaskProgress(control, node_cap, run)
    control.start_search()
    try:
        for i in order:
            if not run.needed(i):
                continue
            stop = ending(control, progress)
            if stop is not None:
                run.status, run.limit = stop
                break
            control.reset_counters()
            with control.node_cap(None if node_cap is None else node_cap - progress.nodes):
                results[i] = tasks[i](control.counters)
            finished(run, progress, control, i)
            if not run.finished:
                break
    finally:
        run.elapsed_s = control.end_search()
    return run
