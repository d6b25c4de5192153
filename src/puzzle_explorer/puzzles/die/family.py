"""The die family object: what the app and the command line see."""
from puzzle_explorer.puzzles.die import DESCRIPTION, TITLE
from puzzle_explorer.puzzles.die import board as _board
from puzzle_explorer.puzzles.die import cli as _cli
from puzzle_explorer.puzzles.die import editor as _editor
from puzzle_explorer.puzzles.die import render as _render
from puzzle_explorer.puzzles.die import solve as _solve
from puzzle_explorer.puzzles.die.presets import PRESETS
from puzzle_explorer.puzzles.family import PuzzleFamily

FAMILY = PuzzleFamily(
    "die", TITLE, DESCRIPTION,
    PRESETS, board=_board, editor=_editor, render=_render, solve=_solve, cli=_cli)
