"""Joining a Ray cluster for one run: the one named by --address, or a local one started for the
run and stopped after it. Ray is imported only here and only when the ray engine is chosen."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

from core.engine import EngineSpec, require_ray
from core.race import cores


@contextmanager
def cluster(spec: EngineSpec) -> Iterator[Any]:  # the ray module (an optional extra, untyped)
    """The ray module, connected for the duration of the block. A cluster this process did not
    start (already connected, or named by its address) is left running afterwards."""
    require_ray()
    import ray

    started = not ray.is_initialized()
    if started:
        if spec.address:
            ray.init(address=spec.address, log_to_driver=False)
        else:
            ray.init(num_cpus=spec.workers or cores(), include_dashboard=False, log_to_driver=False)
    try:
        yield ray
    finally:
        if started:
            ray.shutdown()
