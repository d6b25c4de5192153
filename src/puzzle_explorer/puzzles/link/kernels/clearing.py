"""Clearing a whole board: an exact depth-first search over removal orders.

A node is the set of tiles still on the board. Which cells they occupy follows
from that set alone, with or without gravity (see `_remove`), so the node's
key is the XOR of a random 63-bit word per removed tile, or, on boards of at
most 63 tiles, the exact bitmask of removed tiles. A node whose every child
failed is dead and its key is remembered; meeting a dead key again (another
order removing the same tiles) is pruned at once. Nodes on the current path
never recur, since every move removes two tiles.

Without gravity, removing tiles only ever opens paths. So when the last two
tiles of a kind are linked, removing them first loses nothing (any clearing
order still works with that pair moved to the front), and the search tries
only that move.

A node's moves are listed lazily, one tile at a time (the partners of the
next tile still on the board), so a search that rarely backs up pays for a
few sweeps per move rather than one per tile.
"""
from typing import NamedTuple

import numpy as np

from puzzle_explorer.core.kernels import picture
from puzzle_explorer.core.kernels.arrays import copy_into
from puzzle_explorer.core.kernels.codes import CAP, EXHAUSTED, FOUND, MEMORY, STOPPED
from puzzle_explorer.core.kernels.counters import CHECK_EVERY, publish
from puzzle_explorer.core.kernels.hashset import is_full, new_set, set_add, set_grow, set_has, table_bytes
from puzzle_explorer.core.kernels.jit import helper, kernel
from puzzle_explorer.puzzles.link.kernels.grid import FREE, PAD
from puzzle_explorer.puzzles.link.kernels.reach import direction_steps, new_work, reach

MOVE_BYTES = 16  # a listed move in the two int32 stacks, doubled, with the old arrays while they grow
MOVES_SHARE = 16  # the move stacks may take 1/16 of the budget

class Removals(NamedTuple):
    """What clear_board returns, by name."""

    code: int  # FOUND, EXHAUSTED, CAP, MEMORY or STOPPED
    moves: np.ndarray  # k x 2: the tiles removed at each step (of the path being tried unless FOUND)
    expanded: int
    prefixes: np.ndarray  # a split's prefixes, one a row: the first prefix_count hold one
    prefix_count: int


def fixed_bytes(padded_cells: int, n_tiles: int, n_kinds: int, height: int) -> int:
    """What a clear search holds whatever happens: the grid and its copy (4 bytes a padded cell
    each), the reach work arrays (88), per-tile arrays in and out of the kernel (the tile's cell
    as a Python pair among them), per-kind counts, and the per-depth stacks."""
    depth = n_tiles // 2 + 2
    return (96 * padded_cells + 145 * n_tiles + 24 * n_kinds + 8
            + depth * (6 * 8 + 2 * 8 + 2 * 4 * height + 2 * 8))


def peak_bytes(cap: int) -> int:
    """The dead-position set under a state cap, with the old table while it doubles."""
    return table_bytes(cap, 8)[0]


@helper
def _remove(cells, tile_pos, t, gravity, stride):
    """Take tile t off the board. With gravity, everything above it in its column moves down one row."""
    p = tile_pos[t]
    if not gravity:
        cells[p] = FREE
        return
    x = p % stride
    top = PAD * stride + x
    while p > top:
        v = cells[p - stride]
        cells[p] = v
        if v >= 0:
            tile_pos[v] = p
        p -= stride
    cells[top] = FREE


@helper
def _save_col(cells, stride, height, x, out):
    for r in range(height):
        out[r] = cells[(PAD + r) * stride + x]


@helper
def _restore_col(cells, tile_pos, stride, height, x, col):
    for r in range(height):
        v = col[r]
        p = (PAD + r) * stride + x
        cells[p] = v
        if v >= 0:
            tile_pos[v] = p


@helper
def _put_back(cells, tile_pos, a, b, gravity, stride, height, saved_x, saved):
    """Undo the removal of tiles a and b (saved_x/saved: the columns as they were, for gravity)."""
    if gravity:
        for s in range(2):
            if saved_x[s] >= 0:
                _restore_col(cells, tile_pos, stride, height, saved_x[s], saved[s])
    else:
        cells[tile_pos[a]] = a
        cells[tile_pos[b]] = b


@helper(allocates=True)
def _grow(buf, need, most):
    """buf, or a copy with room for `need` entries (doubled, but never past `most`)."""
    if need <= buf.shape[0]:
        return buf
    bigger = np.empty(min(max(need, 2 * buf.shape[0]), most), dtype=buf.dtype)
    copy_into(bigger, buf, buf.shape[0])
    return bigger


@helper
def _show(counters, chosen, depth, deepest):
    """The live picture: the pairs removed along the path, each as first << 32 | second (tile numbers)."""
    seq = picture.open_picture(counters, picture.BACKTRACK, depth)
    kept = min(depth, picture.PATH_ROOM)
    first = depth - kept
    for k in range(kept):
        counters[picture.PATH + k] = (chosen[first + k, 0] << np.int64(32)) | chosen[first + k, 1]
    counters[picture.LENGTH] = depth
    counters[picture.KEPT] = kept
    counters[picture.DEEPEST] = deepest
    picture.close_picture(counters, seq)


@helper
def _take_pair(cells, tile_pos, present, kind_left, tile_kind, a, b, gravity, stride):
    """Remove tiles a and b from the board and from the counts."""
    _remove(cells, tile_pos, a, gravity, stride)
    _remove(cells, tile_pos, b, gravity, stride)
    present[a] = 0
    present[b] = 0
    kind_left[tile_kind[a]] -= 2


@helper
def _return_pair(cells, tile_pos, present, kind_left, tile_kind, a, b, gravity, stride, height, saved_x, saved):
    """Undo _take_pair (saved_x/saved: the columns as they were, for gravity)."""
    present[a] = 1
    present[b] = 1
    kind_left[tile_kind[a]] += 2
    _put_back(cells, tile_pos, a, b, gravity, stride, height, saved_x, saved)


@helper
def _save_columns(cells, tile_pos, a, b, stride, height, saved_x, saved):
    """Keep the columns of tiles a and b as they are (one if they share it), for _put_back."""
    xa = tile_pos[a] % stride
    xb = tile_pos[b] % stride
    saved_x[0] = xa
    _save_col(cells, stride, height, xa, saved[0])
    if xb != xa:
        saved_x[1] = xb
        _save_col(cells, stride, height, xb, saved[1])
    else:
        saved_x[1] = -1


@helper(allocates=True)
def _by_kind(tile_kind, n_kinds):
    """The tiles grouped by kind, to find the last two of a kind quickly: kind k's are
    tiles[first[k]:first[k + 1]]. Returns (first, tiles)."""
    n_tiles = tile_kind.shape[0]
    first = np.zeros(n_kinds + 1, dtype=np.int64)
    for t in range(n_tiles):
        first[tile_kind[t] + 1] += 1
    for k in range(n_kinds):
        first[k + 1] += first[k]
    tiles = np.empty(n_tiles, dtype=np.int64)
    fill = first[:n_kinds].copy()
    for t in range(n_tiles):
        tiles[fill[tile_kind[t]]] = t
        fill[tile_kind[t]] += 1
    return first, tiles


@helper
def _last_two_linked(cells, tile_pos, tile_kind, steps, limit, present, kind_left, kind_first, kind_tiles,
                     dist, seen, stamp, cur, nxt, cmark, found):
    """Without gravity: the first kind whose last two tiles link, as (a, b, stamp); (-1, -1, stamp)
    if none does. Removing such a pair first loses nothing, so it is the only move worth trying."""
    for kind in range(kind_left.shape[0]):
        if kind_left[kind] != 2:
            continue
        a = -1
        for i in range(kind_first[kind], kind_first[kind + 1]):
            t = kind_tiles[i]
            if present[t] == 1:
                if a < 0:
                    a = t
                else:
                    stamp += 1
                    nf = reach(cells, tile_kind, steps, tile_pos[a], kind, limit, dist, seen, stamp, cur, nxt,
                               cmark, found)
                    if nf > 0:
                        return a, t, stamp
                    break
    return -1, -1, stamp


@helper(allocates=True)
def _list_partners(cells, tile_pos, tile_kind, steps, limit, present, kind_left, gravity, origin, cursor, depth,
                   n_tiles, base, ma, mb, max_moves, dist, seen, stamp, cur, nxt, cmark, found):
    """The node's next moves: the partners of the next tiles still here (from origin + cursor[depth],
    wrapping; the cursor moves on), listed into ma/mb from base, until one tile has some or every tile
    is done. Returns (end of the list, ma, mb, stamp), the end -1 when the list would pass max_moves."""
    top = base
    while cursor[depth] < n_tiles and top == base:
        a = (origin + cursor[depth]) % n_tiles
        cursor[depth] += 1
        if present[a] == 0 or (not gravity and kind_left[tile_kind[a]] == 2):
            continue  # gone, or the last two of a kind: found unlinked on entering the node
        stamp += 1
        nf = reach(cells, tile_kind, steps, tile_pos[a], np.int64(tile_kind[a]), limit, dist, seen, stamp,
                   cur, nxt, cmark, found)
        if base + nf > max_moves:
            return -1, ma, mb, stamp
        ma = _grow(ma, base + nf, max_moves)
        mb = _grow(mb, base + nf, max_moves)
        for j in range(nf):
            b = found[j]
            if b > a:
                ma[top] = a
                mb[top] = b
                top += 1
    return top, ma, mb, stamp


@helper
def _pending(hi, pos, depth):
    """Moves listed along the path and not tried yet: the search's frontier."""
    pending = 0
    for d in range(depth + 1):
        pending += hi[d] - pos[d]
    return pending


@helper(allocates=True)
def _give_up(counters, code, chosen, depth, expanded, stored, handed, n_handed):
    """Publish and end the search with code, the moves on the path being tried."""
    publish(counters, expanded, 0, depth, stored)
    return code, chosen[:depth].copy(), expanded, handed, n_handed


@helper
def _play_prefix(cells, tile_pos, present, kind_left, tile_kind, prefix, gravity, stride, chosen, key, zob):
    """Make the prefix's removals, in order, as the moves at depths 0, 1, …"""
    for d in range(prefix.shape[0]):
        a = np.int64(prefix[d, 0])
        b = np.int64(prefix[d, 1])
        _take_pair(cells, tile_pos, present, kind_left, tile_kind, a, b, gravity, stride)
        chosen[d, 0] = a
        chosen[d, 1] = b
        key[d + 1] = key[d] ^ zob[a] ^ zob[b]


@helper(allocates=True)
def _forced_move(cells, tile_pos, tile_kind, steps, limit, present, kind_left, kind_first, kind_tiles, depth,
                 lo, hi, cursor, n_tiles, ma, mb, max_moves, dist, seen, stamp, cur, nxt, cmark, found):
    """Without gravity: the last two of a kind that link, if any, become the node's only move
    (nothing more is listed). Returns (room, ma, mb, stamp): room False when the move would pass
    max_moves."""
    a, b, stamp = _last_two_linked(cells, tile_pos, tile_kind, steps, limit, present, kind_left, kind_first,
                                   kind_tiles, dist, seen, stamp, cur, nxt, cmark, found)
    if a < 0:
        return True, ma, mb, stamp
    if lo[depth] + 1 > max_moves:
        return False, ma, mb, stamp
    ma = _grow(ma, lo[depth] + 1, max_moves)
    mb = _grow(mb, lo[depth] + 1, max_moves)
    ma[lo[depth]] = a
    mb[lo[depth]] = b
    hi[depth] = lo[depth] + 1
    cursor[depth] = n_tiles
    return True, ma, mb, stamp


@helper(allocates=True)
def _bury(dead, key, stored, counters):
    """Add a dead node's key to the set, which then holds `stored` keys, doubling it when full.
    Returns (the set, False when a stop cut the growth short: a full table never ends a probe)."""
    set_add(dead, key)
    if is_full(dead, stored):
        dead = set_grow(dead, counters)
        return dead, not is_full(dead, stored)
    return dead, True


@helper
def _make_move(cells, tile_pos, present, kind_left, tile_kind, a, b, gravity, stride, height, saved_x, saved,
               chosen):
    """Remove the pair a, b as the move chosen (a row: the two tiles), keeping what its undo needs."""
    if gravity:
        _save_columns(cells, tile_pos, a, b, stride, height, saved_x, saved)
    _take_pair(cells, tile_pos, present, kind_left, tile_kind, a, b, gravity, stride)
    chosen[0] = a
    chosen[1] = b


@kernel
def clear_board(cells, stride, height, tile_pos, tile_kind, n_kinds, limit, gravity, zob, cap, max_moves,
                prefix, cut, most, counters):
    """Search for an order of pair removals that empties the board.

    cells: padded grid (tile number, FREE or blocked); tile_pos: each tile's
    padded index; zob: each tile's key word. Returns (code, moves, expanded):
    FOUND with moves[i] = the two tile numbers removed at step i, EXHAUSTED
    when no order exists, CAP when the dead-node store is full, MEMORY when the
    moves listed along the path would pass `max_moves`, STOPPED; after CAP,
    MEMORY and STOPPED, moves are those on the path being tried (none checked).
    The live picture shows the pairs removed along the path being tried.

    prefix (pairs, k x 2): removals made first, without search; the search goes on from there and
    its moves begin with them. With cut > 0 the search splits instead: a node `cut` removals deep
    is handed out (a row of the prefixes returned, at most `most` of them: CAP past that) and
    counted by the search from it, not here; a position met again in another order is handed out
    once. The nodes of a split and of the searches from its prefixes add up: each node entered is
    counted where it is searched. Returns (code, moves, expanded, prefixes, prefix count): see Removals.
    """
    drawing = picture.drawing(counters)
    cells = cells.copy()
    tile_pos = tile_pos.copy()
    n_tiles = tile_kind.shape[0]
    max_depth = n_tiles // 2 + 1
    steps = direction_steps(stride)
    dist, seen, cur, nxt, cmark = new_work(cells.shape[0])
    found = np.empty(max(n_tiles, 1), dtype=np.int64)
    present = np.ones(n_tiles, dtype=np.uint8)
    kind_left = np.zeros(n_kinds, dtype=np.int64)
    for t in range(n_tiles):
        kind_left[tile_kind[t]] += 1
    kind_first, kind_tiles = _by_kind(tile_kind, n_kinds)
    ma = np.empty(1024, dtype=np.int32)  # the moves listed along the path: tile ma[i] with tile mb[i]
    mb = np.empty(1024, dtype=np.int32)
    lo = np.zeros(max_depth + 1, dtype=np.int64)  # per depth: its moves are ma/mb[lo:hi], the next at pos
    hi = np.zeros(max_depth + 1, dtype=np.int64)
    pos = np.zeros(max_depth + 1, dtype=np.int64)
    cursor = np.zeros(max_depth + 1, dtype=np.int64)  # how many tiles' partners were listed so far
    origin = np.zeros(max_depth + 1, dtype=np.int64)  # the tile the listing starts from (then wraps)
    key = np.zeros(max_depth + 1, dtype=np.uint64)
    chosen = np.zeros((max_depth + 1, 2), dtype=np.int64)
    saved = np.empty((max_depth + 1, 2, height), dtype=np.int32)
    saved_x = np.full((max_depth + 1, 2), -1, dtype=np.int64)
    dead = new_set(1024)
    stored = 0
    stamp = 0
    expanded = 0
    handed = np.zeros((max(most, 1), max(cut, 1), 2), dtype=np.int64)
    n_handed = 0
    root = prefix.shape[0]  # the depth the search starts from
    _play_prefix(cells, tile_pos, present, kind_left, tile_kind, prefix, gravity, stride, chosen, key, zob)
    remaining = n_tiles - 2 * root
    depth = root
    deepest = root
    # a node may sweep from every tile before it is done: look at the stop flag often on big boards
    check_every = max(1, min(CHECK_EVERY, 32768 // max(n_tiles, 1)))
    if remaining == 0:
        return FOUND, chosen[:depth].copy(), expanded, handed, n_handed
    while True:
        hi[depth] = lo[depth]
        pos[depth] = lo[depth]
        if depth == cut and cut > 0:  # a split: hand the node out (the search from it enters it) and back up
            if n_handed == most:
                return _give_up(counters, CAP, chosen, depth, expanded, stored, handed, n_handed)
            handed[n_handed] = chosen[:cut]
            n_handed += 1
            cursor[depth] = n_tiles
        else:  # enter the node: a forced move, or partners listed one tile at a time
            expanded += 1
            cursor[depth] = 0
            # start where the last move was found: its neighbours are the likeliest to have partners now
            origin[depth] = chosen[depth - 1, 0] if depth > 0 else 0
            if not gravity:
                room, ma, mb, stamp = _forced_move(cells, tile_pos, tile_kind, steps, limit, present, kind_left,
                                                   kind_first, kind_tiles, depth, lo, hi, cursor, n_tiles, ma, mb,
                                                   max_moves, dist, seen, stamp, cur, nxt, cmark, found)
                if not room:
                    return _give_up(counters, MEMORY, chosen, depth, expanded, stored, handed, n_handed)
            if expanded % check_every == 0:
                if drawing:
                    _show(counters, chosen, depth, deepest)
                if publish(counters, expanded, _pending(hi, pos, depth), depth, stored):
                    return STOPPED, chosen[:depth].copy(), expanded, handed, n_handed
        while True:  # try the next move; back up over finished nodes
            if pos[depth] == hi[depth] and cursor[depth] < n_tiles:
                top, ma, mb, stamp = _list_partners(cells, tile_pos, tile_kind, steps, limit, present, kind_left,
                                                    gravity, origin[depth], cursor, depth, n_tiles, lo[depth], ma,
                                                    mb, max_moves, dist, seen, stamp, cur, nxt, cmark, found)
                if top < 0:
                    return _give_up(counters, MEMORY, chosen, depth, expanded, stored, handed, n_handed)
                pos[depth] = lo[depth]
                hi[depth] = top
            if pos[depth] == hi[depth]:  # every move tried: the node is dead
                if stored >= cap:
                    return _give_up(counters, CAP, chosen, depth, expanded, stored, handed, n_handed)
                stored += 1
                dead, whole = _bury(dead, key[depth], stored, counters)
                if not whole:
                    return _give_up(counters, STOPPED, chosen, depth, expanded, stored, handed, n_handed)
                if depth == root:
                    if drawing:  # back at the start: the last picture says how deep the search went
                        _show(counters, chosen, 0, deepest)
                    publish(counters, expanded, 0, 0, stored)
                    return EXHAUSTED, chosen[:0], expanded, handed, n_handed
                depth -= 1
                _return_pair(cells, tile_pos, present, kind_left, tile_kind, chosen[depth, 0], chosen[depth, 1],
                             gravity, stride, height, saved_x[depth], saved[depth])
                remaining += 2
                continue
            a = np.int64(ma[pos[depth]])  # int64 like the undo's tiles
            b = np.int64(mb[pos[depth]])
            pos[depth] += 1
            _make_move(cells, tile_pos, present, kind_left, tile_kind, a, b, gravity, stride, height,
                       saved_x[depth], saved[depth], chosen[depth])
            remaining -= 2
            k = key[depth] ^ zob[a] ^ zob[b]
            if remaining == 0:
                if drawing:
                    _show(counters, chosen, depth + 1, depth + 1)
                publish(counters, expanded, 0, depth + 1, stored)
                return FOUND, chosen[: depth + 1].copy(), expanded, handed, n_handed
            if set_has(dead, k):  # undo at once and try the next move of this node
                _return_pair(cells, tile_pos, present, kind_left, tile_kind, a, b, gravity, stride, height,
                             saved_x[depth], saved[depth])
                remaining += 2
                continue
            depth += 1
            deepest = max(deepest, depth)
            key[depth] = k
            lo[depth] = hi[depth - 1]
            break
