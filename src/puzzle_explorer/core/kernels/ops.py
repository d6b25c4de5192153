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

from puzzle_explorer.core.kernels.jit import PIECE_OPTIONS, piece

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


def _typer(hook: str, impls: dict[type, Callable[..., Any]]) -> Callable[..., Any]:
    """An overload typer with the stub's own signature that picks the context class's impl in impls."""
    def ours(ctx: Any) -> Callable[..., Any] | None:
        instance_class = getattr(ctx, "instance_class", None)  # a namedtuple's numba type has one
        return None if instance_class is None else impls.get(instance_class)

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


def _options_key(options: dict[str, bool]) -> tuple[tuple[str, bool], ...]:
    return tuple(sorted(options.items()))


# The puzzles' functions: hook -> jit options -> context class -> function. Each stub's typing is
# registered once, here, one overload per set of options; implement() only fills these tables. An
# overload registered per puzzle gives the stub a new numba type whenever numba loads it, and a
# puzzle's hooks can be registered while numba types a search: reading a kernel's cache index
# imports the context class of every signature in it, another family's too (a `warm` worker typing
# klotski's IDA* while another saved cube8's). The search then meets two types for one stub and
# fails: "Cannot unify Function(branching) and Function(branching)".
_IMPLEMENTED: dict[str, dict[tuple[tuple[str, bool], ...], dict[type, Callable[..., Any]]]] = {}


def _register_typing() -> None:
    for hook, stub in HOOKS.items():
        for options in PIECE_OPTIONS:
            impls = _IMPLEMENTED.setdefault(hook, {}).setdefault(_options_key(options), {})
            overload(stub, jit_options=options, strict=False)(_typer(hook, impls))


_register_typing()

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
    unknown = sorted(set(kernels) - set(HOOKS))
    if unknown:
        raise TypeError(f"unknown hook {unknown[0]!r}; expected one of {sorted(HOOKS)}")
    HOOK_MODULES.setdefault(ctx_class, set()).update(fn.__module__ for fn in kernels.values())
    for hook, fn in kernels.items():
        impl, options = piece(fn)
        for impls in _IMPLEMENTED[hook].values():  # one overload only may answer for the class
            impls.pop(ctx_class, None)
        _IMPLEMENTED[hook][_options_key(options)][ctx_class] = impl
