"""The knights family object: what the app and the command line see."""
from puzzle_explorer.puzzles.family import PuzzleFamily
from puzzle_explorer.puzzles.knights import DESCRIPTION, TITLE
from puzzle_explorer.puzzles.knights import board as _board
from puzzle_explorer.puzzles.knights import cli as _cli
from puzzle_explorer.puzzles.knights import editor as _editor
from puzzle_explorer.puzzles.knights import render as _render
from puzzle_explorer.puzzles.knights import solve as _solve
from puzzle_explorer.puzzles.knights.presets import PRESETS

FAMILY = PuzzleFamily(
    "knights", TITLE, DESCRIPTION,
    PRESETS, board=_board, editor=_editor, render=_render, solve=_solve, cli=_cli)
