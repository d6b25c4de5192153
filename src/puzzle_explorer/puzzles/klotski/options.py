"""The options every sliding-block solver takes: the move convention and whether like pieces are told apart."""
from __future__ import annotations

from puzzle_explorer.puzzles.interface import Option, Options

MOVES = Option("moves", "Move convention", "choice", "free", ("unit", "straight", "free"),
               "unit: one piece one cell; straight: one piece any distance in a line; "
               "free: one piece anywhere it can slide, turns included")
DISTINCT = Option("distinct", "Distinct pieces", "bool", False,
                  help="treat every piece as its own, not same-shaped pieces as interchangeable",
                  search_only=True)
OPTIONS = (MOVES, DISTINCT)


def convention(options: Options) -> tuple[str, bool]:
    """(the move convention, whether every piece is its own) that the options ask for."""
    return options.get("moves") or MOVES.default, bool(options.get("distinct", False))
