"""The frontier counter's step: every state of the sweep moved past one more cell.

The board is swept cell by cell along lines `width` cells long (the shorter side
across). A knight's move reaches at most 2 * width + 1 cells back, so the state
after cell i is what the partial tours look like on the window of the last
SPAN = 2 * width + 1 cells, i - SPAN + 1 .. i, plus how many tour ends have
been fixed (free ends, at most two for an open tour, none for a closed one).

Each window cell has a label:
  DONE      degree 2, or blocked, or off the board: nothing more can join it;
  EMPTY     degree 0;
  LOOSE     degree 1, the other end of its path is a fixed tour end;
  3, 4, ... degree 1, joined by its path to the other window cell with the same label.
Labels 3.. are renumbered in order of first appearance, so histories that look the
same from here on have one key and their counts are added.

Placing cell i tries every set of at most two edges back to window cells; the
start square of an open tour carries one edge already, to a tour end of its own
(so it is LOOSE, and one free end is used). The oldest cell then leaves the window:
with degree 2, or degree 1 as a tour end. A path whose two ends are both fixed, or
a cycle (closed tours), is a whole tour: it counts when no free cell is left.

A key packs the labels in base RADIX (16 when they fit in 62 bits, else 11: a window of
17 cells, boards 8 wide) with the free ends above them. `expand` writes the moves of states
whose counts fit one uint64 word (frontier_table.py adds them up, checking each sum for a
carry); `step` moves states with 128-bit counts, two words lo and hi added with carry; both
take each state's moves from `_moves`. `fold` merges each state with its mirror image at the
end of a line.
"""
import numpy as np

from puzzle_explorer.core.kernels.counters import CHECK_EVERY, RUN, STOP
from puzzle_explorer.core.kernels.hashset import is_full, map_get_or_put, map_grow, new_map
from puzzle_explorer.core.kernels.jit import helper, kernel

EMPTY, DONE, LOOSE, FIRST_PAIR = 0, 1, 2, 3
# what the cell placed is: a free cell, a blocked (or past-the-board) one, the start of an open tour
FREE_CELL, NO_CELL, START_CELL = 0, 1, 2
# step codes
OK, STOPPED, FULL = 0, 1, 2
FRESH = 100  # labels of pairs made while placing a cell, before renumbering


def radix_for(span: int) -> int:
    """16 when a key's labels and free ends fit 62 bits in nibbles, 11 otherwise (most 17 cells)."""
    if 4 * span + 2 <= 62:
        return 16
    if 11 ** span * 3 < 2 ** 63:
        return 11
    raise ValueError(f"a window of {span} cells does not fit a key")


@helper
def _unpack(key, span, radix, lab):
    k = key
    if radix == 16:  # nibbles: shifts, not divisions
        for s in range(span):
            lab[s] = np.int64(k & np.uint64(15))
            k >>= np.uint64(4)
        return np.int64(k)
    r = np.uint64(radix)
    for s in range(span):
        lab[s] = np.int64(k % r)
        k //= r
    return np.int64(k)


@helper
def _pack(lab, at, span, radix, ends):
    key = np.uint64(ends)
    if radix == 16:
        for s in range(span - 1, -1, -1):
            key = (key << np.uint64(4)) | np.uint64(lab[at + s])
        return key
    for s in range(span - 1, -1, -1):
        key = key * np.uint64(radix) + np.uint64(lab[at + s])
    return key


@helper
def _partner(lab, n, s):
    label = lab[s]
    for t in range(n):
        if t != s and lab[t] == label:
            return t
    return -1


@helper
def _join(lab, n, a, b, fresh):
    """Add the edge a-b to the labels (both of degree below 2). Returns 0 when it leaves
    open paths, 1 when it makes a whole path (both ends fixed), 2 a cycle, -1 when not allowed."""
    la, lb = lab[a], lab[b]
    if la == DONE or lb == DONE:
        return -1
    if la == EMPTY and lb == EMPTY:
        lab[a] = fresh
        lab[b] = fresh
        return 0
    if la == EMPTY or lb == EMPTY:
        if la == EMPTY:
            a, b = b, a
            la, lb = lb, la
        # a has degree 1, b has degree 0: b takes over a's end
        lab[b] = la
        lab[a] = DONE
        return 0
    if la == LOOSE and lb == LOOSE:
        lab[a] = DONE
        lab[b] = DONE
        return 1
    if la == lb:  # the two ends of one path: a cycle
        lab[a] = DONE
        lab[b] = DONE
        return 2
    if la == LOOSE or lb == LOOSE:
        if lb == LOOSE:  # a the loose end, b the paired one
            a, b = b, a
            la, lb = lb, la
        pb = _partner(lab, n, b)
        lab[a] = DONE
        lab[b] = DONE
        lab[pb] = LOOSE
        return 0
    pa = _partner(lab, n, a)
    pb = _partner(lab, n, b)
    lab[a] = DONE
    lab[b] = DONE
    lab[pb] = la
    lab[pa] = la
    return 0


@helper
def _renumber(lab, at, span, seen):
    """Pair labels 3.. in order of first appearance over lab[at:at+span]. seen[:FRESH + span] maps an
    old label to its new one (all -1 between calls); the labels met are listed after it, to clear."""
    n = 0
    met = FRESH + span + 1
    for s in range(at, at + span):
        v = lab[s]
        if v >= FIRST_PAIR:
            if seen[v] < 0:
                seen[v] = FIRST_PAIR + n
                seen[met + n] = v
                n += 1
            lab[s] = seen[v]
    for j in range(n):
        seen[seen[met + j]] = -1


@helper
def _add(keys, vals, lo, hi, n, key, clo, chi):
    """Add count (clo, chi) to key's entry; returns the new entry count."""
    at = map_get_or_put(keys, vals, key, n)
    if at < 0:
        lo[n] = clo
        hi[n] = chi
        return n + 1
    s = lo[at] + clo
    hi[at] = hi[at] + chi + (np.uint64(1) if s < clo else np.uint64(0))
    lo[at] = s
    return n


MOST_MOVES = 11  # successors of one state: no edge, one of four, two of four


@helper
def _cut_off(work, span, rem, s):
    """Whether window cell s (degree 1, no neighbour to come) ends a path that can grow at neither
    end: its other end a fixed tour end, or another window cell with no neighbour to come."""
    v = work[s]
    return v == LOOSE or (v >= FIRST_PAIR and rem[_partner(work, span + 1, s) - 1] == 0)


@helper
def _moves(lab, ends0, span, radix, kind, back, nb, rem, reserved, closed, last, work, seen, nexts, kept):
    """The states one state (labels lab, ends0 free ends used) moves to past the cell: their keys in
    nexts[:k]. Returns (k, whole): whole the tours it finishes, each counted once.

    Cells short of future neighbours must end the tour (one with none left and degree 0 kills the
    state, one with one left and degree 0, or none left and degree 1, is an end); cells the new
    edges do not touch are judged once for every edge set, and only the touched ones per set."""
    most_ends = 0 if closed else 2
    # the cells no edge of this cell touches: their forced ends, and the cut-off checks they need
    base = ends0 + reserved
    nk = 0
    oldest = -1  # the bit of the edge to the oldest cell, which must leave with an edge if it has none
    for s in range(1, span):
        touched = False
        for j in range(nb):
            if back[j] == s:
                touched = True
        if touched:
            continue
        v = lab[s]
        r = rem[s - 1]
        if v == EMPTY:
            if r == 0:
                return 0, 0
            if r == 1:
                base += 1
        elif v != DONE and r == 0:
            base += 1
            kept[nk] = s
            nk += 1
    if base > most_ends:  # ends only grow, and a whole tour needs every cell done
        return 0, 0
    for j in range(nb):
        if back[j] == 0:
            oldest = j
    if lab[0] == EMPTY and oldest < 0:
        return 0, 0
    # a cell of degree 2 takes no more edges: edge sets with one are never tried
    barred = 0
    for j in range(nb):
        if lab[back[j]] == DONE:
            barred |= 1 << j
    k = 0
    whole_tours = 0
    for mask in range(1 << nb):
        if mask & barred:
            continue
        if lab[0] == EMPTY and not (mask >> oldest) & 1:
            continue
        edges = 0
        for j in range(nb):
            if (mask >> j) & 1:
                edges += 1
        if kind == NO_CELL and edges > 0:
            break
        if edges > (1 if kind == START_CELL else 2):
            continue
        for s in range(span):
            work[s] = lab[s]
        ends = ends0
        work[span] = DONE if kind == NO_CELL else (LOOSE if kind == START_CELL else EMPTY)
        if kind == START_CELL:
            ends += 1
            if ends > most_ends:
                continue
        whole = 0
        ok = True
        fresh = FRESH
        for j in range(nb):
            if (mask >> j) & 1:
                r = _join(work, span + 1, span, back[j], fresh)
                fresh += 1
                if r < 0 or whole > 0 or (r == 2) != closed and r > 0:
                    ok = False
                    break
                whole += r
        if not ok:
            continue
        # the oldest cell leaves the window
        old = work[0]
        if old == EMPTY:
            continue
        if old != DONE:
            ends += 1
            if ends > most_ends or whole > 0:
                continue
            if old == LOOSE:
                whole = 1
            else:
                work[_partner(work, span + 1, 0)] = LOOSE
            work[0] = DONE
        if whole > 0:
            if not last:
                continue
            rest = True
            for s in range(1, span + 1):
                if work[s] != DONE:
                    rest = False
                    break
            if rest:
                whole_tours += 1
            continue
        forced = base + ends - ends0
        dead = False
        for j in range(nb + 1):
            s = back[j] if j < nb else span
            if s == 0:
                continue
            v = work[s]
            r = rem[s - 1]
            if v == EMPTY:
                if r == 0:
                    dead = True
                    break
                if r == 1:
                    forced += 1
            elif v != DONE and r == 0:
                forced += 1
                if not last and _cut_off(work, span, rem, s):
                    dead = True
                    break
        if dead or forced > most_ends:
            continue
        # a path that can grow at neither end is the whole tour: dead while free cells follow
        if not last:
            for j in range(nk):
                if _cut_off(work, span, rem, kept[j]):
                    dead = True
                    break
            if dead:
                continue
        _renumber(work, 1, span, seen)
        nexts[k] = _pack(work, 1, span, radix, ends)
        k += 1
    return k, whole_tours


@helper
def _back_count(back):
    nb = 0
    for j in range(back.shape[0]):
        if back[j] >= 0:
            nb += 1
    return nb


@helper(allocates=True)
def _scratch(span, back):
    """What _moves works in, for windows of `span` cells (lab, work, seen, nexts, kept), and the
    count of the cell's free neighbours before it (`back`'s slots in use)."""
    lab = np.zeros(span + 1, dtype=np.int64)
    work = np.zeros(span + 1, dtype=np.int64)
    seen = np.full(FRESH + 2 * span + 2, -1, dtype=np.int64)
    nexts = np.zeros(MOST_MOVES, dtype=np.uint64)
    kept = np.zeros(span + 1, dtype=np.int64)
    return lab, work, seen, nexts, kept, _back_count(back)


@kernel
def step(keys, lo, hi, n, span, radix, kind, back, rem, reserved, closed, last, room, counters):
    """Move n states (keys, counts lo/hi) past one cell: `kind` what it is, `back` the window slots
    (0 = the oldest) of its free neighbours before it (-1 padded), `rem` each window cell's free
    neighbours still to come once it is placed, `reserved` free ends kept for a start still to come,
    `last` true when no free cell follows it. Returns (code, new keys, lo, hi, their count, whole tours lo, hi); code FULL when the
    new states would pass `room`, STOPPED when Python asked to stop."""
    tkeys, tvals = new_map(min(max(n, 16), room))
    cap = max(16, min(room, 2 * n + 16))
    nlo = np.empty(cap, dtype=np.uint64)
    nhi = np.empty(cap, dtype=np.uint64)
    out = np.empty(cap, dtype=np.uint64)
    m = 0
    wlo = np.uint64(0)
    whi = np.uint64(0)
    lab, work, seen, nexts, kept, nb = _scratch(span, back)
    for q in range(n):
        if q % CHECK_EVERY == 0:
            counters[1] = m
            if counters[STOP] != RUN:
                return STOPPED, out[:0], nlo[:0], nhi[:0], 0, wlo, whi
        ends0 = _unpack(keys[q], span, radix, lab)
        clo = lo[q]
        chi = hi[q]
        k, whole = _moves(lab, ends0, span, radix, kind, back, nb, rem, reserved, closed, last, work, seen, nexts,
                          kept)
        for _ in range(whole):
            s2 = wlo + clo
            whi = whi + chi + (np.uint64(1) if s2 < clo else np.uint64(0))
            wlo = s2
        for j in range(k):
            key = nexts[j]
            if m >= cap or is_full(tkeys, m + 1):
                if m + 1 > room:
                    return FULL, out[:0], nlo[:0], nhi[:0], m, wlo, whi
                if is_full(tkeys, m + 1):
                    tkeys, tvals = map_grow(tkeys, tvals, counters)
                    if is_full(tkeys, m + 1):
                        return STOPPED, out[:0], nlo[:0], nhi[:0], 0, wlo, whi
                if m >= cap:
                    cap2 = min(room, 2 * cap)
                    nlo = _longer(nlo, cap2)
                    nhi = _longer(nhi, cap2)
                    out = _longer(out, cap2)
                    cap = cap2
            before = m
            m = _add(tkeys, tvals, nlo, nhi, m, key, clo, chi)
            if m > before:
                out[before] = key
    return OK, out[:m].copy(), nlo[:m].copy(), nhi[:m].copy(), m, wlo, whi


@kernel
def expand(pairs, a, b, span, radix, kind, back, rem, reserved, closed, last, out_keys, out_counts, counters):
    """The moves of states a..b (pairs: key, count in one word, side by side) past one cell, written one by one to out_keys /
    out_counts (room for MOST_MOVES a state), equal keys not yet added. Returns (code, moves written,
    whole tours lo, hi); STOPPED when Python asked to stop."""
    lab, work, seen, nexts, kept, nb = _scratch(span, back)
    m = 0
    wlo = np.uint64(0)
    whi = np.uint64(0)
    for q in range(a, b):
        if (q - a) % CHECK_EVERY == 0 and counters[STOP] != RUN:
            return STOPPED, 0, wlo, whi
        ends0 = _unpack(pairs[2 * q], span, radix, lab)
        c = pairs[2 * q + 1]
        k, whole = _moves(lab, ends0, span, radix, kind, back, nb, rem, reserved, closed, last, work, seen, nexts,
                          kept)
        for _ in range(whole):
            s2 = wlo + c
            whi += np.uint64(1) if s2 < c else np.uint64(0)
            wlo = s2
        for j in range(k):
            out_keys[m] = nexts[j]
            out_counts[m] = c
            m += 1
    return OK, m, wlo, whi


@helper(allocates=True)
def _longer(a, size):
    b = np.empty(size, dtype=a.dtype)
    b[:a.shape[0]] = a
    return b


@kernel
def merge(keys, lo, hi, n, room, counters):
    """One set of states from pieces swept apart: equal keys' counts added. Returns (code, keys, lo,
    hi, count); FULL when more than `room` keys are distinct, STOPPED when Python asked to stop."""
    tkeys, tvals = new_map(min(max(n, 16), room))
    nlo = np.empty(max(n, 1), dtype=np.uint64)
    nhi = np.empty(max(n, 1), dtype=np.uint64)
    out = np.empty(max(n, 1), dtype=np.uint64)
    m = 0
    for q in range(n):
        if q % CHECK_EVERY == 0 and counters[STOP] != RUN:
            return STOPPED, out[:0], nlo[:0], nhi[:0], 0
        if is_full(tkeys, m + 1):
            if m + 1 > room:
                return FULL, out[:0], nlo[:0], nhi[:0], m
            tkeys, tvals = map_grow(tkeys, tvals, counters)
            if is_full(tkeys, m + 1):
                return STOPPED, out[:0], nlo[:0], nhi[:0], 0
        before = m
        m = _add(tkeys, tvals, nlo, nhi, m, keys[q], lo[q], hi[q])
        if m > before:
            out[before] = keys[q]
    return OK, out[:m].copy(), nlo[:m].copy(), nhi[:m].copy(), m


@kernel
def fold(pairs, a, b, span, radix, width, out_keys, out_counts, counters):
    """States a..b after the last cell of a line, each as the one of it and its mirror image (the two
    lines in the window reversed) with the smaller key: on a board the same when mirrored, their
    tours are mirror images, as many, so their counts are added. The window's oldest cell, left
    over from the line before, has no neighbour to come: it leaves here as a tour end, as it would
    at the next cell. Returns expand's (code, states written, 0, 0)."""
    lab = np.zeros(span + 1, dtype=np.int64)
    mir = np.zeros(span + 1, dtype=np.int64)
    seen = np.full(FRESH + 2 * span + 2, -1, dtype=np.int64)
    for q in range(a, b):
        if (q - a) % CHECK_EVERY == 0 and counters[STOP] != RUN:
            return STOPPED, 0, np.uint64(0), np.uint64(0)
        key = pairs[2 * q]
        ends = _unpack(key, span, radix, lab)
        folded = True
        if lab[0] == LOOSE or lab[0] == EMPTY:  # a whole path or a dead end: left as it is
            folded = False
        elif lab[0] != DONE:
            lab[_partner(lab, span, 0)] = LOOSE
            lab[0] = DONE
            ends += 1
        if folded:
            mir[0] = DONE
            for c in range(width):
                mir[1 + c] = lab[width - c]
                mir[1 + width + c] = lab[2 * width - c]
            _renumber(lab, 0, span, seen)
            _renumber(mir, 0, span, seen)
            key = _pack(lab, 0, span, radix, ends)
            other = _pack(mir, 0, span, radix, ends)
            if other < key:
                key = other
        out_keys[q - a] = key
        out_counts[q - a] = pairs[2 * q + 1]
    return OK, b - a, np.uint64(0), np.uint64(0)
