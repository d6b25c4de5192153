"""Where compiled kernels are cached on disk.

Numba keys a cached kernel on its own source file only. A core kernel that
calls a puzzle's move generator would otherwise keep running stale machine
code after the puzzle's source changes, so the cache directory is named after
a hash of every kernel source: any edit starts a fresh cache.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import time
from pathlib import Path

# Packages whose modules define or are inlined into kernels.
KERNEL_PACKAGES = ("core", "puzzles")
# Test modules that define kernels (test puzzles) count too; other test edits do not.
TEST_PACKAGE = "tests"
KERNEL_MARKERS = (b"@kernel", b"@helper", b"@routine", b"njit(", b"ops.implement(")
STALE_AFTER_S = 14 * 24 * 3600


def source_digest(root: Path) -> str:
    """A short hash of the .py files of the kernel packages under root."""
    h = hashlib.sha1()
    paths = [p for package in KERNEL_PACKAGES for p in sorted((root / package).rglob("*.py"))]
    paths += [p for p in sorted((root / TEST_PACKAGE).rglob("*.py"))
              if any(m in p.read_bytes() for m in KERNEL_MARKERS)]
    for path in paths:
        h.update(str(path.relative_to(root)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:12]


def cache_base() -> Path:
    """The per-user directory that holds one cache folder per source version."""
    explicit = os.environ.get("PUZZLE_EXPLORER_CACHE")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(xdg) / "puzzle-explorer"


def kernel_folder() -> Path:
    """The folder of compiled kernels for the current sources."""
    root = Path(__file__).resolve().parent.parent
    return cache_base() / f"numba-{source_digest(root)}"


def configure_numba_cache() -> Path | None:
    """Point numba's on-disk cache at a folder named after the current sources.

    Must run before numba is imported. Returns the folder, or None when it
    cannot be created (numba then falls back to its own default).
    """
    if "numba" in __import__("sys").modules:
        return None
    folder = kernel_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        os.utime(folder)
    except OSError:
        return None
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    _prune(folder)
    return folder


def _prune(keep: Path) -> None:
    """Remove cache folders of old source versions nobody used for two weeks."""
    now = time.time()
    for other in keep.parent.glob("numba-*"):
        if other == keep:
            continue
        try:
            if now - other.stat().st_mtime > STALE_AFTER_S:
                shutil.rmtree(other, ignore_errors=True)
        except OSError:
            pass
