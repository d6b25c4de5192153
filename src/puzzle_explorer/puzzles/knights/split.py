"""Counting tours over workers: the tree cut at a depth into subtrees, each counted by the pruned
search from its prefix (a task for core/scale/tasks.py), the counts and kept tours merged in the order
the single search would meet them, so every answer is the same for any number of workers."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from puzzle_explorer.core.kernels.codes import CAP, STOPPED
from puzzle_explorer.core.kernels.counters import new_counters
from puzzle_explorer.core.scale.cuts import shallowest_cut
from puzzle_explorer.puzzles.knights.kernels import pruned

MAX_TASKS = 1 << 16  # the most prefixes one split hands out: every start's tree on big boards


@dataclass
class Counted:
    """One subtree's answer: its nodes (below the prefix), tours, the first tours it met."""

    nodes: int
    solutions: int
    complete: bool
    kept: np.ndarray


@dataclass(frozen=True)
class Subtree:
    """Count the tours that begin with `prefix` (a picklable task: the table travels with it)."""

    table: np.ndarray
    width: int
    height: int
    prefix: np.ndarray
    free_count: int
    closed: bool
    keep: int

    def __call__(self, counters: np.ndarray) -> Counted:
        out = pruned.Searched(*pruned.pruned_search(
            self.table, self.width, self.height, self.prefix, self.free_count, self.closed, pruned.TABLE_ORDER,
            pruned.COUNT, self.keep, 0, counters))
        return Counted(int(out.nodes), int(out.tours), out.code != STOPPED, out.kept[:out.kept_count].copy())


@dataclass
class Split:
    """The prefixes a start's tree is cut into, and the nodes entered to find them."""

    prefixes: list[np.ndarray]
    nodes: int


def split(table: np.ndarray, width: int, height: int, start: int, free_count: int, closed: bool,
          wanted: int, stopped: Callable[[], bool] | None = None) -> Split:
    """The tree of tours from `start` cut into at least `wanted` prefixes (core/scale/cuts.py);
    stopped: the job's stop, looked at between depths."""
    root = np.array([start], dtype=np.int32)

    def cut_at(depth: int) -> Split | None:
        out = pruned.Searched(*pruned.pruned_search(
            table, width, height, root, free_count, closed, pruned.TABLE_ORDER, pruned.SPLIT, MAX_TASKS, depth,
            new_counters(quiet=True)))
        if out.code == CAP:
            return None
        return Split([row[:depth + 1].copy() for row in out.kept[:out.kept_count]], int(out.nodes))

    return shallowest_cut(cut_at, Split([root], 0), free_count - 1, 4, wanted, MAX_TASKS, stopped)


def example_args(table: np.ndarray, counters: np.ndarray | None = None) -> tuple[Any, ...]:
    """pruned_search's arguments, of the types every caller passes, on a board's table (5x5)."""
    counters = new_counters(quiet=True) if counters is None else counters
    return (table, 5, 5, np.zeros(1, dtype=np.int32), 25, False, pruned.TABLE_ORDER, pruned.COUNT, 1, 0, counters)


def warm() -> None:
    """Load the counting kernel in a fresh worker (from the disk cache) before its first task."""
    from puzzle_explorer.core.kernels.jit import prepare

    prepare(pruned.pruned_search, *example_args(np.full((25, 8), -1, dtype=np.int32)))
