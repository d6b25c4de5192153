"""Hypothesis strategies: valid boards of every family, and text that is almost a board."""
from __future__ import annotations

import string

from hypothesis import strategies as st

from puzzle_explorer.puzzles.cube8 import board as cube8
from puzzle_explorer.puzzles.cube8 import cubes as C
from puzzle_explorer.puzzles.die import board as die
from puzzle_explorer.puzzles.klotski import board as klotski
from puzzle_explorer.puzzles.knights import board as knights
from puzzle_explorer.puzzles.link import board as link
from puzzle_explorer.puzzles.tiles import board as tiles

PIECE_LETTERS = string.ascii_letters + string.digits


@st.composite
def klotski_boards(draw) -> klotski.Board:
    w, h = draw(st.integers(1, klotski.MAX_SIDE)), draw(st.integers(1, klotski.MAX_SIDE))
    free = {(x, y) for x in range(w) for y in range(h)}
    letters = draw(st.permutations(PIECE_LETTERS))
    pieces = []
    for _ in range(draw(st.integers(0, 6))):
        x, y = draw(st.integers(0, w - 1)), draw(st.integers(0, h - 1))
        pw, ph = draw(st.integers(1, 3)), draw(st.integers(1, 3))
        cells = {(x + i, y + j) for i in range(pw) for j in range(ph)}
        if cells <= free:
            free -= cells
            pieces.append(klotski.Piece(letters[len(pieces)], x, y, pw, ph))
    walls = draw(st.sets(st.sampled_from(sorted(free)))) if free else set()
    target = draw(st.none() | st.sampled_from([p.letter for p in pieces])) if pieces else None
    goal = draw(st.none() | st.tuples(st.integers(0, w - 1), st.integers(0, h - 1)))
    return klotski.Board(w, h, tuple(sorted(pieces)), frozenset(walls), target, goal)


def _with_one_empty(values: list[int], empty: int) -> tuple[int, ...]:
    return tuple(C.EMPTY if i == empty else v for i, v in enumerate(values))


@st.composite
def cube8_boards(draw) -> cube8.Board:
    start = draw(st.integers(0, 8))
    pattern = _with_one_empty(draw(st.lists(st.integers(0, 2), min_size=9, max_size=9)), draw(st.integers(0, 8)))
    cubes = None
    if draw(st.booleans()):
        orientations = draw(st.lists(st.integers(0, len(C.ORIENTATIONS) - 1), min_size=9, max_size=9))
        cubes = _with_one_empty(orientations, draw(st.integers(0, 8)))
    return cube8.Board(start, pattern, cubes)


@st.composite
def die_boards(draw) -> die.Board:
    w, h = draw(st.integers(1, die.MAX_SIDE)), draw(st.integers(1, die.MAX_SIDE))
    cells = [(x, y) for y in range(h) for x in range(w)]
    start = draw(st.sampled_from(cells))
    others = [c for c in cells if c != start]
    goal = draw(st.sampled_from(others)) if others else start
    blocked = draw(st.sets(st.sampled_from(others))) - {goal} if others else set()
    return die.Board(w, h, frozenset(blocked), start, goal)


@st.composite
def knights_boards(draw) -> knights.Board:
    side = st.integers(1, 12) | st.integers(knights.GRID_UP_TO + 1, knights.MAX_SIDE)
    w, h = draw(side), draw(side)
    cell = st.tuples(st.integers(0, w - 1), st.integers(0, h - 1))
    start = draw(cell)
    blocked = draw(st.sets(cell, max_size=12)) - {start}
    return knights.Board(w, h, start, draw(st.booleans()), frozenset(blocked))


# '/' and ':' are tiles too, and the likeliest to be mistaken for the format's own marks.
TILES = st.sampled_from("AB/:#") | st.characters(codec="utf-8", categories=("L", "M", "N", "P", "S"),
                                                  exclude_characters=link.EMPTY)


@st.composite
def link_boards(draw) -> link.Board:
    w, h = draw(st.integers(1, 12)), draw(st.integers(1, 12))
    cell = st.just(link.EMPTY) | TILES
    rows = tuple("".join(draw(st.lists(cell, min_size=w, max_size=w))) for _ in range(h))
    inside = st.tuples(st.integers(0, w - 1), st.integers(0, h - 1))
    marked = tuple(draw(st.lists(inside, max_size=2, unique=True)))
    segments = draw(st.none() | st.integers(1, link.MAX_SEGMENTS))
    return link.Board(rows, segments, draw(st.booleans()), draw(st.booleans()), marked)


@st.composite
def tiles_boards(draw) -> tiles.Board:
    """Any arrangement (solvable or not) of any size, with the default goal, blank first, or any other."""
    side = st.integers(tiles.MIN_SIDE, tiles.MAX_SIDE)
    w, h = draw(side), draw(side)
    arrangement = st.permutations(range(w * h)).map(tuple)
    goal = draw(st.none() | st.just(tiles.solved_tiles(w, h, blank_first=True)) | arrangement)
    if goal == tiles.solved_tiles(w, h):
        goal = None  # the default goal is no goal line
    return tiles.Board(w, h, draw(arrangement), goal)


BOARDS = {
    "klotski": klotski_boards(),
    "cube8": cube8_boards(),
    "die": die_boards(),
    "knights": knights_boards(),
    "link": link_boards(),
    "tiles": tiles_boards(),
}

# What people type by mistake, and what breaks a careless number reader.
TRAPS = ["²", "+-1", "--1", "٣", "9" * 5000, "1e999", "nan", "inf", "-0", "1_0", "0x10", "\n", "\r", "\t",
         " ", "/", ":", ",", "x", "×", "\u2028", "\x85", "\x00", "\udcff", "\ufeff", "#", ".", "S", "G"]


@st.composite
def mangled(draw, family: str) -> str:
    """A family's valid board text with pieces cut out, repeated, or replaced by traps and noise."""
    from puzzle_explorer.puzzles import registry

    text = registry.get(family).format(draw(BOARDS[family]))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 3))
        noise = draw(st.sampled_from(TRAPS) | st.text(max_size=4))
        text = text[:at] + noise + text[at + cut:]
    return text


def near_board(family: str) -> st.SearchStrategy[str]:
    """Arbitrary text, weighted towards text that is almost a board of the family."""
    return mangled(family) | st.text() | st.lists(st.sampled_from(TRAPS)).map("".join)
