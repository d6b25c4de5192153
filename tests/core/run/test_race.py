"""The race scheduler: at most one runner a core, reservations within the budget, refusal, cancel
within 100 ms, failures kept to their lane, Ctrl-C."""
import threading
import time

import numpy as np
import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.race import (
    CANCELLED,
    DONE,
    FAILED,
    FOR_CORE,
    FOR_MEMORY,
    QUEUED,
    Race,
    RaceRefused,
    Runner,
    shares,
)
from puzzle_explorer.core.run.search import Limits, shortest_path
from puzzle_explorer.core.run.status import Status
from tests.core.run.cancelling import cancel_while_running
from tests.core.tree_puzzle import NO_GOAL

ROOT = np.array([0], dtype=np.uint64)
MiB = 2**20


class Meter:
    """Counts how many fake searches run at once, and the reservations they hold together."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.running = 0
        self.most = 0
        self.held = 0
        self.most_held = 0
        self.order: list[str] = []

    def task(self, name: str, seconds: float, memory: int = 0):
        def run(control: SearchControl) -> str:
            with self.lock:
                self.running += 1
                self.held += memory
                self.most = max(self.most, self.running)
                self.most_held = max(self.most_held, self.held)
                self.order.append(name)
            control.start_search()
            try:
                end = time.perf_counter() + seconds
                while time.perf_counter() < end and not control.stop_requested:
                    control.counters[0] += 1
                    time.sleep(0.002)
            finally:
                control.end_search()
                with self.lock:
                    self.running -= 1
                    self.held -= memory
            return "cancelled" if control.stop_requested else f"{name} done"
        return run


def runners(meter, specs):
    return [Runner(name, meter.task(name, seconds, memory), memory) for name, seconds, memory in specs]


@pytest.mark.realtime
def test_at_most_one_runner_a_core_and_the_rest_queue():
    meter = Meter()
    race = Race(runners(meter, [(f"r{i}", 0.15, 1) for i in range(5)]), budget=100, slots=2)
    lanes = race.run()
    assert meter.most == 2
    assert [lane.state for lane in lanes] == [DONE] * 5
    assert [lane.result for lane in lanes] == [f"r{i} done" for i in range(5)]
    assert sorted(meter.order[:2]) == ["r0", "r1"] and sorted(meter.order[2:4]) == ["r2", "r3"]  # in order
    assert [lane.waited_for for lane in lanes] == [None, None, FOR_CORE, FOR_CORE, FOR_CORE]
    assert lanes[4].queued_s >= 0.25  # two rounds of two before it
    assert "2 at a time on 2 cores" in race.how_run() and "r4 waited" in race.how_run()


@pytest.mark.realtime
def test_reservations_together_never_pass_the_budget():
    meter = Meter()
    specs = [("big", 0.2, 60), ("big2", 0.2, 60), ("small", 0.05, 30)]
    race = Race(runners(meter, specs), budget=100, slots=3)
    lanes = race.run()
    assert meter.most_held <= 100
    # big2 does not fit beside big; small does, so it goes first although it comes later
    started = sorted(lanes, key=lambda lane: lane.queued_s)
    assert [lane.runner.name for lane in started] == ["big", "small", "big2"]
    assert lanes[1].waited_for == FOR_MEMORY and lanes[2].waited_for is None
    assert lanes[1].queued_s >= 0.15
    assert "big2 waited" in race.how_run() and "for memory" in race.how_run()


def test_a_runner_larger_than_the_whole_budget_is_refused_before_anything_runs():
    meter = Meter()
    with pytest.raises(RaceRefused) as refused:
        Race(runners(meter, [("fits", 0.1, 50), ("huge", 0.1, 3 * 1024 * MiB)]), budget=1024 * MiB, slots=2)
    message = str(refused.value)
    assert "huge asks for 3.0 GiB" in message and "budget of 1.0 GiB" in message and "fits" not in message
    assert refused.value.too_big == [("huge", 3 * 1024 * MiB)]
    assert meter.order == []


def test_equal_shares_among_those_running_at_once():
    assert shares([None, None, None], 900, 2) == [450, 450, 450]
    assert shares([None, 100], 900, 4) == [450, 100]
    assert shares([None], 900, 2) == [900]


def endless(control):
    return shortest_path("bfs", ROOT, NO_GOAL, control, Limits(max_memory=2**30))


def compile_endless() -> None:
    """Compile (or load) the search outside the measurement: a stopped search ends at its first
    look at the flag, where a free one would run until it filled its gibibyte."""
    stopped = SearchControl()
    stopped.cancel()
    endless(stopped)


@pytest.mark.realtime
def test_cancel_stops_every_runner_within_100ms():
    compile_endless()
    race = Race([Runner(f"bfs{i}", endless, 1) for i in range(3)], budget=10, slots=2)

    def two_searching():
        deadline = time.perf_counter() + 5
        while not all(lane.snapshot and lane.snapshot.expanded > 0 for lane in race.lanes[:2]):
            assert time.perf_counter() < deadline, "the searches did not start"
            time.sleep(0.01)

    _, took = cancel_while_running(race.run, race.cancel, two_searching)
    assert took < 0.1 + 0.05, f"the race took {took:.3f} s to stop"
    first, second, third = race.lanes
    assert first.result.status == Status.CANCELLED and second.result.status == Status.CANCELLED
    assert first.result.stats.nodes_expanded > 0
    assert third.state == CANCELLED and third.job is None  # queued: never started
    assert "bfs2 was cancelled before it started" in race.how_run()


def test_a_cancel_arriving_while_the_race_holds_its_lock_stops_it():
    """A stop signal runs cancel() in the main thread, which may be inside the race's own locked
    section at that moment: cancel() must not wait for the lock, and the runner being started then
    is stopped too."""
    compile_endless()
    race = Race([Runner(f"bfs{i}", endless, 1) for i in range(3)], budget=10, slots=2)
    start = race._start

    def signal_during_start(index, lane):
        start(index, lane)
        if index == 1:  # the handler runs here, the lock held by this very thread
            job, lane.job = lane.job, None  # and before this lane's job was recorded
            race.cancel()
            lane.job = job

    race._start = signal_during_start
    thread = threading.Thread(target=race.run, daemon=True)
    thread.start()
    thread.join(10)
    assert not thread.is_alive(), "the race waited on its own lock"
    first, second, third = race.lanes
    for started in (first, second):  # stopped: before its search began (no result) or during it
        assert started.state == CANCELLED or started.result.status == Status.CANCELLED, started.state
    assert second.job.control.stop_requested  # the runner whose job was not recorded yet was reached too
    assert third.state == CANCELLED


@pytest.mark.realtime
def test_a_failing_runner_keeps_to_its_lane():
    meter = Meter()

    def broken(control):
        raise ValueError("broken solver")

    race = Race([Runner("broken", broken, 1), *runners(meter, [("fine", 0.05, 1)])], budget=10, slots=2)
    broken_lane, fine = race.run()
    assert broken_lane.state == FAILED and "broken solver" in str(broken_lane.error)
    assert fine.state == DONE and fine.result == "fine done"


@pytest.mark.realtime
def test_progress_comes_with_the_lane_index_and_peaks_are_kept():
    meter = Meter()
    seen = []
    race = Race(runners(meter, [("a", 0.35, 1), ("b", 0.35, 1)]), budget=10, slots=2,
                on_progress=lambda i, s: seen.append((i, s.expanded)))
    race.run()
    assert {i for i, _ in seen} == {0, 1}
    for i in (0, 1):
        counts = [n for j, n in seen if j == i]
        assert len(counts) >= 3 and counts == sorted(counts)
        assert race.lanes[i].snapshot.expanded == counts[-1]


@pytest.mark.realtime
def test_ctrl_c_cancels_the_race_and_returns_the_lanes():
    from tests.core.run.test_runner import interrupt_main_after

    compile_endless()
    race = Race([Runner(f"bfs{i}", endless, 1) for i in range(3)], budget=10, slots=2)
    interrupt_main_after(0.3)
    lanes = race.run()
    assert [lane.state for lane in lanes] == [DONE, DONE, CANCELLED]
    assert all(lane.result.status == Status.CANCELLED for lane in lanes[:2])
    assert race.cancelled and race.finished


@pytest.mark.realtime
def test_nothing_runs_before_run():
    meter = Meter()
    race = Race(runners(meter, [("a", 0.01, 1), ("b", 0.01, 1)]), budget=10, slots=2)
    time.sleep(0.05)
    assert meter.order == [] and [lane.state for lane in race.lanes] == [QUEUED, QUEUED]
