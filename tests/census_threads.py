"""A census in this process as it runs on a machine of more cores: how the tests reach the path that
lays each level out by key range (core/kernels/census_ranges.py) on a machine of two."""
from puzzle_explorer.core.kernels import census as kernel
from puzzle_explorer.core.scale import census


def on_threads(patch, threads: int) -> None:
    """Every census level on `threads` threads, however small (no small-level path, a thread for
    every state), as if this machine had `threads` cores. `patch`: pytest's monkeypatch, or one of
    its contexts."""
    patch.setattr(kernel, "SMALL_LEVEL", 0)
    patch.setattr(kernel, "MIN_SLICE", 1)
    patch.setattr(census, "cores", lambda: threads)
