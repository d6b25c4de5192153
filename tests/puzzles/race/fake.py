"""A made-up family whose two 'optimal' solvers give different lengths: a disagreement the race must
catch, made without breaking a real solver. Its board is a number: the length the honest solver finds."""
from types import SimpleNamespace

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.run.search import Stats
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles.family import PuzzleFamily
from puzzle_explorer.puzzles.interface import Option, Preset, Solution, Solver, Step
from puzzle_explorer.puzzles.kit import cli_support

OPTION = Option("rule", "Rule", "choice", "a", ("a", "b"))
SOLVERS = (
    Solver("honest", "Honest", True, "the length the board says", (OPTION,)),
    Solver("wrong", "Off by one", True, "one more than the board says", (OPTION,)),
    Solver("slow", "Slow", False, "the board's length plus two"),
    Solver("lucky", "Lucky", False, "the board's length, without a proof"),
)


def parse(text: str) -> int:
    if not text.strip().isdigit():
        raise InputError(f"a fake board is a whole number, not {text!r}")
    return int(text)


def solve(board, solver, options, control, limits):
    control.start_search()
    control.counters[0] = 10 * board
    control.end_search()
    extra = {"honest": 0, "wrong": 1, "slow": 2, "lucky": 0}[solver]
    steps = [Step("start", board)] + [Step(f"step {i}", board) for i in range(1, board + extra + 1)]
    return Solution(Status.SOLVED, steps, Stats(nodes_expanded=10 * board, elapsed_s=0.001), solver=solver)


solve_module = SimpleNamespace(SOLVERS=SOLVERS, solve=solve, kernels=lambda: [])
board_module = SimpleNamespace(parse=parse, format_board=str, validate=lambda board: None)
editor_module = SimpleNamespace(ACTIONS=(), BRUSHES=(), new_board=lambda: 3)
render_module = SimpleNamespace(cell_size=lambda zoom, board=None: (1, 1), render=lambda board, view: str(board))
cli_module = SimpleNamespace(add_arguments=lambda parser: cli_support.add_board_arguments(parser, "three"),
                             run=lambda args, console: 0)

FAMILY = PuzzleFamily("fake", "A fake family", "Boards are numbers.", (Preset("three", "Three", "3"),),
                      board=board_module, editor=editor_module, render=render_module, solve=solve_module,
                      cli=cli_module, dimensions=lambda board: (1, 1))


def with_fake(monkeypatch):
    """The registry with the fake family in it, for the command line."""
    from puzzle_explorer.puzzles import registry

    known = dict(registry.families())
    known["fake"] = FAMILY
    declared = dict(registry.declared())
    declared["fake"] = registry.Declared("fake", FAMILY.title, FAMILY.description)
    get = registry.get
    monkeypatch.setattr(registry, "families", lambda: known)
    monkeypatch.setattr(registry, "declared", lambda: declared)
    monkeypatch.setattr(registry, "get", lambda family_id: FAMILY if family_id == "fake" else get(family_id))
