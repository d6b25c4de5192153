"""Counting every open tour by meeting in the middle: the board's edges swept from either end, the
two halves' states joined where they meet (kernels/halves.py).

The cell-by-cell sweep (frontier.py) carries its states over the whole board, and its peak comes
after the middle. Here the edges are cut in two by where their middle lies: before the board's
centre, or after it (the few whose middle is the centre go with the first half). Each half is swept
one edge at a time, in the order of the later end of each edge, and never past the cut. The second
half is the first half of the board turned 180 degrees: the same sweep, so a board that is its own
turn (no blocked squares, or blocked ones placed so) sweeps one half only. The tours are the
fitting pairs of a state of each half, so the states never pass the ones at the cut.

Only the total of open tours is counted so (free ends: each undirected Hamiltonian path is a tour
from either end). Boards where one half would hold every square, or a square has no knight's move,
are left to the cell-by-cell sweep (`plan` gives None).
"""
from __future__ import annotations

import functools
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Callable

import numpy as np

from puzzle_explorer.puzzles.kit.text import Cell
from puzzle_explorer.puzzles.knights import frontier, frontier_flat
from puzzle_explorer.puzzles.knights.kernels import frontier as frontier_kern
from puzzle_explorer.puzzles.knights.kernels import frontier_table as table_kern
from puzzle_explorer.puzzles.knights.kernels import halves as kern

Edge = tuple[int, int]
JOIN_PIECES = 64  # pieces of the first half's groups, shared by the threads that join them
NOTHING = np.array([0, 1], dtype=np.uint64)  # a half's one state before its first edge: nothing on the frontier
Grouped = tuple[np.ndarray, np.ndarray, np.ndarray]  # _grouped's answer
WORD_BITS = 64  # a group's code and a state's index packed into one word for the sort, where both fit


class Wide(Exception):
    """A count or a product would pass 64 bits: the count is left to the cell-by-cell sweep."""


@dataclass
class Step:
    """One edge of a half's sweep: the frontier's vertices before it (the old ones, then those the edge
    brings), where its ends are in that list, whether each leaves with it, and the vertices kept."""

    old_span: int
    span: int
    at: tuple[int, int]
    leaves: tuple[bool, bool]
    keep: np.ndarray
    lone: np.ndarray  # per vertex kept: 1 where it has one edge left over the whole board, which makes it a tour end
    front: tuple[int, ...]  # the frontier's vertices after it
    seen: int  # how many vertices the half's edges have met so far (Half.order)


@dataclass
class Half:
    steps: list[Step]
    frontier: list[int]  # the vertices at the cut, in the order of the keys' labels
    order: list[int]  # the vertices in the order its edges meet them


@dataclass
class Plan:
    """The two halves of a board's edges, vertices numbered in the cell-by-cell sweep's order."""

    cells: int
    first: Half
    second: Half  # on the board turned: its vertex v is the board's cells - 1 - v
    same: bool  # the board is its own turn: the second half's states are the first's
    radix: int

    @property
    def edges(self) -> int:
        return len(self.first.steps) + len(self.second.steps)

    @property
    def swept(self) -> int:
        """The edges a count sweeps: one half where the halves are alike."""
        return len(self.first.steps) if self.same else self.edges


def _edges(free: np.ndarray, width: int) -> list[Edge]:
    """Every knight's move between free cells of lines `width` long, as (earlier, later)."""
    out = []
    cells = free.shape[0]
    for v in range(cells):
        if not free[v]:
            continue
        r, c = divmod(v, width)
        for dr, dc in ((1, -2), (1, 2), (2, -1), (2, 1)):
            u = (r + dr) * width + c + dc
            if 0 <= c + dc < width and u < cells and free[u]:
                out.append((v, u))
    return out


def _half(free: np.ndarray, width: int, middle: bool) -> Half | None:
    """The first half of this board's edges as steps (with the edges whose middle is the board's centre
    when `middle`), or None when a free cell has no edge or either half has no vertex of its own."""
    cells = free.shape[0]
    edges = _edges(free, width)
    centre = [e for e in edges if e[0] + e[1] == cells - 1]
    mine = sorted((e for e in edges if e[0] + e[1] < cells - 1), key=lambda e: (e[1], e[0]))
    rest = [e for e in edges if e[0] + e[1] > cells - 1]
    if middle:
        mine += centre
    else:
        rest += centre
    touched = {v for e in edges for v in e}
    ours, theirs = {v for e in mine for v in e}, {v for e in rest for v in e}
    if touched != set(np.flatnonzero(free).tolist()) or not ours - theirs or not theirs - ours:
        return None
    last: dict[int, int] = {}
    left = dict.fromkeys(touched, 0)  # each vertex's edges not yet swept, over both halves
    for i, (a, b) in enumerate(mine + rest):
        last[a] = last[b] = i
        left[a] += 1
        left[b] += 1
    front: list[int] = []
    steps = []
    met: set[int] = set()
    for i, (a, b) in enumerate(mine):
        old = len(front)
        front += [v for v in dict.fromkeys((a, b)) if v not in front]
        met |= {a, b}
        leaves = (last[a] == i, last[b] == i)
        left[a] -= 1
        left[b] -= 1
        keep = [k for k, v in enumerate(front) if last[v] != i]
        span = len(front)
        at = (front.index(a), front.index(b))
        front = [front[k] for k in keep]
        lone = np.array([int(left[v] == 1) for v in front], dtype=np.int64)
        steps.append(Step(old, span, at, leaves, np.array(keep, dtype=np.int64), lone, tuple(front), len(met)))
    return Half(steps, front, list(dict.fromkeys(v for e in mine for v in e)))


@functools.lru_cache(maxsize=8)
def plan(width: int, height: int, blocked: frozenset[Cell]) -> Plan | None:
    """How this board's open tours meet in the middle, or None where they do not (kept for the few boards
    last asked about: choosing the method, guessing its memory and counting each ask for it)."""
    sweep = frontier.sweep_of(width, height, blocked)
    if int(sweep.free.sum()) < 3:
        return None
    first = _half(sweep.free, sweep.width, True)
    turned = sweep.free[::-1].copy()
    second = _half(turned, sweep.width, False)
    # the board is its own turn and no edge's middle is the centre: the halves are alike
    same = first is not None and second is not None and len(first.steps) == len(second.steps) \
        and bool((turned == sweep.free).all())
    if first is None or second is None:
        return None
    if sorted(first.frontier) != sorted(sweep.cells - 1 - v for v in second.frontier):
        return None
    widest = max(len(s.keep) for h in (first, second) for s in h.steps)
    try:
        radix = frontier_kern.radix_for(max(1, widest))
    except ValueError:
        return None
    return Plan(sweep.cells, first, second, same, radix)


def sweep_half(half: Half, radix: int, counters: np.ndarray, room: int, engine: frontier.Engine,
               on_step: Callable[[int, np.ndarray], None] | None = None, done: int = 0,
               pairs: np.ndarray | None = None) -> np.ndarray:
    """The states at the cut, as (key, count) pairs in one array, each edge's step swept as the
    cell-by-cell sweep's are (frontier_flat.step: pieces on the engine's threads, one table sized from
    the last step's growth). on_step(edges done, the states as pairs) after each edge; `done` edges
    already swept into `pairs` (a checkpoint's)."""
    if pairs is None:
        pairs = NOTHING.copy()
    engine.growth = 2.0  # an edge left out or taken
    for i in range(done, len(half.steps)):
        pairs = edge_step(half.steps[i], radix, pairs, counters, room, engine)
        if on_step:
            on_step(i + 1, pairs)
    return pairs


def edge_step(s: Step, radix: int, pairs: np.ndarray, counters: np.ndarray, room: int,
              engine: frontier.Engine) -> np.ndarray:
    """The states (key, count pairs) moved past one edge of a half."""
    n = pairs.shape[0] // 2
    args = (n, kern.stride_for(n), s.old_span, s.span, s.at[0], s.at[1], s.leaves[0], s.leaves[1], s.keep,
            len(s.keep), s.lone, radix)
    try:
        return engine.one_word(frontier.paired(None, pairs), args, room, counters, kern.expand)[0]
    except frontier_flat.Wide:
        raise Wide() from None


def _grouped(pairs: np.ndarray, span: int, radix: int) -> Grouped:
    """The states sorted by group, the groups' codes and where each begins (and the end)."""
    n = pairs.shape[0] // 2
    codes = np.empty(n, dtype=np.uint64)
    kern.groups(pairs, n, span, radix, codes)
    shift = max(1, n.bit_length())
    order: np.ndarray
    if shift < WORD_BITS and 3 ** (span + 1) <= 1 << (WORD_BITS - shift):
        # each code and its state's index in one word: one sort of plain integers, a third of the time
        # of an argsort (7x7's 46.6 million states: 2.0 s against 6.9 s), and the codes come sorted with it
        keys = (codes << np.uint64(shift)) | np.arange(n, dtype=np.uint64)
        del codes
        keys.sort()
        order = keys & np.uint64((1 << shift) - 1)
        codes = keys >> np.uint64(shift)
        del keys
    else:
        order = np.argsort(codes, kind="stable").astype(np.uint64)
        codes = codes[order]
    firsts = np.flatnonzero(codes[1:] != codes[:-1]) + 1 if n else np.empty(0, dtype=np.int64)
    firsts = np.concatenate((np.zeros(min(n, 1), dtype=np.int64), firsts))
    by_group = np.empty_like(pairs)
    kern.gather(pairs, order, by_group)
    return by_group, codes[firsts], np.append(firsts, n).astype(np.int64)


def sides(plan: Plan, first: np.ndarray, second: np.ndarray) -> tuple[Grouped, Grouped]:
    """The halves' states at the cut ready to join: the first's grouped, and the second's turned back onto
    the first's frontier, then grouped. Any share of either half's states may be given: the tours of
    the whole are the sum over every pair of shares (join_sides)."""
    span = len(plan.first.frontier)
    where = {plan.cells - 1 - v: k for k, v in enumerate(plan.second.frontier)}
    perm = np.array([where[v] for v in plan.first.frontier], dtype=np.int64)
    turned = np.empty_like(second)
    kern.reorder(second, second.shape[0] // 2, span, plan.radix, perm, turned)
    return _grouped(first, span, plan.radix), _grouped(turned, span, plan.radix)


def join_sides(plan: Plan, top: Grouped, bottom: Grouped, counters: np.ndarray,
               pool: ThreadPoolExecutor | None = None, on_joined: Callable[[int], None] | None = None) -> int:
    """Undirected Hamiltonian paths made of a state of `top` and one of `bottom` (sides), in pieces on
    `pool`'s threads (None: in turn here). on_joined(paths so far) as the pieces end."""
    span = len(plan.first.frontier)
    (top_pairs, top_upper, top_starts), (bottom_pairs, bottom_upper, bottom_starts) = top, bottom
    groups = top_upper.shape[0]
    bounds = np.linspace(0, groups, min(groups, JOIN_PIECES) + 1).astype(np.int64).tolist()
    total = 0
    lock = threading.Lock()

    def piece(r: tuple[int, int]) -> None:
        nonlocal total
        code, lo, hi, _ = kern.join(top_pairs, top_upper, top_starts, r[0], r[1], bottom_pairs, bottom_upper,
                                    bottom_starts, span, plan.radix, counters)
        if code == table_kern.STOPPED:
            raise frontier.Stopped()
        if code == table_kern.WIDE:
            raise Wide()
        with lock:
            total += int(lo) + (int(hi) << 64)
            if on_joined:
                on_joined(total)

    frontier_flat.run_pieces(pool, piece, list(zip(bounds, bounds[1:])))
    return total


def join(plan: Plan, first: np.ndarray, second: np.ndarray, counters: np.ndarray,
         pool: ThreadPoolExecutor | None = None, on_joined: Callable[[int], None] | None = None) -> int:
    """Undirected Hamiltonian paths: the fitting pairs of the halves' states at the cut, in pieces on
    `pool`'s threads (None: in turn here). on_joined(paths so far) as the pieces end."""
    top, bottom = sides(plan, first, second)
    return join_sides(plan, top, bottom, counters, pool, on_joined)


def count(p: Plan, counters: np.ndarray, room: int = frontier.NO_ROOM,
          on_step: Callable[[int, int], None] | None = None, workers: int = 1, at: frontier.Sweeping | None = None,
          on_saved: Callable[[frontier.Sweeping], None] | None = None,
          on_joined: Callable[[int], None] | None = None) -> int:
    """Directed open tours from every square together (twice the undirected Hamiltonian paths) of the
    board `p` cuts in two. on_step(edges done, states) after each edge; on_saved sees the sweep after
    each edge as a checkpoint holds it (the first half's states, then the second's), and `at` resumes
    from one; on_joined(tours so far) while the halves are joined; `room` caps a step's states."""
    engine = frontier.Engine(workers)
    done = at.step if at else 0
    held = [s.pairs for s in at.sets] if at else []
    firsts = len(p.first.steps)

    def told(edges: int, pairs: np.ndarray, before: list[np.ndarray]) -> None:
        if on_step:
            on_step(edges, pairs.shape[0] // 2)
        if on_saved:
            on_saved(frontier.Sweeping(edges, [frontier.paired(None, h) for h in before + [pairs]], {None: 0}))

    try:
        first = sweep_half(p.first, p.radix, counters, room, engine, lambda i, h: told(i, h, []), min(done, firsts),
                           held[0] if held else None)
        if p.same:
            second = first
        else:
            second = sweep_half(p.second, p.radix, counters, room, engine,
                                lambda i, h: told(firsts + i, h, [first]), max(0, done - firsts),
                                held[1] if len(held) > 1 else None)
        return 2 * join(p, first, second, counters, engine.split.pool if engine.split else None,
                        None if on_joined is None else lambda n: on_joined(2 * n))
    finally:
        engine.close()


def picture(p: Plan, edges: int) -> tuple[frozenset[int], frozenset[int]]:
    """The vertices (sweep cells) met and the frontier's after `edges` edges; the second half's on the
    board turned back, beside the whole first half's."""
    firsts = len(p.first.steps)
    if edges <= 0:
        return frozenset(), frozenset()
    if edges <= firsts or p.same:
        s = p.first.steps[min(edges, firsts) - 1]
        return frozenset(p.first.order[:s.seen]), frozenset(s.front)
    s = p.second.steps[edges - firsts - 1]
    met = p.first.order + [p.cells - 1 - v for v in p.second.order[:s.seen]]
    return frozenset(met), frozenset(p.cells - 1 - v for v in s.front)


def example_args(counters: np.ndarray) -> dict[str, tuple[object, ...]]:
    """Arguments of kernels/halves.py's kernels of the types a count passes, to compile them first."""
    p = plan(5, 5, frozenset())
    assert p is not None
    s = p.first.steps[0]
    pairs = np.array([0, 1], dtype=np.uint64)
    one = np.zeros(1, dtype=np.uint64)
    span = len(p.first.frontier)
    starts = np.array([0, 1], dtype=np.int64)
    return {"expand": (pairs, 0, 1, 1, 1, s.old_span, s.span, s.at[0], s.at[1], s.leaves[0], s.leaves[1], s.keep,
                       len(s.keep), s.lone, p.radix, np.zeros(2, dtype=np.uint64), np.zeros(2, dtype=np.uint64),
                       counters),
            "unchanged": (pairs, 0, 1, 1, 1, np.zeros(2, dtype=np.uint64), np.zeros(2, dtype=np.uint64), counters),
            "gather": (pairs, np.zeros(1, dtype=np.uint64), pairs.copy()),
            "reorder": (pairs, 1, span, p.radix, np.arange(span, dtype=np.int64), pairs.copy()),
            "groups": (pairs, 1, span, p.radix, one),
            "join": (pairs, one, starts, 0, 1, pairs.copy(), one.copy(), starts.copy(), span, p.radix, counters)}
