"""Which cells or tiles one tile can link to within a segment limit, for the whole-board kernels.

The same layered sweep over (cell, direction) as linking.py, but without a
single target: it lists every tile of a given kind (or every free cell) that a
path of at most `limit` segments reaches. Work arrays are reused from call to
call; a state counts as seen only when its stamp is the current call's, so
nothing has to be cleared between calls.
"""
import numpy as np

from puzzle_explorer.core.kernels.jit import helper
from puzzle_explorer.puzzles.link.kernels.grid import FREE

ANY_FREE = -1  # kind argument: list the free cells reached instead of tiles


@helper(allocates=True)
def new_work(n):
    """Scratch arrays: dist, seen (stamps per state), cur, nxt (layer queues), cmark (stamps per cell)."""
    return (np.zeros(4 * n, dtype=np.int32), np.zeros(4 * n, dtype=np.int64), np.empty(4 * n, dtype=np.int32),
            np.empty(4 * n, dtype=np.int32), np.zeros(n, dtype=np.int64))


@helper(allocates=True)
def direction_steps(stride):
    """Index offsets of east, south, west, north (turning left or right is +-1 mod 4)."""
    s = np.empty(4, dtype=np.int64)
    s[0] = 1
    s[1] = stride
    s[2] = -1
    s[3] = -stride
    return s


@helper
def reach(cells, tile_kind, steps, src, kind, limit, dist, seen, stamp, cur, nxt, cmark, found):
    """List into `found` what a path from the tile at src reaches within `limit` segments; return how many.

    cells holds a tile number, FREE or a negative blocked code per padded cell.
    With kind >= 0: the tiles of that kind (other than the one at src) that a
    path can end on. With kind == ANY_FREE: the free cells a path can end on.
    `stamp` must be new for every call.
    """
    nf = 0
    ncur = 0
    for d in range(4):
        s = src * 4 + d
        seen[s] = stamp
        dist[s] = 1
        cur[ncur] = s
        ncur += 1
    k = 1
    while ncur > 0 and k <= limit:
        nn = 0
        i = 0
        while i < ncur:
            s = cur[i]
            i += 1
            if dist[s] != k:
                continue
            c = s >> 2
            d = s & 3
            c2 = c + steps[d]
            v = cells[c2]
            if v == FREE:
                t = c2 * 4 + d
                if seen[t] != stamp or dist[t] > k:
                    seen[t] = stamp
                    dist[t] = k
                    cur[ncur] = t
                    ncur += 1
                if kind == ANY_FREE and cmark[c2] != stamp:
                    cmark[c2] = stamp
                    found[nf] = c2
                    nf += 1
            elif v >= 0 and kind >= 0 and c2 != src and tile_kind[v] == kind:
                if cmark[c2] != stamp:
                    cmark[c2] = stamp
                    found[nf] = v
                    nf += 1
            if k < limit:
                for turn in (1, 3):
                    t = c * 4 + ((d + turn) & 3)
                    if seen[t] != stamp or dist[t] > k + 1:
                        seen[t] = stamp
                        dist[t] = k + 1
                        nxt[nn] = t
                        nn += 1
        cur, nxt = nxt, cur
        ncur = nn
        k += 1
    return nf
