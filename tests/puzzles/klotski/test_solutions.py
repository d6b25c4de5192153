"""Shortest solutions and censuses against the plain reference solver in reference.py."""
import numpy as np
import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles.klotski.board import parse
from puzzle_explorer.puzzles.klotski.presets import BY_ID
from puzzle_explorer.puzzles.klotski.solve import solve
from tests.puzzles.klotski import reference

SMALL = [
    # (rows, note)
    ("AAb/AA./c.d", "2x2 target in a 3x3 box"),
    ("AB./CD./..E\ntarget: A", "all soldiers"),
    ("aAA/bAA/..c/dd.", "mixed shapes, 3x4"),
    ("A.#/BB./.cc\ntarget: B", "walls"),
    ("AAB./AAB./CDD./C...", "4x4 with dominoes"),
    ("ABC/DE.\ntarget: A\ngoal: 3,2", "a 2x3 sliding-tile puzzle"),
    ("AA../AAb./cdd./c.ee", "several same shapes"),
    ("AAx/AA#/yy.", "no way out"),
]
CONVENTIONS = ["unit", "straight", "free"]
ALGOS = ["bfs", "bibfs", "astar", "idastar"]


def replay(board, solution, convention):
    """Every move is legal in the reference's eyes, every board shown is the one it makes,
    and the target ends on its goal."""
    moves = [(s.data["piece"], (s.data["from"][0] - 1, s.data["from"][1] - 1),
              (s.data["to"][0] - 1, s.data["to"][1] - 1)) for s in solution.steps[1:]]
    reference.check_moves(board.inline(), moves, convention, board.target_piece().letter, board.goal_cell(),
                          [s.board.inline() for s in solution.steps[1:]])


def target_and_goal(board):
    return board.target_piece().letter, board.goal_cell()


@pytest.mark.parametrize("rows,note", SMALL)
@pytest.mark.parametrize("convention", CONVENTIONS)
@pytest.mark.parametrize("distinct", [False, True])
def test_small_boards_every_algorithm(rows, note, convention, distinct):
    board = parse(rows)
    target, goal = target_and_goal(board)
    best, reachable = reference.shortest(board.inline(), target, goal, convention, distinct, census=True)
    options = {"moves": convention, "distinct": distinct}
    for algo in ALGOS:
        sol = solve(board, algo, options, SearchControl(), Limits())
        if best is None:
            assert sol.status == Status.UNSOLVABLE, (algo, note)
        else:
            assert sol.status == Status.SOLVED, (algo, note)
            assert sol.length == best, (algo, note)
            replay(board, sol, convention)
    census = solve(board, "census", options, SearchControl(), Limits())
    assert census.details["census"]["states"] == reachable
    assert census.details["census"]["goal_depth"] == best


@pytest.mark.parametrize("preset", ["hengdao-lima", "yusheng-xili", "biyi-hengkong"])
@pytest.mark.parametrize("convention", CONVENTIONS)
def test_classic_layouts_match_reference(preset, convention):
    """The shortest solutions, and 横刀立马's census in unit moves: the reference's census walks on
    past the goal in the same breadth-first order, so one walk gives both its shortest length and
    its reachable positions (a second walk for the census alone took seconds)."""
    board = parse(BY_ID[preset].text)
    target, goal = target_and_goal(board)
    census = (preset, convention) == ("hengdao-lima", "unit")
    best, reachable = reference.shortest(board.inline(), target, goal, convention, census=census)
    for algo in ("bfs", "bibfs", "astar"):
        sol = solve(board, algo, {"moves": convention}, SearchControl(), Limits())
        assert sol.status == Status.SOLVED and sol.length == best, algo
    replay(board, sol, convention)
    if census:
        counted = solve(board, "census", {"moves": "unit"}, SearchControl(), Limits()).details["census"]
        assert counted["states"] == reachable


def test_unsolvable_classic_is_proved_unsolvable():
    board = parse(BY_ID["zoutou-wulu"].text)
    sol = solve(board, "bfs", {"moves": "free"}, SearchControl(), Limits())
    assert sol.status == Status.UNSOLVABLE and sol.length is None


def test_every_preset_parses_and_validates():
    from puzzle_explorer.puzzles.klotski.board import validate
    for preset in BY_ID.values():
        board = parse(preset.text)
        validate(board)
        assert board.target_piece().letter == "A"
        assert board.goal_cell() == (1, 3)


def test_explicit_target_and_goal():
    board = parse("ab./...\ntarget: b\ngoal: 1,2")
    sol = solve(board, "bfs", {"moves": "unit"}, SearchControl(), Limits())
    best, _ = reference.shortest(board.inline(), "b", (0, 1), "unit")
    assert sol.length == best



@pytest.mark.parametrize("rows", ["AAb./AAc./dd../ee..", "AA../AAb./cdd./c.ee", "AB./CD./..E\ntarget: A"])
@pytest.mark.parametrize("rows_tabulated", [0, 70])
def test_classes_too_big_to_tabulate_are_decoded(monkeypatch, rows, rows_tabulated):
    """A class of several pieces whose ranks the context does not tabulate (as on a big board) is
    decoded rank by rank, with the answers of the tabulated classes: here none is tabulated, or
    only the smaller of two (66 ranks against 120)."""
    from puzzle_explorer.puzzles.klotski.kernels import packing
    board = parse(rows)
    answers = {}
    for most in (packing.TABLE_ROWS, rows_tabulated):
        monkeypatch.setattr(packing, "TABLE_ROWS", most)
        for convention in CONVENTIONS:
            sol = solve(board, "bfs", {"moves": convention}, SearchControl(), Limits())
            replay(board, sol, convention)
            census = solve(board, "census", {"moves": convention}, SearchControl(), Limits()).details["census"]
            answers.setdefault(convention, []).append((sol.length, census["states"], census["goal_states"]))
    assert all(len(set(a)) == 1 for a in answers.values()), answers


@pytest.mark.parametrize("convention", CONVENTIONS)
def test_census_paths_agree_on_hengdao_lima(monkeypatch, convention):
    """横刀立马's census in one kernel call (the small levels' path), level by level on one thread,
    on two threads with each level's merge split between them, and on four with each level laid out
    by key range: the same counts."""
    from puzzle_explorer.core.kernels import census
    from puzzle_explorer.core.run.search import count_states
    from puzzle_explorer.puzzles.klotski.kernels.packing import encode, make_context, make_layout, with_own_scratch

    board = parse(BY_ID["hengdao-lima"].text)
    layout = make_layout(board, convention, False)
    ctx = make_context(layout)
    start = np.array([encode(layout, board)], dtype=np.uint64)
    answers = set()
    monkeypatch.setattr(census, "MIN_SLICE", 1)  # every level on every thread, however small
    for small, split, contexts in ((census.SMALL_LEVEL, census.SPLIT_MERGE, [ctx]), (0, 1 << 62, [ctx]),
                                   (0, 2, [ctx, with_own_scratch(ctx)]),
                                   (0, 2, [ctx] + [with_own_scratch(ctx) for _ in range(3)])):
        monkeypatch.setattr(census, "SMALL_LEVEL", small)
        monkeypatch.setattr(census, "SPLIT_MERGE", split)
        out = count_states(start, contexts, SearchControl(), Limits())
        answers.add((out.census.states, out.census.goal_states, out.census.max_depth, out.census.goal_depth))
    assert len(answers) == 1, answers
    assert next(iter(answers))[:2] == (25_955, 964)
