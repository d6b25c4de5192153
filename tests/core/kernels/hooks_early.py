"""A puzzle and two kernels over any puzzle's context, for test_ops: `outer` calls a stub, then the
cached kernel `nested`, whose cache index can name another module's context (hooks_late.py)."""
from collections import namedtuple

from puzzle_explorer.core.kernels import ops
from puzzle_explorer.core.kernels.jit import helper, kernel

EarlyCtx = namedtuple("EarlyCtx", ["width"])


@helper
def _branching(ctx):
    return ctx.width


ops.implement(EarlyCtx, branching=_branching)


@kernel
def nested(ctx):
    return ops.branching(ctx)


@kernel
def outer(ctx):
    return ops.branching(ctx) + nested(ctx)
