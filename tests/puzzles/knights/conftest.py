import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.puzzles.knights.board import Board
from puzzle_explorer.puzzles.knights.solve import solve


@pytest.fixture
def run():
    """solve() with a fresh control and no limits (or the ones given)."""
    def go(board: Board, solver: str = "warnsdorff", limits: Limits = Limits(), **options):
        return solve(board, solver, options, SearchControl(), limits)
    return go

