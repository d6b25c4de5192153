"""Joining a Ray cluster for one run: the one named by --address, or a local one started for the
run and stopped after it. Ray is imported only here and only when the ray engine is chosen. A
cluster that cannot be joined or started is said in one line (WorkerFailed), whatever the run."""

from __future__ import annotations

import logging
import os
import signal
import socket
import sys
from contextlib import contextmanager
from typing import Any, Iterator, TextIO

from puzzle_explorer.core.errors import InputError, WorkerFailed
from puzzle_explorer.core.run import interrupts
from puzzle_explorer.core.run.memory import available_bytes, budget_bytes, machine_bytes, over_machine
from puzzle_explorer.core.run.race import cores
from puzzle_explorer.core.scale.engine import EngineSpec, require_ray

REACH_S = 5.0  # how long a cluster's address may take to answer a connection
# Ray's own log lines on joining (a local instance started, a token-auth notice, no SIGTERM handler in a
# worker thread) said nothing a user acts on, between the command's output and its progress: errors only
QUIET = logging.ERROR


def deaf_worker() -> None:
    """A Ray worker's first act (deaf_env): SIGINT blocked, as in the local workers
    (interrupts.children_deaf). A terminal's Ctrl-C reaches the whole process group, and a worker
    still importing would print a KeyboardInterrupt traceback; the command stops its workers itself
    (a forced cancel, or killing the actor), which needs no SIGINT."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def deaf_env() -> dict[str, object]:
    """The runtime environment that runs deaf_worker in every worker: a new dict each call, since
    ray.init writes into the one it is given (it adds the hook's environment variable)."""
    return {"worker_process_setup_hook": f"{__name__}.deaf_worker"}


@contextmanager
def cluster(spec: EngineSpec) -> Iterator[Any]:  # the ray module (an optional extra, untyped)
    """The ray module, connected for the duration of the block. A cluster this process did not
    start (already connected, or named by its address) is left running afterwards."""
    require_ray()
    import ray

    started = not ray.is_initialized()
    if started:
        _join(ray, spec)
    try:
        yield ray
    finally:
        if started:
            ray.shutdown()


def cluster_memory(ray: Any) -> tuple[int, int]:
    """(all, free): the memory the joined cluster's nodes give their workers (Ray's `memory` resource,
    summed over the nodes), in bytes. A split search's states live on the actors, so this, not this
    machine's memory, bounds its budget (core/run/memory.budget_bytes)."""
    total = int(ray.cluster_resources().get("memory", 0))
    free = int(ray.available_resources().get("memory", total))
    return (total, free) if total > 0 else (machine_bytes(), available_bytes())


def cluster_budget(ray: Any, max_memory: int | None) -> tuple[int, str | None]:
    """The bytes a split search on the joined cluster may hold, and the note to print when --max-memory
    is more than the cluster has (None when it fits)."""
    total, free = cluster_memory(ray)
    return budget_bytes(max_memory, total, free), over_machine(max_memory, total, "the Ray cluster's")


def cluster_cpus(ray: Any) -> int:
    """Every CPU of the joined cluster: the workers a run has when their number is left open."""
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def _join(ray: Any, spec: EngineSpec) -> None:
    """ray.init for the spec. An address nobody answers at is refused at once: Ray would keep
    trying to reach it for minutes, deaf to a cancel."""
    if spec.address:
        _answers(spec.address)
    try:
        # Its processes (a local cluster's, and the workers they start) are started deaf to Ctrl-C, as
        # local workers are; each worker also blocks it itself when it starts (deaf_worker), whatever
        # the Ray version does and wherever the cluster was started.
        with interrupts.children_deaf(), _stderr_with_a_descriptor():
            if spec.address:
                ray.init(address=spec.address, log_to_driver=False, runtime_env=deaf_env(), logging_level=QUIET)
            else:
                ray.init(num_cpus=spec.workers or cores(), include_dashboard=False, log_to_driver=False,
                         logging_level=QUIET, runtime_env=deaf_env())
    except InputError:
        raise
    except Exception as exc:  # ConnectionError, a RuntimeError from ray.init, ...
        where = f"the Ray cluster at {spec.address}" if spec.address else "a local Ray cluster"
        raise WorkerFailed(f"could not join {where}: {exc}") from None


_NULL: list[TextIO] = []  # /dev/null, opened once: faulthandler keeps the file it was given


@contextmanager
def _stderr_with_a_descriptor() -> Iterator[None]:
    """sys.stderr with a file descriptor for the block. ray.init enables faulthandler on sys.stderr,
    which needs one, and the app captures what is printed in an object that has none (the census or
    the count then ended with "could not join a local Ray cluster"): for the call Ray gets /dev/null,
    since nothing it writes there could be shown in the app anyway."""
    try:
        usable = sys.stderr is not None and sys.stderr.fileno() >= 0
    except (OSError, ValueError, AttributeError):  # io.UnsupportedOperation is an OSError and a ValueError
        usable = False
    if usable:
        yield
        return
    if not _NULL:
        _NULL.append(open(os.devnull, "w"))
    saved, sys.stderr = sys.stderr, _NULL[0]
    try:
        yield
    finally:
        sys.stderr = saved


def _answers(address: str) -> None:
    """WorkerFailed unless something accepts a connection at host:port (a 'ray://' address too;
    other forms, such as 'auto', are left to Ray)."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        return
    try:
        socket.create_connection((host, int(port)), timeout=REACH_S).close()
    except OSError as exc:
        raise WorkerFailed(f"no Ray cluster answers at {address}: {exc.strerror or exc}") from None
