"""Cutting a search tree into subtrees for the workers (core/scale/tasks.py): the shallowest depth
whose nodes are enough tasks, each a prefix a kernel searches on from. Every family's split
search runs its kernel at a depth; the choice of depth is made here, once."""
from __future__ import annotations

from collections.abc import Sized
from typing import Callable, Protocol, TypeVar

SPLIT_BYTES = 32 * 2**20  # the most a split's prefixes may hold (see max_cut)
# Subtrees per worker: enough that uneven ones share out evenly, few enough that handing each out
# (half a millisecond of the parent's time) stays small: 64 cost knights 6x6 a tenth of its speed-up.
TASKS_PER_WORKER = 32
MAX_TASKS = 1 << 14  # the most prefixes one split hands out
TRIAL_NODES = 2_000_000  # with the worker count left open: a search this small runs here, unsplit
TRIAL_MARGIN = 4  # how far past its estimate a search kept here may run before it is split after all


class Cut(Protocol):
    """A tree cut at some depth: the prefixes (one task each) and whatever the family keeps."""

    @property
    def prefixes(self) -> Sized: ...  # only counted here


C = TypeVar("C", bound=Cut)


def trial_cap(max_states: int | None, node_cap: int, expected: float = 0.0) -> tuple[int, bool]:
    """(nodes, whole) for a search whose worker count is left open: it first runs here for
    `nodes`, and is split only when that does not finish it. expected: the nodes an estimate
    expects (the trial then runs to TRIAL_MARGIN times that, so that a search the estimate keeps
    here is split only when it proves far bigger). whole: the caller's own cap (max_states, or
    node_cap on the control; 0 or None: none) is no more than the trial, so the trial is the
    whole search."""
    base = TRIAL_NODES if not expected > 0 else max(TRIAL_NODES, int(min(TRIAL_MARGIN * expected, 2.0**62)))
    nodes = min(base, max_states or base, node_cap or base)
    return nodes, nodes < base


def max_cut(most: int, item_bytes: int) -> int:
    """The deepest cut whose `most` prefixes (`item_bytes` a move, in the kernel and copied out)
    stay within SPLIT_BYTES."""
    return max(1, SPLIT_BYTES // (2 * most * item_bytes) - 1)


def wanted_subtrees(workers: int, subtrees: int = 0, trees: int = 1, resumable: bool = False) -> int:
    """How many prefixes to cut each of `trees` trees into for `workers` workers: `subtrees` when
    given (tests), else TASKS_PER_WORKER a worker shared over the trees; one worker needs no cut,
    unless the run is `resumable` (a checkpoint keeps its finished subtrees: uncut, a stopped run
    would have none to go on from)."""
    if subtrees:
        return subtrees
    if workers == 1 and not resumable:
        return 1
    return -(-TASKS_PER_WORKER * workers // trees)


def shallowest_cut(cut_at: Callable[[int], C | None], whole: C, deepest: int, item_bytes: int, wanted: int,
                   most: int = MAX_TASKS, stopped: Callable[[], bool] | None = None) -> C:
    """The shallowest cut with at least `wanted` prefixes, or the deepest tried when none has.

    cut_at(depth): the tree cut `depth` moves deep (at most `most` prefixes), or None when it has
    more; a cut with no prefixes ends the search (the tree ends above it, or the cut itself
    settled the answer). whole: the tree as one task, for a tree too small to cut or a single
    worker. Depths run from 1 to below `deepest` and stop where `most` prefixes of `item_bytes`
    a move would pass SPLIT_BYTES. stopped(): the job was asked to stop; the cut made so far
    will do (the subtrees then stop at once)."""
    best = whole
    if wanted <= 1:
        return best
    for depth in range(1, min(deepest, max_cut(most, item_bytes) + 1)):
        if stopped is not None and stopped():
            break
        cut = cut_at(depth)
        if cut is None:
            break
        best = cut
        if len(cut.prefixes) >= wanted or len(cut.prefixes) == 0:
            break
    return best
