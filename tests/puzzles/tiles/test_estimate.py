"""IDA*'s iterations estimated before they run (puzzles/tiles/kernels/estimate.py): the stratified samples
average to the nodes a plain recursive count finds under the bound, and to the kernel's own count;
the table, --estimate on the command line, and the time left during a search."""
import json

import numpy as np
import pytest

from puzzle_explorer.core.kernels.counters import STOP, STOP_CANCEL, new_counters
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.puzzles.tiles import split as S
from puzzle_explorer.puzzles.tiles.board import Board, parse
from puzzle_explorer.puzzles.tiles.geometry import neighbours
from puzzle_explorer.puzzles.tiles.kernels import estimate as E
from puzzle_explorer.puzzles.tiles.kernels import heuristics as H
from puzzle_explorer.puzzles.tiles.kernels import patterns as P
from puzzle_explorer.puzzles.tiles.presets import BY_ID
from puzzle_explorer.puzzles.tiles.solve import HEURISTICS, ready_idastar
from tests.cli.commands import run_cli
from tests.puzzles.tiles.conftest import pdb_cache, pdb_dir  # noqa: F401  (fixtures: databases in a folder of the run)
from tests.puzzles.tiles.reference import neighbours as reference_neighbours
from tests.puzzles.tiles.scrambled import scrambled_boards

SHAPES = [(3, 2), (2, 3), (3, 3), (4, 2), (3, 4), (4, 4)]


def manhattan(board: Board, tiles: list[int]) -> int:
    w, goal = board.width, board.goal_tiles()
    return sum(abs(c % w - goal.index(t) % w) + abs(c // w - goal.index(t) // w)
               for c, t in enumerate(tiles) if t)


def reference_count(board: Board, bound: int) -> int:
    """The nodes IDA* enters under `bound`, counted plainly: the root, then every slide that does not
    undo the one before, whose board is not the goal and whose moves plus Manhattan distance stay
    within the bound."""
    def below(tiles: list[int], blank: int, back: int, depth: int) -> int:
        n = 1
        for cell in reference_neighbours(board.width, board.height, blank):
            if cell == back:
                continue
            child = list(tiles)
            child[blank], child[cell] = child[cell], 0
            h = manhattan(board, child)
            if h == 0 or depth + 1 + h > bound:
                continue
            n += below(child, cell, blank, depth + 1)
        return n

    return below(list(board.tiles), board.tiles.index(0), -1, 0)


def setup_for(board: Board, heuristic: str = "manhattan", lookups=None) -> S.Setup:
    goal = board.goal_tiles()
    return S.Setup(np.array(board.tiles, dtype=np.int64), neighbours(board.width, board.height),
                   H.goal_tables(board.width, board.height, goal),
                   P.no_lookups(board.size) if lookups is None else lookups, HEURISTICS[heuristic], S.NO_CAP)


def kernel_count(setup: S.Setup, bound: int) -> int | None:
    """The nodes of the iteration under `bound`; None when it finds the goal (and stops there)."""
    done = S.run_pass(setup, setup.root(), bound, new_counters(quiet=True))
    return done.nodes if done.code == S.EXHAUSTED else None


def first_bound(board: Board) -> int:
    return manhattan(board, list(board.tiles))


BOARDS = scrambled_boards(18, 5, SHAPES, 0.5, lambda w, h: range(10, 60))


@pytest.mark.parametrize("i", range(len(BOARDS)))
def test_samples_average_to_the_nodes_of_an_iteration(i):
    board = BOARDS[i]
    setup = setup_for(board)
    h0 = first_bound(board)
    for bound in (h0, h0 + 2, h0 + 4):
        exact = kernel_count(setup, bound)
        if exact is None:
            break
        if board.size <= 12:
            assert exact == reference_count(board, bound)
        got = E.iteration(setup, bound, probes=2000, seed=i + 1)
        assert got.dives == 2000
        assert abs(got.nodes - exact) <= 5 * got.nodes_se + 1e-6 * exact, (bound, got, exact)


def test_an_iteration_without_choices_is_estimated_exactly():
    # one tile from home: under the first bound the search enters the root alone (its goal child is met, not entered)
    board = parse("1 2 3/4 5 6/7 . 8")
    got = E.iteration(setup_for(board), first_bound(board), probes=50)
    assert got.nodes == 1.0 and got.nodes_se == 0.0


@pytest.mark.parametrize("heuristic", ["linear-conflict", "pdb"])
def test_other_heuristics_average_to_the_kernels_count(heuristic, pdb_cache):
    board = parse("8 6 7/2 5 4/3 . 1")  # 31 moves, among the hardest of 3x3
    made = ready_idastar(board, heuristic, P.partition(3, 3, board.goal_tiles().index(0)) if heuristic == "pdb"
                         else None, SearchControl(), Limits())
    assert made.setup is not None
    step = 1 if heuristic == "pdb" else 2
    for bound in range(made.h0, 31, step):
        exact = kernel_count(made.setup, bound)
        assert exact is not None  # no answer shorter than 31 moves
        got = E.iteration(made.setup, bound, probes=3000)
        assert abs(got.nodes - exact) <= 5 * got.nodes_se + 1e-6 * exact, (bound, got, exact)


def test_the_stop_flag_ends_the_samples():
    board = parse(BY_ID["korf-1"].text)
    counters = new_counters(quiet=True)
    counters[STOP] = STOP_CANCEL
    assert E.iteration(setup_for(board), 57, counters).dives == 0
    assert E.table(setup_for(board), 41, 1, 1e7, counters) == []


def test_the_table_has_a_row_per_length_the_answer_may_have_with_running_totals():
    board = parse(BY_ID["korf-1"].text)
    setup = setup_for(board)
    rows = E.table(setup, 41, 1, 0.0, rows=5)
    assert [r.bound for r in rows] == [41, 43, 45, 47, 49]
    assert rows[0].total == rows[0].nodes
    for a, b in zip(rows, rows[1:]):
        assert b.total == pytest.approx(a.total + b.nodes) and b.total_se >= a.total_se
    # a search longer than the horizon at this speed ends the table
    slow = E.table(setup, 41, 1, rows[2].total / E.HORIZON_S * 0.99, rows=12)
    assert [r.bound for r in slow] == [41, 43, 45]


def test_estimate_on_the_command_line_prints_a_row_per_length_and_searches_nothing(capsys, monkeypatch):
    # the text and the JSON form print the same forecast: it is sampled once (seconds), for both runs
    import puzzle_explorer.puzzles.tiles.cli as tiles_cli
    real, forecasts = tiles_cli.estimate_idastar, []

    def estimate_once(board, solver, options, control, limits):
        if not forecasts:
            forecasts.append(((board, solver, options), real(board, solver, options, control, limits)))
        assert forecasts[0][0] == (board, solver, options), "both runs forecast the same search"
        return forecasts[0][1]

    monkeypatch.setattr(tiles_cli, "estimate_idastar", estimate_once)
    code, out, err = run_cli(capsys, "solve", "tiles", "--preset", "korf-1", "--algo", "idastar", "--heuristic",
                             "manhattan", "--estimate", "--workers", "1")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "IDA* with Manhattan distance: the answer is 41 moves or more"
    bounds = [int(line.split()[0]) for line in lines[2:-1]]
    assert bounds[:3] == [41, 43, 45] and 57 in bounds
    assert "stratified samples" in lines[-1]
    obj = json.loads(run_cli(capsys, "solve", "tiles", "--preset", "korf-1", "--algo", "idastar", "--heuristic",
                             "manhattan", "--estimate", "--workers", "1", "--json")[1])["estimate"]
    row = next(r for r in obj["rows"] if r["bound"] == 55)
    # Korf's #1 runs 49,606,848 nodes in its 55 iteration (the kernel's count, tests/scale)
    assert abs(row["nodes"] - 49_606_848) <= 5 * row["nodes_se"]
    assert obj["shortest_at_least"] == 41 and obj["nodes_per_s"] > 0 and row["seconds"] > 0


@pytest.mark.parametrize("args, says", [
    (["--algo", "bfs"], "--estimate forecasts IDA* (--algo auto or idastar), not --algo bfs"),
    (["--census"], "--estimate forecasts IDA*: leave out --census"),
])
def test_estimate_refuses_what_is_no_tree_search(args, says, capsys):
    code, _, err = run_cli(capsys, "solve", "tiles", "--preset", "korf-1", "--estimate", *args)
    assert code == 2 and says in err


def test_an_unsolvable_board_has_nothing_to_estimate(capsys):
    code, out, _ = run_cli(capsys, "solve", "tiles", "--board", "2 1 3/4 5 6/7 8 .", "--algo", "idastar", "--estimate")
    assert code == 0 and out.startswith("no search: ")


def test_a_board_at_its_goal_has_nothing_to_estimate(capsys):
    code, out, _ = run_cli(capsys, "solve", "tiles", "--board", "1 2 3/4 5 6/7 8 .", "--algo", "idastar", "--estimate")
    assert code == 0 and out == "no search: the board is at its goal\n"


def test_a_long_iteration_shows_the_time_it_has_left(monkeypatch):
    """Every iteration after a large one gets an estimate first, of where its end will be."""
    monkeypatch.setattr(S, "ESTIMATE_AFTER", 1000)
    board = parse(BY_ID["korf-1"].text)
    setup = setup_for(board)
    control = SearchControl()
    control.quiet()
    seen = []
    real_expect = control.expect

    def expect(nodes, se, of=""):
        seen.append((control.snapshot(decode=False).expanded, nodes, of))
        real_expect(nodes, se, of)

    control.expect = expect
    out = S.search(setup, 41, control, 3_000_000, None, None)
    assert out.code == S.CAP
    assert len(seen) >= 3 and all(of == "iteration" for _, _, of in seen)
    # each expectation: where the search will stand when its iteration ends, which the next one's start shows
    for (start, expected, _), (end, _, _) in zip(seen, seen[1:]):
        assert 0.5 < (expected - start) / (end - start) < 2


def test_the_time_left_says_it_is_the_iterations():
    from puzzle_explorer.core.run.progress import Snapshot
    from puzzle_explorer.puzzles.kit.cli_support import eta_text

    s = Snapshot("searching", expanded=1_000, elapsed_s=1.0, expected=3_000.0, expected_se=500.0,
                 expected_of="iteration")
    assert eta_text(s) == " · about 2.0 s left in this iteration (± 0.5 s)"
