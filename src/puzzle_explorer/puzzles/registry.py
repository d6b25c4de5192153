"""The families the app and the command line know, found by looking for puzzles.*.FAMILY.

A family's package declares its title and description itself (its __init__), and its FAMILY loads
on first use: `ids()` and `declared()` import no family's modules, `get()` only that family's, so a
command that needs one family (or none) loads neither the others nor numba for them.
"""
from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from puzzle_explorer import puzzles

if TYPE_CHECKING:
    from puzzle_explorer.core.kernels.signature import Kernel
    from puzzle_explorer.puzzles.interface import Family

ORDER = ("klotski", "cube8", "die", "knights", "link", "tiles")


@dataclass(frozen=True)
class Declared:
    """What a family's package says of itself before any of its modules load."""

    id: str
    title: str
    description: str


@cache
def declared() -> dict[str, Declared]:
    """Family id -> its declaration, in a stable order: the packages with a family module."""
    found: dict[str, Declared] = {}
    for info in pkgutil.iter_modules(puzzles.__path__):
        if not info.ispkg:
            continue
        folder = importlib.util.find_spec(f"puzzle_explorer.puzzles.{info.name}")
        locations = folder.submodule_search_locations if folder is not None else None
        if not locations or not any(m.name == "family" for m in pkgutil.iter_modules(locations)):
            continue
        package = importlib.import_module(f"puzzle_explorer.puzzles.{info.name}")
        found[info.name] = Declared(info.name, getattr(package, "TITLE", info.name), getattr(package, "DESCRIPTION", ""))
    rank = {name: i for i, name in enumerate(ORDER)}
    return dict(sorted(found.items(), key=lambda kv: (rank.get(kv[0], len(ORDER)), kv[0])))


def ids() -> list[str]:
    """Every family's id, in the stable order, without loading any family."""
    return list(declared())


@cache
def families() -> dict[str, Family]:
    """Family id -> family object, in a stable order (loads every family)."""
    return {family_id: get(family_id) for family_id in declared()}


def get(family_id: str) -> Family:
    """The family with this id (loading it and no other); KeyError names the known ones."""
    known = declared()
    if family_id not in known:
        raise KeyError(f"unknown puzzle family {family_id!r}; known: {', '.join(known)}")
    family: Family = importlib.import_module(f"puzzle_explorer.puzzles.{family_id}").FAMILY
    return family


def kernels_of(family_id: str) -> list[Kernel]:
    """The family's kernels to compile ahead (a module-level function: worker processes import it)."""
    return get(family_id).kernels()
