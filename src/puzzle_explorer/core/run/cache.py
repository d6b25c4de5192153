"""Where compiled kernels are cached on disk.

Numba keys a cached kernel on its own source file only. A core kernel that
calls a puzzle's move generator would otherwise keep running stale machine
code after the puzzle's source changes, so the cache directory is named after
a hash of every kernel source: any edit starts a fresh cache.

The test suite compiles into folders of its own. Its test puzzles (tests/core)
run through the same core kernels as the families, and numba keeps one index
per kernel listing every signature compiled: an app sharing the folder would
have to import the test packages to read it, and crashes where it cannot.
Bounds-checked builds (NUMBA_BOUNDSCHECK) get folders of their own too, since
numba's index does not record the setting.

The files inside a folder are numba's, each checked before it is read and saved
under a lock (core/kernels/cache_files.py, installed before the first kernel).
"""
from __future__ import annotations

import hashlib
import os
import shutil
import time
from pathlib import Path

from puzzle_explorer.core.folders import cache_dir

# Packages whose modules define or are inlined into kernels, inside the puzzle_explorer package.
KERNEL_PACKAGES = ("core", "puzzles")
# For the test suite, test modules that define kernels (test puzzles) count too; other test edits do not.
# They sit in the checkout beside src/, so only a checkout has them.
TEST_FOLDER = Path(__file__).resolve().parents[4] / "tests"
KERNEL_MARKERS = (b"@kernel", b"@helper", b"@routine", b"njit(", b"ops.implement(")
STALE_AFTER_S = 14 * 24 * 3600
# Set (to 1) by the test suite before core is imported: its kernels go to the test folders.
TEST_KERNELS_ENV = "PUZZLE_EXPLORER_TEST_KERNELS"


def source_digest(root: Path, tests: bool = False) -> str:
    """A short hash of the .py files of the kernel packages under root, the puzzle_explorer
    package wherever it is installed (and of the test kernels, for the test suite)."""
    h = hashlib.sha1()
    paths = [(p, p.relative_to(root)) for package in KERNEL_PACKAGES for p in sorted((root / package).rglob("*.py"))]
    if tests and TEST_FOLDER.is_dir():
        paths += [(p, p.relative_to(TEST_FOLDER.parent)) for p in sorted(TEST_FOLDER.rglob("*.py"))
                  if any(m in p.read_bytes() for m in KERNEL_MARKERS)]
    for path, name in paths:
        h.update(str(name).encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:12]


def cache_base() -> Path:
    """The per-user directory that holds one cache folder per source version (and the built tables)."""
    return cache_dir()


def bounds_checked() -> bool:
    """Whether kernels compile with bounds checks (NUMBA_BOUNDSCHECK set to a non-zero number)."""
    try:
        return int(os.environ.get("NUMBA_BOUNDSCHECK", "") or 0) != 0
    except ValueError:
        return False  # numba ignores a value it cannot read, and so do we


def test_kernels() -> bool:
    """Whether this process is the test suite, with kernels of its own (see the module notes)."""
    return os.environ.get(TEST_KERNELS_ENV, "") not in ("", "0")


def folder_name(digest: str, checked: bool, tests: bool = False) -> str:
    """numba-DIGEST, with -tests for the test suite and -boundscheck for checked builds."""
    return f"numba-{digest}" + ("-tests" if tests else "") + ("-boundscheck" if checked else "")


def kernel_folder() -> Path:
    """The folder of compiled kernels for the current sources, in this process's setting
    (the app's, the test suite's, bounds-checked or not)."""
    root = Path(__file__).resolve().parents[2]  # the puzzle_explorer package
    tests = test_kernels()
    return cache_base() / folder_name(source_digest(root, tests), bounds_checked(), tests)


def configure_numba_cache() -> Path | None:
    """Point numba's on-disk cache at a folder named after the current sources.

    Must run before the first kernel is defined (numba picks a kernel's cache
    folder when it is decorated). numba itself may already be loaded: pytest
    imports it early to read the warning filters. Returns the folder, or None
    when it cannot be created (numba then falls back to its own default).
    """
    import sys

    if "puzzle_explorer.core.kernels.jit" in sys.modules:
        return None
    folder = kernel_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        os.utime(folder)
    except OSError:
        return None
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    config = sys.modules.get("numba.core.config")
    if config is not None:  # loaded already: it read the environment before we set it
        config.CACHE_DIR = str(folder)  # type: ignore[attr-defined]  # numba's config has no stubs for it
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
