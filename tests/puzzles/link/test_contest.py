"""The contest form: exact output, lenient row reading, one-line errors naming board and line."""
import io
import random

import pytest

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles.link.contest import answer
from tests.puzzles.link import reference
from tests.puzzles.link.test_cli import run_cli

BODY = "5 4\nXXXXX\nX   X\nXXX X\n XXX \n2 3 5 3\n1 3 4 4\n2 3 3 4\n0 0 0 0\n"  # one board, no final 0 0
SAMPLE = BODY + "0 0\n"
SAMPLE_OUT = "Board #1:\nPair 1: 4 segments.\nPair 2: 3 segments.\nPair 3: impossible.\n\n"


def run(text):
    out = io.StringIO()
    answer(io.StringIO(text), out)
    return out.getvalue()


def test_the_sample():
    assert run(SAMPLE) == SAMPLE_OUT


def test_trailing_spaces_may_be_missing_and_blank_rows_are_empty():
    text = "5 4\nXXXXX\nX   X\nXXX X\n XXX\n2 3 5 3\n1 3 4 4\n2 3 3 4\n0 0 0 0\n0 0\n"
    assert run(text) == SAMPLE_OUT
    text = "3 3\nX X\n\nX X\n1 1 3 3\n1 1 3 1\n0 0 0 0\n0 0\n"
    assert run(text) == "Board #1:\nPair 1: 3 segments.\nPair 2: 1 segments.\n\n"


def test_crlf_and_the_end_of_input_for_the_last_zero_zero():
    assert run(BODY.replace("\n", "\r\n")) == SAMPLE_OUT


def test_random_boards_against_the_reference():
    rng = random.Random(3)
    text, want = [], []
    for k in range(1, 30):
        w, h = rng.randint(1, 8), rng.randint(1, 6)
        rows = ["".join("X" if rng.random() < 0.5 else " " for _ in range(w)) for _ in range(h)]
        tiles = [(x, y) for y in range(h) for x in range(w) if rows[y][x] == "X"]
        text.append(f"{w} {h}")
        text += [r.rstrip() for r in rows]
        want.append(f"Board #{k}:")
        dotted = tuple(r.replace(" ", ".") for r in rows)
        for i in range(1, min(6, len(tiles) * (len(tiles) - 1) // 2) + 1):
            a, b = rng.sample(tiles, 2)
            text.append(f"{a[0] + 1} {a[1] + 1} {b[0] + 1} {b[1] + 1}")
            n = reference.fewest(dotted, a, b, outside=True)
            want.append(f"Pair {i}: {n} segments." if n else f"Pair {i}: impossible.")
        text.append("0 0 0 0")
        want.append("")
    text.append("0 0")
    assert run("\n".join(text) + "\n") == "\n".join(want) + "\n"


@pytest.mark.parametrize("text,words", [
    ("5 x\n", "board 1, line 1: expected the board size 'w h' (2 whole numbers), got '5 x'"),
    ("0 3\n", "board 1, line 1: board size 0x3"),
    ("101 1\n", "board size 101x1"),
    ("3 2\nXXX\n", "board 1, line 2: the input ends after 1 of the board's 2 rows"),
    ("3 1\nXXXX\n", "row 1 has 4 cells; the board is 3 wide"),
    ("3 1\nXOX\n", "character 'O' at x,y = 2,1"),
    ("3 1\nX X\n1 1 3\n", "board 1, line 3: expected a pair 'x1 y1 x2 y2'"),
    ("3 1\nX X\n1 1 4 1\n", "pair 1: 4,1 is off the 3x1 board"),
    ("3 1\nX X\n1 1 2 1\n", "pair 1: 2,1 is an empty cell"),
    ("3 1\nX X\n1 1 1 1\n", "pair 1: both ends are the same tile"),
    ("3 1\nX X\n1 1 3 1\n", "board 1, line 3: the input ends before the '0 0 0 0'"),
    (BODY + "2 1\nXX\n1 1 2 1\n3 3 3 3\n", "board 2, line 13: pair 2: 3,3 is off"),
])
def test_bad_input_names_board_and_line(text, words):
    with pytest.raises(InputError) as err:
        run(text)
    assert words in str(err.value)


def test_cli_answers_earlier_boards_then_fails_with_status_2(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(BODY + "2 x\n"))
    code, out, err = run_cli(capsys, "solve", "link", "--contest")
    assert code == 2
    assert out == SAMPLE_OUT
    assert err.strip() == "error: board 2, line 10: expected the board size 'w h' (2 whole numbers), got '2 x'"


def test_cli_contest_refuses_other_options(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(SAMPLE))
    code, out, err = run_cli(capsys, "solve", "link", "--contest", "--json")
    assert code == 2 and "leave out --json" in err
