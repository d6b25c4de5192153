"""The command line as scripts use it: JSON fields, every board source, one-line errors."""
import json

import pytest

from tests.cli.commands import run_cli, solve_refuses
from tests.puzzles.die import reference


def tour_of(path):
    return [(p["cell"][0] - 1, p["cell"][1] - 1, p["mark"]) for p in path]


def test_json_of_the_classic_puzzle(capsys):
    code, out, err = run_cli(capsys, "solve", "die", "--preset", "classic-8x8", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["status"] == "solved" and data["length"] == 63 == len(data["moves"])
    assert set(data["stats"]) == {"nodes_expanded", "states_seen", "max_frontier", "elapsed_s"}
    assert data["stats"]["nodes_expanded"] > 0
    assert data["solutions"] is None  # not counted without --all
    assert data["start"] == [1, 1] and data["goal"] == [1, 8] and data["goal_face"] == "up"
    first = data["moves"][0]
    assert set(first) == {"roll", "to", "mark", "top"}
    (path,) = data["paths"]
    assert len(path) == 64 and set(path[0]) == {"cell", "mark", "top"}
    assert path[0] == {"cell": [1, 1], "mark": "up", "top": 1}
    reference.check_tour(8, 8, set(), (0, 0), (0, 7), "up", tour_of(path))
    assert [m["mark"] for m in data["moves"]] == [p["mark"] for p in path[1:]]


def test_all_counts_and_lists_every_tour(capsys):
    code, out, _ = run_cli(capsys, "solve", "die", "--size", "8x8", "--goal-face", "any", "--all", "--json")
    data = json.loads(out)
    assert data["status"] == "solved" and data["solutions"] == 2 and data["count_complete"]
    assert len(data["paths"]) == 2 and data["paths"][0] != data["paths"][1]
    for path in data["paths"]:
        reference.check_tour(8, 8, set(), (0, 0), (0, 7), "any", tour_of(path))


def test_a_one_cell_tour_says_it_has_no_rolls(capsys):
    """Its one tour has no rolls; listed, it was an empty line after its number."""
    code, out, _ = run_cli(capsys, "solve", "die", "--size", "1x1", "--all")
    assert code == 0 and "1 tour" in out
    assert "   1. (none: the start is the goal)" in out.splitlines()
    code, out, _ = run_cli(capsys, "solve", "die", "--size", "1x1")
    assert code == 0 and "rolls: (none: the start is the goal)" in out.splitlines()


def test_start_goal_and_blocked_flags(capsys):
    args = ("--size", "5x4", "--start", "2,2", "--goal", "5,4", "--blocked", "1,1;3,3", "--goal-face", "not-up")
    code, out, _ = run_cli(capsys, "solve", "die", *args, "--all", "--json")
    data = json.loads(out)
    expected = reference.tours(5, 4, {(0, 0), (2, 2)}, (1, 1), (4, 3), "not-up")
    assert data["solutions"] == len(expected)
    assert data["board"] == "#..../.S.../..#../....G"


def test_keep_caps_the_list_not_the_count(capsys):
    """A board with three tours, two kept (in a moment, on one process: the cap over worker processes,
    on open-10x10's eight, is test_solutions.py's test_kept_tours_are_capped_and_browsable)."""
    code, out, _ = run_cli(capsys, "solve", "die", "--board", "......./.S...../......G", "--goal-face", "not-up",
                           "--all", "--keep", "2", "--json")
    data = json.loads(out)
    assert data["solutions"] == 3 and len(data["paths"]) == 2


def test_unsolvable_exits_zero_with_a_proof(capsys):
    code, out, _ = run_cli(capsys, "solve", "die", "--board", "S.../..../..G.", "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "unsolvable" and data["proof"].startswith("parity")
    code, out, _ = run_cli(capsys, "solve", "die", "--preset", "corners-7x7", "--all")
    assert code == 0 and "proved: no tour (every placement searched)" in out and "proof: exhaustive search" in out


@pytest.mark.processes
@pytest.mark.realtime
def test_timeout_is_a_limit(capsys):
    code, out, _ = run_cli(capsys, "solve", "die", "--size", "12x12", "--all", "--timeout", "0.3", "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "limit" and data["limit"] == "time"
    assert data["count_complete"] is False


def test_human_output_draws_the_tour(capsys):
    code, out, _ = run_cli(capsys, "solve", "die", "--preset", "classic-8x8", "--all")
    assert code == 0
    assert "1 tour (mark at the goal: up)" in out and "0 tours" not in out
    assert "64●" in out and "mark ♥ on top ●" in out
    assert "SSSENENWNEEEEEESWSESWWNNWWSESWWSEESWSEENNEESWSESWWWWWWNENWNWSSS" in out


def test_board_file(tmp_path, capsys):
    path = tmp_path / "b.txt"
    path.write_text("S.#...\nG.....\n......\n......\n......\n#.....\n")
    code, out, _ = run_cli(capsys, "solve", "die", "--file", str(path), "--all", "--json")
    assert code == 0 and json.loads(out)["solutions"] == 1


@pytest.mark.parametrize("args,words", [
    (["--board", "S.?/..G"], "unknown character '?'"),
    (["--board", "S../G."], "row 2 has 2 cells but row 1 has 3"),
    (["--size", "13x4"], "board is 13x4; the largest is 12x12"),
    (["--board", "/".join(["." * 13] * 2)], "board is 13x2"),
    (["--size", "8"], "is not a size WxH"),
    (["--size", "4x4", "--start", "5,1"], "start 5,1 is off the 4x4 board"),
    (["--size", "4x4", "--goal", "0,2"], "goal 0,2 is off the 4x4 board"),
    (["--size", "4x4", "--blocked", "1,1"], "start 1,1 is a blocked cell"),
    (["--size", "4x4", "--goal", "3,3", "--blocked", "3,3"], "goal 3,3 is a blocked cell"),
    (["--board", "S#/.G", "--goal", "2,1"], "goal 2,1 is a blocked cell"),
    (["--size", "4x4", "--blocked", "9,9"], "--blocked cell 9,9 is off the 4x4 board"),
    (["--size", "4x4", "--blocked", "1;2"], "is not x,y"),
    (["--size", "4x4", "--goal", "1,1"], "start and goal are the same cell"),
    (["--size", "4x4", "--goal-face", "sideways"], "invalid choice"),
    (["--size", "4x4", "--keep", "0"], "must be greater than 0"),
    (["--size", "4x4", "--all", "--keep", "999999999"], "--keep: '999999999' must be at most 10,000"),
    (["--board", "S.", "--size", "2x2"], "not allowed with argument"),
])
def test_bad_input_one_line_exit_2(capsys, args, words):
    solve_refuses(capsys, "die", args, words)
