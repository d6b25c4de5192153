"""Limits that hold on sliding tiles: every solver ends with status limit under --max-states,
--max-memory and the time limit, and building the pattern databases counts against them too."""
import json
import os
import sys
from pathlib import Path

import pytest

from bench.harness import run as measured
from puzzle_explorer.core.run.memory import SCRATCH
from puzzle_explorer.core.run.progress import Phase, SearchControl
from puzzle_explorer.core.run.runner import Job
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.puzzles.tiles import pdb as D
from puzzle_explorer.puzzles.tiles.board import parse
from puzzle_explorer.puzzles.tiles.kernels import patterns as P
from puzzle_explorer.puzzles.tiles.kernels.rows import rows_bytes
from puzzle_explorer.puzzles.tiles.presets import BY_ID
from puzzle_explorer.puzzles.tiles.solve import plan, solve
from tests.cli.commands import run_cli
from tests.kernel_cache import with_kernels
from tests.puzzles.tiles.reference import replay

ROOT = Path(__file__).resolve().parents[3]
KORF_88 = parse(BY_ID["korf-88"].text)  # 65 moves: far more than any cap below lets a search see
THREE_BY_FOUR = parse(BY_ID["three-by-four"].text)  # 42 moves, millions of positions
SIX = parse(BY_ID["thirty-five"].text)
MIB = 2**20
TREE = [("idastar", {"heuristic": "manhattan"}), ("idastar", {"heuristic": "linear-conflict"}),
        ("auto", {})]


def solved_with(board, solver, options, limits, control=None):
    return solve(board, solver, options, control or SearchControl(), limits)


@pytest.mark.parametrize("solver,options", TREE)
@pytest.mark.parametrize("cap", [1, 2, 1000, 54_321])
def test_idastar_enters_exactly_the_nodes_the_cap_allows(solver, options, cap, pdb_cache):
    sol = solved_with(KORF_88, solver, options, Limits(max_states=cap))
    assert sol.status == Status.LIMIT and sol.limit == Limit.STATES
    assert sol.stats.nodes_expanded == cap
    assert 0 < sol.details["shortest_at_least"] <= 65


@pytest.mark.parametrize("solver", ["astar", "bfs", "bibfs", "census"])
def test_graph_searches_stop_at_the_state_cap(solver):
    sol = solved_with(THREE_BY_FOUR, solver, {}, Limits(max_states=5000))
    assert sol.status == Status.LIMIT and sol.limit == Limit.STATES
    assert 0 < sol.stats.states_seen <= 5000


@pytest.mark.parametrize("cap", [1, 500, 5000])
def test_row_by_row_stops_at_the_state_cap(cap):
    sol = solved_with(SIX, "rows", {}, Limits(max_states=cap))
    assert sol.status == Status.LIMIT and sol.limit == Limit.STATES
    assert 0 < sol.stats.states_seen <= cap
    whole = solved_with(SIX, "rows", {}, Limits())
    assert whole.status == Status.SOLVED and whole.stats.states_seen > cap
    again = solved_with(SIX, "rows", {}, Limits(max_states=whole.stats.states_seen))
    assert again.status == Status.SOLVED and again.length == whole.length  # the cap it needs is enough


@pytest.mark.parametrize("solver,options", TREE + [("rows", {}), ("astar", {}), ("bfs", {}), ("bibfs", {}),
                                                   ("census", {})])
def test_a_budget_smaller_than_the_fixed_arrays_ends_with_limit_memory(capsys, solver, options, pdb_cache):
    board = SIX if solver == "rows" else THREE_BY_FOUR
    sol = solved_with(board, solver, options, Limits(max_memory=200 * 1024))
    assert sol.status == Status.LIMIT and sol.limit == Limit.MEMORY
    assert sol.stats.nodes_expanded == 0


@pytest.mark.parametrize("solver", ["astar", "bfs", "bibfs", "census"])
def test_graph_searches_fill_their_budget_then_stop(solver):
    sol = solved_with(THREE_BY_FOUR, solver, {}, Limits(max_memory=4 * MIB))
    assert sol.status == Status.LIMIT and sol.limit == Limit.MEMORY
    assert sol.stats.states_seen > 1000


def test_row_by_row_fits_a_budget_just_above_its_arrays():
    need = rows_bytes(SIX.width, SIX.height)
    assert need > 700_000  # the placing search over two tiles and the blank on 36 cells
    sol = solved_with(SIX, "rows", {}, Limits(max_memory=need + 2 * MIB))
    assert sol.status == Status.SOLVED
    moves = [s.data for s in sol.steps[1:]]
    assert replay(6, 6, SIX.tiles, moves) == SIX.goal_tiles()


@pytest.mark.realtime
@pytest.mark.parametrize("solver,options", TREE + [("rows", {}), ("astar", {}), ("bfs", {}), ("census", {})])
def test_the_time_limit_ends_every_search_with_limit_time(solver, options, pdb_cache):
    control = SearchControl()
    control.time_out()  # as the job does once the time is up
    board = SIX if solver == "rows" else THREE_BY_FOUR
    sol = solved_with(board, solver, options, Limits(), control)
    assert sol.status == Status.LIMIT and sol.limit == Limit.TIME


@pytest.mark.realtime
def test_a_real_timeout_stops_a_long_search():
    sol = Job(lambda control: solved_with(KORF_88, "idastar", {"heuristic": "manhattan"}, Limits(), control),
              timeout_s=0.3).run()
    assert sol.status == Status.LIMIT and sol.limit == Limit.TIME
    assert sol.stats.nodes_expanded > 10_000 and sol.details["shortest_at_least"] >= 45


def test_building_the_databases_counts_against_the_limits(empty_cache):
    board = parse(BY_ID["hardest-8a"].text)
    part = P.partition(3, 3, 8)
    pdb = {"heuristic": "pdb"}
    small = solved_with(board, "idastar", pdb, Limits(max_memory=D.build_memory(part)))
    assert small.status == Status.LIMIT and small.limit == Limit.MEMORY
    assert small.details["note"].startswith("building the 3x3 4-4 pattern databases needs")
    few = solved_with(board, "idastar", pdb, Limits(max_states=part.entries() - 1))
    assert few.status == Status.LIMIT and few.limit == Limit.STATES
    assert f"fills {part.entries():,} entries" in few.details["note"]
    control = SearchControl()
    control.time_out()
    late = solved_with(board, "idastar", pdb, Limits(), control)
    assert late.status == Status.LIMIT and late.limit == Limit.TIME
    assert list(empty_cache.iterdir()) == []  # nothing half-built is left
    # auto does not choose what it may not build; it says why
    chosen = plan(board, "auto", {}, Limits(max_states=part.entries() - 1))
    assert chosen.heuristic == "linear-conflict" and "--max-states" in chosen.why
    assert solved_with(board, "auto", {}, Limits(max_states=10**6)).length == 31


def test_auto_leaves_out_databases_larger_than_the_budget(pdb_cache):
    board = parse(BY_ID["hardest-8a"].text)
    part = P.partition(3, 3, 8)
    assert solved_with(board, "auto", {}, Limits()).details["chosen"] == "IDA* with the 4-4 pattern databases"
    tight = plan(board, "auto", {}, Limits(max_memory=D.search_memory(part) + 200 * 1024))
    assert tight.heuristic == "linear-conflict" and "do not fit the memory budget" in tight.why
    roomy = plan(board, "auto", {}, Limits(max_memory=D.search_memory(part) + 8 * MIB))
    assert roomy.heuristic == "pdb"
    # asked for by name, tables larger than the budget end the search before it starts, and say so
    sol = solved_with(board, "idastar", {"heuristic": "pdb"}, Limits(max_memory=D.search_memory(part) + 200 * 1024))
    assert sol.status == Status.LIMIT and sol.limit == Limit.MEMORY
    assert sol.details["note"].startswith("the 4-4 pattern databases take")


def test_build_pdb_command_says_what_it_will_not_build(capsys, empty_cache):
    code, out, _ = run_cli(capsys, "solve", "tiles", "--build-pdb", "--size", "4x4", "--max-memory", "16M")
    assert code == 0 and out.startswith("not built: the 4x4 6-6-3 pattern databases need")
    code, out, _ = run_cli(capsys, "solve", "tiles", "--build-pdb", "--size", "3x3", "--max-states", "100")
    assert code == 0 and out.startswith("not built: the 3x3 4-4 pattern databases fill")
    assert list(empty_cache.iterdir()) == []


def test_build_pdb_command_refuses_in_json_with_json(capsys, empty_cache):
    code, out, err = run_cli(capsys, "solve", "tiles", "--build-pdb", "--size", "4x4", "--max-memory", "16M",
                             "--json")
    answer = json.loads(out)
    assert code == 0 and (answer["status"], answer["limit"]) == ("limit", "memory") and err == ""
    assert answer["note"].startswith("not built: the 4x4 6-6-3 pattern databases need")
    code, out, _ = run_cli(capsys, "solve", "tiles", "--build-pdb", "--size", "3x3", "--max-states", "100", "--json")
    assert code == 0 and (json.loads(out)["status"], json.loads(out)["limit"]) == ("limit", "states")
    assert list(empty_cache.iterdir()) == []


def test_cli_limit_statuses_in_json(capsys):
    code, out, _ = run_cli(capsys, "solve", "tiles", "--preset", "korf-88", "--algo", "idastar", "--heuristic",
                           "manhattan", "--max-states", "777", "--json")
    data = json.loads(out)
    assert code == 0 and (data["status"], data["limit"]) == ("limit", "states")
    assert data["stats"]["nodes_expanded"] == 777 and data["shortest_at_least"] >= 43


@pytest.mark.processes
def test_database_build_peak_memory_stays_within_the_budget(tmp_path, monkeypatch):
    """Building 6-6-3 in a process of its own under the smallest budget that lets it start: the peak
    over a trivial build in the same kind of process (the interpreter, numba, the same kernels)
    stays within the budget, since each table leaves the process once written."""
    monkeypatch.chdir(ROOT)
    env = {"PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}

    def build(size, cache, *more):
        # a cache folder of its own for the databases, sharing the suite's compiled kernels
        with_kernels(cache)
        return measured([sys.executable, "-m", "puzzle_explorer", "solve", "tiles", "--build-pdb", "--size", size, *more],
                        env={**env, "PUZZLE_EXPLORER_CACHE": str(cache)})

    part = P.partition(4, 4, 15)
    budget = D.build_memory(part) + SCRATCH  # what fits() asks of the budget
    build("2x2", tmp_path / "warm")  # loads (or compiles) the kernels
    baseline = build("2x2", tmp_path / "baseline")
    refused = build("4x4", tmp_path / "refused", "--max-memory", str(budget - 1))
    assert refused.stdout.startswith("not built")
    full = build("4x4", tmp_path / "full", "--max-memory", str(budget))
    assert "pattern databases: 5.5 MiB" in full.stdout
    assert full.max_rss_kb - baseline.max_rss_kb <= budget // 1024, (full.max_rss_kb, baseline.max_rss_kb, budget)


def test_databases_built_inside_a_search_are_built_in_their_own_phase(empty_cache, monkeypatch):
    """The progress line, the trace and the app's Stats pane name the build, not "searching"."""
    control = SearchControl()
    seen = []
    build = D.build_table

    def watched(*args, **kwargs):
        seen.append(control.phase)
        return build(*args, **kwargs)

    monkeypatch.setattr(D, "build_table", watched)
    sol = solved_with(parse(BY_ID["hardest-8a"].text), "idastar", {"heuristic": "pdb"}, Limits(), control)
    assert sol.length == 31 and "pdb_built_s" in sol.details
    assert seen and set(seen) == {Phase.BUILDING_TABLE}
