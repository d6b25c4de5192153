"""The board text format: round trips, settings, and errors that say what and where."""
import pytest

from puzzle_explorer.puzzles.link.board import Board, format_board, parse
from puzzle_explorer.puzzles.link.presets import PRESETS
from tests.puzzles.boards import refused


def test_inline_and_multiline_read_the_same():
    assert parse("AB./.BA") == parse("AB.\n.BA\n") == Board(("AB.", ".BA"))


def test_slash_is_a_tile_on_multiline_boards():
    board = parse("A/\n/A\n")
    assert board.rows == ("A/", "/A")
    assert parse(format_board(board)) == board


def test_settings_round_trip():
    text = "A.A\n.B.\nB..\nsegments: 5\noutside: no\ngravity: yes\nmarked: 1,1 3,1\n"
    board = parse(text)
    assert (board.max_segments, board.outside, board.gravity, board.marked) == (5, False, True, ((0, 0), (2, 0)))
    assert format_board(board) == text
    assert parse(format_board(board)) == board


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.id)
def test_presets_parse_and_round_trip(preset):
    board = parse(preset.text)
    assert parse(format_board(board)) == board


def test_any_printable_character_is_a_kind():
    board = parse("漢@#\n@漢#")
    assert board.kind_counts() == {"#": 2, "@": 2, "漢": 2}


@pytest.mark.parametrize("text,words,where", [
    ("AB\nA", "row 2 has 1 cell but row 1 has 2", (1, 2)),
    ("A B", "a space cannot be a cell", (2, 1)),
    ("A\tB", "a tab cannot be a cell", (2, 1)),
    ("A" * 101, "board is 101x1", None),
    ("AB\nsegments: 0", "segments: expects a whole number", None),
    ("AB\noutside: maybe", "outside: expects yes or no", None),
    ("AB\nmarked: 3,1", "marked cell 3,1 is off the 2x1 board", None),
    ("AB\nmarked: 1,1 1,1", "the same cell is marked twice", (1, 1)),
    ("AB\nmarked: 1,1 2,1 1,1", "3 cells are marked", None),
    ("AB\nmarked: x", "is not x,y", None),
])
def test_bad_boards_say_what_and_where(text, words, where):
    refused(parse, text, words, where)
