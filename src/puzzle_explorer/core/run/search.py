"""Running the kernels from Python, in this process: limits in, an outcome with status and
statistics out. Searches split over workers (core/scale) build on these."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, TypeVar

import numpy as np

from puzzle_explorer.core.kernels import astar, backtrack, bfs, bibfs, census, idastar, tables
from puzzle_explorer.core.kernels.arrays import distinct
from puzzle_explorer.core.kernels.codes import CAP, EXHAUSTED, FOUND, MEMORY, STOPPED
from puzzle_explorer.core.kernels.counters import EXPANDED, MAX_FRONTIER, RUN, STOP_CANCEL, STORED, Whole
from puzzle_explorer.core.kernels.jit import Kernel, prepare
from puzzle_explorer.core.run.memory import HARD_CAP, SCRATCH, array_bytes, budget_bytes, fits, state_cap
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.status import Limit, Status

T = TypeVar("T")

# A puzzle's context: the namedtuple of arrays and scalars its hooks read (puzzle_explorer.core.kernels.ops).
Context = Any

FIRST = backtrack.FIRST
COUNT = backtrack.COUNT


@dataclass(frozen=True)
class Limits:
    """What may end a search early: a state cap, a time limit, a memory budget in bytes."""

    max_states: int | None = None
    timeout_s: float | None = None
    max_memory: int | None = None


@dataclass(frozen=True)
class Stats:
    nodes_expanded: int = 0
    states_seen: int = 0
    max_frontier: int = 0
    elapsed_s: float = 0.0

    def plus(self, other: "Stats") -> "Stats":
        """Totals of two searches run one after the other."""
        return Stats(
            self.nodes_expanded + other.nodes_expanded,
            self.states_seen + other.states_seen,
            max(self.max_frontier, other.max_frontier),
            self.elapsed_s + other.elapsed_s,
        )


@dataclass(frozen=True)
class Census:
    states: int
    goal_states: int
    max_depth: int
    goal_depth: int | None  # length of a shortest solution, None if no goal is reachable


@dataclass
class WorkerUse:
    """What one worker of a census spread over workers held at most (core/scale/partitioned.py):
    its buffers by the ledger, and its process's peak."""

    states: int = 0  # the states it owns
    peak_bytes: int = 0
    peak_rss_kb: int = 0
    restarts: int = 0  # processes started in its place after one died (the local engine)


@dataclass
class Outcome:
    status: Status
    limit: Limit | None = None
    path: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=np.uint64))
    stats: Stats = field(default_factory=Stats)
    census: Census | None = None
    solutions: int = 0
    kept: list[np.ndarray] = field(default_factory=list)
    workers: list[WorkerUse] = field(default_factory=list)  # a census spread over workers: each one's use
    budget_note: str | None = None  # a census on a Ray cluster with less memory than --max-memory: says so


SHORTEST: dict[str, tuple[Callable[..., Any], Callable[[int], int]]] = {
    "bfs": (bfs.bfs, bfs.peak_bytes),
    "bibfs": (bibfs.bibfs, bibfs.peak_bytes),
    "astar": (astar.astar, astar.peak_bytes),
    "idastar": (idastar.idastar, idastar.peak_bytes),
}
SHORTEST_NAMES = {"bfs": "BFS", "bibfs": "bidirectional BFS", "astar": "A*", "idastar": "IDA*"}


def kernel_status(code: int, control: SearchControl, cap_limit: Limit = Limit.STATES) -> tuple[Status, Limit | None]:
    """A kernel's result code as the status a user reads, and the limit hit if any.

    A kernel stopped with nobody asking (STOP still RUN) reached its node cap.
    """
    if code == FOUND:
        return Status.SOLVED, None
    if code == EXHAUSTED:
        return Status.UNSOLVABLE, None
    if code == STOPPED:
        if control.stop_requested == STOP_CANCEL:
            return Status.CANCELLED, None
        if control.stop_requested == RUN:
            return Status.LIMIT, Limit.STATES
        return Status.LIMIT, Limit.TIME
    if code == CAP:
        return Status.LIMIT, cap_limit
    if code == MEMORY:
        return Status.LIMIT, Limit.MEMORY
    raise ValueError(f"unknown kernel result {code}")


def counter_stats(control: SearchControl, elapsed: float, states: int | None = None) -> Stats:
    """The search's counters as Stats (states seen: the stored count unless given)."""
    c = control.counters
    return Stats(
        nodes_expanded=int(c[EXPANDED]),
        states_seen=int(c[STORED]) if states is None else states,
        max_frontier=int(c[MAX_FRONTIER]),
        elapsed_s=elapsed,
    )


def timed(control: SearchControl, kernel_fn: Callable[..., Any], *args: Any,
          within: str | None = None) -> tuple[Any, float]:
    """Run one kernel on the search clock, compiling it first; returns (result, its seconds).
    within: the phase of the work before the search it runs in instead (clocked)."""
    control.compiling()
    prepare(kernel_fn, *args)
    control.reset_counters()
    return clocked(control, lambda: kernel_fn(*args), within)


def clocked(control: SearchControl, run: Callable[[], T], within: str | None = None) -> tuple[T, float]:
    """run() on the search clock, or `within` a phase of the work before the search (one of
    Phase.WORKING, such as a table a search builds before it reads it: the progress line and the
    trace name that phase, and the time limit counts it as it counts the search); (its result,
    its seconds)."""
    if within is not None:
        began = time.perf_counter()
        with control.work(within):
            result = run()
        return result, time.perf_counter() - began
    before = control.elapsed()
    control.start_search()
    try:
        result = run()
    finally:
        elapsed = control.end_search() - before
    return result, elapsed


def _shortest_args(algo: str, starts: np.ndarray, goals: np.ndarray | None, ctx: Context, cap: int,
                   share: tuple[int, ...], counters: np.ndarray) -> tuple[Any, ...]:
    """The arguments of a shortest-path kernel, of the types it is compiled for.

    share: A*'s most buckets or IDA*'s stack bytes, the kernel's argument after the cap."""
    if algo == "bibfs":
        return starts, goals, ctx, int(cap), counters
    return (starts, ctx, int(cap), *(int(x) for x in share), counters)


def shortest_path_kernels(algos: Iterable[str], starts: np.ndarray, ctx: Context, counters: np.ndarray) -> list[Kernel]:
    """The kernels shortest_path runs for these algorithms on this kind of context."""
    starts = np.ascontiguousarray(starts, dtype=np.uint64)
    return [Kernel(SHORTEST_NAMES[algo], SHORTEST[algo][0],
                   _shortest_args(algo, starts, starts, ctx, 1, (1,) if algo in ("astar", "idastar") else (),
                                  counters))
            for algo in algos]


def shortest_path(algo: str, starts: np.ndarray, ctx: Context, control: SearchControl, limits: Limits,
                  goals: np.ndarray | None = None) -> Outcome:
    """A shortest path of states from a start to a goal with the named algorithm.

    bibfs needs the goal states themselves (`goals`) and reversible moves.
    The budget holds the context, the starts and goals, and the search's own
    peak at its cap (IDA*'s stack and A*'s buckets take a share first).
    """
    kernel_fn, peak = SHORTEST[algo]
    starts = np.ascontiguousarray(starts, dtype=np.uint64)
    if algo == "bibfs":
        if goals is None:
            raise ValueError("bibfs needs the goal states")
        goals = np.ascontiguousarray(goals, dtype=np.uint64)
    seeds = distinct(starts).shape[0] + (distinct(goals).shape[0] if goals is not None and algo == "bibfs" else 0)
    budget = budget_bytes(limits.max_memory)
    share: tuple[int, ...] = ()  # A*'s most buckets or IDA*'s stack bytes: the kernel's argument after the cap
    share_bytes = 0
    if algo == "astar":
        share = (astar.bucket_room(budget),)
        share_bytes = share[0] * astar.BUCKET_BYTES
    elif algo == "idastar":
        share = (idastar.stack_room(budget),)
        share_bytes = share[0]
    fixed = array_bytes(ctx, starts, goals) + share_bytes
    cap, cap_limit = state_cap(peak, limits.max_states, limits.max_memory, fixed)
    if cap < seeds and algo != "idastar":  # IDA* stores no seeds; a full table only prunes less
        return Outcome(Status.LIMIT, cap_limit)
    if cap == 0:
        return Outcome(Status.LIMIT, Limit.MEMORY)
    args = _shortest_args(algo, starts, goals, ctx, cap, share, control.counters)
    (code, path), elapsed = timed(control, kernel_fn, *args)
    status, limit = kernel_status(code, control, cap_limit)
    return Outcome(status, limit, path, counter_stats(control, elapsed))


def count_states(starts: np.ndarray, contexts: list[Context], control: SearchControl, limits: Limits,
                 layers: census.Layers | None = None) -> Outcome:
    """Census of every state reachable from the starts (the moves must be reversible), in this process.

    `contexts`: one puzzle context per worker thread, at most one a core.
    `--max-states` caps the states counted; the memory budget holds the
    contexts, the starts and the census's buffers. `layers` records the
    levels (census.Layers); when it keeps them, a finished census turns them
    into a distance table (layers.table), within the same budget. The census
    spread over worker processes or a Ray cluster, with the same counts, is
    core/scale/census.py's.
    """
    starts = np.ascontiguousarray(starts, dtype=np.uint64)
    cap = limits.max_states if limits.max_states is not None else HARD_CAP
    workers = max(1, len(contexts))
    room = (budget_bytes(limits.max_memory) - array_bytes(*contexts, starts) - SCRATCH
            - census.fixed_bytes(workers))
    if room <= 0:
        return Outcome(Status.LIMIT, Limit.MEMORY, census=Census(0, 0, 0, None))
    control.compiling()
    census.prepare_kernels(contexts, control.counters)
    if layers is not None and layers.keep:
        tables.prepare_merge(control.counters)
    control.reset_counters()
    before = control.elapsed()
    control.start_search()
    try:
        code, total, goals, depth, first_goal = census.census(starts, contexts, cap, room, control.counters, layers)
        if layers is not None and layers.keep:
            runs, layers.runs = layers.runs, census.EMPTY  # the table's merge frees them as it returns
            if code == FOUND:
                # census.Layers declares .table as None until it is typed (core/kernels/census.py is being reworked)
                layers.table = tables.from_runs(runs, layers.sizes, control.counters)  # type: ignore[assignment]
                code = FOUND if layers.table is not None else STOPPED
            del runs
    finally:
        elapsed = control.end_search() - before
    return census_outcome(code, total, goals, depth, first_goal, control, elapsed)


def census_outcome(code: int, total: Whole, goals: Whole, depth: Whole, first_goal: Whole, control: SearchControl,
                   elapsed: float, workers: Iterable[WorkerUse] = (), budget_note: str | None = None) -> Outcome:
    """A census's result (code, states, goal states, deepest level, first goal level: -1 none) as
    an Outcome; workers: each worker's use, for one spread over workers; budget_note: the engine's
    note on its budget (engines.Engine.budget)."""
    status, limit = kernel_status(code, control, Limit.STATES)
    if status == Status.SOLVED and goals == 0:
        status = Status.UNSOLVABLE
    result = Census(int(total), int(goals), int(depth), int(first_goal) if first_goal >= 0 else None)
    return Outcome(status, limit, stats=counter_stats(control, elapsed, int(total)), census=result,
                   workers=list(workers), budget_note=budget_note)


def backtrack_args(ctx: Context, prefix: int | np.ndarray, max_depth: int, mode: int, keep: int,
                   counters: np.ndarray, cut: int = 0) -> tuple[Any, ...]:
    """backtrack's arguments, of the types it is compiled for; prefix: the root alone or a path."""
    prefix = np.ascontiguousarray(np.atleast_1d(prefix), dtype=np.int64)
    return ctx, prefix, int(max_depth), int(mode), int(keep), int(cut), counters


def search_paths_kernels(ctx: Context, counters: np.ndarray) -> list[Kernel]:
    """The kernel search_paths runs on this kind of context."""
    return [Kernel("backtracking", backtrack.backtrack, backtrack_args(ctx, 0, 1, FIRST, 1, counters))]


def tree_fits(need: int, limits: Limits) -> bool:
    """Whether a tree search holding `need` bytes whatever it meets may start under the budget.

    Tree searches allocate everything up front (stacks, tables, kept
    solutions) and grow nothing, so one check before they start holds
    throughout.
    """
    return fits(need, limits.max_memory)


def nodes_left(limits: Limits, used: int) -> int | None:
    """The node cap for the next kernel of a job that has already entered `used` nodes (None: none).

    For tree searches a state is a node entered, so --max-states caps them."""
    if limits.max_states is None:
        return None
    return max(0, limits.max_states - used)


def search_paths(ctx: Context, root: int, max_depth: int, mode: int, keep: int, control: SearchControl,
                 limits: Limits = Limits(), branch: int = 8, held: int = 0) -> Outcome:
    """Backtracking from root: the first solution (FIRST) or all of them counted (COUNT).

    `branch`: the most children a node has (ops.branching); `held`: bytes the
    caller will hold per the kept solutions beyond the arrays here. Both
    count against the memory budget before the search starts; the state cap
    counts the nodes entered.
    """
    need = backtrack.fixed_bytes(max_depth, branch, keep) + array_bytes(ctx) + held
    if not tree_fits(need, limits):
        return Outcome(Status.LIMIT, Limit.MEMORY)
    with control.node_cap(limits.max_states):
        (code, count, kept, n_kept, nodes), elapsed = timed(
            control, backtrack.backtrack, *backtrack_args(ctx, root, max_depth, mode, keep, control.counters))
    status, limit = kernel_status(code, control, Limit.STATES)
    if status == Status.SOLVED and mode == COUNT and count == 0:
        status = Status.UNSOLVABLE
    paths = []
    for row in kept[:n_kept]:
        n = int(np.argmax(row < 0)) if (row < 0).any() else row.shape[0]
        paths.append(row[:n].copy())
    stats = Stats(nodes_expanded=int(nodes), states_seen=int(nodes),
                  max_frontier=int(control.counters[MAX_FRONTIER]), elapsed_s=elapsed)
    return Outcome(status, limit, stats=stats, solutions=int(count), kept=paths)
