"""puzzle-explorer: classic search puzzles in the terminal, solved by numba kernels.

The layers, each a subpackage: `cli` and `tui` (the command line and the app) use
`puzzles` (the puzzle contract, the families' toolkit and the six families), which
uses `core` (the puzzle-agnostic engine). docs/architecture.md says where each thing lives.
"""
from importlib import metadata

try:
    __version__ = metadata.version("puzzle-explorer")
except metadata.PackageNotFoundError:  # run from a checkout that was never installed
    __version__ = "0+unknown"
