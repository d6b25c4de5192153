"""numba's type of a plain NumPy array, read without loading numpy.ma.

numba types an array argument (the first call of a kernel, jit.prepare) by asking first whether
it is a masked array, and the question loads numpy.ma: a fortieth of a second of every command
line that runs a kernel, for arrays that are never masked. A plain ndarray's type is read here
as numba reads it; anything else (a subclass such as a masked array, a dtype numba refuses)
goes to numba's own, which says what is wrong in its words.

install() must run before the first kernel is called (core/kernels/jit.py calls it on import).
"""
from __future__ import annotations

from typing import Any

import numpy as np
from numba.core import errors, types
from numba.core.typing.typeof import typeof_impl
from numba.np import numpy_support

_numba_typeof_ndarray = typeof_impl.dispatch(np.ndarray)


def typeof_ndarray(val: np.ndarray, c: Any) -> types.Array:
    """numba's type of val: read here for a plain ndarray, numba's own for anything else."""
    if type(val) is np.ndarray:
        try:
            dtype = numpy_support.from_dtype(val.dtype)
        except errors.NumbaNotImplementedError:
            pass  # numba's own says so
        else:
            return types.Array(dtype, val.ndim, numpy_support.map_layout(val), readonly=not val.flags.writeable)
    result: types.Array = _numba_typeof_ndarray(val, c)
    return result


def install() -> None:
    """Have numba type arrays by typeof_ndarray from now on."""
    typeof_impl.register(np.ndarray)(typeof_ndarray)
