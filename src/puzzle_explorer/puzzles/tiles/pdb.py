"""Pattern databases on disk: built once into the user's cache folder, then memory-mapped.

One file per partition (board shape and groups): a 4096-byte header (a magic
line, then JSON naming the tables, where each starts, and how long the build
took), then every table, one byte an entry. The file lives beside the
compiled kernels ($PUZZLE_EXPLORER_CACHE, else $XDG_CACHE_HOME/puzzle-explorer,
else ~/.cache/puzzle-explorer), is written under a temporary name and
renamed, so a reader never sees half a file. Searches map it read-only: the
operating system pages in what they touch, and several processes share it.

Memory: a search reads its tables all over, so they stay resident while it
runs; the budget counts them at their full size (search_memory), although
the pages are shared with other processes and the file cache. A build holds
one table's work words and that table's output (mapped from the file, and
unmapped once written, so earlier tables leave the process), plus the
region table on boards of up to 16 cells (build_memory).
"""
from __future__ import annotations

import hashlib
import json
import mmap
import os
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import numpy as np
from numpy.typing import NDArray

from puzzle_explorer.core.files import write_atomically
from puzzle_explorer.core.run.cache import cache_base
from puzzle_explorer.core.run.memory import describe_bytes, fits
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import timed
from puzzle_explorer.core.run.status import FOUND
from puzzle_explorer.puzzles.tiles.geometry import neighbours
from puzzle_explorer.puzzles.tiles.kernels import pdb_build as B
from puzzle_explorer.puzzles.tiles.kernels.patterns import Partition, Table, rank_weights

VERSION = 1
MAGIC = f"puzzle-explorer tiles pattern databases v{VERSION}\n".encode()
HEADER_SIZE = 4096
BUILD_BYTES_PER_ENTRY = 5  # the 32-bit work word and the output byte
# Measured on a 2-core machine (7-8: 355 s of CPU, 6-6-6-6: 278 s): seconds per entry, for the forecast.
SECONDS_PER_ENTRY = {True: 0.65e-6, False: 0.8e-6}  # CPU, by whether the region table applies


def file_name(part: Partition) -> str:
    digest = hashlib.sha1(repr([t.cells for t in part.tables()]).encode()).hexdigest()[:10]
    return f"tiles-pdb-v{VERSION}-{part.width}x{part.height}-{part.name}-{digest}.bin"


def default_path(part: Partition) -> Path:
    return cache_base() / file_name(part)


def file_size(part: Partition) -> int:
    return HEADER_SIZE + part.entries()


def build_memory(part: Partition) -> int:
    """Bytes a build holds at its peak: one table's work words and output, and the region table."""
    n = part.n
    labels = (1 << n) * n if n <= B.LABELLED_CELLS else 0
    return max(t.entries(n) for t in part.tables()) * BUILD_BYTES_PER_ENTRY + labels


def search_memory(part: Partition) -> int:
    """Bytes a search with the partition's tables holds on top of its own arrays: the mapped file."""
    return file_size(part)


def build_seconds(part: Partition) -> float:
    """A rough forecast of the build time on this kind of machine."""
    return part.entries() * SECONDS_PER_ENTRY[part.n <= B.LABELLED_CELLS]


@dataclass
class Databases:
    """The tables of a partition, mapped read-only from their file."""

    part: Partition
    path: Path
    data: NDArray[np.uint8]  # every table, one after the other
    offsets: dict[Table, int]
    built_s: float

    @property
    def size(self) -> int:
        return HEADER_SIZE + len(self.data)

    def describe(self) -> str:
        return describe(self.part, self.path, self.built_s)


def summary(part: Partition) -> str:
    """'5.5 MiB (2 tables, 4x4 6-6-3)'."""
    count = len(part.tables())
    return f"{describe_bytes(file_size(part))} ({count} table{'s' if count != 1 else ''}, {part.label()})"


def describe(part: Partition, path: Path | None = None, built_s: float | None = None) -> str:
    """'5.5 MiB (2 tables, 4x4 6-6-3) at …, built in 4.1 s'."""
    path = path or default_path(part)
    text = f"{summary(part)} at {path}"
    if built_s is not None:
        text += f", built in {built_s:.1f} s"
    return text


def _header(part: Partition, offsets: dict[Table, int], built_s: float) -> bytes:
    info = {"width": part.width, "height": part.height, "partition": part.name,
            "tables": [{"cells": list(t.cells), "offset": offsets[t], "entries": t.entries(part.n)}
                       for t in part.tables()],
            "built_s": round(built_s, 3)}
    head = MAGIC + json.dumps(info).encode() + b"\n"
    if len(head) > HEADER_SIZE:
        raise ValueError("pattern database header too long")
    return head.ljust(HEADER_SIZE, b" ")


def _offsets(part: Partition) -> dict[Table, int]:
    out, at = {}, 0
    for t in part.tables():
        out[t] = at
        at += t.entries(part.n)
    return out


_OPEN: dict[Path, tuple[int, Databases]] = {}


def open_databases(part: Partition, path: Path | None = None) -> Databases | None:
    """The partition's tables, mapped from the cache (or path); None if missing or not whole."""
    path = path or default_path(part)
    try:
        stat = os.stat(path)
    except OSError:
        return None
    if stat.st_size != file_size(part):
        return None
    known = _OPEN.get(path)
    if known is not None and known[0] == stat.st_mtime_ns and known[1].part == part:
        return known[1]
    try:
        with open(path, "rb") as f:
            head = f.read(HEADER_SIZE)
            if not head.startswith(MAGIC):
                return None
            info = json.loads(head[len(MAGIC):].decode().strip())
            offsets = _offsets(part)
            want = [{"cells": list(t.cells), "offset": offsets[t], "entries": t.entries(part.n)}
                    for t in part.tables()]
            if info.get("tables") != want:
                return None
            mapped = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):
        return None
    data = np.frombuffer(mapped, dtype=np.uint8, offset=HEADER_SIZE)
    dbs = Databases(part, path, data, offsets, float(info.get("built_s", 0.0)))
    _OPEN[path] = (stat.st_mtime_ns, dbs)
    return dbs


def fits_memory(part: Partition, max_memory: int | None) -> bool:
    """Whether the build fits the budget (None: the default share of the free memory)."""
    return fits(build_memory(part), max_memory)


class _Stopped(Exception):
    """A limit or a cancel stopped the build: the file is not written."""


def build(part: Partition, control: SearchControl, path: Path | None = None) -> tuple[Path | None, float]:
    """Build every table of the partition and write the file; (its path, seconds of search).

    The path is None if the build was stopped. Progress: STORED counts the
    entries filled over all tables (part.entries() in all), DEPTH the level.
    """
    path = path or default_path(part)
    path.parent.mkdir(parents=True, exist_ok=True)
    n = part.n
    nbr = neighbours(part.width, part.height)
    offsets = _offsets(part)
    labels = np.zeros(1, dtype=np.uint8)
    seconds = 0.0
    if n <= B.LABELLED_CELLS:
        labels, elapsed = timed(control, B.region_labels, n, part.width)
        seconds += elapsed
    done = 0

    def write(f: BinaryIO) -> None:
        nonlocal seconds, done
        f.truncate(file_size(part))
        for t in part.tables():
            cells = np.array(t.cells, dtype=np.int64)
            size = t.entries(n)
            # one table mapped at a time: once written and unmapped its pages leave the process
            out = np.memmap(f, dtype=np.uint8, mode="r+", offset=HEADER_SIZE + offsets[t], shape=(size,))
            (code, _), elapsed = timed(control, B.build, n, part.width, cells, rank_weights(n, len(cells)), nbr,
                                       labels, out.view(np.ndarray), control.counters, done)
            seconds += elapsed
            if code == FOUND:
                out.flush()
            del out
            if code == B.TOO_MANY_REGIONS:
                raise ValueError(f"table {t.cells} splits the empty cells into more than {B.MAX_REGIONS} regions")
            if code != FOUND:
                raise _Stopped
            done += size
        f.seek(0)
        f.write(_header(part, offsets, seconds))

    try:
        write_atomically(path, write, ".tiles-pdb-")
    except _Stopped:
        return None, seconds
    return path, seconds
