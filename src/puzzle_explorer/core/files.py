"""Writing files: whole or not at all (a temporary file beside it, then a rename), and side files
whose failure must not cost the answer."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import IO, Any, BinaryIO, Callable


def write_atomically(path: Path, write: Callable[[BinaryIO], object], prefix: str = ".tmp-") -> Path:
    """Call write(f) on a temporary file in path's folder, then put it in path's place; if write
    raises, the temporary file goes and the exception passes on."""
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=folder)
    try:
        os.chmod(tmp, 0o644)  # mkstemp's 0600 would hide the file from the user's other tools
        with os.fdopen(fd, "w+b") as f:  # readable too, so that write() may map the file
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return path


# Side files (a trace, a checkpoint) that failed to write while the command ran: the search goes on
# and its answer is printed, then the command line names the first failure and exits with status 2.
_side_failures: list[str] = []


def side_file_failed(what: str, path: object, exc: OSError) -> None:
    """Note that writing the side file `what` at path failed (each file once)."""
    message = f"{what} {path}: cannot write it ({exc.strerror or exc})"
    if not any(m.startswith(f"{what} {path}:") for m in _side_failures):
        _side_failures.append(message)


def side_file_failures() -> list[str]:
    """The side files that failed since the last call, each in words; the list starts afresh."""
    failures = list(_side_failures)
    _side_failures.clear()
    return failures


def close_quietly(f: IO[Any]) -> OSError | None:
    """Close f; the error its last flush raised (a full disk), if any, is returned, not raised."""
    try:
        f.close()
    except OSError as exc:
        return exc
    return None
