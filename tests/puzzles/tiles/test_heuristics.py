"""Every heuristic is a lower bound: checked on every solvable 3x3 board against breadth-first distances."""
import random

import numpy as np
import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.puzzles.tiles import pdb as D
from puzzle_explorer.puzzles.tiles.geometry import neighbours
from puzzle_explorer.puzzles.tiles.kernels import heuristics as H
from puzzle_explorer.puzzles.tiles.kernels import idastar as I
from puzzle_explorer.puzzles.tiles.kernels import patterns as P
from tests.puzzles.tiles.reference import distances, solved

GOALS_3X3 = {"blank last": solved(3, 3), "blank first": solved(3, 3, True),
             "blank in the middle": (1, 2, 3, 4, 0, 5, 6, 7, 8)}


def _all(width, height, goal):
    dist = distances(width, height, goal)
    boards = np.array(list(dist), dtype=np.int64)
    truth = np.array(list(dist.values()), dtype=np.int64)
    return boards, truth


@pytest.mark.parametrize("goal_name", GOALS_3X3)
@pytest.mark.parametrize("mode", [I.MANHATTAN, I.LINEAR_CONFLICT])
def test_manhattan_and_linear_conflict_are_admissible(goal_name, mode):
    goal = GOALS_3X3[goal_name]
    boards, truth = _all(3, 3, goal)
    h = I.bounds(boards, H.goal_tables(3, 3, goal), P.no_lookups(9), mode)
    assert (h <= truth).all()
    assert (h[truth == 0] == 0).all() and (h[truth > 0] > 0).all()
    if mode == I.LINEAR_CONFLICT:
        md = I.bounds(boards, H.goal_tables(3, 3, goal), P.no_lookups(9), I.MANHATTAN)
        assert (h >= md).all() and (h > md).any()


@pytest.mark.parametrize("goal_name", GOALS_3X3)
@pytest.mark.parametrize("name", ["4-4", "generic"])
def test_pattern_databases_are_admissible(goal_name, name, pdb_cache):
    goal = GOALS_3X3[goal_name]
    blank = goal.index(0)
    if name != "generic" and blank == 4:
        with pytest.raises(ValueError, match="corner"):
            P.partition(3, 3, blank, name)
        return
    part = P.partition(3, 3, blank, name)
    dbs = D.open_databases(part)
    if dbs is None:
        D.build(part, SearchControl())
        dbs = D.open_databases(part)
    lookups = P.make_lookups(part, goal, dbs.data, dbs.offsets)
    boards, truth = _all(3, 3, goal)
    tables = H.goal_tables(3, 3, goal)
    h = I.bounds(boards, tables, lookups, I.PATTERN_DATABASES)
    md = I.bounds(boards, tables, P.no_lookups(9), I.MANHATTAN)
    assert (h <= truth).all()
    assert (h >= md).all()
    assert h.mean() > md.mean() + 1  # the databases see more than distances alone


def removals(digits: list[int]) -> int:
    """Tiles to take out of a line so the rest are in goal order, one line at a time: the count
    minus a longest increasing subsequence of the nonzero digits."""
    seq = [d for d in digits if d]
    best: list[int] = []
    for i, d in enumerate(seq):
        best.append(1 + max((best[j] for j in range(i) if seq[j] < d), default=0))
    return len(seq) - max(best, default=0)


def reference_conflicts(tiles, goal, width, height):
    """Tiles to remove over all lines, counted directly from where tiles are and where they belong."""
    home = {t: (c % width, c // width) for c, t in enumerate(goal) if t}
    total = 0
    for y in range(height):
        row = [tiles[y * width + x] for x in range(width)]
        total += removals([1 + home[t][0] if t and home[t][1] == y else 0 for t in row])
    for x in range(width):
        col = [tiles[y * width + x] for y in range(height)]
        total += removals([1 + home[t][1] if t and home[t][0] == x else 0 for t in col])
    return total


def test_slide_tables_match_fresh_line_codes():
    """Walk the blank at random on 5x4, 6x6 and 2x3: codes updated from the slide tables always equal
    fresh ones, and the conflicts they give equal a direct count."""
    rng = random.Random(5)
    for width, height in ((5, 4), (6, 6), (2, 3)):
        goal = solved(width, height)
        g = H.goal_tables(width, height, goal)
        tiles = np.array(goal, dtype=np.int64)
        codes = np.zeros(width + height, dtype=np.int64)
        H.line_codes(tiles, g, codes)
        fresh = codes.copy()
        nbr = neighbours(width, height)
        b = int(np.flatnonzero(tiles == 0)[0])
        for _ in range(300):
            d = rng.choice([d for d in range(4) if nbr[b, d] >= 0])
            c = int(nbr[b, d])
            t = int(tiles[c])
            for k in range(3):
                codes[g.slide_line[t, b, d, k]] += g.slide_delta[t, b, d, k]
            tiles[b], tiles[c] = t, 0
            b = c
            H.line_codes(tiles, g, fresh)
            assert (codes == fresh).all()
            assert H.conflicts(g, codes) == reference_conflicts(list(tiles), goal, width, height)


def test_line_removals():
    assert removals([0, 0, 0]) == 0
    assert removals([3, 2, 1]) == 2  # keep one of three reversed tiles
    assert removals([1, 3, 2, 0]) == 1
    assert removals([2, 0, 1, 3]) == 1


@pytest.mark.parametrize("length", [2, 3, 4, 5])
def test_the_line_table_holds_the_removals_of_every_code(length):
    """Every code of the table computed at once equals removals() of its digits, one by one."""
    base = length + 1
    table = H._line_table.__wrapped__(length)
    assert table.shape == (base ** length,)
    for code in range(base ** length):
        assert table[code] == removals([(code // base ** i) % base for i in range(length)]), code


def _tables(part):
    from puzzle_explorer.puzzles.tiles.kernels import pdb_build as B
    out = {}
    for t in part.tables():
        table = np.empty(t.entries(part.n), dtype=np.uint8)
        D.build_table(part.n, part.width, t, neighbours(part.width, part.height),
                      B.region_labels(part.n, part.width), table, SearchControl().counters)
        out[t] = table
    return out


@pytest.mark.parametrize("goal_name", ["blank first", "blank last"])
def test_a_table_shared_through_a_symmetry_reads_like_its_own(goal_name):
    """Groups 1 2 and 3 6 (mirror images) share one table; the bounds equal those of separate tables."""
    goal = GOALS_3X3[goal_name]
    groups = [(1, 2), (3, 6), (4, 5, 7, 8)] if goal_name == "blank first" else [(6, 7), (2, 5), (0, 1, 3, 4)]
    blank = goal.index(0)
    shared = P.Partition(3, 3, "shared", tuple(P.Group(*P.canonical(3, 3, g, blank)) for g in groups))
    own = P.Partition(3, 3, "own", tuple(P.Group(P.Table(tuple(sorted(g)), P.home_cell(3, 3, g, blank)), tuple(range(9)))
                                         for g in groups))
    assert len(shared.tables()) == 2 and len(own.tables()) == 3
    boards, truth = _all(3, 3, goal)
    tables = H.goal_tables(3, 3, goal)
    for mirrors in (False, True):
        a = I.bounds(boards, tables, P.make_lookups(shared, goal, _tables(shared), mirrors=mirrors),
                     I.PATTERN_DATABASES)
        b = I.bounds(boards, tables, P.make_lookups(own, goal, _tables(own), mirrors=mirrors), I.PATTERN_DATABASES)
        assert (a == b).all() and (a <= truth).all()


@pytest.mark.parametrize("goal_name", ["blank first", "blank last", "blank in the middle"])
def test_tables_that_wall_the_blank_off_are_admissible(goal_name):
    """A group holding every neighbour of the goal's blank (as 1 and 4 are in the 7-8 split) walls the
    blank off: its table counts the steps that let the blank home, and the bounds are still lower
    bounds on every 3x3 board, with or without the mirror."""
    goal = GOALS_3X3[goal_name]
    blank = goal.index(0)
    walls = {0: (1, 3, 4), 8: (7, 5, 4), 4: (1, 3, 5, 7)}[blank]
    groups = [walls, tuple(c for c in range(9) if c != blank and c not in walls)]
    part = P.Partition(3, 3, "walled", tuple(P.Group(*P.canonical(3, 3, g, blank)) for g in groups))
    boards, truth = _all(3, 3, goal)
    tables = H.goal_tables(3, 3, goal)
    for mirrors in (False, True):
        h = I.bounds(boards, tables, P.make_lookups(part, goal, _tables(part), mirrors=mirrors), I.PATTERN_DATABASES)
        assert (h <= truth).all() and (h[truth == 0] == 0).all()
