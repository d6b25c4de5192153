"""One kernel signature a family's searches use, named, for compiling it ahead of its first search.

Plain Python, so that a list of them can be passed around (core/run/warmup.py, core/run/ahead.py)
by modules that must not load numba themselves."""
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Kernel:
    """One kernel signature a family's searches use: a name for people, the kernel, example
    arguments (core/run/warmup.py compiles a family's list of them before its first search)."""

    name: str
    dispatcher: Any
    args: tuple[Any, ...]
