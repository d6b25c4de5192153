"""The local engine's census pool (core/scale/engines.py): one long-lived worker process per
partition of a partitioned census (core/scale/partitioned.py).

Workers come from a fork server (numba's compiled code and threads do not
survive a fork of a process that has run kernels; the server runs none), and
load the census kernels from the disk cache. Each
level, a worker writes its successors bucketed by owner to one file in a
folder in memory (/dev/shm when it has room), and each owner reads its runs
from every worker's file: arrays move as bytes, never as pickled lists. The
counters every worker's kernels update live in one shared file the
coordinator reads for progress and writes to stop them.

A worker keeps its levels in files of that folder too, mapped into its
memory: one that dies leaves them behind, and the process started in its
place takes them up and runs the level's step again, so the answer does not
change (MAX_RESTARTS a census; past that the run ends with EngineError).

Workers ignore Ctrl-C (the terminal sends it to the whole process group):
the coordinator stops them through their counters, and a worker whose
coordinator is gone sees its pipe close and exits.
"""
from __future__ import annotations

import atexit
import importlib
import mmap
import multiprocessing
import os
import shutil
import signal
import tempfile
from multiprocessing.connection import wait
from typing import TYPE_CHECKING, Any

import numpy as np

from puzzle_explorer.core.errors import EngineError
from puzzle_explorer.core.kernels.codes import FOUND
from puzzle_explorer.core.kernels.counters import EXPANDED, SLOTS, STOP, Whole
from puzzle_explorer.core.run import interrupts

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

    from puzzle_explorer.core.scale.partition import Expanded, Partition, Report, Tick

POLL_S = 0.1
MAX_RESTARTS = 3  # workers replaced in one census before it gives up
SHM = "/dev/shm"

Message = tuple[Any, ...]  # what the coordinator asks a worker: the command's name, then its arguments
Job = tuple[Any, int, Whole | None, int, list[str]]  # context, budget, probe, sample, hook modules
Plan = list[tuple[int, int, int]]  # an owner's runs to read: (sender, first, count) each


def scratch_folder(need: int) -> str:
    """A new folder for the run's files: in memory when /dev/shm has room for `need` bytes."""
    base = None
    try:
        if os.path.isdir(SHM) and shutil.disk_usage(SHM).free > need:
            base = SHM
    except OSError:
        pass
    return tempfile.mkdtemp(prefix="puzzle-explorer-census-", dir=base)


def _counters(folder: str, parts: int, create: bool) -> tuple[mmap.mmap, np.ndarray]:
    path = os.path.join(folder, "counters")
    size = parts * SLOTS * 8
    with open(path, "w+b" if create else "r+b") as f:
        if create:
            f.truncate(size)
        mm = mmap.mmap(f.fileno(), size)
    return mm, np.frombuffer(mm, dtype=np.int64).reshape(parts, SLOTS)


def _out_path(folder: str, index: int) -> str:
    return os.path.join(folder, f"out-{index}")


def _read_runs(folder: str, plan: Plan, dest: np.ndarray) -> None:
    """dest filled with the runs (sender, first, count) of the senders' files, in plan order."""
    at = 0
    for src, lo, count in plan:
        if not count:
            continue
        view = dest[at:at + count].data.cast("B")
        with open(_out_path(folder, src), "rb", buffering=0) as f:
            f.seek(8 * lo)
            done = 0
            while done < len(view):
                got = f.readinto(view[done:])
                if not got:
                    raise EngineError(f"census worker {src}'s successors were cut short")
                done += got
        at += count


def _begun(part: Partition | None) -> Partition:
    """The worker's partition, which a census's first command made."""
    if part is None:
        raise RuntimeError("a census worker was asked for a level before its census began")
    return part


def serve(conn: Connection[Any, Any], index: int, parts: int, folder: str) -> None:
    """A worker's life: a partition per census, levels expanded and merged as the coordinator asks."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from puzzle_explorer.core.scale import partition

    _mm, rows = _counters(folder, parts, create=False)
    counters = rows[index]
    files = LevelFiles(folder, index)
    part: Partition | None = None
    try:
        while True:
            msg = conn.recv()
            if msg[0] in ("begin", "resume"):
                ctx, budget, probe, sample, modules = msg[1]
                for name in modules:
                    importlib.import_module(name)  # the puzzle's hooks, before any kernel compiles
                partition.prepare_kernels(ctx, counters)
                part = partition.Partition(index, parts, ctx, budget, counters, probe, sample, files)
                if msg[0] == "begin":
                    files.clear()
                    conn.send(part.begin(msg[2]))
                else:
                    part.resume(*msg[2])  # the command it died in comes next
            elif msg[0] == "expand":
                current = _begun(part)
                code, bounds = current.expand()
                if code == FOUND:
                    current.outgoing().tofile(_out_path(folder, index))
                conn.send((code, bounds.copy(), current.written()))
            elif msg[0] == "merge":
                _, plan, room = msg
                received = sum(count for _, _, count in plan)
                conn.send(_begun(part).merge(received, lambda dest: _read_runs(folder, plan, dest), room))
            elif msg[0] == "end":
                part = None  # its buffers go back to the system until the next census
                files.clear()
            else:
                return
    except (EOFError, BrokenPipeError):
        return  # the coordinator is gone
    except Exception as exc:  # said to the coordinator, which ends the census with it
        conn.send(Failed(f"{type(exc).__name__}: {exc}"))


def _mapped(path: str, entries: int | None) -> np.ndarray:
    """The uint64 array in a file: a new one of `entries` (its pages untouched until written),
    or the one there when entries is None."""
    with open(path, "r+b" if entries is None else "w+b") as f:
        if entries is not None:
            f.truncate(8 * entries)
        mm = mmap.mmap(f.fileno(), os.fstat(f.fileno()).st_size)
    return np.frombuffer(mm, dtype=np.uint64)


class LevelFiles:
    """A partition's levels as files of the run's folder (in memory on /dev/shm): a worker that
    dies leaves them behind, and the one started in its place takes up from them."""

    def __init__(self, folder: str, index: int):
        self.folder, self.index = folder, index

    def _path(self, depth: int) -> str:
        return os.path.join(self.folder, f"level-{self.index}-{depth}")

    def create(self, depth: int, entries: int) -> np.ndarray:
        self.remove(depth - 3)  # the partition holds levels depth-2 (about to go), depth-1 and depth
        return _mapped(self._path(depth), entries)

    def open(self, depth: int) -> np.ndarray:
        return _mapped(self._path(depth), None)

    def remove(self, depth: int) -> None:
        try:
            os.unlink(self._path(depth))
        except FileNotFoundError:
            pass

    def clear(self) -> None:
        for name in os.listdir(self.folder):
            if name.startswith(f"level-{self.index}-"):
                os.unlink(os.path.join(self.folder, name))


class Failed(str):
    """A worker's last reply: why it could not go on."""


class LocalPool:
    """Worker processes, one per partition, and the shared counters. A pool that finished a census
    waits, idle and holding no buffers, for the next one (acquire/release), so a census does not
    pay for starting processes and loading kernels each time; a stopped or failed one is ended."""

    def __init__(self, parts: int, need: int, modules: list[str]):
        self.parts = parts
        self.folder = scratch_folder(need)
        self._mm, self.counters = _counters(self.folder, parts, create=True)
        self.procs: list[BaseProcess] = []
        self.conns: list[Connection[Any, Any]] = []
        self.level = 0
        self.mp = multiprocessing.get_context("forkserver")
        # the server imports numpy, numba and the census modules once (it runs no kernel, so its forks are
        # safe); each worker forked from it then only loads the kernels from the disk cache
        self.mp.set_forkserver_preload(["puzzle_explorer.core.scale.partition", *modules])
        for i in range(parts):
            proc, conn = self._spawn(i)
            self.procs.append(proc)
            self.conns.append(conn)
        self.job: Job | None = None  # what every worker of this census is given
        # per partition: [depth, its level before, its level, nodes expanded before it]
        self.state: list[list[int] | None] = []
        self.asked: list[Message | None] = []  # per worker: the command it is working on, sent again to a replacement
        self.restarts = [0] * parts
        self.reusable = False  # the census that has it ended by itself (set by the census)

    def _spawn(self, i: int) -> tuple[BaseProcess, Connection[Any, Any]]:
        """A new worker for partition i, and the coordinator's end of its pipe."""
        mine, theirs = self.mp.Pipe()
        proc = self.mp.Process(target=serve, name=f"census-{i}", daemon=True, args=(theirs, i, self.parts, self.folder))
        with interrupts.children_deaf():  # (the first start also starts the fork server, which its forks inherit)
            proc.start()
        theirs.close()
        return proc, mine

    def _ask(self, i: int, msg: Message) -> None:
        self.asked[i] = msg
        try:
            self.conns[i].send(msg)
        except OSError:
            pass  # it died: _gather starts another in its place

    def _restart(self, i: int) -> None:
        """A new worker in place of worker i, given its partition's levels back and its command again."""
        self.procs[i].join(0.1)
        self.conns[i].close()
        self.procs[i], self.conns[i] = self._spawn(i)
        self.restarts[i] += 1
        state, asked = self.state[i], self.asked[i]
        if state is not None:
            self.conns[i].send(("resume", self.job, tuple(state)))
        if asked is not None:
            self._ask(i, asked)

    def alive(self) -> bool:
        return all(p.is_alive() for p in self.procs)

    def start(self, ctx: Any, starts: np.ndarray, budget: int, probe: Whole | None, sample: int, modules: list[str],
              tick: Tick) -> list[Report]:
        self.level = 0
        self.job = (ctx, budget, probe, sample, modules)
        self.state = [None] * self.parts
        self.asked = [None] * self.parts
        self.restarts = [0] * self.parts
        self.reusable = False
        for i in range(self.parts):
            self._ask(i, ("begin", self.job, starts))
        replies = self._gather(tick, "starting")
        self.state = [[0, 0, r.states, 0] for r in replies]
        return replies

    def _gather(self, tick: Tick, doing: str) -> list[Any]:
        """Every worker's reply. A worker that ends without one is replaced, up to MAX_RESTARTS
        times a census, by one that takes up its levels and runs its command again; past that,
        or when it fails rather than dies, EngineError."""
        replies: list[Any] = [None] * self.parts
        waiting = set(range(self.parts))
        while waiting:
            ready = wait([self.conns[i] for i in waiting] + [self.procs[i].sentinel for i in waiting], POLL_S)
            for i in list(waiting):
                if self.conns[i] in ready or self.conns[i].poll():
                    try:
                        replies[i] = self.conns[i].recv()
                    except (EOFError, OSError):  # it died with the pipe open
                        replies[i] = None
                    if isinstance(replies[i], Failed):
                        raise EngineError(f"census worker {i + 1} of {self.parts} failed at level {self.level}: "
                                          f"{replies[i]}")
                    if replies[i] is not None:
                        waiting.discard(i)
                        continue
                if not self.procs[i].is_alive() or replies[i] is None and self.conns[i] in ready:
                    self.procs[i].join(0.1)
                    code = self.procs[i].exitcode
                    if sum(self.restarts) >= MAX_RESTARTS or self.counters[i, STOP]:
                        raise EngineError(f"census worker {i + 1} of {self.parts} (process {self.procs[i].pid}) "
                                          f"ended while {doing} level {self.level} (exit code {code}), after "
                                          f"{sum(self.restarts)} restarts: run the census again")
                    self._restart(i)
            tick()
        return replies

    def expand(self, tick: Tick) -> list[Expanded]:
        for i in range(self.parts):
            self._ask(i, ("expand",))
        replies = self._gather(tick, "expanding")
        for state, (code, _, _) in zip(self.state, replies):
            if state is not None and code == FOUND:
                state[3] += state[2]
        return replies

    def merge(self, bounds: list[np.ndarray], room: int, tick: Tick) -> list[Report]:
        for p in range(self.parts):
            self._ask(p, ("merge", [(src, int(b[p]), int(b[p + 1] - b[p])) for src, b in enumerate(bounds)], room))
        replies = self._gather(tick, "merging")
        for i in range(self.parts):  # every owner has read them
            try:
                os.unlink(_out_path(self.folder, i))
            except FileNotFoundError:
                pass
        for state, r in zip(self.state, replies):
            if state is not None and r.code == FOUND and not r.capped:
                state[:3] = [state[0] + 1, state[2], r.states]
        self.level += 1
        return replies

    def expanded(self, settled: bool = False) -> int:
        return int(self.counters[:, EXPANDED].sum())  # shared memory: always settled

    def stop(self, code: int) -> None:
        self.counters[:, STOP] = code

    def finish(self) -> None:
        """The census is over: the workers drop their partitions and wait for the next."""
        for conn in self.conns:
            conn.send(("end",))
        self.counters[:] = 0

    def close(self) -> None:
        """Every worker ended (asked, then made to) and the files removed."""
        self.counters[:, STOP] = max(1, int(self.counters[0, STOP]))
        for conn in self.conns:
            try:
                conn.send(("quit",))
            except (OSError, ValueError):
                pass
        for proc in self.procs:
            proc.join(1.0)
            if proc.is_alive():
                proc.terminate()
                proc.join(1.0)
            if proc.is_alive():
                proc.kill()
                proc.join()
        for conn in self.conns:
            conn.close()
        del self.counters
        try:
            self._mm.close()
        except BufferError:
            pass
        shutil.rmtree(self.folder, ignore_errors=True)


_IDLE: dict[int, LocalPool] = {}  # a finished census's pool by its number of workers


def acquire(parts: int, need: int, modules: list[str]) -> LocalPool:
    """An idle pool of `parts` workers, or a new one. Its folder is in memory only if /dev/shm had
    room for `need` bytes when it was made."""
    pool = _IDLE.pop(parts, None)
    if pool is not None and pool.alive():
        return pool
    if pool is not None:
        pool.close()
    return LocalPool(parts, need, modules)


def release(pool: LocalPool, reuse: bool) -> None:
    """After a census: kept for the next one if it ended normally, else every worker ended."""
    if reuse and pool.alive() and pool.parts not in _IDLE:
        try:
            pool.finish()
        except OSError:
            pool.close()
            return
        _IDLE[pool.parts] = pool
    else:
        pool.close()


def close_idle() -> None:
    """End every idle pool's workers (at exit, or when the memory they keep loaded matters)."""
    while _IDLE:
        _IDLE.popitem()[1].close()


atexit.register(close_idle)
