"""A split search's finished subtrees kept in a file as each finishes (core/scale/tasks.py), so that a
count stopped by Ctrl-C, a crash or a lost machine goes on from where it was when the same
command runs again with the same file.

The file begins with a key of the search's tasks (the board, the options and the cut all go
into them) and then holds one record per finished task, appended and flushed as it arrives. A
record cut short by a kill is dropped when the file is next opened. The records are pickles:
open only checkpoint files you made.
"""
from __future__ import annotations

import dataclasses
import hashlib
import pickle
from pathlib import Path
from typing import Any, BinaryIO, Sequence

import numpy as np

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.files import close_quietly, side_file_failed

MAGIC = b"puzzle-explorer checkpoint 1\n"


def search_key(tasks: Sequence[Any]) -> str:
    """What identifies a search's tasks: the same board, options and cut give the same key. (A
    pickle of them would not: which equal objects it shares, dtypes among them, varies by run.)"""
    h = hashlib.sha256()
    for task in tasks:
        _feed(h, task)
    return h.hexdigest()


def _feed(h: Any, value: Any) -> None:
    """Add a canonical form of value to the hash: arrays by type, shape and bytes; dataclasses
    and tuples (a kernel's context) field by field."""
    if isinstance(value, np.ndarray):
        h.update(f"a{value.dtype.str}{value.shape}".encode())
        h.update(np.ascontiguousarray(value).tobytes())
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        h.update(f"d{type(value).__qualname__}(".encode())
        for f in dataclasses.fields(value):
            _feed(h, getattr(value, f.name))
        h.update(b")")
    elif isinstance(value, (tuple, list)):
        h.update(f"t{type(value).__qualname__}{len(value)}(".encode())
        for item in value:
            _feed(h, item)
        h.update(b")")
    elif value is None or isinstance(value, (bool, int, float, str, np.generic)):
        h.update(f"v{type(value).__qualname__}:{value!r};".encode())
    else:
        h.update(pickle.dumps(value, protocol=4))


class Checkpoint:
    """The finished tasks of one search, read from `path` and added to it as more finish."""

    def __init__(self, path: str | Path, tasks: Sequence[Any]):
        self.path = Path(path)
        self.key = search_key(tasks).encode() + b"\n"
        self._file: BinaryIO | None = None
        self.seconds = 0.0  # the search time of the runs that wrote the records read
        self.held = 0  # the records the file holds
        self.failed = False  # a record could not be written (a full disk): the file takes no more

    def open(self) -> dict[int, Any]:
        """The results the file holds (task index -> result); a new file is started when there is
        none. InputError when the file is not a checkpoint or holds another search's."""
        try:
            if self.path.exists() and self.path.stat().st_size > 0:
                done, good = self._read()
                self._file = open(self.path, "r+b")
                self._file.truncate(good)  # a record cut short at the end
                self._file.seek(good)
                return done
            self._file = open(self.path, "wb")
            self._file.write(MAGIC + self.key)
            self._file.flush()
        except OSError as exc:
            self.close()
            raise InputError(f"checkpoint {self.path}: {exc.strerror or exc}") from None
        return {}

    def _read(self) -> tuple[dict[int, Any], int]:
        done: dict[int, Any] = {}
        with open(self.path, "rb") as f:
            if f.readline() != MAGIC:
                raise InputError(f"checkpoint {self.path}: not a checkpoint file (name a new file, or one an "
                                 "earlier run of this search wrote)")
            if f.readline() != self.key:
                raise InputError(f"checkpoint {self.path}: written by another search (another board, other "
                                 "options or another worker count): name a new file, or run that search again")
            good = f.tell()
            while True:
                try:
                    index, result, seconds = pickle.load(f)
                except Exception:  # the end, or a record a kill cut short
                    return done, good
                done[int(index)] = result
                self.held = len(done)
                self.seconds = max(self.seconds, float(seconds))
                good = f.tell()

    def record(self, index: int, result: Any, seconds: float) -> None:
        """Add a finished task's result, on disk before this returns; `seconds`: the search time
        until now this run (the earlier runs' is added here)."""
        if self.failed:
            return
        if self._file is None:
            raise RuntimeError("record comes after open")
        try:
            pickle.dump((index, result, self.seconds + seconds), self._file, protocol=4)
            self._file.flush()
        except OSError as exc:
            # The search goes on without its checkpoint; the command line names the failure after
            # the answer. (A record cut short is dropped when the file is next opened.)
            self.failed = True
            self.close()
            side_file_failed("--checkpoint", self.path, exc)
            return
        self.held += 1

    def close(self) -> None:
        """Close the file; what it could not take was reported when it was written (or is a
        failed open's, whose own error says so)."""
        if self._file is not None:
            close_quietly(self._file)
            self._file = None
