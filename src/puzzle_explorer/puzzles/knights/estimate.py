"""How big a tour count will be before it runs: Knuth's random dives down the pruned search's tree
(core/estimate/dives.py) and the search's speed on this board, measured on a short capped run."""
from __future__ import annotations

import numpy as np

from puzzle_explorer.core.estimate.dives import Estimate, combine, refined, speed
from puzzle_explorer.core.kernels.counters import STOP, new_counters
from puzzle_explorer.core.kernels.jit import prepare
from puzzle_explorer.puzzles.knights.kernels import pruned

DIVES = 4000  # over all the starts together
MIN_DIVES = 200  # per start


def example_args(table: np.ndarray, counters: np.ndarray) -> tuple[np.ndarray, int, int, np.ndarray, int, bool, int, int,
                                                                   np.ndarray]:
    return (table, 5, 5, np.zeros(1, dtype=np.int32), 25, False, 1, 1, counters)


def estimate(table: np.ndarray, width: int, height: int, starts: list[tuple[int, int]], free_count: int,
             closed: bool, stop: np.ndarray | None = None, seed: int = 1, dives: int = DIVES,
             limit_s: float | None = None, max_nodes: int | None = None) -> Estimate:
    """The expected nodes and tours of counting from every (start, weight): a start's tours count
    `weight` times (the squares its symmetry class holds). `stop`: the search's counters, whose
    stop flag ends the dives early (the dives only read it); limit_s, max_nodes: the job's time limit
    and node cap (dives.refined)."""
    counters = new_counters(quiet=True) if stop is None else stop

    def dive(total: int) -> list[tuple[np.ndarray, np.ndarray, float]]:
        each = max(MIN_DIVES, total // max(1, len(starts)))
        parts: list[tuple[np.ndarray, np.ndarray, float]] = []
        for k, (start, weight) in enumerate(starts):
            if counters[STOP]:  # stopped: the dives made so far are the estimate
                break
            prefix = np.array([start], dtype=np.int32)
            node_est, tour_est, made = pruned.probe(table, width, height, prefix, free_count, closed, each, seed + k,
                                                    counters)
            parts.append((node_est[:made], tour_est[:made], weight))
        return parts

    speed_here = rate(table, width, height, starts[0][0], free_count, closed, counters)
    return refined(combine(dive(dives), speed_here), lambda more: combine(dive(more), speed_here), limit_s,
                   max_nodes)


def rate(table: np.ndarray, width: int, height: int, start: int, free_count: int, closed: bool,
         job: np.ndarray | None = None) -> float:
    """Nodes per second of the counting kernel on this board (none once the job's counters say stop)."""
    prefix = np.array([start], dtype=np.int32)
    prepare(pruned.pruned_search, table, width, height, prefix, free_count, closed, pruned.TABLE_ORDER, pruned.COUNT,
            0, 0, new_counters(quiet=True))  # loading the kernel is no part of its speed
    return speed(lambda counters: int(pruned.Searched(*pruned.pruned_search(
        table, width, height, prefix, free_count, closed, pruned.TABLE_ORDER, pruned.COUNT, 0, 0, counters)).nodes),
        job)
