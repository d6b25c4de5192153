"""The partitioned census: the census of core/kernels/census.py with its states spread over workers.

States are owned by hash partitions (core/scale/partition.py), one per worker: a
worker process each on this machine (core/scale/census_local.py) or a Ray actor
each on a cluster (core/scale/census_ray.py), the engine's census pool
(core/scale/engines.py). This module runs the levels: every
partition expands its part of the level and hands the successors to their
owners, every owner keeps the new ones, and the counts add up to the
single-process census's, level by level, whatever the number of workers.

The coordinator waits in steps of a tenth of a second, merging the
workers' counters into the search's own (so progress reads as for any
census) and passing a stop (cancel, timeout) to every worker, whose kernels
see it within a few thousand expansions. The memory budget is shared out
evenly: each partition keeps its buffers within its share, and stops with
MEMORY before it would pass it.
"""
from __future__ import annotations

import os
from contextlib import ExitStack
from typing import Any

import numpy as np

from puzzle_explorer.core.kernels import census, ops, picture
from puzzle_explorer.core.kernels.census import Layers
from puzzle_explorer.core.kernels.codes import CAP, FOUND, MEMORY, STOPPED
from puzzle_explorer.core.kernels.counters import DEPTH, EXPANDED, FRONTIER, MAX_FRONTIER, RUN, SOLUTIONS, STORED
from puzzle_explorer.core.run.memory import SCRATCH, array_bytes
from puzzle_explorer.core.run.progress import Phase, SearchControl
from puzzle_explorer.core.run.search import WorkerUse
from puzzle_explorer.core.scale import partition
from puzzle_explorer.core.scale.engine import RAY, EngineSpec
from puzzle_explorer.core.scale.engines import open_engine
from puzzle_explorer.core.scale.partition import CensusPool


def partitioned(spec: EngineSpec | None) -> bool:
    """Whether a census is asked to run partitioned: on Ray, or on more than one local worker (one
    worker, or none named, keeps the single-process census and its two threads)."""
    return spec is not None and (spec.kind == RAY or (spec.workers or 1) > 1)


# The fewest local workers, on as many cores, that a partitioned census runs on. The census in one
# process runs a thread a worker with no exchange between them: two processes (or more processes
# than cores) only add the exchange's cost, so below this the census stays in this process and
# counts the same. From here on the processes stand apart (one that dies is replaced), and on 16
# cores they measured as fast as the threads (docs/klotski.md).
SPLIT_FROM = 3


def split_pays(spec: EngineSpec | None) -> bool:
    """Whether a census asked to run partitioned is split: always on Ray (its actors may be other
    machines), on local workers only from SPLIT_FROM of them on as many cores."""
    if not partitioned(spec):
        return False
    assert spec is not None
    return spec.kind == RAY or min(spec.workers or 1, os.cpu_count() or 1) >= SPLIT_FROM


# (code, states, goal states, deepest level, first goal level, each worker's use)
Levels = tuple[int, int, int, int, int, list[WorkerUse]]
# the same, and the note to print where --max-memory was more than the Ray cluster has (engines.Engine.budget)
Result = tuple[int, int, int, int, int, list[WorkerUse], str | None]


def per_worker_bytes(ctx: Any, starts: np.ndarray) -> int:
    """What each worker holds besides its share of the buffers: its context, the starts it is
    given, its kernels' scratch."""
    return array_bytes(ctx, starts) + SCRATCH + census.fixed_bytes(1)


def run(starts: np.ndarray, ctx: Any, spec: EngineSpec, cap: int, control: SearchControl, max_memory: int | None,
        layers: Layers | None = None) -> Result:
    """The census partitioned as `spec` says; returns (code, states, goal states, deepest level,
    first goal level, [WorkerUse per worker], budget note) like census.census plus the workers' use
    and the engine's note on the budget, with the search clock started once every worker is ready
    (starting them is not search time)."""
    if layers is not None and (layers.keep or layers.goals):
        raise ValueError("a partitioned census keeps no levels or goal positions")
    starts = np.ascontiguousarray(starts, dtype=np.uint64)
    with ExitStack() as stack:
        engine = stack.enter_context(open_engine(spec))  # a Ray cluster: joined for the census
        parts = engine.workers()
        budget, note = engine.budget(max_memory)  # a Ray cluster's memory, where its actors hold the partitions
        each = budget // parts - per_worker_bytes(ctx, starts)
        if each <= 0:
            return MEMORY, 0, 0, 0, -1, [], note
        control.compiling()
        partition.prepare_kernels(ctx, control.counters)  # the workers then load them from the disk cache
        modules = ops.hook_modules(ctx)
        # a census that ends by itself leaves local workers for the next; a stopped or failed one ends them
        pool = stack.enter_context(engine.census_pool(parts, budget, modules))
        try:
            out = _levels(pool, parts, starts, ctx, each, cap, control, layers, modules)
            pool.reusable = out[0] != STOPPED
            for use, restarts in zip(out[5], pool.restarts):
                use.restarts = restarts
            return (*out, note)
        finally:
            control.end_search()  # ending the workers is not search time


def _levels(pool: CensusPool, parts: int, starts: np.ndarray, ctx: Any, each: int, cap: int, control: SearchControl,
            layers: Layers | None, modules: list[str]) -> Levels:
    counters = control.counters
    use = [WorkerUse() for _ in range(parts)]
    stopping = [False]

    def tick() -> None:
        if control.stop_requested != RUN and not stopping[0]:
            stopping[0] = True
            pool.stop(control.stop_requested)
        if control.phase == Phase.SEARCHING:
            counters[EXPANDED] = pool.expanded()

    def note(reports: list[partition.Report]) -> None:
        for u, r in zip(use, reports):
            u.peak_bytes = max(u.peak_bytes, r.written)
            u.peak_rss_kb = max(u.peak_rss_kb, r.rss_kb)
            u.states += r.states if r.code == FOUND and not r.capped else 0

    probe = None if layers is None else layers.probe
    sample = max(1, layers.sample if layers is not None else 0)  # one state at least, for the live picture
    reports = pool.start(ctx, starts, each, probe, sample, modules, tick)
    note(reports)
    control.reset_counters()
    control.start_search()
    if any(r.code == MEMORY for r in reports):
        return MEMORY, 0, 0, 0, -1, use
    n_cur = sum(r.states for r in reports)
    if n_cur > cap:
        return CAP, 0, 0, 0, -1, use
    total, goals, depth = n_cur, sum(r.goals for r in reports), 0
    first_goal = 0 if goals else -1

    def record(reports: list[partition.Report], n: int, level: int) -> None:
        if layers is not None:
            layers.sizes.append(n)
            if layers.probe is not None and layers.probe_level < 0 and any(r.probe for r in reports):
                layers.probe_level = len(layers.sizes) - 1
            if layers.sample:
                layers.last = np.sort(np.concatenate([r.sample for r in reports]))[:layers.sample]
        picture.append_history(counters, n)
        shown = [r.sample[0] for r in reports if r.sample.shape[0]]
        picture.show_sample(counters, picture.CENSUS, level, int(min(shown)) if shown else None)

    def publish(n: int, settled: bool = True) -> None:
        counters[EXPANDED] = pool.expanded(settled)
        counters[FRONTIER] = n
        counters[DEPTH] = depth
        counters[STORED] = total
        counters[SOLUTIONS] = goals
        counters[MAX_FRONTIER] = max(int(counters[MAX_FRONTIER]), n)

    record(reports, n_cur, 0)
    while n_cur > 0:
        publish(n_cur, settled=False)
        expanded = pool.expand(tick)
        codes = [code for code, _, _ in expanded]
        for u, (_, _, written) in zip(use, expanded):
            u.peak_bytes = max(u.peak_bytes, written)
        if STOPPED in codes or MEMORY in codes:
            publish(n_cur)
            return (STOPPED if STOPPED in codes else MEMORY), total, goals, depth, first_goal, use
        states_room = cap - total
        reports = pool.merge([bounds for _, bounds, _ in expanded], states_room, tick)
        note(reports)
        codes = [r.code for r in reports]
        if STOPPED in codes:
            publish(n_cur)
            return STOPPED, total, goals, depth, first_goal, use
        n_next = sum(r.states for r in reports)
        new_goals = sum(r.goals for r in reports)
        capped = any(r.capped for r in reports) or n_next > states_room
        if MEMORY in codes or capped:
            limit = MEMORY if MEMORY in codes else CAP
            total = min(cap, total + n_next)
            goals += new_goals
            publish(n_next)
            return limit, total, goals, depth, first_goal, use
        if n_next > 0:
            record(reports, n_next, depth + 1)
        total += n_next
        goals += new_goals
        if new_goals and first_goal < 0:
            first_goal = depth + 1
        if n_next == 0:
            break
        depth += 1
        n_cur = n_next
    publish(0)
    return FOUND, total, goals, depth, first_goal, use

