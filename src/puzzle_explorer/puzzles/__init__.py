"""Puzzle families: one package each, every one speaking the interface in puzzle_explorer.puzzles.interface.

A family's package module holds only TITLE and DESCRIPTION (what the command line lists before
the family loads, puzzles/registry.py) and `__getattr__ = family_on_first_use(__name__)`.
"""
from __future__ import annotations

import importlib
from typing import Any, Callable


def family_on_first_use(package: str) -> Callable[[str], Any]:
    """A family package's module __getattr__: its FAMILY (from `package`.family) loads on first
    use, so a worker process that runs one of the family's kernels, or a contest answered from a
    table, imports only the modules it needs, not the app's editor, renderer and CLI."""
    def __getattr__(name: str) -> Any:
        if name == "FAMILY":
            return importlib.import_module(f"{package}.family").FAMILY
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
