"""The command line as a user and a script see it: JSON with the tour, counts, one-line errors, exit 2."""
import json
import subprocess
import sys

import pytest

from tests.cli import commands
from tests.puzzles.knights.reference import check_tour, count_tours


def run_cli(capsys, *args):
    """`puzzle-explorer solve knights ARGS` in the test: (status, stdout, stderr)."""
    return commands.run_cli(capsys, "solve", "knights", *args)


@pytest.mark.parametrize("closed", [False, True], ids=["open", "closed"])
def test_json_tour_on_the_chessboard(capsys, closed):
    code, out, _ = run_cli(capsys, "--size", "8x8", "--start", "1,1", *(["--closed"] if closed else []), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["status"] == "solved"
    assert len(data["tour"]) == 64 and data["length"] == 63 == len(data["moves"])
    check_tour(8, 8, (0, 0), closed, (), data["tour"])
    assert [m["to"] for m in data["moves"]] == data["tour"][1:]
    assert [m["from"] for m in data["moves"]] == data["tour"][:-1]
    assert set(data["stats"]) >= {"nodes_expanded", "states_seen", "max_frontier", "elapsed_s"}


@pytest.mark.parametrize("algo", ["backtrack", "warnsdorff-backtrack", "warnsdorff"])
def test_each_algorithm_and_blocked_squares(capsys, algo):
    code, out, _ = run_cli(capsys, "--size", "6x5", "--start", "2,3", "--blocked", "6,5 1,5", "--algo", algo,
                           "--json")
    assert code == 0
    data = json.loads(out)
    assert data["status"] == "solved", data
    check_tour(6, 5, (1, 2), False, {(5, 4), (0, 4)}, data["tour"])


def test_count_on_5x5(capsys):
    code, out, _ = run_cli(capsys, "--size", "5x5", "--start", "1,1", "--count", "--json")
    data = json.loads(out)
    assert code == 0 and data["solutions"] == 304 == count_tours(5, 5, (0, 0))
    check_tour(5, 5, (0, 0), False, (), data["tour"])


def test_count_with_plain_backtracking_reports_the_article_nodes(capsys):
    code, out, _ = run_cli(capsys, "--size", "5x5", "--start", "3,3", "--algo", "backtrack", "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "solved" and data["nodes"] == 11077
    check_tour(5, 5, (2, 2), False, (), data["tour"])


def test_count_every_start_prints_the_grid(capsys):
    code, out, _ = run_cli(capsys, "--size", "5x5", "--count", "--all-starts")
    assert code == 0
    assert out.startswith("open knight's tour on 5x5, from every square\n")  # not from the default start
    assert "1,728 tours from every square" in out
    assert "304" in out and "56" in out


def test_count_names_its_method(capsys):
    """A small board's count stays with the search (auto) and keeps a tour; --method frontier sweeps."""
    code, out, _ = run_cli(capsys, "--size", "5x5", "--start", "1,1", "--count", "--json")
    assert code == 0 and json.loads(out)["method"] == "pruned backtracking, every tour"
    code, out, _ = run_cli(capsys, "--size", "5x5", "--start", "3,1", "--count", "--method", "frontier", "--json")
    data = json.loads(out)
    assert code == 0 and data["method"] == "frontier count (transfer matrix)" and data["solutions"] == 56
    code, out, _ = run_cli(capsys, "--size", "5x5", "--count", "--all-starts", "--method", "frontier")
    assert code == 0 and "1,728 tours from every square" in out and "method: frontier count" in out
    assert "counted: per-square table" in out


def test_auto_counts_a_long_board_with_the_frontier(capsys):
    """4x11 from a corner: the search needs 220 million nodes (1,268,918 tours), the sweep a second."""
    code, out, _ = run_cli(capsys, "--size", "4x11", "--count")
    assert code == 0 and "1,268,918 tours from 1,1" in out and "method: frontier count" in out


def test_a_frontier_count_too_big_for_the_budget_stops_before_it_starts(capsys):
    code, out, _ = run_cli(capsys, "--size", "8x8", "--count", "--method", "frontier", "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "limit" and data["limit"] == "memory"
    assert data["frontier"]["expected_bytes"] > 2 ** 30


def test_a_frontier_count_refused_for_its_memory_says_how_much_it_needs(capsys):
    """7x7 from every square meets in the middle, holding about 51 million states at its peak (4.7 GB
    measured): within 2 GiB it is refused at once, in words."""
    code, out, _ = run_cli(capsys, "--size", "7x7", "--count", "--all-starts", "--method", "frontier",
                           "--max-memory", "2G")
    assert code == 0 and "stopped: the memory budget was reached" in out
    assert "stopped before the search began" in out
    assert "the frontier counter is expected to need" in out and "GiB on this board" in out


def test_unsolvable_says_why_and_exits_zero(capsys):
    code, out, _ = run_cli(capsys, "--size", "5x5", "--start", "2,1")
    assert code == 0
    assert "proved: no tour on 5x5 from 2,1 (the colours argument)" in out and "no search needed" in out
    code, out, _ = run_cli(capsys, "--size", "4x7", "--closed", "--json")
    data = json.loads(out)
    assert data["status"] == "unsolvable" and data["tour"] == []


def test_human_output_draws_the_tour(capsys):
    code, out, _ = run_cli(capsys, "--size", "5x5", "--start", "3,3")
    assert code == 0
    for number in ("1", "13", "25"):
        assert f" {number}" in out


def test_presets_and_board_text(capsys):
    code, out, _ = run_cli(capsys, "--preset", "ring-8x8", "--json")
    data = json.loads(out)
    blocked = {(3, 3), (4, 3), (3, 4), (4, 4)}
    check_tour(8, 8, (0, 0), False, blocked, data["tour"])
    code, out, _ = run_cli(capsys, "--board", "S..../...../...../...../.....", "--algo", "backtrack", "--json")
    assert json.loads(out)["nodes"] == 76497


BAD = [
    (["--size", "0x5"], "out of range"),
    (["--size", "1001x5"], "out of range"),
    (["--size", "5x1001"], "out of range"),
    (["--size", "axb"], "is not a size WxH"),
    (["--size", "8x8", "--start", "9,1"], "off the 8x8 board"),
    (["--size", "8x8", "--start", "0,1"], "off the 8x8 board"),
    (["--size", "8x8", "--start", "1,-3"], "off the 8x8 board"),
    (["--size", "8x8", "--start", "3"], "not x,y"),
    (["--size", "8x8", "--start", "a,b"], "not x,y"),
    (["--size", "8x8", "--start", "1,1,1"], "not x,y"),
    (["--size", "8x8", "--start", "2,2", "--blocked", "2,2"], "blocked square"),
    (["--size", "8x8", "--blocked", "9,9"], "off the 8x8 board"),
    (["--size", "8x8", "--blocked", "3;x"], "not x,y"),
    (["--board", "S.x/..."], "unknown character"),
    (["--board", "S../.."], "row 2"),
    (["--preset", "no-such-board"], "no-such-board"),
    (["--size", "8x8", "--all-starts"], "--all-starts"),
    (["--size", "9x9", "--count", "--method", "frontier"], "at most 8 squares across"),
]


@pytest.mark.parametrize("args,words", BAD, ids=[" ".join(a) or "nothing" for a, _ in BAD])
def test_bad_input_is_one_line_and_exit_2(capsys, args, words):
    commands.solve_refuses(capsys, "knights", args, words)


@pytest.mark.processes
def test_bad_input_from_the_installed_command():
    """The real process: stderr one line, exit status 2, for a start off the board."""
    proc = subprocess.run([sys.executable, "-m", "puzzle_explorer", "solve", "knights", "--size", "5x5", "--start", "6,1"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1 and "off the 5x5 board" in proc.stderr


def test_estimate_of_a_board_too_big_for_a_float(capsys):
    """99x99's dives multiply past 1e308: the estimate says so (it raised OverflowError)."""
    code, out, err = run_cli(capsys, "--size", "99x99", "--count", "--estimate", "--json")
    assert code == 0 and err == ""
    shown = json.loads(out)["estimate"]
    assert shown["nodes"] is None and shown["dives"] > 0


@pytest.mark.parametrize("workers,expected", [((), 1), (("--workers", "2"), 2)])
def test_estimate_gives_the_time_on_the_workers_the_count_would_use(capsys, monkeypatch, workers, expected):
    """5x5 from one square takes milliseconds: left open, the count stays on one worker, and so
    does the time the estimate gives; asked for two, two."""
    monkeypatch.setattr("puzzle_explorer.core.scale.tasks.cores", lambda: 2)
    code, out, err = run_cli(capsys, "--size", "5x5", "--count", "--estimate", "--json", *workers)
    assert code == 0 and err == ""
    assert json.loads(out)["estimate"]["workers"] == expected


def test_a_checkpoint_that_cannot_be_written_is_refused_before_the_count(capsys, tmp_path):
    missing = tmp_path / "no such folder" / "count.npz"
    code, out, err = run_cli(capsys, "--size", "5x6", "--count", "--all-starts", "--method", "frontier",
                             "--checkpoint", str(missing))
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [f"error: checkpoint {missing}: No such file or directory"]


def test_a_frontier_count_names_its_threads_and_an_engine_it_does_not_use(capsys):
    """The frontier counter sweeps on this machine's threads: the output says how many, and that --engine
    ray, asked for, was not used."""
    code, out, _ = run_cli(capsys, "--size", "5x6", "--count", "--method", "frontier", "--workers", "2")
    assert code == 0 and "workers: 2 threads on this machine\n" in out
    code, out, _ = run_cli(capsys, "--size", "5x6", "--count", "--method", "frontier", "--engine", "ray")
    assert code == 0
    assert "(--engine ray is used by the frontier counter only for the total from every square and for closed tours)" in out
