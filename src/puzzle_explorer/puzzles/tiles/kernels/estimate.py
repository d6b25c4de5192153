"""How many nodes an IDA* iteration under a bound will enter, before it runs.

Knuth's plain dives (core/estimate/probe.py) do badly under a heuristic's pruning: most dives die
early and the rare long one carries the whole estimate. Stratified sampling (Chen 1992; for IDA*,
Lelis, Zilles and Holte 2013) walks the tree level by level instead, keeping one node of each
type with the weight of every node of that type seen at the level; a probe's sum of weights is an
unbiased estimate of the iteration's nodes, and probes are independent, so their mean has an
honest standard error. The type here is the node's heuristic and whether it rose from its
parent's. The nodes are the ones idastar.subtree enters: f within the bound, no move undone, the
goal never entered (an iteration that holds the goal stops there, so this is its size without).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from puzzle_explorer.core.estimate.dives import DAY_S, Estimate, combine
from puzzle_explorer.core.kernels.counters import STOP, new_counters
from puzzle_explorer.core.kernels.jit import helper, kernel, prepare
from puzzle_explorer.puzzles.tiles.kernels import idastar as I

PROBES = 5000


class Setup(Protocol):
    """What sampling reads of a search's setup (the split search's Setup, puzzles/tiles/split.py):
    the start, the board's moves, the goal tables, the lookups, the heuristic."""

    @property
    def start(self) -> np.ndarray: ...
    @property
    def nbr(self) -> np.ndarray: ...
    @property
    def tables(self) -> Any: ...
    @property
    def mode(self) -> int: ...

    def lk(self) -> Any: ...


@helper
def _h_of(tiles, pos, g, lk, mode, codes, vals, sums):
    for c in range(tiles.shape[0]):
        pos[tiles[c]] = c
    return I._first_bound(tiles, pos, g, lk, mode, codes, vals, sums)[2]


@kernel
def sample(tiles0, nbr, g, lk, mode, bound, probes, seed, counters):
    """`probes` stratified samples of the iteration under `bound` from tiles0: each one's estimate
    of its nodes. Stops early at the stop flag: the count returned says how many the array holds."""
    np.random.seed(seed)
    n = tiles0.shape[0]
    types = 2 * (bound + 2)  # a node's type: 2 h + (h rose), and h <= bound
    boards = np.empty((2, types, n), dtype=np.int64)  # a level's representatives, this one and the next
    came = np.empty((2, types), dtype=np.int64)
    blank = np.empty((2, types), dtype=np.int64)
    h = np.empty((2, types), dtype=np.int64)
    weight = np.zeros((2, types), dtype=np.float64)
    child = np.empty(n, dtype=np.int64)
    pos = np.empty(n, dtype=np.int64)
    codes = np.zeros(g.line_offset.shape[0], dtype=np.int64)
    vals = np.zeros(lk.k.shape[0], dtype=np.int64)
    sums = np.zeros(lk.tile_lookup.shape[0], dtype=np.int64)
    out = np.zeros(probes, dtype=np.float64)
    h_root = _h_of(tiles0, pos, g, lk, mode, codes, vals, sums)
    pos0 = pos[0]
    for probe in range(probes):
        if counters[STOP] != 0:
            return out, probe
        weight[:, :] = 0.0
        boards[0, 0, :] = tiles0
        came[0, 0] = -1
        blank[0, 0] = pos0
        h[0, 0] = h_root
        weight[0, 0] = 1.0
        now = 0
        total = 0.0
        d = 0
        while True:
            nxt = 1 - now
            weight[nxt, :] = 0.0
            alive = False
            for t in range(types):
                w = weight[now, t]
                if w == 0.0:
                    continue
                total += w
                b = blank[now, t]
                for direction in range(4):
                    if direction == 3 - came[now, t]:
                        continue
                    c = nbr[b, direction]
                    if c < 0:
                        continue
                    child[:] = boards[now, t, :]
                    child[b] = child[c]
                    child[c] = 0
                    hc = _h_of(child, pos, g, lk, mode, codes, vals, sums)
                    if hc == 0 or d + 1 + hc > bound:  # the goal is met, not entered; or pruned
                        continue
                    k = 2 * hc + (1 if hc > h[now, t] else 0)
                    weight[nxt, k] += w
                    # the representative of its type: this node with the chance its weight is of the type's
                    if weight[nxt, k] == w or np.random.random() * weight[nxt, k] < w:
                        boards[nxt, k, :] = child
                        came[nxt, k] = direction
                        blank[nxt, k] = c
                        h[nxt, k] = hc
                    alive = True
            if not alive:
                break
            now = nxt
            d += 1
        out[probe] = total
    return out, probes


def sample_args(setup: Setup, bound: int, probes: int, counters: np.ndarray, seed: int = 1) -> tuple[Any, ...]:
    """sample's arguments, of the types it is compiled for."""
    return (setup.start, setup.nbr, setup.tables, setup.lk(), setup.mode, np.int64(bound), np.int64(probes),
            np.int64(seed), counters)


def prepare_sample(setup: Setup) -> None:
    prepare(sample, *sample_args(setup, 0, 1, new_counters(quiet=True)))


def iteration(setup: Setup, bound: int, stop: np.ndarray | None = None, probes: int = PROBES,
              seed: int = 1) -> Estimate:
    """The expected nodes of the iteration under `bound` (solutions 0: an iteration holds the goal
    or not); `stop`: counters whose stop flag ends the probes (they only read it)."""
    counters = new_counters(quiet=True) if stop is None else stop
    est, made = sample(*sample_args(setup, bound, probes, counters, seed))
    return combine([(est[:made], np.zeros(made), 1)], 0.0)


@dataclass(frozen=True)
class Row:
    """One iteration of the table: its bound, its expected nodes, and those of every iteration up
    to it (the search's size if the answer is `bound` moves long), with their standard errors."""

    bound: int
    nodes: float
    nodes_se: float
    total: float
    total_se: float

    def as_json(self, rate: float) -> dict[str, Any]:
        out: dict[str, Any] = {"bound": self.bound, "nodes": round(self.nodes), "nodes_se": round(self.nodes_se),
                               "total": round(self.total), "total_se": round(self.total_se)}
        if rate > 0:
            out.update({"seconds": round(self.total / rate, 3), "seconds_se": round(self.total_se / rate, 3)})
        return out


ROWS = 12  # iterations in the table, at most
HORIZON_S = 30 * DAY_S  # the table ends past a search this long on one worker


def table(setup: Setup, h0: int, parity: int, rate: float, stop: np.ndarray | None = None,
          rows: int = ROWS) -> list[Row]:
    """A row for each length the answer may have (at least h0, of its parity) until `rows`, a
    search longer than HORIZON_S at `rate` nodes a second, or the stop flag. IDA* runs an
    iteration under each bound from h0 on: every other one with a heuristic that keeps the parity
    of the moves left (Manhattan distance, linear conflicts), every one with pattern databases."""
    out: list[Row] = []
    total = var = 0.0
    step = 1 if setup.mode == I.PATTERN_DATABASES else 2
    bound = h0
    while len(out) < rows:
        est = iteration(setup, bound, stop)
        if est.dives == 0:  # stopped
            break
        total += est.nodes
        var += est.nodes_se ** 2
        if bound % 2 == parity:
            out.append(Row(bound, est.nodes, est.nodes_se, total, var ** 0.5))
            if rate > 0 and total / rate > HORIZON_S:
                break
        bound += step
    return out
