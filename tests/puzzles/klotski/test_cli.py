"""The command line as scripts use it: JSON fields, exit statuses, one-line errors."""
import json

import pytest

from tests.cli.commands import run_cli, solve_refuses
from tests.puzzles.klotski import reference


def test_json_has_every_field_and_a_valid_solution(capsys):
    code, out, err = run_cli(capsys, "solve", "klotski", "--preset", "yusheng-xili", "--moves", "straight",
                             "--json")
    assert code == 0
    data = json.loads(out)
    assert data["status"] == "solved"
    best, _ = reference.shortest("HAAN/HAAO/IBBJ/IK.J/PK.Q", "A", (1, 3), "straight")
    assert data["length"] == best == len(data["moves"])
    assert set(data["stats"]) == {"nodes_expanded", "states_seen", "max_frontier", "elapsed_s"}
    assert data["stats"]["nodes_expanded"] > 0 and data["stats"]["elapsed_s"] >= 0
    first = data["moves"][0]
    assert set(first) == {"piece", "from", "to"} and len(first["from"]) == 2


def test_census_json(capsys):
    code, out, err = run_cli(capsys, "solve", "klotski", "--board", "AAb/AA./c.d", "--census", "--json")
    assert code == 0, err
    data = json.loads(out)
    seen, goals = reference.explore("AAb/AA./c.d", "A", (0, 1), "free", census=True)
    assert data["status"] == "solved"
    assert data["census"] == {"states": len(seen), "goal_states": len(goals), "max_depth": max(seen.values()),
                              "goal_depth": min(goals)}


def test_limit_and_which(capsys):
    code, out, _ = run_cli(capsys, "solve", "klotski", "--preset", "hengdao-lima", "--max-states", "100",
                           "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "limit" and data["limit"] == "states"


def test_unsolvable_exits_zero(capsys):
    code, out, _ = run_cli(capsys, "solve", "klotski", "--preset", "zoutou-wulu", "--json")
    assert code == 0 and json.loads(out)["status"] == "unsolvable"


def test_target_and_goal_flags(capsys):
    code, out, _ = run_cli(capsys, "solve", "klotski", "--board", "ab./...", "--target", "b", "--goal", "1,2",
                           "--moves", "unit", "--json")
    best, _ = reference.shortest("ab./...", "b", (0, 1), "unit")
    assert json.loads(out)["length"] == best


def test_human_output_draws_the_solution(capsys):
    code, out, _ = run_cli(capsys, "solve", "klotski", "--board", "AAb/AA./c.d")
    assert code == 0
    assert "moves, shortest (free convention)" in out and "1. " in out


def test_board_file(tmp_path, capsys):
    path = tmp_path / "b.txt"
    path.write_text("HAAN\nHAAO\nIBBJ\nIK.J\nPK.Q\n")
    code, out, _ = run_cli(capsys, "solve", "klotski", "--file", str(path), "--json")
    assert code == 0 and json.loads(out)["length"] == 47


@pytest.mark.parametrize("args,words", [
    (["--board", "AB/C?"], "unknown character '?'"),
    (["--board", "AAB/A.B"], "not one filled rectangle"),
    (["--board", "AB/CD"], "tie for the largest"),
    (["--board", "AA./...", "--goal", "3,1"], "off the 3x2 board"),
    (["--board", "AAAAAAAAA"], "board is 9x1"),
    (["--board", "AB", "--target", "Z"], "--target 'Z' is not a piece"),
    (["--board", "AB", "--goal", "x"], "is not x,y"),
    (["--board", "AB", "--moves", "diagonal"], "invalid choice"),
    (["--board", "AB", "--max-states", "-5"], "must be greater than 0"),
])
def test_bad_input_one_line_exit_2(capsys, args, words):
    solve_refuses(capsys, "klotski", args, words)
