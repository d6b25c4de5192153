"""The frontier counter on a Ray cluster (`--engine ray`): its states spread over the actors by hash
partition (core/scale/counts_ray.py), each actor sweeping its own share with the kernels of one machine
on one thread, so that no machine holds a step's states whole.

Two sweeps run so: the two halves met in the middle (meet.py), whose join is summed over every pair of
actors' shares, since a pair of states fits or not wherever each lives; and the cell-by-cell sweep
with no start square (frontier.py: the free-ends total, and closed tours), its whole tours added up
as each step finishes them. After each step the actors hold, between them, exactly the one-machine
sweep's states, so a checkpoint is the same file either way and resumes on either.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from puzzle_explorer.core.kernels.jit import prepare
from puzzle_explorer.core.scale import counts_ray
from puzzle_explorer.core.scale.counts_ray import CountsPool
from puzzle_explorer.core.scale.partition import Tick
from puzzle_explorer.core.scale.ray_actors import writable
from puzzle_explorer.puzzles.kit.text import Cell
from puzzle_explorer.puzzles.knights import frontier, meet
from puzzle_explorer.puzzles.knights.kernels import frontier as frontier_kern
from puzzle_explorer.puzzles.knights.kernels import halves as kern

FIRST, SECOND, TOP, BOTTOM = "first", "second", "top", "bottom"
CELL, FOLD = "cell", "fold"


def prepare_kernels(counters: np.ndarray) -> None:
    """Every kernel a frontier count on Ray or met in the middle runs, here or on an actor: compiled, or
    loaded from the disk cache."""
    frontier.prepare_flat_kernels(counters)
    for name, args in meet.example_args(counters).items():
        prepare(getattr(kern, name), *args)
    for k in counts_ray.kernels():
        prepare(k.dispatcher, *k.args)


@dataclass
class _OnActor:
    """What every sweep does on an actor (counts_ray.Sweep): one thread each, since the actors are the
    workers; the shares handed over added up as a step's moves are."""

    engine: frontier.Engine | None = field(default=None, init=False, repr=False)  # made on the actor

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "engine": None}

    def prepare(self, counters: np.ndarray) -> None:
        prepare_kernels(counters)
        self.engine = frontier.Engine(1)

    def _engine(self) -> frontier.Engine:
        if self.engine is None:
            raise RuntimeError("an actor's sweep is prepared before its first step")
        return self.engine

    def merge(self, pairs: np.ndarray, room: int, counters: np.ndarray) -> np.ndarray:
        engine = self._engine()
        growth = engine.growth  # the next step's growth is a step's, not the adding up's
        n = pairs.shape[0] // 2
        try:
            return engine.one_word(frontier.paired(None, pairs), (n, kern.stride_for(n)), room, counters,
                                   kern.unchanged, 1.0)[0]
        finally:
            engine.growth = growth


@dataclass
class Halves(_OnActor):
    """An actor's share of a half's states, met in the middle."""

    plan: meet.Plan = field(kw_only=True)

    def prepare(self, counters: np.ndarray) -> None:
        super().prepare(counters)
        self._engine().growth = 2.0  # an edge left out or taken

    def expand(self, pairs: np.ndarray, step: tuple[str, int], room: int,
               counters: np.ndarray) -> tuple[np.ndarray, int]:
        half = self.plan.first if step[0] == FIRST else self.plan.second
        return meet.edge_step(half.steps[step[1]], self.plan.radix, pairs, counters, room, self._engine()), 0

    def sides(self, kept: dict[str, Any], pairs: np.ndarray, counters: np.ndarray) -> None:
        """This actor's share of both halves, ready to join (meet.sides); its first half's states go."""
        first = kept.pop(FIRST)
        kept[TOP], kept[BOTTOM] = meet.sides(self.plan, first, first if self.plan.same else pairs)

    def join(self, kept: dict[str, Any], pairs: np.ndarray, counters: np.ndarray, bottom: meet.Grouped) -> int:
        """The paths made of this actor's first-half states and another's (or its own) second-half ones."""
        return meet.join_sides(self.plan, kept[TOP], writable(bottom), counters)


@dataclass
class Cells(_OnActor):
    """An actor's share of the cell-by-cell sweep with no start square (free ends, or closed)."""

    width: int = field(kw_only=True)
    height: int = field(kw_only=True)
    blocked: frozenset[Cell] = field(kw_only=True)
    closed: bool = field(kw_only=True)

    def expand(self, pairs: np.ndarray, step: tuple[str, int], room: int,
               counters: np.ndarray) -> tuple[np.ndarray, int]:
        sweep = frontier.sweep_of(self.width, self.height, self.blocked)
        engine, states = self._engine(), frontier.paired(None, pairs)
        if step[0] == FOLD:
            folded = engine.fold(states, sweep.span, frontier_kern.radix_for(sweep.span), sweep.width, room, counters)
            assert folded.pairs is not None
            return folded.pairs, 0
        args = frontier.free_ends_args(sweep, step[1], self.closed, frontier.neighbours_ahead(sweep))
        return engine.one_word(states, args, room, counters)


def count_met(p: meet.Plan, pool: CountsPool, room: int, tick: Tick, on_step: Callable[[int, int], None] | None = None,
              at: frontier.Sweeping | None = None, on_saved: Callable[[frontier.Sweeping], None] | None = None,
              due: Callable[[], bool] = lambda: False) -> int:
    """meet.count on the pool's actors (Halves): directed open tours from every square together.
    on_step(edges done, states) after each edge; after each edge where due() says so, on_saved sees the
    states gathered as a checkpoint holds them, and `at` resumes from one; `room` caps the states of an
    actor's step."""
    firsts = len(p.first.steps)
    done = at.step if at else 0
    held = [s.pairs for s in at.sets if s.pairs is not None] if at else []
    gathered: list[np.ndarray] = []  # the first half's states, once a checkpoint of the second has asked

    def told(edges: int, states: int) -> None:
        if on_step:
            on_step(edges, states)
        if on_saved and due():
            if edges > firsts and not gathered:
                gathered.append(pool.held(tick, FIRST))
            sets = gathered[:1] + [pool.held(tick)]
            on_saved(frontier.Sweeping(edges, [frontier.paired(None, h) for h in sets], {None: 0}))

    pool.seed(held[0] if held else meet.NOTHING, tick)
    for i in range(min(done, firsts), firsts):
        told(i + 1, pool.step((FIRST, i), room, tick)[0])
    pool.keep(FIRST, tick)
    if not p.same:
        pool.seed(held[1] if len(held) > 1 else meet.NOTHING, tick)
        for i in range(max(0, done - firsts), len(p.second.steps)):
            told(firsts + i + 1, pool.step((SECOND, i), room, tick)[0])
    pool.call("sides", tick)
    return 2 * int(sum(pool.cross("join", BOTTOM, tick)))


def count_cells(cells: Cells, pool: CountsPool, room: int, tick: Tick,
                on_step: Callable[[frontier.Progress], None] | None = None, at: frontier.Sweeping | None = None,
                on_saved: Callable[[frontier.Sweeping], None] | None = None,
                due: Callable[[], bool] = lambda: False, on_paths: Callable[[int], None] | None = None) -> int:
    """frontier.sweep_count with no start square on the pool's actors (Cells): Hamiltonian paths of the
    board's free cells (closed: cycles), at least three of them. Progress, checkpoints (when due()) and
    `at` as sweep_count's (states in one word: a sweep whose counts went past 64 bits is not resumed
    here); on_paths(paths so far) after each step."""
    sweep = frontier.sweep_of(cells.width, cells.height, cells.blocked)
    at = at or frontier.begin(sweep, None)
    first = at.sets[0].pairs if at.sets else counts_ray.NO_PAIRS
    if first is None:
        raise ValueError("a sweep on Ray resumes from states counted in one word")
    mirrored = frontier.mirrored(sweep)
    progress = frontier.Progress(steps=sweep.cells + sweep.span)
    paths, n = at.totals.get(None, 0), pool.seed(first, tick)
    step = at.step
    while step < sweep.cells + sweep.span and n:
        n, whole = pool.step((CELL, step), room, tick)
        paths += whole
        if n and mirrored and frontier.folds_after(sweep, step):
            n = pool.step((FOLD, step), room, tick)[0]
        step += 1
        progress.advance(step, n)
        if on_paths:
            on_paths(paths)
        if on_saved and due():
            on_saved(frontier.Sweeping(step, [frontier.paired(None, pool.held(tick))] if n else [], {None: paths}))
        if on_step:
            on_step(progress)
    return paths
