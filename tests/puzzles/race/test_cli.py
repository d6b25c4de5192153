"""`puzzle-explorer race`: the table, --json, exit 1 when optimal solvers disagree, bad input."""
import json

import pytest

from tests.cli.commands import one_line_error, run_cli
from tests.puzzles.race import fake

BOARD = ("--board", "AAb./AAc./d.ee/fg..")


def test_the_table_has_a_row_a_solver_and_marks_the_best(capsys):
    code, out, err = run_cli(capsys, "race", "klotski", *BOARD, "--algos", "bfs,astar,idastar", "moves=unit")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "race: klotski, the board given"
    header = lines[1].split()
    assert header == ["solver", "status", "length", "expanded", "frontier", "stored", "time", "states/s"]
    rows = {line.split()[0]: line for line in lines[3:6]}
    assert set(rows) == {"bfs", "astar", "idastar"}
    for name in ("bfs", "astar", "idastar"):
        assert rows[name].split()[1:5] == ["moves=unit", "solved", "15", "✓"], rows[name]  # shortest
    assert "*" in out and "✓ shortest" in out
    assert "run: " in out and "on 2 cores" in out or "on 1 core" in out
    assert "idastar  15 moves, shortest" in out  # each solver's headline under the table


def test_json_is_one_solve_object_a_solver_equal_to_solving_alone(capsys):
    code, out, err = run_cli(capsys, "race", "klotski", *BOARD, "--algos", "bfs,astar,astar",
                             "moves=unit", "astar.2:moves=free", "--json")
    assert code == 0, err
    race = json.loads(out)
    assert [(o["solver"], o["race"]["name"], o["options"]["moves"]) for o in race] == [
        ("bfs", "bfs", "unit"), ("astar", "astar", "unit"), ("astar", "astar.2", "free")]
    for obj in race:
        code, alone, _ = run_cli(capsys, "solve", "klotski", *BOARD, "--algo", obj["solver"],
                                 "--moves", obj["options"]["moves"], "--json")
        alone = json.loads(alone)
        for key in ("status", "length", "moves"):
            assert obj[key] == alone[key], key
        assert obj["stats"]["nodes_expanded"] == alone["stats"]["nodes_expanded"]
        assert obj["race"]["shortest"] is True and obj["race"]["started"]
    assert race[0]["length"] == 15 and race[2]["length"] == 8  # two conventions, two questions


def test_optimal_solvers_that_disagree_exit_1_loudly(capsys, monkeypatch):
    fake.with_fake(monkeypatch)
    code, out, err = run_cli(capsys, "race", "fake", "--preset", "three", "--algos", "honest,wrong")
    assert code == 1
    assert "DISAGREEMENT: optimal solvers disagree on the length: honest 3, wrong 4: a solver is wrong" in err
    assert "DISAGREEMENT" in out  # in the table's notes too
    code, out, err = run_cli(capsys, "race", "fake", "--preset", "three", "--algos", "honest,wrong", "--json")
    assert code == 1 and "DISAGREEMENT" in err
    assert [o["length"] for o in json.loads(out)] == [3, 4]
    # another rule is another question: no disagreement
    code, out, err = run_cli(capsys, "race", "fake", "--preset", "three", "--algos", "honest,wrong", "wrong:rule=b")
    assert code == 0, err


def test_a_solver_that_is_not_optimal_shows_how_much_longer(capsys, monkeypatch):
    fake.with_fake(monkeypatch)
    code, out, err = run_cli(capsys, "race", "fake", "--preset", "three", "--algos", "honest,slow")
    assert code == 0, err
    assert "3 ✓" in out and "5 +2" in out


def test_memory_that_would_not_fit_is_refused_with_the_reason(capsys):
    code, out, err = run_cli(capsys, "race", "klotski", *BOARD, "--algos", "bfs,astar", "--max-memory", "64M",
                             "astar:max_memory=100M")
    one_line_error(code, err, "race refused: astar asks for 100.0 MiB of memory, more than the whole race's "
                              "budget of 64.0 MiB: give it less (astar:max_memory=SIZE) or the race more")
    assert out == ""


def test_memory_that_fits_only_alone_waits(capsys):
    code, out, err = run_cli(capsys, "race", "klotski", *BOARD, "--algos", "bfs,astar", "--max-memory", "64M",
                             "max_memory=40M", "--jobs", "2")
    assert code == 0, err
    assert "astar waited" in out and "for memory" in out
    assert "memory 40.0 MiB each of 64.0 MiB" in out


def test_one_at_a_time(capsys):
    code, out, err = run_cli(capsys, "race", "klotski", *BOARD, "--algos", "bfs,astar", "--jobs", "1", "--json")
    assert code == 0
    assert [o["race"]["waited_for"] for o in json.loads(out)] == [None, "a core"]


@pytest.mark.parametrize("args,words", [
    (("--algos", "bfs,dfs"), "--algos: 'dfs' is not a klotski solver; it has bfs, bibfs, astar, idastar, census"),
    (("--algos", "bfs"), "--algos: a race takes 2 to 8 solvers, not 1"),
    (("--algos", "bfs,,astar"), "--algos: an empty name is not a klotski solver"),
    (("--algos", "bfs,astar", "moves"), "setting 'moves' is not KEY=VALUE or NAME:KEY=VALUE"),
    (("--algos", "bfs,astar", "moves=diagonal"), "setting moves 'diagonal' is not one of unit, straight, free"),
    (("--algos", "bfs,astar", "colour=red"), "setting colour: no solver in the race has an option 'colour'"),
    (("--algos", "bfs,astar", "idastar:moves=unit"), "no solver named 'idastar' in the race; it has bfs, astar"),
    (("--algos", "bfs,astar", "astar:depth=3"), "astar has no option 'depth'; it takes moves, distinct, max_states"),
    (("--algos", "bfs,astar", "astar:timeout=-1"), "setting astar:timeout '-1' must be greater than 0"),
    (("--algos", "bfs,astar", "distinct=maybe"), "setting distinct 'maybe' is not yes or no"),
    (("--algos", "bfs,astar", "bfs:max_memory=lots"), "setting bfs:max_memory 'lots' is not a size"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, args, words):
    code, out, err = run_cli(capsys, "race", "klotski", *BOARD, *args)
    one_line_error(code, err, words)


def test_bad_boards_and_families_are_one_line(capsys):
    code, _, err = run_cli(capsys, "race", "klotski", "--board", "AAx/A..", "--algos", "bfs,astar")
    one_line_error(code, err)
    code, _, err = run_cli(capsys, "race", "chess", "--algos", "bfs,astar")
    one_line_error(code, err, "invalid choice: 'chess'")
    code, _, err = run_cli(capsys, "race", "klotski", *BOARD)
    one_line_error(code, err, "--algos")
    code, _, err = run_cli(capsys, "race", "link", "--preset", "starter", "--algos", "path,clear")
    one_line_error(code, err, "path cannot run on this board: it needs two marked cells")


@pytest.mark.parametrize("family,board,algos,settings", [
    ("cube8", ("--start", "2,2", "--pattern", "RWW/WEW/WWB"), "bibfs,idastar", ()),
    ("die", ("--size", "5x3", "--start", "1,1", "--goal", "3,3"), "dfs,dfs,all", ("dfs.2:pruning=no",)),
    ("knights", ("--size", "5x5",), "backtrack,warnsdorff,count", ()),
    ("link", ("--preset", "the-game"), "path,path", ("path.2:outside=no",)),
])
def test_every_family_races_with_its_own_board_options(capsys, family, board, algos, settings):
    code, out, err = run_cli(capsys, "race", family, *board, "--algos", algos, *settings, "--json")
    assert code == 0, err
    race = json.loads(out)
    assert [o["solver"] for o in race] == algos.split(",")
    assert all(o["status"] in ("solved", "unsolvable") for o in race)


PLAIN_DIE = ["race", "die", "--preset", "classic-8x8", "--algos", "dfs,all", "pruning=no"]


@pytest.mark.processes
@pytest.mark.realtime
def test_ctrl_c_stops_every_solver_and_prints_the_table():
    import signal

    from tests.cli.signals.process import stop_when

    ended = stop_when(PLAIN_DIE, "expanded · all", signal.SIGINT, settle_s=0.5)
    assert ended.code == 130, ended.err
    assert ended.out.count("cancelled") >= 2 and "the race was cancelled" in ended.out
    assert ended.waited_s < 5


@pytest.mark.processes
@pytest.mark.realtime
def test_sigterm_in_json_mode_gives_each_cancelled_object():
    """`all` first estimates its count (the race line says `all estimating`, where it once said 0
    expanded and a signal then found nothing counted): the signal comes once both lanes count."""
    import re
    import signal

    from tests.cli.signals.process import stop_when

    both = re.compile(r"dfs [1-9][\d.,]*[kM]? expanded · all [1-9][\d.,]*[kM]? expanded")
    # all's time limit, far past the signal, spares it the estimate's longer look (core/estimate/dives.py: refined)
    ended = stop_when([*PLAIN_DIE, "all:timeout=50", "--json"], both, signal.SIGTERM, settle_s=0.5)
    assert ended.code == 143, ended.err
    race = json.loads(ended.out)
    assert [o["status"] for o in race] == ["cancelled", "cancelled"]
    assert all(o["stats"]["nodes_expanded"] > 0 for o in race)
