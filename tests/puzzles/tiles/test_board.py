"""The text format: round trips, goals, and every kind of bad board named with its place."""
import pytest

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.tiles.board import Board, format_board, inline, parse, solved_tiles, validate
from puzzle_explorer.puzzles.tiles.presets import PRESETS
from tests.puzzles.boards import refused


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.id)
def test_presets_round_trip(preset):
    board = parse(preset.text)
    assert parse(format_board(board)) == board
    assert parse(inline(board) + ("\ngoal: blank first" if board.blank_first_goal() else "")) == board


def test_rows_blank_and_separators():
    a = parse("1 2 3\n4 . 5\n7 8 6\n")
    b = parse("1 2 3 / 4 0 5 / 7 8 6")
    assert a == b and (a.width, a.height) == (3, 3) and a.blank == (1, 1)
    assert a.tiles == (1, 2, 3, 4, 0, 5, 7, 8, 6)
    wide = parse("1 2 3 4 5/6 7 8 9 .")
    assert (wide.width, wide.height) == (5, 2) and wide.solved()


def test_goals():
    first = parse("1 2/3 .\ngoal: blank first")
    assert first.goal_tiles() == (0, 1, 2, 3) and first.blank_first_goal()
    assert "goal: blank first" in format_board(first)
    last = parse("1 2/3 .\ngoal: blank last")
    assert last.goal is None and last.solved()
    custom = parse("1 2/3 .\ngoal: 3 1/2 .")
    assert custom.goal_tiles() == (3, 1, 2, 0)
    assert parse(format_board(custom)) == custom
    assert parse("1 2/3 .\ngoal: 1 2/3 0").goal is None  # the default, spelled out


def test_a_goal_on_the_same_line_as_the_rows():
    assert parse("1 2/3 ./goal: blank first") == parse("1 2/3 .\ngoal: blank first")
    assert parse("1 2/3 . / Goal: 3 1 / 2 .").goal_tiles() == (3, 1, 2, 0)


@pytest.mark.parametrize("text, words, where", [
    ("1 2 3/4 5/6 7 .", "row 2 has 2 numbers but row 1 has 3", (1, 2)),
    ("1 2/2 .", "tile 2 appears twice, at 2,1 and 1,2 (missing: 3)", (1, 2)),
    ("1 . /. 3", "the blank appears twice", (1, 2)),
    ("1 2/3 4", "tile 4 is too big: a 2x2 board has tiles 1 to 3", (2, 2)),
    ("1 2/3 x", "'x' is not a tile number", (2, 2)),
    ("1 2/3 -1", "'-1' is not a tile number", (2, 2)),
    ("1 2 ./", "board is 3x1", None),
    ("1 2 3 4 5 6 7/8 9 10 11 12 13 ./14 15 16 17 18 19 20", "board is 7x3; each side must be 2 to 6", None),
    ("1 2/3 .\nsize: 2x2", "unknown setting 'size'", None),
    ("1 2/3 .\ngoal: 1 2 3/4 5 6/7 8 .", "the goal is 3x3 but the board is 2x2", None),
    ("1 2/3 .\ngoal: 1 1/2 .", "goal: tile 1 appears twice", (2, 1)),
    ("1 2/3 ./goal: 1 2 3/4 5 6/7 8 .", "the goal is 3x3 but the board is 2x2", None),
])
def test_bad_boards_say_what_and_where(text, words, where):
    error = refused(parse, text, words, where)
    assert "\n" not in str(error)


def test_validate_checks_values_built_in_code():
    validate(Board(2, 2, (1, 2, 3, 0)))
    with pytest.raises(InputError, match="4 cells, not 3"):
        validate(Board(2, 2, (1, 2, 0)))
    with pytest.raises(InputError, match="goal: tile 1 appears twice"):
        validate(Board(2, 2, (1, 2, 3, 0), goal=(1, 1, 2, 0)))


def test_solved_tiles():
    assert solved_tiles(3, 2) == (1, 2, 3, 4, 5, 0)
    assert solved_tiles(3, 2, blank_first=True) == (0, 1, 2, 3, 4, 5)
