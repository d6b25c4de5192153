"""Knight's tours on any board up to 1000x1000: open or closed, from any square, around blocked squares."""
from puzzles.knights import board as _board
from puzzles.knights import cli as _cli
from puzzles.knights import editor as _editor
from puzzles.knights import render as _render
from puzzles.knights import solve as _solve
from puzzles.knights.presets import PRESETS


class Knights:
    id = "knights"
    title = "Knight's tours (马走日)"
    description = ("Move a knight over every square once, from a given start; open, or closed back to the "
                   "start. Boards up to 1000x1000, with blocked squares if you like.")
    solvers = _solve.SOLVERS
    presets = PRESETS
    edit_actions = _editor.ACTIONS
    brushes = _editor.BRUSHES

    parse = staticmethod(_board.parse)
    format = staticmethod(_board.format_board)
    validate = staticmethod(_board.validate)
    new_board = staticmethod(_editor.new_board)
    cell_size = staticmethod(_render.cell_size)  # (zoom, board=None): pass the board for its number width
    render = staticmethod(_render.render)
    solve = staticmethod(_solve.solve)
    warm = staticmethod(_solve.warm)
    add_cli_arguments = staticmethod(_cli.add_arguments)
    run_cli = staticmethod(_cli.run)

    @staticmethod
    def dimensions(b: _board.Board) -> tuple[int, int]:
        return b.width, b.height


FAMILY = Knights()
