"""The census spread over actors of a real local Ray cluster (two CPUs): few cases, one cluster."""
import os
import signal
import time
from pathlib import Path

import psutil
import pytest

from puzzle_explorer.core.errors import EngineError
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.runner import Job
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.scale.engine import RAY
from puzzle_explorer.puzzles.klotski.board import parse
from puzzle_explorer.puzzles.klotski.solve import solve

pytest.importorskip("ray")

WIDE = "AAbcde/AAfgh./....../....../....../......"


def census(board, options):
    sol = solve(parse(board), "census", options, SearchControl(), Limits())
    return sol.status, {k: v for k, v in sol.details["census"].items() if k != "workers"}, sol.stats.nodes_expanded


@pytest.mark.parametrize("board,options,workers", [
    ("HAAI/HAAI/JBBK/JNOK/P..Q", {"moves": "unit"}, 2),
    ("AAb/AAc/d.e/.f.", {"moves": "free", "distinct": True}, 3),  # three partitions share the two CPUs
])
def test_the_census_on_ray_actors_is_the_single_process_one(ray_cluster, board, options, workers):
    assert census(board, {**options, "engine": RAY, "workers": workers}) == census(board, options)


def actor_pids() -> list[int]:
    """The processes of this run's partition actors (Ray names them after the actor class): among this
    process's descendants, since another test run on the machine has actors of its own."""
    pids = []
    for process in psutil.Process().children(recursive=True):
        try:
            if (Path("/proc") / str(process.pid) / "cmdline").read_bytes().startswith(b"ray::PartitionActor"):
                pids.append(process.pid)
        except OSError:
            pass
    return pids


# (Once quarantined: in CI, with both cores busy, the job twice outlived the 30 s wait. Ray ran the
# surviving actor at nice 15, below the suite's workers; beside three busy processes it took 31 s
# there and 5.5 s at the suite's priority, which tests/conftest.py now gives Ray's workers.)
def test_a_lost_actor_ends_the_census_with_a_clear_error(ray_cluster):
    job = Job(lambda c: solve(parse(WIDE), "census", {"distinct": True, "engine": RAY, "workers": 2}, c, Limits()))
    job._thread.start()
    deadline = time.monotonic() + 120
    while job.control.elapsed() < 0.5:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    actors = actor_pids()
    assert len(actors) == 2
    os.kill(actors[0], signal.SIGKILL)
    assert job._finished.wait(30)
    assert isinstance(job._error, EngineError) and "Ray actor" in str(job._error)


def test_a_budget_past_the_clusters_memory_is_held_to_it_and_said(ray_cluster):
    """The partitions live on the actors, so a --max-memory of 1,000 TiB is held to the cluster's memory:
    the census counts as it does in one process, and its details (and so the command's output) carry
    the note saying so; within the cluster's memory there is no note."""
    from puzzle_explorer.puzzles.kit.cli_support import summary_lines

    board, options = "HAAI/HAAI/JBBK/JNOK/P..Q", {"moves": "unit", "engine": RAY, "workers": 2}
    sol = solve(parse(board), "census", options, SearchControl(), Limits(max_memory=1000 * 2**40))
    note = sol.details["census"]["budget_note"]
    assert "--max-memory 1000.0 TiB is more than the Ray cluster's" in note
    assert summary_lines(sol, "counted")[2:] == [note]
    alone = solve(parse(board), "census", {"moves": "unit"}, SearchControl(), Limits())
    assert sol.details["census"]["states"] == alone.details["census"]["states"] == 25955
    within = solve(parse(board), "census", options, SearchControl(), Limits(max_memory=2**30))
    assert "budget_note" not in within.details["census"] and len(summary_lines(within, "counted")) == 2
