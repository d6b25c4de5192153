"""The command line: contest answers byte for byte against the reference, every format error,
the cap, single solves in JSON and in words."""
import io
import json
import os
import subprocess
import sys

import pytest

from puzzle_explorer.puzzles.cube8 import table as T
from tests.cli import commands
from tests.kernel_cache import use_cache
from tests.puzzles.cube8 import reference as R
from tests.puzzles.cube8.cases import random_cases


def small():
    return random_cases(seed=77, n_walked=5, n_uniform=4)


def contest_text(cases, spaced=True):
    lines = []
    for x, y, pattern, _ in cases:
        lines.append(f"{x + 1} {y + 1}")
        for r in range(3):
            row = pattern[3 * r:3 * r + 3]
            lines.append(" ".join(row) if spaced else row)
    return "\n".join(lines + ["0 0"]) + "\n"


def expected_output(cases, cap=30):
    return "".join(f"{d if d <= cap else -1}\n" for *_, d in cases)


def run_cli(capsys, monkeypatch, args, stdin=""):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    return commands.run_cli(capsys, "solve", "cube8", *args)


def test_contest_from_the_table_byte_for_byte(capsys, monkeypatch, with_table):
    code, out, err = run_cli(capsys, monkeypatch, ["--contest"], contest_text(small()))
    assert (code, out, err) == (0, expected_output(small()), "")


@pytest.mark.parametrize("algo", ["bibfs", "idastar"])
def test_contest_by_search_byte_for_byte(capsys, monkeypatch, empty_cache, algo):
    code, out, err = run_cli(capsys, monkeypatch, ["--contest", "--algo", algo], contest_text(small(), spaced=False))
    assert (code, out, err) == (0, expected_output(small()), "")
    assert not list(empty_cache.iterdir())  # nothing was built unasked


@pytest.mark.processes
def test_first_contest_builds_the_table_and_later_ones_answer_from_it(capsys, monkeypatch, empty_cache):
    code, out, err = run_cli(capsys, monkeypatch, ["--contest"], contest_text(small(), spaced=False))
    assert (code, out) == (0, expected_output(small()))
    assert " ".join(err.split()).startswith(f"note: building the distance table once ({T.SIZE / 2**20:.1f} MiB at "
                                            f"{empty_cache / T.FILE_NAME})")
    assert (empty_cache / T.FILE_NAME).stat().st_size == T.SIZE
    # the next run finds the table: the light path answers, without numba or numpy
    probe = ("import sys, io; sys.stdin = io.StringIO(sys.argv[1]); from puzzle_explorer.cli.main import main; code = main(["
             "'solve', 'cube8', '--contest']); print(code, 'numba' in sys.modules, file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", probe, contest_text(small())], capture_output=True, text=True,
                          env={**os.environ, "PUZZLE_EXPLORER_CACHE": str(empty_cache)})
    assert done.stdout == expected_output(small()) and done.stderr.split() == ["0", "False"]


def test_bad_contest_input_builds_no_table(capsys, monkeypatch, empty_cache):
    code, out, err = run_cli(capsys, monkeypatch, ["--contest"], "x 1\n")
    assert code == 2 and out == ""
    assert err.startswith("error: dataset 1, line 1") and len(err.strip().splitlines()) == 1
    assert not list(empty_cache.iterdir())


@pytest.mark.parametrize("cache", ["empty_cache", "with_table"])
def test_an_empty_contest_says_so_on_stderr_only(capsys, monkeypatch, request, cache):
    # with the table on disk the light path answers; it must say what the full command says
    folder = request.getfixturevalue(cache)
    before = sorted(p.name for p in folder.iterdir())
    for stdin in ("0 0\n", "", "\n\n0 0\n"):
        code, out, err = run_cli(capsys, monkeypatch, ["--contest"], stdin)
        assert (code, out) == (0, "") and err == "note: no dataset before the closing `0 0`: nothing to answer\n", stdin
    assert sorted(p.name for p in folder.iterdir()) == before  # no table is built for no dataset


def test_a_first_contest_with_a_bad_dataset_says_only_the_error(capsys, monkeypatch, empty_cache):
    # the datasets before the bad one are answered (by search: no table is built for bad input)
    code, out, err = run_cli(capsys, monkeypatch, ["--contest"], contest_text(small()[:2]).replace("0 0\n", "x 1\n"))
    assert (code, out) == (2, expected_output(small()[:2]))
    assert err.startswith("error: dataset 3, line 9") and err.count("\n") == 1, err
    assert not list(empty_cache.iterdir())


def test_contest_goes_on_by_search_when_the_table_cannot_be_written(capsys, monkeypatch, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("PUZZLE_EXPLORER_CACHE", str(blocker / "cache"))
    code, out, err = run_cli(capsys, monkeypatch, ["--contest"], contest_text(small()))
    assert (code, out) == (0, expected_output(small()))
    assert "cannot write the distance table" in err and "bidirectional BFS" in err


def test_the_cap(capsys, monkeypatch, with_table):
    cases = [(0, 0, "WWEBWBRRR", 30), (0, 0, "WERBWBRRR", 31), (1, 0, "RBWRWWEWW", 3)]
    text = contest_text(cases)
    assert run_cli(capsys, monkeypatch, ["--contest"], text)[1] == "30\n-1\n3\n"
    assert run_cli(capsys, monkeypatch, ["--contest", "--cap", "31"], text)[1] == "30\n31\n3\n"
    assert run_cli(capsys, monkeypatch, ["--contest", "--cap=2"], text)[1] == "-1\n-1\n-1\n"
    assert run_cli(capsys, monkeypatch, ["--contest", "--cap", "30", "--algo", "bibfs"], text)[1] == "30\n-1\n3\n"


GOOD = "1 2\nW W W\nE W W\nW W W\n"
BAD = [
    ("3 3\nW X W\nB R E\nR B R\n0 0\n",
     "dataset 2, line 6: 'X' is not a colour: use W, B, R, or E for the empty square (at x,y = 2,1)"),
    ("3 3\nWWW\nBRW\nRBR\n0 0\n", "dataset 2, lines 6-8: the pattern has no E"),
    ("3 3\nWEW\nBRE\nRBR\n0 0\n", "dataset 2, lines 6-8: the pattern has 2 E's (at 2,1 and 3,2)"),
    ("4 1\nWWW\nBRE\nRBR\n0 0\n", "dataset 2, line 5: start square 4,1 is off the 3x3 board"),
    ("0 3\nWWW\nBRE\nRBR\n0 0\n", "dataset 2, line 5: start square 0,3 is off the 3x3 board"),
    ("3 3\nWWW\nBRE\n", "dataset 2, line 8: the input ends after 2 of the pattern's 3 rows"),
    ("3 3\n", "dataset 2, line 6: the input ends after 0 of the pattern's 3 rows"),
    ("3\nWWW\nBRE\nRBR\n0 0\n", "dataset 2, line 5: expected the empty square as 'x y'"),
    ("3 3\nWWWW\nBRE\nRBR\n0 0\n", "dataset 2, line 6: pattern row 1 has 4 squares; a row has 3"),
]


@pytest.mark.parametrize("table", [True, False], ids=["table", "bibfs"])
@pytest.mark.parametrize("tail,message", BAD)
def test_format_errors_name_dataset_and_line_after_earlier_answers(capsys, monkeypatch, table_dir, tmp_path,
                                                                    table, tail, message):
    use_cache(monkeypatch, table_dir if table else tmp_path)
    code, out, err = run_cli(capsys, monkeypatch, ["--contest"] + ([] if table else ["--algo", "bibfs"]), GOOD + tail)
    assert code == 2 and out == "0\n"
    assert err.startswith("error: " + message) and len(err.strip().splitlines()) == 1


def test_blank_lines_and_a_missing_terminator_are_fine(capsys, monkeypatch, with_table):
    code, out, _ = run_cli(capsys, monkeypatch, ["--contest"], "\n1 2\n\nWWW\nEWW\n\nWWW\n\n")
    assert (code, out) == (0, "0\n")


@pytest.mark.processes
def test_light_path_loads_neither_numba_nor_numpy_nor_rich(with_table):
    probe = ("import sys, io; sys.stdin = io.StringIO(sys.argv[1]); from puzzle_explorer.cli.main import main; code = main(["
             "'solve', 'cube8', '--contest']); print(code, 'numba' in sys.modules, 'numpy' in sys.modules, "
             "'rich' in sys.modules, file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", probe, contest_text(small())], capture_output=True, text=True,
                          env={**os.environ, "PUZZLE_EXPLORER_CACHE": str(with_table)})
    assert done.stdout == expected_output(small())
    assert done.stderr.split() == ["0", "False", "False", "False"]


def test_single_solve_json(capsys, monkeypatch, with_table):
    for algo in ("bibfs", "idastar", "table"):
        code, out, _ = run_cli(capsys, monkeypatch, ["--start", "2,1", "--pattern", "RBW/RWW/EWW", "--algo", algo,
                                                     "--json"])
        data = json.loads(out)
        assert code == 0 and data["status"] == "solved" and data["length"] == 3 == len(data["moves"])
        assert data["solver"] == algo and data["start"] == [2, 1] and data["pattern"] == "RBW/RWW/EWW"
        assert set(data["stats"]) == {"nodes_expanded", "states_seen", "max_frontier", "elapsed_s"}
        assert data["moves"][0] == {"from": [1, 1], "to": [2, 1], "roll": "right", "top": "B"}
    code, out, _ = run_cli(capsys, monkeypatch, ["--preset", "past-the-cap", "--cap", "30", "--json"])
    data = json.loads(out)
    assert data["status"] == "limit" and data["limit"] == "depth" and data["length"] is None


def test_single_solve_in_words(capsys, monkeypatch, with_table):
    code, out, _ = run_cli(capsys, monkeypatch, ["--start", "2,1", "--pattern", "RBW/RWW/EWW"])
    assert code == 0 and "3 rolls, shortest" in out and "1. roll 1,1 right to 2,1: blue on top" in out
    assert R.fewest_rolls(R.start(1, 0), "RBWRWWEWW") == 3


@pytest.mark.parametrize("args,words", [
    (["--start", "2,1", "--pattern", "RBW/RXW/EWW"], "'X' is not a colour"),
    (["--start", "2,1", "--pattern", "RBW/RWW/WWW"], "the pattern has no E"),
    (["--start", "4,1", "--pattern", "RBW/RWW/EWW"], "--start 4,1 is off the 3x3 board"),
    (["--start", "2,1"], "no board"),
    (["--preset", "nope"], "unknown preset 'nope'"),
    (["--start", "2,1", "--pattern", "RBW/RWW/EWW", "--algo", "astar"], "invalid choice"),
    (["--contest", "--cap", "-3"], "must be 0 or more"),
])
def test_bad_arguments_one_line_exit_2(capsys, monkeypatch, with_table, args, words):
    code, out, err = run_cli(capsys, monkeypatch, args)
    commands.one_line_error(code, err, words)
    assert out == ""


def test_build_table_says_where_and_how_big(table_dir):
    from tests.puzzles.cube8.conftest import BUILT

    said = " ".join(BUILT["output"].split())
    assert said.startswith(f"distance table: {T.SIZE / 2**20:.1f} MiB at {table_dir / T.FILE_NAME}")
    with T.open_table(table_dir / T.FILE_NAME) as table:  # whole and readable
        assert table.fewest_rolls(4, (0, 0, 0, 0, 0, 0, 0, 0, -1)) is not None


@pytest.mark.parametrize("built", [True, False], ids=["built", "stopped"])
def test_build_table_answers_in_json_when_asked(capsys, monkeypatch, tmp_path, built):
    """--build-table --json: one JSON object, as tiles' --build-pdb --json, built or stopped (the
    sweep itself is the conftest's; here it is stood in for)."""
    from puzzle_explorer.puzzles.cube8 import cli

    path = tmp_path / T.FILE_NAME
    monkeypatch.setattr(cli, "build_table", lambda control: (path if built else None, 1.5))
    code, out, err = commands.run_cli(capsys, "solve", "cube8", "--build-table", "--json")
    answer = json.loads(out)
    assert code == 0 and err == "", err
    if built:
        assert (answer["status"], answer["file"], answer["bytes"]) == ("built", str(path), T.SIZE)
        assert answer["elapsed_s"] == 1.5 and answer["note"].startswith("distance table: ")
    else:
        assert answer == {"status": "stopped", "note": "the table build was stopped; nothing was written"}
