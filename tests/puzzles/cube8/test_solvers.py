"""Every solver's answers against the plain reference BFS, and every path checked roll by roll."""
import numpy as np
import pytest

from puzzle_explorer.core.kernels.counters import STOP, STOP_CANCEL
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.puzzles.cube8 import cubes as C
from puzzle_explorer.puzzles.cube8 import table as T
from puzzle_explorer.puzzles.cube8.board import Board, parse, parse_pattern
from puzzle_explorer.puzzles.cube8.presets import PRESETS
from puzzle_explorer.puzzles.cube8.solve import build_table, solve
from tests.puzzles.cube8 import reference as R
from tests.puzzles.cube8.cases import random_cases, rows


def ref_position(position):
    return tuple(None if o == C.EMPTY else tuple(C.COLOURS[c] for c in C.ORIENTATIONS[o]) for o in position)


def check_path(board, solution, pattern_letters):
    """Each step is one legal roll (per the reference) and the last shows the pattern."""
    positions = [ref_position(step.board.position()) for step in solution.steps]
    assert positions[0] == ref_position(board.position())
    for before, after, step in zip(positions, positions[1:], solution.steps[1:]):
        assert after in R.neighbours(before)
        assert step.data["to"] == [before.index(None) % 3 + 1, before.index(None) // 3 + 1]
    assert R.shows(positions[-1], pattern_letters)


def board_of(x, y, pattern):
    return Board(C.square_at(x, y), parse_pattern(rows(pattern)))


@pytest.mark.parametrize("solver", ["bibfs", "idastar", "table"])
def test_random_cases_match_the_reference(solver, with_table):
    for x, y, pattern, expected in random_cases(seed=2024, n_walked=14, n_uniform=10):
        board = board_of(x, y, pattern)
        solution = solve(board, solver, {}, SearchControl(), Limits())
        assert solution.status == Status.SOLVED and solution.length == expected, (x, y, pattern)
        check_path(board, solution, pattern)


def test_presets_have_the_lengths_they_claim(with_table):
    with T.open_table() as table:
        for preset in PRESETS:
            board = parse(preset.text)
            claimed = int(preset.note.rsplit("shortest ", 1)[1].split()[0])
            assert table.fewest_rolls(board.start, board.pattern) == claimed, preset.id
            solution = solve(board, "bibfs", {}, SearchControl(), Limits())
            assert solution.length == claimed, preset.id
            check_path(board, solution, board.pattern_text(""))
            if claimed <= 31:  # the plain reference is slow beyond that
                assert R.fewest_rolls(R.start(*C.xy(board.start)), board.pattern_text("")) == claimed


def test_the_table_agrees_with_its_own_sweep_on_every_start(with_table):
    """Every start square (not only the three the file stores) against bibfs, many patterns."""
    rng = np.random.default_rng(3)
    with T.open_table() as table:
        for start in range(9):
            for _ in range(6):
                letters = list(rng.choice(list("WBR"), 9))
                letters[rng.integers(9)] = "E"
                board = Board(start, parse_pattern(rows("".join(letters))))
                solution = solve(board, "bibfs", {}, SearchControl(), Limits())
                assert table.fewest_rolls(start, board.pattern) == solution.length


def test_cap_ends_with_limit_depth():
    board = board_of(0, 0, "WERBWBRRR")  # 31 rolls
    for solver in ("bibfs", "idastar"):
        capped = solve(board, solver, {"cap": 30}, SearchControl(), Limits())
        assert capped.status == Status.LIMIT and capped.limit == Limit.DEPTH and capped.length is None
    assert solve(board, "bibfs", {"cap": 31}, SearchControl(), Limits()).length == 31


def test_from_the_middle_of_a_solution(with_table):
    board = board_of(1, 0, "RRRWEWRRR")
    full = solve(board, "table", {}, SearchControl(), Limits())
    middle = full.steps[5].board
    assert middle.cubes is not None
    rest = solve(middle, "bibfs", {}, SearchControl(), Limits())
    assert rest.length == full.length - 5
    check_path(middle, rest, "RRRWEWRRR")
    with pytest.raises(Exception, match="answers from the start position"):
        solve(middle, "table", {}, SearchControl(), Limits())


def test_cancel_and_limits():
    board = board_of(1, 0, "BRBBEBBRB")
    control = SearchControl()
    control.counters[STOP] = STOP_CANCEL
    assert solve(board, "bibfs", {}, control, Limits()).status == Status.CANCELLED
    capped = solve(board, "bibfs", {}, SearchControl(), Limits(max_states=1000))
    assert capped.status == Status.LIMIT and capped.limit == Limit.STATES
    small = solve(board, "bibfs", {}, SearchControl(), Limits(max_memory=2**20))
    assert small.status == Status.LIMIT and small.limit == Limit.MEMORY
    small = solve(board, "bibfs", {}, SearchControl(), Limits(max_memory=C.SPACE + 2**12))
    assert small.status == Status.LIMIT and small.limit == Limit.MEMORY


def test_a_stopped_build_writes_nothing(tmp_path):
    control = SearchControl()
    control.counters[STOP] = STOP_CANCEL
    path, _ = build_table(control, tmp_path / T.FILE_NAME)
    assert path is None and not list(tmp_path.iterdir())


def test_a_damaged_table_is_not_used(tmp_path):
    bad = tmp_path / T.FILE_NAME
    bad.write_bytes(T.HEADER + b"\0" * 10)
    assert T.open_table(bad) is None
