"""The families the app and the command line know, found by looking for puzzles.*.FAMILY."""
from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from puzzle_explorer import puzzles
from puzzle_explorer.puzzles.interface import Family

ORDER = ("klotski", "cube8", "die", "knights", "link", "tiles")


@cache
def families() -> dict[str, Family]:
    """Family id -> family object, in a stable order."""
    found: dict[str, Family] = {}
    for info in pkgutil.iter_modules(puzzles.__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"puzzle_explorer.puzzles.{info.name}")
        family = getattr(module, "FAMILY", None)
        if family is not None:
            found[family.id] = family
    rank = {name: i for i, name in enumerate(ORDER)}
    return dict(sorted(found.items(), key=lambda kv: (rank.get(kv[0], len(ORDER)), kv[0])))


def get(family_id: str) -> Family:
    """The family with this id; KeyError names the known ones."""
    known = families()
    if family_id not in known:
        raise KeyError(f"unknown puzzle family {family_id!r}; known: {', '.join(known)}")
    return known[family_id]
