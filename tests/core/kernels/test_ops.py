"""The hooks' stubs keep one numba type however late a puzzle implements them.

A puzzle's module can be imported while numba types a search over another puzzle: reading a
kernel's cache index imports the context class of every signature in it (`puzzle-explorer warm`,
a worker typing klotski's IDA* while another saved cube8's). Its hooks then register in the middle
of that typing, and the next nested compile refreshes numba's typing context.
"""
import os
import subprocess
import sys
from collections import namedtuple
from pathlib import Path

import numpy as np
import pytest
from numba import njit
from numba.core.registry import cpu_target
from numba.extending import overload

from puzzle_explorer.core.kernels import ops
from puzzle_explorer.core.kernels.jit import helper, routine

TypedCtx = namedtuple("TypedCtx", ["width"])
LateCtx = namedtuple("LateCtx", ["width"])


@helper
def _typed_branching(ctx):
    return ctx.width


@routine
def _late_branching(ctx):
    return ctx.width + 1


ops.implement(TypedCtx, branching=_typed_branching)


def _late_import():
    """Stands for an import that numba's typing runs (a cache index naming LateCtx)."""


@overload(_late_import)
def _typing_late_import():
    ops.implement(LateCtx, branching=_late_branching)
    cpu_target.typing_context.refresh()  # as the next nested compile does
    return lambda: None


def _twice(ctx):
    first = ops.branching(ctx)
    _late_import()
    return first + ops.branching(ctx)


def test_a_puzzle_implemented_while_a_search_is_typed_leaves_the_stub_its_type():
    # a fresh compile (no disk cache): the hooks register between numba's typing passes
    assert njit(_twice)(TypedCtx(np.int64(3))) == 6
    assert njit(lambda ctx: ops.branching(ctx))(LateCtx(np.int64(3))) == 4


@pytest.mark.processes
def test_a_puzzle_whose_cache_index_imports_another_mid_typing_still_compiles(tmp_path):
    # One process saves nested's signature over hooks_late's context; the next, knowing only
    # hooks_early, types outer, and loading nested's cache index there imports hooks_late.
    env = {**os.environ, "PUZZLE_EXPLORER_CACHE": str(tmp_path), "PYTHONPATH": os.pathsep.join(
        [str(Path(__file__).resolve().parents[3]), *sys.path])}

    def run(code: str) -> str:
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr[-3000:]
        return done.stdout.strip()

    run("from tests.core.kernels import hooks_early, hooks_late; hooks_early.nested(hooks_late.LateCtx(3))")
    assert run("import sys; from tests.core.kernels import hooks_early; print(hooks_early.outer(hooks_early.EarlyCtx(2)),"
               " 'tests.core.kernels.hooks_late' in sys.modules)") == "4 True"


def test_a_context_implemented_again_answers_with_its_latest_function_only():
    AgainCtx = namedtuple("AgainCtx", ["width"])
    ops.implement(AgainCtx, branching=_late_branching)
    ops.implement(AgainCtx, branching=_typed_branching)  # other options: another overload
    assert njit(lambda ctx: ops.branching(ctx))(AgainCtx(np.int64(5))) == 5


def test_an_unknown_hook_is_refused_before_anything_registers():
    OddCtx = namedtuple("OddCtx", ["width"])
    with pytest.raises(TypeError, match="unknown hook 'branchings'"):
        ops.implement(OddCtx, branching=_typed_branching, branchings=_typed_branching)
    assert ops.hook_modules(OddCtx(1)) == []
