"""The ways kernels are compiled.

kernel  an entry point that Python calls: compiled for each argument
        signature it meets, cached on disk, releasing the GIL while it runs.
helper  a small piece of kernels, inlined where it is called (one that
        allocates no arrays runs without reference counting).
routine a larger piece of kernels (a puzzle's hooks, a sweep several places
        call, anything that allocates), called rather than inlined.

A Kernel (core/kernels/signature.py) names one signature of a kernel with example arguments, so it can be compiled
ahead of its first search (core/run/warmup.py).

Helpers and routines have no Python entry point (no wrapper to compile) and
are compiled for the plain types of their arguments: a constant passed in
does not make a variant of its own, where a kernel called with `0` here and
`n` there compiles twice. A helper is inlined by LLVM, which costs far less
compile time than numba's own inlining (copying and typing the function
again at every call); without reference counting, arrays passed to it cost
nothing in a hot loop.
"""
from typing import Any, Callable, TypeVar, cast, overload

from numba import njit
from numba._dispatcher import compute_fingerprint
from numba.extending import register_jitable

from puzzle_explorer.core.kernels import array_types, cache_files
from puzzle_explorer.core.kernels.signature import Kernel as Kernel  # where the families' lists name it

cache_files.install()  # before the first kernel: numba opens a kernel's cache files when it is decorated
array_types.install()  # before the first call: arrays typed without loading numpy.ma

# A kernel, helper or routine is called like the function it compiles (a kernel also has the
# dispatcher's own methods: compile, py_func, signatures).
F = TypeVar("F", bound=Callable[..., Any])

# Every kernel made here, so tests can see which signatures got compiled.
KERNELS: list[Any] = []

# Options are spelt out, not left to numba, which would take them from whatever compiles first.
_PIECE = {"nogil": True, "no_cpython_wrapper": True, "no_cfunc_wrapper": True}
_OPTIONS: dict[Callable[..., Any], dict[str, bool]] = {}  # each helper and routine: the options it compiles with


def kernel(fn: F) -> F:
    """Compile fn in nopython mode, cached on disk, releasing the GIL while it runs."""
    # _nrt and no_cfunc_wrapper are numba's own options, which its type hints leave out
    dispatcher = njit(cache=True, nogil=True, forceinline=False, _nrt=True,  # type: ignore[call-overload]
                      no_cfunc_wrapper=True)(fn)
    KERNELS.append(dispatcher)
    return cast(F, dispatcher)


@overload
def helper(fn: F) -> F: ...
@overload
def helper(fn: None = None, *, allocates: bool = False) -> Callable[[F], F]: ...


def helper(fn: F | None = None, *, allocates: bool = False) -> F | Callable[[F], F]:
    """fn inlined into each kernel that calls it (no call overhead). A helper that
    allocates no arrays runs without reference counting, so the arrays passed to
    it cost nothing; one that does says so: @helper(allocates=True)."""
    if fn is None:
        return lambda f: _piece(f, inline=True, counted=allocates)
    return _piece(fn, inline=True, counted=allocates)


@overload
def routine(fn: F) -> F: ...
@overload
def routine(fn: None = None, *, allocates: bool = True) -> Callable[[F], F]: ...


def routine(fn: F | None = None, *, allocates: bool = True) -> F | Callable[[F], F]:
    """fn compiled once per argument types and called from the kernels that use it. One that
    allocates no arrays may say so, @routine(allocates=False): it then runs without reference
    counting, so a context of many arrays costs nothing to pass it."""
    if fn is None:
        return lambda f: _piece(f, inline=False, counted=allocates)
    return _piece(fn, inline=False, counted=True)


def _options(inline: bool, counted: bool) -> dict[str, bool]:
    return {**_PIECE, "forceinline": inline, "_nrt": counted}


# Every set of options a piece compiles with (core/kernels/ops.py registers the hooks' typing for each).
PIECE_OPTIONS: list[Any] = [_options(inline, counted) for inline in (True, False) for counted in (True, False)]


def _piece(fn: F, inline: bool, counted: bool) -> F:
    options = _options(inline, counted)
    _OPTIONS[fn] = options
    return register_jitable(**options)(fn)


def piece(fn: Any) -> tuple[Callable[..., Any], Any]:
    """(Python function, jit options) that compile fn as a piece of other kernels: a helper
    or routine as declared, a kernel as a routine."""
    if fn in _OPTIONS:
        return fn, _OPTIONS[fn]
    return fn.py_func, _options(inline=False, counted=True)


# What prepare has compiled, by the kernel and its arguments' fingerprint: numba's typeof walks a
# context of dozens of arrays in Python, milliseconds a kernel, where a small search takes a few.
_PREPARED: set[tuple[int, tuple[type, ...], bytes]] = set()


def prepare(dispatcher: Any, *args: Any) -> None:
    """Compile (or load from the disk cache) dispatcher for these arguments, without running it."""
    from numba import typeof

    try:
        # the fingerprint numba's dispatcher picks a compiled version by (the top-level classes too:
        # it does not tell two namedtuple classes of the same fields apart)
        key = (id(dispatcher), tuple(map(type, args)), compute_fingerprint(args))
    except (TypeError, ValueError, NotImplementedError):
        key = None
    if key is not None and key in _PREPARED:
        return
    dispatcher.compile(tuple(map(typeof, args)))
    if key is not None:
        _PREPARED.add(key)
