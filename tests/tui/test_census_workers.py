"""The census in the app takes the Engine and Workers rows the tree searches have: Workers 2 spreads it
over two local processes with the single process's counts, and Esc leaves no worker behind."""
import functools
import time

import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.core.scale import census_local
from puzzle_explorer.puzzles import registry
from puzzle_explorer.tui.widgets.solver import SolverPane
from tests.processes import census_workers, workers_alive
from tests.tui.helpers import JobEnd, klotski_app, press_each, start_search, wait_for

pytestmark = pytest.mark.processes

# 横刀立马 (25,955 positions under the free convention), and a nearly empty 6x6 board whose census,
# every piece distinct, runs for minutes: it must outlast the cancel
SMALL = "HAAI/HAAI/JBBK/JNOK/P..Q"
WIDE = "AAbcde/AAfgh./....../....../....../......"


async def choose_census_over_two_workers(pilot, distinct: bool = False):
    """Census (algorithm row: bfs, bibfs, astar, idastar, census), then Workers 2: rows moves,
    distinct, engine, workers."""
    await press_each(pilot, "f3", "right", "right", "right", "right", "down", "down", *(["space"] if distinct else []),
                     "down", "down", "2")
    solver, options, _ = pilot.app.screen.query_one(SolverPane).settings()
    assert solver == "census" and options == {"moves": "free", "distinct": distinct, "engine": "local", "workers": 2}


def census_counts(solution):
    """What a census answers, without the workers' own use."""
    census = {k: v for k, v in solution.details["census"].items() if k != "workers"}
    return solution.status, census, solution.stats.states_seen, solution.stats.nodes_expanded


async def test_census_over_two_workers_counts_what_the_single_process_counts():
    app = klotski_app(SMALL)
    async with app.run_test(size=(80, 24)) as pilot:
        stats = await start_search(pilot, choose_census_over_two_workers)
        await wait_for(pilot, lambda: str(stats.outcome) != "", what="the census")
        shown = stats.solution
        assert shown is not None, str(stats.outcome)  # an error (a worker that could not start) shows instead
    klotski = registry.get("klotski")
    single = klotski.solve(klotski.parse(SMALL), "census", {"moves": "free", "distinct": False}, SearchControl(),
                           Limits())
    assert single.status == Status.SOLVED
    assert len(shown.details["census"]["workers"]) == 2 and "workers" not in single.details["census"]
    assert census_counts(shown) == census_counts(single)
    assert single.details["census"]["states"] == 25_955
    assert str(stats.outcome).startswith("census: 25,955 positions")


@pytest.mark.realtime
async def test_esc_during_a_census_over_workers_leaves_no_worker():
    census_local.close_idle()  # a pool an earlier census left for the next one
    app = klotski_app(WIDE)
    async with app.run_test(size=(80, 24)) as pilot:
        stats = await start_search(pilot, functools.partial(choose_census_over_two_workers, distinct=True))
        await wait_for(pilot, lambda: stats.snapshot is not None and stats.snapshot.expanded > 0
                       and len(census_workers()) == 2, what="the census running on two workers")
        ended = JobEnd(app.screen.job)
        asked = time.monotonic()
        await press_each(pilot, "escape")
        await wait_for(pilot, lambda: stats.outcome != "", timeout=5, what="the cancel")
        assert ended.wait(5) - asked < 2.0
        assert "cancelled" in str(stats.outcome)
        await wait_for(pilot, lambda: not census_workers() and not workers_alive(), timeout=3,
                       what="every worker gone")
