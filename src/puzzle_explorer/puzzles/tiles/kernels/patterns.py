"""Additive pattern databases: which tiles group together, and how a search looks them up.

A pattern is a group of goal cells; its database holds, for every placement
of the tiles that belong there, the fewest moves of those tiles (the others
are indistinct, moving them is free) to bring them home. Groups that share no
tile add up to an admissible bound (Korf and Felner, 2002). A database only
depends on the board's shape, its cells and the goal's blank cell, not on the
numbers on the tiles, so one table serves every group that a symmetry of the
board maps onto it, blank cell included: the tables are stored in a canonical
orientation. The blank cell counts because the blank must come home too:
where the pattern's goal placement walls that cell off (tiles 1 and 4 of the
7-8 split around the blank's corner), one of the walling tiles must step
aside and back to let it in (pdb_build.py).

Looking up: the tiles of a group, at their cells mapped into the table's
orientation, give a rank (the placement's number among all placements of k
tiles on n cells), and the table's byte there is the bound. A board symmetry
that keeps the blank's goal cell maps every position to one exactly as far
from the goal, so the search also looks up that mirrored position and keeps
the larger sum (for a square board with the blank in a corner: the mirror in
the diagonal through it).
"""
from __future__ import annotations

from collections import namedtuple
from collections.abc import Sequence
from dataclasses import dataclass
from math import perm

import numpy as np

from puzzle_explorer.core.kernels.jit import helper
from puzzle_explorer.puzzles.tiles.geometry import inverse, neighbours, symmetries

# Named partitions, for the goal's blank in the top-left corner (cell 0), as goal cells.
NAMED: dict[tuple[int, int], dict[str, tuple[tuple[int, ...], ...]]] = {
    (2, 2): {"3": ((1, 2, 3),)},
    (3, 3): {"4-4": ((1, 2, 4, 5), (3, 6, 7, 8))},
    (4, 4): {"6-6-3": ((1, 2, 3, 5, 6, 7), (9, 10, 11, 13, 14, 15), (4, 8, 12)),
             "7-8": ((1, 2, 3, 4, 5, 6, 7), (8, 9, 10, 11, 12, 13, 14, 15))},
    (5, 5): {"6-6-6-6": ((1, 2, 3, 4, 8, 9), (5, 10, 15, 20, 16, 21), (6, 7, 11, 12, 13, 17),
                         (14, 18, 19, 22, 23, 24))},
}
DEFAULT_NAME = {(2, 2): "3", (3, 3): "4-4", (4, 4): "6-6-3", (5, 5): "6-6-6-6"}
GENERIC_ENTRIES = 6_000_000  # largest table of a generic partition (other shapes, other blank cells)
MAX_CELLS = 36


def entries(n: int, k: int) -> int:
    """Placements of k distinct tiles on n cells: n! / (n - k)!."""
    return perm(n, k)


def rank_weights(n: int, k: int) -> np.ndarray:
    """Place values of a placement's digits: digit i counts in units of (n-1-i)!/(n-k)!."""
    return np.array([perm(n - 1 - i, k - 1 - i) for i in range(k)], dtype=np.int64)


@helper
def popcount(x):
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@helper
def bit(c):
    return np.uint64(1) << np.uint64(c)


@helper
def rank(cells, k, weights):
    """The number of a placement (cells[i]: where tile i of the pattern is) among all n!/(n-k)!."""
    used = np.uint64(0)
    r = 0
    for i in range(k):
        b = bit(cells[i])
        r += (cells[i] - popcount(used & (b - np.uint64(1)))) * weights[i]
        used |= b
    return r


def rank_py(cells: Sequence[int], n: int) -> int:
    """rank() in plain Python, for tests and tools."""
    w = rank_weights(n, len(cells))
    used: list[int] = []
    r = 0
    for i, c in enumerate(cells):
        r += (c - sum(1 for u in used if u < c)) * int(w[i])
        used.append(c)
    return r


# --- partitions ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Table:
    """One database: the goal cells of its pattern in canonical orientation, sorted, and where its
    backward search starts the blank: the lowest cell of the goal blank's region among the
    cells the pattern leaves empty (any cell of that region gives the same table)."""

    cells: tuple[int, ...]
    blank: int

    def entries(self, n: int) -> int:
        return entries(n, len(self.cells))


@dataclass(frozen=True)
class Group:
    """A group of the partition: its goal cells are symmetry `to_group` applied to its table's cells."""

    table: Table
    to_group: tuple[int, ...]  # cell map: table orientation -> this group's cells

    def cells(self) -> tuple[int, ...]:
        return tuple(self.to_group[c] for c in self.table.cells)


@dataclass(frozen=True)
class Partition:
    width: int
    height: int
    name: str
    groups: tuple[Group, ...]

    @property
    def n(self) -> int:
        return self.width * self.height

    def tables(self) -> tuple[Table, ...]:
        """The distinct tables, in a fixed order."""
        return tuple(sorted({g.table for g in self.groups}, key=lambda t: (len(t.cells), t.cells, t.blank),
                            reverse=True))

    def entries(self) -> int:
        return sum(t.entries(self.n) for t in self.tables())

    def label(self) -> str:
        return f"{self.width}x{self.height} {self.name}"


def canonical(width: int, height: int, cells: Sequence[int], blank: int) -> tuple[Table, tuple[int, ...]]:
    """The table for a group of cells with the goal's blank on `blank`, and the symmetry from the
    table's orientation to the group."""
    def key(sym: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
        image = tuple(sorted(sym[c] for c in cells))
        return image, home_cell(width, height, image, sym[blank])

    image, sym = min(((key(sym), sym) for sym in symmetries(width, height)), key=lambda pair: pair[0])
    return Table(*image), inverse(sym)  # the first of the smallest


def home_cell(width: int, height: int, cells: Sequence[int], blank: int) -> int:
    """The lowest cell of blank's region among the cells not in `cells`."""
    nbr = neighbours(width, height)
    taken = set(cells)
    seen, todo = {blank}, [blank]
    while todo:
        c = todo.pop()
        for d in range(4):
            e = int(nbr[c, d])
            if e >= 0 and e not in taken and e not in seen:
                seen.add(e)
                todo.append(e)
    return min(seen)


def _corner_frame(width: int, height: int, blank: int) -> tuple[int, ...] | None:
    """A symmetry taking cell 0 to the blank's goal cell, if that cell is a corner."""
    for sym in symmetries(width, height):
        if sym[0] == blank:
            return sym
    return None


def _generic_groups(width: int, height: int, blank: int) -> list[tuple[int, ...]]:
    """Compact groups for any shape: cells in two-row bands, column by column, cut into
    equal runs as long as GENERIC_ENTRIES allows."""
    n = width * height
    k = 1
    while k + 1 < n and entries(n, k + 1) <= GENERIC_ENTRIES:
        k += 1
    order = sorted((c for c in range(n) if c != blank), key=lambda c: (c // width // 2, c % width, c // width))
    count = -(-len(order) // k)
    size, extra = divmod(len(order), count)
    groups: list[tuple[int, ...]] = []
    at = 0
    for i in range(count):
        step = size + (1 if i < extra else 0)
        groups.append(tuple(order[at:at + step]))
        at += step
    return groups


def names(width: int, height: int) -> tuple[str, ...]:
    """The partitions one may ask for on this shape (the first is the default)."""
    named = NAMED.get((width, height), {})
    default = DEFAULT_NAME.get((width, height))
    return tuple(sorted(named, key=lambda name: name != default)) + ("generic",)


def partition(width: int, height: int, blank: int, name: str | None = None) -> Partition:
    """The partition for a goal with the blank on cell `blank` (None: the default for the shape).

    Named partitions need the blank in a corner; any other goal gets the generic one.
    """
    named = NAMED.get((width, height), {})
    frame = _corner_frame(width, height, blank)
    if name is None:
        name = DEFAULT_NAME.get((width, height), "generic") if frame is not None else "generic"
    if name == "generic":
        cell_groups = _generic_groups(width, height, blank)
    elif name not in named:
        raise ValueError(f"no partition {name!r} for {width}x{height}; known: {', '.join(names(width, height))}")
    elif frame is None:
        raise ValueError(f"partition {name} needs the goal's blank in a corner")
    else:
        cell_groups = [tuple(frame[c] for c in g) for g in named[name]]
    groups = []
    for cells in cell_groups:
        table, to_group = canonical(width, height, cells, blank)
        groups.append(Group(table, to_group))
    return Partition(width, height, name, tuple(groups))


# --- lookups for a search ------------------------------------------------------------------

Lookups = namedtuple("Lookups", [
    "table",        # uint8[:]: every table, one after the other
    "offset",       # int64[L]: where lookup L's table starts
    "k",            # int64[L]: tiles in lookup L
    "tiles",        # int64[L, kmax]: the tiles, in the table's cell order
    "cell_map",     # int64[L, n]: board cell -> cell in the table's orientation
    "weights",      # int64[L, kmax]: rank weights
    "tile_lookup",  # int64[S, n]: in mirror set s, the lookup that tile t belongs to (-1: none, the blank)
    "lookup_set",   # int64[L]: the mirror set of lookup L
    "tile_place",   # int64[S, n]: in mirror set s, tile t's place among its lookup's tiles
    "board_cell",   # int64[L, n]: cell in the table's orientation -> board cell (cell_map's inverse)
])


def blank_symmetries(width: int, height: int, blank: int) -> list[tuple[int, ...]]:
    """The board symmetries that keep the goal's blank cell where it is (identity first)."""
    return [s for s in symmetries(width, height) if s[blank] == blank]


def make_lookups(part: Partition, goal: tuple[int, ...], tables: dict[Table, np.ndarray] | np.ndarray,
                 offsets: dict[Table, int] | None = None, mirrors: bool = True) -> Lookups:
    """The arrays the search reads: for each mirror of the goal (identity first) and each group,
    which tiles to read, how to map their cells, and where the table starts.

    `tables` is the concatenated bytes with `offsets` per table, or a dict of arrays.
    """
    n = part.n
    if isinstance(tables, dict):
        parts, offsets, at = [], {}, 0
        for t in part.tables():
            offsets[t] = at
            parts.append(np.asarray(tables[t], dtype=np.uint8))
            at += parts[-1].shape[0]
        table = np.concatenate(parts) if parts else np.zeros(1, dtype=np.uint8)
    elif offsets is None:
        raise ValueError("tables concatenated need their offsets")
    else:
        table = tables
    tile_at = {c: t for c, t in enumerate(goal)}
    blank = goal.index(0)
    sets = blank_symmetries(part.width, part.height, blank) if mirrors else [tuple(range(n))]
    kmax = max(len(g.table.cells) for g in part.groups)
    rows = []
    for s, mirror in enumerate(sets):
        back = inverse(mirror)
        for g in part.groups:
            from_group = inverse(g.to_group)
            tiles = [tile_at[back[g.to_group[c]]] for c in g.table.cells]
            cell_map = [from_group[mirror[c]] for c in range(n)]
            rows.append((s, g.table, tiles, cell_map))
    count = len(rows)
    lookups = Lookups(
        table, np.zeros(count, dtype=np.int64), np.zeros(count, dtype=np.int64),
        np.zeros((count, kmax), dtype=np.int64), np.zeros((count, n), dtype=np.int64),
        np.zeros((count, kmax), dtype=np.int64), np.full((len(sets), n), -1, dtype=np.int64),
        np.zeros(count, dtype=np.int64), np.zeros((len(sets), n), dtype=np.int64),
        np.zeros((count, n), dtype=np.int64))
    for i, (s, tab, tiles, cell_map) in enumerate(rows):
        lookups.offset[i] = offsets[tab]
        lookups.k[i] = len(tiles)
        lookups.tiles[i, :len(tiles)] = tiles
        lookups.cell_map[i] = cell_map
        lookups.board_cell[i] = inverse(tuple(cell_map))
        lookups.weights[i, :len(tiles)] = rank_weights(n, len(tiles))
        lookups.lookup_set[i] = s
        for place, tile in enumerate(tiles):
            lookups.tile_lookup[s, tile] = i
            lookups.tile_place[s, tile] = place
    return lookups


def no_lookups(n: int) -> Lookups:
    """Empty lookups of the right types, for searches without databases."""
    z = np.zeros((1, 1), dtype=np.int64)
    return Lookups(np.zeros(1, dtype=np.uint8), np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64), z,
                   np.zeros((1, n), dtype=np.int64), z, np.full((1, n), -1, dtype=np.int64),
                   np.zeros(1, dtype=np.int64), np.zeros((1, n), dtype=np.int64), np.zeros((1, n), dtype=np.int64))


@helper
def lookup_rank(lk, i, pos):
    """Lookup i's entry number with the tiles where pos says (pos[tile] = cell)."""
    used = np.uint64(0)
    r = 0
    for j in range(lk.k[i]):
        c = lk.cell_map[i, pos[lk.tiles[i, j]]]
        b = bit(c)
        r += (c - popcount(used & (b - np.uint64(1)))) * lk.weights[i, j]
        used |= b
    return r


@helper
def lookup_value(lk, i, pos):
    """Lookup i's bound with the tiles where pos says (pos[tile] = cell)."""
    return np.int64(lk.table[lk.offset[i] + lookup_rank(lk, i, pos)])


@helper
def moved_rank(lk, s, i, r, t, c, b, tiles):
    """Lookup i's entry number r (of mirror set s) after tile t slides from board cell c into the
    blank at b, tiles the board before the move.

    A digit of the number counts the cells below a tile's that hold no earlier tile of the
    group, so only the tiles on cells strictly between c's and b's (in the table's orientation)
    change any digit besides the moved tile's own: none for a move along a table row, width - 1
    cells for one across. Korf and Felner's solver re-reads only the moved tile's group; this
    updates that group's number instead of computing it again from every tile."""
    p = lk.cell_map[i, b]
    q = lk.cell_map[i, c]
    j = lk.tile_place[s, t]
    r += (p - q) * lk.weights[i, j]
    lo, hi, sign = (q + 1, p, 1) if p > q else (p + 1, q, -1)
    for x in range(lo, hi):
        u = tiles[lk.board_cell[i, x]]
        if lk.tile_lookup[s, u] == i:
            m = lk.tile_place[s, u]
            if m < j:  # one fewer (more) earlier tile below the moved tile's cell
                r -= sign * lk.weights[i, j]
            else:  # the moved tile no longer (now) below this later one's cell
                r += sign * lk.weights[i, m]
    return r
