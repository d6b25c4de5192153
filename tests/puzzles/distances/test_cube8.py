"""The census from the pattern on the cubic eight-puzzle, checked against solves and the plain reference."""
import random

import numpy as np
import pytest

from puzzle_explorer.core.kernels import tables
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.puzzles.cube8 import cubes as C
from puzzle_explorer.puzzles.cube8 import distances as CD
from puzzle_explorer.puzzles.cube8.board import parse
from puzzle_explorer.puzzles.cube8.presets import BY_ID
from puzzle_explorer.puzzles.cube8.solve import TABLE_POSITIONS, solve
from tests.puzzles.cube8 import reference

# The tests of the census below share it: on one xdist worker it is counted once (2 s), not once a worker.
ONE_CENSUS = pytest.mark.xdist_group("cube8-three-rolls-census")


@pytest.fixture(scope="module")
def three_rolls():
    """The census of a preset from every goal position of its parity, its table kept."""
    board = parse(BY_ID["three-rolls"].text)
    return board, solve(board, "distances", {"keep": True, "hardest": 3}, SearchControl(), Limits())


@ONE_CENSUS
def test_every_sampled_position_is_as_far_as_a_solve_says(three_rolls):
    board, sol = three_rolls
    c = sol.details["census"]
    assert sol.status == Status.SOLVED and c["start_distance"] == 3 == sol.length
    assert sum(c["by_distance"]) == c["states"] == sol.table.table.states
    assert c["goal_states"] == 128  # the pattern's goal positions of the start's parity
    rng = random.Random(3)
    dist = sol.table.table.dist
    for d in (0, 1, 2, 7, 15, c["max_distance"] - 1):
        numbers = np.flatnonzero(dist == d)
        here = sol.table.space.board(int(rng.choice(numbers)))
        assert sol.table.distance(here) == d
        solved = solve(here, "bibfs", {}, SearchControl(), Limits())
        assert solved.status == Status.SOLVED and solved.length == d


@ONE_CENSUS
def test_the_hardest_positions_take_the_reported_rolls(three_rolls):
    board, sol = three_rolls
    c = sol.details["census"]
    assert len(c["hardest"]) == 3
    for text in c["hardest"]:
        here = parse(text)  # one line, cubes included: pastes into --board
        assert solve(here, "bibfs", {}, SearchControl(), Limits()).length == c["max_distance"]


@ONE_CENSUS
def test_the_start_component_is_the_start_sweep(three_rolls):
    board, _ = three_rolls
    sol = solve(board, "distances", {"scope": "component"}, SearchControl(), Limits())
    assert sol.details["census"]["states"] == TABLE_POSITIONS[1]  # an edge start's sweep reaches these
    assert sol.table is None  # not kept unless asked


def plain(position):
    """A position as the reference writes it: letters (top, x, y) per cube, None for the empty square."""
    return tuple(None if o == C.EMPTY else tuple("WBR"[f] for f in C.ORIENTATIONS[o]) for o in position)


def test_moves_are_the_rolls_of_the_reference():
    board = parse(BY_ID["three-rolls"].text)
    space = CD.space(board, {})
    rng = random.Random(5)
    for _ in range(20):
        here = space.board(rng.randrange(C.SPACE))
        moves = CD.moves(here, {})
        assert sorted([plain(m.board.position()) for m in moves], key=str) == \
            sorted(reference.neighbours(plain(here.position())), key=str)
        ex, ey = C.xy(C.empty_of(here.position()))
        for m in moves:
            (cx, cy), arrow = m.mark, m.arrow
            assert C.ROLL_NAMES[(ex - cx, ey - cy)] == arrow  # the arrow moves the cube onto the empty square


def test_the_census_needs_its_arrays_within_the_budget():
    board = parse(BY_ID["three-rolls"].text)
    sol = solve(board, "distances", {}, SearchControl(), Limits(max_memory=10 * 2**20))
    assert sol.status == Status.LIMIT and sol.limit == Limit.MEMORY
    assert "needs" in sol.details["census"]["note"]
    est = CD.space(board, {}).estimate(Limits(max_memory=10 * 2**20))
    assert est.fits is False and "more than the memory budget" in est.text()
    sol = solve(board, "distances", {}, SearchControl(), Limits(max_states=1000))
    assert sol.status == Status.LIMIT and sol.limit == Limit.STATES


@ONE_CENSUS
def test_a_dense_table_round_trips(three_rolls, tmp_path):
    board, sol = three_rolls
    path = tables.save(sol.table.table, tmp_path / "c.tbl", "cube8")
    again = tables.load(path, "cube8", sol.table.identity)
    assert np.array_equal(again.dist, sol.table.table.dist) and again.scope == {"from": "all"}
    other = parse("start: 2,1\nWWW\nWWW\nWWE")
    with pytest.raises(ValueError, match="pattern RBW/RWW/EWW in the table, WWW/WWW/WWE here"):
        tables.load(path, "cube8", CD.space(other, {}).identity)
