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

from core.jit import piece

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


def _typer(hook, ctx_class, impl):
    """An overload typer with the stub's own signature that picks impl for ctx_class only."""
    def ours(ctx):
        return getattr(ctx, "instance_class", None) is ctx_class

    if hook == "expand":
        def typer(state, ctx, out):
            return impl if ours(ctx) else None
    elif hook in ("is_goal", "heuristic"):
        def typer(state, ctx):
            return impl if ours(ctx) else None
    elif hook == "branching":
        def typer(ctx):
            return impl if ours(ctx) else None
    elif hook == "children":
        def typer(ctx, node, depth, out):
            return impl if ours(ctx) else None
    else:  # enter, leave, complete
        def typer(ctx, node, depth):
            return impl if ours(ctx) else None
    return typer


# The modules that registered hooks, per context class: a worker process that receives a context
# imports them, since unpickling the context imports only the module defining its class.
HOOK_MODULES: dict = {}


def hook_modules(ctx) -> list[str]:
    """The modules to import before searching over this context in another process."""
    return sorted(HOOK_MODULES.get(type(ctx), ()))


def implement(ctx_class, **kernels):
    """Register a puzzle's functions (keyword = hook name) for its context namedtuple class.

    Each is compiled straight as the stub's implementation, with the options
    it was declared with (helper: inlined; routine or kernel: called), so no
    wrapper function stands between a search and the puzzle.
    """
    HOOK_MODULES.setdefault(ctx_class, set()).update(fn.__module__ for fn in kernels.values())
    for hook, fn in kernels.items():
        if hook not in HOOKS:
            raise TypeError(f"unknown hook {hook!r}; expected one of {sorted(HOOKS)}")
        impl, options = piece(fn)
        overload(HOOKS[hook], jit_options=options, strict=False)(_typer(hook, ctx_class, impl))
