"""IDA* for sliding tiles, iteration by iteration, a large iteration split over workers.

An iteration under bound B is cut at a shallow depth (idastar.subtree's split: the nodes met at
that depth in the search's own move order, pruned as it prunes), and each node's subtree is
searched under B as a task of core/scale/tasks.py. The first task in task order that reaches the goal
settles the iteration (later ones are stopped), so the path is the one the whole search finds, and
the nodes counted (the split's up to that task, and the tasks before it) are the ones it counts.
No task finds the goal: the next bound is the least f any of them pruned.

Iterations after a small one run here in one piece (a search that stays small never starts a
worker); pattern databases reach the workers as the file they are mapped from (Mapped).
"""
from __future__ import annotations

from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import numpy as np

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.kernels import picture
from puzzle_explorer.core.kernels.codes import CAP, EXHAUSTED, FOUND, MEMORY, STOPPED
from puzzle_explorer.core.kernels.counters import new_counters
from puzzle_explorer.core.kernels.jit import prepare
from puzzle_explorer.core.run.memory import array_bytes, budget_bytes
from puzzle_explorer.core.run.progress import Phase, SearchControl
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.core.scale.cuts import MAX_TASKS, TASKS_PER_WORKER, shallowest_cut
from puzzle_explorer.core.scale.engine import EngineSpec
from puzzle_explorer.core.scale.local_tasks import Kept
from puzzle_explorer.core.scale.task_run import Run
from puzzle_explorer.core.scale.tasks import run_tasks, within_budget, worker_count, workers_known
from puzzle_explorer.puzzles.tiles import pdb as D
from puzzle_explorer.puzzles.tiles.kernels import estimate as E
from puzzle_explorer.puzzles.tiles.kernels import idastar as I
from puzzle_explorer.puzzles.tiles.kernels import patterns as P
from puzzle_explorer.puzzles.tiles.kernels.patterns import Partition

# An iteration after one of fewer nodes runs here in one piece: the next is some 3 to 6 times
# larger, well under a second at 10 million nodes a second, less than starting the workers takes.
SPLIT_AFTER = 5_000_000
# An iteration after one of this many nodes or more gets an estimate of its size first, for the
# time it has left: some 0.3 s of sampling before an iteration of many seconds.
ESTIMATE_AFTER = 20_000_000
NO_CAP = 1 << 62


@dataclass(frozen=True)
class Mapped:
    """Pattern-database lookups that travel as their partition, goal and file: a worker maps the
    file itself, once (the pages are shared with every other process that maps it)."""

    part: Partition
    goal: tuple[int, ...]
    path: Path

    def lookups(self) -> P.Lookups:
        key = (self.path, self.goal, self.part)
        if key not in _LOOKUPS:
            dbs = D.open_databases(self.part, self.path)
            if dbs is None:
                raise InputError(f"the pattern databases at {self.path} cannot be read on a worker: IDA* with "
                                 f"them splits over workers that share the file (this machine, a shared folder)")
            _LOOKUPS[key] = P.make_lookups(self.part, self.goal, dbs.data, dbs.offsets)
        return _LOOKUPS[key]


_LOOKUPS: dict[tuple[Path, tuple[int, ...], Partition], P.Lookups] = {}


def mapped(dbs: D.Databases, goal: tuple[int, ...], lookups: P.Lookups) -> Mapped:
    """The lookups made here from dbs, as workers will make them again."""
    out = Mapped(dbs.part, tuple(goal), dbs.path)
    _LOOKUPS[(out.path, out.goal, out.part)] = lookups
    return out


@dataclass(frozen=True)
class Setup:
    """What every pass of one search reads: the start, the board's moves, the goal tables, the
    lookups (or the databases they come from), the heuristic, the stack's room."""

    start: np.ndarray
    nbr: np.ndarray
    tables: Any
    lookups: Any  # patterns.Lookups, or Mapped
    mode: int
    max_stack: int

    def lk(self) -> P.Lookups:
        return self.lookups.lookups() if isinstance(self.lookups, Mapped) else self.lookups

    def args(self, prefix: np.ndarray, bound: int, cut: int, most: int, max_nodes: int,
             counters: np.ndarray) -> tuple[Any, ...]:
        """idastar.subtree's arguments, of the types it is compiled for."""
        return (self.start, self.nbr, self.tables, self.lk(), self.mode, prefix, np.int64(bound), np.int64(cut),
                np.int64(most), np.int64(max_nodes), np.int64(self.max_stack), counters)

    def root(self) -> np.ndarray:
        return np.array([int(np.flatnonzero(self.start == 0)[0])], dtype=np.int64)

    def held(self) -> int:
        """What a worker holds besides its stack (mapped databases are shared, not counted here)."""
        lk = () if isinstance(self.lookups, Mapped) else (self.lookups,)
        return array_bytes(self.start, self.nbr, self.tables, *lk)


@dataclass
class Pass:
    """One pass under a bound: the iteration's own, a split's, or a subtree's (a task's result)."""

    code: int
    path: np.ndarray
    generated: int
    nodes: int  # expanded
    next_bound: int
    cells: np.ndarray = field(default_factory=lambda: np.empty((0, 1), dtype=np.int64))  # a split's nodes
    marks: np.ndarray = field(default_factory=lambda: np.empty((0, 2), dtype=np.int64))  # and its counts there

    @property
    def solutions(self) -> int:
        return int(self.code == FOUND)

    @property
    def complete(self) -> bool:
        return self.code in (FOUND, EXHAUSTED)

    @property
    def prefixes(self) -> np.ndarray:
        """A split's nodes left to search: none once it met the goal or was stopped itself."""
        return self.cells if self.code == EXHAUSTED else self.cells[:0]


def run_pass(setup: Setup, prefix: np.ndarray, bound: int, counters: np.ndarray, cut: int = 0, most: int = 0,
             max_nodes: int = NO_CAP) -> Pass:
    code, path, generated, expanded, next_bound, cells, marks = I.subtree(
        *setup.args(prefix, bound, cut, most, max_nodes, counters))
    return Pass(int(code), path, int(generated), int(expanded), int(next_bound), cells, marks)


@dataclass(frozen=True)
class Below:
    """Search one node's subtree under the bound (a picklable task); prefix: the blank's cells to it."""

    setup: Setup
    prefix: np.ndarray
    bound: int

    def __call__(self, counters: np.ndarray) -> Pass:
        return run_pass(self.setup, self.prefix, self.bound, counters)


@dataclass(frozen=True)
class Warm:
    """Load the pass kernel (and map the databases) in a fresh worker."""

    setup: Setup

    def __call__(self) -> None:
        prepare(I.subtree, *self.setup.args(self.setup.root(), 0, 0, 0, NO_CAP, new_counters(quiet=True)))


def split(setup: Setup, bound: int, wanted: int, stopped: Callable[[], bool] | None = None) -> Pass:
    """The iteration under `bound` cut into at least `wanted` nodes (core/scale/cuts.py): a Pass listing
    them. It may meet the goal before the cut (FOUND), or end the iteration itself (no node at the
    cut)."""

    def cut_at(depth: int) -> Pass | None:
        out = run_pass(setup, setup.root(), bound, new_counters(quiet=True), depth, MAX_TASKS)
        return None if out.code == CAP else out

    first = cut_at(1)  # at most four nodes: never more than a split hands out
    assert first is not None
    return shallowest_cut(cut_at, first, max(bound, 1) + 1, 8, max(2, wanted), stopped=stopped)


def settle(cut: Pass, results: list[Pass | None]) -> Pass:
    """One iteration's pass from its split and its subtrees' results in task order, as the whole
    iteration would have counted it: to the first goal in search order, or to its end. A missing
    or stopped result before any goal leaves the iteration unfinished (STOPPED) with every node
    counted so far."""
    generated = expanded = 0
    next_bound = cut.next_bound
    for i, r in enumerate(results):
        if r is None or not r.complete:
            done = [x for x in results if x is not None]
            return Pass(STOPPED, np.empty(0, dtype=np.int64), cut.generated + sum(x.generated for x in done),
                        cut.nodes + sum(x.nodes for x in done), next_bound)
        if r.code == FOUND:
            return Pass(FOUND, r.path, int(cut.marks[i, 1]) + generated + r.generated,
                        int(cut.marks[i, 0]) + expanded + r.nodes, next_bound)
        generated += r.generated
        expanded += r.nodes
        next_bound = min(next_bound, r.next_bound)
    return Pass(cut.code, cut.path, cut.generated + generated, cut.nodes + expanded, next_bound)


@dataclass
class Searched:
    """The whole search: its last pass's code and path, totals, the bound it reached, and how the
    split iterations ran (the engine's runs)."""

    code: int
    path: np.ndarray
    generated: int
    expanded: int
    bound: int
    runs: list[Run]
    iterations: int = 0

    def run_json(self) -> dict[str, Any]:
        """engines.run_json's fields over every split iteration (one task a piece for those run here)."""
        runs = self.runs
        return {"engine": runs[0].engine if runs else "local", "workers": max([1] + [r.workers for r in runs]),
                "tasks": sum(len(r.results) for r in runs) + self.iterations - len(runs),
                "retried": sum(r.retried for r in runs)}


def search(setup: Setup, h0: int, control: SearchControl, max_states: int | None, max_memory: int | None,
           spec: EngineSpec | None, subtrees: int = 0, shuffle: int | None = None, shared: int = 0,
           split_after: int | None = None) -> Searched:
    """IDA* from setup.start (h0: its heuristic, 0 at the goal) as idastar.search runs it, an iteration
    after one of `split_after` (default SPLIT_AFTER) nodes or more split over the engine's workers
    (spec None: every iteration here; 0: every one split). subtrees: how many to cut an iteration
    into (0: TASKS_PER_WORKER a worker); shuffle: a seed that starts the subtrees in random order
    (tests); shared: bytes every worker reads without holding them (the mapped databases, counted
    once)."""
    root = setup.root()
    if h0 == 0:
        return Searched(FOUND, root, 0, 0, 0, [])
    with ExitStack() as held:
        workers = _Workers(held, setup, spec)
        return _iterations(setup, h0, control, max_states, max_memory, workers, subtrees, shuffle, shared,
                           SPLIT_AFTER if split_after is None else split_after)


@dataclass
class _Workers:
    """The engine for the split iterations of one search, its workers kept from one to the next
    (local processes in a Kept, a Ray cluster joined once)."""

    held: ExitStack
    setup: Setup
    spec: EngineSpec | None
    fitted: EngineSpec | None = None
    keep: Kept | None = None
    warm: Warm | None = None

    def ready(self, max_memory: int | None, shared: int, sets: int) -> EngineSpec | None:
        """The engine with as many workers as the budget holds (None: not one)."""
        if self.fitted is None and self.spec is not None:
            room = None if max_memory is None else budget_bytes(max_memory) - shared
            need = self.setup.held() + I.stack_bytes(4 * len(self.setup.start), sets)
            known = self.held.enter_context(workers_known(self.spec))  # a Ray cluster: joined once
            self.fitted = within_budget(known, MAX_TASKS, need, room)
            self.keep = self.held.enter_context(Kept())
            self.warm = Warm(self.setup)
        return self.fitted


def _iterations(setup: Setup, h0: int, control: SearchControl, max_states: int | None, max_memory: int | None,
                engine: _Workers, subtrees: int, shuffle: int | None, shared: int, split_after: int) -> Searched:
    root = setup.root()
    cap = NO_CAP if max_states is None else max_states
    sets = int(setup.lk().tile_lookup.shape[0])
    bound, generated, expanded, last = h0, 0, 0, 0
    runs: list[Run] = []
    history: list[tuple[int, int]] = []
    iterations = 0
    while True:
        if I.stack_bytes(bound, sets) > setup.max_stack:
            return Searched(MEMORY, np.empty(0, dtype=np.int64), generated, expanded, bound, runs, iterations)
        if expanded >= cap:
            return Searched(CAP, np.empty(0, dtype=np.int64), generated, expanded, bound, runs, iterations)
        _fresh_picture(control, history)
        iterations += 1
        if last >= ESTIMATE_AFTER:
            _expect(setup, bound, control)
        if engine.spec is not None and last >= split_after:
            if engine.ready(max_memory, shared, sets) is None:
                return Searched(MEMORY, np.empty(0, dtype=np.int64), generated, expanded, bound, runs, iterations)
            done, run = _split_iteration(setup, bound, control, engine, cap - expanded, subtrees, shuffle)
            runs.append(run)
        else:
            control.start_search()
            try:
                done = run_pass(setup, root, bound, control.counters, max_nodes=cap - expanded)
            finally:
                control.end_search()
        generated += done.generated
        expanded += done.nodes
        last = done.nodes
        if done.code == FOUND:
            return Searched(FOUND, done.path, generated, expanded, bound, runs, iterations)
        if done.code != EXHAUSTED:
            code = CAP if done.code == CAP or expanded >= cap else done.code
            return Searched(code, np.empty(0, dtype=np.int64), generated, expanded, bound, runs, iterations)
        history.append((bound, done.nodes))
        if done.next_bound >= I.NO_BOUND:
            return Searched(EXHAUSTED, np.empty(0, dtype=np.int64), generated, expanded, bound, runs, iterations)
        bound = done.next_bound


def _expect(setup: Setup, bound: int, control: SearchControl) -> None:
    """The nodes the search will have entered at the end of the iteration under `bound` (if the
    answer is not in it), for the time the iteration has left."""
    control.start_search()  # sampling is part of the wait, and of the search's time
    try:
        guess = E.iteration(setup, bound, control.counters)
        if guess.dives:
            control.expect(control.snapshot(decode=False).expanded + guess.nodes, guess.nodes_se, "iteration")
    finally:
        control.end_search()


def _fresh_picture(control: SearchControl, history: list[tuple[int, int]]) -> None:
    """Counters carried into the totals, and the picture's history of finished iterations again."""
    control.reset_counters()
    for bound, nodes in history:
        picture.add_history_pair(control.counters, bound, nodes)


def _split_iteration(setup: Setup, bound: int, control: SearchControl, engine: _Workers, cap: int,
                     subtrees: int, shuffle: int | None) -> tuple[Pass, Run]:
    spec = engine.fitted
    assert spec is not None
    control.compiling()
    prepare(I.subtree, *setup.args(setup.root(), bound, 0, 0, NO_CAP, control.counters))
    with control.work(Phase.CUTTING):
        cut = split(setup, bound, subtrees or TASKS_PER_WORKER * worker_count(spec, MAX_TASKS), control.stopped)
    tasks = [Below(setup, cells, bound) for cells in cut.prefixes]
    if not tasks:
        return cut, Run([], workers=1, engine=spec.kind)
    run = run_tasks(tasks, spec, control,
                    node_cap=max(1, cap - cut.nodes), warm=engine.warm, shuffle=shuffle,
                    decisive=lambda r: r.code == FOUND, keep=engine.keep)
    done = settle(cut, run.results)
    if done.code == STOPPED and run.status == Status.LIMIT and run.limit == Limit.STATES:
        done.code = CAP
    return done, run
