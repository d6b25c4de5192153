"""Each position's successors, straight from the move kernels, against the plain reference's moves:
every convention, pieces interchangeable or distinct, walls, on every position a census of the
board meets (up to a few hundred each)."""
import numpy as np
import pytest

from puzzle_explorer.core.kernels import census
from puzzle_explorer.core.kernels.counters import SLOTS
from puzzle_explorer.puzzles.klotski.board import parse
from puzzle_explorer.puzzles.klotski.kernels.packing import decode, encode, make_context, make_layout
from tests.puzzles.klotski import reference
from tests.puzzles.klotski.test_solutions import SMALL

BOARDS = [rows for rows, _ in SMALL] + ["NAAO/PAAQ/.BB./HIJK/HIJK", "A.b#/.cc./d..e/##.f\ntarget: A\ngoal: 2,1"]
POSITIONS = 300  # each board's positions checked, in breadth-first order from its start


def pieces_of(layout, word, distinct):
    """The reference's pieces {label: [x, y, w, h]} and key of a packed word."""
    target = layout.classes[layout.target_class].letters[0]
    pieces, labels = {}, {}
    for cls, cells in zip(layout.classes, decode(layout, word)):
        w, h = cls.shape
        letter = cls.letters[0]
        for i, (x, y) in enumerate(cells):
            pieces[f"{letter}{i}"] = [x, y, w, h]
            labels[f"{letter}{i}"] = letter if distinct or letter == target else f"{w}x{h}"
    return pieces, labels


def key(pieces, labels):
    return tuple(sorted((labels[name], x, y) for name, (x, y, _, _) in pieces.items()))


@pytest.mark.parametrize("rows", BOARDS)
@pytest.mark.parametrize("convention", ["unit", "straight", "free"])
@pytest.mark.parametrize("distinct", [False, True])
def test_successors_are_the_reference_moves(rows, convention, distinct):
    board = parse(rows)
    layout = make_layout(board, convention, distinct)
    ctx = make_context(layout)
    width, height, walls, _ = reference.read(board.inline().split("\n")[0])
    succ = np.empty(4096, dtype=np.uint64)
    counters = np.zeros(SLOTS, dtype=np.int64)
    seen = {encode(layout, board)}
    todo = [encode(layout, board)]
    for word in todo[:POSITIONS]:
        m, _ = census.expand_slice(np.array([word], dtype=np.uint64), 0, 1, ctx, succ, succ.shape[0], counters, False)
        got = [int(s) for s in succ[:m]]
        assert len(set(got)) == m, "a successor listed twice"
        pieces, labels = pieces_of(layout, word, distinct)
        expected = set()
        for name, x, y in reference.successors(width, height, walls, pieces, convention):
            moved = {**pieces, name: [x, y, *pieces[name][2:]]}
            expected.add(key(moved, labels))
        assert {key(pieces_of(layout, s, distinct)[0], labels) for s in got} == expected, (rows, word)
        for s in got:
            if s not in seen:
                seen.add(s)
                todo.append(s)
