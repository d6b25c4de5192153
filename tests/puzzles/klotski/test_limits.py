"""Limits that hold on sliding blocks: each search ends with status limit before passing its budget."""
import json
import os
import sys
from pathlib import Path

import pytest

from bench.harness import run
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.puzzles.klotski.board import parse
from puzzle_explorer.puzzles.klotski.solve import solve
from tests.cli.commands import run_cli

ROOT = Path(__file__).resolve().parents[3]
# eight small pieces and the target on a nearly empty 6x6 board: its levels grow a hundredfold a move
WIDE = "AAbcde/AAfgh./....../....../....../......"
# the same above a wall whose one gap the target cannot pass: no search ends before its limits
WALLED = "AAbcde/AAfgh./....../....../#.####/....../......"
MIB = 2**20


@pytest.mark.parametrize("algo", ["bfs", "astar"])
def test_a_small_budget_ends_each_search_with_limit_memory(capsys, algo):
    code, out, _ = run_cli(capsys, "solve", "klotski", "--preset", "hengdao-lima", "--moves", "unit",
                           "--distinct", "--algo", algo, "--max-memory", "4M", "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "limit" and data["limit"] == "memory"


@pytest.mark.parametrize("algo", ["astar", "idastar"])
def test_a_target_that_cannot_pass_the_walls_is_proved_unsolvable_at_once(capsys, algo):
    # the heuristic says no goal is reachable even by the target alone: nothing to search
    code, out, _ = run_cli(capsys, "solve", "klotski", "--board", WALLED, "--goal", "1,6", "--distinct",
                           "--algo", algo, "--max-memory", "4M", "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "unsolvable"
    assert data["stats"]["nodes_expanded"] <= 1


def test_a_small_budget_ends_the_census_with_limit_memory(capsys):
    code, out, _ = run_cli(capsys, "solve", "klotski", "--board", WALLED, "--distinct", "--census",
                           "--max-memory", "4M", "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "limit" and data["limit"] == "memory"
    assert data["census"]["states"] > 1000


@pytest.mark.parametrize("algo", ["bfs", "astar", "census"])
def test_a_state_cap_ends_each_search_with_limit_states(algo):
    # the classic layout needs 81 moves: thousands of states before any answer
    board = parse("HAAI/HAAI/JBBK/JNOK/P..Q")
    sol = solve(board, algo, {"distinct": True}, SearchControl(), Limits(max_states=2000))
    assert sol.status == Status.LIMIT and sol.limit == Limit.STATES
    assert 0 < sol.stats.states_seen <= 2000


def test_bibfs_lists_no_more_goal_positions_than_half_the_budget_holds():
    sol = solve(parse(WIDE), "bibfs", {"distinct": True}, SearchControl(), Limits(max_memory=2 * MIB))
    assert sol.status == Status.LIMIT and sol.limit == Limit.MEMORY
    assert f"more than {MIB // 16:,} goal positions" in sol.details["note"]


def test_bibfs_with_more_goal_positions_than_its_budget_says_memory_limited_it_not_states():
    """Half of 160 MiB holds 5.2 million goal positions listed: more than the 4 million the listing
    once stopped at, calling it a state limit nobody gave."""
    sol = solve(parse(WIDE), "bibfs", {"distinct": True}, SearchControl(), Limits(max_memory=160 * MIB))
    assert sol.status == Status.LIMIT and sol.limit == Limit.MEMORY
    assert f"more than {160 * MIB // 2 // 16:,} goal positions" in sol.details["note"]
    capped = solve(parse(WIDE), "bibfs", {"distinct": True}, SearchControl(), Limits(max_states=1000))
    assert capped.status == Status.LIMIT and capped.limit == Limit.STATES


@pytest.mark.processes
def test_census_peak_memory_stays_within_the_budget(monkeypatch):
    """The case that once peaked at 1.35 GB under a 200M budget, measured in a process of its own
    against a trivial census (the interpreter with numpy, numba and the same kernels loaded)."""
    monkeypatch.chdir(ROOT)

    def ours(*args):
        return run([sys.executable, "-m", "puzzle_explorer", "solve", "klotski", *args, "--census", "--json"],
                   env={"PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")})

    ours("--board", "AA./AAb/..b")  # loads (or compiles) the kernels, so the baseline is warm
    baseline = ours("--board", "AA./AAb/..b")
    census = ours("--board", WIDE, "--distinct", "--max-memory", "200M")
    data = json.loads(census.stdout)
    assert data["status"] == "limit" and data["limit"] == "memory"
    assert data["census"]["states"] > 400_000  # it used its budget rather than stopping at once
    assert census.max_rss_kb <= baseline.max_rss_kb + 200 * 1024, (census.max_rss_kb, baseline.max_rss_kb)
