"""What the cube searches aim at: a pattern's goal positions, and IDA*'s context with its lower bound."""
from __future__ import annotations

from functools import cache

import numpy as np

from puzzle_explorer.puzzles.cube8 import cubes as C
from puzzle_explorer.puzzles.cube8.kernels.rolls import Cube8Ctx


def goal_numbers(pattern: tuple[int, ...]) -> np.ndarray:
    """The numbers of the 128 positions of a parity that show the pattern."""
    return np.array([C.goal_base(pattern) + off for off in C.GOAL_OFFSETS], dtype=np.int64)


@cache
def walk_table(goal: int) -> np.ndarray:
    """walk[e * 512 + squares]: the shortest walk on the board from e through every square
    in the bit set `squares`, ending on `goal` (a lower bound on the rolls, see kernels)."""
    step = [[abs(a % 3 - b % 3) + abs(a // 3 - b // 3) for b in range(9)] for a in range(9)]
    f = [[0] * 512 for _ in range(9)]
    for need in range(512):
        for p in range(9):
            rest = need & ~(1 << p)
            if rest == 0:
                f[p][need] = step[p][goal]
            elif rest != need:
                f[p][need] = f[p][rest]
            else:
                f[p][need] = min(step[p][q] + f[q][need & ~(1 << q)] for q in range(9) if need >> q & 1)
    return np.array([f[e][m] for e in range(9) for m in range(512)], dtype=np.int64)


def ida_start(position: tuple[int, ...], pattern: tuple[int, ...]) -> tuple[np.ndarray, Cube8Ctx]:
    """The start state and the context of an IDA* search."""
    goal = pattern.index(C.EMPTY)
    target = np.array([-1 if c == C.EMPTY else c for c in pattern], dtype=np.int64)
    ctx = Cube8Ctx(np.int64(C.parity(position)), target, np.int64(goal), walk_table(goal),
                   np.empty(9, dtype=np.int64))
    return np.array([C.index(position)], dtype=np.uint64), ctx
