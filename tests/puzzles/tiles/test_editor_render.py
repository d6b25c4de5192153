"""Editor keys as pure functions, and the drawing: every number readable without colour, at 80x24."""
import random

import pytest
from rich.console import Console

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.interface import ZOOM_LARGE, ZOOM_NORMAL, ZOOM_OVERVIEW, View
from puzzle_explorer.puzzles.tiles import FAMILY
from puzzle_explorer.puzzles.tiles.board import Board, parse, solved_tiles
from puzzle_explorer.puzzles.tiles.editor import ACTIONS, random_walk
from puzzle_explorer.puzzles.tiles.parity import unsolvable_reason
from puzzle_explorer.puzzles.tiles.render import cell_size, render
from tests.puzzles.tiles.reference import distances

ACT = {a.id: a.apply for a in ACTIONS}


def type_keys(board, cursor, keys):
    for k in keys:
        board, cursor = ACT[f"type_{k}"](board, cursor, "")
    return board, cursor


def test_typing_numbers_swaps_and_builds_two_digits():
    board = FAMILY.new_board()
    assert (board.width, board.height) == (4, 4) and board.solved()
    b, _ = type_keys(board, (0, 0), "12")
    assert b.at((0, 0)) == 12 and b.at((3, 2)) == 1  # 12 came from 4,3, which took the 1
    assert sorted(b.tiles) == list(range(16))
    b, _ = type_keys(b, (0, 0), "5")  # a new number on the same cell, not 125
    assert b.at((0, 0)) == 5
    b, _ = type_keys(b, (1, 0), "1")
    b, _ = type_keys(b, (1, 0), "1")  # typed again right after: 11
    assert b.at((1, 0)) == 11
    b, _ = type_keys(b, (2, 0), "19")  # 19 is too big: the 9 starts afresh
    assert b.at((2, 0)) == 9
    b, _ = type_keys(b, (3, 0), "0")
    assert b.at((3, 0)) == 0
    small = parse("1 2 3/4 5 6/7 8 .")
    with pytest.raises(InputError, match="tiles 1 to 8"):
        ACT["type_9"](small, (0, 0), "")


def test_slide_moves_a_neighbour_of_the_blank():
    board = parse("1 2 3/4 5 6/7 8 .")
    after, cursor = ACT["slide"](board, (1, 2), "")
    assert after.tiles == (1, 2, 3, 4, 5, 6, 7, 0, 8) and cursor == (2, 2)  # the cursor follows the tile
    with pytest.raises(InputError, match="not next to the blank"):
        ACT["slide"](board, (0, 0), "")
    with pytest.raises(InputError, match="on the blank"):
        ACT["slide"](board, (2, 2), "")


@pytest.mark.parametrize("brush", FAMILY.brushes)
def test_shuffle_is_always_solvable(brush):
    board = parse("1 2 3/4 5 6/7 8 .\ngoal: blank first")
    for _ in range(20):
        shuffled, _ = ACT["shuffle"](board, (0, 0), brush)
        assert unsolvable_reason(shuffled) is None and shuffled.goal == board.goal
    moves = int(brush.split()[-1])
    near = distances(3, 3, board.goal_tiles())
    assert max(near[ACT["shuffle"](board, (0, 0), brush)[0].tiles] for _ in range(20)) <= moves


def test_random_walk_length_bounds_the_distance():
    rng = random.Random(3)
    goal = Board(3, 3, solved_tiles(3, 3))
    dist = distances(3, 3, goal.tiles)
    for n in (1, 2, 5, 9):
        assert dist[random_walk(goal, n, rng).tiles] <= n
    assert dist[random_walk(goal, 1, rng).tiles] == 1


def test_goal_toggle_reset_and_resize():
    board = parse("8 6 7/2 5 4/3 . 1")
    first, _ = ACT["goal"](board, (0, 0), "")
    assert first.blank_first_goal() and ACT["goal"](first, (0, 0), "")[0].goal is None
    assert ACT["reset"](first, (0, 0), "")[0].tiles == tuple(range(9))
    wider, cursor = ACT["wider"](first, (2, 2), "")
    assert (wider.width, wider.height) == (4, 3) and wider.blank_first_goal() and wider.solved()
    two, cursor = ACT["shorter"](ACT["narrower"](board, (2, 2), "")[0], (1, 2), "")
    assert (two.width, two.height, cursor) == (2, 2, (1, 1))
    with pytest.raises(InputError, match="2x2 to 6x6"):
        ACT["narrower"](two, (0, 0), "")


def plain(renderable, width=80):
    console = Console(width=width, no_color=True, color_system=None, record=True, file=open("/dev/null", "w"))
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize("text", ["1 2/3 .", "8 6 7/2 5 4/3 . 1",
                                  "8 1 10 5 11 6/14 7 3 9 23 17/21 4 2 16 12 18/13 15 20 28 22 ./"
                                  "19 31 26 29 30 24/25 32 33 27 34 35"])
def test_render_reads_without_colour_at_80x24(text):
    board = parse(text)
    for zoom in (ZOOM_NORMAL, ZOOM_OVERVIEW, ZOOM_LARGE):
        out = plain(render(board, View(cursor=(0, 0), zoom=zoom)))
        lines = out.rstrip("\n").splitlines()
        wide, high = cell_size(zoom, board)
        assert len(lines) == board.height * high  # the last row as tall as the others, no line after it
        assert max(len(line) for line in lines) <= min(80, board.width * wide)
        assert len(lines) <= 24
        numbers = out.replace("[", " ").replace("]", " ").split()
        assert sorted(int(t) for t in numbers if t != "·") == list(range(1, board.size))
        assert numbers.count("·") == 1
        assert lines[(high - 1) // 2].startswith("[")  # the cursor, without colour, on the number's line


def test_render_window_and_highlight():
    board = parse("8 6 7/2 5 4/3 . 1")
    out = plain(render(board, View(origin=(1, 1), cells=(2, 2), highlight=frozenset({(1, 2)}))))
    assert out.split() == ["5", "4", "·", "1"]
