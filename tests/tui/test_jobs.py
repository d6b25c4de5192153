"""Solves in the app: a new one replaces the old for real, Esc reaches the current one, Ctrl+Q quits at once."""
import os
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from puzzle_explorer.core.kernels.counters import EXPANDED
from puzzle_explorer.core.run.progress import Phase, SearchControl
from puzzle_explorer.tui.widgets.stats import StatsPane
from tests.tui.helpers import JobEnd, klotski_app, press_each, start_search, wait_for

ROOT = Path(__file__).resolve().parents[2]
# The classic layout, every piece distinct, one cell a move: IDA* searches for minutes in little
# memory. It must outlast the test: each key a test presses while it runs waits up to a second
# for the process to go idle, which it never does (a census of 15 million positions once ended
# in between on a fast machine).
LONG_BOARD = "HAAI/HAAI/JBBK/JNOK/P..Q"


async def choose_long_search(pilot):
    await pilot.press("f3")  # the solver form: algorithm row
    await pilot.press("right", "right", "right")  # bfs -> idastar
    await pilot.press("down", "left", "left")  # moves: free -> unit
    await pilot.press("down", "space")  # distinct on
    assert pilot.app.screen.query_one("#solver").settings()[:2] == ("idastar", {"moves": "unit", "distinct": True})


def searching(stats: StatsPane) -> bool:
    return stats.snapshot is not None and stats.snapshot.phase == Phase.SEARCHING and stats.snapshot.expanded > 0


def search_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "search" and t.is_alive()]


@pytest.fixture
def held_first_compile(monkeypatch):
    """The first solve's compilation waits for the test, as on a cold cache; later ones go at once."""
    gate = threading.Event()
    held: list[SearchControl] = []
    real = SearchControl.compiling

    def compiling(self):
        real(self)
        if not held:
            held.append(self)
            gate.wait(60)

    monkeypatch.setattr(SearchControl, "compiling", compiling)
    yield held, gate
    gate.set()


@pytest.mark.realtime
async def test_f5_twice_while_compiling_leaves_one_job_and_esc_stops_it(held_first_compile):
    held, gate = held_first_compile
    app = klotski_app(LONG_BOARD)
    async with app.run_test(size=(80, 24)) as pilot:
        stats = await start_search(pilot, choose_long_search)
        await wait_for(pilot, lambda: held, what="the first solve compiling")
        first = app.screen.job
        await press_each(pilot, "f5")
        second = app.screen.job
        assert second is not first and first.control.stop_requested
        # the first job's "cancelled" arrives meanwhile; it must not end the second
        await wait_for(pilot, lambda: searching(stats), what="the second search running")
        await pilot.pause(0.3)
        assert app.screen.job is second and stats.outcome == ""
        # the first job's compile ends now: it must not start searching
        assert len(search_threads()) == 2
        gate.set()
        await wait_for(pilot, lambda: len(search_threads()) == 1, timeout=10, what="the first job to give up")
        assert first.control.counters[EXPANDED] == 0 and first.control.searching_since() is None
        # Esc reaches the job that runs
        ended = JobEnd(second)
        asked = time.monotonic()
        await press_each(pilot, "escape")
        await wait_for(pilot, lambda: stats.outcome != "", timeout=5, what="the cancel")
        assert ended.wait(5) - asked < 1.0
        assert "cancelled" in stats.outcome and app.screen.job is None
        await wait_for(pilot, lambda: not search_threads(), timeout=5, what="no search left")


@pytest.mark.realtime
@pytest.mark.parametrize("pane", ["f2", "f3", "f4"])
async def test_esc_cancels_from_every_pane(pane):
    app = klotski_app(LONG_BOARD)
    async with app.run_test(size=(80, 24)) as pilot:
        stats = await start_search(pilot, choose_long_search, pane)
        await wait_for(pilot, lambda: searching(stats), what="the search running")
        await press_each(pilot, "escape")
        await wait_for(pilot, lambda: stats.outcome != "", timeout=5, what="the cancel")
        assert "cancelled" in stats.outcome
        await wait_for(pilot, lambda: not search_threads(), timeout=5, what="no search left")


@pytest.mark.realtime
async def test_a_new_solve_stops_the_running_search():
    app = klotski_app(LONG_BOARD)
    async with app.run_test(size=(80, 24)) as pilot:
        stats = await start_search(pilot, choose_long_search)
        await wait_for(pilot, lambda: searching(stats), what="the first search")
        first = app.screen.job
        await press_each(pilot, "f5")
        await wait_for(pilot, lambda: len(search_threads()) == 1 and app.screen.job is not first,
                       timeout=5, what="the first search to stop")
        await pilot.pause(0.3)
        assert stats.outcome == "" and app.screen.job is not None  # the second runs on
        await press_each(pilot, "escape")
        await wait_for(pilot, lambda: not search_threads(), timeout=5, what="no search left")


# Quitting is measured in a process of its own: what held it up was asyncio.run() joining
# the thread workers after the app had closed, which a test inside a running loop never sees.
QUIT_SCRIPT = textwrap.dedent('''
    import os, sys, threading, time
    sys.path.insert(0, sys.argv[2])
    from puzzle_explorer import core
    from puzzle_explorer.core.run.progress import Phase, SearchControl
    from puzzle_explorer.puzzles import registry
    from tests.tui.helpers import klotski_app
    from puzzle_explorer.tui.widgets.stats import StatsPane

    never = threading.Event()
    family = registry.get("klotski")
    if sys.argv[1] == "compiling":  # a compile that takes for ever, as a cold one seems to
        real = SearchControl.compiling
        def compiling(self):
            real(self)
            never.wait()
        SearchControl.compiling = compiling
        wanted = Phase.COMPILING
    else:  # a search that never looks at its stop flag
        def solve(board, solver, options, control, limits):
            control.start_search()
            never.wait()
        family.solve = solve
        wanted = Phase.SEARCHING

    app = klotski_app("AAb/AA./c.d")
    asked = []

    async def drive(pilot):
        await pilot.press("f5")
        stats = app.screen.query_one(StatsPane)
        while stats.snapshot is None or stats.snapshot.phase != wanted:
            await pilot.pause(0.05)
        asked.append(time.monotonic())
        await pilot.press("ctrl+q")

    app.run(headless=True, size=(80, 24), auto_pilot=drive)
    print(f"quit after {time.monotonic() - asked[0]:.3f}", flush=True)
    os._exit(0)
''')


@pytest.mark.processes
@pytest.mark.realtime
@pytest.mark.parametrize("what", ["compiling", "stuck-search"])
def test_ctrl_q_quits_within_a_second(what, tmp_path):
    env = dict(os.environ, PUZZLE_EXPLORER_DATA=str(tmp_path / "data"))
    try:
        done = subprocess.run([sys.executable, "-c", QUIT_SCRIPT, what, str(ROOT)], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("the app did not quit within a minute")
    assert done.returncode == 0, done.stderr[-2000:]
    took = float(done.stdout.split("quit after")[1])
    assert took < 1.0, f"quitting took {took:.2f} s"


@pytest.mark.realtime
def test_quitting_waits_a_moment_for_cancelled_searches_and_no_longer():
    """After the app closes, a cancelled search gets up to QUIT_WAIT_S to close its workers; one
    that never ends does not hold the exit longer."""
    from puzzle_explorer.core.run.runner import SEARCH_THREAD
    from puzzle_explorer.tui.app import QUIT_WAIT_S, wait_for_searches

    unwinding = threading.Thread(target=time.sleep, args=(0.2,), name=SEARCH_THREAD, daemon=True)
    unwinding.start()
    began = time.monotonic()
    wait_for_searches()
    assert not unwinding.is_alive() and time.monotonic() - began < QUIT_WAIT_S
    stuck = threading.Event()
    never = threading.Thread(target=stuck.wait, name=SEARCH_THREAD, daemon=True)
    never.start()
    began = time.monotonic()
    wait_for_searches(0.3)
    assert never.is_alive() and 0.3 <= time.monotonic() - began < 1.0
    stuck.set()


def test_warming_leaves_what_it_loaded_out_of_later_collections():
    """A full collection walked every object warming loaded, the screen frozen 0.4 s meanwhile."""
    import gc

    from puzzle_explorer.puzzles import registry
    from puzzle_explorer.tui.app import PuzzleApp
    app = PuzzleApp("klotski", None, None, warm=True)
    app.families = {"klotski": registry.get("klotski")}
    gc.unfreeze()
    try:
        app._warm_loop()
        assert gc.get_freeze_count() > 0
        garbage = [[]]
        garbage[0].append(garbage)  # a cycle made after warming is still collected
        del garbage
        assert gc.collect() > 0
    finally:
        gc.unfreeze()
