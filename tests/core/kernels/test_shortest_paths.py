"""The graph kernels against a plain Python BFS on random explicit graphs."""
import numpy as np
import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits, count_states, shortest_path
from puzzle_explorer.core.run.status import Status
from tests.core.graph_puzzle import exact_goal_distance, make_graph, random_graph, reference_distances

ALGORITHMS = ["bfs", "bibfs", "astar", "idastar"]


def check_path(adj, path, starts, goals):
    assert int(path[0]) in starts
    assert int(path[-1]) in goals
    for a, b in zip(path[:-1], path[1:]):
        assert int(b) in adj[int(a)], f"{a}->{b} is not an edge"


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("algo", ALGORITHMS)
def test_shortest_lengths_match_reference(seed, algo):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(5, 300))
    adj = random_graph(rng, n, float(rng.uniform(1.0, 4.0)), undirected=True)
    starts = sorted({int(x) for x in rng.integers(0, n, int(rng.integers(1, 3)))})
    goals = {int(x) for x in rng.integers(0, n, int(rng.integers(1, 4)))}
    # an admissible heuristic: half the true distance, rounded down
    h = [d // 2 if d < 10**6 else 0 for d in exact_goal_distance(adj, goals)]
    ctx = make_graph(adj, goals, h)
    dist = reference_distances(adj, starts)
    best = min((dist[g] for g in goals if g in dist), default=None)
    out = shortest_path(algo, np.array(starts, dtype=np.uint64), ctx, SearchControl(), Limits(),
                        goals=np.array(sorted(goals), dtype=np.uint64))
    if best is None:
        assert out.status == Status.UNSOLVABLE
        assert len(out.path) == 0
    else:
        assert out.status == Status.SOLVED
        assert len(out.path) - 1 == best
        check_path(adj, out.path, set(starts), goals)
    assert out.stats.nodes_expanded >= 0


@pytest.mark.parametrize("workers", [1, 2, 4])
@pytest.mark.parametrize("seed", range(8))
def test_census_matches_reference(seed, workers, monkeypatch):
    from puzzle_explorer.core.kernels import census

    monkeypatch.setattr(census, "MIN_SLICE", 1)  # every level on every thread, however small
    rng = np.random.default_rng(100 + seed)
    n = int(rng.integers(2, 400))
    adj = random_graph(rng, n, float(rng.uniform(0.8, 3.0)), undirected=True)
    goals = {int(x) for x in rng.integers(0, n, 3)}
    ctx = make_graph(adj, goals)
    dist = reference_distances(adj, [0])
    out = count_states(np.array([0], dtype=np.uint64), [ctx] * workers, SearchControl(), Limits())
    assert out.census.states == len(dist)
    assert out.census.goal_states == len(goals & set(dist))
    assert out.census.max_depth == max(dist.values())
    reachable_goals = [dist[g] for g in goals if g in dist]
    assert out.census.goal_depth == (min(reachable_goals) if reachable_goals else None)
    assert out.status == (Status.SOLVED if reachable_goals else Status.UNSOLVABLE)


def test_state_cap_ends_with_limit():
    rng = np.random.default_rng(3)
    adj = random_graph(rng, 3000, 4.0, undirected=True)
    ctx = make_graph(adj, {2999})
    for algo in ["bfs", "bibfs", "astar"]:
        out = shortest_path(algo, np.array([0], dtype=np.uint64), ctx, SearchControl(), Limits(max_states=50),
                            goals=np.array([2999], dtype=np.uint64))
        assert out.status == Status.LIMIT and out.limit.value == "states", algo
    census = count_states(np.array([0], dtype=np.uint64), [ctx, ctx], SearchControl(), Limits(max_states=50))
    assert census.status == Status.LIMIT and census.census.states <= 50


def test_memory_budget_ends_with_limit_memory():
    rng = np.random.default_rng(4)
    adj = random_graph(rng, 3000, 4.0, undirected=True)
    ctx = make_graph(adj, {2999})
    out = shortest_path("bfs", np.array([0], dtype=np.uint64), ctx, SearchControl(),
                        Limits(max_memory=100 * 56))
    assert out.status == Status.LIMIT and out.limit.value == "memory"
    assert out.stats.states_seen <= 100


def test_each_search_counts_the_nodes_it_expanded_itself():
    """From the root of a binary tree to one leaf, BFS expands every node above the leaves, while
    bidirectional BFS goes up from the leaf on the small side: each reports its own count. (On
    klotski's classic boards the goal side, thousands of positions, is never the smaller one, so
    bibfs expands exactly the nodes BFS does: equal counts there are the search's, not a copy.)"""
    depth = 10
    n = 2 ** (depth + 1) - 1
    adj = [[c for c in (2 * i + 1, 2 * i + 2) if c < n] + ([(i - 1) // 2] if i else []) for i in range(n)]
    leaf = n - 1
    ctx = make_graph(adj, {leaf})
    expanded = {}
    for algo in ("bfs", "bibfs"):
        out = shortest_path(algo, np.array([0], dtype=np.uint64), ctx, SearchControl(), Limits(),
                            goals=np.array([leaf], dtype=np.uint64))
        assert out.status == Status.SOLVED and len(out.path) - 1 == depth
        expanded[algo] = out.stats.nodes_expanded
    assert expanded["bfs"] >= 2 ** (depth - 1)
    assert expanded["bibfs"] < expanded["bfs"] / 4


@pytest.mark.parametrize("seed", range(6))
def test_census_counts_the_same_on_every_path(seed, monkeypatch):
    """Many small levels to one kernel call on one thread (census_small.py), every level on the
    threaded path (its merge on one thread, split at a pivot between two, or by key range over
    more), and the two taking turns as levels outgrow the small path: the same counts, the same
    probed level and the same last level, whole or capped."""
    from puzzle_explorer.core.kernels import census

    rng = np.random.default_rng(300 + seed)
    n = int(rng.integers(50, 600))
    adj = random_graph(rng, n, float(rng.uniform(1.0, 3.0)), undirected=True)
    ctx = make_graph(adj, {int(x) for x in rng.integers(0, n, 3)})
    probe = int(rng.integers(0, n))
    cap = int(rng.integers(5, n))

    def run(workers, small_level, split, limits):
        monkeypatch.setattr(census, "SMALL_LEVEL", small_level)
        monkeypatch.setattr(census, "SPLIT_MERGE", split)
        monkeypatch.setattr(census, "MIN_SLICE", 1)  # every level on every thread, however small
        layers = census.Layers(probe=probe, sample=3)
        out = count_states(np.array([0], dtype=np.uint64), [ctx] * workers, SearchControl(), limits, layers)
        return (out.status, out.limit, out.census, out.stats.states_seen, out.stats.nodes_expanded, out.stats.max_frontier,
                layers.sizes, layers.probe_level, list(layers.last))

    for limits in (Limits(), Limits(max_states=cap)):
        answers = {(w, s, split): run(w, s, split, limits) for w in (1, 2, 3, 5) for s in (0, 6, 1 << 16)
                   for split in (1 << 16, 2)}
        first = next(iter(answers.values()))
        assert all(a == first for a in answers.values()), (limits, answers)
