"""Sliding tiles: every solver against the plain breadth-first distances in tests/tiles/reference.py,
on random arrangements of every small shape (either parity, either goal convention), boards one move
from the goal, and the largest board for the row-by-row solver; every move replayed. IDA* also with
its iterations split into subtrees (the same path and nodes), and the samples that estimate them."""
from __future__ import annotations

import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles.tiles.board import Board, parse
from puzzle_explorer.puzzles.tiles.editor import random_walk
from puzzle_explorer.puzzles.tiles.kernels import estimate
from puzzle_explorer.puzzles.tiles.solve import plan, ready_idastar
from puzzle_explorer.puzzles.tiles.solve import solve as tiles_solve
from tests.fuzz.cases import draw
from tests.puzzles.tiles.conftest import pdb_cache, pdb_dir  # noqa: F401  (fixtures: databases in a folder of the run)
from tests.puzzles.tiles.reference import distances, replay, solved

CASES = 36
SHAPES = [(2, 2), (3, 2), (2, 3), (4, 2), (2, 4), (3, 3)]  # BFS holds the whole space of each
OPTIMAL = [("idastar", {"heuristic": "pdb"}), ("idastar", {"heuristic": "linear-conflict"}),
           ("idastar", {"heuristic": "manhattan"}), ("astar", {}), ("bibfs", {}), ("bfs", {}), ("auto", {})]


def goal_of(rng, width, height):
    return solved(width, height, blank_first=rng.random() < 0.5)


def any_arrangement(rng):
    """A shuffled board: half of them cannot reach the goal (the parity rule)."""
    width, height = rng.choice(SHAPES)
    goal = goal_of(rng, width, height)
    tiles = list(goal)
    rng.shuffle(tiles)
    return "random", Board(width, height, tuple(tiles), goal), {}


def near_goal(rng):
    """Zero or one move from the goal: the searches' first and last steps."""
    width, height = rng.choice(SHAPES)
    goal = goal_of(rng, width, height)
    board = random_walk(Board(width, height, goal, goal), rng.randrange(2), rng)
    return "near goal", board, {}


def largest(rng):
    """6x6, a long random walk from the goal: only the row-by-row solver answers at this size."""
    goal = solved(6, 6)
    return "6x6", random_walk(Board(6, 6, goal), rng.randrange(50, 400), rng), {}


GENERATORS = [any_arrangement, any_arrangement, near_goal, any_arrangement, largest]


def solve(board, solver, options=None):
    return tiles_solve(board, solver, options or {}, SearchControl(), Limits())


def check(board, solution):
    moves = [s.data for s in solution.steps[1:]]
    assert replay(board.width, board.height, board.tiles, moves) == board.goal_tiles()
    return solution.length


@pytest.mark.parametrize("case", draw("tiles", 8, CASES, GENERATORS), ids=str)
def test_tiles(case, pdb_cache):
    board, where = case.board, case.where()
    rows = solve(board, "rows")
    if board.width * board.height > 9:
        assert rows.status == Status.SOLVED, where
        check(board, rows)
        return
    best = distances(board.width, board.height, board.goal_tiles()).get(board.tiles)
    if best is None:  # the other parity: proved at once, no search
        for solver, options in OPTIMAL + [("rows", {})]:
            sol = solve(board, solver, options)
            assert sol.status == Status.UNSOLVABLE and not sol.searched, (solver, options, where)
        return
    assert check(board, rows) >= best, where
    for solver, options in OPTIMAL:
        sol = solve(board, solver, options)
        assert sol.status == Status.SOLVED and check(board, sol) == best, (solver, options, where)
        if solver == "idastar":  # every iteration cut into subtrees run in shuffled order: the same path and nodes
            parts = solve(board, solver, {**options, "workers": 1, "subtrees": 7, "shuffle": case.index,
                                          "split_after": 0})
            assert [s.data for s in parts.steps] == [s.data for s in sol.steps], (options, where)
            assert parts.stats.nodes_expanded == sol.stats.nodes_expanded, (options, where)
            chosen = plan(board, solver, options)  # the estimate's samples of every iteration it runs
            made = ready_idastar(board, chosen.heuristic, chosen.part, SearchControl(), Limits())
            for bound in range(made.h0, best + 1):
                got = estimate.iteration(made.setup, bound, probes=16, seed=case.index)
                assert got.dives == 16 and got.nodes >= 1, (options, bound, where)
    census = solve(board, "census").details["census"]
    assert census["states"] == len(distances(board.width, board.height, board.goal_tiles())), where
    assert census["goal_depth"] == best, where


def korf_sized(rng):
    """4x4, a random walk from either goal: IDA* with the 6-6-3 tables against linear conflicts."""
    goal = solved(4, 4, blank_first=rng.random() < 0.5)
    return "4x4", random_walk(Board(4, 4, goal, goal), rng.randrange(20, 60), rng), {}


@pytest.mark.parametrize("case", draw("tiles-4x4", 10, 8, [korf_sized]), ids=str)
def test_tiles_4x4_pattern_databases(case, pdb_cache):
    """The 6-6-3 tables (started from the blank's own region) give the shortest length of either goal
    convention, as linear conflicts do."""
    board, where = case.board, case.where()
    lc = solve(board, "idastar", {"heuristic": "linear-conflict"})
    pdb = solve(board, "idastar", {"heuristic": "pdb", "pdb": "6-6-3"})
    assert lc.status == pdb.status == Status.SOLVED, where
    assert check(board, pdb) == check(board, lc), where


def any_goal(rng):
    """A shuffled board and a goal in any order of the same tiles (either of them may be the other parity)."""
    width, height = rng.choice(SHAPES)
    goal, tiles = list(solved(width, height)), list(solved(width, height))
    rng.shuffle(goal)
    rng.shuffle(tiles)
    return "any goal", Board(width, height, tuple(tiles), tuple(goal)), {}


@pytest.mark.parametrize("case", draw("tiles-distances", 9, 12, [any_arrangement, near_goal, any_goal]), ids=str)
def test_tiles_distances(case):
    """The census from the goal and its table (a byte per number of the goal's class) against plain BFS."""
    board, where = case.board, case.where()
    truth = distances(board.width, board.height, board.goal_tiles())
    sol = solve(board, "distances", {"keep": True, "hardest": 3})
    c = sol.details["census"]
    assert c["states"] == sum(c["by_distance"]) == len(truth), where
    assert c["by_distance"] == [sum(1 for d in truth.values() if d == k) for k in range(max(truth.values()) + 1)], where
    assert c["start_distance"] == truth.get(board.tiles), where
    assert sol.status == (Status.SOLVED if board.tiles in truth else Status.UNSOLVABLE), where
    space = sol.table.space
    for tiles, d in truth.items():
        assert sol.table.table.dist[space.word(Board(board.width, board.height, tiles, board.goal))] == d, where
    for text in c["hardest"]:
        assert truth[Board(board.width, board.height, parse(text).tiles).tiles] == c["max_distance"], where
    alone = solve(board, "distances", {"scope": "component"})
    assert alone.status == sol.status and alone.details["census"]["states"] == (len(truth) if board.tiles in truth else 0), where
