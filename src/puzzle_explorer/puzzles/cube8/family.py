"""The cube8 family object: what the app and the command line see."""
from puzzle_explorer.puzzles.cube8 import DESCRIPTION, TITLE
from puzzle_explorer.puzzles.cube8 import board as _board
from puzzle_explorer.puzzles.cube8 import cli as _cli
from puzzle_explorer.puzzles.cube8 import distances as _distances
from puzzle_explorer.puzzles.cube8 import editor as _editor
from puzzle_explorer.puzzles.cube8 import render as _render
from puzzle_explorer.puzzles.cube8 import solve as _solve
from puzzle_explorer.puzzles.cube8.presets import PRESETS
from puzzle_explorer.puzzles.family import PuzzleFamily

FAMILY = PuzzleFamily(
    "cube8", TITLE, DESCRIPTION,
    PRESETS, board=_board, editor=_editor, render=_render, solve=_solve, cli=_cli, dimensions=lambda board: (3, 3),
    distances=_distances)
