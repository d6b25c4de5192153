"""IDA* for sliding tiles: depth first under a rising bound, the bound kept up to date move by move.

The engine's IDA* (core/kernels/idastar.py) works on packed states and recomputes the
heuristic for every state; boards here may not fit a word, and a move changes
only one tile, so this search keeps the board in an array and updates the
bound: Manhattan distance by the moved tile's change, linear conflicts by the
two lines it crosses, pattern databases by re-reading only the groups that
hold the moved tile, at an entry number updated from the move (moved_rank)
rather than computed again from every tile of the group. It stores nothing but the current path (no
transposition table: on these boards, not undoing the previous move prunes
the duplicates that matter), so memory stays a few kilobytes at any depth;
the stack is still checked against its share of the budget as the bound
grows (stack_bytes_per_depth).

Moves are tried in the order up, left, right, down (of the blank), as in
Korf's program, and a goal is recognised when it is generated.
"""
import numpy as np

from puzzle_explorer.core.kernels import picture
from puzzle_explorer.core.kernels.codes import CAP, EXHAUSTED, FOUND, MEMORY, STOPPED
from puzzle_explorer.core.kernels.counters import CHECK_EVERY, publish
from puzzle_explorer.core.kernels.jit import helper, kernel
from puzzle_explorer.puzzles.tiles.kernels import heuristics as H
from puzzle_explorer.puzzles.tiles.kernels.patterns import lookup_rank, lookup_value, moved_rank

MANHATTAN = 0
LINEAR_CONFLICT = 1
PATTERN_DATABASES = 2
NO_BOUND = np.int64(1) << np.int64(40)
STACK_ARRAYS = 5  # blank, came, tried, md, conf: one int64 each per depth
SET_ARRAYS = 3  # sums, saved values, saved entry numbers: one int64 each per depth and mirror set


def stack_bytes_per_depth(sets: int) -> int:
    """What one level of the stack holds: the five int64 columns and three rows of `sets` numbers."""
    return 8 * (STACK_ARRAYS + SET_ARRAYS * sets)


def stack_bytes(bound: int, sets: int) -> int:
    """The stack's peak for an iteration under `bound`: its arrays, and the previous iteration's
    while the new ones are made."""
    return 2 * (bound + 2) * stack_bytes_per_depth(sets)


@helper
def _ranks(lk, pos, ranks):
    """Every lookup's entry number, from scratch."""
    for i in range(lk.k.shape[0]):
        ranks[i] = lookup_rank(lk, i, pos)


@kernel
def _first_bound(tiles, pos, g, lk, mode, codes, vals, sums):
    """Manhattan distance, conflicts and the bound of the start; fills the line codes and the
    lookups' values."""
    md = H.manhattan(tiles, g)
    conf = 0
    h = md
    if mode == LINEAR_CONFLICT:
        H.line_codes(tiles, g, codes)
        conf = H.conflicts(g, codes)
        h = md + 2 * conf
    elif mode == PATTERN_DATABASES:
        sums[:] = 0
        for i in range(lk.k.shape[0]):
            vals[i] = lookup_value(lk, i, pos)
            sums[lk.lookup_set[i]] += vals[i]
        for s in range(sums.shape[0]):
            h = max(h, sums[s])
    return md, conf, h


@helper
def _h(mode, md, conf, sums, d):
    """The heuristic of the node at depth d, from what the stack keeps of it."""
    h = md[d]
    if mode == LINEAR_CONFLICT:
        h = md[d] + 2 * conf[d]
    elif mode == PATTERN_DATABASES:
        for s in range(sums.shape[1]):
            h = max(h, sums[d, s])
    return h


@helper
def _iteration(tiles, pos, codes, vals, newv, ranks, newr, nbr, g, lk, mode, blank, came, tried, md, conf, sums,
               saved, saved_r, base, bound, cut, cells, marks, max_nodes, generated, expanded, counters, drawing):
    """One depth-first pass under `bound` below the node the stack holds at depth `base` (entered
    and counted already): (code, length, count, next_bound, generated, expanded).

    FOUND: the path is blank[:length]. EXHAUSTED: no goal under the bound; next_bound is the least
    f of the nodes it pruned. With cut > 0, a node that would be entered at depth `cut` is listed
    instead: its path in cells[count], the pass's expanded and generated counts when it was met in
    marks[count] (CAP when cells is full). CAP also for the max_nodes-th expansion, STOPPED when
    asked.
    """
    slide_line = g.slide_line  # the conflict tables as plain locals: read through the tuple in the loop they cost a third of the speed
    slide_delta = g.slide_delta
    line_offset = g.line_offset
    line_lc = g.line_lc
    sets = sums.shape[1]
    next_bound = NO_BOUND
    iteration_start = expanded
    count = 0
    d = base
    while d >= base:
        if tried[d] == 4:
            if d > base:  # take back the move into d
                b = blank[d - 1]
                c = blank[d]
                t = tiles[b]
                tiles[c] = t
                tiles[b] = 0
                pos[t] = c
                pos[0] = b
                if mode == LINEAR_CONFLICT:
                    back = came[d]
                    for k in range(3):
                        codes[slide_line[t, b, back, k]] -= slide_delta[t, b, back, k]
                elif mode == PATTERN_DATABASES:
                    for s in range(sets):
                        i = lk.tile_lookup[s, t]
                        vals[i] = saved[d, s]
                        ranks[i] = saved_r[d, s]
            d -= 1
            continue
        direction = tried[d]
        tried[d] += 1
        if direction == 3 - came[d]:
            continue
        b = blank[d]
        c = nbr[b, direction]
        if c < 0:
            continue
        t = tiles[c]
        child_md = md[d] - g.md[t, c] + g.md[t, b]
        generated += 1
        if child_md == 0:
            blank[d + 1] = c
            if drawing:
                picture.show_bounded(counters, blank, d + 1, 0, bound, expanded - iteration_start)
            publish(counters, expanded, d + 1, bound, 0)
            return FOUND, d + 2, count, next_bound, generated, expanded
        h = child_md
        child_conf = 0
        if mode == LINEAR_CONFLICT:
            child_conf = conf[d]
            for k in range(3):
                line = slide_line[t, b, direction, k]
                at = line_offset[line] + codes[line]
                child_conf += line_lc[at + slide_delta[t, b, direction, k]] - line_lc[at]
            h = child_md + 2 * child_conf
        elif mode == PATTERN_DATABASES:
            for s in range(sets):
                i = lk.tile_lookup[s, t]
                r = moved_rank(lk, s, i, ranks[i], t, c, b, tiles)
                v = np.int64(lk.table[lk.offset[i] + r])
                newr[s] = r
                newv[s] = v
                h = max(h, sums[d, s] - vals[i] + v)
                if d + 1 + h > bound:
                    break  # pruned already: the mirrors could only raise f
        f = d + 1 + h
        if f > bound:
            if f < next_bound:
                next_bound = f
            continue
        if d + 1 == cut:  # a split: the node is listed for a search of its own
            if count == cells.shape[0]:
                return CAP, 0, count, next_bound, generated, expanded
            for k in range(d + 1):
                cells[count, k] = blank[k]
            cells[count, d + 1] = c
            marks[count, 0] = expanded
            marks[count, 1] = generated
            count += 1
            continue
        if expanded >= max_nodes:  # the cap: no node past the max_nodes-th is entered
            if drawing:
                picture.show_bounded(counters, blank, d, _h(mode, md, conf, sums, d), bound,
                                  expanded - iteration_start)
            publish(counters, expanded, d, bound, 0)
            return CAP, 0, count, next_bound, generated, expanded
        # make the move: tile t from c into the blank at b
        tiles[b] = t
        tiles[c] = 0
        pos[t] = b
        pos[0] = c
        d += 1
        blank[d] = c
        came[d] = direction
        tried[d] = 0
        md[d] = child_md
        conf[d] = child_conf
        if mode == LINEAR_CONFLICT:
            for k in range(3):
                codes[slide_line[t, b, direction, k]] += slide_delta[t, b, direction, k]
        elif mode == PATTERN_DATABASES:
            for s in range(sets):
                i = lk.tile_lookup[s, t]
                saved[d, s] = vals[i]
                saved_r[d, s] = ranks[i]
                sums[d, s] = sums[d - 1, s] - vals[i] + newv[s]
                vals[i] = newv[s]
                ranks[i] = newr[s]
        expanded += 1
        if expanded % CHECK_EVERY == 0:
            if drawing:
                picture.show_bounded(counters, blank, d, _h(mode, md, conf, sums, d), bound,
                                  expanded - iteration_start)
            if publish(counters, expanded, d, bound, 0):
                return STOPPED, 0, count, next_bound, generated, expanded
    if drawing and base == 0 and cut == 0:  # a whole iteration: its bound and nodes go in the history
        picture.add_history_pair(counters, bound, expanded - iteration_start)
    return EXHAUSTED, 0, count, next_bound, generated, expanded


@helper(allocates=True)
def _board_at(tiles0, prefix, nbr, came):
    """The tiles and their cells after the moves of the blank along prefix (its cells, the start's
    first), and the direction of each move into came[1:]."""
    tiles = tiles0.copy()
    pos = np.empty(tiles.shape[0], dtype=np.int64)
    came[0] = -1
    for i in range(1, prefix.shape[0]):
        b = prefix[i - 1]
        c = prefix[i]
        for direction in range(4):
            if nbr[b, direction] == c:
                came[i] = direction
        tiles[b] = tiles[c]
        tiles[c] = 0
    for c in range(tiles.shape[0]):
        pos[tiles[c]] = c
    return tiles, pos


@kernel
def search(tiles0, nbr, g, lk, mode, max_nodes, max_stack, counters):
    """A shortest path to the goal; returns (code, blank cells along it, generated, expanded).

    mode: MANHATTAN, LINEAR_CONFLICT or PATTERN_DATABASES (with lk). max_nodes
    caps the expansions, exactly (CAP); an iteration whose stack would pass
    max_stack bytes (see stack_bytes) ends the search (MEMORY). The path
    starts with the blank's cell now. The live picture shows the blank's cells along the stack,
    g, h and the bound; each finished iteration adds its bound and its nodes to the history.
    """
    drawing = picture.drawing(counters)
    sets = lk.tile_lookup.shape[0]
    tiles = tiles0.copy()
    pos = np.empty(tiles.shape[0], dtype=np.int64)
    for c in range(tiles.shape[0]):
        pos[tiles[c]] = c
    codes = np.zeros(g.line_offset.shape[0], dtype=np.int64)
    vals = np.zeros(lk.k.shape[0], dtype=np.int64)
    root_sums = np.zeros(sets, dtype=np.int64)
    md0, conf0, h0 = _first_bound(tiles, pos, g, lk, mode, codes, vals, root_sums)
    ranks = np.zeros(lk.k.shape[0], dtype=np.int64)
    if mode == PATTERN_DATABASES:
        _ranks(lk, pos, ranks)
    newr = np.zeros(sets, dtype=np.int64)
    if md0 == 0:
        path = np.empty(1, dtype=np.int64)
        path[0] = pos[0]
        return FOUND, path, 0, 0
    newv = np.zeros(sets, dtype=np.int64)
    cells = np.empty((0, 1), dtype=np.int64)
    marks = np.empty((0, 2), dtype=np.int64)
    bound = h0
    generated = 0
    expanded = 0
    room = 0
    blank = np.empty(0, dtype=np.int64)
    came = np.empty(0, dtype=np.int64)  # direction that led here (-1 at the root)
    tried = np.empty(0, dtype=np.int64)  # directions tried so far
    md = np.empty(0, dtype=np.int64)
    conf = np.empty(0, dtype=np.int64)
    sums = np.empty((0, sets), dtype=np.int64)
    saved = np.empty((0, sets), dtype=np.int64)  # lookup values the move into d replaced
    saved_r = np.empty((0, sets), dtype=np.int64)  # and their entry numbers
    per_depth = 8 * (5 + 3 * sets)  # stack_bytes_per_depth
    while True:
        if bound + 2 > room:  # the path can be as long as the bound
            if 2 * (bound + 2) * per_depth > max_stack:
                publish(counters, expanded, 0, bound, 0)
                return MEMORY, np.empty(0, dtype=np.int64), generated, expanded
            room = bound + 2
            blank = np.empty(room, dtype=np.int64)
            came = np.empty(room, dtype=np.int64)
            tried = np.empty(room, dtype=np.int64)
            md = np.empty(room, dtype=np.int64)
            conf = np.empty(room, dtype=np.int64)
            sums = np.empty((room, sets), dtype=np.int64)
            saved = np.empty((room, sets), dtype=np.int64)
            saved_r = np.empty((room, sets), dtype=np.int64)
        blank[0] = pos[0]
        came[0] = -1
        tried[0] = 0
        md[0] = md0
        conf[0] = conf0
        sums[0, :] = root_sums
        if expanded >= max_nodes:
            publish(counters, expanded, 0, bound, 0)
            return CAP, np.empty(0, dtype=np.int64), generated, expanded
        expanded += 1
        code, length, _, next_bound, generated, expanded = _iteration(
            tiles, pos, codes, vals, newv, ranks, newr, nbr, g, lk, mode, blank, came, tried, md, conf, sums, saved,
            saved_r, 0, bound, 0, cells, marks, max_nodes, generated, expanded, counters, drawing)
        if code == FOUND:
            return FOUND, blank[:length].copy(), generated, expanded
        if code != EXHAUSTED:
            return code, np.empty(0, dtype=np.int64), generated, expanded
        if next_bound == NO_BOUND:
            publish(counters, expanded, 0, bound, 0)
            return EXHAUSTED, np.empty(0, dtype=np.int64), generated, expanded
        bound = next_bound
        publish(counters, expanded, 0, bound, 0)


@kernel
def subtree(tiles0, nbr, g, lk, mode, prefix, bound, cut, most, max_nodes, max_stack, counters):
    """One iteration of search's under `bound`, below the node the blank reaches along prefix (its
    cells from the start's on; entered by the moves before, which are not undone): (code, path,
    generated, expanded, next_bound, cells, marks). The node's own expansion counts, as it would in
    the whole search; the goal is never the node itself (it is met when generated, before).

    cut > 0 splits the iteration instead: nodes at depth `cut` are listed, at most `most` of them
    (CAP past that), with the counts where each was met (_iteration). max_nodes, max_stack: as in
    search.
    """
    drawing = picture.drawing(counters)
    sets = lk.tile_lookup.shape[0]
    base = prefix.shape[0] - 1
    room = max(bound, base) + 2
    if 2 * room * 8 * (5 + 3 * sets) > max_stack:  # stack_bytes
        publish(counters, 0, 0, bound, 0)
        return (MEMORY, np.empty(0, dtype=np.int64), 0, 0, NO_BOUND, np.empty((0, 1), dtype=np.int64),
                np.empty((0, 2), dtype=np.int64))
    blank = np.empty(room, dtype=np.int64)
    came = np.empty(room, dtype=np.int64)
    tried = np.full(room, 4, dtype=np.int64)  # the moves above the node are done with
    md = np.empty(room, dtype=np.int64)
    conf = np.empty(room, dtype=np.int64)
    sums = np.empty((room, sets), dtype=np.int64)
    saved = np.empty((room, sets), dtype=np.int64)
    saved_r = np.empty((room, sets), dtype=np.int64)
    tiles, pos = _board_at(tiles0, prefix, nbr, came)
    blank[:base + 1] = prefix
    codes = np.zeros(g.line_offset.shape[0], dtype=np.int64)
    vals = np.zeros(lk.k.shape[0], dtype=np.int64)
    node_sums = np.zeros(sets, dtype=np.int64)
    node_md, node_conf, _ = _first_bound(tiles, pos, g, lk, mode, codes, vals, node_sums)
    ranks = np.zeros(lk.k.shape[0], dtype=np.int64)
    if mode == PATTERN_DATABASES:
        _ranks(lk, pos, ranks)
    newr = np.zeros(sets, dtype=np.int64)
    md[base] = node_md
    conf[base] = node_conf
    sums[base, :] = node_sums
    tried[base] = 0
    newv = np.zeros(sets, dtype=np.int64)
    cells = np.zeros((most if cut > 0 else 0, max(cut, 0) + 1), dtype=np.int64)
    marks = np.zeros((cells.shape[0], 2), dtype=np.int64)
    if max_nodes <= 0:
        publish(counters, 0, base, bound, 0)
        return CAP, np.empty(0, dtype=np.int64), 0, 0, NO_BOUND, cells[:0].copy(), marks[:0].copy()
    code, length, count, next_bound, generated, expanded = _iteration(
        tiles, pos, codes, vals, newv, ranks, newr, nbr, g, lk, mode, blank, came, tried, md, conf, sums, saved,
        saved_r, base, bound, cut, cells, marks, max_nodes, 0, 1, counters, drawing)
    publish(counters, expanded, base, bound, 0)
    path = blank[:length].copy() if code == FOUND else np.empty(0, dtype=np.int64)
    return code, path, generated, expanded, next_bound, cells[:count].copy(), marks[:count].copy()


@kernel
def bounds(boards, g, lk, mode):
    """The heuristic of every board (a row of tiles by cell each), as a search starts from it."""
    out = np.empty(boards.shape[0], dtype=np.int64)
    n = boards.shape[1]
    pos = np.empty(n, dtype=np.int64)
    codes = np.zeros(g.line_offset.shape[0], dtype=np.int64)
    vals = np.zeros(lk.k.shape[0], dtype=np.int64)
    sums = np.zeros(lk.tile_lookup.shape[0], dtype=np.int64)
    for i in range(boards.shape[0]):
        for c in range(n):
            pos[boards[i, c]] = c
        out[i] = _first_bound(boards[i], pos, g, lk, mode, codes, vals, sums)[2]
    return out
