"""A solver is declared once: its Solver entry carries what runs it, and a family's solve() runs a
solver through that entry alone (interface.run_solver), whatever the family."""
import re

import pytest

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits, Stats
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles import registry
from puzzle_explorer.puzzles.interface import Solution, Solver, Step, answered_by, run_solver, solver_named

FAMILIES = list(registry.families().values())
KINDS = ("choice", "int", "float", "bool")


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_every_solver_declares_what_runs_it(family):
    assert [s.id for s in family.solvers if not callable(s.run)] == []
    assert len({s.id for s in family.solvers}) == len(family.solvers)


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_an_unknown_solver_is_refused_with_the_ones_there_are(family):
    board = family.parse(family.presets[0].text)
    known = ", ".join(s.id for s in family.solvers)
    with pytest.raises(InputError, match=re.escape(f"unknown solver 'nope'; choose one of {known}")):
        family.solve(board, "nope", {}, SearchControl(), Limits())


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_options_are_declared_as_their_kind_reads_them(family):
    """A choice lists its choices and defaults to one of them; other kinds list none (a help text
    passed where the choices go would be lost to the app's solver pane)."""
    for solver in family.solvers:
        for option in solver.options:
            where = f"{solver.id} --{option.name}"
            assert option.kind in KINDS, where
            if option.kind == "choice":
                assert option.choices and option.default in option.choices, where
                assert all(isinstance(c, str) for c in option.choices), where
            else:
                assert option.choices == (), where
            assert isinstance(option.help, str), where


def _answer(board, options, control, limits):
    return Solution(Status.SOLVED, [Step("start", board)], Stats(), solver="not its own id",
                    details={"options": options})


SOLVERS = (Solver("runs", "Runs", True, "answers at once", run=_answer),
           Solver("idle", "Idle", None, "declares nothing that runs it"))


def test_run_solver_runs_the_entry_and_the_answer_names_it():
    solution = run_solver(SOLVERS, "runs", 3, {"rule": "a"}, SearchControl(), Limits())
    assert solution.solver == "runs" and solution.details == {"options": {"rule": "a"}}
    assert solution.steps[0].board == 3
    assert answered_by(SOLVERS, solution) is SOLVERS[0]
    assert answered_by(SOLVERS, Solution(Status.SOLVED, [], Stats(), solver="table")) is None
    with pytest.raises(TypeError, match="'idle' declares nothing that runs it"):
        run_solver(SOLVERS, "idle", 3, {}, SearchControl(), Limits())


def test_solver_named_finds_by_id_and_names_the_others():
    assert solver_named(SOLVERS, "idle") is SOLVERS[1]
    with pytest.raises(InputError, match="unknown solver 'runner'; choose one of runs, idle"):
        solver_named(iter(SOLVERS), "runner")
