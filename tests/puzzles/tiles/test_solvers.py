"""Every solver's answer replays as legal moves to the goal; the optimal ones match breadth-first search."""
import json
import random

import pytest

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.puzzles.tiles.board import Board, parse
from puzzle_explorer.puzzles.tiles.editor import random_walk
from puzzle_explorer.puzzles.tiles.presets import BY_ID
from puzzle_explorer.puzzles.tiles.solve import SOLVERS, plan, solve
from tests.puzzles.tiles.reference import distances, replay, solved

OPTIMAL = [("auto", {}), ("idastar", {"heuristic": "pdb"}), ("idastar", {"heuristic": "linear-conflict"}),
           ("idastar", {"heuristic": "manhattan"}), ("astar", {}), ("bibfs", {}), ("bfs", {})]
KORF = {  # instance: (optimal length, nodes Korf's IDA* with Manhattan distance generated, tiles)
    79: (42, 540_860, "0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15"),
    12: (45, 546_344, "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15"),
    97: (44, 1_002_927, "9 14 5 7 8 15 1 2 10 4 13 6 12 0 11 3"),
    55: (41, 927_212, "13 8 14 3 9 1 0 7 15 5 4 10 12 2 6 11"),
}


def run(board, solver, options=None, limits=Limits()):
    return solve(board, solver, options or {}, SearchControl(), limits)


def check(board, solution):
    """The moves are legal slides that end on the goal, JSON as the command line writes them; the
    steps' boards follow them."""
    assert solution.status == Status.SOLVED
    moves = [s.data for s in solution.steps[1:]]
    assert json.loads(json.dumps(moves)) == moves
    assert replay(board.width, board.height, board.tiles, moves) == board.goal_tiles()
    assert solution.steps[-1].board.tiles == board.goal_tiles()
    return solution.length


def sample(width, height, goal, count, seed):
    boards = sorted(distances(width, height, goal))
    return random.Random(seed).sample(boards, count)


@pytest.mark.parametrize("width, height, blank_first", [(3, 3, False), (3, 3, True), (4, 2, False),
                                                         (2, 4, True), (3, 2, False)])
def test_optimal_lengths_equal_bfs(width, height, blank_first, pdb_cache):
    goal = solved(width, height, blank_first)
    truth = distances(width, height, goal)
    for tiles in sample(width, height, goal, 12, seed=width * 10 + height):
        board = Board(width, height, tiles, goal if blank_first else None)
        for solver, options in OPTIMAL:
            assert check(board, run(board, solver, options)) == truth[tiles], (solver, options, tiles)
        assert check(board, run(board, "rows")) >= truth[tiles]


def test_every_2x2_board(pdb_cache):
    goal = solved(2, 2)
    for tiles, d in distances(2, 2, goal).items():
        board = Board(2, 2, tiles)
        for solver, options in OPTIMAL + [("rows", {})]:
            assert check(board, run(board, solver, options)) == d


@pytest.mark.parametrize("solver", [s.id for s in SOLVERS if s.id not in ("census", "distances")])  # no path: counts
def test_solved_and_one_move_boards(solver, pdb_cache):
    for text, length in [("1 2 3/4 5 6/7 8 .", 0), ("1 2 3/4 5 6/7 . 8", 1), ("1 2 ./4 5 3/7 8 6", 2)]:
        board = parse(text)
        solution = run(board, solver)
        assert check(board, solution) == length
        assert len(solution.steps) == length + 1


@pytest.mark.parametrize("solver", [s.id for s in SOLVERS if s.id != "distances"])  # tests/distances: its own
def test_unsolvable_at_once_with_the_reason(solver, pdb_cache):
    board = parse("1 2 3/4 5 6/8 7 .")
    solution = run(board, solver)
    assert solution.status == Status.UNSOLVABLE
    assert "odd permutation" in solution.details["reason"]
    if solver != "census":
        assert solution.stats.nodes_expanded == 0 and len(solution.steps) == 1


def test_census():
    out = run(parse("1 2 3/4 5 6/7 8 ."), "census")
    assert out.details["census"] == {"states": 181_440, "goal_states": 1, "max_depth": 31, "goal_depth": 0}
    farthest = run(BY_ID["two-by-four"] and parse(BY_ID["two-by-four"].text), "census")
    assert farthest.details["census"]["states"] == 20_160
    assert farthest.details["census"]["goal_depth"] == farthest.details["census"]["max_depth"] == 36


@pytest.mark.parametrize("number", sorted(KORF))
def test_korf_instances_with_manhattan_distance_node_for_node(number):
    """Korf's easier instances: his optimal lengths, and exactly his node counts (moves tried in his
    order: blank up, left, right, down; his count includes the start)."""
    length, korf_nodes, tiles = KORF[number]
    rows = tiles.split()
    board = parse("/".join(" ".join(rows[i:i + 4]) for i in range(0, 16, 4)) + "\ngoal: blank first")
    out = run(board, "idastar", {"heuristic": "manhattan"})
    assert check(board, out) == length
    assert out.details["generated"] + 1 == korf_nodes
    lc = run(board, "idastar", {"heuristic": "linear-conflict"})
    assert check(board, lc) == length and lc.stats.nodes_expanded < out.stats.nodes_expanded


@pytest.mark.parametrize("width, height", [(w, h) for w in range(2, 7) for h in range(2, 7)])
def test_rows_on_every_shape(width, height):
    rng = random.Random(width * 7 + height)
    for blank_first in (False, True):
        goal = solved(width, height, blank_first)
        board = random_walk(Board(width, height, goal, goal if blank_first else None), 500, rng)
        out = run(board, "rows")
        check(board, out)
        assert not next(s for s in SOLVERS if s.id == "rows").optimal


def test_bigger_boards_agree_between_heuristics():
    """No breadth-first reference fits 5x5 or 6x6: two independent bounds must give the same length."""
    rng = random.Random(24)
    for width, height in ((5, 5), (6, 6), (4, 5)):
        board = random_walk(Board(width, height, solved(width, height)), 30, rng)
        lc = run(board, "idastar", {"heuristic": "linear-conflict"})
        md = run(board, "idastar", {"heuristic": "manhattan"})
        assert check(board, lc) == check(board, md) <= 30


def test_limits_and_refusals(pdb_cache):
    board = parse(BY_ID["korf-1"].text)
    capped = run(board, "idastar", {"heuristic": "manhattan"}, Limits(max_states=5000))
    assert capped.status == Status.LIMIT and capped.limit == Limit.STATES
    with pytest.raises(InputError, match="boards up to 16 cells"):
        plan(parse(BY_ID["twenty-four"].text), "astar", {})
    with pytest.raises(InputError, match="no partition '7-8' for 3x3"):
        plan(parse("1 2 3/4 5 6/7 8 ."), "idastar", {"pdb": "7-8"})
    memory = run(parse(BY_ID["korf-79"].text), "bfs", {}, Limits(max_memory=100_000))
    assert memory.status == Status.LIMIT and memory.limit == Limit.MEMORY


def test_auto_says_what_it_chose(empty_cache):
    small = run(parse("1 2 3/4 5 6/7 . 8"), "auto")
    assert small.details["chosen"] == "IDA* with the 4-4 pattern databases"
    assert "build" in small.details["why"] and "databases" in small.details
    again = run(parse("1 2 3/4 5 6/7 . 8"), "auto")
    assert again.details["why"] == "the pattern databases are built"
    big = plan(parse(BY_ID["thirty-five"].text), "auto", {})
    assert big.heuristic == "linear-conflict" and "6x6" in big.why


def test_warm_compiles_without_building_anything(empty_cache):
    from puzzle_explorer.puzzles.tiles import FAMILY
    FAMILY.warm()
    assert not any(p.name.startswith("tiles-pdb") for p in empty_cache.iterdir())
