"""Another puzzle, in a module of its own: imported by unpickling its context's type (test_ops)."""
from collections import namedtuple

from puzzle_explorer.core.kernels import ops
from puzzle_explorer.core.kernels.jit import routine

LateCtx = namedtuple("LateCtx", ["width"])


@routine
def _branching(ctx):
    return ctx.width + 1


ops.implement(LateCtx, branching=_branching)
