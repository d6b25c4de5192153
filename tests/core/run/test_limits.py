"""Limits that hold: every engine search ends with status limit, naming the right limit, before it
passes its budget; the memory models follow what the kernels really allocate."""
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from puzzle_explorer.core.kernels import astar, bfs, bibfs, census, idastar
from puzzle_explorer.core.kernels.counters import SLOTS
from puzzle_explorer.core.kernels.hashset import is_full, new_map, new_set, set_add, set_grow, table_bytes
from puzzle_explorer.core.run.memory import SCRATCH, largest_cap, state_cap
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import COUNT, Limits, count_states, search_paths, shortest_path
from puzzle_explorer.core.run.status import Limit, Status
from tests.core import rss_probe
from tests.core.graph_puzzle import make_graph
from tests.core.kernels.test_backtrack import HamCtx
from tests.core.tree_puzzle import NO_GOAL

ROOT = np.array([0], dtype=np.uint64)
GOALS = np.array([NO_GOAL.goal], dtype=np.uint64)
MIB = 2**20
ROOT_DIR = Path(__file__).resolve().parents[3]


def endless(algo, limits):
    """A search of an endless tree that only a limit can end."""
    return shortest_path(algo, ROOT, NO_GOAL, SearchControl(), limits, goals=GOALS)


@pytest.mark.parametrize("items", [0, 1, 716, 717, 1434, 5000, 70_000])
def test_table_bytes_follow_the_kernels_growth(items):
    keys = new_set(0)
    grown = False
    counters = np.zeros(SLOTS, dtype=np.int64)
    for i in range(items):
        set_add(keys, np.uint64(i * 7919))
        if is_full(keys, i + 1):
            keys = set_grow(keys, counters)
            grown = True
    peak, final = table_bytes(items, 8)
    assert final == keys.nbytes
    assert peak == (final * 3 // 2 if grown else final)
    assert table_bytes(items, 16)[1] == new_map(items)[0].shape[0] * 16


def test_largest_cap_is_the_largest_that_fits():
    def peak(n):
        return 1000 + 24 * n + (4096 if n > 100 else 0)  # a step, like a table doubling

    for room in (0, 999, 1024, 1000 + 24 * 100, 1000 + 24 * 100 + 4095, 10**6):
        n = largest_cap(peak, room)
        assert n == 0 or peak(n) <= room
        assert peak(n + 1) > room
    assert state_cap(lambda n: 24 * n, 10, 10**6) == (10, Limit.STATES)
    assert state_cap(lambda n: 24 * n, None, SCRATCH + 240) == (10, Limit.MEMORY)
    assert state_cap(24, 50, SCRATCH + 240) == (10, Limit.MEMORY)
    assert state_cap(24, None, SCRATCH + 10) == (0, Limit.MEMORY)


@pytest.mark.parametrize("algo, module", [("bfs", bfs), ("bibfs", bibfs), ("astar", astar)])
def test_graph_searches_stop_at_the_memory_budget(algo, module):
    budget = 6 * MIB
    out = endless(algo, Limits(max_memory=budget))
    assert out.status == Status.LIMIT and out.limit == Limit.MEMORY
    held = out.stats.states_seen
    assert held > 10_000, "the search ran until its memory was used, not stopped at once"
    assert module.peak_bytes(held) <= budget
    out = endless(algo, Limits(max_states=3000, max_memory=budget))
    assert out.status == Status.LIMIT and out.limit == Limit.STATES
    assert 0 < out.stats.states_seen <= 3000


def test_more_starts_than_the_cap_is_a_limit_not_a_wrong_answer():
    # three starts, no goal reachable from the first two: dropping the third would say "unsolvable"
    ctx = make_graph([[1], [0], [3], []], {3})
    for algo in ("bfs", "astar"):
        out = shortest_path(algo, np.array([0, 1, 2], dtype=np.uint64), ctx, SearchControl(), Limits(max_states=2))
        assert out.status == Status.LIMIT and out.limit == Limit.STATES, algo


def test_idastar_stops_when_its_stack_outgrows_its_share():
    # a line of 3000 states with the goal at the far end and no guidance: the bound climbs one a time
    n = 3000
    adj = [[v for v in (u - 1, u + 1) if 0 <= v < n] for u in range(n)]
    ctx = make_graph(adj, {n - 1})
    budget = 2 * MIB
    out = shortest_path("idastar", ROOT, ctx, SearchControl(), Limits(max_memory=budget))
    assert out.status == Status.LIMIT and out.limit == Limit.MEMORY
    depth = out.stats.max_frontier
    assert 100 < depth < n - 1
    assert 2 * (depth + 2) * (8 * 2 + 32) <= idastar.stack_room(budget)
    solved = shortest_path("idastar", ROOT, ctx, SearchControl(), Limits(max_memory=64 * MIB))
    assert solved.status == Status.SOLVED and len(solved.path) == n


def test_idastar_goes_on_with_a_full_table():
    """The table stops taking states at the cap; the search still finds the answer."""
    n = 200
    adj = [[v for v in (u - 1, u + 1) if 0 <= v < n] for u in range(n)]
    ctx = make_graph(adj, {n - 1})
    out = shortest_path("idastar", ROOT, ctx, SearchControl(), Limits(max_states=10))
    assert out.status == Status.SOLVED and len(out.path) == n
    assert out.stats.states_seen <= 10


def test_census_stops_at_the_memory_budget_and_the_state_cap():
    budget = 8 * MIB
    out = count_states(ROOT, [NO_GOAL, NO_GOAL], SearchControl(), Limits(max_memory=budget))
    assert out.status == Status.LIMIT and out.limit == Limit.MEMORY
    d = out.census.max_depth  # level d of the tree has 2**d states, each with three neighbours

    def expanding(k):
        """Bytes that expanding level k holds: levels k-1 and k, k's successors and their sort scratch."""
        return 8 * (2 ** (k - 1) + 2 ** k) + 2 * 8 * 3 * 2 ** k

    assert out.census.states == 2 ** (d + 1) - 1
    assert expanding(d - 1) + 8 * 2 ** d <= budget  # the last level made fitted, its successors and all
    assert expanding(d) > budget - census.fixed_bytes(2) - SCRATCH  # the next one would not: not stopped early
    out = count_states(ROOT, [NO_GOAL, NO_GOAL], SearchControl(), Limits(max_states=5000))
    assert out.status == Status.LIMIT and out.limit == Limit.STATES
    assert out.census.states <= 5000


def test_census_with_no_room_for_its_buffers_does_not_start():
    out = count_states(ROOT, [NO_GOAL], SearchControl(), Limits(max_memory=SCRATCH))
    assert out.status == Status.LIMIT and out.limit == Limit.MEMORY and out.census.states == 0


def complete_graph(n):
    adj = np.ones((n, n), dtype=np.int8) - np.eye(n, dtype=np.int8)
    return HamCtx(adj, np.zeros(n, dtype=np.int8), n, -1)


@pytest.mark.parametrize("cap", [1, 2, 5, 1000, 1023, 1024, 1025, 5000])
def test_backtracking_stops_at_exactly_the_node_cap(cap):
    out = search_paths(complete_graph(9), 0, 8, COUNT, 1, SearchControl(), Limits(max_states=cap), branch=9)
    assert out.status == Status.LIMIT and out.limit == Limit.STATES
    assert out.stats.nodes_expanded == cap


def test_backtracking_under_the_cap_finishes():
    out = search_paths(complete_graph(5), 0, 4, COUNT, 1, SearchControl(), Limits(max_states=10**6), branch=5)
    assert out.status == Status.SOLVED and out.solutions == 24  # 4! orders of the other four


def test_backtracking_checks_its_stack_and_kept_paths_before_it_starts():
    ctx = complete_graph(6)
    out = search_paths(ctx, 0, 5, COUNT, 10_000, SearchControl(), Limits(max_memory=SCRATCH + 100_000),
                       branch=6)
    assert out.status == Status.LIMIT and out.limit == Limit.MEMORY and out.stats.nodes_expanded == 0
    out = search_paths(ctx, 0, 5, COUNT, 10, SearchControl(), Limits(max_memory=SCRATCH + 100_000), branch=6)
    assert out.status == Status.SOLVED and out.solutions == 120


@pytest.mark.processes
def test_peak_memory_of_each_search_stays_within_its_budget():
    """Measured, not modelled: each search in a fresh process, its peak resident set against the budget."""
    budget_mib = 24
    proc = subprocess.run([sys.executable, "-m", "tests.core.rss_probe", str(budget_mib)], capture_output=True,
                          text=True, cwd=ROOT_DIR, timeout=600)
    assert proc.returncode == 0, proc.stderr
    runs = {r["search"]: r for r in map(json.loads, proc.stdout.splitlines())}
    assert set(runs) == set(rss_probe.SEARCHES)
    for name, r in runs.items():
        assert r["status"] == "limit" and r["limit"] == ("time" if name == "idastar" else "memory"), r
        assert r["peak_kib"] - r["before_kib"] <= budget_mib * 1024, r
