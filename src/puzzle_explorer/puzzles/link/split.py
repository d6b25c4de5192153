"""Clearing proofs over workers: the removal orders cut a few removals deep (clearing.clear_board's
split, each position handed out once), each prefix searched on its own as a task of core/scale/tasks.py.
The board is clearable when any prefix's search clears it; the order reported is the first found
in task order, and a proof that no order exists is the same whatever the number of workers."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from puzzle_explorer.core.kernels.codes import CAP, EXHAUSTED, FOUND
from puzzle_explorer.core.kernels.counters import STORED, new_counters
from puzzle_explorer.core.kernels.jit import prepare
from puzzle_explorer.core.scale.cuts import MAX_TASKS, shallowest_cut
from puzzle_explorer.puzzles.link.kernels import clearing

NO_PREFIX = np.empty((0, 2), dtype=np.int64)


@dataclass
class Cleared:
    """One prefix's search: its nodes and dead positions stored, and the order found if any."""

    nodes: int
    solutions: int
    complete: bool
    code: int
    moves: np.ndarray
    stored: int

# The kernel takes the board's arguments spread from a tuple, then the prefix and the cut:
# mypy cannot count a spread tuple against the kernel's fixed parameters.
clear_board: Callable[..., Any] = clearing.clear_board


@dataclass(frozen=True)
class ClearFrom:
    """Search for a clearing order that begins with `prefix` (a picklable task). `args`: the
    kernel's arguments before the prefix (board, rules, dead-store cap, moves room)."""

    args: tuple[Any, ...]
    prefix: np.ndarray

    def __call__(self, counters: np.ndarray) -> Cleared:
        out = clearing.Removals(*clear_board(*self.args, self.prefix, np.int64(0), np.int64(0), counters))
        return Cleared(int(out.expanded), int(out.code == FOUND), out.code in (FOUND, EXHAUSTED), int(out.code),
                       out.moves, int(counters[STORED]))


@dataclass(frozen=True)
class Warm:
    """Load the clearing kernel in a fresh worker (from the disk cache)."""

    args: tuple[Any, ...]

    def __call__(self) -> None:
        prepare(clearing.clear_board, *self.args, NO_PREFIX, np.int64(0), np.int64(0), new_counters(quiet=True))


@dataclass
class Split:
    prefixes: list[np.ndarray]
    nodes: int
    code: int  # FOUND: the split itself cleared the board (moves); EXHAUSTED: prefixes handed out
    moves: np.ndarray


def split(args: tuple[Any, ...], pairs: int, wanted: int, stopped: Callable[[], bool] | None = None) -> Split:
    """The removal orders cut into at least `wanted` prefixes (core/scale/cuts.py); a split that clears
    the board on its way ends with that order and no prefixes."""

    def cut_at(depth: int) -> Split | None:
        out = clearing.Removals(*clear_board(*args, NO_PREFIX, np.int64(depth), np.int64(MAX_TASKS),
                                                      new_counters(quiet=True)))
        if out.code == FOUND:
            return Split([], int(out.expanded), FOUND, out.moves)
        if out.code != EXHAUSTED:  # CAP: too many prefixes (or the dead store filled): the last cut will do
            return None
        return Split([out.prefixes[i, :depth].copy() for i in range(out.prefix_count)], int(out.expanded),
                     EXHAUSTED, NO_PREFIX)

    return shallowest_cut(cut_at, Split([NO_PREFIX], 0, EXHAUSTED, NO_PREFIX), pairs, 16, wanted, stopped=stopped)


def first_found(results: list[Cleared | None]) -> Cleared | None:
    """The first result in task order that cleared the board."""
    return next((r for r in results if r is not None and r.code == FOUND), None)


def dead_store_full(results: list[Cleared | None]) -> bool:
    return any(r is not None and r.code == CAP for r in results)
