"""The command line as scripts use it: JSON fields, exit statuses, one-line errors."""
import json

import pytest

from puzzle_explorer.puzzles.link.board import parse
from tests.cli.commands import run_cli, solve_refuses
from tests.puzzles.link import reference


def test_path_json(capsys):
    code, out, _ = run_cli(capsys, "solve", "link", "--preset", "the-game", "--from", "2,3", "--to", "5,3", "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "solved"
    assert data["segments"] == data["length"] == 4 == len(data["moves"])
    assert data["path"] == [[2, 3], [2, 2], [4, 2], [4, 3], [5, 3]]
    assert set(data["stats"]) == {"nodes_expanded", "states_seen", "max_frontier", "elapsed_s"}
    assert data["outside"] is True and data["max_segments"] is None


def test_path_through_the_outside_ring_uses_column_zero_and_width_plus_one(capsys):
    code, out, _ = run_cli(capsys, "solve", "link", "--board", "AB/BA", "--from", "1,1", "--to", "2,2", "--json")
    data = json.loads(out)
    assert data["segments"] == 4
    xs = {x for x, _ in data["path"]} | {y for _, y in data["path"]}
    assert xs & {0, 3}
    corners = [(x - 1, y - 1) for x, y in data["path"]]
    assert reference.check_path(("AB", "BA"), (0, 0), (1, 1), corners)


def test_no_outside_and_segment_limit(capsys):
    code, out, _ = run_cli(capsys, "solve", "link", "--board", "AB/BA", "--from", "1,1", "--to", "2,2",
                           "--no-outside", "--json")
    assert json.loads(out)["status"] == "unsolvable"
    code, out, _ = run_cli(capsys, "solve", "link", "--preset", "walled-13x11", "--from", "3,3", "--to", "9,6",
                           "--max-segments", "20", "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "unsolvable" and data["max_segments"] == 20


def test_clear_json_replays(capsys):
    code, out, _ = run_cli(capsys, "solve", "link", "--preset", "starter", "--clear", "--json")
    data = json.loads(out)
    assert data["status"] == "solved" and data["length"] == 24
    rows = parse("CEAEAFFB/EDFCBCBB/CDDADDDB/EEAACABB/EDFFCFDB/CAFCEEFA").rows
    for move in data["moves"]:
        a, b = (tuple(v - 1 for v in c) for c in move["pair"])
        assert {(a, b), (b, a)} & set(reference.moves(rows, 3))
        rows = reference.remove(rows, a, b)
    assert all(ch == "." for r in rows for ch in r)


def test_clear_unsolvable_and_limit(capsys):
    code, out, _ = run_cli(capsys, "solve", "link", "--preset", "crossed", "--clear", "--json")
    assert code == 0 and json.loads(out)["status"] == "unsolvable"
    code, out, _ = run_cli(capsys, "solve", "link", "--preset", "shisen-deadlock", "--clear", "--max-states", "100",
                           "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "limit" and data["limit"] == "states"


def test_hint_and_generate(capsys):
    code, out, _ = run_cli(capsys, "solve", "link", "--generate", "6x4", "--kinds", "3", "--seed", "5", "--hint",
                           "--gravity", "--json")
    data = json.loads(out)
    assert data["status"] == "solved" and data["seed"] == 5 and "gravity: yes" in data["board"]
    board = parse(data["board"])
    a, b = (tuple(v - 1 for v in c) for c in data["hint"]["pair"])
    assert reference.clearable(reference.remove(board.rows, a, b, True), 3, True, True)


def test_generate_prints_a_board_that_reads_back(capsys):
    code, out, _ = run_cli(capsys, "solve", "link", "--generate", "8x5", "--kinds", "4", "--seed", "1")
    board = parse(out.split("seed")[0])
    assert code == 0 and (board.width, board.height) == (8, 5) and len(board.kind_counts()) == 4


def test_human_output(capsys):
    code, out, _ = run_cli(capsys, "solve", "link", "--preset", "the-game", "--from", "2,3", "--to", "5,3")
    assert code == 0 and "4 segments, fewest (2,3 → 5,3)" in out and "path: 2,3 → 2,2 → 4,2 → 4,3 → 5,3" in out and "┌" in out
    code, out, _ = run_cli(capsys, "solve", "link", "--preset", "crossed", "--clear", "--max-segments", "4")
    assert "board cleared: 2 pairs" in out and "1. A 1,1 + 2,2 (4 segments)" in out


@pytest.mark.parametrize("args,words", [
    (["--board", "AB/C"], "row 2 has 1 cell but row 1 has 2"),
    (["--board", "A B", "--clear"], "a space cannot be a cell"),
    (["--preset", "nope", "--clear"], "unknown preset 'nope'"),
    (["--file", "/nonexistent/board.txt", "--clear"], "cannot read board file"),
    (["--board", "AB", "--from", "1,1"], "give both --from and --to"),
    (["--board", "AB", "--from", "1,1", "--to", "3,1"], "--to 3,1 is off the 2x1 board"),
    (["--board", "AB", "--from", "1,1", "--to", "1,1"], "are the same cell"),
    (["--board", "AB", "--from", "a", "--to", "1,1"], "is not x,y"),
    (["--board", "AB", "--from", "1,1", "--to", "2,1", "--clear"], "choose one of"),
    (["--board", "AB"], "nothing to solve"),
    (["--board", "AB", "--max-segments", "0", "--clear"], "must be greater than 0"),
    (["--generate", "8x", "--clear"], "is not a size WxH"),
    (["--generate", "4x2", "--kinds", "5"], "5 kinds need at least 10 cells"),
    (["--generate", "4x2", "--board", "AB"], "leave out --board"),
    (["--board", "AB", "--seed", "3", "--clear"], "--seed goes with --generate"),
])
def test_bad_input_one_line_exit_2(capsys, args, words):
    solve_refuses(capsys, "link", args, words)
