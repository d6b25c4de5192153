"""Link puzzles (连连看 Lianliankan, Shisen-Sho): fewest-segment paths and clearing whole boards."""
from puzzles.link import board as _board
from puzzles.link import cli as _cli
from puzzles.link import editor as _editor
from puzzles.link import render as _render
from puzzles.link import solve as _solve
from puzzles.link.presets import PRESETS


class Link:
    id = "link"
    title = "Link paths (连连看 Lianliankan / Shisen-Sho)"
    description = ("Two tiles of one kind link when a path of straight segments through empty cells joins "
                   "them (the game allows three). Any printable character but '.' is a tile kind; '.' is "
                   "empty; paths may run round the outside of the board.")
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
    def dimensions(b: _board.Board) -> tuple[int, int]:
        return b.width, b.height


FAMILY = Link()
