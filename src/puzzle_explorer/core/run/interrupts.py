"""Ctrl-C and SIGTERM for a command: the first one cancels the running search; exit 130 or 143.

A command installs `Interrupts` around all it does. While a search runs inside
`cancelling()`, the first SIGINT or SIGTERM only asks it to stop, so the search
returns its cancelled result and the command prints what it has. Any other
signal raises KeyboardInterrupt, which the command turns into its exit status;
so does a second one that comes when the first has not ended the search within
a second. One stop delivered twice at once counts once: `timeout` signals both
the process and its process group. While an answer is written (`holding()`),
stop signals wait until it is whole: output is whole or absent.
"""
from __future__ import annotations

import atexit
import os
import signal
import sys
import threading
import time
from contextlib import contextmanager
from types import FrameType
from typing import Any, Callable, Iterator, NoReturn

from puzzle_explorer.core.run.exit_codes import after_signal

Handler = Callable[[int, FrameType | None], Any] | int | None  # what signal.signal takes and returns

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
SAME_STOP_S = 1.0  # a further signal within this long of the first is the same stop
RAISE_AGAIN_S = 0.01  # a stop lost in a finalizer is raised again this long after


class Interrupts:
    def __init__(self) -> None:
        self.signal: int | None = None  # the first stop signal received
        self._first_at = 0.0
        self._cancel: Callable[[], None] | None = None
        self._previous: dict[int, Handler] = {}
        self._holding = 0  # writing a document: stop signals wait for its end
        self._held = False  # a stop signal came while holding
        self._lost = False  # the stop's KeyboardInterrupt was swallowed: raise it again
        self._hook: Callable[[Any], Any] | None = None  # the unraisable hook before ours

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        now = time.monotonic()
        first = self.signal is None
        if first:
            self.signal, self._first_at = signum, now
        if self._holding:
            self._held = True
            return
        if not first and now - self._first_at < SAME_STOP_S and not self._lost:
            return
        self._lost = False
        cancel, self._cancel = self._cancel, None
        if cancel is not None:
            cancel()
            return
        raise KeyboardInterrupt

    def _unraisable(self, unraisable: Any) -> None:
        """The stop raised where Python cannot let an exception out (a __del__, a weakref callback,
        the garbage collector): it would print a traceback and be lost. Raise it again instead, a
        moment later from another thread: raised now it would land in this hook, as lost again. A
        real signal, not interrupt_main(): that one wakes no wait the main thread is blocked in."""
        if isinstance(unraisable.exc_value, KeyboardInterrupt) and self.signal is not None:
            self._lost = True
            again = threading.Timer(RAISE_AGAIN_S, signal.pthread_kill,
                                    (threading.main_thread().ident, self.signal))
            again.daemon = True
            again.start()
            return
        if self.signal is not None:
            # An object the stop cut short in its making (llvmlite's, as numba compiles) may fail in
            # its finalizer, missing what its __init__ never set: the stop's own line says what
            # happened, and a traceback after "interrupted" would read as a crash.
            return
        if self._hook is not None:
            self._hook(unraisable)

    def exit_status(self, code: int) -> int:
        """128 + the signal, as shells expect, once a stop signal has arrived; else code."""
        return after_signal(self.signal) if self.signal is not None else code

    def install(self) -> bool:
        """Catch the stop signals (only the main thread can); False when not installed."""
        if threading.current_thread() is not threading.main_thread():
            return False
        for sig in STOP_SIGNALS:
            self._previous[sig] = signal.signal(sig, self._handle)
        self._hook, sys.unraisablehook = sys.unraisablehook, self._unraisable
        return True

    def restore(self) -> None:
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)
        self._previous.clear()
        if self._hook is not None:
            sys.unraisablehook, self._hook = self._hook, None


_active: Interrupts | None = None


@contextmanager
def catching() -> Iterator[Interrupts]:
    """Catch SIGINT and SIGTERM for the duration of a command."""
    global _active
    caught = Interrupts()
    installed = caught.install()
    previous, _active = _active, (caught if installed else None)
    try:
        yield caught
    finally:
        _active = previous
        caught.restore()


def _flushed_exit(status: int) -> NoReturn:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(status)


def leave_quietly_on_stop() -> None:
    """From now on a stop signal ends the process at once with 128 + the signal, what it wrote
    flushed first: for a program whose command is done and that is only exiting (its interpreter
    shutting down), where the default handlers would print a traceback or die of the signal."""
    def leave(signum: int, frame: FrameType | None) -> None:
        _flushed_exit(after_signal(signum))

    if threading.current_thread() is threading.main_thread():
        for sig in STOP_SIGNALS:
            signal.signal(sig, leave)


def end_process(status: int) -> NoReturn:
    """End this process now with `status`, as the interpreter would but for taking every module
    apart: the exit functions run (worker pools and clusters stopped, the semaphores of their queues
    given back, or the resource tracker would report them leaked on the terminal), and what was
    written is flushed. Taking numba and LLVM apart takes about a second. And after a stop signal the
    interpreter's own exit could die of SIGINT whatever status was asked for: a KeyboardInterrupt
    raised while it ran code made from a string (exec or eval: a dataclass or a namedtuple being
    defined, as imports do) stays marked unhandled for the whole process even once caught, and under
    `python -m` that ends it by SIGINT (CPython 3.11, Modules/main.c and Python/pythonrun.c)."""
    atexit._run_exitfuncs()
    _flushed_exit(status)


@contextmanager
def cancelling(cancel: Callable[[], None]) -> Iterator[None]:
    """While the block runs, the first stop signal calls cancel() instead of raising.

    Without `catching()` around it (a library caller), Ctrl-C stays a
    KeyboardInterrupt, which Job.run() also treats as a cancel.
    """
    caught = _active
    if caught is None or caught.signal is not None:
        yield
        return
    caught._cancel = cancel
    try:
        yield
    finally:
        caught._cancel = None


@contextmanager
def holding() -> Iterator[None]:
    """While the block writes a document (an answer in JSON), stop signals wait: a reader never gets
    half of it. One that came meanwhile ends the command once the block is done (KeyboardInterrupt,
    so the exit status is still 128 + the signal)."""
    caught = _active
    if caught is None:
        yield
        return
    caught._holding += 1
    try:
        yield
    finally:
        caught._holding -= 1
    if caught._held and not caught._holding:
        caught._held = False
        raise KeyboardInterrupt


@contextmanager
def children_deaf() -> Iterator[None]:
    """Processes started in the block never take Ctrl-C themselves: SIGINT is blocked in this thread
    while they start, and a process inherits the blocked set (over exec too). A terminal's Ctrl-C
    reaches the whole process group, and a worker still importing would print a KeyboardInterrupt
    traceback; the command stops its workers itself. A Ctrl-C meant for this process still
    reaches it (another thread takes it, or it waits until the block ends)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)
