"""Meeting in the middle: the board's edges swept one at a time from either end, the halves joined.

`edge_step` moves every state past one edge: the edge is left out or taken. A vertex joins the
frontier at its first edge and leaves it at its last (over the whole board's order, not only the
half's): then it must have degree 2, or degree 1 as a tour end. The labels and their packing are
kernels/frontier.py's (EMPTY, DONE, LOOSE, pairs from FIRST_PAIR renumbered in order of first
appearance, the free ends used above them), so a key says what the partial paths look like on the
frontier, in the order its vertices joined it.

A half never finishes a tour: the other half still has vertices to cover, so a path with both ends
fixed, or a cycle, ends its state.

`join` adds up, over the pairs of states of the two halves that make one Hamiltonian path, the
product of their counts. Both halves' keys are in one frontier order (`reorder` puts the second's
in the first's). A pair fits when on every frontier vertex the two degrees add up to 2, or to 1 at
a tour end, with two ends in all, and the pairs of path ends the two halves join close no cycle.
The states are sorted by their group (`groups`: the degree of each vertex in base 3, times 3, plus
the ends used), so a group of the first half meets only the few groups of the second that its
degrees allow.
"""
import numpy as np

from puzzle_explorer.core.kernels.counters import CHECK_EVERY, RUN, STOP
from puzzle_explorer.core.kernels.hashset import EMPTY as NO_KEY
from puzzle_explorer.core.kernels.jit import helper, kernel
from puzzle_explorer.puzzles.knights.kernels.frontier import (
    DONE,
    EMPTY,
    FIRST_PAIR,
    FRESH,
    LOOSE,
    _join,
    _pack,
    _partner,
    _renumber,
    _unpack,
)
from puzzle_explorer.puzzles.knights.kernels.frontier_table import OK, STOPPED, WIDE

MOST_FRONTIER = 32  # labels a scratch row holds: more than any key packs
SEEN = FRESH + 2 * MOST_FRONTIER + 2  # _renumber's scratch
MOST_U64 = np.uint64(0xFFFFFFFFFFFFFFFF)
# The states come in the order of the last table's slots, which is the order of their hashes, and an
# edge left out keeps most keys as they were: read in that order, the first keys added would crowd the
# front of the next table, where linear probing then runs long (one 6x6 step took 7.5 s, against 0.1 s
# read so). A stride of this prime reads the states spread over the whole order.
STRIDE = 1_000_003


def stride_for(n: int) -> int:
    """A stride that visits each of n states once: STRIDE, or 1 where n is a multiple of it."""
    return 1 if n % STRIDE == 0 else STRIDE


@helper
def _leave(work, n, t, ends):
    """Vertex t leaves the frontier: done at degree 2, a tour end at degree 1 (its path's other end
    then loose). Returns the ends used after, or -1 when the state dies (degree 0, a third end, or a
    path whose two ends are both fixed, which no vertex still to come can lie on)."""
    v = work[t]
    if v == DONE:
        return ends
    if v == EMPTY or ends == 2 or v == LOOSE:
        return -1
    work[_partner(work, n, t)] = LOOSE
    work[t] = DONE
    return ends + 1


@helper
def _move(lab, nb, ends, leave_a, ia, leave_b, ib, keep, nk, lone, radix, out, seen):
    """The key after the edge for labels lab[:nb] (the edge already applied), or NO_KEY when the state dies.
    A vertex still bare with one edge left anywhere (lone[k], over both halves) can only be a tour end:
    with the ends used, more than two kill the state (7x7's cut held 17% such states)."""
    if leave_a:
        ends = _leave(lab, nb, ia, ends)
        if ends < 0:
            return NO_KEY
    if leave_b:
        ends = _leave(lab, nb, ib, ends)
        if ends < 0:
            return NO_KEY
    forced = ends
    for k in range(nk):
        out[k] = lab[keep[k]]
        if lone[k] and out[k] == EMPTY:
            forced += 1
    if forced > 2:
        return NO_KEY
    _renumber(out, 0, nk, seen)
    return _pack(out, 0, nk, radix, ends)


@kernel
def expand(pairs, a, b, n, stride, old_span, nb, ia, ib, leave_a, leave_b, keep, nk, lone, radix, out_keys,
           out_counts, counters):
    """The moves of states a..b past the edge ia-ib (the edge left out, and taken), written one by one to
    out_keys / out_counts, equal keys not yet added: frontier_flat.step adds them up, as it does
    kernels/frontier.py's expand, whose arguments and answer these are. State q is pairs[2i], pairs[2i + 1]
    (key, count) with i = q * stride % n (stride_for). The keys hold old_span vertices; the edge brings
    the frontier to nb, and the vertices kept, keep[:nk], make the new keys (lone: _move's)."""
    lab = np.empty(MOST_FRONTIER, dtype=np.int64)
    work = np.empty(MOST_FRONTIER, dtype=np.int64)
    out = np.empty(MOST_FRONTIER, dtype=np.int64)
    seen = np.full(SEEN, -1, dtype=np.int64)
    m = 0
    for q in range(a, b):
        if (q - a) % CHECK_EVERY == 0 and counters[STOP] != RUN:
            return STOPPED, 0, np.uint64(0), np.uint64(0)
        i = q * stride % n
        count = pairs[2 * i + 1]
        ends = _unpack(pairs[2 * i], old_span, radix, lab)
        for s in range(old_span, nb):
            lab[s] = EMPTY
        for s in range(nb):
            work[s] = lab[s]
        key = _move(work, nb, ends, leave_a, ia, leave_b, ib, keep, nk, lone, radix, out, seen)  # the edge left out
        if key != NO_KEY:
            out_keys[m] = key
            out_counts[m] = count
            m += 1
        # the edge taken: a whole path or a cycle leaves the other half's vertices uncovered
        if _join(lab, nb, ia, ib, FRESH) == 0:
            key = _move(lab, nb, ends, leave_a, ia, leave_b, ib, keep, nk, lone, radix, out, seen)
            if key != NO_KEY:
                out_keys[m] = key
                out_counts[m] = count
                m += 1
    return OK, m, np.uint64(0), np.uint64(0)


@kernel
def unchanged(pairs, a, b, n, stride, out_keys, out_counts, counters):
    """States a..b as moves of their own, so that frontier_flat.step adds up equal keys from several
    pieces (the shares other workers handed over): expand's answer, read with the same stride, since
    the pieces come in their own tables' hash order."""
    m = 0
    for q in range(a, b):
        if (q - a) % CHECK_EVERY == 0 and counters[STOP] != RUN:
            return STOPPED, 0, np.uint64(0), np.uint64(0)
        i = q * stride % n
        out_keys[m] = pairs[2 * i]
        out_counts[m] = pairs[2 * i + 1]
        m += 1
    return OK, m, np.uint64(0), np.uint64(0)


@kernel
def gather(pairs, order, out):
    """out's state i is pairs' state order[i] ((key, count) pairs side by side): a third of the time of
    numpy's fancy indexing of the rows."""
    for i in range(order.shape[0]):
        o = order[i]
        out[2 * i] = pairs[2 * o]
        out[2 * i + 1] = pairs[2 * o + 1]


@kernel
def reorder(pairs, n, span, radix, perm, out):
    """out: the (key, count) pairs with each key's vertices in another frontier order (vertex k of the new
    order is perm[k] of the old), pair labels renumbered."""
    lab = np.empty(MOST_FRONTIER, dtype=np.int64)
    labels = np.empty(MOST_FRONTIER, dtype=np.int64)
    seen = np.full(SEEN, -1, dtype=np.int64)
    for j in range(n):
        ends = _unpack(pairs[2 * j], span, radix, lab)
        for k in range(span):
            labels[k] = lab[perm[k]]
        _renumber(labels, 0, span, seen)
        out[2 * j] = _pack(labels, 0, span, radix, ends)
        out[2 * j + 1] = pairs[2 * j + 1]


@helper
def _degree(label):
    if label == EMPTY:
        return 0
    if label == DONE:
        return 2
    return 1


@kernel
def groups(pairs, n, span, radix, codes):
    """codes[j]: state j's degrees in base 3 (the first vertex lowest), times 3, plus its ends (pairs:
    (key, count) side by side)."""
    lab = np.empty(MOST_FRONTIER, dtype=np.int64)
    for j in range(n):
        ends = _unpack(pairs[2 * j], span, radix, lab)
        code = np.uint64(0)
        for s in range(span - 1, -1, -1):
            code = code * np.uint64(3) + np.uint64(_degree(lab[s]))
        codes[j] = code * np.uint64(3) + np.uint64(ends)


@helper
def _root(parent, x):
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


@helper
def _no_cycle(la, lb, span, parent, first):
    """Whether the path ends paired by la and by lb (labels FIRST_PAIR..) together close no cycle."""
    for s in range(span):
        parent[s] = s
    for side in range(2):
        for v in range(FIRST_PAIR, FIRST_PAIR + span):
            first[v] = -1
        for s in range(span):
            v = la[s] if side == 0 else lb[s]
            if v < FIRST_PAIR:
                continue
            if first[v] < 0:
                first[v] = s
                continue
            r, q = _root(parent, first[v]), _root(parent, s)
            if r == q:
                return False
            parent[r] = q
    return True


@helper
def _matches(code, span, upper, found, deg, powers):
    """The groups of the other half that fit group `code`: its degrees taken from 2 everywhere, less 1 at
    each of the tour ends still to place (0, 1 or 2 of the vertices, with the ends fixed already making
    two). Their indexes into upper (the other half's group codes, sorted) go to found; returns how many."""
    ends = np.int64(code % np.uint64(3))
    rest = code // np.uint64(3)
    need = np.uint64(0)  # 2 - degree on every vertex, in base 3
    weight = np.uint64(1)
    for s in range(span):
        deg[s] = np.int64(rest % np.uint64(3))
        rest //= np.uint64(3)
        powers[s] = weight
        need += np.uint64(2 - deg[s]) * weight
        weight *= np.uint64(3)
    m = 0
    for placed in range(3 - ends):  # tour ends placed on the frontier
        other_ends = np.uint64(2 - ends - placed)
        for a in range(span if placed > 0 else 1):
            if placed > 0 and deg[a] == 2:
                continue
            for b in range(a + 1 if placed == 2 else 0, span if placed == 2 else 1):
                if placed == 2 and deg[b] == 2:
                    continue
                want = need
                if placed > 0:
                    want -= powers[a]
                if placed == 2:
                    want -= powers[b]
                g = np.searchsorted(upper, want * np.uint64(3) + other_ends)
                if g < upper.shape[0] and upper[g] == want * np.uint64(3) + other_ends:
                    found[m] = g
                    m += 1
    return m


@kernel
def join(top, top_upper, top_starts, g0, g1, bottom, bottom_upper, bottom_starts, span, radix, counters):
    """The sum over fitting pairs of the product of their counts, for the first half's groups g0..g1
    (top: (key, count) pairs sorted by group; top_upper the groups' codes, top_starts where each begins
    and the end); the second half likewise. Returns (code, low word, high word, pairs tried): WIDE when
    a product passes 64 bits, STOPPED when Python asked."""
    la = np.empty(MOST_FRONTIER, dtype=np.int64)
    lb = np.empty(MOST_FRONTIER, dtype=np.int64)
    parent = np.empty(MOST_FRONTIER, dtype=np.int64)
    first = np.empty(FIRST_PAIR + MOST_FRONTIER, dtype=np.int64)
    found = np.empty(1 + MOST_FRONTIER * MOST_FRONTIER, dtype=np.int64)
    deg = np.empty(MOST_FRONTIER, dtype=np.int64)
    powers = np.empty(MOST_FRONTIER, dtype=np.uint64)
    lo = np.uint64(0)
    hi = np.uint64(0)
    tried = 0
    for g in range(g0, g1):
        if counters[STOP] != RUN:
            return STOPPED, lo, hi, tried
        m = _matches(top_upper[g], span, bottom_upper, found, deg, powers)
        for t in range(top_starts[g], top_starts[g + 1]):
            ca = top[2 * t + 1]
            _unpack(top[2 * t], span, radix, la)
            for f in range(m):
                h = found[f]
                for b in range(bottom_starts[h], bottom_starts[h + 1]):
                    tried += 1
                    _unpack(bottom[2 * b], span, radix, lb)
                    if not _no_cycle(la, lb, span, parent, first):
                        continue
                    cb = bottom[2 * b + 1]
                    if ca != 0 and cb > MOST_U64 // ca:
                        return WIDE, lo, hi, tried
                    p = ca * cb
                    lo += p
                    if lo < p:
                        hi += np.uint64(1)
    return OK, lo, hi, tried
