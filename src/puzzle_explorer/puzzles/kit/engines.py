"""The solver options that say where a splittable search runs (core/scale/engine.py): the same two in
the app's solver pane and on the command line, for the tree searches and the census alike, read
into an EngineSpec the same way (spec_from, in the family's solve)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from puzzle_explorer.core.run.status import Limit
from puzzle_explorer.core.scale.engine import ENGINES, LOCAL, RAY, EngineSpec
from puzzle_explorer.puzzles.interface import JSON, Option, Solution
from puzzle_explorer.puzzles.kit.numbers import count_text

if TYPE_CHECKING:
    from puzzle_explorer.core.scale.task_run import Run

ENGINE = Option("engine", "Engine", "choice", LOCAL, ENGINES,
                "local: worker processes on this machine; ray: a Ray cluster (started here when none is named)",
                search_only=True)
WORKERS = Option("workers", "Workers", "int", 0,
                 help="how many workers share the search (auto: one per core, or every CPU of a Ray "
                      "cluster); a census on this machine with auto or 1 stays in this process",
                 search_only=True, low=1, zero="auto")
OPTIONS = (ENGINE, WORKERS)
# what a search that must stay in one process runs with (a census that keeps its table)
ONE_PROCESS = {"engine": LOCAL, "workers": 1, "address": None}


def spec_from(options: JSON) -> EngineSpec:
    """The engine the options name (InputError for a bad one). None named: one local worker per core
    for a tree search, this process for a census (puzzle_explorer.core.scale.partitioned.partitioned)."""
    return EngineSpec(options.get("engine") or LOCAL, options.get("workers") or None, options.get("address") or None,
                      options.get("checkpoint") or None)


def run_json(run: Run) -> JSON:
    """How a split search ran (a puzzle_explorer.core.scale.tasks.Run), for a solution's details."""
    out: JSON = {"engine": run.engine, "workers": run.workers, "tasks": len(run.results),
           "tasks_done": run.done, "retried": run.retried}
    if run.checkpoint is not None:
        out["restored"] = run.restored
        out["checkpoint"] = {"file": str(run.checkpoint.path), "subtrees": run.checkpoint.held,
                             "finished": run.finished}
    return out


def run_line(solution: Solution) -> str | None:
    """'workers: 2 (local), 156 subtrees, 1 retried after a worker died' ('23 of 156 subtrees
    done' for a run that ended before them all), or None for a search that did not split."""
    details = solution.details
    if "workers" not in details:
        return None
    retried = f", {details['retried']} retried after a worker died" if details["retried"] else ""
    restored = f", {details['restored']:,} counted before (checkpoint)" if details.get("restored") else ""
    done = details.get("tasks_done", details["tasks"])
    subtrees = count_text(details["tasks"], "subtree") if done == details["tasks"] else \
        f"{done:,} of {details['tasks']:,} subtrees done"
    line = f"workers: {details['workers']} ({details['engine']}), {subtrees}{restored}{retried}"
    kept = details.get("checkpoint")
    if kept and not kept["finished"]:
        # the state cap counts the subtrees the file holds: the same cap again would stop at once
        again = "the same command with a higher --max-states" if solution.limit == Limit.STATES else \
            "the same command"
        line += (f"\ncheckpoint: {kept['file']} holds {kept['subtrees']:,} of {details['tasks']:,} subtrees; "
                 f"{again} goes on from there")
    return line


def estimate_workers(spec: EngineSpec, seconds: float) -> int:
    """The workers a count expected to take `seconds` on one worker would run on, for the time an
    estimate gives: one when starting more would not pay (puzzle_explorer.core.scale.tasks.one_worker_when_sooner), and
    with a Ray cluster named by its address and no count given, every CPU it has (a cluster
    started for the run gets this machine's cores)."""
    from puzzle_explorer.core.scale.tasks import one_worker_when_sooner, worker_count, workers_known

    spec = one_worker_when_sooner(spec, seconds)
    if spec.kind == RAY and spec.address and spec.workers is None:
        with workers_known(spec) as known:
            spec = known
    return worker_count(spec, 1 << 30)
