"""The task engine (core/scale/tasks.py): results in task order whatever finishes first, a worker killed
mid-task is run again, a cancel leaves no worker behind."""
import threading
import time

import numpy as np
import pytest

from puzzle_explorer.core.kernels.counters import SLOTS
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.core.scale.engine import EngineSpec
from puzzle_explorer.core.scale.local_tasks import Kept
from puzzle_explorer.core.scale.tasks import run_tasks
from tests.core.scale.tasks_probe import DieOnce, Square
from tests.processes import workers_alive as _workers_alive


@pytest.mark.parametrize("shuffle", [None, 1, 2])
def test_results_come_back_in_task_order_whatever_order_they_ran_in(shuffle):
    tasks = [Square(n) for n in range(40)]
    run = run_tasks(tasks, EngineSpec(workers=1), SearchControl(), shuffle=shuffle)
    assert [r.value for r in run.results] == [n * n for n in range(40)]
    assert run.status == Status.SOLVED and run.retried == 0
    if shuffle is not None:
        assert run.order != sorted(run.order) and sorted(run.order) == list(range(40))


@pytest.mark.processes
def test_two_worker_processes_share_the_tasks_and_a_killed_one_is_run_again(tmp_path):
    tasks = [Square(n, 0.02) for n in range(12)]
    tasks[5] = DieOnce(Square(5, 0.02), str(tmp_path / "died"))
    control = SearchControl()
    run = run_tasks(tasks, EngineSpec(workers=2), control)
    assert [r.value for r in run.results] == [n * n for n in range(12)]
    assert run.status == Status.SOLVED and run.retried >= 1 and (tmp_path / "died").exists()
    assert len({r.pid for r in run.results}) >= 2
    assert control.snapshot().solutions == sum(n % 3 for n in range(12))
    s = control.snapshot()
    assert (s.tasks_done, s.tasks) == (12, 12)  # the retried task counted once
    assert not _workers_alive()


def cancel_once_running(control: SearchControl) -> None:
    """Cancel once the tasks count nodes, in the workers: a fixed wait for them to start was three
    seconds of nothing on an idle machine and too short on a loaded one."""
    while control.snapshot().expanded == 0:
        time.sleep(0.01)
    control.cancel()


@pytest.mark.processes
@pytest.mark.realtime
def test_cancel_reaches_every_task_within_a_second_and_leaves_no_worker():
    tasks = [Square(n, 30.0) for n in range(6)]
    control = SearchControl()
    threading.Thread(target=cancel_once_running, args=(control,), daemon=True).start()
    began = time.monotonic()
    run = run_tasks(tasks, EngineSpec(workers=2), control)
    assert run.status == Status.CANCELLED
    assert time.monotonic() - began < 3.0 + 5.0  # starting two workers, then the stop within a poll
    assert all(r is None or not r.complete for r in run.results)
    assert not _workers_alive()


def test_a_node_cap_ends_the_run_with_limit_states():
    tasks = [Square(n, 0.0) for n in range(10)]
    control = SearchControl()
    run = run_tasks(tasks, EngineSpec(workers=1), control, node_cap=4)
    assert run.status == Status.LIMIT and run.limit == Limit.STATES
    assert sum(r is not None for r in run.results) == 4
    s = control.snapshot()
    assert (s.tasks_done, s.tasks) == (4, 10)  # progress says how far through the subtrees it got


@pytest.mark.processes
@pytest.mark.realtime
@pytest.mark.parametrize("workers", [1, 2])
def test_a_decisive_result_stops_the_tasks_after_it_but_not_those_before(workers):
    # task 3 settles the answer: the slow tasks after it (two of them running by then) are stopped
    # or never started, those before it finish
    tasks = [Square(n, 0.3 if n < 3 else 20.0) for n in range(8)]
    tasks[3] = Square(3, 0.5)
    began = time.monotonic()
    run = run_tasks(tasks, EngineSpec(workers=workers), SearchControl(), decisive=lambda r: r.value == 9)
    assert run.status == Status.SOLVED and run.cutoff == 3
    assert [r.value for r in run.results[:4]] == [0, 1, 4, 9]
    assert all(r is None or not r.complete for r in run.results[4:])
    assert time.monotonic() - began < 15.0
    assert not _workers_alive()


@pytest.mark.processes
@pytest.mark.realtime
def test_kept_workers_run_the_next_run_and_end_with_the_block():
    """A decisive result stops the tasks after it; the next run on the kept workers starts with no
    stop flag left over, in the same processes."""
    with Kept() as kept:
        slow = [Square(n, 0.3 if n > 3 else 0.0) for n in range(12)]
        first = run_tasks(slow, EngineSpec(workers=2), SearchControl(), decisive=lambda r: r.value == 9, keep=kept)
        assert first.cutoff == 3 and [r.value for r in first.results[:4]] == [0, 1, 4, 9]
        alive = {p.pid for p in _workers_alive()}
        assert len(alive) == 2 and {r.pid for r in first.results if r is not None} <= alive
        second = run_tasks([Square(n) for n in range(20)], EngineSpec(workers=2), SearchControl(), keep=kept)
        assert [r.value for r in second.results] == [n * n for n in range(20)]
        assert {r.pid for r in second.results} <= alive == {p.pid for p in _workers_alive()}
    assert not _workers_alive()


@pytest.mark.processes
@pytest.mark.parametrize("module", ["puzzle_explorer.puzzles.knights.split", "puzzle_explorer.puzzles.link.split", "puzzle_explorer.puzzles.tiles.split",
                                    "puzzle_explorer.core.scale.split_paths"])
def test_a_worker_unpickling_a_task_imports_no_family_object_and_no_interface(module):
    """A worker process imports the module its task's class lives in, and so that module's
    package: the family object (editor, renderer, CLI) and the terminal libraries must not come
    with it, or every worker's start pays for them."""
    import subprocess
    import sys

    heavy = ("puzzle_explorer.puzzles.family", "puzzle_explorer.puzzles.kit.cli_support", "textual", "rich")
    probe = f"import sys, {module}; print(' '.join(m for m in {heavy!r} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ""


@pytest.mark.processes
@pytest.mark.parametrize("workers", [1, 2])
def test_results_given_are_placed_not_run_again(workers):
    tasks = [Square(n) for n in range(12)]
    given = {i: Square(i)(np.zeros(SLOTS, dtype=np.int64)) for i in (0, 5, 11)}
    control = SearchControl()
    run = run_tasks(tasks, EngineSpec(workers=workers), control, given=given)
    assert [r.value for r in run.results] == [n * n for n in range(12)]
    assert sorted(run.order) == [i for i in range(12) if i not in given] and run.restored == 0
    s = control.snapshot()
    assert (s.tasks_done, s.tasks) == (12, 12)
    if workers == 2:  # the workers' progress adds up results (one worker's is its kernel's own counters)
        assert s.solutions == sum(n % 3 for n in range(12))
