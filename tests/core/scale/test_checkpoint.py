"""Checkpoints (core/scale/checkpoint.py): a split search stopped part way goes on from its file, with
the answer of one uninterrupted run; a file cut short by a kill, another search's file and a
file that is no checkpoint are each handled."""
import os
import re
import subprocess
import sys

import pytest

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.files import side_file_failures
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.core.scale.checkpoint import Checkpoint, search_key
from puzzle_explorer.core.scale.engine import EngineSpec
from puzzle_explorer.core.scale.tasks import run_tasks
from puzzle_explorer.puzzles.knights.board import Board
from puzzle_explorer.puzzles.knights.solve import solve
from tests.cli.commands import one_line_error, run_cli
from tests.core.scale.tasks_probe import Square

TASKS = [Square(n) for n in range(10)]


def test_a_run_stopped_by_its_node_cap_goes_on_from_its_checkpoint(tmp_path):
    spec = EngineSpec(workers=1, checkpoint=str(tmp_path / "run.ckpt"))
    first = run_tasks(TASKS, spec, SearchControl(), node_cap=4)
    assert first.limit == Limit.STATES and first.checkpoint.held == 4
    control = SearchControl()
    second = run_tasks(TASKS, spec, control)
    assert second.status == Status.SOLVED and second.restored == 4
    assert (control.snapshot().tasks_done, control.snapshot().tasks) == (10, 10)  # those restored count as done
    assert [r.value for r in second.results] == [n * n for n in range(10)]
    assert sorted(second.order) == list(range(4, 10))  # only the tasks the file did not hold ran


def test_a_record_cut_short_by_a_kill_is_dropped_and_the_task_run_again(tmp_path):
    path = tmp_path / "run.ckpt"
    spec = EngineSpec(workers=1, checkpoint=str(path))
    run_tasks(TASKS, spec, SearchControl(), node_cap=3)
    whole = path.stat().st_size
    with open(path, "ab") as f:
        f.write(b"\x80\x04\x95")  # the start of a fourth record
    again = run_tasks(TASKS, spec, SearchControl())
    assert again.restored == 3 and [r.value for r in again.results] == [n * n for n in range(10)]
    assert path.stat().st_size > whole  # the cut record went and the new ones follow the good ones
    check = Checkpoint(path, TASKS)
    assert len(check.open()) == 10
    check.close()


def test_another_searchs_file_and_a_file_that_is_no_checkpoint_are_refused(tmp_path):
    path = tmp_path / "run.ckpt"
    run_tasks(TASKS, EngineSpec(workers=1, checkpoint=str(path)), SearchControl())
    with pytest.raises(InputError, match="written by another search"):
        run_tasks(TASKS[:9], EngineSpec(workers=1, checkpoint=str(path)), SearchControl())
    (tmp_path / "notes.txt").write_text("my notes\n")
    with pytest.raises(InputError, match="not a checkpoint file"):
        run_tasks(TASKS, EngineSpec(workers=1, checkpoint=str(tmp_path / "notes.txt")), SearchControl())
    assert (tmp_path / "notes.txt").read_text() == "my notes\n"  # left as it was


def test_the_key_is_the_tasks_contents():
    assert search_key(TASKS) == search_key([Square(n) for n in range(10)])
    assert search_key(TASKS) != search_key(TASKS[::-1])


@pytest.mark.processes
def test_a_tour_count_capped_part_way_then_resumed_counts_every_tour(tmp_path):
    """On one worker and on two, against one plain count (the whole tree, counted once for both)."""
    board = Board(7, 5, (0, 0))  # 5.2 million nodes: a third of 6x6's
    plain = solve(board, "count", {"workers": 1, "subtrees": 1}, SearchControl(), Limits())
    assert plain.details["solutions"] > 0
    for workers in (1, 2):
        options = {"workers": workers, "subtrees": 40, "checkpoint": str(tmp_path / f"7x5-{workers}.ckpt")}
        part = solve(board, "count", options, SearchControl(), Limits(max_states=plain.stats.nodes_expanded // 2))
        assert part.status == Status.LIMIT and 0 < part.details["checkpoint"]["subtrees"] < part.details["tasks"]
        assert part.details["tasks_done"] == part.details["checkpoint"]["subtrees"]
        whole = solve(board, "count", options, SearchControl(), Limits())
        assert whole.status == Status.SOLVED and whole.details["restored"] == part.details["checkpoint"]["subtrees"]
        assert whole.details["solutions"] == plain.details["solutions"], workers
        assert whole.stats.nodes_expanded == plain.stats.nodes_expanded, workers


@pytest.mark.processes
def test_the_command_line_says_where_to_go_on_from_and_refuses_a_bad_file(tmp_path):
    run = [sys.executable, "-c", "import sys; from puzzle_explorer.cli.main import main; sys.exit(main(sys.argv[1:]))",
           "solve", "knights", "--size", "6x6", "--count", "--workers", "1", "--no-board",
           "--checkpoint", str(tmp_path / "c"), "--max-states", "5000000"]
    out = subprocess.run(run, capture_output=True, text=True, timeout=300)
    assert "the same command with a higher --max-states goes on from there" in out.stdout and f"checkpoint: {tmp_path / 'c'} holds" in out.stdout
    done, total = re.search(r"workers: 1 \(local\), (\d+) of (\d+) subtrees done", out.stdout).groups()
    held = re.search(r"holds (\d+) of (\d+) subtrees", out.stdout).groups()
    assert 0 < int(done) < int(total) and (done, total) == held  # one worker's tree is cut all the same
    (tmp_path / "c").write_text("not mine\n")
    out = subprocess.run(run, capture_output=True, text=True, timeout=300)
    assert out.returncode == 2 and out.stderr.startswith("error: checkpoint ") and "Traceback" not in out.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_checkpoint_that_stops_taking_records_ends_the_checkpoint_not_the_run(tmp_path):
    side_file_failures()
    spec = EngineSpec(workers=1, checkpoint=str(tmp_path / "run.ckpt"))
    checkpoint = Checkpoint(spec.checkpoint, TASKS)
    checkpoint.open()
    checkpoint._file.close()
    checkpoint._file = open("/dev/full", "wb")  # the disk fills up after the file was started
    checkpoint.record(0, "result", 1.0)
    checkpoint.record(1, "result", 1.0)
    assert checkpoint.failed and checkpoint.held == 0
    assert side_file_failures() == [f"--checkpoint {spec.checkpoint}: cannot write it (No space left on device)"]
    checkpoint.close()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_checkpoint_on_a_full_disk_is_refused_in_one_line(capsys):
    code, out, err = run_cli(capsys, "solve", "knights", "--size", "5x5", "--count", "--checkpoint", "/dev/full")
    one_line_error(code, err, "checkpoint /dev/full: No space left on device")
    assert out == ""
