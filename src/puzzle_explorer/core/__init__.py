"""Puzzle-agnostic search engine: numba kernels, hash tables, limits and the job runner.

Importing the package only points numba's disk cache at the right folder and has
freed memory handed back at once (puzzle_explorer.core.run.memory); numba itself loads with the first
kernel module (puzzle_explorer.core.kernels.jit), so light modules such as puzzle_explorer.core.errors can be used by commands
that never compile anything.
"""
from puzzle_explorer.core.run.cache import configure_numba_cache
from puzzle_explorer.core.run.memory import return_freed_memory

configure_numba_cache()
return_freed_memory()
