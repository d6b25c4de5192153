"""Shared test set-up: kernels compile into a cache keyed by the source, like the app."""
import core  # noqa: F401  (configures the numba cache before any kernel module loads)
