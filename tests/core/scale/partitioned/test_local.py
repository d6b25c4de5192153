"""The census spread over local worker processes counts what the single-process census counts."""
import multiprocessing
import random
import time

import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.runner import Job
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.core.scale import census_local
from puzzle_explorer.core.scale.engine import LOCAL
from puzzle_explorer.puzzles.cube8.board import Board as CubeBoard
from puzzle_explorer.puzzles.cube8.board import parse_pattern
from puzzle_explorer.puzzles.cube8.solve import solve as cube8_solve
from puzzle_explorer.puzzles.klotski.board import parse
from puzzle_explorer.puzzles.klotski.solve import solve
from puzzle_explorer.puzzles.tiles.board import Board as TileBoard
from puzzle_explorer.puzzles.tiles.solve import solve as tiles_solve
from tests.cli.commands import run_cli
from tests.puzzles.cube8.cases import random_boards, rows
from tests.puzzles.distances.boards import random_board

pytestmark = pytest.mark.processes

CONVENTIONS = ["unit", "straight", "free"]
WORKERS = [2, 3]
# eight small pieces and the target on a nearly empty 6x6 board: its levels grow a hundredfold a move
WIDE = "AAbcde/AAfgh./....../....../....../......"


def local(workers):
    """The solver options that spread a census over `workers` local processes."""
    return {"engine": LOCAL, "workers": workers}


def counts(sol):
    """What a census answers: its status and limit, its counts, and the nodes it expanded."""
    c = {k: v for k, v in sol.details["census"].items() if k != "workers"}
    return sol.status, sol.limit, c, sol.stats.states_seen, sol.stats.nodes_expanded


def census_workers():
    return [p for p in multiprocessing.active_children() if p.name.startswith("census-")]


@pytest.mark.parametrize("seed", range(24))
def test_klotski_census_is_the_same_over_two_and_three_workers(seed):
    rng = random.Random(seed)
    board = random_board(rng)
    options = {"moves": rng.choice(CONVENTIONS), "distinct": rng.random() < 0.5}
    single = solve(board, "census", options, SearchControl(), Limits())
    for workers in WORKERS:
        spread = solve(board, "census", {**options, **local(workers)}, SearchControl(), Limits())
        assert counts(spread) == counts(single), (board.inline(), options, workers)
        assert sum(w["states"] for w in spread.details["census"]["workers"]) == single.details["census"]["states"]


@pytest.mark.parametrize("seed", range(8))
def test_klotski_census_from_the_goal_is_the_same_over_workers(seed):
    """Levels by distance, the start's distance and the farthest positions (the levels' merged samples)."""
    rng = random.Random(100 + seed)
    board = random_board(rng)
    options = {"moves": rng.choice(CONVENTIONS), "hardest": 3}
    single = solve(board, "distances", options, SearchControl(), Limits())
    for workers in WORKERS:
        spread = solve(board, "distances", {**options, **local(workers)}, SearchControl(), Limits())
        assert spread.status == single.status
        assert spread.details["census"] == single.details["census"], (board.inline(), workers)


def test_a_layout_with_many_levels_and_wide_ones_is_the_same_over_workers():
    board = parse("HAAI/HAAI/JBBK/JNOK/P..Q")
    single = solve(board, "census", {"moves": "unit"}, SearchControl(), Limits())
    spread = solve(board, "census", {"moves": "unit", **local(2)}, SearchControl(), Limits())
    assert counts(spread) == counts(single)
    assert single.details["census"]["max_depth"] > 100


TILE_SHAPES = [(4, 2), (2, 2), (2, 3), (3, 2), (2, 4), (3, 3)]  # sides of 2 to 6


@pytest.mark.parametrize("seed", range(12))
def test_tiles_census_is_the_same_over_two_and_three_workers(seed):
    """Random shapes, tiles in any order (either parity) and any goal arrangement."""
    rng = random.Random(300 + seed)
    width, height = TILE_SHAPES[seed % len(TILE_SHAPES)]
    tiles, goal = list(range(width * height)), list(range(width * height))
    rng.shuffle(tiles)
    rng.shuffle(goal)
    board = TileBoard(width, height, tuple(tiles), tuple(goal))
    single = tiles_solve(board, "census", {}, SearchControl(), Limits())
    for workers in WORKERS:
        spread = tiles_solve(board, "census", local(workers), SearchControl(), Limits())
        assert counts(spread) == counts(single), (board, workers)
        assert sum(w["states"] for w in spread.details["census"]["workers"]) == single.details["census"]["states"]


def test_tiles_command_line_spreads_the_census_and_refuses_workers_for_the_sweep(capsys):
    code, one, _ = run_cli(capsys, "solve", "tiles", "--preset", "hardest-8a", "--census")
    code2, two, _ = run_cli(capsys, "solve", "tiles", "--preset", "hardest-8a", "--census", "--workers", "2")
    assert code == code2 == 0 and "181,440 positions" in one
    assert one.split("search")[0] == two.split("search")[0]
    code, out, err = run_cli(capsys, "solve", "tiles", "--preset", "hardest-8a", "--census", "--from-goal",
                             "--workers", "2")
    assert code == 2 and out == "" and err.count("\n") == 1 and "in this process" in err


CUBE8 = random_boards(seed=55, n_walked=6, n_uniform=6)
CAP = 20_000


@pytest.mark.parametrize("x,y,pattern", CUBE8)
def test_cube8_census_levels_are_the_sweeps_up_to_a_state_cap(x, y, pattern):
    """Every level the spread census finishes under the cap is the dense sweep's level (the sweep
    stops inside the level the census refuses to finish)."""
    board = CubeBoard(y * 3 + x, parse_pattern(rows(pattern)))
    limits = Limits(max_states=CAP)
    sweep = cube8_solve(board, "distances", {}, SearchControl(), limits).details["census"]["by_distance"]
    for workers in WORKERS:
        sol = cube8_solve(board, "distances", local(workers), SearchControl(), limits)
        assert sol.status == Status.LIMIT and sol.limit == Limit.STATES
        levels = sol.details["census"]["by_distance"]
        assert levels and levels == sweep[:len(levels)] and len(levels) >= len(sweep) - 1


def test_cube8_whole_census_is_the_sweeps():
    board = CubeBoard(0, parse_pattern("WWW/EWW/WWW"))
    single = cube8_solve(board, "distances", {"hardest": 4}, SearchControl(), Limits())
    spread = cube8_solve(board, "distances", {"hardest": 4, **local(2)}, SearchControl(), Limits())
    assert spread.status == single.status == Status.SOLVED
    assert spread.details["census"] == single.details["census"]
    assert spread.details["census"]["states"] == 7_558_272


def test_a_small_budget_ends_the_spread_census_with_limit_memory_within_each_share():
    budget = 8 * 2**20
    sol = solve(parse(WIDE), "census", {"distinct": True, **local(2)}, SearchControl(),
                Limits(max_memory=budget))
    assert sol.status == Status.LIMIT and sol.limit == Limit.MEMORY
    assert sol.details["census"]["states"] > 1000
    assert all(0 < w["peak_bytes"] <= budget // 2 for w in sol.details["census"]["workers"])


def test_a_state_cap_ends_the_spread_census_at_the_cap():
    sol = solve(parse(WIDE), "census", {"distinct": True, **local(2)}, SearchControl(),
                Limits(max_states=5000))
    assert sol.status == Status.LIMIT and sol.limit == Limit.STATES
    assert sol.details["census"]["states"] == 5000


def _running(task, seconds_in):
    """A Job running task, started, and the moment its search has run `seconds_in` seconds."""
    job = Job(task)
    job._thread.start()
    deadline = time.monotonic() + 120
    while job.control.elapsed() < seconds_in:
        assert time.monotonic() < deadline, "the census never started"
        assert not job._finished.is_set(), "the census ended before the test could act on it: give it a bigger board"
        time.sleep(0.02)
    return job


@pytest.mark.realtime
def test_cancel_stops_every_worker_within_a_second_and_leaves_none():
    census_local.close_idle()
    job = _running(lambda c: solve(parse(WIDE), "census", {"distinct": True, **local(2)}, c, Limits()), 0.3)
    assert len(census_workers()) == 2
    job.cancel()
    t0 = time.monotonic()
    assert job._finished.wait(5)
    assert time.monotonic() - t0 < 1.0
    assert job._result.status == Status.CANCELLED
    assert job._result.details["census"]["states"] > 0
    assert census_workers() == []


MEDIUM = "AAbc/AAde/f.../...."  # every piece distinct: 855,360 positions


def test_a_killed_worker_is_replaced_from_its_levels_and_the_census_is_unchanged(monkeypatch):
    census_local.close_idle()
    options = {"moves": "unit", "distinct": True}
    single = solve(parse(MEDIUM), "census", options, SearchControl(), Limits())
    expand = census_local.LocalPool.expand
    killed = []

    def kill_once_midway(self, tick):
        # the worker dies at a level of its own, so its partition must be rebuilt from what it had
        if not killed and self.level == 8:
            killed.append(self.procs[1].pid)
            self.procs[1].kill()
            self.procs[1].join()
        return expand(self, tick)

    monkeypatch.setattr(census_local.LocalPool, "expand", kill_once_midway)
    spread = solve(parse(MEDIUM), "census", {**options, **local(2)}, SearchControl(), Limits())
    assert killed, "the census ended before level 8"
    assert counts(spread) == counts(single)
    assert [w["restarts"] for w in spread.details["census"]["workers"]] == [0, 1]
    assert killed[0] not in [p.pid for p in census_workers()]


def test_a_worker_killed_past_the_restarts_ends_the_census_with_a_clear_error_and_no_worker_left(monkeypatch):
    census_local.close_idle()
    monkeypatch.setattr(census_local, "MAX_RESTARTS", 0)
    job = _running(lambda c: solve(parse(WIDE), "census", {"distinct": True, **local(2)}, c, Limits()), 0.3)
    victim = next(p for p in census_workers() if p.name == "census-1")
    victim.kill()
    assert job._finished.wait(10)
    message = str(job._error)
    assert "census worker 2 of 2" in message and "ended" in message and "run the census again" in message
    assert census_workers() == []


def test_the_command_line_says_a_lost_worker_in_one_line(capsys, monkeypatch):
    expand = census_local.LocalPool.expand

    def lose(self, tick):
        self.procs[0].kill()
        self.procs[0].join()
        return expand(self, tick)

    monkeypatch.setattr(census_local, "MAX_RESTARTS", 0)
    monkeypatch.setattr(census_local.LocalPool, "expand", lose)
    code, out, err = run_cli(capsys, "solve", "klotski", "--preset", "hengdao-lima", "--census", "--workers", "2")
    assert code == 1 and out == ""
    assert err.startswith("error: census worker 1 of 2") and err.count("\n") == 1


def test_the_command_line_prints_the_same_census_over_workers(capsys):
    code, one, _ = run_cli(capsys, "solve", "klotski", "--preset", "hengdao-lima", "--census")
    code2, two, _ = run_cli(capsys, "solve", "klotski", "--preset", "hengdao-lima", "--census", "--workers", "2")
    assert code == code2 == 0 and "25,955 positions" in one
    assert one.split("search")[0] == two.split("search")[0]


@pytest.mark.parametrize("args,said", [
    (["--algo", "bfs", "--workers", "2"], "spread a census"),
    (["--census", "--from-goal", "--save-table", "t.bin", "--workers", "2"], "is built in one process"),
    (["--census", "--from-goal", "--component", "--workers", "2"], "--component"),
    (["--census", "--address", "1.2.3.4:6379"], "--engine ray"),
])
def test_engine_options_that_do_not_go_together_are_refused(capsys, tmp_path, monkeypatch, args, said):
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli(capsys, "solve", "klotski", "--preset", "hengdao-lima", *args)
    assert code == 2 and said in err


@pytest.mark.realtime
def test_progress_merges_every_workers_counters_and_the_timeout_stops_them():
    snapshots = []
    job = Job(lambda c: solve(parse(WIDE), "census", {"distinct": True, **local(2)}, c,
                              Limits(timeout_s=1.5)),
              timeout_s=1.5, on_progress=snapshots.append)
    sol = job.run()
    assert sol.status == Status.LIMIT and sol.limit == Limit.TIME
    searching = [s for s in snapshots if s.phase == "searching"]
    assert len(searching) >= 8  # about ten a second
    expanded = [s.expanded for s in searching]
    assert expanded == sorted(expanded) and expanded[-1] > expanded[0] > 0
    assert searching[-1].stored > 1000 and searching[-1].depth >= 2
    assert sol.stats.nodes_expanded >= expanded[-1]


def test_cube8_engine_options_need_the_census(capsys):
    code, _, err = run_cli(capsys, "solve", "cube8", "--start", "1,1", "--pattern", "WWW/EWW/WWW", "--workers", "2")
    assert code == 2 and "add --census" in err


def test_the_census_solvers_offer_the_engine_rows_the_tree_searches_have():
    """Only tiles' census from the goal, a sweep of a table in this process, goes without them."""
    from puzzle_explorer.puzzles import registry
    from puzzle_explorer.puzzles.kit import engines
    offered = {(f, s.id): set(engines.OPTIONS) <= set(s.options)
               for f in ("klotski", "cube8", "tiles") for s in registry.get(f).solvers
               if s.id in ("census", "distances")}
    assert offered == {("klotski", "census"): True, ("klotski", "distances"): True, ("cube8", "distances"): True,
                       ("tiles", "census"): True, ("tiles", "distances"): False}


@pytest.mark.parametrize("workers", [0, 1])
def test_no_workers_or_one_keeps_the_census_in_this_process(workers):
    board = parse("AAb/AAc/d.e/.f.")
    sol = solve(board, "census", {"distinct": True, **local(workers)}, SearchControl(), Limits())
    assert "workers" not in sol.details["census"]
    assert counts(sol) == counts(solve(board, "census", {"distinct": True}, SearchControl(), Limits()))
