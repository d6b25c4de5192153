"""The cube8 family object: what the app and the command line see."""
from puzzles.cube8 import board as _board
from puzzles.cube8 import cli as _cli
from puzzles.cube8 import editor as _editor
from puzzles.cube8 import render as _render
from puzzles.cube8 import solve as _solve
from puzzles.cube8.presets import PRESETS


class Cube8:
    id = "cube8"
    title = "Cubic eight-puzzle (rolling cubes)"
    description = ("Roll eight cubes on a 3x3 board until their tops show the target pattern. Cubes start "
                   "white on top, blue along x, red along y; the target is rows of W/B/R with E where the "
                   "empty square ends.")
    solvers = _solve.SOLVERS
    presets = PRESETS
    edit_actions = _editor.ACTIONS
    brushes = _editor.BRUSHES

    parse = staticmethod(_board.parse)
    format = staticmethod(_board.format_board)
    validate = staticmethod(_board.validate)
    new_board = staticmethod(_editor.new_board)
    cell_size = staticmethod(_render.cell_size)
    render = staticmethod(_render.render)
    solve = staticmethod(_solve.solve)
    warm = staticmethod(_solve.warm)
    add_cli_arguments = staticmethod(_cli.add_arguments)
    run_cli = staticmethod(_cli.run)

    @staticmethod
    def dimensions(board: _board.Board) -> tuple[int, int]:
        return 3, 3


FAMILY = Cube8()
