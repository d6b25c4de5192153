"""The frontier counter on the boards it cannot finish on a small machine: the states and memory
of each step of the 7x7 and 8x8 sweeps, as far as a time and a memory limit let them go, and
what the whole sweep would need.

    python -m bench.frontier [--seconds 240] [--memory 24] [--workers 4] [--boards 7x7:1,1 7x7 8x8:1,1 8x8]

Each board runs in a process of its own, its steps swept by `--workers` threads, so four boards
of four workers keep sixteen cores busy. A board is WxH, with :X,Y for the tours from that square (open); without it the
sweep counts undirected paths with any ends. `make bench` runs a short 7x7 look as a section.
"""
from __future__ import annotations

import argparse
import math
import multiprocessing
import resource
import threading
import time

import numpy as np

from puzzle_explorer.core.kernels.counters import STOP, STOP_TIMEOUT
from puzzle_explorer.puzzles.knights import frontier
from puzzle_explorer.puzzles.knights.frontier_count import STATE_BYTES

GiB = 2 ** 30


def profile(board: str, seconds: float, memory_gib: float, workers: int = 1) -> dict:
    """The states after each step of the board's sweep until it ends, runs out of time or out of room."""
    size, _, start_text = board.partition(":")
    w, h = (int(v) for v in size.split("x"))
    start = tuple(int(v) - 1 for v in start_text.split(",")) if start_text else None
    counters = np.zeros(64, dtype=np.int64)
    frontier.count(3, 3, frozenset(), (0, 0), False, counters)  # compile before the clock starts
    rows: list[tuple[int, int, float, float, int]] = []
    began, cpu = time.perf_counter(), time.process_time()

    def on_step(p: frontier.Progress) -> None:
        rows.append((p.step, p.states, time.perf_counter() - began, time.process_time() - cpu, _peak_rss()))

    timer = threading.Timer(seconds, lambda: counters.__setitem__(STOP, STOP_TIMEOUT))
    timer.start()
    ended, answer = "finished", None
    try:
        answer = frontier.count(w, h, frozenset(), start, False, counters, int(memory_gib * GiB) // STATE_BYTES,
                                on_step, workers)
    except frontier.Stopped:
        ended = f"time limit ({seconds:.0f} s)"
    except frontier.OutOfRoom:
        ended = f"memory limit ({memory_gib:g} GiB)"
    finally:
        timer.cancel()
    return {"board": board, "rows": rows, "ended": ended, "answer": answer, "steps": w * h + 2 * min(w, h) + 1}


def _peak_rss() -> int:
    """The process's largest resident memory so far, in bytes."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def outlook(result: dict) -> str:
    """Where the states were going: the growth per step over the last few measured steps, carried on
    to the middle of the board (where the sweeps measured so far peak), and the memory that needs."""
    rows = result["rows"]
    if result["answer"] is not None or len(rows) < 6:
        return ""
    last = rows[-5:]
    growth = (last[-1][1] / max(1, last[0][1])) ** (1 / (len(last) - 1))
    middle = result["steps"] // 2 + 2
    ahead = max(0, middle - rows[-1][0])
    peak = rows[-1][1] * growth ** ahead
    per_state = (last[-1][2] - last[0][2]) / max(1, sum(r[1] for r in last[1:]))
    cpu_per_state = (last[-1][3] - last[0][3]) / max(1, sum(r[1] for r in last[1:]))
    return (f"growth {growth:.2f}x a step over the last steps; carried to step {middle}: about {peak:.2g} states, "
            f"{peak * STATE_BYTES / GiB:,.0f} GiB at {STATE_BYTES} B a state "
            f"(a Ray cluster of 64 GiB nodes: {math.ceil(peak * STATE_BYTES / (64 * GiB))} nodes holding the "
            f"peak step's partitions); {per_state * 1e6:.2f} µs a state-step here, "
            f"{cpu_per_state * 1e6:.2f} µs of CPU")


def show(result: dict) -> None:
    print(f"\n{result['board']}: {result['ended']}" + (f", answer {result['answer']:,}" if result["answer"] else ""))
    print("  (GiB: states x STATE_BYTES; rss: the process's peak resident memory so far)")
    for step, states, at, cpu, rss in result["rows"]:
        print(f"  step {step:3d}  states {states:>13,}  {states * STATE_BYTES / GiB:8.2f} GiB  "
              f"rss {rss / GiB:6.2f} GiB  {at:8.1f} s  cpu {cpu:8.1f} s")
    if text := outlook(result):
        print("  " + text)


def run(report, bin_dir) -> None:
    """The bench section: half a minute of the 7x7 sweep from a corner."""
    from bench.harness import Row

    result = profile("7x7:1,1", 30, 4)
    show(result)
    step, states = result["rows"][-1][:2]
    report.add(Row("knights frontier: 7x7 from a corner, 30 s", f"step {step}, {states:,} states", "",
                   note=outlook(result)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=240)
    parser.add_argument("--memory", type=float, default=24, help="GiB each board may hold")
    parser.add_argument("--boards", nargs="+", default=["7x7:1,1", "7x7", "8x8:1,1", "8x8"])
    parser.add_argument("--workers", type=int, default=1, help="threads sweeping each board's steps")
    args = parser.parse_args()
    with multiprocessing.get_context("spawn").Pool(len(args.boards)) as pool:
        results = pool.starmap(profile, [(b, args.seconds, args.memory, args.workers) for b in args.boards])
    for result in results:
        show(result)


if __name__ == "__main__":
    main()
