"""The solver options that say where a splittable search runs (core/engine.py): the same two in
the app's solver pane and on the command line, read into an EngineSpec the same way."""
from __future__ import annotations

from core.engine import ENGINES, LOCAL, EngineSpec
from puzzles.interface import Option

ENGINE = Option("engine", "Engine", "choice", LOCAL, ENGINES,
                "local: worker processes on this machine; ray: a Ray cluster (started here when none is named)",
                search_only=True)
WORKERS = Option("workers", "Workers", "int", 0,
                 help="how many workers share the search (0: one per core, or every CPU of the cluster)",
                 search_only=True)
OPTIONS = (ENGINE, WORKERS)


def spec_from(options: dict) -> EngineSpec:
    """The engine the options name (InputError for a bad one); one local worker per core by default."""
    return EngineSpec(options.get("engine") or LOCAL, options.get("workers") or None, options.get("address") or None)


def spec_given(options: dict):
    """The EngineSpec in the options: one given as it is (the command line's census), or the plain
    values of OPTIONS (the app passes a solver's values on to the census it builds a table with)."""
    engine = options.get("engine")
    return spec_from(options) if isinstance(engine, str) else engine


def engine_options(args) -> dict:
    """The solver options the command line's engine arguments give (cli_support.add_engine_arguments)."""
    return {"engine": args.engine, "workers": args.workers, "address": args.address}


def run_json(run) -> dict:
    """How a split search ran (a core.tasks.Run), for a solution's details."""
    return {"engine": run.engine, "workers": run.workers, "tasks": len(run.results), "retried": run.retried}


def run_line(details: dict) -> str | None:
    """'workers: 2 (local), 156 subtrees, 1 retried after a worker died', or None for a search that
    did not split."""
    if "workers" not in details:
        return None
    retried = f", {details['retried']} retried after a worker died" if details["retried"] else ""
    return f"workers: {details['workers']} ({details['engine']}), {details['tasks']:,} subtrees{retried}"
