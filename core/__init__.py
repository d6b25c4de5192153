"""Puzzle-agnostic search engine: numba kernels, hash tables, limits and the job runner.

Importing the package only points numba's disk cache at the right folder; numba itself
loads with the first kernel module (core.jit), so light modules such as core.errors
can be used by commands that never compile anything.
"""
from core.cache import configure_numba_cache

configure_numba_cache()
