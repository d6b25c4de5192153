"""What a search is doing right now: the picture a kernel keeps in its counters array, and the
writers that draw it (kernels, and searches driven from Python). Reading it back is core/run/live.py.

The counters array (core/kernels/counters.py) goes on past its eight counters with a
fixed region, the live picture. A kernel refreshes it each time it publishes
its counters (every CHECK_EVERY nodes, and when it ends), so a reader sees the
node the search was working on a moment ago: the path to it, its depth, and
what the search has learnt so far (the size of each finished layer, say).
Writing the picture costs a few stores per refresh and never allocates; the
same array serves every kernel, so no kernel signature changes and every
kernel stays cacheable.

Slots from LIVE on (int64 each):

    KIND      what the picture shows: one of the picture kinds below (NONE until the first refresh)
    BEGIN     the refresh's sequence number, written first
    END       the same number, written last. A reader copies the region between reading END and
              BEGIN; if they differ, a refresh was half done and it reads again
    DEPTH     depth of the node shown: BFS level, A* g, the stack's depth, the census level, segments
    LENGTH    entries in the whole path; only the newest KEPT are held (a tour of a million squares)
    KEPT      entries held at PATH.., oldest first
    OTHER     bidirectional search: the goal side's path length, its newest OTHER_KEPT entries at OTHER_AT..
    OTHER_KEPT
    G, H      A* and IDA*: moves so far and the heuristic's estimate of the moves left (f = g + h)
    BOUND     IDA*: the iteration's bound on f
    DEEPEST   backtracking: the longest the path has been
    GROWING   the layer (BFS) or iteration (IDA*) in progress: its size so far
    HISTORY   how many entries were ever added to the history ring (the newest HISTORY_ROOM are held)
    QUIET     written by Python before the search: 1 asks the kernel not to draw the picture
              (the benchmark measures what drawing costs this way)
    PATH      PATH_ROOM entries: packed states (uint64 stored bit for bit), or backtracking nodes
    HISTORY_AT HISTORY_ROOM entries, a ring: layer sizes, or (bound, nodes) pairs of IDA* iterations

The kinds, and what their entries mean:

    BFS, ASTAR, IDASTAR  the states from a start to the node being expanded (IDA*: its stack)
    BIBFS     the states from a start to the forward side's node, and from a goal to the backward
              side's node (the side not expanding shows the first node of its frontier)
    BACKTRACK the nodes on the stack, root first, in the puzzle's own numbering
    CENSUS    one position of the layer being expanded
    REACH     a cell map: 4 bits per cell (cell i in entry i // 16), the fewest segments that reach
              it, 15 meaning 15 or more, 0 not reached; LENGTH is the number of cells. The history
              counts the cells per segment count
    TABLE     an answer read from a table: no search, nothing to show

Reads are racy by design, as for the counters: the sequence numbers catch a
refresh caught half done; a map written cell by cell (REACH) may be a
moment newer than its header.
"""
from __future__ import annotations

import numpy as np

from puzzle_explorer.core.kernels.jit import helper

__all__ = [
    "LIVE", "KIND", "BEGIN", "END", "DEPTH", "LENGTH", "KEPT", "OTHER", "OTHER_KEPT", "G", "H", "BOUND",
    "DEEPEST", "GROWING", "HISTORY", "QUIET", "PATH", "PATH_ROOM", "OTHER_AT", "SIDE_ROOM", "HISTORY_AT",
    "HISTORY_ROOM", "SLOTS", "NONE", "BFS", "ASTAR", "IDASTAR", "BIBFS", "BACKTRACK", "CENSUS", "REACH",
    "TABLE", "REACH_BITS", "REACH_MOST", "CELLS_PER_ENTRY", "drawing", "open_picture", "close_picture",
    "trace_path", "copy_path", "show_tree_path", "show_stack", "show_bounded", "add_history",
    "add_history_pair", "start_reach_map", "reach_cell", "as_slot", "show_sample", "append_history",
]

# The slots (module globals are compile-time constants in kernels). The counters take 0..7.
LIVE = 8
KIND = LIVE + 0
BEGIN = LIVE + 1
END = LIVE + 2
DEPTH = LIVE + 3
LENGTH = LIVE + 4
KEPT = LIVE + 5
OTHER = LIVE + 6
OTHER_KEPT = LIVE + 7
G = LIVE + 8
H = LIVE + 9
BOUND = LIVE + 10
DEEPEST = LIVE + 11
GROWING = LIVE + 12
HISTORY = LIVE + 13
QUIET = LIVE + 14
PATH = LIVE + 16
PATH_ROOM = 1024
OTHER_AT = PATH + PATH_ROOM // 2  # bidirectional search: where the goal side's path starts
SIDE_ROOM = PATH_ROOM // 2
HISTORY_AT = PATH + PATH_ROOM
HISTORY_ROOM = 512  # even: IDA* adds pairs
SLOTS = HISTORY_AT + HISTORY_ROOM

# Picture kinds
NONE = 0
BFS = 1
ASTAR = 2
IDASTAR = 3
BIBFS = 4
BACKTRACK = 5
CENSUS = 6
REACH = 7
TABLE = 8

REACH_BITS = 4
REACH_MOST = 15  # segment counts from 15 on are shown as 15
CELLS_PER_ENTRY = 64 // REACH_BITS


# --- writing, from kernels -----------------------------------------------------------------

@helper
def drawing(counters):
    """Whether the picture is wanted (read once, before the search loop)."""
    return counters[QUIET] == 0


@helper
def open_picture(counters, kind, depth):
    """Start a refresh: returns its sequence number, for close_picture."""
    seq = counters[END] + 1
    counters[BEGIN] = seq
    counters[KIND] = kind
    counters[DEPTH] = depth
    return seq


@helper
def close_picture(counters, seq):
    counters[END] = seq


@helper
def trace_path(counters, at, room, states, parents, node, length):
    """The path of `length` states from the root of node's tree down to node (parent links):
    its newest min(length, room) states into the slots from `at`, oldest first. Returns how many."""
    kept = min(length, room)
    i = node
    for k in range(kept - 1, -1, -1):
        if i < 0:
            break
        counters[at + k] = np.int64(states[i])
        i = parents[i]
    return kept


@helper
def copy_path(counters, at, room, path, length):
    """The newest min(length, room) entries of path[:length] into the slots from `at`. Returns how many."""
    kept = min(length, room)
    first = length - kept
    for k in range(kept):
        counters[at + k] = np.int64(path[first + k])
    return kept


@helper
def show_tree_path(counters, kind, states, parents, node, depth, growing):
    """BFS and A*: the path to `node`, which lies `depth` moves from its root."""
    seq = open_picture(counters, kind, depth)
    counters[LENGTH] = depth + 1
    counters[KEPT] = trace_path(counters, PATH, PATH_ROOM, states, parents, node, depth + 1)
    counters[GROWING] = growing
    close_picture(counters, seq)


@helper
def show_stack(counters, kind, path, length, depth, deepest):
    """A depth-first search: the path[:length] on its stack."""
    seq = open_picture(counters, kind, depth)
    counters[LENGTH] = length
    counters[KEPT] = copy_path(counters, PATH, PATH_ROOM, path, length)
    counters[DEEPEST] = deepest
    close_picture(counters, seq)


@helper
def show_bounded(counters, path, depth, h, bound, grown):
    """IDA*: the stack path[:depth + 1], its g (the depth) and h, the iteration's bound and its nodes so far."""
    counters[G] = depth
    counters[H] = h
    counters[BOUND] = bound
    seq = open_picture(counters, IDASTAR, depth)
    counters[LENGTH] = depth + 1
    counters[KEPT] = copy_path(counters, PATH, PATH_ROOM, path, depth + 1)
    counters[GROWING] = grown
    close_picture(counters, seq)


@helper
def add_history(counters, value):
    """Append one entry to the history ring (a finished layer's size)."""
    seq = counters[END] + 1
    counters[BEGIN] = seq
    n = counters[HISTORY]
    counters[HISTORY_AT + n % HISTORY_ROOM] = value
    counters[HISTORY] = n + 1
    counters[END] = seq


@helper
def add_history_pair(counters, first, second):
    """Append two entries at once (an IDA* iteration: its bound, its nodes)."""
    seq = counters[END] + 1
    counters[BEGIN] = seq
    n = counters[HISTORY]
    counters[HISTORY_AT + n % HISTORY_ROOM] = first
    counters[HISTORY_AT + (n + 1) % HISTORY_ROOM] = second
    counters[HISTORY] = n + 2
    counters[END] = seq


@helper
def start_reach_map(counters, cells):
    """An empty REACH map of `cells` cells."""
    seq = open_picture(counters, REACH, 0)
    counters[LENGTH] = cells
    used = min(PATH_ROOM, (cells + CELLS_PER_ENTRY - 1) // CELLS_PER_ENTRY)
    counters[KEPT] = used
    for k in range(used):
        counters[PATH + k] = 0
    for k in range(HISTORY_ROOM):
        counters[HISTORY_AT + k] = 0
    counters[HISTORY] = 0
    close_picture(counters, seq)


@helper
def reach_cell(counters, cell, segments):
    """Cell `cell` is reached with `segments` segments: keep the fewest, and count cells per count."""
    e = cell // CELLS_PER_ENTRY
    if e >= PATH_ROOM:
        return
    shift = np.int64((cell % CELLS_PER_ENTRY) * REACH_BITS)
    word = counters[PATH + e]
    now = (word >> shift) & np.int64(REACH_MOST)
    v = np.int64(min(segments, REACH_MOST))
    if now != 0 and now <= v:
        return
    counters[PATH + e] = (word & ~(np.int64(REACH_MOST) << shift)) | (v << shift)
    if now != 0:
        counters[HISTORY_AT + now - 1] -= 1
    counters[HISTORY_AT + v - 1] += 1
    if v > counters[HISTORY]:
        counters[HISTORY] = v


# --- writing, from Python (searches driven from Python: the census, a table lookup) ----------------

def as_slot(state: int) -> int:
    """A uint64 state as the int64 its slot holds, bit for bit."""
    return int(np.array([state], dtype=np.uint64).view(np.int64)[0])


def show_sample(counters: np.ndarray, kind: int, depth: int, state: int | None) -> None:
    """A picture of one position (or none) at a depth, written from Python."""
    if counters[QUIET]:
        return
    seq = int(counters[END]) + 1
    counters[BEGIN] = seq
    counters[KIND] = kind
    counters[DEPTH] = depth
    counters[LENGTH] = counters[KEPT] = 0 if state is None else 1
    if state is not None:
        counters[PATH] = as_slot(state)
    counters[END] = seq


def append_history(counters: np.ndarray, value: int) -> None:
    """add_history, from Python."""
    if counters[QUIET]:
        return
    seq = int(counters[END]) + 1
    counters[BEGIN] = seq
    n = int(counters[HISTORY])
    counters[HISTORY_AT + n % HISTORY_ROOM] = value
    counters[HISTORY] = n + 1
    counters[END] = seq
