"""The census where the engine says: in this process (core/run/search.py's count_states, on a
thread per core or per local worker named), or partitioned over worker processes or a Ray
cluster (core/scale/partitioned.py). The counts are the same either way."""
from __future__ import annotations

from typing import Callable

import numpy as np

from puzzle_explorer.core.kernels import census
from puzzle_explorer.core.kernels.census import Layers
from puzzle_explorer.core.kernels.jit import Kernel
from puzzle_explorer.core.run import search
from puzzle_explorer.core.run.memory import HARD_CAP
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.race import cores
from puzzle_explorer.core.run.search import Context, Limits, Outcome, census_outcome
from puzzle_explorer.core.scale import partition, partitioned
from puzzle_explorer.core.scale.engine import LOCAL, EngineSpec


def census_kernels(ctx: Context, counters: np.ndarray) -> list[Kernel]:
    """The kernels count_states runs on this kind of context, in this process or spread over workers
    (whose coordinator prepares them all)."""
    return [*census.kernels(ctx, counters), *partition.kernels()]


def census_threads(engine: EngineSpec | None) -> int:
    """How many threads (one puzzle context each) a census that stays in this process runs on: the
    local workers named, at most one a core, else one a core. (A census split over workers uses
    the first context alone.)"""
    if engine is not None and engine.kind == LOCAL and engine.workers:
        return max(1, min(engine.workers, cores()))
    return cores()


def census_contexts(ctx: Context, another: Callable[[], Context], engine: EngineSpec | None) -> list[Context]:
    """The contexts of a census's threads (census_threads): `ctx` and `another()` for each thread
    after the first, since each thread writes scratch arrays of its own."""
    return [ctx] + [another() for _ in range(census_threads(engine) - 1)]


def count_states(starts: np.ndarray, contexts: list[Context], control: SearchControl, limits: Limits,
                 layers: Layers | None = None, engine: EngineSpec | None = None) -> Outcome:
    """Census of every state reachable from the starts (the moves must be reversible), as
    core/run/search.py's count_states takes it; `engine` spreads it over workers when it names more
    than one or Ray (puzzle_explorer.core.scale.partitioned.partitioned), which keeps no levels
    (`layers` may probe and sample them only); fewer local workers than split_pays asks for run it
    here, on this process's threads, with the same counts."""
    if not partitioned.split_pays(engine):
        return search.count_states(starts, contexts, control, limits, layers)
    assert engine is not None
    starts = np.ascontiguousarray(starts, dtype=np.uint64)
    cap = limits.max_states if limits.max_states is not None else HARD_CAP
    before = control.elapsed()
    try:
        code, total, goals, depth, first_goal, use, note = partitioned.run(
            starts, contexts[0], engine, cap, control, limits.max_memory, layers)
    finally:
        elapsed = control.end_search() - before
    return census_outcome(code, total, goals, depth, first_goal, control, elapsed, use, note)
