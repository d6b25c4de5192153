"""Cache folders of a test's own that still hold the suite's compiled kernels.

Pattern databases and the cube8 table live in the cache folder
($PUZZLE_EXPLORER_CACHE), beside the compiled kernels; a test points that
variable at a folder of its own to keep its files apart. This process has
loaded its kernels already, but a process it starts (local workers, the
command line) looks for them in the new folder, and would compile every
kernel it runs from nothing: a minute or more on a busy machine.
"""
from pathlib import Path

import numba.core.config


def with_kernels(folder: Path) -> Path:
    """folder, created, with the suite's kernel folder linked in under its own name."""
    kernels = Path(numba.core.config.CACHE_DIR)  # the folder this process loads its kernels from
    folder.mkdir(parents=True, exist_ok=True)
    link = folder / kernels.name
    if not link.exists():
        link.symlink_to(kernels, target_is_directory=True)
    return folder


def use_cache(monkeypatch, folder: Path) -> Path:
    """folder, made the cache folder ($PUZZLE_EXPLORER_CACHE) for the rest of the test."""
    monkeypatch.setenv("PUZZLE_EXPLORER_CACHE", str(folder))
    return folder
