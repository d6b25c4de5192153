"""Tasks for the engine tests: picklable, so worker processes and Ray can run them."""
from __future__ import annotations

import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from puzzle_explorer.core.kernels.counters import EXPANDED, STOP


@dataclass
class Done:
    nodes: int
    solutions: int
    complete: bool
    value: int
    pid: int


@dataclass(frozen=True)
class Square:
    """Returns its number squared after `seconds`, watching the stop flag like a kernel."""

    n: int
    seconds: float = 0.0

    def __call__(self, counters: np.ndarray) -> Done:
        end = time.monotonic() + self.seconds
        while time.monotonic() < end:
            counters[EXPANDED] += 1
            if counters[STOP]:
                return Done(int(counters[EXPANDED]), 0, False, -1, os.getpid())
            time.sleep(0.01)
        return Done(1, self.n % 3, True, self.n * self.n, os.getpid())


@dataclass(frozen=True)
class DieOnce:
    """Runs `task`, but the first time (no marker file yet) kills its own worker mid-task."""

    task: object
    marker: str

    def __call__(self, counters: np.ndarray):
        mark = Path(self.marker)
        if not mark.exists():
            mark.write_text(str(os.getpid()))
            time.sleep(0.05)
            os.kill(os.getpid(), signal.SIGKILL)
        return self.task(counters)


def sigint_blocked() -> bool:
    """Whether this process's main thread has SIGINT blocked (a worker deaf to a terminal's Ctrl-C)."""
    with open("/proc/self/status") as f:
        mask = next(line.split(":")[1] for line in f if line.startswith("SigBlk:"))
    return bool(int(mask, 16) & (1 << (signal.SIGINT - 1)))
