"""Counts keyed by state, spread over the actors of a Ray cluster by hash partition: where a sweep that
counts states (the knights' frontier count, met in the middle) keeps them when it runs on a cluster.

A state is a (key, count) pair, and it lives on the actor partition.owner names for its key, as a
census's states do. Each step every actor moves its own states on (Sweep.expand, on its machine's
threads, equal keys added up), buckets the new ones by owner, and each owner adds up what every actor
handed it (Sweep.merge): a key reached from several actors becomes one state whose count is the sum.
Counts are added exactly, so the states and the answer are the one-process sweep's whatever the
number of actors and whatever order they finish in. The object store carries the buckets, read
without a copy on the owner's node.

What a sweep does with its states besides stepping them (the knights' join of two halves) it asks of
every actor by name: `call` runs one of the Sweep's methods on each actor's own states, and `cross`
one on every pair of actors, so that a sum over pairs of states needs no actor to hold them all.

An actor runs two calls at once, so that a stop reaches it while a kernel runs (the kernels release
the GIL). A sweep's own exceptions (a stop, a full table) reach the caller as they were raised; an
actor lost mid-sweep loses its states with it, and the run ends with EngineError rather than a
wrong count.
"""
from __future__ import annotations

import importlib
import random
from typing import Any, Protocol

import numpy as np

from puzzle_explorer.core.kernels.counters import STOP, new_counters
from puzzle_explorer.core.kernels.jit import Kernel
from puzzle_explorer.core.scale.partition import Tick, bucket, bucket_kernel, peak_rss_kb, rows_of
from puzzle_explorer.core.scale.ray_actors import actor_class, gather, kill_all, stop_all
from puzzle_explorer.core.scale.ray_cluster import cluster_budget

NO_PAIRS = np.empty(0, dtype=np.uint64)


class Sweep(Protocol):
    """What a sweep does with an actor's states, as (key, count) pairs side by side in one array. It is
    pickled to every actor, which calls prepare once. Its other methods, named to call and cross, take
    the actor's kept arrays (a dict it may add to), its states and its counters first."""

    def prepare(self, counters: np.ndarray) -> None:
        """Load the kernels (the disk cache the caller filled)."""
        ...

    def expand(self, pairs: np.ndarray, step: Any, room: int, counters: np.ndarray) -> tuple[np.ndarray, int]:
        """The states moved on by step `step`, equal keys added up (at most `room` of them), and the
        count of whatever the step finished (whole tours: they leave the states)."""
        ...

    def merge(self, pairs: np.ndarray, room: int, counters: np.ndarray) -> np.ndarray:
        """The states with equal keys added up; at most `room` of them."""
        ...


def kernels() -> list[Kernel]:
    return [bucket_kernel()]


def split(pairs: np.ndarray, parts: int) -> list[np.ndarray]:
    """The states of pairs, one array for each owner (the census's bucket by owner, two words a row)."""
    out = np.empty_like(pairs)
    starts = np.zeros(parts + 1, dtype=np.int64)
    bucket(rows_of(pairs, 2), pairs.shape[0] // 2, parts, rows_of(out, 2), starts)
    return [out[2 * starts[p]:2 * starts[p + 1]] for p in range(parts)]


class CountsActor:
    """The states one partition owns, in a Ray worker."""

    def __init__(self, index: int, parts: int, sweep: Sweep, modules: list[str]):
        for name in modules:
            importlib.import_module(name)
        self.index, self.parts, self.sweep = index, parts, sweep
        self.counters = new_counters(quiet=True)
        sweep.prepare(self.counters)
        self.pairs = NO_PAIRS
        self.kept: dict[str, Any] = {}
        self.out: list[np.ndarray] = []

    def seed(self, pairs: np.ndarray) -> int:
        """Take the states of pairs this partition owns in place of its own."""
        self.pairs = np.array(split(pairs, self.parts)[self.index])
        return self.pairs.shape[0] // 2

    def expand(self, step: Any, room: int) -> int:
        """Move the states on and bucket them by owner (runs); returns the count of what the step
        finished."""
        made, whole = self.sweep.expand(self.pairs, step, room, self.counters)
        self.pairs = NO_PAIRS
        self.out = split(made, self.parts)
        return whole

    def runs(self) -> tuple[np.ndarray, ...] | np.ndarray:
        """Owner p's share of the last expand, for every p."""
        return tuple(self.out) if self.parts > 1 else self.out[0]

    def merge(self, room: int, *runs: np.ndarray) -> int:
        """The states handed over by every actor, added up; returns how many."""
        self.out = []
        self.pairs = self.sweep.merge(np.concatenate(runs) if runs else NO_PAIRS, room, self.counters)
        return self.pairs.shape[0] // 2

    def keep(self, name: str) -> None:
        self.kept[name] = self.pairs

    def held(self, name: str | None = None) -> np.ndarray:
        return self.pairs if name is None else self.kept[name]

    def kept_item(self, name: str) -> Any:
        return self.kept[name]

    def call(self, method: str, *args: Any) -> Any:
        return getattr(self.sweep, method)(self.kept, self.pairs, self.counters, *args)

    def stop(self, code: int) -> None:
        self.counters[STOP] = code

    def peak_rss_kb(self) -> int:
        return peak_rss_kb()


class CountsPool:
    """The actors of one sweep on a connected Ray cluster (core/scale/ray_cluster.py); `order` shuffles
    the order the buckets are added up in (the tests: the answer must not depend on it)."""

    def __init__(self, ray: Any, parts: int, sweep: Sweep, modules: list[str], order: int | None = None):
        self.ray = ray  # the module, imported only where the ray engine is asked for
        self.parts = parts
        self.order = order
        actor = actor_class(ray, CountsActor, parts)
        self.actors = [actor.remote(i, parts, sweep, modules) for i in range(parts)]
        self.stopped = False

    def _get(self, refs: list[Any], tick: Tick, doing: str) -> list[Any]:
        return gather(self.ray, refs, tick, lambda error: f"a worker (Ray actor) was lost while {doing}: {error}; "
                      f"its states are lost: run the count again")

    def ready(self, tick: Tick) -> None:
        """Wait until every actor has started and loaded its kernels (not the sweep's time)."""
        self._get([a.held.remote() for a in self.actors], tick, "starting")

    def seed(self, pairs: np.ndarray, tick: Tick) -> int:
        """Every actor's states: its share of pairs. Returns how many states in all."""
        ref = self.ray.put(pairs)
        return sum(self._get([a.seed.remote(ref) for a in self.actors], tick, "starting"))

    def step(self, step: Any, room: int, tick: Tick) -> tuple[int, int]:
        """Every actor's states moved on by `step`, at most `room` on each; returns how many in all, and
        the count of what the step finished."""
        whole = sum(self._get([a.expand.remote(step, room) for a in self.actors], tick, "expanding"))
        many = [a.runs.options(num_returns=self.parts).remote() for a in self.actors]
        runs = [r if isinstance(r, list) else [r] for r in many]
        senders = list(range(self.parts))
        if self.order is not None:
            random.Random(self.order).shuffle(senders)
        return sum(self._get([a.merge.remote(room, *[runs[src][p] for src in senders])
                              for p, a in enumerate(self.actors)], tick, "adding up")), whole

    def budget(self, max_memory: int | None) -> tuple[int, str | None]:
        """The bytes the actors may hold in all: --max-memory held to the cluster's memory (and the note
        to print where it was more), or a share of what the cluster has free."""
        return cluster_budget(self.ray, max_memory)

    def keep(self, name: str, tick: Tick) -> None:
        """Every actor keeps its states as they are now under `name` (for call and cross)."""
        self._get([a.keep.remote(name) for a in self.actors], tick, "keeping")

    def held(self, tick: Tick, name: str | None = None) -> np.ndarray:
        """Every actor's states (or its kept `name`), gathered: what a checkpoint saves."""
        got = self._get([a.held.remote(name) for a in self.actors], tick, "gathering")
        return np.concatenate(got) if got else NO_PAIRS

    def call(self, method: str, tick: Tick) -> list[Any]:
        """The sweep's `method` run on every actor's own states; the answers in actor order."""
        return self._get([a.call.remote(method) for a in self.actors], tick, f"running {method}")

    def cross(self, method: str, name: str, tick: Tick) -> list[Any]:
        """The sweep's `method` run on every actor's own states with every actor's kept `name` (its own
        included): parts * parts answers, by the actor running it, then the one whose `name` it read."""
        refs = [a.kept_item.remote(name) for a in self.actors]
        return self._get([a.call.remote(method, ref) for a in self.actors for ref in refs], tick, f"running {method}")

    def peak_rss(self, tick: Tick) -> list[int]:
        """Each actor's process's peak resident memory so far, in bytes (the object store's pages it
        read included)."""
        return [1024 * kb for kb in self._get([a.peak_rss_kb.remote() for a in self.actors], tick, "asking")]

    def stop(self, code: int) -> None:
        if not self.stopped:
            self.stopped = True
            stop_all(self.actors, code)

    def close(self) -> None:
        kill_all(self.ray, self.actors)
        self.actors = []
