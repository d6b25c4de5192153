"""Puzzle-agnostic search engine: numba kernels, hash tables, limits and the job runner."""
from core.cache import configure_numba_cache

configure_numba_cache()
