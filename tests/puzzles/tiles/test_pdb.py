"""Pattern databases: the builder against a plain search with the blank, partitions, files on disk."""
from collections import deque
from itertools import permutations

import numpy as np
import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.puzzles.tiles import pdb as D
from puzzle_explorer.puzzles.tiles.geometry import neighbours as nbr_table
from puzzle_explorer.puzzles.tiles.kernels import patterns as P
from puzzle_explorer.puzzles.tiles.kernels import pdb_build as B
from tests.puzzles.tiles.reference import neighbours


def reference_table(width, height, cells, blank):
    """Fewest pattern-tile moves to bring tiles home, the blank home too, from every placement: a
    0-1 BFS back from the goal over placements and the blank (blank moves free), then the least
    over where the blank is; and the farthest of those states."""
    n, k = width * height, len(cells)
    goal = tuple(cells) + (blank,)
    best = {}
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        s = queue.popleft()
        d = dist[s]
        pos, b = list(s[:k]), s[k]
        best[tuple(pos)] = min(best.get(tuple(pos), d), d)
        for c in neighbours(width, height, b):
            if c in pos:
                moved = pos[:]
                moved[pos.index(c)] = b
                t, cost = tuple(moved) + (c,), 1
            else:
                t, cost = tuple(pos) + (c,), 0
            if t not in dist or dist[t] > d + cost:
                dist[t] = d + cost
                (queue.appendleft if cost == 0 else queue.append)(t)
    return best, max(dist.values())


def _built(width, height, cells, blank, workers=1):
    n = width * height
    out = np.empty(P.entries(n, len(cells)), dtype=np.uint8)
    labels = B.region_labels(n, width) if n <= B.LABELLED_CELLS else np.zeros(1, dtype=np.uint8)
    code, deepest = D.build_table(n, width, P.Table(tuple(cells), blank), nbr_table(width, height), labels, out,
                                  SearchControl().counters, 0, workers)
    assert code == 0
    return out, deepest


@pytest.mark.parametrize("width, height, cells, blank", [
    (3, 3, (1, 2, 4, 5), 0), (3, 3, (3, 6, 7, 8), 0), (4, 2, (1, 2, 3), 0), (2, 3, (0, 5), 3),
    (3, 3, (1, 3, 4), 0), (4, 2, (1, 4, 6), 0),  # the pattern walls the blank's goal corner off
    (3, 3, (1, 3, 5, 7), 4),  # ... or the centre
    (3, 6, (1, 3, 13), 0),  # 18 cells: regions by flood fill instead of the table
    (5, 4, (6, 12), 0),
])
def test_builder_matches_a_search_with_the_blank(width, height, cells, blank):
    n = width * height
    out, deepest = _built(width, height, cells, blank)
    want, farthest = reference_table(width, height, cells, blank)
    assert len(want) == out.shape[0]
    for placement, d in want.items():
        assert out[P.rank_py(placement, n)] == d, placement
    assert deepest == farthest


def test_a_walled_goal_corner_costs_the_blank_two_moves():
    """Tiles on cells 1 and 3 of 3x3 wall the blank's corner off: the goal placement with the blank
    elsewhere is two moves from home (one of them steps aside and back), and a tile one move away
    three, where starting from every region of the goal placement said 0 and 1."""
    out, _ = _built(3, 3, (1, 3, 4), 0)
    want, _ = reference_table(3, 3, (1, 3, 4), 0)
    assert out[P.rank_py((1, 3, 4), 9)] == 0
    assert out[P.rank_py((1, 3, 5), 9)] == want[(1, 3, 5)] == 3


@pytest.mark.parametrize("workers", [2, 3])
def test_threads_build_the_same_table(workers):
    """The levels split over threads (their slices reach the same entries at once) fill every
    entry as one thread does."""
    one, deepest = _built(4, 2, (1, 4, 6, 7), 0)
    many, deepest_many = _built(4, 2, (1, 4, 6, 7), 0, workers)
    assert (one == many).all() and deepest == deepest_many


def test_ranks_number_every_placement_once():
    n, k = 6, 3
    ranks = sorted(P.rank_py(p, n) for p in permutations(range(n), k))
    assert ranks == list(range(P.entries(n, k)))


@pytest.mark.parametrize("width", range(2, 7))
@pytest.mark.parametrize("height", range(2, 7))
def test_every_partition_covers_every_tile_once(width, height):
    n = width * height
    for blank in range(n):
        for name in P.names(width, height):
            try:
                part = P.partition(width, height, blank, name)
            except ValueError:
                assert name != "generic"
                continue
            cells = sorted(c for g in part.groups for c in g.cells())
            assert cells == [c for c in range(n) if c != blank]
            if name == "generic":
                assert all(t.entries(n) <= P.GENERIC_ENTRIES for t in part.tables())


def test_mirrored_goals_share_their_tables():
    first = P.partition(4, 4, 0)
    last = P.partition(4, 4, 15)
    assert first.name == last.name == "6-6-3"
    assert first.tables() == last.tables() and D.file_name(first) == D.file_name(last)
    assert len(first.tables()) == 2  # the two 2x3 blocks are one table seen two ways
    big = P.partition(4, 4, 0, "7-8")
    assert big.entries() == 518_918_400 + 57_657_600
    assert D.build_memory(big) > 2 * 2**30
    assert not D.fits_memory(big, 2**30)


def test_build_open_and_describe(empty_cache):
    part = P.partition(3, 3, 8)
    assert D.open_databases(part) is None
    path, seconds = D.build(part, SearchControl())
    assert path.parent == empty_cache and path.stat().st_size == D.file_size(part)
    dbs = D.open_databases(part)
    assert dbs is not None and dbs.size == path.stat().st_size and dbs.data.flags.writeable is False
    assert "KiB" in dbs.describe() and "4-4" in dbs.describe() and str(path) in dbs.describe()
    with open(path, "r+b") as f:  # a file cut short is not taken for a table
        f.truncate(D.file_size(part) - 1)
    assert D.open_databases(part) is None


def test_a_stopped_build_writes_nothing(empty_cache):
    control = SearchControl()
    control.cancel()
    part = P.partition(3, 3, 8)
    path, _ = D.build(part, control)
    assert path is None and list(empty_cache.iterdir()) == []


@pytest.mark.filterwarnings("ignore:overflow:RuntimeWarning")  # popcount run as plain Python wraps, as in a kernel
@pytest.mark.parametrize("width, height, blank", [(4, 4, 0), (4, 4, 15), (5, 5, 24), (3, 3, 4), (4, 3, 11)])
def test_an_entry_number_updated_by_the_move_equals_one_computed_afresh(width, height, blank):
    """IDA* updates a group's entry number from the move (moved_rank): along a random walk, in every
    mirror, it stays the number computed from every tile of the group."""
    import random

    n = width * height
    goal = tuple(range(1, blank + 1)) + (0,) + tuple(range(blank + 1, n))
    part = P.partition(width, height, blank)
    lk = P.make_lookups(part, goal, {t: np.zeros(t.entries(n), dtype=np.uint8) for t in part.tables()})
    tiles = np.array(goal, dtype=np.int64)
    pos = np.argsort(tiles)
    ranks = [P.lookup_rank(lk, i, pos) for i in range(lk.k.shape[0])]
    nbr = nbr_table(width, height)
    rng = random.Random(width * 100 + blank)
    for _ in range(300):
        b = int(pos[0])
        c = int(rng.choice([x for x in nbr[b] if x >= 0]))
        t = int(tiles[c])
        moved = {}
        for s in range(lk.tile_lookup.shape[0]):
            i = int(lk.tile_lookup[s, t])
            moved[i] = P.moved_rank(lk, s, i, ranks[i], t, c, b, tiles)
        tiles[b], tiles[c] = t, 0
        pos[t], pos[0] = b, c
        for i, r in moved.items():
            ranks[i] = r
        assert ranks == [P.lookup_rank(lk, i, pos) for i in range(lk.k.shape[0])]


def test_a_file_of_the_earlier_format_is_refused_rebuilt_and_removed(empty_cache):
    """A v1 file (its searches started from every region) is not read: the reason says so, the
    build makes a v2 file and takes the old one out of the cache."""
    part = P.partition(3, 3, 0)
    old = empty_cache / D.file_name(part).replace(f"-v{D.VERSION}-", "-v1-")
    old.write_bytes(b"puzzle-explorer tiles pattern databases v1\n".ljust(D.file_size(part), b" "))
    assert D.open_databases(part, old) is None and D.open_databases(part) is None
    why = D.stale(part)
    assert why is not None and str(old) in why and "format v1" in why and "built again" in why
    assert D.stale(part, old) == why
    path, _ = D.build(part, SearchControl())
    assert D.open_databases(part) is not None and not old.exists()
    assert D.stale(part) is None and D.stale(part, path) is None
