"""Counting every solution of a backtracking search over workers: the tree cut at a depth into
subtrees (core/kernels/backtrack.py's SPLIT mode), each counted from its prefix as a task of core/scale/tasks.py,
the counts and kept solutions merged in the order one search meets them. The answer (count, first
solutions kept, nodes, deepest path) is the same for any number of workers and any finishing order."""
from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Any, Callable

import numpy as np

from puzzle_explorer.core.estimate.dives import Estimate
from puzzle_explorer.core.kernels import backtrack
from puzzle_explorer.core.kernels.codes import CAP, STOPPED
from puzzle_explorer.core.kernels.counters import MAX_FRONTIER, NODE_CAP, new_counters
from puzzle_explorer.core.kernels.jit import prepare
from puzzle_explorer.core.run.memory import array_bytes
from puzzle_explorer.core.run.progress import Phase, SearchControl
from puzzle_explorer.core.run.search import Context, Limits, Outcome, Stats, backtrack_args, search_paths
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.core.scale.cuts import MAX_TASKS, shallowest_cut, trial_cap, wanted_subtrees
from puzzle_explorer.core.scale.engine import LOCAL, EngineSpec
from puzzle_explorer.core.scale.task_run import Run
from puzzle_explorer.core.scale.tasks import (
    one_worker_when_sooner,
    run_tasks,
    within_budget,
    worker_count,
    workers_known,
)


@dataclass
class Paths:
    """One subtree's answer: nodes below its prefix, solutions, the first ones met, deepest path."""

    nodes: int
    solutions: int
    complete: bool
    kept: list[np.ndarray]
    deepest: int


def _rows(kept: np.ndarray, n: int) -> list[np.ndarray]:
    out = []
    for row in kept[:n]:
        end = int(np.argmax(row < 0)) if (row < 0).any() else row.shape[0]
        out.append(row[:end].copy())
    return out


@dataclass(frozen=True)
class Subpaths:
    """Count the solutions whose paths begin with `prefix` (a picklable task)."""

    ctx: Context
    prefix: np.ndarray
    max_depth: int
    keep: int

    def __call__(self, counters: np.ndarray) -> Paths:
        code, count, kept, n_kept, nodes = backtrack.backtrack(
            *backtrack_args(self.ctx, self.prefix, self.max_depth, backtrack.COUNT, self.keep, counters))
        return Paths(int(nodes), int(count), code != STOPPED, _rows(kept, n_kept), int(counters[MAX_FRONTIER]))


@dataclass(frozen=True)
class Warm:
    """Load the kernel for this kind of context in a fresh worker (from the disk cache)."""

    args: tuple[Any, ...]

    def __call__(self) -> None:
        prepare(backtrack.backtrack, *self.args)


@dataclass
class Split:
    """The prefixes a tree is cut into, the nodes entered to find them and the deepest path met."""

    prefixes: list[np.ndarray]
    nodes: int
    deepest: int


def split(ctx: Context, root: int, max_depth: int, wanted: int, stopped: Callable[[], bool] | None = None) -> Split:
    """The tree from root cut into at least `wanted` prefixes (core/scale/cuts.py); stopped: the
    job's stop, looked at between depths."""

    def cut_at(depth: int) -> Split | None:
        counters = new_counters(quiet=True)
        code, _, kept, n_kept, nodes = backtrack.backtrack(
            *backtrack_args(ctx, root, max_depth, backtrack.SPLIT, MAX_TASKS, counters, depth))
        return None if code == CAP else Split(_rows(kept, n_kept), int(nodes), int(counters[MAX_FRONTIER]))

    whole = Split([np.array([root], dtype=np.int64)], 0, 0)
    return shallowest_cut(cut_at, whole, max_depth, 8, wanted, stopped=stopped)


def count_paths(ctx: Context, root: int, max_depth: int, keep: int, control: SearchControl, limits: Limits,
                spec: EngineSpec, branch: int, held: int = 0, subtrees: int = 0,
                shuffle: int | None = None, guess: Estimate | None = None) -> tuple[Outcome, Run | None]:
    """Every solution from root counted over the engine's workers, as search_paths(COUNT) counts
    them; the engine's Run says how (None when the memory budget stopped it before it began).

    With the local engine's worker count left open, a timed estimate (guess) that says starting
    workers pays (puzzle_explorer.core.scale.tasks.one_worker_when_sooner) splits the search at once. Otherwise it
    first runs here (puzzle_explorer.core.scale.cuts.trial_cap; to a few times the estimate's nodes when there is one)
    and is split only when that does not finish it; cancelled before the split has searched as
    far, it reports the trial. subtrees: prefixes wanted (0: puzzle_explorer.core.scale.cuts.wanted_subtrees);
    shuffle: a seed that starts the subtrees in random order (tests)."""
    tried = None
    if spec.workers is None and not _workers_pay(spec, guess, limits, control):
        # an estimate that keeps the search here sets its trial; a Ray cluster asked for is used
        kept_here = guess is not None and guess.rate > 0 and spec.kind == LOCAL
        trial, whole = trial_cap(limits.max_states, int(control.counters[NODE_CAP]),
                                 guess.nodes + guess.nodes_se if kept_here and guess else 0.0)
        tried = search_paths(ctx, root, max_depth, backtrack.COUNT, keep, control,
                             replace(limits, max_states=trial), branch, held)
        if tried.limit != Limit.STATES or whole:
            return tried, Run([tried])
        control.reset_counters()
    with workers_known(spec) as known:
        out, run = _count_split(ctx, root, max_depth, keep, control, limits, known, branch, held, subtrees, shuffle)
    if tried and out.status == Status.CANCELLED and out.stats.nodes_expanded < tried.stats.nodes_expanded:
        return replace(tried, status=Status.CANCELLED, limit=None), run
    return out, run


def _workers_pay(spec: EngineSpec, guess: Estimate | None, limits: Limits, control: SearchControl) -> bool:
    """Whether the estimate says the local workers make up for their start. A node cap the
    search will meet first counts as its end (and keeps a small capped run here, exact)."""
    if guess is None or guess.rate <= 0 or spec.kind != LOCAL:
        return False
    seconds = guess.seconds_capped(limits.max_states, int(control.counters[NODE_CAP]))
    return one_worker_when_sooner(spec, seconds) == spec


def _count_split(ctx: Context, root: int, max_depth: int, keep: int, control: SearchControl, limits: Limits,
                 spec: EngineSpec, branch: int, held: int, subtrees: int,
                 shuffle: int | None) -> tuple[Outcome, Run | None]:
    need = backtrack.fixed_bytes(max_depth, branch, keep) + array_bytes(ctx) + held
    fitted = within_budget(spec, MAX_TASKS, need, limits.max_memory)
    if fitted is None:
        return Outcome(Status.LIMIT, Limit.MEMORY), None
    args = backtrack_args(ctx, root, max_depth, backtrack.COUNT, keep, control.counters)
    control.compiling()
    prepare(backtrack.backtrack, *args)
    began = time.perf_counter()
    with control.work(Phase.CUTTING):
        cut = split(ctx, root, max_depth, wanted_subtrees(worker_count(fitted, MAX_TASKS), subtrees,
                                                         resumable=fitted.checkpoint is not None), control.stopped)
    seconds = time.perf_counter() - began
    tasks = [Subpaths(ctx, p, max_depth, keep) for p in cut.prefixes]
    cap = None if limits.max_states is None else max(1, limits.max_states - cut.nodes)
    run = run_tasks(tasks, fitted, control, node_cap=cap, warm=Warm(args), shuffle=shuffle)
    count, nodes, kept, _ = merge(run.results, keep)
    nodes += cut.nodes
    deepest = max([cut.deepest] + [r.deepest for r in run.results if r is not None])
    status = run.status
    if status == Status.SOLVED and count == 0:
        status = Status.UNSOLVABLE
    stats = Stats(nodes, nodes, deepest, seconds + run.elapsed_s)
    return Outcome(status, run.limit, stats=stats, solutions=count, kept=kept), run


def merge(results: list[Any], keep: int) -> tuple[int, int, list[np.ndarray], bool]:
    """Subtree results in task order (None: a subtree not run) as one: (solutions, nodes, the first
    `keep` solutions in search order, whether every subtree was counted). A solution after an
    unfinished subtree is not kept: one before it in search order may be missing."""
    solutions = nodes = 0
    kept: list[np.ndarray] = []
    complete = True
    for r in results:
        if r is None:
            complete = False
            continue
        solutions += r.solutions
        nodes += r.nodes
        complete = complete and r.complete
        for row in r.kept:
            if len(kept) < keep and complete:
                kept.append(row)
    return solutions, nodes, kept, complete
