"""Where a split search runs: the engine (worker processes here, or a Ray cluster), how many
workers, which cluster, and the file a tree search keeps its finished subtrees in. Tree searches
and partitioned censuses both take one of these."""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass

from puzzle_explorer.core.errors import InputError

LOCAL = "local"
RAY = "ray"
ENGINES = (LOCAL, RAY)
MAX_WORKERS = 4096

RAY_MISSING = "the ray engine needs Ray: pip install 'puzzle-explorer[cluster]'"


@dataclass(frozen=True)
class EngineSpec:
    kind: str = LOCAL
    workers: int | None = None  # None: one per core (local) or every CPU the cluster has (ray)
    address: str | None = None  # a Ray cluster's address; None starts a local one for the run
    checkpoint: str | None = None  # a tree search's finished subtrees, kept to go on from (core/scale/checkpoint.py)

    def __post_init__(self) -> None:
        if self.kind not in ENGINES:
            raise InputError(f"engine '{self.kind}' is not one of {', '.join(ENGINES)}")
        if self.workers is not None and not 1 <= self.workers <= MAX_WORKERS:
            raise InputError(f"workers must be 1 to {MAX_WORKERS}, not {self.workers}")
        if self.address is not None and self.kind != RAY:
            raise InputError("--address names a Ray cluster: add --engine ray")


def ray_installed() -> bool:
    return importlib.util.find_spec("ray") is not None


def require_ray() -> None:
    """InputError (exit 2 in the CLI) with the install line when Ray is not installed."""
    if not ray_installed():
        raise InputError(RAY_MISSING)
