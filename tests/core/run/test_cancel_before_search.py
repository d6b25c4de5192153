"""A job cancelled while its kernels compile never starts searching once they are ready."""
import threading

import numpy as np
import pytest

import puzzle_explorer.core.run.search
from puzzle_explorer.core.kernels.counters import EXPANDED
from puzzle_explorer.core.run.progress import CancelledBeforeSearch, Phase, SearchControl
from puzzle_explorer.core.run.runner import Job
from puzzle_explorer.core.run.search import Limits, shortest_path
from puzzle_explorer.core.run.status import Status
from tests.core.tree_puzzle import NO_GOAL

ROOT = np.array([0], dtype=np.uint64)
BIG = Limits(max_memory=4 * 2**30)


def endless(control):
    return shortest_path("bfs", ROOT, NO_GOAL, control, BIG)


@pytest.fixture
def held_compile(monkeypatch):
    """Compilation that waits for the test to let it finish, like a slow first compile."""
    gate = threading.Event()
    entered = threading.Event()
    real = puzzle_explorer.core.run.search.prepare

    def slow_prepare(*args):
        entered.set()
        gate.wait(30)
        real(*args)

    monkeypatch.setattr(puzzle_explorer.core.run.search, "prepare", slow_prepare)
    return entered, gate


def test_cancel_while_compiling_never_searches(held_compile):
    entered, gate = held_compile
    job = Job(endless)
    caught = []
    waiter = threading.Thread(target=lambda: caught.append(_run(job)))
    waiter.start()
    assert entered.wait(10)
    assert job.control.phase == Phase.COMPILING
    job.cancel()
    waiter.join(2)
    assert not waiter.is_alive(), "run() waited for the compile after a cancel"
    assert caught == ["cancelled before search"]
    gate.set()  # the compile ends: the search thread must stop, not search
    job._thread.join(10)
    assert not job._thread.is_alive()
    assert job.control.counters[EXPANDED] == 0
    assert isinstance(job._error, CancelledBeforeSearch)
    assert job.control.searching_since() is None


def test_a_search_only_cancelled_still_returns_a_cancelled_result():
    """Abandoning is for a job nobody waits for; a caller holding a cancelled control gets a result."""
    control = SearchControl()
    control.cancel()
    out = _within(120, lambda: shortest_path("bfs", ROOT, NO_GOAL, control, BIG))
    assert out.status == Status.CANCELLED


@pytest.mark.parametrize("algo", ["bfs", "bibfs", "astar", "idastar"])
def test_a_search_told_to_stop_before_its_table_grows_ends(algo):
    """Growing a hash table is refused once a stop is asked; the table then fills before the
    search's first look at the flag, and a probe in a full table never ends: the search
    must stop at the refused growth."""
    control = SearchControl()
    control.cancel()
    goals = np.array([NO_GOAL.goal], dtype=np.uint64)
    out = _within(120, lambda: shortest_path(algo, ROOT, NO_GOAL, control, BIG, goals=goals))  # compiles first
    assert out.status == Status.CANCELLED


def _within(seconds, call):
    done = []
    thread = threading.Thread(target=lambda: done.append(call()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert done, "the stopped search never ended"
    return done[0]


def _run(job):
    try:
        job.run()
    except CancelledBeforeSearch:
        return "cancelled before search"
    return "ran"


@pytest.mark.parametrize("preset", ["shisen-deadlock", "shisen-long"])
def test_link_clearing_told_to_stop_before_its_table_grows_ends(preset):
    """The whole-board link search keeps a table of dead positions: the same refused growth."""
    from puzzle_explorer.puzzles.link.board import parse
    from puzzle_explorer.puzzles.link.presets import BY_ID
    from puzzle_explorer.puzzles.link.solve import solve
    control = SearchControl()
    control.cancel()
    board = parse(BY_ID[preset].text)
    out = _within(120, lambda: solve(board, "clear", {}, control, Limits()))
    assert out.status == Status.CANCELLED
