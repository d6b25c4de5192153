"""puzzle-explorer: classic search puzzles in the terminal, solved by numba kernels.

The layers, each a subpackage: `cli` and `tui` (the command line and the app) use
`puzzles` (the puzzle contract, the families' toolkit and the six families), which
uses `core` (the puzzle-agnostic engine). docs/architecture.md says where each thing lives.
"""
from __future__ import annotations


def __getattr__(name: str) -> str:
    """__version__, read when asked: importlib.metadata takes half a second to load on a busy
    machine, and every command, worker and app start imports this package."""
    if name != "__version__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import metadata

    try:
        return metadata.version("puzzle-explorer")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        return "0+unknown"
