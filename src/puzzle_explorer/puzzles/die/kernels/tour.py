"""The tour search's hooks for puzzle_explorer.core.kernels.backtrack: rolls, the marked-face rule and exact pruning.

The board lives in a padded grid (a ring of blocked cells all round, so a
neighbour is always index + offset with no bounds test). A search node is
`cell * 24 + orientation`: where the die stands and how it lies.

Pruning, each a necessary condition for finishing the tour from the head
(the die's cell) through every unvisited cell to the goal, so no branch
that holds a tour is ever cut:

* Degrees. An unvisited cell other than the goal needs two tour neighbours
  among the unvisited cells and the head; the goal needs one. `free[q]`
  counts q's unvisited neighbours. Leaving the head takes one possible
  neighbour away from the cells around it (and only from them), so only
  those are checked: a cell there left with one way in is where the die
  must roll next; two such cells, or one with none, end the branch.
* Connectivity. The tour from the new head never comes back to it, so the
  unvisited cells must stay connected once it is taken out. When the
  unvisited cells among its eight surrounding cells form one arc, they
  stay joined around it; otherwise a breadth-first fill from one of its
  neighbours must reach all the others.
* The goal is entered only as the last cell, with the marked face as the
  goal-face rule asks; on the way the marked face never comes on top.
* Parity and the checks on the whole board are done once, before the
  search (analysis.py): colour balance cannot change along the way.
"""
from collections import namedtuple
from collections.abc import Sequence

import numpy as np

from puzzle_explorer.core.kernels import ops
from puzzle_explorer.core.kernels.jit import helper, routine
from puzzle_explorer.puzzles.die.orientation import COUNT, GOAL_ANY, GOAL_UP, MARK, ROLL, UP

N_ORIENT = COUNT

DieCtx = namedtuple("DieCtx", [
    "unvisited",  # int8[cells]: 1 for an open cell the die has not visited yet
    "free",       # int64[cells]: how many unvisited neighbours each cell has
    "step",       # int64[4]: index offset of a roll east, west, north, south
    "ring",       # int64[8]: offsets of the eight surrounding cells, clockwise from north
    "roll",       # int64[24, 4]: orientation after a roll
    "mark",       # int64[24]: direction of the marked face
    "goal",       # int: the goal's index
    "total",      # int: open cells
    "goal_face",  # int: GOAL_UP, GOAL_NOT_UP or GOAL_ANY
    "never_up",   # int: 1 applies the marked-face rule on the way (0 only to test the pruning on bare paths)
    "prune",      # int: 1 applies the degree and connectivity pruning; 0 tries every legal roll
    "seen",       # int64[cells]: fill stamps
    "queue",      # int64[cells]: fill queue
    "stamp",      # int64[1]: the current fill stamp
])


@helper
def _face_ok(ctx, orientation):
    up = ctx.mark[orientation] == UP
    if ctx.goal_face == GOAL_UP:
        return up
    if ctx.goal_face == GOAL_ANY:
        return True
    return not up


@helper
def _still_connected(ctx, q):
    """Whether the unvisited cells stay connected once q is taken out.

    They were connected before, so every piece left after taking q out
    touches q: it is enough that q's unvisited neighbours reach each other.
    """
    un = ctx.unvisited
    ring = ctx.ring
    # Arcs test: neighbours joined through an unvisited corner cell count once.
    links = 0
    n_orth = 0
    for i in range(0, 8, 2):
        if un[q + ring[i]]:
            n_orth += 1
            if un[q + ring[(i + 2) & 7]] and un[q + ring[i + 1]]:
                links += 1
    if n_orth - links <= 1:
        return True
    # Fill from one neighbour until every other neighbour is reached (or the fill runs out).
    ctx.stamp[0] += 1
    s = ctx.stamp[0]
    seen = ctx.seen
    queue = ctx.queue
    seen[q] = s
    targets = 0
    first = -1
    for d in range(4):
        r = q + ctx.step[d]
        if un[r]:
            targets += 1
            if first < 0:
                first = r
    seen[first] = s
    queue[0] = first
    head = 0
    tail = 1
    found = 1
    while head < tail:
        p = queue[head]
        head += 1
        for d in range(4):
            r = p + ctx.step[d]
            if un[r] and seen[r] != s:
                seen[r] = s
                queue[tail] = r
                tail += 1
                gap = r - q
                if gap == 1 or gap == -1 or gap == ctx.step[2] or gap == ctx.step[3]:  # a neighbour of q
                    found += 1
                    if found == targets:
                        return True
    return False  # the fill ran out before reaching every neighbour: q splits them


@helper
def _plain_children(ctx, p, o, left, out):
    """Every roll the rules allow, nothing cut: the goal only as the last cell, the mark never on
    top before it. The search a person would write first, kept to race against the pruned one."""
    k = 0
    for d in range(4):
        q = p + ctx.step[d]
        if not ctx.unvisited[q] or (q == ctx.goal) != (left == 1):
            continue
        o2 = ctx.roll[o, d]
        if q == ctx.goal:
            if not _face_ok(ctx, o2):
                continue
        elif ctx.never_up and ctx.mark[o2] == UP:
            continue
        out[k] = q * N_ORIENT + o2
        k += 1
    return k


@routine
def _children(ctx, node, depth, out):
    p = node // N_ORIENT
    o = node % N_ORIENT
    left = ctx.total - 1 - depth  # unvisited cells
    if left == 0:
        return 0
    un = ctx.unvisited
    if not ctx.prune:
        return _plain_children(ctx, p, o, left, out)
    if left == 1:
        # only the goal is left: roll onto it if the goal-face rule allows
        for d in range(4):
            q = p + ctx.step[d]
            if q == ctx.goal and un[q]:
                o2 = ctx.roll[o, d]
                if _face_ok(ctx, o2):
                    out[0] = q * N_ORIENT + o2
                    return 1
        return 0
    # Degrees around the head: a cell about to lose the head as a neighbour.
    forced = -1
    n_forced = 0
    for d in range(4):
        q = p + ctx.step[d]
        if un[q]:
            f = ctx.free[q]
            if f == 0:
                return 0  # q (goal or not) would be cut off: it could only be next, and would end the tour
            if f == 1 and q != ctx.goal:
                n_forced += 1
                forced = d
    if n_forced > 1:
        return 0
    k = 0
    for d in range(4):
        if n_forced == 1 and d != forced:
            continue
        q = p + ctx.step[d]
        if not un[q] or q == ctx.goal:
            continue
        o2 = ctx.roll[o, d]
        if ctx.never_up and ctx.mark[o2] == UP:
            continue
        if not _still_connected(ctx, q):
            continue
        out[k] = q * N_ORIENT + o2
        k += 1
    return k


@routine
def _enter(ctx, node, depth):
    p = node // N_ORIENT
    ctx.unvisited[p] = 0
    for d in range(4):
        ctx.free[p + ctx.step[d]] -= 1


@routine
def _leave(ctx, node, depth):
    p = node // N_ORIENT
    ctx.unvisited[p] = 1
    for d in range(4):
        ctx.free[p + ctx.step[d]] += 1


@routine
def _complete(ctx, node, depth):
    return depth == ctx.total - 1 and node // N_ORIENT == ctx.goal and _face_ok(ctx, node % N_ORIENT)


@helper
def _branching(ctx):
    return 4


ops.implement(DieCtx, children=_children, enter=_enter, leave=_leave, complete=_complete, branching=_branching)


def make_context(width: int, height: int, open_cells: Sequence[tuple[int, int]], goal: tuple[int, int], goal_face: int,
                 never_up: bool = True, prune: bool = True) -> DieCtx:
    """The padded grid for a board: open_cells are (x, y) pairs, goal is (x, y)."""
    stride = width + 2
    size = stride * (height + 2)
    unvisited = np.zeros(size, dtype=np.int8)
    for x, y in open_cells:
        unvisited[index(stride, x, y)] = 1
    step = np.array([1, -1, -stride, stride], dtype=np.int64)
    ring = np.array([-stride, -stride + 1, 1, stride + 1, stride, stride - 1, -1, -stride - 1], dtype=np.int64)
    free = np.zeros(size, dtype=np.int64)
    for x, y in open_cells:
        i = index(stride, x, y)
        free[i] = sum(int(unvisited[i + s]) for s in step)
    scratch = (np.zeros(size, dtype=np.int64), np.zeros(size, dtype=np.int64), np.zeros(1, dtype=np.int64))
    return DieCtx(unvisited, free, step, ring, ROLL.copy(), MARK.copy(), index(stride, *goal),
                  len(open_cells), goal_face, int(never_up), int(prune), *scratch)


def index(stride: int, x: int, y: int) -> int:
    """The padded-grid index of 0-based cell (x, y)."""
    return (y + 1) * stride + x + 1


def cell_of(stride: int, i: int) -> tuple[int, int]:
    """0-based (x, y) of a padded-grid index."""
    return i % stride - 1, i // stride - 1
