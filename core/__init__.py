"""Puzzle-agnostic search engine: numba kernels, hash tables, limits and the job runner.

Importing the package only points numba's disk cache at the right folder and has
freed memory handed back at once (core.memory); numba itself loads with the first
kernel module (core.jit), so light modules such as core.errors can be used by commands
that never compile anything.
"""
from core.cache import configure_numba_cache
from core.memory import return_freed_memory

configure_numba_cache()
return_freed_memory()
