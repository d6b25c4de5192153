"""Counting tours without walking them: the frontier (transfer-matrix) counter.

The board is swept one cell at a time along its shorter side; the state is what the
partial tours look like on the last 2 * width + 1 cells (kernels/frontier.py), and
histories that look the same from there on are merged, their counts added. The work
grows with the number of such states, not with the number of tours, so 7x7 from every
square (165,575,218,320 tours) takes minutes where walking them takes core-hours.

An open tour from a start square is a Hamiltonian path with the start as one end (one
directed tour each); a closed tour from a start is a Hamiltonian cycle walked either way
(two directed tours each), the same from every square.
"""
from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from puzzle_explorer.core.kernels.jit import prepare
from puzzle_explorer.puzzles.kit.text import Cell
from puzzle_explorer.puzzles.knights import frontier_flat as flat
from puzzle_explorer.puzzles.knights.kernels import frontier as kern
from puzzle_explorer.puzzles.knights.kernels import frontier_table as table_kern

# The bytes a state costs at the peak of a step, counts in one word: its key and count kept, its
# share of the next step's table, and room for a table that grows once (frontier_flat.py). Room
# is given in states of these bytes.
STATE_BYTES = 48
# The same in two words a count (kern.step: keys, lo and hi arrays, a map, the arrays' doubling),
# the path a sweep takes from the step where a count would pass 64 bits.
WIDE_STATE_BYTES = 120
NO_ROOM = 1 << 62


@dataclass
class Sweep:
    """One sweep's board in sweep order: lines `width` long, cells numbered along them."""

    width: int
    free: np.ndarray  # bool, one per cell in sweep order
    to_board: Callable[[int], Cell]  # a sweep cell's (x, y) on the board
    from_board: Callable[[Cell], int]

    @property
    def span(self) -> int:
        return 2 * self.width + 1

    @property
    def cells(self) -> int:
        return int(self.free.shape[0])


def sweep_of(width: int, height: int, blocked: frozenset[Cell]) -> Sweep:
    """Lines across the shorter side: rows when the board is no wider than tall, else columns."""
    grid = np.ones((height, width), dtype=np.bool_)
    for x, y in blocked:
        grid[y, x] = False
    if width <= height:
        return Sweep(width, grid.ravel().copy(), lambda v: (v % width, v // width), lambda c: c[1] * width + c[0])
    return Sweep(height, grid.T.ravel().copy(), lambda v: (v // height, v % height), lambda c: c[0] * height + c[1])


def back_slots(sweep: Sweep, v: int) -> np.ndarray:
    """Window slots (before cell v is placed; slot 0 the oldest) of v's free neighbours placed before it."""
    w, span = sweep.width, sweep.span
    r, c = divmod(v, w)
    out = []
    for dr, dc in ((-2, -1), (-2, 1), (-1, -2), (-1, 2)):
        rr, cc = r + dr, c + dc
        if rr >= 0 and 0 <= cc < w:
            u = rr * w + cc
            if sweep.free[u]:
                out.append(span - (v - u))
    return np.array(out + [-1] * (4 - len(out)), dtype=np.int64)


def neighbours_ahead(sweep: Sweep) -> np.ndarray:
    """[i, s]: after cell i is placed, how many free neighbours of window slot s's cell come later."""
    w, span, cells = sweep.width, sweep.span, sweep.cells
    later = np.zeros((cells + span, span), dtype=np.int64)
    for i in range(cells + span):
        for s in range(span):
            u = i - span + 1 + s
            if not 0 <= u < cells or not sweep.free[u]:
                later[i, s] = 2  # never short of neighbours: it is DONE
                continue
            r, c = divmod(u, w)
            for dr, dc in ((1, -2), (1, 2), (2, -1), (2, 1)):
                rr, cc = r + dr, c + dc
                v = rr * w + cc
                if 0 <= cc < w and v < cells and v > i and sweep.free[v]:
                    later[i, s] += 1
    return later


@dataclass
class Progress:
    """Where a sweep is: the cell placed, of how many steps, and the states held."""

    step: int = 0
    steps: int = 0
    states: int = 0
    most_states: int = 0
    history: list[int] = field(default_factory=list)

    def advance(self, step: int, states: int) -> None:
        """The sweep is past `step`, holding `states`."""
        self.step, self.states = step, states
        self.most_states = max(self.most_states, states)
        self.history.append(states)


class OutOfRoom(Exception):
    """The next step's states would pass the room the budget leaves."""


class Stopped(Exception):
    """Python asked the kernel to stop."""


@dataclass
class States:
    """One set of states of the sweep: those whose tours start at `start` (a sweep cell), or with no
    start placed yet (None), or of a sweep with no start at all. Counts in one word (lo, hi None:
    keys and lo are the two halves of one array of pairs) until one would pass 64 bits, then in two."""

    start: int | None
    keys: np.ndarray
    lo: np.ndarray
    hi: np.ndarray | None
    pairs: np.ndarray | None = None  # with one-word counts, the array whose halves keys and lo are

    @property
    def size(self) -> int:
        return int(self.keys.shape[0])


def paired(start: int | None, pairs: np.ndarray) -> States:
    """States of one-word counts from an array of (key, count) pairs."""
    return States(start, pairs[0::2], pairs[1::2], None, pairs)


def one_word(start: int | None, keys: np.ndarray, lo: np.ndarray) -> States:
    pairs = np.empty(2 * keys.shape[0], dtype=np.uint64)
    pairs[0::2], pairs[1::2] = keys, lo
    return paired(start, pairs)


def two_words(states: States) -> States:
    """The same states with counts in two words."""
    if states.hi is not None:
        return states
    return States(states.start, np.ascontiguousarray(states.keys), np.ascontiguousarray(states.lo),
                  np.zeros(states.size, dtype=np.uint64))


@dataclass
class Sweeping:
    """A sweep between two steps: what a checkpoint holds."""

    step: int
    sets: list[States]
    totals: dict[int | None, int]


def first_states(sweep: Sweep) -> np.ndarray:
    """The one state before the first cell: every window cell off the board, no ends used."""
    key = 0
    for _ in range(sweep.span):
        key = key * kern.radix_for(sweep.span) + kern.DONE
    return np.array([key], dtype=np.uint64)


def begin(sweep: Sweep, starts: list[int] | None) -> Sweeping:
    """Before the first cell: one set of states, the one state with nothing placed."""
    one = one_word(None, first_states(sweep), np.ones(1, dtype=np.uint64))
    totals: dict[int | None, int] = {s: 0 for s in starts} if starts is not None else {None: 0}
    return Sweeping(0, [one], totals)


def sweep_step(sweep: Sweep, at: Sweeping, starts: list[int] | None, closed: bool, ahead: np.ndarray,
               counters: np.ndarray, room: int, engine: Engine) -> Sweeping:
    """Every set of states moved past cell at.step. With starts (open tours), the set with no start
    placed yet keeps one free end for it, and at each start it also gives the set of tours from there."""
    span, i = sweep.span, at.step
    radix = kern.radix_for(span)
    placed, last, back = cell_of(sweep, i)
    later = starts is not None and any(s > i for s in starts)
    out: list[States] = []
    totals = dict(at.totals)
    for states in at.sets:
        moves = []
        if states.start is not None or starts is None:
            moves.append((states.start, kern.FREE_CELL if placed else kern.NO_CELL, 0))
        else:  # no start placed yet
            if placed and i in starts:
                moves.append((i, kern.START_CELL, 0))
            if later:
                moves.append((None, kern.FREE_CELL if placed else kern.NO_CELL, 1))
        for start, kind, reserved in moves:
            left = room - sum(s.size for s in out)
            args = (span, radix, kind, back, ahead[i], reserved, closed, last)
            if states.hi is None:
                try:
                    made = engine.one_word(states, args, left, counters)
                except flat.Wide:
                    states = two_words(states)
                else:
                    totals[start] = totals.get(start, 0) + made[1]
                    if made[0].shape[0]:
                        out.append(paired(start, made[0]))
                    continue
            wide = states
            left = left * STATE_BYTES // WIDE_STATE_BYTES
            split = engine.split

            def piece(a: int, b: int) -> tuple[Any, ...]:
                assert wide.hi is not None
                return _checked(kern.step(wide.keys[a:b], wide.lo[a:b], wide.hi[a:b], b - a, *args, left, counters))

            if split is None or states.size < SPLIT_FROM:
                _, keys, lo, hi, n, wlo, whi = piece(0, states.size)
                whole = int(wlo) + (int(whi) << 64)
            else:
                keys, lo, hi, whole = split.sweep(piece, states.size, left, counters)
                n = keys.shape[0]
            totals[start] = totals.get(start, 0) + whole
            if n:
                out.append(States(start, keys, lo, hi))
    if engine.mirrored and starts is None and folds_after(sweep, i):
        out = [engine.fold(s, span, radix, sweep.width, room, counters) for s in out]
    return Sweeping(i + 1, out, totals)


def cell_of(sweep: Sweep, i: int) -> tuple[bool, bool, np.ndarray]:
    """Step i of the sweep: whether it places a free cell, whether it is the last free cell, and the
    window slots of its neighbours already placed (back_slots; none where nothing is placed)."""
    last = i >= int(np.flatnonzero(sweep.free)[-1])
    placed = i < sweep.cells and bool(sweep.free[i])
    return placed, last, back_slots(sweep, i) if placed else np.full(4, -1, dtype=np.int64)


def folds_after(sweep: Sweep, i: int) -> bool:
    """Whether a sweep that folds mirror images (mirrored) folds its states after step i: at a line's
    end, before the last free cell."""
    return i % sweep.width == sweep.width - 1 and not cell_of(sweep, i)[1]


def free_ends_args(sweep: Sweep, i: int, closed: bool, ahead: np.ndarray) -> tuple[Any, ...]:
    """kern.expand's arguments (from span to last) for step i of a sweep with no start square."""
    placed, last, back = cell_of(sweep, i)
    return (sweep.span, kern.radix_for(sweep.span), kern.FREE_CELL if placed else kern.NO_CELL, back, ahead[i], 0,
            closed, last)


def mirrored(sweep: Sweep) -> bool:
    """Whether the board is its own mirror image across the sweep's lines (each line reversed)."""
    lines = sweep.free.reshape(-1, sweep.width)
    return bool((lines == lines[:, ::-1]).all())


def _checked(result: tuple[Any, ...]) -> tuple[Any, ...]:
    if result[0] == kern.STOPPED:
        raise Stopped()
    if result[0] == kern.FULL:
        raise OutOfRoom()
    return result


SPLIT_FROM = 20_000  # states: fewer are swept in one piece
HEADROOM = 1.1  # a step's table holds this much more than the last step's growth foretells
FOLDED = 0.6  # the states left of a line's end when each is folded with its mirror image, about


class Engine:
    """How a sweep's steps run: the threads (one piece below SPLIT_FROM states), their moves buffers,
    and the last step's growth, which sizes the next step's table."""

    def __init__(self, workers: int, order: int | None = None, mirrored: bool = False):
        self.split = Split(workers, order) if workers > 1 else None
        self.mirrored = mirrored  # fold each state with its mirror image at the end of a line
        self.bufs = flat.buffers(workers)
        self.order = order
        self.growth = float(kern.MOST_MOVES)

    def close(self) -> None:
        if self.split:
            self.split.close()

    def fold(self, states: States, span: int, radix: int, width: int, room: int, counters: np.ndarray) -> States:
        """The states with each and its mirror image as one (kern.fold); counts in two words stay as they are."""
        if states.hi is not None:
            return states
        growth = self.growth  # the next cell's growth is a cell's, not a fold's
        pairs, _ = self.one_word(states, (span, radix, width), room, counters, kern.fold, FOLDED)
        self.growth = growth
        return paired(states.start, pairs)

    def one_word(self, states: States, args: tuple[Any, ...], room: int, counters: np.ndarray,
                 kernel: Any = kern.expand, growth: float | None = None) -> tuple[np.ndarray, int]:
        n = states.size
        expected = min(room, int(n * (growth or self.growth) * HEADROOM) + 64)
        split = self.split is not None and n >= SPLIT_FROM
        try:
            assert states.pairs is not None
            pairs, whole = flat.step(states.pairs, args, expected, room, counters,
                                     self.split.pool if split and self.split else None,
                                     self.bufs if split else self.bufs[:1], self.order, kernel)
        except flat.Full:
            raise OutOfRoom() from None
        except flat.FlatStop:
            raise Stopped() from None
        if n:
            self.growth = max(0.05, pairs.shape[0] / 2 / n)
        return pairs, whole


class Split:
    """A step's states swept in pieces by threads (the kernels run without the GIL), the pieces'
    states then merged by hash partition, one partition a thread. Counts are added exactly, so the
    answer is the same for any number of workers and any order the pieces finish in (`order`
    shuffles them, for the tests)."""

    def __init__(self, workers: int, order: int | None = None):
        self.workers = workers
        self.pool = ThreadPoolExecutor(workers)
        self.order = order

    def close(self) -> None:
        self.pool.shutdown()

    def sweep(self, piece: Callable[[int, int], tuple[Any, ...]], n: int, room: int,
              counters: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
        bounds = np.linspace(0, n, 4 * self.workers + 1).astype(np.int64).tolist()
        ranges = list(zip(bounds, bounds[1:]))
        if self.order is not None:
            random.Random(self.order).shuffle(ranges)
        done = list(self.pool.map(lambda r: piece(*r), ranges))
        whole = sum(int(d[5]) + (int(d[6]) << 64) for d in done)
        keys = np.concatenate([d[1] for d in done])
        lo = np.concatenate([d[2] for d in done])
        hi = np.concatenate([d[3] for d in done])
        part = ((keys * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(40)) % np.uint64(self.workers)
        groups = [np.flatnonzero(part == p) for p in range(self.workers)]

        def merged(g: np.ndarray) -> tuple[Any, ...]:
            return _checked(kern.merge(keys[g], lo[g], hi[g], g.shape[0], room, counters))

        parts = list(self.pool.map(merged, groups))
        return (np.concatenate([p[1] for p in parts]), np.concatenate([p[2] for p in parts]),
                np.concatenate([p[3] for p in parts]), whole)


def sweep_count(sweep: Sweep, starts: list[int] | None, closed: bool, counters: np.ndarray,
                room: int = NO_ROOM, on_step: Callable[[Progress], None] | None = None,
                at: Sweeping | None = None, on_saved: Callable[[Sweeping], None] | None = None,
                workers: int = 1, order: int | None = None) -> dict[int | None, int]:
    """Hamiltonian paths with each of `starts` (sweep cells) as one end, or (starts None) any paths, or
    (closed, starts None) Hamiltonian cycles, of the sweep's free cells (at least three). The sets
    of states of the starts share the sweep up to their start. `at` resumes a sweep; on_saved sees
    each step's end; workers > 1 sweeps each large step in pieces (Split)."""
    span = sweep.span
    at = at or begin(sweep, starts)
    ahead = neighbours_ahead(sweep)
    progress = Progress(steps=sweep.cells + span)
    engine = Engine(workers, order, mirrored(sweep))
    try:
        while at.step < sweep.cells + span and at.sets:
            at = _on(sweep_step(sweep, at, starts, closed, ahead, counters, room, engine), progress, on_step, on_saved)
    finally:
        engine.close()
    return at.totals


def _on(at: Sweeping, progress: Progress, on_step: Callable[[Progress], None] | None,
        on_saved: Callable[[Sweeping], None] | None) -> Sweeping:
    """Progress and checkpoints after a step."""
    progress.advance(at.step, sum(s.size for s in at.sets))
    if on_saved:
        on_saved(at)
    if on_step:
        on_step(progress)
    return at


def example_args(counters: np.ndarray) -> tuple[Any, ...]:
    """Arguments of kern.step of the types a sweep passes, to compile it before the sweep starts."""
    span = 7
    one = np.ones(1, dtype=np.uint64)
    return (first_states(sweep_of(3, 3, frozenset())), one, one.copy(), 1, span, 16, kern.FREE_CELL,
            np.full(4, -1, dtype=np.int64), np.zeros((2, span), dtype=np.int64)[0], 0, False, False, NO_ROOM, counters)


def prepare_flat_kernels(counters: np.ndarray) -> None:
    """The one-word kernels (flat_example_args), compiled or loaded from the disk cache."""
    for name, args in flat_example_args(counters).items():
        prepare(getattr(kern, name, None) or getattr(table_kern, name), *args)


def flat_example_args(counters: np.ndarray) -> dict[str, tuple[Any, ...]]:
    """Arguments of the one-word kernels (kern.expand, kern.fold, frontier_table's) of the types a
    sweep passes: the states one array of (key, count) pairs."""
    step = example_args(counters)
    states = one_word(None, step[0], step[1])
    out = np.zeros(kern.MOST_MOVES, dtype=np.uint64)
    table = np.zeros(2 * 16, dtype=np.uint64)
    return {"expand": (states.pairs, 0, 1, *step[4:12], out, out.copy(), counters),
            "fold": (states.pairs, 0, 1, 7, 16, 3, out, out.copy(), counters),
            "absorb": (table, 0, 1, 16, 0, out, out.copy(), 0, 0, counters),
            "clear": (table,), "compact": (table,), "move_into": (table, 16, table.copy(), 16, 1)}


def count(width: int, height: int, blocked: frozenset[Cell], start: Cell | None, closed: bool,
          counters: np.ndarray, room: int = NO_ROOM, on_step: Callable[[Progress], None] | None = None,
          workers: int = 1) -> int:
    """Directed tours from `start` (open: paths with the start as one end; closed: twice the cycles);
    with start None and open, undirected Hamiltonian paths of the whole board."""
    if start is None:
        free = width * height - len(blocked)
        if free <= 2:
            return _tiny(width, height, blocked, None, closed)
        paths = sweep_count(sweep_of(width, height, blocked), None, closed, counters, room, on_step,
                            workers=workers)[None]
        return 2 * paths if closed else paths
    return count_starts(width, height, blocked, [start], closed, counters, room, on_step, workers=workers)[start]


def count_starts(width: int, height: int, blocked: frozenset[Cell], starts: list[Cell], closed: bool,
                 counters: np.ndarray, room: int = NO_ROOM, on_step: Callable[[Progress], None] | None = None,
                 at: Sweeping | None = None, on_saved: Callable[[Sweeping], None] | None = None,
                 workers: int = 1, order: int | None = None) -> dict[Cell, int]:
    """Directed tours from each of `starts`, in one sweep (resumed from `at`; on_saved sees each step's end)."""
    free = width * height - len(blocked)
    if free <= 2:
        return {s: _tiny(width, height, blocked, s, closed) for s in starts}
    sweep = sweep_of(width, height, blocked)
    if closed:  # every square lies on every cycle, walked either way
        cycles = sweep_count(sweep, None, True, counters, room, on_step, at, on_saved, workers, order)[None]
        return {s: 2 * cycles for s in starts}
    cells = [sweep.from_board(s) for s in starts]
    totals = sweep_count(sweep, cells, False, counters, room, on_step, at, on_saved, workers, order)
    return {s: totals[c] for s, c in zip(starts, cells)}


def count_all(width: int, height: int, blocked: frozenset[Cell], counters: np.ndarray, room: int = NO_ROOM,
              on_step: Callable[[Progress], None] | None = None, at: Sweeping | None = None,
              on_saved: Callable[[Sweeping], None] | None = None, workers: int = 1, order: int | None = None) -> int:
    """Directed open tours from every square together, in one sweep with free ends (no start square):
    each undirected Hamiltonian path is a tour from either of its ends."""
    cells = [(x, y) for y in range(height) for x in range(width) if (x, y) not in blocked]
    if len(cells) <= 2:
        return sum(_tiny(width, height, blocked, c, False) for c in cells)
    sweep = sweep_of(width, height, blocked)
    return 2 * sweep_count(sweep, None, False, counters, room, on_step, at, on_saved, workers, order)[None]


def _tiny(width: int, height: int, blocked: frozenset[Cell], start: Cell | None, closed: bool) -> int:
    """One or two free squares, as the search counts them: one square is an open tour of its own; two a
    knight's move apart make one tour from either, open or closed."""
    cells = [(x, y) for y in range(height) for x in range(width) if (x, y) not in blocked]
    if len(cells) == 1:
        return 0 if closed else 1
    (ax, ay), (bx, by) = cells
    joined = {abs(ax - bx), abs(ay - by)} == {1, 2}
    if start is None:
        return int(joined and not closed)
    return int(joined)
