"""The live picture of the generic kernels, sampled mid-search at a node cap: a path of real moves
from a start, as long as the depth it reports; the layer sizes and iterations it keeps."""
import numpy as np
import pytest

from puzzle_explorer.core.kernels import picture as P
from puzzle_explorer.core.kernels.counters import new_counters
from puzzle_explorer.core.run import live
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import COUNT, Limits, count_states, search_paths, shortest_path
from puzzle_explorer.core.run.status import Status
from tests.core.graph_puzzle import make_graph, random_graph, reference_distances
from tests.core.tree_puzzle import NO_GOAL, OTHER

LOW = (1 << 62) - 1


def tree_neighbours(s: int) -> set[int]:
    """The moves of tree_puzzle, written again in Python: children 2s+1, 2s+2 and the parent."""
    top, n = s & (1 << 62), s & LOW
    out = {top | (2 * n + 1), top | (2 * n + 2)}
    if n:
        out.add(top | ((n - 1) // 2))
    return out


def assert_moves(path, first: int) -> None:
    states = [int(s) for s in path]
    assert states[0] == first
    for a, b in zip(states, states[1:]):
        assert b in tree_neighbours(a), f"{a} -> {b} is not a move"


def sampled(algo: str, nodes: int):
    control = SearchControl()
    goals = np.array([int(OTHER)], dtype=np.uint64) if algo == "bibfs" else None
    with control.node_cap(nodes):
        out = shortest_path(algo, np.array([0], dtype=np.uint64), NO_GOAL, control, Limits(), goals=goals)
    assert out.status == Status.LIMIT  # stopped by the node cap, mid-search
    return control.live()


@pytest.mark.parametrize("algo", ["bfs", "astar", "idastar", "bibfs"])
@pytest.mark.parametrize("nodes", [1024, 5000, 40_000])
def test_a_path_sampled_mid_search_is_moves_from_the_start(algo, nodes):
    picture = sampled(algo, nodes)
    assert picture.kind == algo
    assert not picture.cut and len(picture.path) == picture.length
    assert_moves(picture.path, 0)
    if algo == "bibfs":
        assert_moves(picture.other, int(OTHER))  # the goal side grows from the goal
        assert len(picture.path) - 1 + len(picture.other) - 1 in (picture.depth, picture.depth - 1)
        return
    assert len(picture.path) - 1 == picture.depth
    if algo == "astar":
        assert picture.g == picture.depth and picture.h == 0 and picture.f == picture.g
    if algo == "idastar":
        assert picture.f <= picture.bound
        bounds = [b for b, _ in picture.iterations]
        assert bounds == sorted(set(bounds)) and all(n > 0 for _, n in picture.iterations)
        assert picture.bound > bounds[-1] if bounds else True


def test_bfs_keeps_the_size_of_every_layer_it_has_finished():
    picture = sampled("bfs", 40_000)
    # a binary tree: layer d holds 2**d nodes; the layer being expanded counts as finished
    assert picture.layers == tuple(2 ** d for d in range(picture.depth + 1))
    assert picture.history_from == 0
    assert 0 < picture.growing <= 2 ** (picture.depth + 1)


def test_idastar_keeps_each_iteration_bound_and_nodes():
    picture = sampled("idastar", 40_000)
    # h = 0: bound d explores the 2**(d+1) - 1 nodes of depth <= d, each met once (the table)
    assert picture.iterations == tuple((d, 2 ** (d + 1) - 1) for d in range(len(picture.iterations)))


def test_the_census_shows_a_position_of_its_layer_and_every_layer_size():
    rng = np.random.default_rng(7)
    adj = random_graph(rng, 300, 2.5, undirected=True)
    ctx = make_graph(adj, {1})
    control = SearchControl()
    count_states(np.array([0], dtype=np.uint64), [ctx], control, Limits())
    picture = control.live()
    dist = reference_distances(adj, [0])
    sizes = [sum(1 for d in dist.values() if d == k) for k in range(max(dist.values()) + 1)]
    assert picture.kind == "census" and picture.layers == tuple(sizes)
    assert dist[int(picture.path[0])] == picture.depth


def test_backtracking_shows_its_stack_and_the_deepest_it_reached():
    from tests.core.kernels.test_backtrack import HamCtx  # Hamiltonian paths of a graph: here a 5x4 grid

    w, h = 5, 4
    adj = np.zeros((w * h, w * h), dtype=np.int8)
    for v in range(w * h):
        for u in range(w * h):
            adj[v, u] = abs(v % w - u % w) + abs(v // w - u // w) == 1
    ctx = HamCtx(adj, np.zeros(w * h, dtype=np.int8), w * h, -1)
    control = SearchControl()
    out = search_paths(ctx, 0, w * h - 1, COUNT, 0, control, Limits(max_states=3000))
    assert out.status == Status.LIMIT
    picture = control.live()
    cells = [int(c) for c in picture.path]
    assert picture.kind == "backtrack"
    assert cells[0] == 0 and len(set(cells)) == len(cells) == picture.depth + 1
    assert all(adj[a, b] for a, b in zip(cells, cells[1:]))
    assert picture.deepest >= picture.depth


def test_a_path_longer_than_the_room_keeps_its_newest_part():
    counters = new_counters()
    path = np.arange(3000, dtype=np.int64)
    seq = 0
    counters[P.BEGIN] = counters[P.END] = seq
    counters[P.KIND] = P.BACKTRACK
    counters[P.LENGTH] = 3000
    counters[P.KEPT] = P.PATH_ROOM
    counters[P.PATH: P.PATH + P.PATH_ROOM] = path[-P.PATH_ROOM:]
    picture = live.read_live(counters)
    assert picture.cut and picture.length == 3000
    assert list(picture.path) == list(range(3000 - P.PATH_ROOM, 3000))


def test_a_refresh_caught_half_done_is_not_read():
    counters = new_counters()
    counters[P.KIND] = P.BFS
    counters[P.END] = 4
    counters[P.BEGIN] = 5  # a refresh has begun and not ended
    assert live.read_live(counters) is None
    counters[P.END] = 5
    assert live.read_live(counters) is not None


def test_quiet_kernels_draw_nothing():
    control = SearchControl()
    control.quiet()
    with control.node_cap(5000):
        shortest_path("bfs", np.array([0], dtype=np.uint64), NO_GOAL, control, Limits())
    assert control.live() is None


def test_the_snapshot_totals_never_go_down_across_kernels():
    control = SearchControl()
    with control.node_cap(3000):
        shortest_path("bfs", np.array([0], dtype=np.uint64), NO_GOAL, control, Limits())
    first = control.snapshot()
    with control.node_cap(2000):
        shortest_path("bfs", np.array([0], dtype=np.uint64), NO_GOAL, control, Limits())
    second = control.snapshot()
    assert first.expanded >= 3000 and second.expanded >= first.expanded + 2000
    assert second.max_frontier >= first.max_frontier
