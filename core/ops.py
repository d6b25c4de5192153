"""The hooks a puzzle implements so the generic kernels can search it.

A puzzle passes its data to a kernel as a namedtuple of arrays and scalars
(its "context"). The kernels call the stubs below; `implement` registers the
puzzle's own kernels for its context class, and numba picks them by the type
of the context when it compiles the search. Unlike passing functions as
arguments, this keeps every search kernel cacheable on disk.

Graph search over packed uint64 states:
    expand(state, ctx, out) -> int      write successors into out, return how many
    is_goal(state, ctx) -> bool
    heuristic(state, ctx) -> int        admissible lower bound of moves to a goal; DEAD_END
                                        or more: no goal can be reached from the state
    branching(ctx) -> int               the most successors expand() can write

Backtracking over a mutable context (tours and the like):
    children(ctx, node, depth, out) -> int   candidate next nodes, in trial order
    enter(ctx, node, depth)                  apply the step onto node
    leave(ctx, node, depth)                  undo it
    complete(ctx, node, depth) -> bool       the path ending at node is a solution
"""
from numba.extending import overload

# A heuristic this large proves the state has no way to a goal: A* and IDA* drop it, so a
# board whose goal is out of reach is proved unsolvable instead of deepening forever.
DEAD_END = 1 << 40


def expand(state, ctx, out):
    raise NotImplementedError("implemented per puzzle with core.ops.implement")


def is_goal(state, ctx):
    raise NotImplementedError("implemented per puzzle with core.ops.implement")


def heuristic(state, ctx):
    raise NotImplementedError("implemented per puzzle with core.ops.implement")


def branching(ctx):
    raise NotImplementedError("implemented per puzzle with core.ops.implement")


def children(ctx, node, depth, out):
    raise NotImplementedError("implemented per puzzle with core.ops.implement")


def enter(ctx, node, depth):
    raise NotImplementedError("implemented per puzzle with core.ops.implement")


def leave(ctx, node, depth):
    raise NotImplementedError("implemented per puzzle with core.ops.implement")


def complete(ctx, node, depth):
    raise NotImplementedError("implemented per puzzle with core.ops.implement")


HOOKS = {
    "expand": expand,
    "is_goal": is_goal,
    "heuristic": heuristic,
    "branching": branching,
    "children": children,
    "enter": enter,
    "leave": leave,
    "complete": complete,
}


def _typer(hook, ctx_class, fn):
    """An overload typer with the stub's own signature, matching ctx_class only.

    numba checks that typer, implementation and stub agree on argument names,
    hence one small pair per signature.
    """
    def ours(ctx):
        return getattr(ctx, "instance_class", None) is ctx_class

    if hook == "expand":
        def typer(state, ctx, out):
            if ours(ctx):
                return lambda state, ctx, out: fn(state, ctx, out)
    elif hook in ("is_goal", "heuristic"):
        def typer(state, ctx):
            if ours(ctx):
                return lambda state, ctx: fn(state, ctx)
    elif hook == "branching":
        def typer(ctx):
            if ours(ctx):
                return lambda ctx: fn(ctx)
    elif hook == "children":
        def typer(ctx, node, depth, out):
            if ours(ctx):
                return lambda ctx, node, depth, out: fn(ctx, node, depth, out)
    else:  # enter, leave, complete
        def typer(ctx, node, depth):
            if ours(ctx):
                return lambda ctx, node, depth: fn(ctx, node, depth)
    return typer


def implement(ctx_class, **kernels):
    """Register a puzzle's kernels (keyword = hook name) for its context namedtuple class."""
    for hook, fn in kernels.items():
        if hook not in HOOKS:
            raise TypeError(f"unknown hook {hook!r}; expected one of {sorted(HOOKS)}")
        overload(HOOKS[hook], inline="always")(_typer(hook, ctx_class, fn))
