"""Where compiled kernels are cached on disk.

Numba keys a cached kernel on its own source file only. A core kernel that
calls a puzzle's move generator would otherwise keep running stale machine
code after the puzzle's source changes, so the cache directory is named after
a hash of every source that can reach machine code: each module that defines
or registers a kernel piece, and every module of the package it imports,
directly or through others (numba bakes the globals a kernel reads into its
code). An edit to one of them starts a fresh cache; an edit to the Python
around the kernels (a family's solve.py, its command line, the scale-out
engines) does not.

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
import re
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


# How a module names the package's others: `from puzzle_explorer.x import a, b` (a and b may be
# modules too; a list in parentheses may run over several lines) and `import puzzle_explorer.x`.
_FROM = re.compile(rb"^[ \t]*from[ \t]+((?:puzzle_explorer|tests)(?:\.\w+)*)[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)",
                   re.M)
_IMPORT = re.compile(rb"^[ \t]*import[ \t]+((?:puzzle_explorer|tests)(?:\.\w+)*)", re.M)
_COMMENT = re.compile(rb"#[^\n]*")


def _imported(text: bytes) -> list[str]:
    """The dotted names a module's source imports from the package (or the tests), each name after
    `import` as a possible module too."""
    names = [m.decode() for m in _IMPORT.findall(text)]
    for base, listed in _FROM.findall(text):
        names.append(base.decode())
        names += [f"{base.decode()}.{word.decode()}" for word in re.findall(rb"\w+", _COMMENT.sub(b"", listed))]
    return names


def _modules(folder: Path, package: str) -> dict[str, Path]:
    """Every module under folder by its dotted name (a package by its __init__.py)."""
    out = {}
    for path in folder.rglob("*.py"):
        parts = path.relative_to(folder).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join((package, *parts))] = path
    return out


def kernel_sources(root: Path, tests: bool = False) -> list[Path]:
    """The sources that can reach machine code: the modules of the kernel packages under root (and
    of the tests, for the test suite) that define or register a kernel piece (KERNEL_MARKERS), and
    all they import (each imported module's packages' __init__.py too), in order."""
    modules = _modules(root, root.name)
    kernel_packages = tuple(f"{root.name}.{package}" for package in KERNEL_PACKAGES)
    candidates = [path for name, path in modules.items() if name.startswith(kernel_packages)]
    if tests and TEST_FOLDER.is_dir():
        tested = _modules(TEST_FOLDER, TEST_FOLDER.name)
        modules.update(tested)
        candidates += tested.values()
    texts = {path: path.read_bytes() for path in candidates}
    sources = {path for path, text in texts.items() if any(m in text for m in KERNEL_MARKERS)}
    todo = list(sources)
    seen: set[str] = set()
    while todo:
        path = todo.pop()
        for name in _imported(texts[path] if path in texts else path.read_bytes()):
            parts = name.split(".")
            for depth in range(1, len(parts) + 1):
                prefix = ".".join(parts[:depth])
                if prefix in seen:
                    continue
                seen.add(prefix)
                found = modules.get(prefix)
                if found is not None and found not in sources:
                    sources.add(found)
                    todo.append(found)
    return sorted(sources)


def source_digest(root: Path, tests: bool = False) -> str:
    """A short hash of kernel_sources under root, the puzzle_explorer package wherever it is
    installed (and of the test kernels, for the test suite)."""
    h = hashlib.sha1()
    for path in kernel_sources(root, tests):
        name = path.relative_to(root) if path.is_relative_to(root) else path.relative_to(TEST_FOLDER.parent)
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
