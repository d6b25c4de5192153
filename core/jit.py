"""The single way kernels are compiled."""
import warnings

from numba import njit
from numba.core.errors import NumbaIRAssumptionWarning

# numba's internal pedantic check trips over inlined helpers; it is not about our code.
warnings.filterwarnings("ignore", category=NumbaIRAssumptionWarning)


# Every kernel made here, so tests can see which signatures got compiled.
KERNELS: list = []


def kernel(fn):
    """Compile fn in nopython mode, cached on disk, releasing the GIL while it runs."""
    dispatcher = njit(cache=True, nogil=True)(fn)
    KERNELS.append(dispatcher)
    return dispatcher


def helper(fn):
    """Compile fn to be inlined into each kernel that calls it (no call overhead,
    no reference counting of the arrays passed in)."""
    return njit(inline="always", nogil=True)(fn)


def prepare(dispatcher, *args) -> None:
    """Compile (or load from the disk cache) dispatcher for these arguments, without running it."""
    from numba import typeof

    dispatcher.compile(tuple(typeof(a) for a in args))
