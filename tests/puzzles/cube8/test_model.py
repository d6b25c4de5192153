"""The board model, its text format and the editor, checked against the plain reference."""
import random

import pytest

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.cube8 import cubes as C
from puzzle_explorer.puzzles.cube8 import editor
from puzzle_explorer.puzzles.cube8.board import Board, format_board, parse, parse_pattern
from puzzle_explorer.puzzles.cube8.render import render
from puzzle_explorer.puzzles.interface import View
from tests.puzzles.cube8 import reference as R


def to_reference(position):
    return tuple(None if o == C.EMPTY else tuple(C.COLOURS[c] for c in C.ORIENTATIONS[o]) for o in position)


def random_position(rng):
    e = rng.randrange(9)
    return tuple(C.EMPTY if s == e else rng.randrange(6) for s in range(9))


def test_rolls_match_the_reference():
    rng = random.Random(5)
    for _ in range(500):
        p = random_position(rng)
        mine = sorted((to_reference(q) for _, _, q in C.rolls(p)), key=repr)
        theirs = sorted(R.neighbours(to_reference(p)), key=repr)
        assert mine == theirs


def test_numbering_round_trips_and_rolls_keep_parity():
    rng = random.Random(6)
    for _ in range(500):
        p = random_position(rng)
        n = C.index(p)
        assert 0 <= n < C.SPACE and C.position(n, C.parity(p)) == p
        assert all(C.parity(q) == C.parity(p) for _, _, q in C.rolls(p))


def test_symmetries_map_rolls_to_rolls_and_starts_to_starts():
    rng = random.Random(7)
    for _ in range(100):
        p = random_position(rng)
        for sym in C.SYMMETRIES:
            image = C.map_position(p, sym)
            assert C.unmap_position(image, sym) == p
            assert sorted(C.map_position(q, sym) for _, _, q in C.rolls(p)) == sorted(q for _, _, q in C.rolls(image))
    for s in range(9):
        cls, sym = C.canonical(s)
        assert C.map_position(C.start_position(s), sym) == C.start_position(C.START_CLASSES[cls])


def test_goal_numbers_are_exactly_the_positions_showing_the_pattern():
    rng = random.Random(8)
    pattern = tuple(rng.randrange(3) for _ in range(9))
    pattern = pattern[:4] + (C.EMPTY,) + pattern[5:]
    for par in (0, 1):
        found = {C.position(C.goal_base(pattern) + off, par) for off in C.GOAL_OFFSETS}
        letters = "".join("E" if c == C.EMPTY else C.COLOURS[c] for c in pattern)
        expected = {g for g in R.goals(letters)
                    if C.parity(tuple(C.EMPTY if c is None else C.ORIENTATION_OF[tuple("WBR".index(f) for f in c)]
                                      for c in g)) == par}
        assert {to_reference(p) for p in found} == expected and len(found) == 128


def test_text_round_trip_with_and_without_cubes():
    board = parse("start: 3,2\nW B R\nR E W\nB B B\n")
    assert board.start == C.square_at(2, 1) and board.pattern_text() == "WBR/REW/BBB"
    assert parse(format_board(board)) == board
    moved = Board(board.start, board.pattern, tuple(C.rolls(board.position()))[0][2])
    text = format_board(moved)
    assert "cubes:" in text and parse(text) == moved
    assert parse("start: 1,1/WWW/EWW/WWW") == Board(0, parse_pattern("WWW/EWW/WWW"))


@pytest.mark.parametrize("text,words", [
    ("start: 1,1\nWXW\nEWW\nWWW", "'X' is not a colour: use W, B, R, or E for the empty square (at x,y = 2,1)"),
    ("start: 1,1\nWWW\nWWW\nWWW", "no E"),
    ("start: 1,1\nEWW\nEWW\nWWW", "2 E's (at 1,1 and 1,2)"),
    ("start: 4,1\nWWW\nEWW\nWWW", "start 4,1 is off the 3x3 board"),
    ("WWW\nEWW\nWWW", "no start"),
    ("start: 1,1\nWWW\nEWW", "the pattern has 2 rows"),
    ("start: 1,1\nWWWW\nEWW\nWWW", "pattern row 1 has 4 squares"),
    ("start: 1,1\ngoal: 2,2\nWWW\nEWW\nWWW", "line 2: unknown setting 'goal'"),
    ("start: 1,1\nWWW\nEWW\nWWW\ncubes: WB WB WB/.. WW WB/WB WB WB", "'WW' is not a cube"),
    ("start: 1,1\nWWW\nEWW\nWWW\ncubes: WB WB WB/WB WB WB/WB WB WB", "0 empty squares"),
])
def test_bad_boards_name_the_problem(text, words):
    with pytest.raises(InputError) as err:
        parse(text)
    assert words in str(err.value)


def test_editor_paints_moves_the_ends_and_refuses_to_lose_the_e():
    board = editor.new_board()
    by_key = {a.key: a.apply for a in editor.ACTIONS}
    board, cursor = by_key["r"](board, (2, 2), "")
    assert board.pattern[8] == C.RED
    board, _ = by_key["e"](board, (2, 2), "")
    assert board.goal == 8 and board.pattern[0] == C.RED  # the old end square takes the red
    with pytest.raises(InputError, match="empty square must end here"):
        by_key["w"](board, (2, 2), "")
    board, _ = by_key["S"](board, (0, 2), "")
    assert board.start == 6 and board.cubes is None
    board, _ = by_key["c"](board, (0, 0), "")
    assert board.pattern_text() == "WWW/WWW/WWE"
    keys = [a.key for a in editor.ACTIONS]
    assert len(keys) == len(set(keys)) and not set(keys) & {"q", "?", "+", "-", "tab", "enter", "space"}


def test_drawing_reads_without_colour():
    board = parse("start: 2,1\nRBW\nRWW\nEWW\n")
    plain = render(board, View(cursor=(0, 0))).plain
    lines = plain.splitlines()
    assert len(lines) == 9
    assert "W" in lines[1] and "b" in lines[1] and "r" in lines[0]  # top, x faces, y faces
    assert "[R]" in lines[2] and "[E]" in lines[8] and "·" in lines[1]
    assert lines[1].startswith(">")  # the cursor
    assert render(board, View(zoom=1)).plain.splitlines()[0] == "Wb ·· Wb"


def test_a_narrow_window_draws_its_squares_whole():
    """At 60 columns the pane holds two squares of three: it draws those two, never a third cut off."""
    board = parse("start: 2,1\nRBW\nRWW\nEWW\n")
    lines = render(board, View(cursor=(1, 0), origin=(1, 0), cells=(2, 3))).plain.splitlines()
    assert len(lines) == 9 and max(len(line) for line in lines) <= 20
    assert "[B]" in lines[2] and "[W]" in lines[2] and "[R]" not in lines[2]
