"""The tiles family object: what the app and the command line see."""
from puzzle_explorer.puzzles.family import PuzzleFamily
from puzzle_explorer.puzzles.tiles import DESCRIPTION, TITLE
from puzzle_explorer.puzzles.tiles import board as _board
from puzzle_explorer.puzzles.tiles import cli as _cli
from puzzle_explorer.puzzles.tiles import distances as _distances
from puzzle_explorer.puzzles.tiles import editor as _editor
from puzzle_explorer.puzzles.tiles import render as _render
from puzzle_explorer.puzzles.tiles import solve as _solve
from puzzle_explorer.puzzles.tiles.presets import PRESETS

FAMILY = PuzzleFamily(
    "tiles", TITLE, DESCRIPTION,
    PRESETS, board=_board, editor=_editor, render=_render, solve=_solve, cli=_cli, distances=_distances)
