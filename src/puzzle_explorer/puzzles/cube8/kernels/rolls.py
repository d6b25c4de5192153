"""Numba kernels for the cubic eight-puzzle, over the dense position numbers of cubes.py.

A search state is a position's number among those of its parity (see
puzzles/cube8/cubes.py); the parity itself is fixed for a whole search, so
it travels beside the numbers. Decoding a number gives `cells`: the
orientation on each of the 9 squares, NONE on the empty one.

Three searches live here because dense numbers beat a hash table: a
breadth-first sweep that fills a distance table, a bidirectional BFS that
marks states in a byte array, and the hooks the engine's IDA* calls.
"""
from collections import namedtuple

import numpy as np
from numpy.typing import NDArray

from puzzle_explorer.core.kernels import ops, picture
from puzzle_explorer.core.kernels.codes import CAP, EXHAUSTED, FOUND, STOPPED
from puzzle_explorer.core.kernels.counters import CHECK_EVERY, publish
from puzzle_explorer.core.kernels.jit import helper, kernel
from puzzle_explorer.puzzles.cube8 import cubes as C

NONE = 7  # the empty square in `cells`
UNREACHED = 255  # in a distance table
ROLL_X = np.array(C.ROLL_X, dtype=np.int64)
ROLL_Y = np.array(C.ROLL_Y, dtype=np.int64)
PARITY = np.array(C.PARITY, dtype=np.int64)
TOP = np.array(C.TOP, dtype=np.int64)
POW6 = np.array([6 ** k for k in range(8)], dtype=np.int64)
BASE7 = C.BASE7
PER_EMPTY = C.PER_EMPTY
SPACE = C.SPACE


def _neighbours() -> NDArray[np.int64]:
    """For each square and direction: the square the cube comes from (-1: off the board)."""
    out = np.full((9, 4), -1, dtype=np.int64)
    for s in range(9):
        x, y = C.xy(s)
        for d, (dx, dy) in enumerate(C.DIRECTIONS):
            if 0 <= x + dx < 3 and 0 <= y + dy < 3:
                out[s, d] = C.square_at(x + dx, y + dy)
    return out


NEIGHBOUR = _neighbours()
HORIZONTAL = np.array([dx != 0 for dx, _ in C.DIRECTIONS], dtype=np.bool_)

# What IDA* needs besides the numbers: the target and a lower bound table (see heuristic).
Cube8Ctx = namedtuple("Cube8Ctx", [
    "par",     # int64: the parity of every position of this search
    "target",  # int64[9]: the top colour each square must show, -1 on the goal's empty square
    "goal",    # int64: where the empty square must end
    "walk",    # int64[9 * 512]: walk[e * 512 + squares] (see goals.walk_table)
    "cells",   # int64[9]: scratch
])


@helper
def decode(number, par, cells):
    """Write the orientations of position `number` (of parity par) into cells; return the empty square."""
    e = number // PER_EMPTY
    rest = number - e * PER_EMPTY
    total = e % 3 + e // 3
    k = 0
    for s in range(9):
        if s == e:
            cells[s] = NONE
            continue
        if k < 7:
            digit = rest % 6
            rest //= 6
            cells[s] = digit
            total += PARITY[digit]
        else:
            o = 2 * rest  # the eighth cube: its top is what remains, its x-axis colour fixes the parity
            if (total + PARITY[o]) % 2 != par:
                o += 1
            cells[s] = o
        k += 1
    return e


@helper
def number_after(cells, e, c, rolled):
    """The number of the position in cells once the cube on square c has rolled onto e as `rolled`."""
    n = c * PER_EMPTY
    k = 0
    for s in range(9):
        if s == c:
            continue
        o = rolled if s == e else cells[s]
        if k < 7:
            n += o * POW6[k]
        else:
            n += (o >> 1) * BASE7
        k += 1
    return n


@helper
def rolls_from(number, par, cells, out):
    """The numbers of the positions one roll away; returns how many (2 to 4)."""
    e = decode(number, par, cells)
    n = 0
    for d in range(4):
        c = NEIGHBOUR[e, d]
        if c < 0:
            continue
        o = cells[c]
        rolled = ROLL_X[o] if HORIZONTAL[d] else ROLL_Y[o]
        out[n] = number_after(cells, e, c, rolled)
        n += 1
    return n


@kernel
def distances(sources, par, dist, queue, cap, counters):
    """Breadth-first from the positions `sources`: dist[n] = fewest rolls between n and the
    nearest source (UNREACHED if none). Rolls can be undone, so that is also the fewest
    rolls from n to a source: a sweep from a pattern's goal positions is its distance table.

    dist has SPACE bytes, queue SPACE uint32 entries. Past `cap` positions the sweep ends
    with CAP. Several sweeps report as one job through the snapshots' running totals.
    Returns (code, positions reached). The live picture shows the position being expanded
    (the sweep keeps no parent links, so not the path to it) and each finished level's size.
    """
    drawing = picture.drawing(counters)
    cells = np.empty(9, dtype=np.int64)
    out = np.empty(4, dtype=np.int64)
    dist[:] = UNREACHED
    tail = 0
    for s in sources:
        if dist[s] == UNREACHED:
            if tail >= cap:
                return CAP, tail
            dist[s] = 0
            queue[tail] = s
            tail += 1
    head = 0
    depth = np.int64(0)
    level_start = 0
    while head < tail:
        node = np.int64(queue[head])
        head += 1
        if np.int64(dist[node]) != depth:
            if drawing:
                picture.add_history(counters, head - 1 - level_start)
            level_start = head - 1
            depth = np.int64(dist[node])
        k = rolls_from(node, par, cells, out)
        for j in range(k):
            t = out[j]
            if dist[t] == UNREACHED:
                if tail >= cap:
                    publish(counters, head, tail - head, depth, tail)
                    return CAP, tail
                dist[t] = depth + 1
                queue[tail] = t
                tail += 1
        if head % CHECK_EVERY == 0:
            if drawing:
                _show_position(counters, node, depth)
            if publish(counters, head, tail - head, depth, tail):
                return STOPPED, tail
    if drawing:
        picture.add_history(counters, tail - level_start)
    publish(counters, head, 0, depth, tail)
    return FOUND, tail


@helper
def _show_position(counters, node, depth):
    """One position at `depth`, without the path to it."""
    seq = picture.open_picture(counters, picture.BFS, depth)
    counters[picture.LENGTH] = depth + 1
    counters[picture.KEPT] = 1
    counters[picture.PATH] = node
    picture.close_picture(counters, seq)


FROM_START = 1  # mark = FROM_START + rolls from the start
FROM_GOAL = 128  # mark = FROM_GOAL + rolls from a goal


@helper
def _chain(mark, node, par, base, cells, out, path, at, step):
    """Write node, then neighbours with marks one lower each time down to `base`, into path
    at positions at, at + step, ... (the moves are reversible, so such a neighbour exists)."""
    m = mark[node]
    path[at] = node
    while m > base:
        node = _lower(mark, node, par, cells, out)
        m -= 1
        at += step
        path[at] = node


@helper
def _lower(mark, node, par, cells, out):
    """A position one roll from node whose mark is one lower (node itself if none: a root)."""
    m = np.int64(mark[node])
    k = rolls_from(node, par, cells, out)
    for j in range(k):
        if mark[out[j]] == m - 1:
            return out[j]
    return node


@helper
def _chain_live(mark, node, par, base, cells, out, counters, at, room):
    """The path from the side's root to node (marks going down by one), its newest `room` positions
    into the picture from slot `at`, oldest first; returns (its length, how many are held)."""
    length = np.int64(mark[node]) - base + 1
    kept = min(length, room)
    k = kept - 1
    counters[at + k] = node
    while k > 0:
        node = _lower(mark, node, par, cells, out)
        k -= 1
        counters[at + k] = node
    return length, kept


@kernel
def _show_sides(mark, near_start, near_goal, par, cells, out, counters, depth):
    seq = picture.open_picture(counters, picture.BIBFS, depth)
    length, kept = _chain_live(mark, near_start, par, FROM_START, cells, out, counters, picture.PATH, picture.SIDE_ROOM)
    counters[picture.LENGTH] = length
    counters[picture.KEPT] = kept
    length, kept = _chain_live(mark, near_goal, par, FROM_GOAL, cells, out, counters, picture.OTHER_AT,
                               picture.SIDE_ROOM)
    counters[picture.OTHER] = length
    counters[picture.OTHER_KEPT] = kept
    picture.close_picture(counters, seq)


@kernel
def bibfs(start, goals, par, max_len, cap, counters):
    """Fewest rolls from position `start` to any of `goals`, all of parity par.

    Returns (code, path of numbers): FOUND; EXHAUSTED when no goal is within
    max_len rolls (or reachable at all); CAP past `cap` states; STOPPED on request.
    Each round expands the whole level of the side with the smaller frontier.
    Before a level at depths df, db is expanded no state was reached from both
    sides, so no path is shorter than df + db + 1, and every meeting made while
    expanding it closes a path of at most that length: the level's first meeting
    is a shortest path. The live picture shows both sides: the path to the
    position being expanded, and the other side's path to the first position
    of its frontier.
    """
    drawing = picture.drawing(counters)
    mark = np.zeros(SPACE, dtype=np.uint8)
    room = min(cap, SPACE)
    fq = np.empty(room, dtype=np.uint32)
    bq = np.empty(room, dtype=np.uint32)
    cells = np.empty(9, dtype=np.int64)
    out = np.empty(4, dtype=np.int64)
    nb = 0
    if goals.shape[0] + 1 > room:
        return CAP, np.empty(0, dtype=np.int64)
    for g in goals:
        if mark[g] == 0:
            mark[g] = FROM_GOAL
            bq[nb] = g
            nb += 1
    if mark[start] == FROM_GOAL:
        path = np.empty(1, dtype=np.int64)
        path[0] = start
        return FOUND, path
    mark[start] = FROM_START
    fq[0] = start
    f_lo, f_hi, b_lo, b_hi = 0, 1, 0, nb
    df = 0
    db = 0
    stored = 1 + nb
    expanded = 0
    while True:
        if df + db + 1 > max_len or f_hi == f_lo or b_hi == b_lo:
            publish(counters, expanded, 0, df + db, stored)
            return EXHAUSTED, np.empty(0, dtype=np.int64)
        forward = f_hi - f_lo <= b_hi - b_lo
        if forward:
            q, lo, hi, own, other, depth = fq, f_lo, f_hi, FROM_START, FROM_GOAL, df
        else:
            q, lo, hi, own, other, depth = bq, b_lo, b_hi, FROM_GOAL, FROM_START, db
        tail = hi
        meet_from = np.int64(-1)
        meet_to = np.int64(-1)
        for i in range(lo, hi):
            node = np.int64(q[i])
            k = rolls_from(node, par, cells, out)
            for j in range(k):
                t = out[j]
                m = mark[t]
                if m == 0:
                    if stored >= cap:
                        publish(counters, expanded, tail - i, df + db, stored)
                        return CAP, np.empty(0, dtype=np.int64)
                    mark[t] = own + depth + 1
                    q[tail] = t
                    tail += 1
                    stored += 1
                elif (m >= FROM_GOAL) == (other == FROM_GOAL) and meet_from < 0:
                    meet_from = node
                    meet_to = t
            expanded += 1
            if expanded % CHECK_EVERY == 0:
                if drawing:
                    if forward:
                        _show_sides(mark, node, np.int64(bq[b_lo]), par, cells, out, counters, df + db)
                    else:
                        _show_sides(mark, np.int64(fq[f_lo]), node, par, cells, out, counters, df + db)
                if publish(counters, expanded, (f_hi - f_lo) + (b_hi - b_lo) + tail - hi, df + db, stored):
                    return STOPPED, np.empty(0, dtype=np.int64)
        if meet_from >= 0:
            publish(counters, expanded, 0, df + db + 1, stored)
            near_start = meet_from if forward else meet_to
            near_goal = meet_to if forward else meet_from
            a = np.int64(mark[near_start]) - FROM_START
            b = np.int64(mark[near_goal]) - FROM_GOAL
            path = np.empty(a + b + 2, dtype=np.int64)
            _chain(mark, near_start, par, FROM_START, cells, out, path, a, -1)
            _chain(mark, near_goal, par, FROM_GOAL, cells, out, path, a + 1, 1)
            if drawing:
                seq = picture.open_picture(counters, picture.BIBFS, a + b + 1)
                counters[picture.LENGTH] = path.shape[0]
                counters[picture.KEPT] = picture.copy_path(counters, picture.PATH, picture.SIDE_ROOM, path, path.shape[0])
                counters[picture.OTHER] = 0
                counters[picture.OTHER_KEPT] = 0
                picture.close_picture(counters, seq)
            return FOUND, path
        if forward:
            f_lo, f_hi = hi, tail
            df += 1
        else:
            b_lo, b_hi = hi, tail
            db += 1


# --- hooks for the engine's IDA* (core/kernels/idastar.py), over the same numbers ----------------

@helper
def _expand(state, ctx, out):
    return rolls_from(np.int64(state), ctx.par, ctx.cells, out)  # out holds uint64: the numbers fit


@helper
def _heuristic(state, ctx):
    """The empty square takes part in every roll, so it must visit each square whose top
    is wrong and then stop on the goal square: the shortest such walk is a lower bound."""
    cells = ctx.cells
    e = decode(np.int64(state), ctx.par, cells)
    wrong = 0
    for s in range(9):
        o = cells[s]
        if s != ctx.goal and o != NONE and TOP[o] != ctx.target[s]:
            wrong |= 1 << s
    return ctx.walk[e * 512 + wrong]


@helper
def _is_goal(state, ctx):
    cells = ctx.cells
    e = decode(np.int64(state), ctx.par, cells)
    if e != ctx.goal:
        return False
    for s in range(9):
        if s != e and TOP[cells[s]] != ctx.target[s]:
            return False
    return True


@helper
def _branching(ctx):
    return 4


ops.implement(Cube8Ctx, expand=_expand, heuristic=_heuristic, is_goal=_is_goal, branching=_branching)
