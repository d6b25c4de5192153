"""Knight's tours: every 5x5 tour from every square against the plain C counter, and a million-square tour."""
from __future__ import annotations

from bench import harness as h
from bench.harness import Report, Row
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles.knights.board import Board
from puzzle_explorer.puzzles.knights.solve import solve

SIDE = 5
TOURS_5X5 = 1728  # directed open tours of 5x5, summed over the 25 start squares


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
