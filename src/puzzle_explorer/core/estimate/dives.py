"""Knuth's estimate of a search tree's size from random dives (Knuth 1975, "Estimating the
efficiency of backtrack programs"): each dive walks from the root to a leaf choosing children at
random and stands for the product of the branchings it met. The mean over dives is an unbiased
estimate of the nodes (and of the solutions); its standard error says how far to trust it. The
dives' distribution has a long tail, so a few thousand of them are the least worth reporting."""
from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from puzzle_explorer.core.kernels.counters import NODE_CAP, STOP, new_counters

LONG_S = 60.0  # a search expected to take longer than this on one worker gets a second, longer look
DIVES_LONG = 100_000  # that look's dives: a few tenths of a second against a long search
FEW_HITS = 30  # dives reaching a solution below which their spread says nothing (a long tail barely sampled)
RATE_NODES = 300_000  # nodes of the capped run that measures the speed: a tenth of a second at the slowest
SLOWEST_RATE = RATE_NODES / 0.1  # nodes per second no counting kernel falls below
STOP_POLL_S = 0.005  # how often the speed run looks at the job's stop flag


@dataclass(frozen=True)
class Estimate:
    dives: int
    nodes: float  # expected nodes of the whole search
    nodes_se: float  # its standard error
    solutions: float
    solutions_se: float
    rate: float  # nodes per second of one worker, measured on this tree (0: not measured)
    hits: int = 0  # dives that reached a solution

    def seconds(self, workers: int = 1) -> tuple[float, float]:
        """The search's expected time on `workers` workers and its standard error (0 without a rate)."""
        return seconds_at(self.nodes, self.nodes_se, self.rate, workers)

    def seconds_capped(self, *caps: int | None) -> float:
        """The time one worker is expected to take when the search also stops at any of `caps`
        nodes (0 or None: no cap), as the choice of workers needs it: a capped run ends sooner. A
        tree whose speed could not be measured (fewer nodes than a timing needs) gets the slowest
        speed: a count of a few hundred nodes is not worth starting workers for."""
        nodes = min([self.nodes] + [float(c) for c in caps if c])
        if self.rate <= 0:  # a tree too small to time (speed()): its time at the slowest speed bounds it
            return nodes / SLOWEST_RATE if math.isfinite(nodes) else 0.0
        return sum(seconds_at(nodes, self.nodes_se if nodes == self.nodes else 0.0, self.rate, 1))

    def as_json(self, workers: int = 1, unit: str = "solutions") -> dict[str, Any]:
        """The estimate's figures, and the sentence text() makes of them (what the app's Stats pane
        shows); the time ones only when the speed was measured. A figure past what a float holds (a
        huge board's tree) is null."""
        out: dict[str, Any] = {"text": self.text(workers, unit), "dives": self.dives,
                               "nodes": json_figure(self.nodes), "nodes_se": json_figure(self.nodes_se),
                               "solutions": json_figure(self.solutions),
                               "solutions_se": json_figure(self.solutions_se), "solution_dives": self.hits}
        out.update(time_json(self.nodes, self.nodes_se, self.rate, workers))
        return out

    def text(self, workers: int = 1, unit: str = "solutions") -> str:
        """'~1.2e9 nodes (± 8%), ~3.4e6 tours (± 12%), ~1 min 5 s (± 5 s) on 2 workers, 4,000 dives'."""
        t, t_se = self.seconds(workers)
        parts = [f"{about(self.nodes)} nodes ({spread(self.nodes, self.nodes_se)})", self._solutions_text(unit)]
        if self.rate > 0:
            parts.append(time_text(t, t_se, workers))
        parts.append(f"{self.dives:,} dives")
        return ", ".join(parts)

    def _solutions_text(self, unit: str) -> str:
        """The solutions and their spread; from few dives that reached one, only a rough figure
        (a sample of three tours from thousands of dives can be off tenfold and still claim ± 30%)."""
        if self.hits == 0 and self.solutions == 0:
            return f"{unit}: no dive reached one"
        if 0 < self.hits < FEW_HITS and math.isfinite(self.solutions):
            return f"{about(self.solutions)} {unit} (rough: {self.hits} dive{'s' if self.hits != 1 else ''} reached one)"
        return f"{about(self.solutions)} {unit} ({spread(self.solutions, self.solutions_se)})"


def time_text(seconds: float, se: float, workers: int) -> str:
    """'~1 min 5 s (± 5 s) on 2 workers'; a time past what duration() counts is a bound, with no
    '~' or spread; an unknown spread is left out."""
    on = f"on {workers} worker{'s' if workers != 1 else ''}"
    if duration(seconds).startswith("over"):
        return f"{duration(seconds)} {on}"
    return f"~{duration(seconds)} (± {duration(se)}) {on}" if math.isfinite(se) else f"~{duration(seconds)} {on}"


def seconds_at(nodes: float, nodes_se: float, rate: float, workers: int) -> tuple[float, float]:
    """The time `nodes` (± nodes_se) take at `rate` nodes per second a worker on `workers`
    workers, and its standard error; (0, 0) when the speed was not measured."""
    if rate <= 0:
        return 0.0, 0.0
    speed = rate * max(1, workers)
    return nodes / speed, nodes_se / speed


def time_json(nodes: float, nodes_se: float, rate: float, workers: int) -> dict[str, Any]:
    """An estimate's time figures for JSON; none when the speed was not measured."""
    if rate <= 0:
        return {}
    t, t_se = seconds_at(nodes, nodes_se, rate, workers)
    return {"nodes_per_s": round(rate), "workers": workers, "seconds": json_figure(t, 3),
            "seconds_se": json_figure(t_se, 3), "core_hours": json_figure(nodes / rate / 3600, 3)}


def json_figure(value: float, digits: int | None = None) -> float | int | None:
    """A figure for JSON, rounded; null past what a float holds."""
    if not math.isfinite(value):
        return None
    return round(value, digits) if digits is not None else round(value)


def about(value: float) -> str:
    """Three figures: '~91.8', '~174,000' (where '~1.74e+05' read as a physicist's), '~1.2e+09' from a
    billion on; past what a float holds, 'over 1e308'; unknown (nan), 'unknown'."""
    if math.isnan(value):
        return "unknown"
    if not math.isfinite(value):
        return "over 1e308"
    rounded = float(f"{value:.3g}")
    return f"~{rounded:,.0f}" if 1e3 <= abs(rounded) < 1e9 else f"~{value:.3g}"


def spread(mean: float, se: float) -> str:
    if not (math.isfinite(mean) and math.isfinite(se)):
        return "± unknown"
    return f"± {100 * se / mean:.0f}%" if mean > 0 else "± 0"


DAY_S = 86400
YEAR_S = 365.25 * DAY_S


def duration(seconds: float, units: int = 2) -> str:
    """3725 -> '1 h 2 min', 65 -> '1 min 5 s', 0.4 -> '0.4 s'; past ten days the days alone, past a
    year the years (an estimate that far out has no use for hours, and it must fit a pane's row).
    units=1: the largest unit alone, rounded (3725 -> '1 h', 1155 -> '19 min'), for a narrow column."""
    if not math.isfinite(seconds) or seconds >= 1e12 * YEAR_S:
        return "over a trillion years"
    if seconds < 10:
        return f"{seconds:.1f} s"
    if seconds >= 10 * YEAR_S:
        return f"{seconds / YEAR_S:,.0f} years"
    if seconds >= YEAR_S:
        return f"{seconds / YEAR_S:.1f} years"
    if seconds >= 10 * DAY_S:
        return f"{seconds / DAY_S:.0f} d"
    s = int(round(seconds))
    for size, name, small, small_name in ((86400, "d", 3600, "h"), (3600, "h", 60, "min"), (60, "min", 1, "s")):
        if s >= size:
            if units == 1:
                return f"{round(s / size)} {name}"
            return f"{s // size} {name} {(s % size) // small} {small_name}"
    return f"{s} s"


def combine(parts: list[tuple[np.ndarray, np.ndarray, float]], rate: float) -> Estimate:
    """One estimate from independent trees' dives: (node estimates, solution estimates, weight), the
    weight multiplying that tree's solutions (squares a symmetry says have the same count)."""
    nodes = nodes_var = sols = sols_var = 0.0
    dives = hits = 0
    for node_est, sol_est, weight in parts:
        n = len(node_est)
        if n == 0:
            continue
        dives += n
        hits += int(np.count_nonzero(sol_est))
        if not (np.isfinite(node_est).all() and np.isfinite(sol_est).all()):
            nodes = math.inf  # a dive on a huge board multiplied past what a float holds
            continue
        nodes += float(node_est.mean())
        sols += weight * float(sol_est.mean())
        if n > 1:
            nodes_var += float(node_est.var(ddof=1)) / n
            sols_var += weight * weight * float(sol_est.var(ddof=1)) / n
    nodes_se, sols_se = math.sqrt(nodes_var), math.sqrt(sols_var)
    if not (math.isfinite(nodes) and math.isfinite(nodes_se)):
        # the overflowing tree's solutions are lost with its dives: unknown (nan), not zero
        nodes, nodes_se, sols, sols_se = math.inf, math.inf, math.nan, math.nan
    return Estimate(dives, nodes, nodes_se, sols, sols_se, rate, hits)


def refined(first: Estimate, dive: Callable[[int], Estimate], limit_s: float | None = None,
            max_nodes: int | None = None) -> Estimate:
    """`first`, or for a search it expects to take over LONG_S on one worker, the estimate of
    DIVES_LONG dives (dive(n) makes one from n): a few thousand dives barely sample a long tail,
    and their spread then claims more than they know (7x7 knights: 3.5x short at ± 19%). Not
    under a time limit of LONG_S or less (limit_s), which counts the estimate too: the search
    ends sooner than a long one, and the longer look would take its time. Nor under a node cap
    (max_nodes, the search's --max-states) that ends the search within LONG_S: the dives store
    nothing, so the cap does not count their nodes, but a look longer than the capped search
    would be work the cap said not to do."""
    seconds, _ = first.seconds(1)
    if not LONG_S < seconds < 1e12 * YEAR_S or first.dives >= DIVES_LONG:
        return first
    if limit_s is not None and limit_s <= LONG_S:
        return first
    if max_nodes is not None and first.seconds_capped(max_nodes) <= LONG_S:
        return first
    return dive(DIVES_LONG)


def speed(count: Callable[[np.ndarray], int], job: np.ndarray | None = None) -> float:
    """Nodes per second of a counting kernel on its tree: count(counters) runs it capped at
    RATE_NODES nodes (kernels loaded beforehand) and returns the nodes it entered. 0 when the run
    was too short to time. `job`: the job's counters, whose stop flag ends the run too: the run
    counts on counters of its own (a cap, and nodes no one is shown), so the flag is copied over
    while it runs, and a stop during it is heard at once rather than after its nodes (0.2 s on a
    12x12 die board)."""
    counters = new_counters(quiet=True)
    counters[NODE_CAP] = RATE_NODES
    done = threading.Event()

    def hear_the_stop(job: np.ndarray) -> None:
        while not done.wait(STOP_POLL_S):
            if job[STOP] != 0:
                counters[STOP] = job[STOP]
                return

    if job is not None:
        counters[STOP] = job[STOP]
        threading.Thread(target=hear_the_stop, args=(job,), name="speed-run stop", daemon=True).start()
    began = time.perf_counter()
    try:
        nodes = count(counters)
    finally:
        done.set()
    seconds = time.perf_counter() - began
    return float(nodes) / seconds if seconds > 0 and nodes >= 1000 else 0.0
