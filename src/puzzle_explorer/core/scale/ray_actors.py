"""What every pool of Ray actors here does alike (census_ray.RayPool, counts_ray.CountsPool): one actor
per partition, waited for while the caller's tick passes stops on, and killed at the end. An actor
lost takes its partition's states with it, so none is restarted: the run ends with EngineError."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import numpy as np

from puzzle_explorer.core.errors import EngineError

if TYPE_CHECKING:
    from puzzle_explorer.core.scale.partition import Tick

POLL_S = 0.1


def actor_class(ray: Any, cls: type, parts: int) -> Any:
    """cls as a Ray actor class, `parts` of which share the cluster's CPUs (more partitions than CPUs
    share them rather than wait for ones that never come) and run two calls at once, so that progress
    and a stop reach one while a kernel runs (the kernels release the GIL)."""
    cpus = float(ray.cluster_resources().get("CPU", parts))
    return ray.remote(num_cpus=min(1.0, cpus / parts), max_concurrency=2, max_restarts=0)(cls)


def gather(ray: Any, refs: list[Any], tick: Tick, lost: Callable[[str], str]) -> list[Any]:
    """The answers of refs, tick() called every poll while they come. An actor lost: EngineError with
    lost(the error's name); an exception an actor raised: raised here as it was."""
    waiting = list(refs)
    while waiting:
        _, waiting = ray.wait(waiting, num_returns=len(waiting), timeout=POLL_S)
        tick()
    try:
        got: list[Any] = ray.get(refs)
        return got
    except (ray.exceptions.RayActorError, ray.exceptions.WorkerCrashedError,
            ray.exceptions.ObjectLostError) as exc:
        raise EngineError(lost(type(exc).__name__)) from None
    except ray.exceptions.RayTaskError as exc:
        raise (exc.cause if isinstance(exc.cause, Exception) else exc) from None


def writable(value: Any) -> Any:
    """The value with its arrays copied: Ray hands arrays over read-only, straight from the object
    store, and a context's scratch arrays are written to."""
    if isinstance(value, np.ndarray):
        return np.array(value)
    if isinstance(value, tuple):
        return type(value)(*map(writable, value)) if hasattr(value, "_fields") else tuple(map(writable, value))
    return value


def stop_all(actors: list[Any], code: int) -> None:
    """Pass a stop (the counters' STOP code) to every actor; each one's kernels see it within a few
    thousand steps (the actors run a second call beside a kernel: actor_class)."""
    for a in actors:
        a.stop.remote(code)


def kill_all(ray: Any, actors: list[Any]) -> None:
    for a in actors:
        try:
            ray.kill(a)
        except Exception:  # already gone
            pass
