"""Rolling die: proving the classic puzzle's answer by exhaustive search, against a plain exhaustive C search.

A node is the same thing on both sides: one placement of the die entered by
the search (the start, then each roll that passed the rules; the peer counts
its dfs() calls). Ours refuses most rolls before entering them (the unvisited
cells must stay connected, no dead ends, the parity of the whole board), so
it enters far fewer.
"""
from __future__ import annotations

import json
import re

from bench import harness as h
from bench.harness import Report, Row
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.puzzles.die.board import Board
from puzzle_explorer.puzzles.die.solve import solve

PEER_MODE = {"not-up": 0, "up": 1, "any": 2}
# Searched on 2026-11-27 (GitHub code, issues and pages: rolling die / rolling cube tours, Hamiltonian
# paths with a die's orientation): no public program counts or proves these tours. The puzzle's public
# statement (the BrainDen forum's "Touring the chessboard with a single die", topic 15138: corner to
# corner along one side, the 1-spot up at both ends and on no square between) was answered by hand
# with one tour; the one published program for a rolling-die tour (Puzzling Stack Exchange question
# 5410, Mathematica) solves a 6x6 grid whose numbered cells fix the top face, another question.
PUBLIC_FIELD = ("no public solver found: searched GitHub code, issues and the web for rolling-die tour solvers; "
                "the puzzle's public statement (BrainDen forum topic 15138) was answered by hand with one tour")
CASES = [
    # (what, width, height, goal x, goal y, goal face, peer runs)
    ("the classic puzzle, 8x8, mark up at the goal: every tour", 8, 8, 0, 7, "up", 3),
    ("8x8, mark either way at the goal: every tour", 8, 8, 0, 7, "any", 1),
    ("7x7, corner to corner down one side: proof of no tour", 7, 7, 0, 6, "any", 3),
]


def _peer(bin_dir, width, height, gx, gy, rule, runs):
    args = [str(bin_dir / "die_exhaustive"), str(height), str(width), str(gy), str(gx), str(PEER_MODE[rule])]
    best = h.best_of(runs, lambda: h.run(args))
    found = re.search(r"sols=(\d+) nodes=(\d+)", best.stdout)
    if best.returncode != 0 or found is None:
        raise SystemExit(f"die_exhaustive failed: {best.stdout[-200:]}")
    return best, int(found.group(1)), int(found.group(2))


def _ours(board: Board, rule: str):
    options = {"goal_face": rule, "keep": 10}
    solve(board, "all", options, SearchControl(), Limits())  # compiles or loads the kernel
    return h.best_of(5, lambda: solve(board, "all", options, SearchControl(), Limits()),
                     key=lambda s: s.stats.elapsed_s)


def run(report: Report, bin_dir) -> None:
    classic = None
    for what, width, height, gx, gy, rule, runs in CASES:
        board = Board(width, height, frozenset(), (0, 0), (gx, gy))
        mine = _ours(board, rule)
        peer, peer_sols, peer_nodes = _peer(bin_dir, width, height, gx, gy, rule, runs)
        count = mine.details["solutions"]
        assert mine.details["count_complete"] and count == peer_sols, (what, count, peer_sols)
        seconds = mine.stats.elapsed_s
        if classic is None:  # the first case: the classic puzzle
            classic = mine
        report.add(Row(
            what,
            f"{count} tour(s), {mine.stats.nodes_expanded:,} nodes in {seconds * 1000:.2f} ms of search",
            f"{peer_sols} tour(s), {peer_nodes:,} nodes in {peer.wall_s:.2f} s (whole process, best of {runs})",
            ratio=peer.wall_s / seconds, goal=10,
            note=f"nodes: {peer_nodes / max(1, mine.stats.nodes_expanded):,.0f}x fewer; "
                 "a node is one placement of the die entered by the search, on both sides"))
    nodes, seconds = classic.stats.nodes_expanded, classic.stats.elapsed_s
    report.add(Row("the classic puzzle against the public field",
                   f"{classic.details['solutions']} tour, proved the only one in {seconds * 1000:.2f} ms of search",
                   PUBLIC_FIELD))
    report.add(Row(
        "the classic puzzle against the physical limit",
        f"{seconds * 1000:.2f} ms of search, {nodes:,} nodes",
        f"{nodes / h.CACHED_STEPS_PER_S * 1e6:.1f} µs: the same nodes at ~10^9 a second (a node is a few "
        "instructions on a board that sits in the first-level cache)",
        note=h.times_the_bound(seconds, nodes / h.CACHED_STEPS_PER_S)))
    # The command line end to end, compilation cache and start-up included.
    cli = h.ours("solve", "die", "--preset", "classic-8x8", "--all", "--json")
    data = json.loads(cli.stdout)
    report.add(Row("the classic puzzle from the command line (process start, kernel load, search)",
                   f"{data['solutions']} tour, {cli.wall_s:.2f} s whole process, "
                   f"{data['stats']['elapsed_s'] * 1000:.2f} ms of it search", ""))


