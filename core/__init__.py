"""Puzzle-agnostic search engine: numba kernels, hash tables, limits and the job runner."""
from core.cache import configure_numba_cache

configure_numba_cache()

import warnings  # noqa: E402

from numba.core.errors import NumbaIRAssumptionWarning  # noqa: E402

# numba's internal pedantic check trips over inlined helpers; it is not about our code.
warnings.filterwarnings("ignore", category=NumbaIRAssumptionWarning)
