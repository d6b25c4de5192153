"""The board's edge stops a piece in every convention, even with no walls and no other piece.

A lone piece on a wall-less board once stepped off the board: the census
miscounted and the searches wrote outside their arrays (a crash, at times
only on a later solve in the same process).
"""
import re

import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles.klotski.board import parse
from puzzle_explorer.puzzles.klotski.solve import solve
from tests.cli.commands import run_cli
from tests.puzzles.klotski import reference

LONE = [
    "A..",
    "A./..",
    "../AA/AA",
    "AA../AA../..../..../....",
    "A",
    "AA/AA",
    "A/./.",
    "AAAAAAAA/......../......../......../......../......../......../........",
    "A......./......../......../......../......../......../......../........",
    "Ab/..\ntarget: A",  # two pieces, no walls: the other piece is the only thing in the way
]
CONVENTIONS = ["unit", "straight", "free"]


@pytest.mark.parametrize("rows", LONE)
@pytest.mark.parametrize("convention", CONVENTIONS)
def test_lone_piece_matches_reference(rows, convention):
    board = parse(rows)
    target, goal = board.target_piece().letter, board.goal_cell()
    best, reachable = reference.shortest(board.inline(), target, goal, convention, census=True)
    options = {"moves": convention}
    census = solve(board, "census", options, SearchControl(), Limits()).details["census"]
    assert census["states"] == reachable
    assert census["goal_depth"] == best
    for algo in ("bfs", "bibfs", "astar", "idastar"):
        sol = solve(board, algo, options, SearchControl(), Limits())
        assert sol.status == (Status.UNSOLVABLE if best is None else Status.SOLVED), algo
        assert sol.length == best, algo
        for step in sol.steps:
            assert all(step.board.inside(c) for p in step.board.pieces for c in p.cells()), algo


@pytest.mark.parametrize("rows,states", [("A..", 3), ("../AA/AA", 2), ("AA../AA../..../..../....", 12)])
def test_census_counts_of_the_issue(capsys, rows, states):
    code, out, _ = run_cli(capsys, "solve", "klotski", "--board", rows, "--census", "--moves", "unit", "--json")
    assert code == 0
    assert f'"states": {states},' in out


@pytest.mark.parametrize("rows", ["AA../AA../..../..../....", "A./.."])
def test_boards_that_crashed_solve(capsys, rows):
    code, out, err = run_cli(capsys, "solve", "klotski", "--board", rows)
    assert code == 0 and err == ""
    assert re.search(r"^\d+ moves?, shortest", out, re.M), out


def test_solving_again_and_again_gives_the_same_answer():
    boards = [parse(rows) for rows in ("AA../AA../..../..../....", "A./..", "A..")]
    first = [[solve(b, algo, {"moves": m}, SearchControl(), Limits()).length
              for m in CONVENTIONS for algo in ("bfs", "astar", "census")] for b in boards]
    for _ in range(10):
        again = [[solve(b, algo, {"moves": m}, SearchControl(), Limits()).length
                  for m in CONVENTIONS for algo in ("bfs", "astar", "census")] for b in boards]
        assert again == first
