"""Distance tables: how far every position of a set is from the goal, kept for hints and play.

Two layouts, one interface (`lookup`, `by_distance`, `farthest`):

- SortedTable, for positions packed into arbitrary 64-bit words (sliding
  blocks, small tile boards): the words sorted, with each one's distance in
  a parallel array. A lookup is a binary search. 9 bytes a position (8 for
  the word, 1 for the distance; 10 when distances pass 254). Built from the
  levels a census kept (core/kernels/census.py, Layers): each level is sorted
  already, so a k-way merge puts them in one order, the level number
  becoming the distance.
- DenseTable, for positions numbered densely (the cubic eight-puzzle): one
  byte a number, UNREACHED where no goal is reachable. The number is the
  index: no search, no words stored.

A table is saved with a header naming the family, what the table is of (its
`identity`: the pieces, the walls, the goal, the move convention...) and
how far it reaches (`scope`); load() refuses a file whose header does not
match, in one line naming the first difference.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

import numpy as np

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.files import write_atomically
from puzzle_explorer.core.kernels.counters import CHECK_EVERY, RUN, STOP
from puzzle_explorer.core.kernels.jit import helper, kernel, prepare
from puzzle_explorer.core.sizes import describe_bytes

MAGIC = b"puzzle-explorer distance table\n"
VERSION = 1
MAX_HEADER = 1 << 16
UNREACHED = 255  # in a dense table
ABSENT = -1  # what lookup() gives for a position the table does not hold
SORTED_BYTES = 9  # bytes a position in a SortedTable (a word and a one-byte distance)
SCAN_CHUNK = 1 << 20  # positions a scan of a dense table takes at a time
SCAN_BYTES = 9 * SCAN_CHUNK  # what such a scan holds beside the table (bincount's int64 copy, a mask)


def distance_dtype(levels: int):
    """The smallest unsigned type that holds distances 0..levels-1."""
    if levels <= 256:
        return np.uint8
    if levels <= 1 << 16:
        return np.uint16
    return np.uint32


@helper
def sift_down(runs, at, heap, i, size):
    """Restore the heap below heap[i]: each run's next word no smaller than its children's."""
    while True:
        c = 2 * i + 1
        if c >= size:
            break
        if c + 1 < size and runs[at[heap[c + 1]]] < runs[at[heap[c]]]:
            c += 1
        if runs[at[heap[c]]] < runs[at[heap[i]]]:
            heap[i], heap[c] = heap[c], heap[i]
            i = c
        else:
            break


@kernel
def merge_runs(runs, starts, keys, dist, counters):
    """Merge the sorted runs runs[starts[r]:starts[r + 1]] into keys, writing r into dist beside
    each word. A binary heap over the runs' next words; returns False if asked to stop."""
    n_runs = starts.shape[0] - 1
    heap = np.empty(n_runs, dtype=np.int64)
    at = starts[:-1].copy()
    size = 0
    for r in range(n_runs):
        if at[r] < starts[r + 1]:
            heap[size] = r
            size += 1
    # heapify by sifting each inner node down
    for top in range(size // 2 - 1, -1, -1):
        sift_down(runs, at, heap, top, size)
    out = 0
    while size > 0:
        r = heap[0]
        keys[out] = runs[at[r]]
        dist[out] = r
        out += 1
        at[r] += 1
        if at[r] == starts[r + 1]:
            size -= 1
            heap[0] = heap[size]
        sift_down(runs, at, heap, 0, size)
        if out % (16 * CHECK_EVERY) == 0 and counters[STOP] != RUN:
            return False
    return True


@dataclass
class SortedTable:
    """Positions as sorted words, each with its distance (see the module notes)."""

    keys: np.ndarray  # uint64, ascending
    dist: np.ndarray  # distances, parallel to keys
    identity: dict[str, Any] = field(default_factory=dict)
    scope: dict[str, Any] = field(default_factory=dict)
    kind = "sorted"

    @property
    def states(self) -> int:
        return int(self.keys.shape[0])

    @property
    def nbytes(self) -> int:
        return int(self.keys.nbytes + self.dist.nbytes)

    def lookup(self, words) -> np.ndarray:
        """The distance of each word, ABSENT where the table does not hold it."""
        words = np.atleast_1d(np.asarray(words, dtype=np.uint64))
        i = np.searchsorted(self.keys, words)
        inside = i < self.states
        found = np.zeros(words.shape[0], dtype=bool)
        found[inside] = self.keys[i[inside]] == words[inside]
        out = np.full(words.shape[0], ABSENT, dtype=np.int64)
        out[found] = self.dist[i[found]]
        return out

    def by_distance(self) -> list[int]:
        return [int(c) for c in np.bincount(self.dist)] if self.states else []

    def farthest(self, most: int) -> np.ndarray:
        """Up to `most` of the positions farthest from the goal, in word order."""
        if not self.states:
            return np.empty(0, dtype=np.uint64)
        return self.keys[np.flatnonzero(self.dist == self.dist.max())[:most]]

    def arrays(self) -> list[np.ndarray]:
        return [self.keys, self.dist]


@dataclass
class DenseTable:
    """A distance for every position number, UNREACHED where the goal is out of reach."""

    dist: np.ndarray  # uint8, indexed by position number
    identity: dict[str, Any] = field(default_factory=dict)
    scope: dict[str, Any] = field(default_factory=dict)
    # the level sizes, counted once: a scan of a large table takes seconds (tiles 3x4: 240 MB), and a
    # result, its farthest positions and its header each ask for them
    _levels: list[int] | None = field(default=None, init=False, repr=False, compare=False)
    kind = "dense"

    @property
    def states(self) -> int:
        return sum(self.by_distance())

    @property
    def nbytes(self) -> int:
        return int(self.dist.nbytes)

    def _chunks(self) -> Iterator[tuple[int, np.ndarray]]:
        """(first number, its slice) over the table, SCAN_CHUNK numbers at a time: a scan of the
        whole table at once would hold a temporary as large as it, or eight times (bincount)."""
        for at in range(0, self.dist.shape[0], SCAN_CHUNK):
            yield at, self.dist[at:at + SCAN_CHUNK]

    def lookup(self, numbers) -> np.ndarray:
        numbers = np.atleast_1d(np.asarray(numbers, dtype=np.int64))
        out: np.ndarray = self.dist[numbers].astype(np.int64)
        out[out == UNREACHED] = ABSENT
        return out

    def count_levels_as(self, counts: np.ndarray) -> None:
        """The positions at each distance, as the sweep that filled the table counted them: no scan."""
        reached = np.flatnonzero(counts)
        self._levels = [int(c) for c in counts[:reached[-1] + 1]] if reached.size else []

    def by_distance(self) -> list[int]:
        """The positions at each distance (the table is not written once built)."""
        if self._levels is None:
            counts = np.zeros(UNREACHED + 1, dtype=np.int64)
            for _, part in self._chunks():
                counts += np.bincount(part, minlength=UNREACHED + 1)
            self.count_levels_as(counts[:UNREACHED])
        assert self._levels is not None
        return list(self._levels)

    def farthest(self, most: int) -> np.ndarray:
        levels = self.by_distance()
        if not levels:
            return np.empty(0, dtype=np.int64)
        found: list[np.ndarray] = []
        left = most
        for at, part in self._chunks():
            if left <= 0:
                break
            here = np.flatnonzero(part == len(levels) - 1)[:left] + at
            found.append(here)
            left -= here.shape[0]
        return np.concatenate(found) if found else np.empty(0, dtype=np.int64)

    def arrays(self) -> list[np.ndarray]:
        return [self.dist]


def prepare_merge(counters: np.ndarray) -> None:
    """Compile (or load) the merge for the distance types a table may need, outside the search clock."""
    buf = np.empty(1, dtype=np.uint64)
    starts = np.zeros(2, dtype=np.int64)
    for dtype in (np.uint8, np.uint16):
        prepare(merge_runs, buf, starts, buf, np.empty(1, dtype=dtype), counters)


def from_runs(runs: np.ndarray, sizes: list[int], counters: np.ndarray) -> SortedTable | None:
    """The table of a census's kept levels (level d holds the positions at distance d); None if
    the merge was asked to stop. Holds the runs and the table at once: 17 or 18 bytes a position."""
    starts = np.zeros(len(sizes) + 1, dtype=np.int64)
    np.cumsum(sizes, out=starts[1:])
    n = int(starts[-1])
    keys = np.empty(n, dtype=np.uint64)
    dist = np.empty(n, dtype=distance_dtype(len(sizes)))
    if not merge_runs(runs[:n], starts, keys, dist, counters):
        return None
    return SortedTable(keys, dist)


# --- files ---------------------------------------------------------------------------------

def save(table, path: Path, family: str) -> Path:
    """Write the table with its header, atomically (a reader never sees half a file)."""
    path = Path(path)
    header = {"version": VERSION, "family": family, "kind": table.kind, "identity": table.identity,
              "scope": table.scope,
              "arrays": [{"dtype": a.dtype.str, "length": int(a.shape[0])} for a in table.arrays()]}
    text = json.dumps(header, ensure_ascii=False, sort_keys=True).encode() + b"\n"

    def write(f) -> None:
        f.write(MAGIC)
        f.write(text)
        for a in table.arrays():
            a.tofile(f)

    return write_atomically(path, write, ".table-")


def read_header(path: Path) -> tuple[dict[str, Any], int]:
    """The header of a table file and where its arrays begin; InputError if it is not one."""
    try:
        with open(path, "rb") as f:
            head = f.read(len(MAGIC) + MAX_HEADER)
    except OSError as exc:
        raise InputError(f"cannot read the table {path}: {exc.strerror or exc}") from None
    if not head.startswith(MAGIC):
        raise InputError(f"{path} is not a distance table (it has no puzzle-explorer table header)")
    end = head.find(b"\n", len(MAGIC))
    try:
        header = json.loads(head[len(MAGIC):end]) if end > 0 else None
    except (ValueError, UnicodeDecodeError):
        header = None
    if not isinstance(header, dict):
        raise InputError(f"{path}: the table's header is damaged")
    if header.get("version") != VERSION:
        raise InputError(f"{path} is a distance table of format version {header.get('version')}; this program "
                         f"reads version {VERSION}: build it again with --save-table")
    return header, end + 1


def describe_difference(key: str, theirs, ours) -> str:
    return f"{key.replace('_', ' ')} {_short(theirs)} in the table, {_short(ours)} here"


def _short(value) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + " ".join(_short(v) for v in value) + "]" if value else "none"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_short(v)}" for k, v in value.items())
    return str(value)


class LoadStopped(Exception):
    """A cancel or the time limit stopped a table's loading (load's `stopped` said so)."""


LOAD_CHUNK = 1 << 24  # bytes read, and positions checked in order, between two looks at the stop flag


def _read_array(f: Any, dtype: np.dtype, n: int, stopped: Callable[[], bool]) -> np.ndarray:
    """n numbers of dtype from f, LOAD_CHUNK bytes at a time (a stop between two chunks: LoadStopped)."""
    out = np.empty(n, dtype=dtype)
    raw = out.view(np.uint8)
    at = 0
    while at < raw.shape[0]:
        if stopped():
            raise LoadStopped
        got = f.readinto(raw[at:at + LOAD_CHUNK])
        if not got:
            break  # (the size was checked: a file cut meanwhile reads as zeros, the order check finds most)
        at += got
    return out


def _in_order(keys: np.ndarray, stopped: Callable[[], bool]) -> bool:
    step = LOAD_CHUNK // max(1, keys.itemsize)
    for at in range(0, max(0, keys.shape[0] - 1), step):
        if stopped():
            raise LoadStopped
        part = keys[at:at + step + 1]
        if not np.all(part[1:] > part[:-1]):
            return False
    return True


def load(path: Path, family: str, identity: dict[str, Any], budget: int | None = None,
         stopped: Callable[[], bool] = lambda: False):
    """The table saved at path, checked against the family and the identity of the board at hand.

    Raises InputError in one line: not a table, another version, another
    family, a board it is not for (naming the first difference), a damaged
    file, or more bytes than the memory budget. `stopped` is asked between
    chunks of the reading and of the order check (a table of gigabytes takes
    seconds): once it says yes, LoadStopped.
    """
    path = Path(path)
    header, offset = read_header(path)
    if header.get("family") != family:
        raise InputError(f"the table {path} is for {header.get('family')}, not {family}")
    theirs = header.get("identity") or {}
    for key in sorted(set(theirs) | set(identity)):
        if theirs.get(key) != identity.get(key):
            raise InputError(f"the table {path} is for another board: "
                             f"{describe_difference(key, theirs.get(key), identity.get(key))}")
    specs = header.get("arrays")
    kind = header.get("kind")
    if kind not in ("sorted", "dense") or not isinstance(specs, list) or len(specs) != (2 if kind == "sorted" else 1):
        raise InputError(f"{path}: the table's header is damaged")
    try:
        dtypes = [np.dtype(s["dtype"]) for s in specs]
        lengths = [int(s["length"]) for s in specs]
    except (KeyError, TypeError, ValueError):
        raise InputError(f"{path}: the table's header is damaged") from None
    need = sum(d.itemsize * n for d, n in zip(dtypes, lengths))
    size = path.stat().st_size
    if size != offset + need:
        raise InputError(f"{path} is damaged: {size:,} bytes where its header promises {offset + need:,}")
    if budget is not None and need > budget:
        raise InputError(f"the table {path} takes {describe_bytes(need)}, more than the memory budget "
                         f"({describe_bytes(budget)})")
    arrays = []
    with open(path, "rb") as f:
        f.seek(offset)
        for d, n in zip(dtypes, lengths):
            arrays.append(_read_array(f, d, n, stopped))
    scope = header.get("scope") or {}
    if kind == "sorted":
        keys, dist = arrays
        if keys.shape != dist.shape or not _in_order(keys, stopped):
            raise InputError(f"{path} is damaged: its positions are not in order")
        return SortedTable(keys, dist, identity, scope)
    return DenseTable(arrays[0], identity, scope)
