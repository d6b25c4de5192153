"""Sliding-tile IDA* with its iterations split into subtrees: the same path and the same node counts
as the whole search in one kernel call (idastar.search), whatever the cut and the order the subtrees
run in, in this process, in worker processes and on Ray; each path replayed, and on boards of up to
nine cells as short as plain breadth-first search finds."""
import threading
import time

import numpy as np
import pytest

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.kernels.codes import FOUND
from puzzle_explorer.core.kernels.counters import new_counters
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.puzzles.tiles.board import Board, parse
from puzzle_explorer.puzzles.tiles.geometry import neighbours
from puzzle_explorer.puzzles.tiles.kernels import heuristics as H
from puzzle_explorer.puzzles.tiles.kernels import idastar as I
from puzzle_explorer.puzzles.tiles.kernels import patterns as P
from puzzle_explorer.puzzles.tiles.presets import BY_ID
from puzzle_explorer.puzzles.tiles.solve import HEURISTICS, solve
from tests.processes import workers_alive as _workers_alive
from tests.puzzles.tiles.conftest import pdb_cache, pdb_dir  # noqa: F401  (fixtures: databases in a folder of the run)
from tests.puzzles.tiles.reference import distances, replay
from tests.puzzles.tiles.scrambled import scrambled_boards

NO_CAP = np.int64(1) << np.int64(62)
SHAPES = [(2, 2), (3, 2), (2, 3), (3, 3), (3, 3), (2, 4), (4, 2), (3, 4), (4, 3)]


BOARDS = scrambled_boards(24, 17, SHAPES, 0.3, lambda w, h: range(4, 45 if w * h > 9 else 90))


def whole(board: Board, heuristic: str):
    """(blank cells along the path, generated, expanded) of the search in one kernel call."""
    goal = board.goal_tiles()
    code, path, generated, expanded = I.search(
        np.array(board.tiles, dtype=np.int64), neighbours(board.width, board.height),
        H.goal_tables(board.width, board.height, goal), P.no_lookups(board.size), HEURISTICS[heuristic], NO_CAP,
        NO_CAP, new_counters(quiet=True))
    assert code == FOUND
    return [int(c) for c in path], int(generated), int(expanded)


def _solve(board, heuristic, **options):
    return solve(board, "idastar", {"heuristic": heuristic, **options}, SearchControl(), Limits())


def blanks(board: Board, solution) -> list[int]:
    """The blank's cells along the answer (each move's 'to' is where the blank was)."""
    w = board.width
    cells = [board.tiles.index(0)]
    for step in solution.steps[1:]:
        x, y = step.data["from"]
        cells.append((y - 1) * w + x - 1)
    return cells


def check(board: Board, solution, heuristic: str) -> None:
    assert solution.status == Status.SOLVED
    moves = [s.data for s in solution.steps[1:]]
    assert replay(board.width, board.height, board.tiles, moves) == board.goal_tiles()
    path, generated, expanded = whole(board, heuristic)
    assert blanks(board, solution) == path
    assert solution.stats.nodes_expanded == expanded
    assert solution.details["generated"] == generated
    if board.size <= 9:
        assert solution.length == distances(board.width, board.height, board.goal_tiles())[board.tiles]


@pytest.mark.parametrize("i", range(len(BOARDS)))
@pytest.mark.parametrize("heuristic", ["manhattan", "linear-conflict"])
def test_split_iterations_find_the_whole_searchs_path_with_its_node_counts(i, heuristic):
    board = BOARDS[i]
    check(board, _solve(board, heuristic, workers=1), heuristic)  # every iteration here: no split
    for subtrees, shuffle in ((3, None), (9, i), (80, i + 1)):
        parts = _solve(board, heuristic, workers=1, subtrees=subtrees, shuffle=shuffle, split_after=0)
        check(board, parts, heuristic)
        assert parts.details["workers"] == 1 and parts.details["engine"] == "local"


@pytest.mark.processes
@pytest.mark.parametrize("workers, heuristic, after", [(2, "linear-conflict", 2000), (3, "manhattan", 2000),
                                                      (2, "pdb", 0)])
def test_worker_processes_find_the_same_path_and_counts(workers, heuristic, after, pdb_cache):
    """The last iterations split (after: the nodes of an iteration after which the next one does)."""
    board = parse("8 6 7/2 5 4/3 . 1")  # 31 moves, among the hardest of 3x3
    one = _solve(board, heuristic, workers=1)
    parts = _solve(board, heuristic, workers=workers, subtrees=12, shuffle=workers, split_after=after)
    assert parts.details["workers"] == workers and parts.details["engine"] == "local"
    assert parts.length == one.length == 31
    assert [s.data for s in parts.steps] == [s.data for s in one.steps]
    assert parts.stats.nodes_expanded == one.stats.nodes_expanded
    assert parts.details["generated"] == one.details["generated"]
    if heuristic != "pdb":
        check(board, parts, heuristic)


def test_ray_workers_find_the_same_path_and_counts(ray_cluster):
    board = parse("1 2 3 4/5 6 . 8/9 10 7 11")
    one = _solve(board, "linear-conflict", workers=1)
    parts = _solve(board, "linear-conflict", engine="ray", workers=2, subtrees=6, split_after=0)
    assert parts.details["engine"] == "ray"
    check(board, parts, "linear-conflict")
    assert parts.stats.nodes_expanded == one.stats.nodes_expanded


@pytest.mark.parametrize("text", ["1 2/. 3", "1 ./3 2", "1 2/3 .", "1 2 3/4 5 .", "1 2 3/4 . 5", "1 2 3/4 5 6/7 8 ."])
def test_boards_with_nothing_or_one_move_to_search(text):
    board = parse(text)
    for options in ({"workers": 1, "subtrees": 5, "split_after": 0}, {"workers": 2, "subtrees": 5, "split_after": 0}):
        sol = _solve(board, "linear-conflict", **options)
        assert sol.status == Status.SOLVED
        moves = [s.data for s in sol.steps[1:]]
        assert replay(board.width, board.height, board.tiles, moves) == board.goal_tiles()
        assert sol.length == distances(board.width, board.height, board.goal_tiles())[board.tiles]


@pytest.mark.parametrize("text", ["1 . 2", "1/./2"])
def test_a_line_is_no_board(text):
    with pytest.raises(InputError):
        parse(text)


def test_the_other_parity_is_refused_before_any_split():
    board = parse("2 1 3/4 5 6/7 8 .")
    sol = _solve(board, "linear-conflict", workers=2, subtrees=5, split_after=0)
    assert sol.status == Status.UNSOLVABLE and not sol.searched and "workers" not in sol.details


def test_a_node_cap_stops_a_split_search_with_what_it_knows():
    board = parse("8 6 7/2 5 4/3 . 1")
    whole_nodes = whole(board, "manhattan")[2]
    sol = solve(board, "idastar", {"heuristic": "manhattan", "workers": 1, "subtrees": 9, "split_after": 0},
                SearchControl(), Limits(max_states=whole_nodes // 3))
    assert sol.status == Status.LIMIT and sol.limit == Limit.STATES
    assert 21 <= sol.details["shortest_at_least"] <= 31
    assert 0 < sol.stats.nodes_expanded < whole_nodes


@pytest.mark.processes
@pytest.mark.realtime
def test_a_cancel_reaches_the_workers_and_keeps_what_the_search_knows():
    board = parse(BY_ID["korf-88"].text)  # 65 moves: hours by Manhattan distance
    others = {p.pid for p in _workers_alive()}  # a Ray cluster another test of this module started
    control = SearchControl()
    threading.Timer(3.0, control.cancel).start()  # the workers have started by then
    began = time.monotonic()
    sol = solve(board, "idastar", {"heuristic": "manhattan", "workers": 2, "split_after": 0}, control, Limits())
    assert sol.status == Status.CANCELLED and time.monotonic() - began < 5.0
    assert 43 <= sol.details["shortest_at_least"] <= 65 and sol.details["workers"] == 2
    assert sol.stats.nodes_expanded > 0
    assert not {p.pid for p in _workers_alive()} - others
