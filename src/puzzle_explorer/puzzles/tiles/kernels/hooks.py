"""The hooks the engine's generic searches call (BFS, bidirectional BFS, A*, census).

A board of up to 16 cells packs into one 64-bit word, four bits a cell
holding its tile (0 the blank). Larger boards do not fit a word; they are
searched by the family's own IDA* (idastar.py), which keeps the board in an
array.
"""
from __future__ import annotations

from collections import namedtuple
from collections.abc import Iterable

import numpy as np

from puzzle_explorer.core.kernels import ops
from puzzle_explorer.core.kernels.arrays import thread_scratch
from puzzle_explorer.core.kernels.jit import helper
from puzzle_explorer.puzzles.tiles.geometry import neighbours
from puzzle_explorer.puzzles.tiles.kernels import heuristics as H
from puzzle_explorer.puzzles.tiles.kernels.heuristics import GoalTables

MAX_PACKED_CELLS = 16

TilesCtx = namedtuple("TilesCtx", [
    "nbr",      # int64[cell, 4]: neighbour in each direction, -1 off the board
    "goal",     # uint64: the packed goal
    "tables",   # GoalTables for the heuristic
    "tiles",    # int64[n]: scratch for unpacking
    "codes",    # int64[height + width]: scratch line codes
])

FOUR = np.uint64(4)
NIBBLE = np.uint64(15)


def pack(tiles: Iterable[int]) -> int:
    word = 0
    for c, t in enumerate(tiles):
        word |= int(t) << (4 * c)
    return word


def unpack(word: int, n: int) -> tuple[int, ...]:
    return tuple((int(word) >> (4 * c)) & 15 for c in range(n))


def make_context(width: int, height: int, goal: tuple[int, ...]) -> TilesCtx:
    """The context for one search thread (its scratch arrays are its own)."""
    n = width * height
    if n > MAX_PACKED_CELLS:
        raise ValueError(f"a {width}x{height} board does not pack into 64 bits")
    tables: GoalTables = H.goal_tables(width, height, tuple(goal))
    return TilesCtx(neighbours(width, height), np.uint64(pack(goal)), tables,
                    thread_scratch(n, np.int64), thread_scratch(height + width, np.int64))


@helper
def _blank(state, n):
    for c in range(n):
        if (state >> (FOUR * np.uint64(c))) & NIBBLE == np.uint64(0):
            return c
    return -1


@helper
def expand(state, ctx, out):
    b = _blank(state, ctx.nbr.shape[0])
    shift_b = FOUR * np.uint64(b)
    k = 0
    for d in range(4):
        c = ctx.nbr[b, d]
        if c < 0:
            continue
        shift_c = FOUR * np.uint64(c)
        tile = (state >> shift_c) & NIBBLE
        out[k] = (state & ~(NIBBLE << shift_c)) | (tile << shift_b)
        k += 1
    return k


@helper
def is_goal(state, ctx):
    return state == ctx.goal


@helper
def heuristic(state, ctx):
    """Manhattan distance plus linear conflicts, from scratch."""
    tiles = ctx.tiles
    for c in range(tiles.shape[0]):
        tiles[c] = np.int64((state >> (FOUR * np.uint64(c))) & NIBBLE)
    H.line_codes(tiles, ctx.tables, ctx.codes)
    return H.manhattan(tiles, ctx.tables) + 2 * H.conflicts(ctx.tables, ctx.codes)


@helper
def branching(ctx):
    return 4


ops.implement(TilesCtx, expand=expand, is_goal=is_goal, heuristic=heuristic, branching=branching)
