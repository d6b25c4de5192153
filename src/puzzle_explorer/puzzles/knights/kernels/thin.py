"""Exact tours on thin boards (three or four squares wide, any length), line by line.

Warnsdorff's rule and plain backtracking both fail on long thin boards: a
mistake near the start shows only hundreds of moves later. Here the board
is cut into lines across its short side (h squares each) and the squares are
taken one at a time, line after line (square v = line * h + row). For each
new square the search decides which of its moves back to earlier squares
the tour uses (at most four: two lines back, one row either side; one line
back, two rows either side). Every decision is checked against what is
still open, so the search never needs more than the last 2h + 1 squares,
the "window", to know what a decision leads to.

A window square has one of these codes, 4 bits each, packed into a uint64
with two flags and a small counter on top:

    0        not on the tour yet (degree 0)
    1        finished: degree 2, or blocked, or before the board
    2        degree 1; the other end of its piece of tour is the start,
             which has left the window
    3        degree 1; the other end is the tour's far end, which has left
    4 + k    degree 1; the other end of its piece is window square k

A square leaving the window must be finished, or be the start or the far
end of an open tour with degree 1. Joining the two ends of one piece
closes a cycle: allowed only as the last move of a closed tour.

On a board four wide the squares of the two edge lines reach only the two
middle lines, so counting shows how many middle-to-middle moves a tour can
use (one for an open tour of a full board, none for a closed one); the
search stops any path that uses more.

The search is depth-first, one decision per square, and remembers every
(square, window) pair it has proved hopeless, so it never explores one twice:
it is exact, and as thorough as a full dynamic programme when it has to be.
Two trial orders (most back moves first, fewest first) suit different
boards; they take turns with growing node budgets and share what they have
proved.
"""
from __future__ import annotations

import numpy as np

from puzzle_explorer.core.kernels import picture
from puzzle_explorer.core.kernels.codes import EXHAUSTED, FOUND, MEMORY, STOPPED
from puzzle_explorer.core.kernels.counters import due, publish
from puzzle_explorer.core.kernels.hashset import mix
from puzzle_explorer.core.kernels.jit import helper, kernel, routine

UNTOUCHED, DONE, TO_START, TO_END, MATE = 0, 1, 2, 3, 4
BITS = 4
FLAG_END = 60  # the open tour's far end has left the window
FLAG_COMPLETE = 61  # the tour is complete; nothing may follow
COUNTER = 58  # two bits: middle-to-middle moves used (four-wide boards)
MAX_SHORT_SIDE = 5  # 2h + 1 window codes must fit in 4 bits and 56 bits
MEMO_SLOT = 12  # a memo slot: the window (uint64) and its square (int32)
MEMO_INITIAL = 1 << 16  # memo slots to begin with; the table doubles when half full


def fixed_bytes(h: int, n: int) -> int:
    """What thin_search holds besides the memo's growth: its stacks (states, 16 candidate
    windows and their moves per square, positions), the moves found, the first memo."""
    depth_end = n + 2 * h + 1
    return depth_end * (8 + 16 * 9 + 16) + n + MEMO_INITIAL * MEMO_SLOT


def max_slots(room: int) -> int:
    """The largest memo the room allows: doubling to s slots holds the old s/2 and the new s at once."""
    slots = MEMO_INITIAL
    while (slots * 2 + slots) * MEMO_SLOT <= room:
        slots *= 2
    return slots


@helper
def _other_end(b, u):
    """The far end of the piece of tour ending at window square u: a square, or -2 / -3."""
    cu = b[u]
    if cu == UNTOUCHED:
        return u
    if cu >= MATE:
        return cu - MATE
    return -cu


@helper
def _back_slot(h, k):
    """Window slot of the k-th backward move: 0 (-2, -1), 1 (-2, +1), 2 (-1, -2), 3 (-1, +2) in (line, row)."""
    if k == 0:
        return 0
    if k == 1:
        return 2
    if k == 2:
        return h - 1
    return h + 3


@helper
def _back_options(free, v, h, line, row, start, a):
    """Which backward moves square v may use (bit k: move k): onto a free square of the board
    that is not finished, and onto the start only while it is untouched."""
    options = 0
    for k in range(4):
        if k == 0:
            cl, cr = line - 2, row - 1
        elif k == 1:
            cl, cr = line - 2, row + 1
        elif k == 2:
            cl, cr = line - 1, row - 2
        else:
            cl, cr = line - 1, row + 2
        if cl < 0 or cr < 0 or cr >= h:
            continue
        u = cl * h + cr
        if not free[u]:
            continue
        code = a[_back_slot(h, k)]
        if code == DONE or (u == start and code != UNTOUCHED):
            continue
        options |= 1 << k
    return options


@helper
def _chosen_slots(mask, h, row):
    """The backward moves in mask: (how many, the window slot of the first and of the second or
    -1, how many join the two middle rows of a board four wide)."""
    used = 0
    u1 = -1
    u2 = -1
    middle = 0
    for k in range(4):
        if (mask >> k) & 1:
            used += 1
            slot = _back_slot(h, k)
            if u1 < 0:
                u1 = slot
            else:
                u2 = slot
            if h == 4 and (row == 1 or row == 2):
                other_row = row - 1 if k == 0 else (row + 1 if k == 1 else (row - 2 if k == 2 else row + 2))
                if other_row == 1 or other_row == 2:
                    middle += 1
    return used, u1, u2, middle


@helper
def _all_done(b, first, last):
    """Whether window squares first..last - 1 are all finished."""
    for q in range(first, last):
        if b[q] != DONE:
            return False
    return True


@helper
def _join(b, w, used, u1, u2, real, closed, last_square):
    """Square w (the new one) takes its `used` backward moves onto slots u1, u2: the codes of b
    updated; returns (allowed, the tour is now complete). Joining the two ends of one piece
    closes a cycle, allowed only as the last move of a closed tour and when nothing is left."""
    if not real:
        b[w] = DONE
    elif used == 0:
        b[w] = UNTOUCHED
    elif used == 1:
        cu = b[u1]
        if cu == UNTOUCHED:
            b[u1] = MATE + w
            b[w] = MATE + u1
        else:
            b[u1] = DONE
            if cu >= MATE:
                m = cu - MATE
                b[m] = MATE + w
                b[w] = MATE + m
            else:
                b[w] = cu
    else:
        m1 = _other_end(b, u1)
        m2 = _other_end(b, u2)
        if m1 == u2:  # both ends of one piece: a cycle
            if not (closed and last_square):
                return False, False
            b[u1] = DONE
            b[u2] = DONE
            b[w] = DONE
            return _all_done(b, 0, w), True
        if b[u1] != UNTOUCHED:
            b[u1] = DONE
        if b[u2] != UNTOUCHED:
            b[u2] = DONE
        b[w] = DONE
        if m1 >= 0 and m2 >= 0:
            b[m1] = MATE + m2
            b[m2] = MATE + m1
        elif m1 >= 0:
            b[m1] = -m2
        elif m2 >= 0:
            b[m2] = -m1
        else:  # start ... far end: the whole tour, if nothing is left
            return _all_done(b, 0, w), True
    return True, False


@helper
def _retire_oldest(b, w, u0, n, free, start, closed, free_count, fl):
    """The oldest window square (u0) leaves the window: it must be finished, or be the start or
    the open tour's far end with one move. Returns (allowed, flags)."""
    flag_end = np.uint64(1) << np.uint64(FLAG_END)
    flag_complete = np.uint64(1) << np.uint64(FLAG_COMPLETE)
    code = b[0]
    if not (0 <= u0 < n and free[u0] and code != DONE):
        return True, fl
    if code == UNTOUCHED:
        return free_count == 1, fl
    if closed:
        return False, fl
    if u0 == start:
        other = TO_START
    elif (fl & flag_end) == 0:
        fl |= flag_end
        other = TO_END
    else:
        return False, fl
    if code >= MATE:
        b[code - MATE] = other
        return True, fl
    if code == other or not _all_done(b, 1, w + 1):
        return False, fl
    return True, fl | flag_complete


@helper
def _pack(b, w):
    """The window after the oldest square left: b[1..w] shifted down one slot, as 4-bit codes."""
    packed = np.uint64(0)
    for q in range(w):
        cq = b[q + 1]
        if cq >= MATE:
            cq -= 1
        packed |= np.uint64(cq) << np.uint64(BITS * q)
    return packed


@routine
def successors(state, v, h, n, free, start, closed, last_free, free_count, limit, desc, a, b, out, moves):
    """Every window after deciding square v's backward moves; returns how many (moves: which, as bits)."""
    w = 2 * h + 1
    flag_complete = np.uint64(1) << np.uint64(FLAG_COMPLETE)
    counter_mask = np.uint64(3) << np.uint64(COUNTER)
    flags = state & ((np.uint64(1) << np.uint64(FLAG_END)) | flag_complete | counter_mask)
    for i in range(w):
        a[i] = np.int64((state >> np.uint64(BITS * i)) & np.uint64(15))
    line = v // h
    row = v - line * h
    real = v < n and free[v]
    options = 0  # bit k: backward move k is possible
    if real:
        if (flags & flag_complete) != 0:
            return 0
        options = _back_options(free, v, h, line, row, start, a)
    found = 0
    for i in range(16):
        mask = (15 - i) if desc else i
        if mask & ~options:
            continue
        used, u1, u2, middle = _chosen_slots(mask, h, row)
        if used > 2 or (v == start and used > 1):
            continue
        fl = flags
        if middle > 0:
            so_far = np.int64((fl & counter_mask) >> np.uint64(COUNTER)) + middle
            if limit >= 0 and so_far > limit:
                continue
            if so_far > 3:
                so_far = 3
            fl = (fl & ~counter_mask) | (np.uint64(so_far) << np.uint64(COUNTER))
        for q in range(w):
            b[q] = a[q]
        ok, complete = _join(b, w, used, u1, u2, real, closed, v == last_free)
        if complete:
            fl |= flag_complete
        if not ok:
            continue
        ok, fl = _retire_oldest(b, w, v - w, n, free, start, closed, free_count, fl)
        if not ok:
            continue
        out[found] = _pack(b, w) | fl
        moves[found] = mask
        found += 1
    return found


@helper
def _memo_slot(v, state, cap):
    """Where the memo's probe for (square v, window state) begins: the table is keyed by the pair,
    which does not fit one word, so it keeps its own arrays, hashed with puzzle_explorer.core.kernels.hashset's mixer."""
    return np.int64(mix(state ^ (np.uint64(v) * np.uint64(0x9E3779B97F4A7C15))) & np.uint64(cap - 1))


@helper
def _memo_has(memo_key, memo_v, v, state):
    """Whether (square v, window state) is proved hopeless."""
    cap = memo_v.shape[0]
    j = _memo_slot(v, state, cap)
    while memo_v[j] >= 0:
        if memo_v[j] == v and memo_key[j] == state:
            return True
        j = (j + 1) & (cap - 1)
    return False


@helper
def _memo_put(memo_key, memo_v, v, state):
    """Remember (square v, window state) as hopeless (it is not there yet)."""
    cap = memo_v.shape[0]
    j = _memo_slot(v, state, cap)
    while memo_v[j] >= 0:
        j = (j + 1) & (cap - 1)
    memo_key[j] = state
    memo_v[j] = v


@helper(allocates=True)
def _memo_doubled(memo_key, memo_v):
    """The memo in a table twice the size."""
    bigger = memo_v.shape[0] * 2
    key2 = np.zeros(bigger, dtype=np.uint64)
    v2 = np.full(bigger, -1, dtype=np.int32)
    for q in range(memo_v.shape[0]):
        if memo_v[q] >= 0:
            _memo_put(key2, v2, memo_v[q], memo_key[q])
    return key2, v2


@helper
def _show(counters, kid_moves, ix, depth, deepest):
    """The live picture: the decision for each square v < depth (its backward moves, as bits), the
    newest PATH_ROOM of them; entry v is square v in line order."""
    seq = picture.open_picture(counters, picture.BACKTRACK, depth)
    kept = min(depth, picture.PATH_ROOM)
    first = depth - kept
    for k in range(kept):
        v = first + k
        counters[picture.PATH + k] = kid_moves[v, ix[v] - 1]
    counters[picture.LENGTH] = depth
    counters[picture.KEPT] = kept
    counters[picture.DEEPEST] = deepest
    picture.close_picture(counters, seq)


@helper(allocates=True)
def _chosen_moves(kid_moves, tried, n):
    """The tour found: per square, the backward moves of the decision taken there."""
    moves = np.zeros(n, dtype=np.uint8)
    for v in range(n):
        moves[v] = kid_moves[v, tried[v] - 1]
    return moves


@kernel
def thin_search(h, n, free, start, closed, limit, max_slots, counters):
    """Find a tour on a board of h rows by n // h lines; returns (code, moves per square, nodes).

    free is in line order (v = line * h + row); start is -1 for a closed tour.
    moves[v] has bit k set when the tour uses backward move k from v.
    code: FOUND, EXHAUSTED (no tour: proved), MEMORY (the memo would outgrow max_slots) or STOPPED.
    The live picture holds the decisions made so far, one per square (see _show).
    """
    drawing = picture.drawing(counters)
    deepest = 0
    w = 2 * h + 1
    free_count = 0
    last_free = -1
    for v in range(n):
        if free[v]:
            free_count += 1
            last_free = v
    depth_end = n + w
    states = np.empty(depth_end + 1, dtype=np.uint64)
    kids = np.empty((depth_end, 16), dtype=np.uint64)
    kid_moves = np.empty((depth_end, 16), dtype=np.uint8)
    listed = np.zeros(depth_end, dtype=np.int64)  # per depth: how many windows kids holds
    tried = np.zeros(depth_end, dtype=np.int64)  # per depth: how many of them were tried
    a = np.empty(w + 1, dtype=np.int64)
    b = np.empty(w + 1, dtype=np.int64)
    memo_key = np.zeros(MEMO_INITIAL, dtype=np.uint64)
    memo_v = np.full(MEMO_INITIAL, -1, dtype=np.int32)
    memo_count = 0
    first = np.uint64(0)
    for q in range(w):
        first |= np.uint64(DONE) << np.uint64(BITS * q)
    nodes = 0
    budget = 4096
    while True:
        for desc in (1, 0):
            states[0] = first
            listed[0] = successors(first, 0, h, n, free, start, closed, last_free, free_count, limit, desc, a, b,
                                   kids[0], kid_moves[0])
            tried[0] = 0
            depth = 0
            run = 0
            while depth >= 0:
                if depth == depth_end:
                    if (states[depth] & (np.uint64(1) << np.uint64(FLAG_COMPLETE))) != 0:
                        if drawing:
                            _show(counters, kid_moves, tried, n, deepest)
                        publish(counters, nodes, depth, depth, memo_count)
                        return FOUND, _chosen_moves(kid_moves, tried, n), nodes
                    depth -= 1
                    continue
                if tried[depth] == listed[depth]:
                    if depth > 0:  # every continuation failed: remember this window
                        if 2 * (memo_count + 1) > memo_v.shape[0]:
                            if memo_v.shape[0] * 2 > max_slots:
                                publish(counters, nodes, depth, depth, memo_count)
                                return MEMORY, np.zeros(0, dtype=np.uint8), nodes
                            memo_key, memo_v = _memo_doubled(memo_key, memo_v)
                        _memo_put(memo_key, memo_v, depth, states[depth])
                        memo_count += 1
                    depth -= 1
                    continue
                nxt = kids[depth, tried[depth]]
                tried[depth] += 1
                if depth + 1 < depth_end and _memo_has(memo_key, memo_v, depth + 1, nxt):
                    continue
                depth += 1
                states[depth] = nxt
                nodes += 1
                run += 1
                deepest = max(deepest, depth)
                if due(counters, nodes):
                    if drawing:
                        _show(counters, kid_moves, tried, depth, deepest)
                    if publish(counters, nodes, depth, depth, memo_count):
                        return STOPPED, np.zeros(0, dtype=np.uint8), nodes
                if run > budget:
                    break
                if depth < depth_end:
                    listed[depth] = successors(nxt, depth, h, n, free, start, closed, last_free, free_count,
                                               limit, desc, a, b, kids[depth], kid_moves[depth])
                    tried[depth] = 0
            if run <= budget:  # the whole tree was searched in this order: no tour
                publish(counters, nodes, 0, 0, memo_count)
                return EXHAUSTED, np.zeros(0, dtype=np.uint8), nodes
        budget *= 2


@kernel
def thin_path(h, n, moves, first):
    """Walk the tour the moves describe, from square `first` (line order); returns the squares in order."""
    adj = np.full((n, 2), -1, dtype=np.int64)
    for v in range(n):
        line = v // h
        row = v - line * h
        for k in range(4):
            if (moves[v] >> k) & 1:
                if k == 0:
                    u = (line - 2) * h + row - 1
                elif k == 1:
                    u = (line - 2) * h + row + 1
                elif k == 2:
                    u = (line - 1) * h + row - 2
                else:
                    u = (line - 1) * h + row + 2
                adj[v, 0 if adj[v, 0] < 0 else 1] = u
                adj[u, 0 if adj[u, 0] < 0 else 1] = v
    path = np.empty(n, dtype=np.int64)
    path[0] = first
    length = 1
    prev = -1
    cur = first
    while length < n:
        nxt = adj[cur, 0] if adj[cur, 0] != prev else adj[cur, 1]
        if nxt < 0 or nxt == first:
            break
        prev = cur
        cur = nxt
        path[length] = cur
        length += 1
    return path[:length]
