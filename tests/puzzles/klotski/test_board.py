"""The text format, validation and its error messages, and the editor operations."""
import pytest

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.interface import ZOOM_HUGE, ZOOM_LARGE, ZOOM_NORMAL, ZOOM_OVERVIEW, View
from puzzle_explorer.puzzles.klotski import editor
from puzzle_explorer.puzzles.klotski.board import Board, format_board, parse, validate
from puzzle_explorer.puzzles.klotski.kernels.packing import make_layout
from puzzle_explorer.puzzles.klotski.presets import PRESETS
from puzzle_explorer.puzzles.klotski.render import cell_size, render
from tests.puzzles.boards import refused


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.id)
def test_round_trip_of_every_preset(preset):
    board = parse(preset.text)
    assert parse(format_board(board)) == board
    assert board.inline() == preset.text.replace("@", ".")


def test_round_trip_keeps_target_goal_and_walls():
    board = parse("ab#/.c.\ntarget: c\ngoal: 3,2")
    assert board.target == "c" and board.goal == (2, 1) and (2, 0) in board.walls
    assert parse(format_board(board)) == board


def test_published_notation_with_at_signs():
    board = parse("HAAI/HAAI/JBBK/JNOK/P@@Q")
    assert (board.width, board.height) == (4, 5)
    assert board.target_piece().letter == "A"
    assert board.goal_cell() == (1, 3)
    assert board.piece("B").shape == (2, 1)


@pytest.mark.parametrize("text,words,where", [
    ("AB/C!", "unknown character '!'", (2, 2)),
    ("AAB/A.B", "piece 'A' is not one filled rectangle", (2, 2)),
    ("ABC/AB", "row 2 has 2 cells but row 1 has 3", (1, 2)),
    ("A........", "board is 9x1; the largest is 8x8", None),
    ("AB\ncolour: red", "unknown setting 'colour'", None),
])
def test_parse_errors_name_what_and_where(text, words, where):
    error = refused(parse, text, words, where)
    if where:
        assert f"x,y = {where[0]},{where[1]}" in str(error)


@pytest.mark.parametrize("text,words", [
    ("AB/CD", "tie for the largest"),
    ("...", "no target: the board has no pieces"),
    ("AA./...\ngoal: 3,1", "goal 3,1 puts piece A (2x1) off the 3x2 board"),
    ("AA./..#\ngoal: 2,2", "on a wall"),
    ("AB\ntarget: Z", "target piece 'Z' is not on the board"),
])
def test_validation_errors(text, words):
    with pytest.raises(InputError, match=words.replace("(", r"\(").replace(")", r"\)")):
        validate(parse(text))


def test_too_many_distinct_pieces_for_a_word_is_refused():
    board = parse("ABCDEFGH/IJKLMNOP/QRSTUVWX/Y.......\ntarget: A")
    make_layout(board, "unit", distinct=False)  # interchangeable: fits
    with pytest.raises(InputError, match="too many distinct pieces"):
        make_layout(board, "unit", distinct=True)


def test_editor_places_moves_marks_and_deletes():
    b, cur = editor.new_board(), (1, 0)
    b, cur = editor.place(b, cur, "2x2")
    assert b.piece_at((2, 1)).shape == (2, 2)
    with pytest.raises(InputError, match="in the way"):
        editor.place(b, (2, 1), "1x1")
    with pytest.raises(InputError, match="does not fit"):
        [a for a in editor.ACTIONS if a.id == "move_up"][0].apply(b, (2, 1), "")


def test_editor_moves_and_resizes():
    b = parse("A../.../...")
    b, cur = editor.place(b, (1, 1), "1x2")
    moved, cur = [a for a in editor.ACTIONS if a.id == "move_right"][0].apply(b, (1, 2), "")
    assert moved.piece_at((2, 1)) is not None and cur == (2, 2)
    with pytest.raises(InputError, match="does not fit"):
        [a for a in editor.ACTIONS if a.id == "move_right"][0].apply(moved, (2, 2), "")
    target, _ = editor.mark_target(moved, (2, 1))
    assert target.target == moved.piece_at((2, 1)).letter
    goal, _ = editor.mark_goal(target, (0, 0))
    assert goal.goal == (0, 0)
    smaller, cur = [a for a in editor.ACTIONS if a.id == "narrower"][0].apply(goal, (2, 2), "")
    assert smaller.width == 2 and cur == (1, 2) and smaller.target is None
    deleted, _ = editor.delete(smaller, (0, 0))
    assert deleted.pieces == ()
    with pytest.raises(InputError, match="nothing to delete"):
        editor.delete(deleted, (0, 0))
    walled, _ = editor.place(deleted, (1, 1), "wall")
    assert (1, 1) in walled.walls
    assert editor.delete(walled, (1, 1))[0].walls == frozenset()


def test_new_board_is_empty_classic_size():
    assert editor.new_board() == Board(4, 5)


@pytest.mark.parametrize("zoom", [ZOOM_NORMAL, ZOOM_OVERVIEW, ZOOM_LARGE, ZOOM_HUGE])
def test_every_row_of_the_drawing_is_as_tall_as_the_others(zoom):
    """The last row's lower lines are the colour of its pieces too: once trimmed as trailing blanks,
    a large drawing's bottom row was one line high under rows three lines high."""
    board = parse(PRESETS[0].text)
    drawing = render(board, View(zoom=zoom))
    _, high = cell_size(zoom)
    lines = drawing.split("\n")
    assert len(lines) == board.height * high
    coloured = [line for line in lines[-high:] if any(span.style.bgcolor for span in line.spans)]
    assert len(coloured) == high
