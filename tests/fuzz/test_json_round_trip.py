"""Every solver of every family through `solve … --json`, on random and degenerate boards: the output
parses, its fields agree with each other, and its answer is the one the family's solve() gives for
the same board (which the family's own fuzz module checks against a plain reference).

Boards come from the property strategies (tests/puzzles/properties/boards.py), whose smallest
examples are the degenerate ones (one cell, no pieces, nothing to do); the draw is reproducible
from FUZZ_SEED. Each case is capped in states, so a family takes a few seconds.
"""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, assume, given, seed, settings
from hypothesis import strategies as st

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.puzzles import registry
from tests.cli.commands import run_cli
from tests.fuzz.conftest import SEED, SHARE
from tests.puzzles.properties.boards import BOARDS

MAX_STATES = 20_000
EXAMPLES = max(1, round(12 * SHARE))  # boards a solver; hypothesis draws its simplest (degenerate) ones first
MOST_CELLS = 144  # a tour of a larger knights board prints megabytes
STATUSES = {"solved", "unsolvable", "limit"}
LIMITS = {"states", "time", "memory"}


def _link_path(board) -> list[str] | None:
    """--from and --to at the first two cells holding the same tile, or None when no tile repeats."""
    seen: dict[str, tuple[int, int]] = {}
    for y, row in enumerate(board.rows):
        for x, ch in enumerate(row):
            if ch in seen:
                a = seen[ch]
                return ["--from", f"{a[0] + 1},{a[1] + 1}", "--to", f"{x + 1},{y + 1}"]
            if ch != ".":
                seen[ch] = (x, y)
    return None


# the command-line options that choose each solver (None: no way to ask for it on this board)
FLAGS = {
    "klotski": {"bfs": ["--algo", "bfs"], "bibfs": ["--algo", "bibfs"], "astar": ["--algo", "astar"],
                "idastar": ["--algo", "idastar"], "census": ["--census"], "distances": ["--census", "--from-goal"]},
    "cube8": {"bibfs": ["--algo", "bibfs"], "idastar": ["--algo", "idastar"], "table": ["--algo", "table"],
              "distances": ["--census", "--from-goal"]},
    "die": {"dfs": [], "all": ["--all"]},
    "knights": {"warnsdorff": ["--algo", "warnsdorff"], "warnsdorff-backtrack": ["--algo", "warnsdorff-backtrack"],
                "backtrack": ["--algo", "backtrack"], "count": ["--count"]},
    "link": {"path": _link_path, "clear": ["--clear"], "hint": ["--hint"]},
    "tiles": {"auto": ["--algo", "auto"], "idastar": ["--algo", "idastar"], "astar": ["--algo", "astar"],
              "bibfs": ["--algo", "bibfs"], "bfs": ["--algo", "bfs"], "census": ["--census"], "rows": ["--algo", "rows"],
              "distances": ["--census", "--from-goal"]},
}
CASES = [(family, solver) for family in sorted(FLAGS) for solver in FLAGS[family]]
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.filter_too_much])


def test_every_solver_has_a_way_in():
    assert {f: [s.id for s in registry.get(f).solvers] for f in FLAGS} == {f: list(FLAGS[f]) for f in FLAGS}


def valid(family: str, board) -> bool:
    fam = registry.get(family)
    try:
        fam.validate(board)
    except InputError:
        return False
    w, h = fam.dimensions(board)
    return w * h <= MOST_CELLS


def check_fields(answer: dict) -> None:
    assert answer["status"] in STATUSES, answer
    if answer["status"] == "limit":
        assert answer["limit"] in LIMITS, answer
    stats = answer["stats"]
    assert all(isinstance(stats[k], int) and stats[k] >= 0 for k in ("nodes_expanded", "states_seen", "max_frontier"))
    assert isinstance(answer["moves"], list)
    if answer["status"] == "solved" and answer["length"] is not None and answer["moves"]:
        assert len(answer["moves"]) == answer["length"], answer


@pytest.mark.parametrize("family, solver", CASES, ids=[f"{f}-{s}" for f, s in CASES])
@seed(SEED)
@FUZZ
@given(data=st.data())
def test_json_round_trip(capsys, empty_cache, family, solver, data):
    board = data.draw(BOARDS[family])
    assume(valid(family, board))
    fam = registry.get(family)
    flags = FLAGS[family][solver]
    flags = flags(board) if callable(flags) else flags
    assume(flags is not None)
    text = fam.format(board)
    code, out, err = run_cli(capsys, "solve", family, "--board", text, *flags, "--max-states", str(MAX_STATES),
                             "--json")
    where = f"FUZZ_SEED={SEED} {family} {solver} {text!r}"
    assert "Traceback" not in err, where
    if code == 2:  # a solver that does not take this board (or needs a built table) says so in one line
        assert out == "" and err.count("\n") == 1, where + err
        return
    assert code == 0, where + err
    answer = json.loads(out)
    check_fields(answer)
    if answer["status"] == "limit" or solver in ("table", "rows", "auto"):
        return  # (a stopped search stops where its clock says; these choose or need what the CLI sets up)
    plain = fam.solve(board if solver != "path" else answer_board(family, board, flags), solver, {},
                      SearchControl(), Limits(max_states=MAX_STATES))
    assert plain.status.value == answer["status"], where
    assert json.loads(json.dumps([s.data for s in plain.steps[1:]])) == answer["moves"], where


def answer_board(family: str, board, flags: list[str]):
    """The link board with the path's ends marked, as --from and --to mark them."""
    from dataclasses import replace

    a = tuple(int(v) - 1 for v in flags[1].split(","))
    b = tuple(int(v) - 1 for v in flags[3].split(","))
    return replace(board, marked=(a, b))
