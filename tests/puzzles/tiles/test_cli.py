"""The command line: JSON moves, batches, building the databases, and one-line errors with exit status 2."""
import json

import pytest

from tests.cli import commands
from tests.puzzles.tiles.reference import distances, replay, solved

KORF_LINES = """# instance, length, nodes, then the 16 cells (Korf's format)
79 42 540860 0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15
12 45 546344 14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15
"""


def run(capsys, *args):
    return commands.run_cli(capsys, "solve", "tiles", *args)


def test_json_moves_replay_to_the_goal(capsys, pdb_cache):
    code, out, err = run(capsys, "--board", "8 6 7/2 5 4/3 . 1", "--json")
    data = json.loads(out)
    assert (code, data["status"], data["length"]) == (0, "solved", 31)
    assert set(data["moves"][0]) == {"tile", "from", "to"}
    start = tuple(int(t) if t != "." else 0 for t in data["board"].replace("/", " ").split())
    assert replay(3, 3, start, data["moves"]) == (1, 2, 3, 4, 5, 6, 7, 8, 0)
    assert data["chosen"] == "IDA* with the 4-4 pattern databases" and data["why"]


def test_goal_options(capsys):
    code, out, _ = run(capsys, "--board", "1 2 3/4 5 6/7 8 .", "--goal-blank", "first", "--json",
                       "--algo", "idastar", "--heuristic", "linear-conflict")
    data = json.loads(out)
    assert code == 0 and data["goal"] == ". 1 2/3 4 5/6 7 8"
    assert data["length"] == distances(3, 3, solved(3, 3, True))[solved(3, 3)]
    code, out, _ = run(capsys, "--board", "1 2/3 .", "--goal", "3 1/. 2", "--json", "--algo", "bfs")
    assert json.loads(out)["length"] == distances(2, 2, (3, 1, 0, 2))[(1, 2, 3, 0)]


def test_words_and_reasons(capsys, pdb_cache):
    code, out, _ = run(capsys, "--preset", "loyd-14-15")
    lines = out.splitlines()[4:]
    assert code == 0 and lines[0] == "proved unsolvable by the parity rule: an odd permutation, blank distance 0"
    assert lines[1].startswith("why: the tiles are an odd permutation") and lines[2] == "no search needed"
    code, out, _ = run(capsys, "--preset", "eight-easy", "--algo", "rows")
    lines = out.splitlines()[3:]
    assert lines[:2] == ["2 moves, not shortest (row by row)", "solver: Row by row"]
    assert lines[2].startswith("search: ") and "0 expanded" not in lines[2]
    assert lines[3] == "moves (the tile that slides each time): 5 8"
    code, out, _ = run(capsys, "--board", "1 2 3/4 5 6/7 8 .", "--algo", "census")
    assert out.splitlines()[3] == "census: 181,440 positions · the goal 0 moves away · deepest 31"
    code, out, _ = run(capsys, "--preset", "hardest-8a")
    head, solver = out.splitlines()[3:5]
    assert head == "31 moves, shortest, by IDA* with the 4-4 pattern databases"
    assert solver.startswith("solver: IDA* with the 4-4 pattern databases (the pattern databases ")


def test_batch_with_korf_columns(capsys, tmp_path):
    path = tmp_path / "korf.txt"
    path.write_text(KORF_LINES)
    code, out, err = run(capsys, "--batch", str(path), "--size", "4x4", "--goal-blank", "first",
                         "--algo", "idastar", "--heuristic", "manhattan")
    lines = out.splitlines()
    assert code == 0 and lines[0].split() == ["line", "moves", "expanded", "seconds"]
    assert lines[1].split()[:2] == ["2", "42"]
    assert lines[2].split()[:2] == ["3", "45"]
    assert lines[3].startswith("total: 2 of 2 boards solved, 87 moves")
    code, out, _ = run(capsys, "--batch", str(path), "--size", "4x4", "--goal-blank", "first", "--json",
                       "--algo", "idastar", "--heuristic", "linear-conflict")
    data = json.loads(out)
    assert [b["length"] for b in data["boards"]] == [42, 45] and data["moves"] == 87


def test_build_pdb(capsys, empty_cache):
    code, out, _ = run(capsys, "--build-pdb", "--size", "3x3")
    assert code == 0 and out.startswith("pattern databases: ") and "3x3 4-4" in out and "built in" in out
    code, out, _ = run(capsys, "--build-pdb", "--size", "3x3", "--goal-blank", "first")
    assert code == 0 and "already built" in out  # the same tables serve the mirrored goal
    code, out, _ = run(capsys, "--build-pdb", "--size", "3x3", "--json")
    assert code == 0 and json.loads(out)["status"] == "built" and json.loads(out)["already"]


def test_build_pdb_says_why_a_file_of_the_earlier_format_is_built_again(capsys, empty_cache):
    old = empty_cache / "tiles-pdb-v1-3x3-4-4-0123456789.bin"
    old.write_bytes(b"puzzle-explorer tiles pattern databases v1\n".ljust(10_000, b" "))
    code, out, err = run(capsys, "--build-pdb", "--size", "3x3")
    assert code == 0 and out.startswith("pattern databases: ") and "built in" in out
    assert f"{old} are format v1" in " ".join(err.split()) and "built again" in err and not old.exists()


@pytest.mark.parametrize("args, words", [
    (["--board", "1 2 3/4 5/6 7 ."], "row 2 has 2 numbers but row 1 has 3"),
    (["--board", "1 2/2 ."], "tile 2 appears twice"),
    (["--board", "1 2 3 4 5 6 7/8 9 10 11 12 13 ./14 15 16 17 18 19 20"], "each side must be 2 to 6"),
    (["--preset", "twenty-four", "--algo", "astar"], "boards up to 16 cells"),
    (["--preset", "eight-easy", "--goal", "1 2/3 ."], "the goal is 2x2 but the board is 3x3"),
    (["--preset", "eight-easy", "--goal", "x", "--goal-blank", "first"], "not both"),
    (["--preset", "eight-easy", "--pdb", "7-8", "--algo", "idastar"], "no partition '7-8' for 3x3"),
    (["--shuffle", "5", "--preset", "eight-easy"], "--shuffle makes its own board"),
    (["--shuffle", "0"], "must be greater than 0"),
    (["--size", "9x2", "--shuffle", "3"], "each side must be 2 to 6"),
    (["--batch", "/nonexistent/boards.txt"], "cannot read batch file"),
    # the shared readers: ASCII digits only, a sane range, one line
    (["--board", "1 2/3 " + "9" * 5000], "tile '999999999999'… (5,000 characters) is too big"),
    (["--board", "1 2/3 ²"], "'²' is not a tile number"),
    (["--board", "1 2/3 ٣"], "'٣' is not a tile number"),
    (["--shuffle", "3", "--size", "3x²"], "'3x²' is not a size WxH"),
    (["--shuffle", "3", "--size", "9" * 5000 + "x3"], "must be at most"),
    (["--shuffle", "3", "--seed", str(2**63)], "--seed"),
    (["--shuffle", "3", "--seed", "+-1"], "is not a whole number"),
    (["--shuffle", "9" * 50], "--shuffle"),
    (["--preset", "eight-easy", "--timeout", "nan"], "--timeout: 'nan' is not a number"),
    (["--preset", "eight-easy", "--max-memory", "1e999"], "--max-memory"),
    (["--preset", "eight-easy", "--max-states", "9" * 5000], "--max-states"),
    (["--file", "/dev/zero"], "/dev/zero is larger than 16 MiB"),
    (["--batch", "/dev/zero"], "batch file /dev/zero is larger than 16 MiB"),
    (["--board", "1 2/3 .", "--goal", "1 2/3 " + "9" * 5000], "goal: tile '999999999999'… (5,000 characters)"),
    (["--preset", "eight-easy", "--algo", "astar", "--workers", "2"], "split IDA* (--algo auto or idastar)"),
    (["--preset", "eight-easy", "--algo", "rows", "--engine", "ray"], "not --algo rows"),
])
def test_errors_are_one_line_with_status_2(capsys, args, words):
    commands.solve_refuses(capsys, "tiles", args, words)


def test_a_batch_file_is_strict_utf8_and_names_the_line(capsys, tmp_path):
    path = tmp_path / "bytes.txt"
    path.write_bytes(b"1 2 3 4 5 6 7 8 0\n1 2 \xff 4 5 6 7 8 0\n")
    code, out, err = run(capsys, "--batch", str(path))
    assert code == 2 and out == ""
    assert err.strip() == f"error: batch file {path}, line 2: byte 0xff at column 5 is not UTF-8 text"


def test_batch_errors_name_the_line(capsys, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("1 2 3 4 5 6 7 8 0\n\n1 2 3 4 5 6 7 8 8\n")
    code, _, err = run(capsys, "--batch", str(path))
    assert code == 2 and "line 3: tile 8 appears twice" in err
    path.write_text("1 2 3 4 5 6 7 0\n")
    code, _, err = run(capsys, "--batch", str(path))
    assert code == 2 and "line 1: 8 numbers are no square board" in err
    code, out, err = run(capsys, "--batch", str(path), "--size", "4x2", "--algo", "bfs")
    assert code == 0 and "total: 1 of 1 boards solved" in out


def test_idastar_takes_the_engine_options(capsys):
    """A search this small runs here whatever the workers asked for: the same answer, no workers line."""
    args = ("--board", "8 6 7/2 5 4/3 . 1", "--algo", "idastar", "--heuristic", "linear-conflict")
    code, one, _ = run(capsys, *args, "--json")
    code2, two, _ = run(capsys, *args, "--json", "--workers", "2")
    first, second = json.loads(one), json.loads(two)
    assert code == code2 == 0 and first["moves"] == second["moves"] and first["length"] == 31
    assert first["stats"]["nodes_expanded"] == second["stats"]["nodes_expanded"] and "workers" not in second
