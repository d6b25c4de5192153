"""IDA*: iterative deepening on f = g + h, depth first, with a transposition table.

Memory stays small: a stack as deep as the bound, plus a table holding, for
each state met so far, the least depth it was reached at and the iteration
that last expanded it there. A state reached deeper than that, or at that
depth again in the same iteration, has nothing new below it and is pruned;
states on a shortest path are always reached at their least depth, so no
answer is lost. This also makes a proof of unsolvability take as many
iterations as the deepest state, not as the longest path. The table stops
taking new states at the cap, so the search goes on with less pruning
instead of running out of memory; only a stack deeper than its share of the
budget ends the search (MEMORY).
"""
import numpy as np

from puzzle_explorer.core.kernels import ops, picture
from puzzle_explorer.core.kernels.arrays import copy_into
from puzzle_explorer.core.kernels.codes import EXHAUSTED, FOUND, MEMORY, STOPPED
from puzzle_explorer.core.kernels.counters import CHECK_EVERY, publish
from puzzle_explorer.core.kernels.hashset import is_full, map_get, map_grow, map_put, new_map, table_bytes
from puzzle_explorer.core.kernels.jit import helper, kernel
from puzzle_explorer.core.kernels.paths import NO_PATH

STACK_SHARE = 16  # the depth-first stack may take 1/16 of the budget
NO_BOUND = 1 << 62  # an int64 in the kernels, as every global int is


def peak_bytes(cap: int) -> int:
    """The most the transposition table holds under a state cap (the stack has its own share)."""
    return table_bytes(cap, 16)[0]


def stack_room(budget: int) -> int:
    """Bytes the stack may take: its share of the budget, at least enough for a short search."""
    return max(64 * 2**10, budget // STACK_SHARE)


@helper
def _pack(g, iteration):
    return (g << np.int64(32)) | iteration


@kernel
def _show(counters, path, d, bound, ctx, grown):
    """The live picture: the stack path[:d + 1], its g and h, the bound, the iteration's nodes so far."""
    picture.show_bounded(counters, path, d, ops.heuristic(path[d], ctx), bound, grown)


@kernel
def idastar(starts, ctx, cap, stack_bytes, counters):
    """Shortest path from any start to a goal; returns (code, path states).

    The table holds at most `cap` states; an iteration whose stack (and the
    previous one's, freed only once the new one exists) would pass
    `stack_bytes` ends the search with MEMORY. The live picture shows the
    stack, g, h and the bound; each finished iteration adds its bound and
    its nodes to the history.
    """
    drawing = picture.drawing(counters)
    branch = ops.branching(ctx)
    per_depth = 8 * branch + 32  # kids, path, nk, pos, and the path returned
    keys, vals = new_map(1024)
    stored = 0
    bound = NO_BOUND
    for s in starts:
        bound = min(bound, ops.heuristic(s, ctx))
    if bound >= ops.DEAD_END:
        publish(counters, 0, 0, 0, 0)
        return EXHAUSTED, NO_PATH
    expanded = 0
    iteration = 0
    while True:
        iteration += 1
        iteration_start = expanded
        next_bound = NO_BOUND
        depth_room = bound + 2
        if depth_room > stack_bytes // (2 * per_depth):
            publish(counters, expanded, 0, bound, stored)
            return MEMORY, NO_PATH
        path = np.empty(depth_room, dtype=np.uint64)
        kids = np.empty((depth_room, branch), dtype=np.uint64)
        nk = np.zeros(depth_room, dtype=np.int64)
        pos = np.zeros(depth_room, dtype=np.int64)
        for s0 in starts:
            h0 = ops.heuristic(s0, ctx)
            if h0 > bound:
                if h0 < ops.DEAD_END:
                    next_bound = min(next_bound, h0)
                continue
            if ops.is_goal(s0, ctx):
                found = np.empty(1, dtype=np.uint64)
                found[0] = s0
                if drawing:
                    _show(counters, found, 0, bound, ctx, expanded - iteration_start)
                return FOUND, found
            d = 0
            path[0] = s0
            nk[0] = ops.expand(s0, ctx, kids[0])
            pos[0] = 0
            expanded += 1
            while d >= 0:
                if pos[d] == nk[d]:
                    d -= 1
                    continue
                t = kids[d, pos[d]]
                pos[d] += 1
                g = d + 1
                if d > 0 and t == path[d - 1]:
                    continue
                h = ops.heuristic(t, ctx)
                if h >= ops.DEAD_END:
                    continue
                f = g + h
                if f > bound:
                    if f < next_bound:
                        next_bound = f
                    continue
                seen = map_get(keys, vals, t)
                if seen >= 0:
                    least = seen >> np.int64(32)
                    if g > least or (g == least and (seen & np.int64(0xFFFFFFFF)) == iteration):
                        continue
                if seen >= 0 or stored < cap:
                    if map_put(keys, vals, t, _pack(g, iteration)):
                        stored += 1
                        if is_full(keys, stored):
                            keys, vals = map_grow(keys, vals, counters)
                            if is_full(keys, stored):  # a stop cut the growth short: a full table never ends a probe
                                publish(counters, expanded, d + 1, bound, stored)
                                return STOPPED, NO_PATH
                if ops.is_goal(t, ctx):
                    publish(counters, expanded, d + 1, bound, stored)
                    found = np.empty(g + 1, dtype=np.uint64)
                    copy_into(found, path, g)
                    found[g] = t
                    if drawing:
                        _show(counters, found, g, bound, ctx, expanded - iteration_start)
                    return FOUND, found
                d = g
                path[d] = t
                nk[d] = ops.expand(t, ctx, kids[d])
                pos[d] = 0
                expanded += 1
                if expanded % CHECK_EVERY == 0:
                    if drawing:
                        _show(counters, path, d, bound, ctx, expanded - iteration_start)
                    if publish(counters, expanded, d, bound, stored):
                        return STOPPED, NO_PATH
        if drawing:
            picture.add_history_pair(counters, bound, expanded - iteration_start)
        if next_bound == NO_BOUND:
            publish(counters, expanded, 0, bound, stored)
            return EXHAUSTED, NO_PATH
        bound = next_bound
        publish(counters, expanded, 0, bound, stored)
