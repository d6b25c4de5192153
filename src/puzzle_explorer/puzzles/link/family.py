"""The link family object: what the app and the command line see."""
from puzzle_explorer.puzzles.family import PuzzleFamily
from puzzle_explorer.puzzles.link import DESCRIPTION, TITLE
from puzzle_explorer.puzzles.link import board as _board
from puzzle_explorer.puzzles.link import cli as _cli
from puzzle_explorer.puzzles.link import editor as _editor
from puzzle_explorer.puzzles.link import render as _render
from puzzle_explorer.puzzles.link import solve as _solve
from puzzle_explorer.puzzles.link.presets import PRESETS

FAMILY = PuzzleFamily(
    "link", TITLE, DESCRIPTION,
    PRESETS, board=_board, editor=_editor, render=_render, solve=_solve, cli=_cli)
