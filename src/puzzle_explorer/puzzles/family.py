"""A family object built from its modules, laid out the same way in every family."""
from __future__ import annotations

import argparse
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any

from puzzle_explorer.core.run import ahead
from puzzle_explorer.core.run.warmup import compile_kernels
from puzzle_explorer.puzzles.interface import Options, Preset, Solution, answered_by, plain_headline
from puzzle_explorer.puzzles.kit import cli_support, modes

if TYPE_CHECKING:
    from puzzle_explorer.core.run.progress import SearchControl
    from puzzle_explorer.core.run.search import Limits


def _width_height(board: Any) -> tuple[int, int]:
    return board.width, board.height


class PuzzleFamily:
    """What the app and the command line see of a family (the `interface.Family` protocol).

    board: parse, format_board, validate · editor: ACTIONS, BRUSHES, new_board ·
    render: cell_size, render, MARKS (optional) · solve: SOLVERS, solve, kernels, headline (optional) · cli: add_arguments, run,
    add_board_arguments and board_from_args (optional: the options that give a board, for `race`) ·
    distances (optional): space, moves, HINT_SOLVER, for the census from the goal and play mode.
    """

    def __init__(self, id: str, title: str, description: str, presets: tuple[Preset, ...], *,
                 board: ModuleType, editor: ModuleType, render: ModuleType, solve: ModuleType, cli: ModuleType,
                 dimensions: Callable[[Any], tuple[int, int]] = _width_height,
                 distances: ModuleType | None = None) -> None:
        self.id = id
        self.title = title
        self.description = description
        self.presets = presets
        self.solvers = solve.SOLVERS
        self.edit_actions = editor.ACTIONS
        self.brushes = editor.BRUSHES
        self.parse = board.parse
        self.format = board.format_board
        self.validate = board.validate
        self.new_board = editor.new_board
        self.dimensions = dimensions
        self.cell_size = render.cell_size
        self.render = render.render
        self.marks: tuple[tuple[str, str], ...] = getattr(render, "MARKS", ())
        self._solve = solve.solve
        self.kernels = solve.kernels
        self._headline: Callable[[Solution], str] | None = getattr(solve, "headline", None)
        self._add_cli_arguments = cli.add_arguments
        self._run_cli = cli.run
        self.modes: tuple[modes.Mode, ...] = getattr(cli, "MODES", ())
        self.distances = distances
        self._add_board_arguments = getattr(cli, "add_board_arguments", None)
        self._board_from_args = getattr(cli, "board_from_args", None)

    def add_cli_arguments(self, parser: argparse.ArgumentParser) -> None:
        """`solve FAMILY`'s flags, each remembered with its default (to refuse one its mode does not read)."""
        self._add_cli_arguments(parser)
        modes.record_flags(parser)

    def run_cli(self, args: argparse.Namespace, console: Any) -> int:
        """`solve FAMILY`: a flag the chosen mode does not read is refused (puzzles/kit/modes.py) first."""
        modes.refuse_unused(args, self.modes)
        return int(self._run_cli(args, console))

    def add_board_arguments(self, parser: argparse.ArgumentParser) -> None:
        """The command-line options that give a board (for commands beside `solve`, such as
        `race`): the cli module's own, or --board, --file and --preset."""
        if self._add_board_arguments is not None:
            self._add_board_arguments(parser)
        else:
            cli_support.add_board_arguments(parser, "see `puzzle-explorer list`")

    def board_from_args(self, args: argparse.Namespace) -> Any:
        """The validated board those options give; InputError says what is wrong."""
        if self._board_from_args is not None:
            return self._board_from_args(args)
        board = self.parse(cli_support.board_text(args, self))
        self.validate(board)
        return board

    def solve(self, board: Any, solver: str, options: Options, control: SearchControl, limits: Limits,
              *more: Any) -> Solution:
        """Run one of the family's solvers (its solve module's solve()), once the kernels the app
        compiles in the background for this family are in the cache (core/run/ahead.py)."""
        ahead.wait_for(self.id, control)
        return self._solve(board, solver, options, control, limits, *more)  # type: ignore[no-any-return]

    def headline(self, solution: Solution) -> str:
        """What the search found, in the family's words (its solve module's headline()), or the
        plain default: the length in moves, marked shortest when the solver guarantees it."""
        if self._headline is not None:
            return self._headline(solution)
        solver = answered_by(self.solvers, solution)
        return plain_headline(solution, "moves", solver is not None and bool(solver.optimal))

    def warm(self) -> None:
        """Compile (or load from the disk cache) every kernel the family's solvers run."""
        compile_kernels(self.id, self.kernels())
