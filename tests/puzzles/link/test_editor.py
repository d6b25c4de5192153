"""Playing and editing in the app's terms: pure (board, cursor, brush) actions, and the drawing."""
import re

import pytest
from rich.console import Console

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.interface import View
from puzzle_explorer.puzzles.link import FAMILY
from puzzle_explorer.puzzles.link.board import Board, parse
from puzzle_explorer.puzzles.link.presets import BY_ID
from tests.keys import keys_taken_while_editing
from tests.puzzles.link import reference

ACT = {a.id: a.apply for a in FAMILY.edit_actions}


def text_of(renderable, width=120):
    console = Console(width=width, color_system=None, record=True)
    console.print(renderable)
    return console.export_text()


def test_keys_avoid_the_apps_own():
    keys = [a.key for a in FAMILY.edit_actions]
    assert len(keys) == len(set(keys))
    taken = keys_taken_while_editing()
    for key in keys:
        assert key not in taken and not key.startswith("ctrl+") and not re.fullmatch(r"f\d+", key), key


def test_mark_two_then_remove_with_gravity():
    board = Board(("A.", "BA", "AB"), gravity=True)
    board, cur = ACT["mark"](board, (0, 0), "")
    board, cur = ACT["mark"](board, (1, 1), "")
    assert board.marked == ((0, 0), (1, 1))
    after, _ = ACT["remove"](board, cur, "")
    assert after.rows == reference.remove(("A.", "BA", "AB"), (0, 0), (1, 1), gravity=True)
    assert after.marked == () and len(after.trail) >= 2


def test_marking_toggles_and_a_third_mark_starts_over():
    board = Board(("AB", "BA"))
    board, _ = ACT["mark"](board, (0, 0), "")
    board, _ = ACT["mark"](board, (0, 0), "")
    assert board.marked == ()
    for cell in ((0, 0), (1, 0), (1, 1)):
        board, _ = ACT["mark"](board, cell, "")
    assert board.marked == ((1, 1),)


@pytest.mark.parametrize("rows,marks,words", [
    (("AB", "BA"), ((0, 0), (1, 0)), "different kinds"),
    (("AB", "BA"), ((0, 0), (1, 1)), "do not link within 3 segments (the fewest is 4)"),
    (("A.", ".A"), ((0, 0), (1, 0)), "holds no tile"),
    (("A.", ".A"), ((0, 0),), "mark two tiles"),
])
def test_remove_refuses_with_a_reason(rows, marks, words):
    with pytest.raises(InputError, match=re.escape(words)):
        ACT["remove"](Board(rows, marked=marks), (0, 0), "")


def test_hint_marks_a_pair_that_keeps_the_board_clearable():
    board = parse(BY_ID["starter"].text)
    hinted, _ = ACT["hint"](board, (0, 0), "")
    a, b = hinted.marked
    assert reference.clearable(reference.remove(board.rows, a, b), 3)
    with pytest.raises(InputError, match="no removal keeps"):
        ACT["hint"](Board(("AB", "BA")), (0, 0), "")


def test_editing_cells_and_rules():
    board = Board(("..", ".."))
    board, _ = ACT["place"](board, (0, 0), "C")
    board, _ = ACT["kind_next"](board, (0, 0), "")
    board, _ = ACT["kind_next"](board, (1, 1), "")
    assert board.rows == ("D.", ".A")
    board, _ = ACT["delete"](board, (0, 0), "")
    assert board.rows == ("..", ".A")
    board, _ = ACT["segments_more"](board, (0, 0), "")
    board, _ = ACT["outside"](board, (0, 0), "")
    board, _ = ACT["gravity"](board, (0, 0), "")
    assert (board.max_segments, board.outside, board.gravity) == (4, False, True)
    board, cur = ACT["narrower"](board, (1, 1), "")
    assert board.rows == (".", ".") and cur == (0, 1)
    with pytest.raises(InputError):
        ACT["delete"](board, (0, 0), "")


def test_new_game_keeps_size_and_rules():
    board = Board(("AABB", "CCDD", "EE.."), gravity=True)
    fresh, _ = ACT["new_game"](board, (0, 0), "")
    assert (fresh.width, fresh.height, fresh.gravity) == (4, 3, True)
    assert len(fresh.kind_counts()) == 5
    assert reference.clearable(fresh.rows, 3, True, True)


def test_drawing_shows_the_path_between_marked_tiles():
    board = parse(BY_ID["the-game"].text)
    text = text_of(FAMILY.render(board, View(cursor=(0, 0))))
    assert "┌─────┐" in text and "└─(X)" in text and "[X]" in text
    assert "2,3 → 5,3: 4 segments, more than the 3 allowed" in text


def test_drawing_fits_a_viewport_and_the_overview():
    board = parse(BY_ID["serpentine-100"].text)
    text = text_of(FAMILY.render(board, View(origin=(10, 10), cells=(20, 10))))
    lines = text.splitlines()
    assert len(lines) == 10 + 2 and all(len(line) <= 60 for line in lines[:10])
    small = text_of(FAMILY.render(parse(BY_ID["starter"].text), View(zoom=1)))
    assert "CEAEAFFB" in small


def test_new_board_and_warm():
    board = FAMILY.new_board()
    FAMILY.validate(board)
    assert FAMILY.dimensions(board) == (8, 6)
    FAMILY.warm()
