"""The cubic eight-puzzle: every solver against the plain BFS in tests/cube8/reference.py, from start
positions and from positions in the middle of a solution (any orientations), every roll checked."""
from __future__ import annotations

import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.puzzles.cube8 import cubes as C
from puzzle_explorer.puzzles.cube8.board import Board, parse_pattern
from puzzle_explorer.puzzles.cube8.solve import build_table, solve
from tests.fuzz.cases import draw
from tests.puzzles.cube8 import reference as R
from tests.puzzles.cube8.cases import rows

CASES = 40
LONGEST_WALK = 14  # the reference's bidirectional search stays quick below this


def package_position(ref):
    """The reference's letters as the package's orientation numbers."""
    return tuple(C.EMPTY if cube is None else C.ORIENTATION_OF[tuple(C.COLOURS.index(c) for c in cube)]
                 for cube in ref)


def walk(rng, pos, rolls):
    for _ in range(rolls):
        pos = rng.choice(R.neighbours(pos))
    return pos


def tops(pos):
    return "".join("E" if c is None else c[0] for c in pos)


def from_start(rng):
    x, y = rng.randrange(3), rng.randrange(3)
    begin = R.start(x, y)
    pattern = tops(walk(rng, begin, rng.randrange(LONGEST_WALK + 1)))
    return "start", Board(C.square_at(x, y), parse_pattern(rows(pattern))), {"begin": begin, "pattern": pattern}


def already_there(rng):
    """The pattern is what the board shows: no roll at all."""
    x, y = rng.randrange(3), rng.randrange(3)
    begin = R.start(x, y)
    return "solved", Board(C.square_at(x, y), parse_pattern(rows(tops(begin)))), {"begin": begin, "pattern": tops(begin)}


def mid_solution(rng):
    """Cubes in any orientations, as a step in the middle of a solution shows them."""
    x, y = rng.randrange(3), rng.randrange(3)
    begin = walk(rng, R.start(x, y), rng.randrange(4, 30))
    pattern = tops(walk(rng, begin, rng.randrange(LONGEST_WALK + 1)))
    board = Board(C.square_at(x, y), parse_pattern(rows(pattern)), package_position(begin))
    return "mid-solution", board, {"begin": begin, "pattern": pattern}


GENERATORS = [from_start, mid_solution, from_start, mid_solution, already_there]


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    path = tmp_path_factory.mktemp("cube8") / "table.bin"
    built, _ = build_table(SearchControl(), path)
    assert built == path
    return path


def check_rolls(solution, begin, pattern):
    positions = [step.board.position() for step in solution.steps]
    ref = [tuple(None if o == C.EMPTY else tuple(C.COLOURS[c] for c in C.ORIENTATIONS[o]) for o in p)
           for p in positions]
    assert ref[0] == begin
    for before, after in zip(ref, ref[1:]):
        assert after in R.neighbours(before)
    assert R.shows(ref[-1], pattern)


@pytest.mark.parametrize("case", draw("cube8", 7, CASES, GENERATORS), ids=str)
def test_cube8(case, table):
    board, begin, pattern = case.board, case.extra["begin"], case.extra["pattern"]
    where = f"{case.where()} start {C.xy(board.start)} cubes {board.cubes}"
    best = R.fewest_rolls(begin, pattern)
    solvers = ("bibfs", "idastar") + (("table",) if board.cubes is None else ())
    for solver in solvers:
        sol = solve(board, solver, {}, SearchControl(), Limits(), table_path=table)
        assert sol.status == Status.SOLVED and sol.length == best, (solver, where)
        check_rolls(sol, begin, pattern)
        if best > 1:  # a cap of 0 means no cap
            capped = solve(board, solver, {"cap": best - 1}, SearchControl(), Limits(), table_path=table)
            assert (capped.status, capped.limit) == (Status.LIMIT, Limit.DEPTH), (solver, where)
