"""Where the pieces of a split search run: one interface, Engine, with two implementations, local
worker processes (LocalEngine) and a Ray cluster (RayEngine), picked by the EngineSpec
(core/scale/engine.py).

Both kinds of split search run through it: independent tasks (core/scale/tasks.py: a tree's
subtrees, an iteration's nodes), and the partitions of a census that live as long as the census
does (core/scale/partitioned.py). Each engine has both:

              tasks                                   census partitions
    local     spawned processes (local_tasks.py)      forked long-lived processes (census_local.py)
    ray       remote functions (ray_tasks.py)         actors (census_ray.py)

A sweep that counts states (core/scale/counts_ray.py) spreads them over a Ray cluster's actors
(counts_on_ray); on this machine such a sweep runs on threads sharing one table, which worker
processes would only copy.

Ray is imported only when the ray engine is chosen: open_engine joins its cluster
(core/scale/ray_cluster.py), which is the one place that imports it.
"""
from __future__ import annotations

from contextlib import AbstractContextManager, contextmanager
from typing import Any, Iterator, Protocol, Sequence

from puzzle_explorer.core.run.memory import budget_bytes
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.race import cores
from puzzle_explorer.core.scale import census_local
from puzzle_explorer.core.scale.census_ray import RayPool
from puzzle_explorer.core.scale.counts_ray import CountsPool, Sweep
from puzzle_explorer.core.scale.engine import LOCAL, EngineSpec
from puzzle_explorer.core.scale.local_tasks import Kept, run_local
from puzzle_explorer.core.scale.partition import CensusPool
from puzzle_explorer.core.scale.ray_cluster import cluster, cluster_budget, cluster_cpus
from puzzle_explorer.core.scale.ray_tasks import run_on_ray
from puzzle_explorer.core.scale.task_run import Run, Task, WarmUp


class Engine(Protocol):
    """The workers of one engine, ready to run a split search's pieces."""

    spec: EngineSpec

    def workers(self) -> int:
        """The workers asked for, or, left open, one per core here or every CPU of the cluster."""
        ...

    def run_tasks(self, tasks: Sequence[Task], order: list[int], control: SearchControl, node_cap: int | None,
                  warm: WarmUp | None, run: Run, keep: Kept | None) -> Run:
        """Run the tasks of `order` (indices into `tasks`), each result into run.results and the
        run's bookkeeping (core/scale/task_run.py); warm: loads the kernels in a fresh worker;
        keep: local workers kept for the caller's next run (Ray's live as long as its cluster)."""
        ...

    def census_pool(self, parts: int, need: int, modules: list[str]) -> AbstractContextManager[CensusPool]:
        """`parts` workers holding a census's partitions for the block; need: the bytes the census may
        hold in all; modules: the puzzle's hook modules, which a worker imports first."""
        ...

    def budget(self, max_memory: int | None) -> tuple[int, str | None]:
        """The bytes a census's partitions may hold in all: held to this machine's memory, or to the
        memory of the cluster whose actors hold them; and the note to print where --max-memory was
        more than a cluster has (this machine's is noted by the command line before it starts)."""
        ...


class LocalEngine:
    """Worker processes on this machine."""

    def __init__(self, spec: EngineSpec):
        self.spec = spec

    def workers(self) -> int:
        return self.spec.workers or cores()

    def budget(self, max_memory: int | None) -> tuple[int, str | None]:
        return budget_bytes(max_memory), None

    def run_tasks(self, tasks: Sequence[Task], order: list[int], control: SearchControl, node_cap: int | None,
                  warm: WarmUp | None, run: Run, keep: Kept | None) -> Run:
        return run_local(tasks, order, control, node_cap, warm, run, keep)

    @contextmanager
    def census_pool(self, parts: int, need: int, modules: list[str]) -> Iterator[CensusPool]:
        """An idle pool a finished census left (its workers have the kernels loaded), or a new one;
        kept for the next census if this one sets `reusable`, else ended."""
        pool = census_local.acquire(parts, need, modules)
        pool.reusable = False
        try:
            yield pool
        finally:
            census_local.release(pool, pool.reusable)


class RayEngine:
    """The workers of a joined Ray cluster."""

    def __init__(self, spec: EngineSpec, ray: Any):  # ray: the module, connected (an optional extra, untyped)
        self.spec = spec
        self.ray = ray

    def workers(self) -> int:
        return self.spec.workers or cluster_cpus(self.ray)

    def budget(self, max_memory: int | None) -> tuple[int, str | None]:
        return cluster_budget(self.ray, max_memory)

    def run_tasks(self, tasks: Sequence[Task], order: list[int], control: SearchControl, node_cap: int | None,
                  warm: WarmUp | None, run: Run, keep: Kept | None) -> Run:
        return run_on_ray(self.ray, max(1, min(len(tasks), self.workers())), tasks, order, control, node_cap,
                          warm, run)

    @contextmanager
    def census_pool(self, parts: int, need: int, modules: list[str]) -> Iterator[CensusPool]:
        pool = RayPool(self.ray, parts)
        try:
            yield pool
        finally:
            pool.close()


@contextmanager
def open_engine(spec: EngineSpec, control: SearchControl | None = None) -> Iterator[Engine]:
    """The engine the spec names, for the block. A Ray cluster is joined for it (started, with no
    address, and stopped after; control: shows it as starting workers meanwhile); a block inside
    another for the same cluster joins nothing again."""
    if spec.kind == LOCAL:
        yield LocalEngine(spec)
        return
    if control is not None:
        control.starting_workers()
    with cluster(spec) as ray:
        yield RayEngine(spec, ray)


@contextmanager
def counts_on_ray(spec: EngineSpec, sweep: Sweep, modules: list[str], control: SearchControl | None = None,
                  order: int | None = None) -> Iterator[CountsPool]:
    """A sweep's states spread over the actors of the Ray cluster the spec names (its workers, or every
    CPU of the cluster), for the block; modules: the puzzle's, which each actor imports first."""
    with open_engine(spec, control) as engine:
        if not isinstance(engine, RayEngine):
            raise ValueError("a sweep's counts are spread over a Ray cluster's actors: the spec names the ray engine")
        pool = CountsPool(engine.ray, engine.workers(), sweep, modules, order)
        try:
            yield pool
        finally:
            pool.close()
