"""Meeting in the middle on a Ray cluster (`--engine ray`): each half's states spread over the actors by
hash partition (core/scale/counts_ray.py), every edge swept by each actor on its own share, and the
join summed over every pair of actors' shares, so that no machine holds a half's states whole.

The tours are the fitting pairs of a state of each half, and a pair's share of the sum does not depend
on where either state lives: actor p joins its first-half states with actor q's second-half states, for
every p and q, and the sum is the one-machine join's (meet.py). The states after each edge are the
one-machine sweep's too, so a checkpoint is the same file either way and resumes on either.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from puzzle_explorer.core.kernels.jit import prepare
from puzzle_explorer.core.scale import counts_ray
from puzzle_explorer.core.scale.counts_ray import CountsPool, Tick
from puzzle_explorer.puzzles.knights import frontier, meet
from puzzle_explorer.puzzles.knights.kernels import frontier as frontier_kern
from puzzle_explorer.puzzles.knights.kernels import frontier_table
from puzzle_explorer.puzzles.knights.kernels import halves as kern

FIRST, SECOND, TOP, BOTTOM = "first", "second", "top", "bottom"


def prepare_kernels(counters: np.ndarray) -> None:
    """Every kernel a count met in the middle runs, here or on an actor: compiled, or loaded from the disk
    cache."""
    for name, args in frontier.flat_example_args(counters).items():
        prepare(getattr(frontier_kern, name, None) or getattr(frontier_table, name), *args)
    for name, args in meet.example_args(counters).items():
        prepare(getattr(kern, name), *args)
    for k in counts_ray.kernels():
        prepare(k.dispatcher, *k.args)


@dataclass
class Halves:
    """What an actor does with its share of a half's states (counts_ray.Sweep): one thread each, since
    the actors are the workers."""

    plan: meet.Plan
    engine: frontier.Engine | None = field(default=None, repr=False)  # made on the actor, never pickled

    def __getstate__(self) -> dict[str, Any]:
        return {"plan": self.plan, "engine": None}

    def prepare(self, counters: np.ndarray) -> None:
        prepare_kernels(counters)
        self.engine = frontier.Engine(1)
        self.engine.growth = 2.0  # an edge left out or taken

    def _engine(self) -> frontier.Engine:
        if self.engine is None:
            raise RuntimeError("an actor's sweep is prepared before its first step")
        return self.engine

    def expand(self, pairs: np.ndarray, step: tuple[str, int], room: int, counters: np.ndarray) -> np.ndarray:
        half = self.plan.first if step[0] == FIRST else self.plan.second
        return meet.edge_step(half.steps[step[1]], self.plan.radix, pairs, counters, room, self._engine())

    def merge(self, pairs: np.ndarray, room: int, counters: np.ndarray) -> np.ndarray:
        engine = self._engine()
        growth = engine.growth  # the next edge's growth is an edge's, not the adding up's
        n = pairs.shape[0] // 2
        try:
            return engine.one_word(frontier.paired(None, pairs), (n, kern.stride_for(n)), room, counters,
                                   kern.unchanged, 1.0)[0]
        finally:
            engine.growth = growth

    def sides(self, kept: dict[str, Any], pairs: np.ndarray, counters: np.ndarray) -> None:
        """This actor's share of both halves, ready to join (meet.sides); its first half's states go."""
        first = kept.pop(FIRST)
        kept[TOP], kept[BOTTOM] = meet.sides(self.plan, first, first if self.plan.same else pairs)

    def join(self, kept: dict[str, Any], pairs: np.ndarray, counters: np.ndarray, bottom: meet.Grouped) -> int:
        """The paths made of this actor's first-half states and another's (or its own) second-half ones."""
        theirs = (counts_ray.writable(bottom[0]), counts_ray.writable(bottom[1]), counts_ray.writable(bottom[2]))
        return meet.join_sides(self.plan, kept[TOP], theirs, counters)


def count(p: meet.Plan, pool: CountsPool, room: int, tick: Tick, on_step: Callable[[int, int], None] | None = None,
          at: frontier.Sweeping | None = None, on_saved: Callable[[frontier.Sweeping], None] | None = None,
          due: Callable[[], bool] = lambda: False) -> int:
    """meet.count on the pool's actors: directed open tours from every square together. on_step(edges done,
    states) after each edge; after each edge where due() says so, on_saved sees the states gathered as a
    checkpoint holds them, and `at` resumes from one; `room` caps the states of an actor's step."""
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
        told(i + 1, pool.step((FIRST, i), room, tick))
    pool.keep(FIRST, tick)
    if not p.same:
        pool.seed(held[1] if len(held) > 1 else meet.NOTHING, tick)
        for i in range(max(0, done - firsts), len(p.second.steps)):
            told(firsts + i + 1, pool.step((SECOND, i), room, tick))
    pool.call("sides", tick)
    return 2 * int(sum(pool.cross("join", BOTTOM, tick)))
