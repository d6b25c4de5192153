"""The board's text form, its defaults, and bad input named by what and where."""
import pytest

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.die import analysis
from puzzle_explorer.puzzles.die.board import Board, format_board, open_board, parse, parse_cells, parse_size, validate
from puzzle_explorer.puzzles.die.presets import PRESETS
from tests.puzzles.boards import refused


def test_parse_reads_cells_start_goal_and_blocked():
    b = parse("S.#\n...\n.G.")
    assert (b.width, b.height) == (3, 3)
    assert b.start == (0, 0) and b.goal == (1, 2) and b.blocked == frozenset({(2, 0)})
    assert parse("S.#/.../.G.") == b
    assert parse(" S . # \n . . . \n . G . ") == b  # spaces inside rows are ignored


def test_defaults_start_top_left_goal_bottom_left():
    b = parse("..../..../....")
    assert b.start == (0, 0) and b.goal == (0, 2)
    assert parse("....").goal == (3, 0)  # one row: the goal is at its right end
    assert open_board(8, 8) == parse(PRESETS[0].text)


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.id)
def test_presets_round_trip_and_validate(preset):
    b = parse(preset.text)
    validate(b)
    assert parse(format_board(b)) == b


def test_sizes_and_cell_lists():
    assert parse_size("12x9") == (12, 9)
    assert parse_cells("1,2; 3,4;", "cell") == [(0, 1), (2, 3)]


@pytest.mark.parametrize("text,words,where", [
    ("S.?/...", "unknown character '?'", (3, 1)),
    ("S../..", "row 2 has 2 cells but row 1 has 3", (1, 2)),
    ("S" + "." * 12, "board is 13x1; the largest is 12x12", None),
    ("/".join(["." * 4] * 13), "board is 4x13", None),
    ("SS./...", "more than one start", (2, 1)),
    ("G.G/S..", "more than one goal", (3, 1)),
])
def test_parse_errors_name_what_and_where(text, words, where):
    refused(parse, text, words, where)


@pytest.mark.parametrize("board,words", [
    (Board(3, 3, frozenset({(0, 0)}), (0, 0), (2, 2)), "start 1,1 is a blocked cell"),
    (Board(3, 3, frozenset({(2, 2)}), (0, 0), (2, 2)), "goal 3,3 is a blocked cell"),
    (Board(3, 3, frozenset(), (3, 0), (2, 2)), "start 4,1 is off the 3x3 board"),
    (Board(3, 3, frozenset(), (0, 0), (0, -1)), "goal 1,0 is off the 3x3 board"),
    (Board(3, 3, frozenset(), (1, 1), (1, 1)), "start and goal are the same cell"),
    (Board(3, 3, frozenset({(5, 5)}), (0, 0), (2, 2)), "blocked cell 6,6 is off"),
])
def test_validate_errors(board, words):
    with pytest.raises(InputError) as err:
        validate(board)
    assert words in str(err.value)


def test_single_cell_board_is_valid():
    validate(parse("S"))


def test_proofs_without_search():
    assert "not connected" in analysis.obstacle(parse("S#./.#./..G".replace("..G", "#.G")))
    assert "has 1 open neighbour" in analysis.obstacle(parse("S../.#./..#/G.."))
    # 12 cells: a tour from a dark cell ends on a light one, but the goal 3,1 is dark
    assert "ends on a light cell, but the goal 3,1 is dark" in analysis.obstacle(parse("S.G./..../...."))
    # three dark cells blocked: 7 light and 5 dark cannot alternate
    assert "must be 6 light and 6 dark; the board has 7 light and 5 dark" in analysis.obstacle(
        parse("#S..#/...../..#.G"))
    assert analysis.obstacle(open_board(8, 8)) is None
