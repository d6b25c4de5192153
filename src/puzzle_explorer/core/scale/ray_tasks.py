"""The Ray engine's task runner (core/scale/engines.py): each task a Ray remote function, at most
`workers` in flight. Ray schedules them and carries the results; a task whose worker died (WorkerCrashedError,
a node lost) is submitted again here, so the run can say how many were. Cancel and the time limit
cancel every task still running (force: its worker is stopped), within a poll."""
from __future__ import annotations

import copy
from typing import Any, Sequence

from puzzle_explorer.core.errors import WorkerFailed
from puzzle_explorer.core.kernels.counters import new_counters
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.core.scale.task_run import (
    POLL_S,
    RETRIES,
    Run,
    Task,
    TaskProgress,
    WarmUp,
    ending,
    finished,
)


def _warm(warm: WarmUp | None) -> None:
    """Load the kernels in a worker before the search clock starts; the pause keeps each of these
    calls on a worker of its own."""
    import time

    if warm is not None:
        copy.deepcopy(warm)()
    time.sleep(0.5)


def _call(task: Task) -> Any:
    """Run a task in a Ray worker. Ray hands over its numpy arrays read-only (straight from its
    object store): the task gets writable copies, which the kernels write to and are compiled for."""
    counters = new_counters(quiet=True)
    return copy.deepcopy(task)(counters)


def _lost_worker(exc: Exception, ray: Any) -> bool:
    errors = ray.exceptions
    lost = tuple(getattr(errors, name) for name in ("WorkerCrashedError", "NodeDiedError", "ObjectLostError",
                                                    "OwnerDiedError") if hasattr(errors, name))
    return isinstance(exc, lost)


def run_on_ray(ray: Any, workers: int, tasks: Sequence[Task], order: list[int], control: SearchControl,
               node_cap: int | None, warm: WarmUp | None, run: Run) -> Run:
    """The tasks of `order` on the joined cluster (ray: the module), at most `workers` at once."""
    results = run.results
    progress = TaskProgress(control, node_cap, run)
    attempts = [0] * len(tasks)
    control.starting_workers()
    run.workers = workers
    remote = ray.remote(num_cpus=1, max_retries=0)(_call)
    ray.get([ray.remote(num_cpus=1)(_warm).remote(warm) for _ in range(workers)])
    todo = list(order)
    flying: dict[Any, int] = {}  # a running task's ObjectRef -> its index
    control.start_search()
    try:
        while (todo or flying) and run.finished:
            while todo and len(flying) < workers:
                i = todo.pop(0)
                flying[remote.remote(tasks[i])] = i
            done, _ = ray.wait(list(flying), num_returns=1, timeout=POLL_S)
            for ref in done:
                if ref not in flying:  # cancelled: a decisive result came before it
                    continue
                i = flying.pop(ref)
                try:
                    results[i] = ray.get(ref)
                except Exception as exc:
                    if not _lost_worker(exc, ray):
                        raise
                    attempts[i] += 1
                    if attempts[i] >= RETRIES:
                        raise WorkerFailed(f"task {i + 1} lost its worker {RETRIES} times") from exc
                    run.retried += 1
                    todo.insert(0, i)
                    continue
                cutoff = run.cutoff
                finished(run, progress, control, i)
                if run.cutoff != cutoff:  # a decisive result: the tasks after it are not needed
                    todo = [j for j in todo if run.needed(j)]
                    for ref in [r for r, j in flying.items() if not run.needed(j)]:
                        ray.cancel(ref, force=True)
                        del flying[ref]
            progress.show()
            stop = ending(control, progress)
            if stop is not None and run.finished:
                run.status, run.limit = stop
    finally:
        for ref in flying:
            ray.cancel(ref, force=True)
        run.elapsed_s = control.end_search()
    if run.status == Status.SOLVED and any(r is None for i, r in enumerate(results) if run.needed(i)):
        raise WorkerFailed("the cluster returned fewer results than tasks")
    return run
