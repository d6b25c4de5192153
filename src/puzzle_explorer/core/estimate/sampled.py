"""An estimate of a split search's work from a random sample of its subtrees.

Knuth's dives (core/estimate/dives.py) estimate a tree; a search that remembers the positions it has
finished with walks a DAG instead, and dives through its tree overestimate it many times over.
A split search (core/scale/tasks.py) runs each subtree on its own, so its work is the cut's nodes plus
the subtrees' sum: run k of the N subtrees picked at random and N times their mean is an unbiased
estimate of that sum, with the standard error of a sample drawn without replacement. Each
sampled subtree runs under a node cap, so the estimate takes seconds; one that reaches its cap
makes the mean only a lower bound, and the estimate says so.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np

from puzzle_explorer.core.estimate.dives import about, duration, json_figure, seconds_at, spread, time_json, time_text
from puzzle_explorer.core.kernels.counters import NODE_CAP, new_counters

SAMPLE = 32  # subtrees run: enough for a standard error worth reading
BUDGET_S = 3.0  # the sample stops taking subtrees after this long (once two have run)
FIRST_CAP = 20_000  # nodes the first subtree may take, before the speed is known
SHARE = 4  # a later subtree may take this fraction of the budget (at the speed measured so far)
MIN_CAP = 1_000


@dataclass(frozen=True)
class Sampled:
    tasks: int  # N: the subtrees the search is cut into
    sampled: int  # k: how many were run (fewer than asked when one was decisive)
    base: int  # nodes entered before the subtrees (the cut)
    nodes: float  # expected nodes of the whole split search
    nodes_se: float  # its standard error (nan: one subtree of many says nothing of the spread)
    capped: int  # sampled subtrees stopped at their node cap: `nodes` is then only a lower bound
    cap: int  # the largest node cap among them (0: none stopped)
    measured: int  # nodes the sample entered
    elapsed_s: float  # the time they took

    @property
    def exact(self) -> bool:
        """Every subtree ran to its end: `nodes` is the split search's count, not an estimate."""
        return self.sampled == self.tasks and not self.capped

    @property
    def lower_bound(self) -> bool:
        return self.capped > 0

    @property
    def rate(self) -> float:
        """Nodes per second of one worker on the sample (0: too few nodes to time)."""
        return self.measured / self.elapsed_s if self.elapsed_s > 0 and self.measured >= 1000 else 0.0

    def seconds(self, workers: int = 1) -> tuple[float, float]:
        """The search's expected time on `workers` workers and its standard error (0 without a rate)."""
        return seconds_at(self.nodes, self.nodes_se, self.rate, workers)

    def as_json(self, workers: int = 1) -> dict[str, Any]:
        out: dict[str, Any] = {"method": "sampled subtrees", "subtrees": self.tasks, "sampled": self.sampled,
                               "cut_nodes": self.base, "nodes": round(self.nodes),
                               "nodes_se": json_figure(self.nodes_se),
                               "exact": self.exact, "lower_bound": self.lower_bound, "capped": self.capped,
                               "cap": self.cap}
        out.update(time_json(self.nodes, self.nodes_se, self.rate, workers))
        return out

    def text(self, workers: int = 1) -> str:
        """'~1.2e+06 nodes (± 8%), ~6.0 s (± 0.5 s) on 2 workers, 32 of 128 subtrees run'; with every
        subtree run, the exact count; with a capped subtree, 'at least'."""
        t, t_se = self.seconds(workers)
        on = f"on {workers} worker{'s' if workers != 1 else ''}"
        if self.exact:
            whole = "every subtree run" if self.tasks else "the cut searched it all"
            parts = [f"{self.nodes:,.0f} node{'s' if self.nodes != 1 else ''} (exact: {whole})"]
            if self.rate > 0:
                parts.append(f"~{duration(t)} {on}")
            return ", ".join(parts)
        if self.lower_bound:
            parts = [f"at least {about(self.nodes)} nodes ({self.capped} of {self.sampled} sampled subtrees "
                     f"stopped before their end)"]
            if self.rate > 0:
                parts.append(f"at least {duration(t)} {on}")
        else:
            parts = [f"{about(self.nodes)} nodes ({spread(self.nodes, self.nodes_se)})"]
            if self.rate > 0:
                parts.append(time_text(t, t_se, workers))
        parts.append(f"{self.sampled} of {self.tasks:,} subtrees run")
        return ", ".join(parts)


def sample_tasks(tasks: Sequence[Callable[[np.ndarray], Any]], nodes_of: Callable[[Any], tuple[int, bool]],
                 base: int = 0, k: int = SAMPLE, seed: int = 0, cap: int | None = None,
                 budget_s: float = BUDGET_S, decisive: Callable[[Any], bool] | None = None,
                 stopped: Callable[[], bool] | None = None,
                 share: int = SHARE) -> tuple[Sampled, list[tuple[int, Any]]]:
    """Run up to k of the tasks (core/scale/tasks.py's: task(counters) -> result) picked at random with
    `seed`, each on fresh counters under a node cap, and estimate the nodes of running them all plus
    `base`. nodes_of(result): (nodes entered, whether the task ran to its end).

    cap: each task's node cap; None: FIRST_CAP for the first, then 1/share of budget_s at the
    speed measured so far (a caller that keeps the results of tasks run to their end loses
    nothing to a larger share, and a capped task spoils the estimate). The tasks run in the
    sample's random order and stop once budget_s has passed (two at least), a result `decisive`
    says settles the search, or `stopped` says so (a cancel, between tasks): those run are still
    a uniform sample. With a cap given and budget_s infinite the estimate is the same every run.
    Returns the estimate and the (task index, result) pairs in the order run."""
    n = len(tasks)
    order = random.Random(seed).sample(range(n), max(0, min(k, n)))
    sizes: list[int] = []
    capped = most = 0
    results: list[tuple[int, Any]] = []
    began = time.perf_counter()
    for i in order:
        elapsed = time.perf_counter() - began
        if (len(sizes) >= 2 and elapsed >= budget_s) or (stopped is not None and stopped()):
            break
        if cap is not None:
            limit = cap
        elif sizes and sum(sizes) >= MIN_CAP and elapsed > 0:
            limit = max(MIN_CAP, int(sum(sizes) / elapsed * budget_s / share))
        else:
            limit = FIRST_CAP
        counters = new_counters(quiet=True)
        counters[NODE_CAP] = limit
        result = tasks[i](counters)
        nodes, finished = nodes_of(result)
        sizes.append(nodes)
        if not finished:
            capped += 1
            most = max(most, limit)
        results.append((i, result))
        if decisive is not None and decisive(result):
            break
    elapsed = time.perf_counter() - began
    mean, se = mean_se(sizes, n)
    return Sampled(n, len(sizes), base, base + n * mean, n * se, capped, most, sum(sizes), elapsed), results


def mean_se(sizes: Sequence[int], population: int) -> tuple[float, float]:
    """The mean of a sample drawn without replacement from `population` items and the standard
    error of that mean (finite-population corrected: 0 when the sample is everything; nan when
    one item of many leaves the spread unknown)."""
    k = len(sizes)
    if k == 0:
        return 0.0, 0.0
    mean = float(np.mean(sizes))
    if k >= population:
        return mean, 0.0
    if k == 1:
        return mean, math.nan
    variance = float(np.var(sizes, ddof=1))  # unbiased for the population's (n - 1) variance
    return mean, math.sqrt(variance / k * (population - k) / population)
