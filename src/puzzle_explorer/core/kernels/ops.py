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
from typing import Any, Callable

from numba.extending import overload

from puzzle_explorer.core.kernels.jit import piece

# A heuristic this large proves the state has no way to a goal: A* and IDA* drop it, so a
# board whose goal is out of reach is proved unsolvable instead of deepening forever.
DEAD_END = 1 << 40


def expand(state: int, ctx: Any, out: Any) -> int:
    raise NotImplementedError("implemented per puzzle with puzzle_explorer.core.kernels.ops.implement")


def is_goal(state: int, ctx: Any) -> bool:
    raise NotImplementedError("implemented per puzzle with puzzle_explorer.core.kernels.ops.implement")


def heuristic(state: int, ctx: Any) -> int:
    raise NotImplementedError("implemented per puzzle with puzzle_explorer.core.kernels.ops.implement")


def branching(ctx: Any) -> int:
    raise NotImplementedError("implemented per puzzle with puzzle_explorer.core.kernels.ops.implement")


def children(ctx: Any, node: int, depth: int, out: Any) -> int:
    raise NotImplementedError("implemented per puzzle with puzzle_explorer.core.kernels.ops.implement")


def enter(ctx: Any, node: int, depth: int) -> None:
    raise NotImplementedError("implemented per puzzle with puzzle_explorer.core.kernels.ops.implement")


def leave(ctx: Any, node: int, depth: int) -> None:
    raise NotImplementedError("implemented per puzzle with puzzle_explorer.core.kernels.ops.implement")


def complete(ctx: Any, node: int, depth: int) -> bool:
    raise NotImplementedError("implemented per puzzle with puzzle_explorer.core.kernels.ops.implement")


HOOKS: dict[str, Callable[..., Any]] = {
    "expand": expand,
    "is_goal": is_goal,
    "heuristic": heuristic,
    "branching": branching,
    "children": children,
    "enter": enter,
    "leave": leave,
    "complete": complete,
}


def _typer(hook: str, ctx_class: type, impl: Callable[..., Any]) -> Callable[..., Any]:
    """An overload typer with the stub's own signature that picks impl for ctx_class only."""
    def ours(ctx: Any) -> Callable[..., Any] | None:
        return impl if getattr(ctx, "instance_class", None) is ctx_class else None

    typer: Callable[..., Callable[..., Any] | None]
    if hook == "expand":
        typer = lambda state, ctx, out: ours(ctx)  # noqa: E731
    elif hook in ("is_goal", "heuristic"):
        typer = lambda state, ctx: ours(ctx)  # noqa: E731
    elif hook == "branching":
        typer = lambda ctx: ours(ctx)  # noqa: E731
    elif hook == "children":
        typer = lambda ctx, node, depth, out: ours(ctx)  # noqa: E731
    else:  # enter, leave, complete
        typer = lambda ctx, node, depth: ours(ctx)  # noqa: E731
    return typer


# The modules that registered hooks, per context class: a worker process that receives a context
# imports them, since unpickling the context imports only the module defining its class.
HOOK_MODULES: dict[type, set[str]] = {}


def hook_modules(ctx: object) -> list[str]:
    """The modules to import before searching over this context in another process."""
    return sorted(HOOK_MODULES.get(type(ctx), ()))


def implement(ctx_class: type, **kernels: Callable[..., Any]) -> None:
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
