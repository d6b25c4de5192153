"""Limits on the cubic eight-puzzle: bibfs's queues, IDA*'s stack and table, building the distance table."""
from puzzle_explorer.core.run.memory import SCRATCH
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.puzzles.cube8 import cubes as C
from puzzle_explorer.puzzles.cube8 import table as T
from puzzle_explorer.puzzles.cube8.board import parse
from puzzle_explorer.puzzles.cube8.presets import BY_ID
from puzzle_explorer.puzzles.cube8.solve import BIBFS_BYTES_PER_STATE, TABLE_BUILD_BYTES, solve

FARTHEST = parse(BY_ID["farthest-edge"].text)  # 37 rolls, about a million positions for bibfs


def test_bibfs_fills_the_budget_left_beside_its_marks_then_stops():
    budget = C.SPACE + SCRATCH + 2 * 2**20
    sol = solve(FARTHEST, "bibfs", {}, SearchControl(), Limits(max_memory=budget))
    assert sol.status == Status.LIMIT and sol.limit == Limit.MEMORY
    assert 2**19 - 200 <= sol.stats.states_seen <= 2**19  # 2 MiB of queue entries, 4 bytes each
    assert C.SPACE + SCRATCH + BIBFS_BYTES_PER_STATE * sol.stats.states_seen <= budget


def test_idastar_without_room_for_its_stack_does_not_start():
    sol = solve(FARTHEST, "idastar", {}, SearchControl(), Limits(max_memory=SCRATCH + 2**10))
    assert sol.status == Status.LIMIT and sol.limit == Limit.MEMORY and sol.stats.nodes_expanded == 0


def test_building_the_table_needs_its_memory_and_every_position(tmp_path):
    path = tmp_path / T.FILE_NAME
    start = parse("start: 2,1\nWWW\nWWW\nWWE\n")
    sol = solve(start, "table", {}, SearchControl(), Limits(max_memory=TABLE_BUILD_BYTES), table_path=path)
    assert sol.status == Status.LIMIT and sol.limit == Limit.MEMORY and "needs" in sol.details["note"]
    sol = solve(start, "table", {}, SearchControl(), Limits(max_states=10**6), table_path=path)
    assert sol.status == Status.LIMIT and sol.limit == Limit.STATES
    assert not path.exists()


def test_a_table_built_inside_a_solve_is_built_in_its_own_phase(tmp_path, monkeypatch):
    """Its sweeps are the work before the search (Phase.BUILDING_TABLE), named as such on the
    progress line, in the trace and in the app's Stats pane; a stop during them stops the solve."""
    from puzzle_explorer.core.kernels.codes import STOPPED
    from puzzle_explorer.core.run.progress import Phase
    from puzzle_explorer.puzzles.cube8 import solve as S

    swept = []

    def stopped_sweep(control, kernel, *args, within=None):
        swept.append((kernel, within))
        control.cancel()
        return (STOPPED, 0), 0.01

    monkeypatch.setattr(S, "timed", stopped_sweep)
    start = parse("start: 2,1\nWWW\nWWW\nWWE\n")
    sol = solve(start, "table", {}, SearchControl(), Limits(), table_path=tmp_path / T.FILE_NAME)
    assert sol.status == Status.CANCELLED and not (tmp_path / T.FILE_NAME).exists()
    assert swept == [(S.K.distances, Phase.BUILDING_TABLE)]
