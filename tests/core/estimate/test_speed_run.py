"""The capped run that measures a kernel's speed hears the job's stop flag while it runs, though it
counts on counters of its own."""
import threading
import time

import numpy as np

from puzzle_explorer.core.estimate.dives import RATE_NODES, speed
from puzzle_explorer.core.kernels.counters import NODE_CAP, STOP, STOP_CANCEL, new_counters


def slow_kernel(seen: list, capped_s: float = 2.0):
    """A stand-in for a counting kernel (the GIL released between its looks at the flag, as a
    nogil kernel's are): capped_s to reach its cap, or its flag."""
    def count(counters: np.ndarray) -> int:
        seen.append(counters)
        began = time.perf_counter()
        nodes = 0
        while counters[STOP] == 0 and nodes < counters[NODE_CAP]:
            time.sleep(0.001)
            nodes = int(counters[NODE_CAP] * min(1.0, (time.perf_counter() - began) / capped_s))
        return nodes
    return count


def test_a_stop_raised_during_the_speed_run_ends_it_at_once():
    job = new_counters(quiet=True)
    seen: list = []
    threading.Timer(0.1, lambda: job.__setitem__(STOP, STOP_CANCEL)).start()
    began = time.perf_counter()
    speed(slow_kernel(seen), job)
    assert time.perf_counter() - began < 0.6
    assert seen[0] is not job and seen[0][STOP] == STOP_CANCEL  # heard on the run's own counters
    assert seen[0][NODE_CAP] == RATE_NODES and job[NODE_CAP] != RATE_NODES  # the job's counters untouched


def test_a_job_stopped_before_the_speed_run_times_nothing():
    job = new_counters(quiet=True)
    job[STOP] = STOP_CANCEL
    assert speed(slow_kernel([]), job) == 0.0


def test_without_a_job_the_run_goes_to_its_cap():
    seen: list = []
    rate = speed(slow_kernel(seen, 0.05))
    assert seen[0][STOP] == 0 and rate > 0
