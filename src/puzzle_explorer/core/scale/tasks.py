"""Running independent pieces of one search over workers: this thread, or the engine's workers
(core/scale/engines.py: local worker processes or a Ray cluster; core/scale/engine.py says which).

A task is a picklable callable taking a counters array and returning its result
(core/scale/task_run.py says what both must do). The results come back in task order whatever
the order the tasks finish in, so a caller that merges them in that order gets the same answer
from any number of workers. A task whose worker dies is run again (up to RETRIES times);
`Run.retried` says how many were. Local workers' live counts reach the progress at 10 Hz; a Ray
run's progress advances as tasks finish.
"""
from __future__ import annotations

import random
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, Callable, Iterator, Sequence

from puzzle_explorer.core.kernels.counters import STOP_CANCEL
from puzzle_explorer.core.run.memory import budget_bytes, workers_within
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.race import cores
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.core.scale.checkpoint import Checkpoint
from puzzle_explorer.core.scale.cuts import SPLIT_BYTES
from puzzle_explorer.core.scale.engine import LOCAL, EngineSpec
from puzzle_explorer.core.scale.engines import open_engine
from puzzle_explorer.core.scale.local_tasks import Kept
from puzzle_explorer.core.scale.task_run import Run, Task, WarmUp, run_here

WORKER_START_S = 1.5  # what starting local workers costs a run: each imports numba and loads its kernels


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
    engine has one per core of this machine (worker_count) and Ray every CPU of the cluster. A Ray
    cluster is joined for the block (started, with no address), so the runs inside it join it once."""
    if spec.kind == LOCAL:
        yield spec
        return
    with open_engine(spec) as engine:
        yield spec if spec.workers else replace(spec, workers=engine.workers())


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


def stopped_run(spec: EngineSpec, control: SearchControl) -> Run:
    """The run of a job stopped before its tasks were made (a cancel or the time limit in the work
    before them): no task ran, and it ends as the stop says."""
    run = Run([], workers=1, engine=spec.kind)
    run.status, run.limit = ((Status.CANCELLED, None) if control.stop_requested == STOP_CANCEL
                             else (Status.LIMIT, Limit.TIME))
    return run


def _run(tasks: Sequence[Task], order: list[int], spec: EngineSpec, control: SearchControl, node_cap: int | None,
         warm: WarmUp | None, run: Run, keep: Kept | None) -> Run:
    # No task left (a checkpoint or the caller held them all), or the job already stopped (a cancel
    # or the time limit in the work before the run): no workers to start.
    if not order or control.stopped() or (spec.kind == LOCAL and run.workers == 1):
        return run_here(tasks, order, control, node_cap, run)
    with open_engine(spec, control) as engine:
        return engine.run_tasks(tasks, order, control, node_cap, warm, run, keep)


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


def within_budget(spec: EngineSpec, tasks: int, need: int, max_memory: int | None) -> EngineSpec | None:
    """The engine with as many workers as the memory budget holds, each task holding `need` bytes
    and a split's prefixes SPLIT_BYTES once (None: not even one worker fits; one alone runs in this
    process and needs no split). A Ray cluster's workers live on its machines: only `need` counts
    there."""
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
