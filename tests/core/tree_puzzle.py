"""Two endless binary trees as undirected graphs: searches never end on their own.

A state is a component bit (bit 62) and a node number below it; node s joins
2s+1, 2s+2 and its parent, within its own component. Nothing reaches the
other component, so a search for a goal there runs until it is stopped.
"""
from collections import namedtuple

import numpy as np

from puzzle_explorer.core.kernels import ops
from puzzle_explorer.core.kernels.jit import kernel

TreeCtx = namedtuple("TreeCtx", ["goal"])
OTHER = np.uint64(1 << 62)


@kernel
def _expand(state, ctx, out):
    other = np.uint64(1) << np.uint64(62)
    low = other - np.uint64(1)
    top = state & other
    s = state & low
    out[0] = ((s * np.uint64(2) + np.uint64(1)) & low) | top
    out[1] = ((s * np.uint64(2) + np.uint64(2)) & low) | top
    if s == 0:
        return 2
    out[2] = ((s - np.uint64(1)) // np.uint64(2)) | top
    return 3


@kernel
def _is_goal(state, ctx):
    return state == ctx.goal


@kernel
def _heuristic(state, ctx):
    return 0


@kernel
def _branching(ctx):
    return 3


ops.implement(TreeCtx, expand=_expand, is_goal=_is_goal, heuristic=_heuristic, branching=_branching)

NO_GOAL = TreeCtx(OTHER)  # the root of the other component
