"""numba's on-disk kernel cache, made safe to trust: every file checked before numba reads it,
saves taken in turn.

numba keeps, per kernel, an index file (.nbi: which signature is in which data file) and one
data file per signature (.nbc: the pickled compile result, machine code included). It trusts
both: a truncated or garbled data file that still unpickles hands LLVM a broken object file,
and LLVM aborts the process ("invalid e_shentsize in ELF header"); one that does not unpickle
ends in a traceback. Either way every later run fails the same way, since nothing removes the
file. A disk filled mid-write, a killed compile or a copied home folder is enough.

So each file written here starts with a header naming this format and numba's version, then
the SHA-256 of the pickle that follows. A file whose header or checksum does not match (cut
short, garbled, written by another numba or another program version) is never unpickled: it
is deleted and its kernel compiled again and saved afresh, with one note on stderr per process.

numba numbers a new signature's data file from the index it has just read, so two processes
saving new signatures of one kernel at once (xdist workers, `puzzle-explorer warm`'s jobs)
could take the same number and leave the index pointing one signature at the other's machine
code. Saves therefore take turns under a lock file in the cache folder.

install() must run before the first kernel is defined: numba makes a kernel's cache files
object when the kernel is decorated (core/kernels/jit.py calls it on import).
"""
from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sys
from collections.abc import Iterator
from typing import Any

import numba
from numba.core import caching
from numba.core.serialize import dumps

HEADER = f"puzzle-explorer kernel cache 1, numba {numba.__version__}\n".encode()
DIGEST_SIZE = hashlib.sha256().digest_size
LOCK_NAME = "save.lock"
NOTE = ("note: some compiled kernels in the cache could not be read (damaged, or written by another "
        "version); they were removed and are being compiled again\n")
_noted = False


class Unreadable(Exception):
    """A cache file whose header or checksum does not match its contents."""


def seal(payload: bytes) -> bytes:
    """payload behind the header and its checksum: the bytes of a cache file."""
    return HEADER + hashlib.sha256(payload).digest() + payload


def unseal(raw: bytes) -> bytes:
    """The payload of a cache file's bytes, or Unreadable when they are not whole and ours."""
    if not raw.startswith(HEADER):
        raise Unreadable("not a cache file of this format and numba version")
    digest, payload = raw[len(HEADER):len(HEADER) + DIGEST_SIZE], raw[len(HEADER) + DIGEST_SIZE:]
    if hashlib.sha256(payload).digest() != digest:
        raise Unreadable("checksum does not match")
    return payload


def note_dropped() -> None:
    """One line on stderr, once per process, saying damaged kernels are being compiled again."""
    global _noted
    if _noted:
        return
    _noted = True
    try:
        sys.stderr.write(NOTE)
        sys.stderr.flush()
    except (OSError, ValueError):  # stderr closed: the kernel is compiled again all the same
        pass


@contextlib.contextmanager
def saving_in_turn(folder: str) -> Iterator[None]:
    """Hold the cache folder's save lock (an exclusive fcntl lock; none where there is no fcntl)."""
    try:
        import fcntl
    except ImportError:  # not POSIX: saves race as numba's own do
        yield
        return
    with open(os.path.join(folder, LOCK_NAME), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield  # closing the file releases the lock


class CheckedCacheFile(caching.IndexDataCacheFile):
    """numba's index and data files, each sealed with a header and checksum, saved in turn."""

    _index_path: str
    _cache_path: str
    _source_stamp: Any

    def save(self, key: Any, data: Any) -> None:
        with saving_in_turn(self._cache_path):
            super().save(key, data)

    def load(self, key: Any) -> Any:
        name = self._load_index().get(key)
        if name is None:
            return None
        return self._load_data(name)

    def _load_index(self) -> dict[Any, str]:
        raw = _read(self._index_path)
        if raw is None:
            return {}
        try:
            stamp, overloads = pickle.loads(unseal(raw))
            if not isinstance(overloads, dict):
                raise Unreadable("index is not a table")
        except MemoryError:
            raise
        except Exception:  # anything a bad file does while unpickled: never let it reach the search
            _drop(self._index_path)
            return {}
        # A stale stamp means the kernel's source file changed: numba's own quiet recompile.
        return overloads if stamp == self._source_stamp else {}

    def _save_index(self, overloads: dict[Any, str]) -> None:
        with self._open_for_write(self._index_path) as f:
            f.write(self._dump((self._source_stamp, overloads)))

    def _load_data(self, name: str) -> Any:
        path = self._data_path(name)
        raw = _read(path)
        if raw is None:
            return None
        try:
            data = pickle.loads(unseal(raw))
        except MemoryError:
            raise
        except Exception:
            _drop(path)
            return None
        caching._cache_log("[cache] data loaded from %r", path)  # as numba's own (NUMBA_DEBUG_CACHE)
        return data

    def _dump(self, obj: Any) -> bytes:
        return seal(dumps(obj))


def _read(path: str) -> bytes | None:
    """A cache file's bytes, or None when it is not there (or cannot be read: then no cache)."""
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def _drop(path: str) -> None:
    """Remove an unreadable cache file, so its kernel is compiled and saved afresh, and say so."""
    with contextlib.suppress(OSError):
        os.unlink(path)
    note_dropped()


def load_overload(self: caching.Cache, sig: Any, target_context: Any) -> Any:
    """numba's load of a cached kernel, without refreshing the whole target context first.

    numba's own refresh imports and registers every typing and lowering rule it has, a quarter
    of a second of a warm command line's start, though only a compile uses them (and numba's
    compiler refreshes the context itself before each compile). Machine code loaded from the
    cache needs only the symbols it links against that the context does not hold from its
    creation: the runtime's (allocation, reference counting) and the hash secret's.
    """
    from numba.core.runtime import nrt
    from numba.cpython import hashing  # noqa: F401  (adds the hash secret's symbols on import)

    nrt.rtsys.initialize(target_context)
    with self._guard_against_spurious_io_errors():
        return self._load_overload(sig, target_context)


class OpenedOnFirstUse:
    """A kernel's cache (numba's FunctionCache), made when the kernel first compiles or loads
    rather than when it is defined. Making it costs a third of a millisecond a kernel (numba
    checks that the folder is writable by creating a file in it, and inspects the function),
    and a command line defines dozens of kernels to run one or two."""

    def __init__(self, py_func: Any) -> None:
        self._py_func = py_func
        self._cache: caching.FunctionCache | None = None

    def __getattr__(self, name: str) -> Any:
        if self._cache is None:
            self._cache = _FunctionCache(self._py_func)
        return getattr(self._cache, name)


_FunctionCache = caching.FunctionCache


def install() -> None:
    """Have every kernel defined from now on use checked cache files, opened on first use and
    loaded without a refresh."""
    from numba.core import dispatcher

    caching.IndexDataCacheFile = CheckedCacheFile  # type: ignore[misc]  # numba looks the class up by this name
    caching.Cache.load_overload = load_overload  # type: ignore[method-assign]
    setattr(dispatcher, "FunctionCache", OpenedOnFirstUse)  # the name enable_caching makes a kernel's cache by
