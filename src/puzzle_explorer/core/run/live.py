"""What a search is doing right now, read from Python: the live picture a kernel keeps in its
counters array (its layout and writers: core/kernels/picture.py), as a Live.

Reads are racy by design, as for the counters: the sequence numbers catch a
refresh caught half done; a map written cell by cell (REACH) may be a
moment newer than its header.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from puzzle_explorer.core.kernels.picture import (
    ASTAR,
    BACKTRACK,
    BEGIN,
    BFS,
    BIBFS,
    BOUND,
    CELLS_PER_ENTRY,
    CENSUS,
    DEEPEST,
    DEPTH,
    END,
    GROWING,
    HISTORY,
    HISTORY_AT,
    HISTORY_ROOM,
    IDASTAR,
    KEPT,
    KIND,
    LENGTH,
    LIVE,
    NONE,
    OTHER,
    OTHER_KEPT,
    PATH,
    PATH_ROOM,
    REACH,
    REACH_BITS,
    REACH_MOST,
    SIDE_ROOM,
    SLOTS,
    TABLE,
    G,
    H,
)

KIND_NAMES = {NONE: "none", BFS: "bfs", ASTAR: "astar", IDASTAR: "idastar", BIBFS: "bibfs",
              BACKTRACK: "backtrack", CENSUS: "census", REACH: "reach", TABLE: "table"}


@dataclass(frozen=True)
class Live:
    """One consistent reading of the live picture (core/kernels/picture.py describes the kinds).

    path: the newest entries of the current path, oldest first, as uint64 (states bit for bit, or
    the puzzle's node numbers); `length` says how long the whole path is, so len(path) < length
    means the older part was cut. other/other_length: the goal side of a bidirectional search.
    g, h, bound, deepest: None where the search has none. history: the finished layers' sizes
    (BFS, census: layer i is history_from + i), or for IDA* the (bound, nodes) of each finished
    iteration in `iterations`; growing: the size so far of the layer or iteration in progress.
    """

    kind: str
    depth: int = 0
    path: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=np.uint64), compare=False)
    length: int = 0
    other: np.ndarray = field(default_factory=lambda: np.empty(0, dtype=np.uint64), compare=False)
    other_length: int = 0
    g: int | None = None
    h: int | None = None
    bound: int | None = None
    deepest: int | None = None
    growing: int = 0
    history: tuple[int, ...] = ()
    history_from: int = 0
    seq: int = 0

    @property
    def cut(self) -> bool:
        """The path is longer than what is held: only its newest part is here."""
        return len(self.path) < self.length

    @property
    def f(self) -> int | None:
        return self.g + self.h if self.g is not None and self.h is not None else None

    @property
    def iterations(self) -> tuple[tuple[int, int], ...]:
        """IDA*: (bound, nodes) of each finished iteration kept."""
        if self.kind != "idastar":
            return ()
        h = self.history
        return tuple((h[i], h[i + 1]) for i in range(0, len(h) - 1, 2))

    @property
    def layers(self) -> tuple[int, ...]:
        """BFS, census, reach: the size of each finished layer kept (layer history_from first)."""
        return () if self.kind == "idastar" else self.history

    def reach_map(self) -> np.ndarray:
        """REACH: the fewest segments per cell (0: not reached), for the first `length` cells."""
        words = self.path.astype(np.uint64)
        shifts = (np.arange(CELLS_PER_ENTRY, dtype=np.uint64) * np.uint64(REACH_BITS))
        cells = ((words[:, None] >> shifts[None, :]) & np.uint64(REACH_MOST)).reshape(-1)
        return cells[: self.length].astype(np.int64)


READ_TRIES = 8


def read_live(counters: np.ndarray) -> Live | None:
    """The picture as a Live, or None when nothing is drawn yet (or every try caught a refresh)."""
    for _ in range(READ_TRIES):
        end = int(counters[END])
        region = counters[LIVE:SLOTS].copy()
        if int(counters[BEGIN]) == end and int(region[BEGIN - LIVE]) == end:
            return _parse(region)
    return None


def _parse(region: np.ndarray) -> Live | None:
    def at(slot: int) -> int:
        return int(region[slot - LIVE])

    kind = at(KIND)
    if kind == NONE or kind not in KIND_NAMES:
        return None
    name = KIND_NAMES[kind]
    entries = region[PATH - LIVE: PATH - LIVE + PATH_ROOM].view(np.uint64)
    kept = max(0, min(at(KEPT), PATH_ROOM if kind != BIBFS else SIDE_ROOM))
    path = entries[:kept].copy()
    other = np.empty(0, dtype=np.uint64)
    if kind == BIBFS:
        other_kept = max(0, min(at(OTHER_KEPT), SIDE_ROOM))
        other = entries[SIDE_ROOM: SIDE_ROOM + other_kept].copy()
    ring = region[HISTORY_AT - LIVE: HISTORY_AT - LIVE + HISTORY_ROOM]
    count = at(HISTORY)
    if kind == REACH:
        history, first = tuple(int(v) for v in ring[: min(count, HISTORY_ROOM)]), 1
    else:
        first = max(0, count - HISTORY_ROOM)
        history = tuple(int(ring[i % HISTORY_ROOM]) for i in range(first, count))
        if kind == IDASTAR:
            first //= 2
    searched = kind in (ASTAR, IDASTAR)
    return Live(
        kind=name, depth=at(DEPTH), path=path, length=max(at(LENGTH), kept), other=other,
        other_length=max(at(OTHER), len(other)) if kind == BIBFS else 0,
        g=at(G) if searched else None, h=at(H) if searched else None,
        bound=at(BOUND) if kind == IDASTAR else None, deepest=at(DEEPEST) if kind == BACKTRACK else None,
        growing=at(GROWING), history=history, history_from=first, seq=at(END))
