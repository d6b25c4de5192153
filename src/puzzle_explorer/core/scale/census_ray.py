"""The Ray engine's census pool (core/scale/engines.py): one actor per partition of a partitioned
census (core/scale/partitioned.py), holding its levels.

Each level an actor expands its partition and keeps the successors bucketed
by owner; the coordinator asks for them as one object per owner (the object
store carries them, read without a copy on the owner's node) and hands each
owner its runs from every actor. An actor runs two calls at once, so that
progress and stop reach it while a kernel runs (the kernels release the GIL).
An actor lost mid-census loses its states with it: the run ends with
EngineError rather than a wrong count.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

import numpy as np

from puzzle_explorer.core.kernels.counters import EXPANDED, STOP, Whole, new_counters
from puzzle_explorer.core.scale.ray_actors import actor_class, gather, kill_all, stop_all, writable

if TYPE_CHECKING:
    from puzzle_explorer.core.scale.partition import Expanded, Report, Tick

class PartitionActor:
    """A partition in a Ray worker (see core/scale/partition.py)."""

    def __init__(self, index: int, parts: int, ctx: Any, starts: np.ndarray, budget: int, probe: Whole | None,
                 sample: int, modules: list[str]):
        for name in modules:
            importlib.import_module(name)
        from puzzle_explorer.core.scale import partition

        ctx = writable(ctx)
        self.counters = new_counters(quiet=True)
        partition.prepare_kernels(ctx, self.counters)
        self.part = partition.Partition(index, parts, ctx, budget, self.counters, probe, sample)
        self.starts: np.ndarray | None = starts  # until the partition has taken its own

    def first(self) -> Report:
        if self.starts is None:
            raise RuntimeError("a partition takes its starts once")
        report, self.starts = self.part.begin(self.starts), None
        return report

    def expand(self) -> Expanded:
        code, bounds = self.part.expand()
        return code, bounds.copy(), self.part.written()

    def runs(self) -> tuple[np.ndarray, ...] | np.ndarray:
        """Owner p's run of the bucketed successors, for every p."""
        out, b = self.part.outgoing(), self.part.starts
        runs = tuple(out[b[p]:b[p + 1]] for p in range(self.part.parts))
        return runs if len(runs) > 1 else runs[0]

    def merge(self, room: int, *runs: np.ndarray) -> Report:
        def fill(dest: np.ndarray) -> None:
            at = 0
            for r in runs:
                dest[at:at + r.shape[0]] = r
                at += r.shape[0]
        return self.part.merge(sum(r.shape[0] for r in runs), fill, room)

    def progress(self) -> int:
        return int(self.counters[EXPANDED])

    def stop(self, code: int) -> None:
        self.counters[STOP] = code


class RayPool:
    """The actors of one census on a connected Ray cluster (core/scale/ray_cluster.py)."""

    def __init__(self, ray: Any, parts: int):  # ray: the module, imported only when the engine is asked for
        self.ray = ray
        self.parts = parts
        self.actor_class = actor_class(ray, PartitionActor, parts)
        self.actors: list[Any] = []  # Ray actor handles
        self.level = 0
        self.restarts = [0] * parts  # an actor lost ends the census: none is started in its place
        self.reusable = False  # each census has actors of its own
        self._expanded = [0] * parts
        self._asked: list[Any] | None = None  # the progress asked of every actor, until all have answered
        self._runs: list[list[Any]] | None = None  # per actor, its run for each owner (object refs)

    def _get(self, refs: list[Any], tick: Tick, doing: str) -> list[Any]:
        return gather(self.ray, refs, tick, lambda error: f"a census worker (Ray actor) was lost while {doing} "
                      f"level {self.level}: {error}; its states are lost: run the census again")

    def start(self, ctx: Any, starts: np.ndarray, budget: int, probe: Whole | None, sample: int, modules: list[str],
              tick: Tick) -> list[Report]:
        starts_ref = self.ray.put(starts)
        self.actors = [self.actor_class.remote(i, self.parts, ctx, starts_ref, budget, probe, sample, modules)
                       for i in range(self.parts)]
        return self._get([a.first.remote() for a in self.actors], tick, "starting")

    def expand(self, tick: Tick) -> list[Expanded]:
        replies = self._get([a.expand.remote() for a in self.actors], tick, "expanding")
        self._runs = None
        if all(code == 0 for code, _, _ in replies):
            many = [a.runs.options(num_returns=self.parts).remote() for a in self.actors]
            self._runs = [r if isinstance(r, list) else [r] for r in many]
        return replies

    def merge(self, bounds: list[np.ndarray], room: int, tick: Tick) -> list[Report]:
        runs = self._runs
        if runs is None:
            raise RuntimeError("a level is merged once every partition has expanded it")
        refs = [a.merge.remote(room, *[runs[src][p] for src in range(self.parts)])
                for p, a in enumerate(self.actors)]
        replies = self._get(refs, tick, "merging")
        self._runs = None  # the object store may free them
        self.level += 1
        return replies

    def expanded(self, settled: bool = False) -> int:
        """Nodes expanded by every actor: asked at most once per poll, read from the last answers
        (settled: asked now and waited for)."""
        ray = self.ray
        if settled and self.actors:
            try:
                self._expanded = ray.get([a.progress.remote() for a in self.actors])
            except ray.exceptions.RayError:
                pass  # an actor lost: the last answers stand, and the census ends with its error
            self._asked = None
            return sum(self._expanded)
        if self._asked is not None:
            done, _ = ray.wait(self._asked, num_returns=len(self._asked), timeout=0)
            if len(done) == len(self._asked):
                try:
                    self._expanded = ray.get(self._asked)
                except ray.exceptions.RayError:
                    pass
                self._asked = None
        if self._asked is None and self.actors:
            self._asked = [a.progress.remote() for a in self.actors]
        return sum(self._expanded)

    def stop(self, code: int) -> None:
        stop_all(self.actors, code)

    def close(self) -> None:
        kill_all(self.ray, self.actors)
        self.actors = []

