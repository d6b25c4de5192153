"""Plain backtracking, as the classic article's program does it, on the engine's generic backtracking kernel.

No pruning and no ordering beyond a fixed move order: from each square try the
eight moves in turn, go on from the first free one, and step back when stuck.
The engine counts a node each time a square is placed on the path, the start
included, which is what the article counts as its "search space".
"""
from __future__ import annotations

from collections import namedtuple

import numpy as np

from puzzle_explorer.core.kernels import ops
from puzzle_explorer.core.kernels.jit import helper, routine

# table: (squares, 8) int32 neighbour table in the trial order; on: uint8 per square, 1 while on the path;
# last: the depth of the final square (free squares - 1); closed: 1 when the tour must return to the start;
# home: uint8 per square, 1 next to the start.
PlainCtx = namedtuple("PlainCtx", ["table", "on", "last", "closed", "home"])


@routine
def _children(ctx, node, depth, out):
    n = 0
    for k in range(8):
        t = ctx.table[node, k]
        if t >= 0 and ctx.on[t] == 0:
            out[n] = t
            n += 1
    return n


@routine
def _enter(ctx, node, depth):
    ctx.on[node] = 1


@routine
def _leave(ctx, node, depth):
    ctx.on[node] = 0


@routine
def _complete(ctx, node, depth):
    if depth != ctx.last:
        return False
    return ctx.closed == 0 or ctx.home[node] == 1


@helper
def _branching(ctx):
    return 8


ops.implement(PlainCtx, children=_children, enter=_enter, leave=_leave, complete=_complete,
              branching=_branching)


def make_context(table: np.ndarray, start: int, free_squares: int, closed: bool) -> PlainCtx:
    home = np.zeros(table.shape[0], dtype=np.uint8)
    for t in table[start]:
        if t >= 0:
            home[t] = 1
    return PlainCtx(table, np.zeros(table.shape[0], dtype=np.uint8), np.int64(free_squares - 1),
                    np.int64(1 if closed else 0), home)
