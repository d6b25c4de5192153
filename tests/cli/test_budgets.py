"""Budgets are the machine's: one past its memory is held to it with a note, and an allocation the
system refuses ends the search at its memory limit, never in a traceback."""
import dataclasses
import json

import pytest

from puzzle_explorer.core.run import memory
from puzzle_explorer.puzzles import interface
from tests.cli.commands import run_cli


def test_a_budget_past_the_machine_is_the_machines():
    machine = memory.machine_bytes()
    assert 0 < machine < 2**50
    assert memory.budget_bytes(2**40 * 100) == machine
    assert memory.budget_bytes(2**20) == 2**20
    assert memory.over_machine(2**20) is None and memory.over_machine(None) is None
    assert memory.over_machine(machine + 1).startswith("note: --max-memory")


@pytest.mark.parametrize("budget", ["1T", "100T"])
def test_a_trivial_board_under_a_budget_past_the_machine_is_solved_with_one_note(capsys, budget):
    code, out, err = run_cli(capsys, "solve", "klotski", "--board", "AB/..", "--target", "A", "--goal", "1,2",
                             "--max-memory", budget, "--json")
    assert code == 0 and json.loads(out)["status"] == "solved"
    assert err.count("\n") == 1 and err.startswith(f"note: --max-memory {budget[:-1]}.0 TiB is more than"), err


EVERY_FAMILY = [
    ("klotski", "--preset", "hengdao-lima"),
    ("cube8", "--preset", "cap-thirty", "--algo", "bibfs"),
    ("die", "--preset", "blocked-6x6"),
    ("knights", "--preset", "classic-5x5-corner", "--count"),
    ("link", "--preset", "walled-13x11", "--clear"),
    ("tiles", "--preset", "hardest-8a", "--algo", "idastar"),
]


@pytest.mark.parametrize("as_json", [True, False])
@pytest.mark.parametrize("args", EVERY_FAMILY, ids=lambda a: a[0])
def test_an_allocation_refused_anywhere_ends_the_search_at_its_memory_limit(capsys, monkeypatch, args, as_json):
    def refused(*_):
        raise MemoryError("Allocation failed (probably too large).")

    named = interface.solver_named
    monkeypatch.setattr(interface, "solver_named", lambda solvers, id_: dataclasses.replace(named(solvers, id_),
                                                                                            run=refused))
    code, out, err = run_cli(capsys, "solve", *args, *(["--json"] if as_json else []))
    assert code == 0 and "Traceback" not in err, err
    if as_json:
        answer = json.loads(out)
        assert (answer["status"], answer["limit"]) == ("limit", "memory")
    else:
        assert "memory" in out, out


def test_a_race_past_the_machine_says_so_in_the_same_one_line_note_as_solve(capsys):
    code, out, err = run_cli(capsys, "race", "klotski", "--board", "AB/..", "--target", "A", "--goal", "1,2",
                             "--algos", "bfs,bibfs", "--max-memory", "100T", "--json")
    assert code == 0 and all(r["status"] == "solved" for r in json.loads(out)), out
    assert err.count("\n") == 1 and err.startswith("note: --max-memory 100.0 TiB is more than"), err
