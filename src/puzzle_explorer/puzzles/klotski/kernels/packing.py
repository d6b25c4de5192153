"""How a sliding-block position is packed into one uint64, and the tables the kernels use.

Pieces fall into classes: pieces of the same shape are one class (they are
interchangeable) unless every piece is distinct; the target is always a class
of its own. A class of m pieces of one shape has P possible top-left cells
("anchors", numbered in row-major order). Its pieces sit on m distinct
anchors; the set is stored as its rank in the combinatorial number system
(sum of C(v_i, i) over the sorted anchors v_1 < ... < v_m), which takes
ceil(log2(C(P, m))) bits. The classes' ranks sit side by side in the word.
"""
from __future__ import annotations

from collections import namedtuple
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import chain, combinations
from math import comb

import numpy as np

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.kernels.arrays import thread_scratch
from puzzle_explorer.core.kernels.ops import DEAD_END
from puzzle_explorer.puzzles.kit.text import Cell
from puzzle_explorer.puzzles.klotski.board import Board, Piece

UNIT, STRAIGHT, FREE = 0, 1, 2
CONVENTIONS = {"unit": UNIT, "straight": STRAIGHT, "free": FREE}
DIRS = ((0, -1), (0, 1), (-1, 0), (1, 0))  # up, down, left, right
STATE_BITS = 63  # the all-ones word is the hash tables' empty marker

# Tables are flat and indexed with unsigned integers: class c, anchor v and
# direction d live at (c << 6) + v and ((c << 6) + v) << 2 + d. Unsigned
# indices spare numba's negative-index checks; this is the hottest code in a census.
KlotskiCtx = namedtuple("KlotskiCtx", [
    "n_classes",  # uint64
    "singles",    # uint64[]: the classes of one piece (their rank is the anchor itself)
    "multis",     # uint64[]: the classes of several interchangeable pieces
    "first",      # int64[n_classes + 1]: class c owns piece slots first[c]..first[c+1]-1
    "n_anchors",  # int64[n_classes]
    "shift",      # uint64[n_classes]: where the class's rank starts in the word
    "fmask",      # uint64[n_classes]: mask of the rank's bits (before shifting)
    "amask",      # uint64[n_classes * 64]: cells covered by a class piece at anchor v
    "step",       # int64[n_classes * 256]: anchor after one cell up/down/left/right, -1 if off
    "need",       # uint64[n_classes * 256]: cells that step must find empty (all ones if off; the
                  # kernels still test step >= 0, since a lone piece on a wall-less board has
                  # nothing for an all-ones need to meet)
    "reach",      # uint64[n_classes * 64]: union of need over the possible steps
    "cells",      # uint64: every cell of the board
    "binom",      # uint64[65, 65]: binomial coefficients
    "walls",      # uint64: wall cells
    "target",     # uint64: the target's class
    "goal",       # uint64: the goal anchor of the target class
    "hdist",      # int64[64]: moves the target needs alone from each anchor (a lower bound)
    "kind",       # int64: UNIT, STRAIGHT or FREE
    "branch",     # int64: most successors of one position, plus one (see moves.expand)
    "slots",      # int64[n_pieces]: scratch, anchors of the decoded classes of several pieces
    "work",       # int64[64]: scratch for re-ranking a class, and for listing the pieces a unit move may move
    "stack",      # int64[64]: scratch (unused by the moves since they flood as bitboards; kept for the layout)
    "width",      # uint64: the board's width (a cell is y * width + x)
    "fit",        # uint64[n_classes]: the cells a class's piece may have its top-left on, the board's
                  # edges allowing (walls aside: they are never free)
    "acell",      # uint64[n_classes * 64]: the cell of anchor v
    "anchor_at",  # uint64[n_classes * 64]: the anchor whose top-left is this cell (where there is one)
    "notleft",    # uint64: every cell but the left column's (a step right must not wrap onto it)
    "notright",   # uint64: every cell but the right column's
    "shape_w",    # uint64[n_classes]: the class's piece width, in cells
    "shape_h",    # uint64[n_classes]: its height
    "size",       # uint64[n_classes]: the class's pieces
    "tbase",      # int64[n_classes]: where a class of several pieces has its ranks' rows in rtops and rcells
                  # (-1: none, too many ranks to tabulate; the kernels decode the rank instead)
    "rtops",      # uint64[]: for each rank of such a class, the cells its pieces have their top-left on
    "rcells",     # uint64[]: and the cells they cover
    "pmask",      # uint64[n_classes * 64]: cells covered by a class piece whose top-left is cell t
    "preach",     # uint64[n_classes * 64]: the cells next to it, one of which a move needs empty
    "tops",       # uint64[n_classes]: scratch, each class's top-left cells in the position expanded
    "roomright",  # uint64[n_classes]: the cells a class's piece may have its top-left on and still step right
    "shifted",    # uint64[n_classes * 256]: for a class of one piece, what its step adds to the word (the
                  # anchor's change shifted into place, modulo 2**64 so a step back adds a negative); 0 if off
])
# Ranks of the classes of several pieces tabulated (rank -> top-left cells and covered cells), at most
# this many rows in all: 横刀立马's classes take under 7,000; a board whose classes take more decodes
# their ranks instead.
TABLE_ROWS = 1 << 16


@dataclass(frozen=True)
class PieceClass:
    shape: tuple[int, int]
    letters: tuple[str, ...]
    anchors: tuple[tuple[int, int], ...]  # top-left cells, row-major


@dataclass(frozen=True)
class Layout:
    """The Python-side description of a packing: classes and where they sit."""

    board: Board
    classes: tuple[PieceClass, ...]
    target_class: int
    kind: int
    bits: int

    def anchor_index(self, c: int, cell: tuple[int, int]) -> int:
        return self.classes[c].anchors.index(cell)


def _anchors(board: Board, w: int, h: int) -> tuple[tuple[int, int], ...]:
    out = []
    for y in range(board.height - h + 1):
        for x in range(board.width - w + 1):
            if not any((x + i, y + j) in board.walls for j in range(h) for i in range(w)):
                out.append((x, y))
    return tuple(out)


def rank_bits(n_anchors: int, m: int) -> int:
    return max(0, (comb(n_anchors, m) - 1).bit_length())


def make_layout(board: Board, convention: str, distinct: bool) -> Layout:
    """Group the pieces into classes and check the position fits in a word."""
    target = board.target_piece()
    groups: dict[tuple[str | tuple[int, int], ...], list[Piece]] = {}
    for p in board.pieces:
        key = ("target",) if p.letter == target.letter else (("piece", p.letter) if distinct else ("shape", p.shape))
        groups.setdefault(key, []).append(p)
    keys = sorted(groups, key=lambda k: (k[0] != "target", str(k)))
    classes = []
    for k in keys:
        members = groups[k]
        w, h = members[0].shape
        classes.append(PieceClass((w, h), tuple(p.letter for p in members), _anchors(board, w, h)))
    bits = sum(rank_bits(len(c.anchors), len(c.letters)) for c in classes)
    if bits > STATE_BITS:
        kind = "distinct pieces" if distinct else "pieces"
        raise InputError(f"too many {kind} for one search state: this board needs {bits} bits, "
                         f"at most {STATE_BITS} are supported (make same-shaped pieces interchangeable, "
                         f"or use fewer pieces)")
    return Layout(board, tuple(classes), 0, CONVENTIONS[convention], bits)


def _cell_bits(board: Board, cells: Iterable[Cell]) -> int:
    m = 0
    for x, y in cells:
        m |= 1 << (y * board.width + x)
    return m


def _single_piece_distances(board: Board, cls: PieceClass, goal: int, kind: int,
                            step: list[list[int]]) -> np.ndarray:
    """Moves the piece needs to reach the goal anchor with only the walls in the way."""
    n = len(cls.anchors)
    # moves are reversible, so search outwards from the goal
    dist = np.full(64, DEAD_END, dtype=np.int64)
    dist[goal] = 0
    frontier = [goal]
    while frontier:
        nxt = []
        for v in frontier:
            reach = set()
            if kind == FREE:
                stack, seen = [v], {v}
                while stack:
                    u = stack.pop()
                    for d in range(4):
                        t = step[u][d]
                        if t >= 0 and t not in seen:
                            seen.add(t)
                            stack.append(t)
                reach = seen - {v}
            else:
                for d in range(4):
                    t = step[v][d]
                    while t >= 0:
                        reach.add(t)
                        if kind == UNIT:
                            break
                        t = step[t][d]
            for t in reach:
                if dist[t] == DEAD_END:
                    dist[t] = dist[v] + 1
                    nxt.append(t)
        frontier = nxt
    return dist[:max(n, 64)]


def _binomials() -> np.ndarray:
    binom = np.zeros((65, 65), dtype=np.uint64)
    for n in range(65):
        for k in range(n + 1):
            binom[n, k] = np.uint64(comb(n, k))
    return binom


BINOM = _binomials()  # C(n, k) for n, k <= 64: every context reads this one array
BINOM_INTS = [[comb(n, k) for k in range(65)] for n in range(65)]  # the same for Python's decode


def make_context(layout: Layout) -> KlotskiCtx:
    """The arrays the kernels read, for this layout."""
    board = layout.board
    nc = len(layout.classes)
    first = np.zeros(nc + 1, dtype=np.int64)
    n_anchors = np.zeros(nc, dtype=np.int64)
    shift = np.zeros(nc, dtype=np.uint64)
    fmask = np.zeros(nc, dtype=np.uint64)
    amask = np.zeros(nc * 64, dtype=np.uint64)
    step = np.full(nc * 256, -1, dtype=np.int64)
    need = np.full(nc * 256, np.uint64(0xFFFFFFFFFFFFFFFF), dtype=np.uint64)
    shifted = np.zeros(nc * 256, dtype=np.uint64)
    reach = np.zeros(nc * 64, dtype=np.uint64)
    fit = np.zeros(nc, dtype=np.uint64)
    acell = np.zeros(nc * 64, dtype=np.uint64)
    anchor_at = np.zeros(nc * 64, dtype=np.uint64)
    shape_w = np.zeros(nc, dtype=np.uint64)
    shape_h = np.zeros(nc, dtype=np.uint64)
    at = 0
    for c, cls in enumerate(layout.classes):
        first[c + 1] = first[c] + len(cls.letters)
        n_anchors[c] = len(cls.anchors)
        bits = rank_bits(len(cls.anchors), len(cls.letters))
        shift[c] = at
        fmask[c] = np.uint64((1 << bits) - 1)
        at += bits
        w, h = cls.shape
        shape_w[c], shape_h[c] = w, h
        fit[c] = np.uint64(_cell_bits(board, ((x, y) for y in range(board.height - h + 1)
                                              for x in range(board.width - w + 1))))
        for v, (x, y) in enumerate(cls.anchors):
            acell[c * 64 + v] = y * board.width + x
            anchor_at[c * 64 + y * board.width + x] = v
        index = {a: v for v, a in enumerate(cls.anchors)}
        for v, (x, y) in enumerate(cls.anchors):
            amask[c * 64 + v] = np.uint64(_cell_bits(board, Piece("?", x, y, w, h).cells()))
            for d, (dx, dy) in enumerate(DIRS):
                step[(c * 64 + v) * 4 + d] = index.get((x + dx, y + dy), -1)
        for v in range(len(cls.anchors)):
            for d in range(4):
                t = step[(c * 64 + v) * 4 + d]
                if t >= 0:
                    need[(c * 64 + v) * 4 + d] = amask[c * 64 + t] & ~amask[c * 64 + v]
                    reach[c * 64 + v] |= need[(c * 64 + v) * 4 + d]
                    if len(cls.letters) == 1:
                        shifted[(c * 64 + v) * 4 + d] = np.uint64(((int(t) - v) << int(shift[c])) % 2**64)
    binom = BINOM
    target = layout.classes[layout.target_class]
    goal = layout.anchor_index(layout.target_class, board.goal_cell())
    tc = layout.target_class
    t_steps = [[int(step[(tc * 64 + v) * 4 + d]) for d in range(4)] for v in range(len(target.anchors))]
    hdist = _single_piece_distances(board, target, goal, layout.kind, t_steps)
    n_pieces = int(first[-1])
    if layout.kind == UNIT:
        branch = 4 * n_pieces
    elif layout.kind == STRAIGHT:
        branch = 2 * (board.width + board.height) * n_pieces
    else:
        branch = 64 * n_pieces
    sizes = np.diff(first)
    size = sizes.astype(np.uint64)
    tbase, rtops, rcells = _rank_tables(layout, amask, acell)
    pmask = np.zeros(nc * 64, dtype=np.uint64)
    preach = np.zeros(nc * 64, dtype=np.uint64)
    for c, cls in enumerate(layout.classes):
        for v in range(len(cls.anchors)):
            pmask[c * 64 + int(acell[c * 64 + v])] = amask[c * 64 + v]
            preach[c * 64 + int(acell[c * 64 + v])] = reach[c * 64 + v]
    return KlotskiCtx(
        np.uint64(nc), np.flatnonzero(sizes == 1).astype(np.uint64), np.flatnonzero(sizes > 1).astype(np.uint64),
        first, n_anchors, shift, fmask, amask, step, need, reach,
        np.uint64((1 << (board.width * board.height)) - 1), binom,
        np.uint64(_cell_bits(board, board.walls)), np.uint64(layout.target_class), np.uint64(goal),
        hdist, np.int64(layout.kind), np.int64(branch + 1),
        thread_scratch(max(n_pieces, 1), np.int64), thread_scratch(64, np.int64),
        thread_scratch(64, np.int64),
        np.uint64(board.width), fit, acell, anchor_at,
        np.uint64(_cell_bits(board, ((x, y) for y in range(board.height) for x in range(1, board.width)))),
        np.uint64(_cell_bits(board, ((x, y) for y in range(board.height) for x in range(board.width - 1)))),
        shape_w, shape_h, size, tbase, rtops, rcells, pmask, preach, thread_scratch(max(nc, 1), np.uint64),
        np.array([_cell_bits(board, ((x, y) for y in range(board.height) for x in range(board.width - cls.shape[0])))
                  for cls in layout.classes], dtype=np.uint64),
        shifted,
    )


def with_own_scratch(ctx: KlotskiCtx) -> KlotskiCtx:
    """The same context with scratch arrays of its own, for a second thread: the tables are
    shared (no kernel writes them), which spares building them again."""
    return ctx._replace(slots=np.zeros_like(ctx.slots), work=np.zeros_like(ctx.work),
                        stack=np.zeros_like(ctx.stack), tops=np.zeros_like(ctx.tops))


def _rank_tables(layout: Layout, amask: np.ndarray, acell: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each class of several pieces, every rank's top-left cells and covered cells, while they
    take at most TABLE_ROWS rows in all: (tbase, rtops, rcells), tbase -1 for a class left out."""
    nc = len(layout.classes)
    tbase = np.full(nc, -1, dtype=np.int64)
    tops: list[np.ndarray] = []
    covered: list[np.ndarray] = []
    rows = 0
    for c, cls in enumerate(layout.classes):
        m, n = len(cls.letters), len(cls.anchors)
        if m < 2 or rows + comb(n, m) > TABLE_ROWS:
            continue
        combos = np.fromiter(chain.from_iterable(combinations(range(n), m)), dtype=np.int64,
                             count=comb(n, m) * m).reshape(-1, m)
        binom = np.array([[comb(v, i) for i in range(m + 1)] for v in range(n)], dtype=np.int64)
        ranks = sum(binom[combos[:, i], i + 1] for i in range(m))
        order = np.argsort(ranks)
        t = np.zeros(len(combos), dtype=np.uint64)
        k = np.zeros(len(combos), dtype=np.uint64)
        for i in range(m):
            t |= np.uint64(1) << acell[c * 64 + combos[order, i]]
            k |= amask[c * 64 + combos[order, i]]
        tbase[c] = rows
        rows += len(combos)
        tops.append(t)
        covered.append(k)
    empty = np.zeros(0, dtype=np.uint64)
    return (tbase, np.concatenate(tops) if tops else empty.copy(), np.concatenate(covered) if covered else empty.copy())


def encode(layout: Layout, board: Board) -> int:
    """The packed word of a board that has the layout's pieces (letters may sit anywhere in their class)."""
    word = 0
    at = 0
    piece = {p.letter: p for p in board.pieces}
    for c, cls in enumerate(layout.classes):
        anchors = sorted(layout.anchor_index(c, (piece[l].x, piece[l].y)) for l in cls.letters)
        rank = sum(comb(v, i + 1) for i, v in enumerate(anchors))
        word |= rank << at
        at += rank_bits(len(cls.anchors), len(cls.letters))
    return word


def decode(layout: Layout, word: int) -> list[list[tuple[int, int]]]:
    """For each class, the sorted top-left cells of its pieces."""
    out = []
    at = 0
    for cls in layout.classes:
        m = len(cls.letters)
        bits = rank_bits(len(cls.anchors), m)
        rank = (word >> at) & ((1 << bits) - 1)
        at += bits
        chosen = []
        v = len(cls.anchors)
        for i in range(m, 0, -1):
            v -= 1
            while BINOM_INTS[v][i] > rank:
                v -= 1
            chosen.append(v)
            rank -= BINOM_INTS[v][i]
        out.append([cls.anchors[v] for v in sorted(chosen)])
    return out
