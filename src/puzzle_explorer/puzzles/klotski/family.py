"""The klotski family object: what the app and the command line see."""
from puzzle_explorer.puzzles.family import PuzzleFamily
from puzzle_explorer.puzzles.klotski import DESCRIPTION, TITLE
from puzzle_explorer.puzzles.klotski import board as _board
from puzzle_explorer.puzzles.klotski import cli as _cli
from puzzle_explorer.puzzles.klotski import distances as _distances
from puzzle_explorer.puzzles.klotski import editor as _editor
from puzzle_explorer.puzzles.klotski import render as _render
from puzzle_explorer.puzzles.klotski import solve as _solve
from puzzle_explorer.puzzles.klotski.presets import PRESETS

FAMILY = PuzzleFamily(
    "klotski", TITLE, DESCRIPTION,
    PRESETS, board=_board, editor=_editor, render=_render, solve=_solve, cli=_cli, distances=_distances)
