"""What the app uses: the text format, editor actions, their keys, and drawing without colour."""
import re

import pytest
from rich.console import Console

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles import registry
from puzzle_explorer.puzzles.interface import View
from puzzle_explorer.puzzles.knights import FAMILY
from puzzle_explorer.puzzles.knights.board import Board, format_board, inline, parse
from puzzle_explorer.puzzles.knights.presets import PRESETS
from puzzle_explorer.puzzles.knights.render import render
from tests.keys import keys_taken_while_editing
from tests.puzzles.boards import refused


def plain_text(renderable, width=200):
    console = Console(width=width, color_system=None, record=True, legacy_windows=False)
    console.print(renderable)
    return console.export_text(styles=False)


def test_the_family_is_registered():
    assert registry.get("knights") is FAMILY
    assert FAMILY.dimensions(FAMILY.new_board()) == (8, 8)


# --- format -----------------------------------------------------------------------------

@pytest.mark.parametrize("board", [
    Board(8, 8), Board(5, 3, (4, 2), True), Board(6, 6, (1, 1), False, frozenset({(0, 0), (5, 5)})),
    Board(41, 7, (40, 6)), Board(1000, 1000, (499, 0), True, frozenset({(999, 999)})), Board(1, 1),
])
def test_format_and_parse_round_trip(board):
    assert parse(format_board(board)) == board
    assert parse(inline(board)) == board


def test_presets_parse():
    for preset in PRESETS:
        FAMILY.validate(parse(preset.text))


@pytest.mark.parametrize("text,words,where", [
    ("S.x/...", "unknown character", (3, 1)),
    ("S../S..", "two start", (1, 2)),
    ("size: 0x4", "out of range", None),
    ("size: 3x3\nstart: 4,1", "off the 3x3 board", (4, 1)),
    ("#../S..\nstart: 1,1", "disagrees", (1, 2)),
    ("size: 5x5\nstart: 2,2\nblocked: 2,2", "blocked square", (2, 2)),
    ("size: 5x5\ncolour: red", "unknown setting", None),
    ("size: 5x5\ntour: sideways", "neither open nor closed", None),
])
def test_parse_errors_say_what_and_where(text, words, where):
    refused(parse, text, words, where)


# --- editor -----------------------------------------------------------------------------

def _action(action_id):
    return next(a for a in FAMILY.edit_actions if a.id == action_id)


def test_edit_keys_do_not_clash_with_the_app():
    keys = [a.key for a in FAMILY.edit_actions]
    assert len(set(keys)) == len(keys)
    taken = keys_taken_while_editing()
    for key in keys:
        assert key not in taken and not key.startswith("ctrl+") and not re.fullmatch(r"f\d+", key), key


def test_editing_a_board():
    board, cursor = FAMILY.new_board(), (2, 3)
    board, cursor = _action("start").apply(board, cursor, "")
    assert board.start == (2, 3)
    board, _ = _action("block").apply(board, (4, 4), "")
    assert board.blocked == {(4, 4)}
    board, _ = _action("block").apply(board, (4, 4), "")
    assert board.blocked == frozenset()
    board, _ = _action("block").apply(board, (0, 0), "")
    with pytest.raises(InputError):
        _action("start").apply(board, (0, 0), "")
    with pytest.raises(InputError):
        _action("block").apply(board, (2, 3), "")  # the start
    board, _ = _action("closed").apply(board, cursor, "")
    assert board.closed
    board, _ = _action("clear").apply(board, cursor, "")
    assert board.blocked == frozenset()
    with pytest.raises(InputError):
        _action("clear").apply(board, cursor, "")
    # shrinking keeps the start, the cursor and the blocked squares inside
    board = Board(8, 8, (7, 7), blocked=frozenset({(7, 0), (1, 1)}))
    board, cursor = _action("narrower").apply(board, (7, 5), "")
    assert (board.width, board.height) == (7, 8) and board.start == (6, 7) and cursor == (6, 5)
    assert board.blocked == {(1, 1)}
    board, _ = _action("taller").apply(board, cursor, "")
    assert board.height == 9
    board, _ = _action("double").apply(board, cursor, "")
    assert (board.width, board.height) == (14, 18)
    board, _ = _action("halve").apply(board, cursor, "")
    assert (board.width, board.height) == (7, 9)
    one = Board(1, 1)
    with pytest.raises(InputError):
        _action("narrower").apply(one, (0, 0), "")
    with pytest.raises(InputError):
        _action("double").apply(Board(1000, 1000), (0, 0), "")
    FAMILY.validate(board)


def test_an_edit_drops_the_drawn_tour(run):
    sol = run(Board(5, 5, (2, 2)), "warnsdorff")
    shown = sol.steps[-1].board
    assert shown.tour is not None
    edited, _ = _action("closed").apply(shown, (0, 0), "")
    assert edited.tour is None


# --- drawing ----------------------------------------------------------------------------

def _numbers(text):
    return [[int(t) if t.isdigit() else t for t in line.split()] for line in text.strip("\n").splitlines()]


def test_a_tour_reads_as_move_numbers_without_colour(run):
    sol = run(Board(5, 5, (2, 2)), "warnsdorff")
    grid = _numbers(plain_text(render(sol.steps[-1].board, View())))
    order = {tuple(xy): i + 1 for i, xy in enumerate(sol.steps[-1].board.tour.xy().tolist())}
    assert grid == [[order[(x, y)] for x in range(1, 6)] for y in range(1, 6)]
    # midway: the squares not reached yet are dots
    middle = _numbers(plain_text(render(sol.steps[10].board, View())))
    assert sum(1 for row in middle for v in row if isinstance(v, int)) == 11
    assert sum(1 for row in middle for v in row if v == "·") == 14


def test_the_empty_board_shows_start_and_blocked_squares():
    text = plain_text(render(Board(4, 3, (1, 2), blocked=frozenset({(3, 0)})), View()))
    rows = [line.split() for line in text.strip("\n").splitlines()]
    assert rows[2][1] == "S" and rows[0][3].startswith("#")
    assert len(rows) == 3 and all(len(r) == 4 for r in rows)


def test_cursor_is_visible_without_colour():
    text = plain_text(render(Board(4, 3), View(cursor=(2, 1))))
    assert text.splitlines()[1].count("[") == 1


def test_viewport_on_a_million_squares(run):
    sol = run(Board(1000, 1000, (0, 0)), "warnsdorff")
    board = sol.steps[-1].board
    order = board.tour.order.reshape(1000, 1000)
    view = View(origin=(500, 700), cells=(10, 6))
    grid = _numbers(plain_text(render(board, view)))
    assert len(grid) == 6
    cols = len(grid[0])
    assert 1 <= cols <= 10
    assert grid == [[int(order[y, x]) + 1 for x in range(500, 500 + cols)] for y in range(700, 706)]
    # zoomed out: one character per block, the whole board in the pane
    overview = plain_text(render(sol.steps[300_000].board, View(zoom=1, cells=(50, 20)))).strip("\n").splitlines()
    assert len(overview) <= 20 and max(len(line) for line in overview) <= 50
    assert sum(line.count("@") for line in overview) == 1
    assert FAMILY.cell_size(1) == (1, 1) and FAMILY.cell_size(0)[0] >= 3


def test_overview_of_a_small_board_is_one_character_a_square(run):
    sol = run(Board(6, 5, (0, 0)), "warnsdorff")
    lines = plain_text(render(sol.steps[4].board, View(zoom=1))).strip("\n").splitlines()
    assert [len(line) for line in lines] == [6] * 5
    text = "".join(lines)
    assert text.count("@") == 1 and text.count("•") == 4



@pytest.mark.parametrize("cursor", [(0, 0), (2, 1), (4, 2)])
def test_the_cursor_is_bracketed_on_both_sides(cursor):
    lines = plain_text(render(parse("...../...../..S.."), View(cursor=cursor))).splitlines()
    row = lines[cursor[1]]
    assert row.count("[") == 1 and row.count("]") == 1
    assert row.index("]") - row.index("[") == 3  # one cell between them: a separator each side
    assert all("[" not in line and "]" not in line for i, line in enumerate(lines) if i != cursor[1])
