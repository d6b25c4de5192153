"""Rolling-die tours: roll a die with a marked face over every open cell once, start to goal."""
from puzzles.die import board as _board
from puzzles.die import cli as _cli
from puzzles.die import editor as _editor
from puzzles.die import render as _render
from puzzles.die import solve as _solve
from puzzles.die.presets import PRESETS


class Die:
    id = "die"
    title = "Rolling-die tours"
    description = ("Roll a die over every open cell exactly once, from the start to the goal; the marked face "
                   "(♥) starts on top and may not come back on top on the way. '.' open, '#' blocked, "
                   "'S' start, 'G' goal.")
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


FAMILY = Die()
