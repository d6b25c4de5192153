"""`solve … --trace FILE`: one JSON line per snapshot, counters that never go down, paths of real moves."""
import json
import os

import pytest

from tests.cli.commands import run_cli

GROWING = ("nodes_expanded", "solutions", "max_frontier")  # the counters that add up over a job


def read_trace(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.processes
@pytest.mark.realtime
def test_a_long_count_writes_a_line_per_snapshot_and_its_counters_never_go_down(capsys, tmp_path):
    trace = tmp_path / "count.jsonl"
    code, out, _ = run_cli(capsys, "solve", "knights", "--preset", "chessboard", "--count", "--timeout", "1.5",
                           "--trace", str(trace), "--json")
    assert code == 0 and json.loads(out)["status"] == "limit"
    lines = read_trace(trace)
    searching = [line for line in lines if line["phase"] == "searching"]
    assert len(searching) >= 4  # 10 a second over what the 1.5 s leave after the estimate (a busy machine may drop some)
    assert lines[-1]["phase"] == "done"
    for before, after in zip(lines, lines[1:]):
        assert after["t"] >= before["t"]
        for name in GROWING:
            assert after["counters"][name] >= before["counters"][name], name
    for line in searching:
        assert line["kind"] == "backtrack"
        squares = [tuple(line["path"][0]["from"])] + [tuple(m["to"]) for m in line["path"]]
        assert len(squares) == line["path_length"] == line["depth"] + 1
        for (ax, ay), (bx, by) in zip(squares, squares[1:]):
            assert sorted((abs(ax - bx), abs(ay - by))) == [1, 2]
        assert line["deepest"] >= line["depth"]


def test_a_bfs_trace_ends_on_the_answer_with_the_layer_sizes(capsys, tmp_path):
    trace = tmp_path / "bfs.jsonl"
    code, out, _ = run_cli(capsys, "solve", "klotski", "--preset", "hengdao-lima", "--moves", "unit",
                           "--trace", str(trace), "--json")
    answer = json.loads(out)
    last = read_trace(trace)[-1]
    assert code == 0 and last["kind"] == "bfs"
    assert last["path"] == answer["moves"]  # the last picture is the path to the goal
    assert last["path_length"] == answer["length"] + 1 and not last["cut"]
    assert last["layers"][0] == 1 and last["layers_from"] == 0
    assert "nodes_expanded" in last["counters"] and "expanded" not in last["counters"]  # --json's name
    assert sum(last["layers"]) + last["growing"] <= answer["stats"]["states_seen"]


def test_an_unwritable_trace_is_bad_input_before_any_search(capsys, tmp_path):
    code, out, err = run_cli(capsys, "solve", "klotski", "--preset", "hengdao-lima",
                             "--trace", str(tmp_path / "missing" / "t.jsonl"))
    assert code == 2 and out == ""
    assert "--trace" in err and err.count("\n") == 1


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full and /proc")
@pytest.mark.parametrize("path", ["/dev/full", "/proc/self/status"])
@pytest.mark.parametrize("as_json", [True, False])
def test_a_trace_that_cannot_be_written_costs_one_line_not_the_answer(capsys, path, as_json):
    code, out, err = run_cli(capsys, "solve", "klotski", "--preset", "hengdao-lima", "--moves", "unit",
                             "--algo", "bfs", "--trace", path, *(["--json"] if as_json else []))
    assert code == 2
    assert err.count("\n") == 1 and err.startswith(f"error: --trace {path}: cannot write it"), err
    if as_json:
        assert json.loads(out)["status"] == "solved"
    else:
        assert "116 moves" in out  # the answer, printed before the error


# every family's command line hands its trace the live picture (a quick search of each kind of picture)
EVERY_FAMILY = [
    (("cube8", "--preset", "cap-thirty", "--algo", "bibfs"), "bibfs"),
    (("cube8", "--preset", "cap-thirty", "--algo", "idastar"), "idastar"),
    (("die", "--preset", "blocked-6x6", "--all"), "backtrack"),
    (("knights", "--preset", "classic-5x5-corner", "--count"), "backtrack"),
    (("link", "--preset", "walled-13x11", "--clear"), "backtrack"),
    (("klotski", "--preset", "hengdao-lima", "--algo", "idastar"), "idastar"),
    (("tiles", "--preset", "hardest-8a", "--algo", "idastar", "--heuristic", "linear-conflict"), "idastar"),
    (("tiles", "--preset", "hardest-8a", "--algo", "bibfs"), "bibfs"),
]


@pytest.mark.parametrize("args, kind", EVERY_FAMILY, ids=lambda a: a[0] if isinstance(a, tuple) else a)
def test_every_family_traces_its_picture(capsys, tmp_path, args, kind):
    trace = tmp_path / "t.jsonl"
    code, out, _ = run_cli(capsys, "solve", *args, "--trace", str(trace), "--json")
    assert code == 0
    lines = read_trace(trace)
    assert lines and lines[-1]["phase"] == "done"
    drawn = [line for line in lines if "kind" in line]
    assert drawn and {line["kind"] for line in drawn} == {kind}
    for line in drawn:  # the moves on either side add up to the depth shown
        assert line["path"] is not None and not line["cut"]
        assert len(line["path"]) + len(line.get("goal_side") or ()) == line["depth"]


@pytest.mark.processes
def test_a_split_count_traces_its_subtrees_done_up_to_all_of_them(capsys, tmp_path):
    trace = tmp_path / "split.jsonl"
    code, out, _ = run_cli(capsys, "solve", "knights", "--size", "5x5", "--count", "--all-starts", "--workers", "2",
                           "--trace", str(trace), "--json")
    result = json.loads(out)
    assert code == 0 and result["status"] == "solved"
    marked = [line["subtrees"] for line in read_trace(trace) if "subtrees" in line]
    assert marked and marked[-1] == [result["tasks"], result["tasks"]]
    assert all(total == result["tasks"] and 0 <= done <= total for done, total in marked)
    assert [done for done, _ in marked] == sorted(done for done, _ in marked)  # never goes back


def test_the_work_before_the_search_is_traced_by_its_phase_without_a_stale_picture(tmp_path):
    """A table a search builds first is a line of its own phase ("building the table"), not
    "searching"; the picture is the search's, so such a line carries none. Compiling is left out."""
    from puzzle_explorer.core.run.live import Live
    from puzzle_explorer.core.run.progress import Phase, Snapshot
    from puzzle_explorer.puzzles.kit.trace import trace_to

    path = tmp_path / "t.jsonl"
    stale = Live(kind="bfs", depth=3)
    with trace_to(str(path)) as write:
        write(Snapshot(Phase.COMPILING))
        write(Snapshot(Phase.BUILDING_TABLE, stored=1000, live=stale))
        write(Snapshot(Phase.DONE, stored=2000))
    lines = read_trace(path)
    assert [line["phase"] for line in lines] == ["building the table", "done"]
    assert lines[0]["counters"]["stored"] == 1000 and "kind" not in lines[0]
