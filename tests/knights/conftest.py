import pytest

from core.progress import SearchControl
from core.search import Limits
from puzzles.knights.board import Board
from puzzles.knights.solve import solve


@pytest.fixture
def run():
    """solve() with a fresh control and no limits (or the ones given)."""
    def go(board: Board, solver: str = "warnsdorff", limits: Limits = Limits(), **options):
        return solve(board, solver, options, SearchControl(), limits)
    return go

