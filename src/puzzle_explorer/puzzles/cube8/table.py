"""The distance table on disk: fewest rolls from each start to every position, read a few bytes at a time.

Up to the board's symmetries (cubes.py) there are three starts: a corner, an
edge and the centre. For each, the file holds one byte per position of the
start's parity, numbered as in cubes.py: 3 * 7,558,272 bytes (21.6 MiB) after
a 64-byte header; 255 marks a position no roll sequence reaches. A query maps
the start and the pattern onto the start's class; the pattern's 128 goal
positions of that parity then lie within 55,988 consecutive bytes, so one
read and a minimum answer it. Plain Python, no numpy: a contest answered from
the table starts in milliseconds and stays small.

The file lives in the user's cache directory: $PUZZLE_EXPLORER_CACHE, else
$XDG_CACHE_HOME/puzzle-explorer, else ~/.cache/puzzle-explorer. Its name
carries the format version; it is written to a temporary name and renamed,
so a reader never sees half a table.
"""
from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from puzzle_explorer.core.files import write_atomically
from puzzle_explorer.core.run.cache import cache_base
from puzzle_explorer.puzzles.cube8 import cubes as C

if TYPE_CHECKING:
    from typing_extensions import Buffer

VERSION = 1
FILE_NAME = f"cube8-distances-v{VERSION}.bin"
HEADER = f"puzzle-explorer cube8 distance table v{VERSION}\n".encode().ljust(64, b"\0")
CLASSES = len(C.START_CLASSES)
SIZE = len(HEADER) + CLASSES * C.SPACE
UNREACHED = 255


def default_path() -> Path:
    """In the per-user cache directory, beside the compiled kernels."""
    return cache_base() / FILE_NAME


def _pread(fd: int, size: int, offset: int) -> bytes:
    if hasattr(os, "pread"):
        return os.pread(fd, size, offset)
    os.lseek(fd, offset, os.SEEK_SET)  # pragma: no cover (platforms without pread)
    return os.read(fd, size)


class Table:
    """An open distance table file. Not thread-safe only where the platform lacks pread."""

    def __init__(self, path: Path, fd: int):
        self.path = path
        self._fd = fd

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def __enter__(self) -> "Table":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def distance(self, cls: int, number: int) -> int:
        """Fewest rolls from class cls's start to position `number` (UNREACHED if none)."""
        return _pread(self._fd, 1, len(HEADER) + cls * C.SPACE + number)[0]

    def best_goal(self, start: int, pattern: tuple[int, ...]) -> tuple[int, int, int, C.Symmetry]:
        """(fewest rolls, goal number, class, symmetry): the nearest position showing the
        pattern, in the frame of the start's class."""
        cls, sym = C.canonical(start)
        base = C.goal_base(C.map_pattern(pattern, sym))
        chunk = _pread(self._fd, C.GOAL_SPAN, len(HEADER) + cls * C.SPACE + base)
        best = min(C.GOAL_OFFSETS, key=chunk.__getitem__)
        return chunk[best], base + best, cls, sym

    def fewest_rolls(self, start: int, pattern: tuple[int, ...]) -> int | None:
        """Fewest rolls from the start position with the empty square on `start` to the pattern."""
        d = self.best_goal(start, pattern)[0]
        return None if d == UNREACHED else d

    def solution(self, start: int, pattern: tuple[int, ...]) -> list[tuple[int, ...]] | None:
        """The positions of a shortest solution, start first (None if the pattern is out of reach)."""
        d, number, cls, sym = self.best_goal(start, pattern)
        if d == UNREACHED:
            return None
        par = C.parity(C.start_position(C.START_CLASSES[cls]))
        here = C.position(number, par)
        backwards = [here]
        while d > 0:
            here = next(q for _, _, q in C.rolls(here) if self.distance(cls, C.index(q)) == d - 1)
            backwards.append(here)
            d -= 1
        return [C.unmap_position(p, sym) for p in reversed(backwards)]


def open_table(path: Path | None = None) -> Table | None:
    """The table at path (default: the cache), or None if it is missing or not a whole table."""
    path = path or default_path()
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
    except OSError:
        return None
    try:
        if os.fstat(fd).st_size != SIZE or _pread(fd, len(HEADER), 0) != HEADER:
            os.close(fd)
            return None
    except OSError:
        os.close(fd)
        return None
    return Table(path, fd)


def write_table(classes: Iterable[Buffer], path: Path | None = None) -> Path:
    """Write the three distance arrays (each C.SPACE bytes, any buffer) atomically; returns the path."""
    path = path or default_path()
    path.parent.mkdir(parents=True, exist_ok=True)

    def write(f: BinaryIO) -> None:
        f.write(HEADER)
        for dist in classes:
            view = memoryview(dist).cast("B")
            if len(view) != C.SPACE:
                raise ValueError(f"a class table has {len(view)} bytes, not {C.SPACE}")
            f.write(view)

    return write_atomically(path, write, ".cube8-")


def describe(path: Path | None = None) -> str:
    """'21.6 MiB at /home/…/cube8-distances-v1.bin'."""
    path = path or default_path()
    return f"{SIZE / 2**20:.1f} MiB at {path}"
