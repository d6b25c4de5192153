"""How big `--clear`'s search is before it runs: the split's subtrees sampled (core/estimate/sampled.py).

The clearing search remembers the positions it has finished with, so the tree it walks is a DAG
and Knuth's dives would overestimate it by orders of magnitude. The split search (solve.py's
_clear_split) runs each prefix with a memo of its own, so its nodes are the cut's plus the
subtrees' sum, which a sample of the subtrees estimates without bias. A board can also settle
before the estimate means anything: ruled out before any search, or cleared by a subtree (the
real search stops at the first clearing order it meets). With the worker count left open the
search first runs unsplit for a while (solve.clear's trial), and a small search ends there: the
estimate looks at the start of that trial first.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from functools import partial
from typing import Any

from puzzle_explorer.core.estimate.dives import duration
from puzzle_explorer.core.estimate.sampled import BUDGET_S, SAMPLE, Sampled, sample_tasks
from puzzle_explorer.core.kernels.codes import CAP, FOUND
from puzzle_explorer.core.kernels.counters import NODE_CAP, new_counters
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.scale.cuts import trial_cap, wanted_subtrees
from puzzle_explorer.puzzles.kit import engines
from puzzle_explorer.puzzles.kit.numbers import count_text
from puzzle_explorer.puzzles.link import split
from puzzle_explorer.puzzles.link.board import Board, validate
from puzzle_explorer.puzzles.link.kernels.grid import Grid, build
from puzzle_explorer.puzzles.link.solve import clear_limit, ruled_out, search_args, split_args, with_rules

EMPTY = "the board is already clear"
PROVED = "proved on the way: cannot be cleared (every order searched)"
TRIAL_PEEK = 50_000  # nodes of the unsplit trial run here (the search's own trial goes to cuts.TRIAL_NODES)


@dataclass(frozen=True)
class Unsplit:
    """With the worker count left open the search first runs unsplit (solve.clear's trial): how
    far the estimate's look at that trial got."""

    nodes: int
    elapsed_s: float
    finished: bool  # the trial ends the search: `nodes` is its exact count
    trial: int  # the nodes the search's own trial may take before it splits
    alone: bool  # --max-states is no more than the trial: the search never splits, and ends with it

    def as_json(self) -> dict[str, Any]:
        return {"method": "unsplit", "nodes": self.nodes, "nodes_se": 0, "exact": True, "lower_bound": False,
                "workers": 1, "seconds": round(self.elapsed_s, 3)}


@dataclass(frozen=True)
class ClearEstimate:
    """What sampling the clearing search found. At most one of reason, found, no_room is set; with
    none, `sample` (or a finished unsplit trial) is the estimate of the whole proof."""

    workers: int
    tiles: int
    max_segments: int
    reason: str = ""  # ruled out before any search (odd kind, lonely tile), as --clear says
    found: str = ""  # where a clearing order turned up while sampling: the estimate does not apply
    no_room: bool = False  # the search does not fit the memory budget
    store_full: str = ""  # a sampled subtree filled its dead-position store: the limit --clear would hit
    unsplit: Unsplit | None = None
    sample: Sampled | None = None

    @property
    def clearable(self) -> bool | None:
        if self.reason or self.proved:
            return False
        return True if self.found else None

    @property
    def proved(self) -> bool:
        """The estimate searched every removal order (an unsplit search that finished, or every
        subtree run to its end) and none cleared the board."""
        if self.found or self.store_full:
            return False
        return bool((self.unsplit is not None and self.unsplit.finished) or (self.sample is not None and self.sample.exact))

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"estimate": None, "clearable": self.clearable, "workers": self.workers,
                               "tiles": self.tiles, "max_segments": self.max_segments}
        if self.reason:
            out["reason"] = self.reason
        elif self.found:
            out["found"] = self.found
        elif self.no_room:
            out["limit"] = "memory"
        elif self.unsplit is not None and self.unsplit.finished:
            out["estimate"] = self.unsplit.as_json()
        elif self.sample is not None:
            out["estimate"] = self.sample.as_json(self.workers)
        if self.store_full:
            out["limit"] = self.store_full
        if self.unsplit is not None and not self.unsplit.finished:
            out["trial"] = {"nodes": self.unsplit.trial, "tried": self.unsplit.nodes, "alone": self.unsplit.alone}
            if self.unsplit.alone and self.unsplit.nodes >= self.unsplit.trial:
                out["limit"] = "states"
        return out

    def lines(self) -> list[str]:
        if self.reason:
            return [f"proved: cannot be cleared ({self.reason.split(':')[0]}): nothing to search", self.reason]
        if self.found == EMPTY:
            return ["the board is already clear: nothing to search"]
        if self.found:
            return [f"a clearing order exists ({self.found}): the search stops at the first order it meets, "
                    "so no estimate of a whole proof applies"]
        if self.no_room:
            return ["the search does not fit the memory budget: --clear would end at once with limit memory "
                    "(raise --max-memory, or lower --workers)"]
        if self.unsplit is not None and self.unsplit.alone and not self.unsplit.finished:
            u = self.unsplit
            if u.nodes >= u.trial:
                return [f"--max-states keeps the search unsplit, within {u.trial:,} nodes: those do not finish it, "
                        "so it ends with limit states"]
            return [f"--max-states keeps the search unsplit, within {u.trial:,} nodes: the first {u.nodes:,} do "
                    "not finish it, and it ends with limit states unless the rest do"]
        if self.unsplit is not None and self.unsplit.finished:
            u = self.unsplit
            return [f"estimate: {count_text(u.nodes, 'node')} (exact: with --workers left open a search this "
                    f"small runs unsplit, within its trial of {u.trial:,} nodes), ~{duration(u.elapsed_s)}", PROVED]
        assert self.sample is not None
        lines = [f"estimate: {self.sample.text(self.workers)}"] + ([PROVED] if self.proved else [])
        if self.store_full:
            lines.append(f"a sampled subtree filled its worker's store of dead positions: --clear would end with "
                         f"limit {self.store_full} before its proof")
        if self.unsplit is not None:
            lines.append(f"with --workers left open the search first runs unsplit for up to {self.unsplit.trial:,} "
                         f"nodes (the first {self.unsplit.nodes:,} did not finish it) and splits only if those do not")
        return lines


def _trial(board: Board, grid: Grid, limit: int, limits: Limits) -> tuple[Unsplit, split.Cleared] | None:
    """The start of the unsplit trial solve.clear runs when the worker count is left open; None
    when it does not fit the budget (the search ends there with limit memory)."""
    args, _ = search_args(board, grid, limit, limits)
    if args is None:
        return None
    trial, alone = trial_cap(limits.max_states, 0)
    split.Warm(args)()  # load the kernel first: its time is no part of the search's
    counters = new_counters(quiet=True)
    counters[NODE_CAP] = min(trial, TRIAL_PEEK)
    began = time.perf_counter()
    out = split.ClearFrom(args, split.NO_PREFIX)(counters)
    return Unsplit(out.nodes, time.perf_counter() - began, out.complete, trial, alone), out


def estimate_clear(board: Board, options: dict[str, Any], limits: Limits = Limits(), k: int = SAMPLE, seed: int = 0,
                   cap: int | None = None, budget_s: float = BUDGET_S) -> ClearEstimate:
    """The clear search's nodes and time as `solve(board, "clear", options, ...)` would run it
    (options: the engine, workers, subtrees and rules as solve reads them): with the worker count
    left open, first the start of its unsplit trial; then k of the subtrees it is cut into, picked
    with `seed` (cap, budget_s: puzzle_explorer.core.estimate.sampled.sample_tasks)."""
    validate(board)
    board = with_rules(board, options)
    limit = clear_limit(board, options)
    spec = engines.spec_from(options)
    grid = build(board)
    tiles = len(grid.tile_cell)
    workers, args, cap_limit = split_args(board, grid, limit, limits, spec)
    said = partial(ClearEstimate, workers=workers, tiles=tiles, max_segments=limit)
    reason = ruled_out(board, limit)
    if reason:
        return said(reason=reason)
    if not tiles:
        return said(found=EMPTY)
    unsplit = None
    if spec.workers is None:
        tried = _trial(board, grid, limit, limits)
        if tried is None:
            return said(no_room=True)
        unsplit, out = tried
        if out.code == FOUND:
            return said(found=f"the unsplit search meets one after {count_text(out.nodes, 'node')}")
        if unsplit.finished or unsplit.alone:
            return said(unsplit=unsplit)
    if args is None:
        return said(no_room=True)
    split.Warm(args)()
    cut = split.split(args, tiles // 2, wanted_subtrees(workers, options.get("subtrees", 0),
                                                          resumable=spec.checkpoint is not None))
    if cut.code == FOUND:
        return said(found=f"the cut into subtrees meets one after {count_text(cut.nodes, 'node')}")
    tasks = [split.ClearFrom(args, p) for p in cut.prefixes]
    sample, results = sample_tasks(tasks, lambda r: (r.nodes, r.complete), cut.nodes, k, seed, cap, budget_s,
                                   decisive=lambda r: r.code == FOUND)
    i, last = results[-1] if results else (0, None)
    if last is not None and last.code == FOUND:
        return said(found=f"subtree {i + 1:,} of {len(tasks):,} clears the board", sample=sample)
    full = any(r.code == CAP for _, r in results)
    return said(sample=sample, store_full=cap_limit.value if full else "", unsplit=unsplit)
