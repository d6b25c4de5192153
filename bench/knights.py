"""Knight's tours: every 5x5 tour from every square against the plain C counter and the fastest public
counter we found, the physical limit, and a million-square tour."""
from __future__ import annotations

import os
import re
import subprocess
import time

from bench import harness as h
from bench.harness import Report, Row
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles.knights import frontier, frontier_count, meet
from puzzle_explorer.puzzles.knights.board import Board
from puzzle_explorer.puzzles.knights.solve import solve

SIDE = 5
TOURS_5X5 = 1728  # directed open tours of 5x5, summed over the 25 start squares: OEIS A165134 a(5)

# The fastest public counter of every open tour from every square we found: neyguvj/knighttour (Go:
# visited squares as a 64-bit mask, dead-end pruning, one start per class under the board's 8
# symmetries, the search split into subtasks at a depth), commit 9b62063 (2026-08-14). Built on
# 2026-11-27 with Go 1.19 (Debian's golang-1.19; its go.mod asks for 1.25: loop variables copied per
# iteration as 1.22 does, errgroup replaced by an equivalent of its four calls, nothing else
# changed) and run side by side with ours on the shared two-core machine, loaded (load average 3-5):
# its own clock's fastest of 25 runs of `-size 5 -workers 1 -precompute-depth 2` (its fastest setting
# here; 2 workers gain nothing on 5x5), 10 of them in turns with ours. 6x6 from every square took it
# 4 min 27 s on 2 workers (ours: 4.4 s on 2, 5.5 s on one, the same hour). Its README reports about
# 2.4 ms on 8 workers and 10 ms on one for 5x5, 1 min 45 s on one worker and 18.4 s on 8 for 6x6
# (Apple M4 Max). Its code is not part of this project: set KNIGHTS_PEER_MS to compare with a run of
# your own, or KNIGHTS_PEER to a built knighttour to run it in turns with ours in this run.
KNIGHTTOUR_5X5_S = 0.0142
KNIGHTTOUR_SOURCE = ("neyguvj/knighttour 9b62063 (Go 1.19 build), its own clock, fastest of 25 on this machine "
                     "2026-11-27 (docs/knights.md, 'Against the public field')")
PEER_ROUNDS = 10
# 6x6 from every square, 6,637,920 tours: knighttour's 4 min 27 s on 2 workers, run the same hour as ours
# on this machine (2026-11-27, docs/knights.md), against the total met in the middle on 2 threads
KNIGHTTOUR_6X6_S = 267.0
TOURS_6X6 = 6_637_920  # OEIS A165134 a(6)


def _count_every_start():
    board = Board(SIDE, SIDE, (0, 0))
    return solve(board, "count", {"all_starts": True}, SearchControl(), Limits())


def _peer_grid(text: str) -> tuple[list[list[int]], int]:
    """The peer prints the counts with x outer, y inner, then total=N."""
    numbers = [int(t) for t in text.split("total=")[0].split()]
    total = int(text.split("total=")[1].split()[0])
    grid = [[numbers[x * SIDE + y] for x in range(SIDE)] for y in range(SIDE)]
    return grid, total


def _warnsdorff(closed: bool):
    board = Board(1000, 1000, (499, 499) if closed else (0, 0), closed)
    return solve(board, "warnsdorff", {}, SearchControl(), Limits())


def run(report: Report, bin_dir) -> None:
    peer = h.best_of(3, lambda: h.run([str(bin_dir / "knights_count"), str(SIDE), str(SIDE)]))
    peer_grid, peer_total = _peer_grid(peer.stdout)
    _count_every_start()  # warm: load or compile the kernels
    mine = h.best_of(5, _count_every_start, key=lambda s: s.stats.elapsed_s)
    total = mine.details["solutions"]
    assert total == peer_total == TOURS_5X5, (total, peer_total)
    assert mine.details["per_square"] == peer_grid
    search = mine.stats.elapsed_s
    report.add(Row(
        "every 5x5 tour from every square: speed",
        f"{total:,} tours in {search * 1000:.1f} ms of search ({mine.stats.nodes_expanded:,} nodes; pruned, "
        "one start per symmetry class)",
        f"{peer_total:,} tours in {peer.wall_s * 1000:.0f} ms (whole process: it is all search)",
        ratio=peer.wall_s / search, goal=3))
    # the same count with one search per square (no symmetry), to show what the pruning alone buys
    def one_by_one():
        seconds, found = 0.0, 0
        for y in range(SIDE):
            for x in range(SIDE):
                sol = solve(Board(SIDE, SIDE, (x, y)), "count", {}, SearchControl(), Limits())
                seconds += sol.stats.elapsed_s
                found += sol.details["solutions"]
        return seconds, found
    seconds, found = min(one_by_one() for _ in range(5))
    assert found == TOURS_5X5
    report.add(Row(
        "every 5x5 tour, each of the 25 squares searched on its own",
        f"{found:,} tours in {seconds * 1000:.1f} ms of search (squares theory rules out: no search)",
        f"{peer_total:,} tours in {peer.wall_s * 1000:.0f} ms",
        ratio=peer.wall_s / seconds, goal=3))
    against_knighttour(report, mine)
    met_in_the_middle(report)
    the_faster_total(report)
    report.add(Row(
        "every 5x5 tour from every square: against the physical limit",
        f"{search * 1000:.2f} ms of search, {mine.stats.nodes_expanded:,} nodes",
        f"{mine.stats.nodes_expanded / h.CACHED_STEPS_PER_S * 1e6:.1f} µs: the same nodes at ~10^9 a second "
        "(a node is a few instructions on a board that sits in the first-level cache)",
        note=h.times_the_bound(search, mine.stats.nodes_expanded / h.CACHED_STEPS_PER_S) + "; "
             "the answer itself (1,728, OEIS A165134 a(5)) is checked above"))
    for closed in (False, True):
        _warnsdorff(closed)  # warm
        sol = h.best_of(3, lambda: _warnsdorff(closed), key=lambda s: s.stats.elapsed_s)
        assert sol.status == Status.SOLVED
        seconds = sol.stats.elapsed_s
        kind = "closed" if closed else "open"
        report.add(Row(
            f"Warnsdorff 1000x1000 {kind} tour under 2 s of search",
            f"{seconds:.3f} s of search ({sol.details.get('method', '')}, from "
            f"{sol.details['board']['start'][0]},{sol.details['board']['start'][1]})",
            "", ratio=2.0 / seconds, goal=1, note="ratio = 2 s / our search time"))


def against_knighttour(report: Report, mine) -> None:
    """The same count against neyguvj/knighttour: its figure noted above (or KNIGHTS_PEER_MS), or with
    KNIGHTS_PEER naming a built knighttour, its fastest of PEER_ROUNDS runs in turns with ours."""
    peer_s, source = h.peer_figure("KNIGHTS_PEER_MS", KNIGHTTOUR_5X5_S * 1000, KNIGHTTOUR_SOURCE)
    peer_s /= 1000
    best = mine
    if driver := os.environ.get("KNIGHTS_PEER"):
        times = []
        for _ in range(PEER_ROUNDS):
            times.append(knighttour_seconds(driver))
            sol = _count_every_start()
            best = sol if sol.stats.elapsed_s < best.stats.elapsed_s else best
        peer_s, source = min(times), f"{driver}, its own clock, fastest of {PEER_ROUNDS} in turns with ours"
    search = best.stats.elapsed_s
    report.add(Row(
        "every 5x5 tour from every square against neyguvj/knighttour (Go)",
        f"{best.details['solutions']:,} tours in {search * 1000:.2f} ms of search",
        f"{TOURS_5X5:,} tours in {peer_s * 1000:.1f} ms ({source})",
        note=f"ours {peer_s / search:,.1f}x faster (search time against its own clock)"))


def met_in_the_middle(report: Report) -> None:
    """Every 6x6 tour from every square, the total alone, met in the middle on two threads: the way a count
    too large for the per-square table is made (7x7's takes minutes, docs/knights.md)."""
    p = meet.plan(6, 6, frozenset())
    assert p is not None
    counters = SearchControl().counters

    meet.count(p, counters, workers=2)  # warm: load or compile the kernels
    best = min(_timed(lambda: meet.count(p, counters, workers=2)) for _ in range(3))
    seconds, tours = best
    assert tours == TOURS_6X6, tours
    report.add(Row(
        "every 6x6 tour from every square (the total), met in the middle",
        f"{tours:,} tours in {seconds:.2f} s on 2 threads",
        f"{TOURS_6X6:,} tours in {KNIGHTTOUR_6X6_S:.0f} s on 2 workers (neyguvj/knighttour 9b62063, walking every "
        "tour; its figure noted on this machine on 2026-11-27, docs/knights.md)",
        ratio=KNIGHTTOUR_6X6_S / seconds, goal=10))


# Boards either side of where meeting in the middle stops paying (frontier_peaks.MEETS_FASTER_UP_TO), with
# their totals from every square (directed open tours; they agree with the brute force's on smaller boards
# and with each other, tests/puzzles/knights/test_meet.py)
EITHER_SIDE = {(6, 7): 779_938_932, (5, 12): 7_223_647_288_012}


def the_faster_total(report: Report) -> None:
    """The total from every square where the per-square table does not fit: the sweep a count picks
    (met in the middle, or one sweep with free ends) against the other, on 2 threads each, in turns."""
    for (w, h_), tours in EITHER_SIDE.items():
        board = Board(w, h_, (0, 0))
        p = meet.plan(w, h_, frozenset())
        assert p is not None
        counters = SearchControl().counters
        ways = {"met in the middle": lambda: meet.count(p, counters, workers=2),
                "one sweep with free ends": lambda: frontier.count_all(w, h_, frozenset(), counters, workers=2)}
        for way in ways.values():
            assert way() == tours  # warm: load or compile the kernels
        best = {name: min(_timed(way)[0] for _ in range(3)) for name, way in ways.items()}
        picked = ("met in the middle" if frontier_count.sets_swept(board, True, 0) == frontier_count.MEETING
                  else "one sweep with free ends")
        other = next(name for name in ways if name != picked)
        report.add(Row(
            f"every {w}x{h_} tour from every square (the total): the sweep a count picks",
            f"{tours:,} tours, {picked}: {best[picked]:.2f} s on 2 threads",
            f"{other}: {best[other]:.2f} s on 2 threads",
            ratio=best[other] / best[picked], goal=1.0,
            note="ratio = the other sweep's time / the picked one's (a count picks the faster)"))


def _timed(fn) -> tuple[float, int]:
    began = time.perf_counter()
    out = fn()
    return time.perf_counter() - began, out


def knighttour_seconds(binary: str) -> float:
    """One run of knighttour on 5x5 (one worker, subtasks at depth 2): its count checked, its own time."""
    out = subprocess.run([binary, "-size", str(SIDE), "-workers", "1", "-precompute-depth", "2"],
                         capture_output=True, text=True, check=True)
    text = out.stdout + out.stderr
    total = re.search(r"Total paths: (\d+)", text)
    took = re.search(r"Time: ([0-9.]+)(µs|ms|s)", text)
    if total is None or took is None or int(total.group(1)) != TOURS_5X5:
        raise SystemExit(f"knighttour gave no count of {TOURS_5X5}: {text[-200:]}")
    return float(took.group(1)) * {"µs": 1e-6, "ms": 1e-3, "s": 1.0}[took.group(2)]
