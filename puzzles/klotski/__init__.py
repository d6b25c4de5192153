"""Sliding-block puzzles: Huarong Dao (华容道) and any rectangular pieces on boards up to 8x8."""
from puzzles.klotski import board as _board
from puzzles.klotski import cli as _cli
from puzzles.klotski import editor as _editor
from puzzles.klotski import render as _render
from puzzles.klotski import solve as _solve
from puzzles.klotski.presets import PRESETS


class Klotski:
    id = "klotski"
    title = "Sliding blocks (华容道 Huarong Dao)"
    description = ("Slide rectangular pieces until the target reaches its goal. Pieces are letters; "
                   "'.' is empty, '#' a wall.")
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


FAMILY = Klotski()
