"""Arrays are typed for the kernels as numba types them, without loading numpy.ma."""
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from numba import typeof
from numba.core import errors

from puzzle_explorer.core.kernels import array_types, jit  # noqa: F401  (jit installs the typing)

ROOT = Path(__file__).resolve().parents[3]


def read_only(a: np.ndarray) -> np.ndarray:
    a.flags.writeable = False
    return a


ARRAYS = {
    "1d uint64": np.zeros(5, dtype=np.uint64),
    "2d int8": np.zeros((3, 4), dtype=np.int8),
    "0d": np.array(3),
    "empty": np.zeros(0, dtype=np.int32),
    "fortran": np.zeros((3, 4), dtype=np.float64).T,
    "strided": np.zeros((4, 6))[:, ::2],
    "read-only": read_only(np.arange(4)),
    "bool": np.zeros(3, dtype=bool),
    "record": np.zeros(2, dtype=[("a", np.int32), ("b", np.float32)]),
    "object": np.zeros(2, dtype=object),
}


@pytest.mark.parametrize("name", ARRAYS)
def test_a_plain_array_gets_numbas_own_type(name):
    array = ARRAYS[name]
    try:
        theirs = array_types._numba_typeof_ndarray(array, None)
    except errors.NumbaError as exc:
        with pytest.raises(type(exc)):
            typeof(array)
        return
    assert typeof(array) == theirs


def test_a_masked_array_is_still_refused_in_numbas_words():
    with pytest.raises(errors.NumbaTypeError, match="MaskedArray"):
        typeof(np.ma.array([1, 2]))


def test_typing_an_array_leaves_numpy_ma_unloaded():
    probe = ("import sys, numpy as np\n"
             "from puzzle_explorer.core.kernels import jit\n"
             "from numba import typeof\n"
             "typeof(np.zeros((2, 3), dtype=np.uint64))\n"
             "print('numpy.ma' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "False"
