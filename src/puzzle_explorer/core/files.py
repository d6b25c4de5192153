"""Writing a file so that a reader never sees half of it: a temporary file beside it, then a rename."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import BinaryIO, Callable


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
