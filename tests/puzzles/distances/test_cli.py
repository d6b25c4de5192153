"""The census from the goal on the command line: the JSON census object, the bars, tables written and
read, the estimate before a table is kept, and options that do not go together."""
import json

import pytest

from puzzle_explorer.puzzles.klotski.board import parse
from tests.cli.commands import run_cli
from tests.puzzles.klotski import reference

BOARD = "AAb/AA./c.d"


def census_json(capsys, *args):
    code, out, err = run_cli(capsys, "solve", "klotski", "--board", BOARD, "--census", "--from-goal",
                                 "--json", *args)
    assert code == 0, err
    return json.loads(out)


def test_the_census_object_counts_every_position_by_distance(capsys):
    data = census_json(capsys, "--moves", "unit", "--component", "--hardest", "2")
    c = data["census"]
    best, reachable = reference.shortest(parse(BOARD).inline(), "A", parse(BOARD).goal_cell(), "unit", census=True)
    assert c["states"] == sum(c["by_distance"]) == reachable
    assert c["start_distance"] == best and c["start_in_component"] is True
    assert c["max_distance"] == len(c["by_distance"]) - 1 and c["farthest"] == c["by_distance"][-1]
    assert len(c["hardest"]) == min(2, c["farthest"])
    for text in c["hardest"]:
        assert reference.shortest(parse(text).inline(), "A", parse(text).goal_cell(), "unit")[0] == c["max_distance"]
    assert "estimate" not in data  # nothing kept, nothing estimated


def test_a_saved_table_answers_later_without_a_search(capsys, tmp_path):
    path = tmp_path / "t.tbl"
    data = census_json(capsys, "--moves", "straight", "--save-table", str(path))
    assert data["table"]["path"] == str(path) and data["estimate"]["fits"] is True
    assert data["table"]["positions"] == data["census"]["states"]
    code, out, err = run_cli(capsys, "solve", "klotski", "--board", BOARD, "--moves", "straight",
                                 "--table", str(path), "--json")
    solved = json.loads(out)
    assert code == 0 and solved["solver"] == "table" and solved["stats"]["nodes_expanded"] == 0
    assert solved["length"] == data["census"]["start_distance"]
    code, out, _ = run_cli(capsys, "solve", "klotski", "--board", BOARD, "--moves", "straight",
                               "--table", str(path), "--census", "--from-goal", "--json")
    assert json.loads(out)["census"]["by_distance"] == data["census"]["by_distance"]
    code, out, err = run_cli(capsys, "solve", "klotski", "--board", BOARD, "--moves", "unit", "--table", str(path))
    assert code == 2 and "moves straight in the table, unit here" in err and "Traceback" not in err


def test_the_bars_and_the_hardest_positions_in_words(capsys):
    code, out, _ = run_cli(capsys, "solve", "klotski", "--preset", "hengdao-lima", "--moves", "unit",
                               "--census", "--from-goal", "--component", "--hardest", "1")
    assert code == 0
    lines = out.splitlines()
    at = lines.index("positions per distance (moves to the goal):")
    bars = lines[at + 1:at + 17]
    assert len(bars) == 16 and all(len(line) <= 80 for line in bars)
    assert sum(int(line.split()[-1].replace(",", "")) for line in bars) == 25_955
    assert "from the goal: 25,955 positions · start 116 moves away" in out
    hardest = lines[lines.index(next(line for line in lines if line.startswith("hardest ("))) + 1].strip()
    parse(hardest)  # pastes into --board


def test_a_table_that_cannot_fit_is_refused_before_the_census(capsys):
    code, out, err = run_cli(capsys, "solve", "cube8", "--preset", "three-rolls", "--census", "--from-goal",
                                 "--save-table", "unused.tbl", "--max-memory", "20M", "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "limit" and data["stats"]["nodes_expanded"] == 0
    assert data["estimate"]["fits"] is False and "more than the memory budget (20.0 MiB)" in data["census"]["note"]


@pytest.mark.parametrize("args,message", [
    (["--from-goal"], "--from-goal is a kind of census: add --census"),
    (["--census", "--hardest", "2"], "--hardest goes with --census --from-goal"),
    (["--census", "--from-goal", "--table", "t.tbl", "--save-table", "u.tbl"], "give one of them"),
    (["--table", "t.tbl", "--algo", "bfs"], "leave out --algo"),
    (["--table", "missing.tbl"], "cannot read the table"),
])
def test_options_that_do_not_go_together_say_so_in_one_line(capsys, args, message):
    code, out, err = run_cli(capsys, "solve", "klotski", "--board", BOARD, *args)
    assert code == 2 and message in err and "Traceback" not in err


def endless_table_read(monkeypatch):
    """A table so large its reading takes until something stops it (as gigabytes on a slow disk)."""
    import time

    from puzzle_explorer.core.kernels import tables

    def read(f, dtype, n, stopped):
        began = time.perf_counter()
        while not stopped():
            assert time.perf_counter() - began < 10, "the loading was not stopped"
            time.sleep(0.01)
        raise tables.LoadStopped

    monkeypatch.setattr(tables, "_read_array", read)


@pytest.mark.realtime
def test_loading_a_table_stops_at_the_time_limit(capsys, tmp_path, monkeypatch):
    import time

    path = tmp_path / "t.tbl"
    census_json(capsys, "--moves", "unit", "--save-table", str(path))
    endless_table_read(monkeypatch)
    began = time.perf_counter()
    code, out, err = run_cli(capsys, "solve", "klotski", "--board", BOARD, "--moves", "unit", "--table", str(path),
                             "--timeout", "0.3", "--json")
    answer = json.loads(out)
    assert code == 0 and (answer["status"], answer["limit"]) == ("limit", "time"), err
    assert "loading the table" in answer["note"] and time.perf_counter() - began < 5


@pytest.mark.realtime
def test_ctrl_c_while_loading_a_table_cancels_it(capsys, tmp_path, monkeypatch):
    from tests.core.run.test_runner import interrupt_main_after

    path = tmp_path / "t.tbl"
    census_json(capsys, "--moves", "unit", "--save-table", str(path))
    endless_table_read(monkeypatch)
    interrupt_main_after(0.5)
    code, out, err = run_cli(capsys, "solve", "klotski", "--board", BOARD, "--moves", "unit", "--table", str(path),
                             "--json")
    assert code == 130 and json.loads(out)["status"] == "cancelled", err
