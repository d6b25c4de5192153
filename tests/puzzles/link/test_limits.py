"""Limits on link boards: clearing remembers finished positions (its states) within the budget; a path
search's arrays are checked before it starts and its state cap counts the states it expands."""
from dataclasses import replace

from puzzle_explorer.core.kernels.hashset import table_bytes
from puzzle_explorer.core.run.memory import SCRATCH
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.puzzles.link.board import parse
from puzzle_explorer.puzzles.link.kernels import clearing
from puzzle_explorer.puzzles.link.presets import BY_ID
from puzzle_explorer.puzzles.link.solve import solve

LONG = parse(BY_ID["shisen-long"].text)  # clearable, after hundreds of thousands of positions


def test_clearing_stops_before_its_remembered_positions_pass_the_budget():
    budget = 800 * 2**10
    sol = solve(LONG, "clear", {}, SearchControl(), Limits(max_memory=budget))
    assert sol.status == Status.LIMIT and sol.limit == Limit.MEMORY
    held = sol.stats.states_seen
    assert held > 2000, "it used the budget before stopping"
    assert table_bytes(held, 8)[0] + SCRATCH + budget // clearing.MOVES_SHARE <= budget


def test_clearing_a_budget_without_room_for_its_arrays_does_not_start():
    sol = solve(LONG, "clear", {}, SearchControl(), Limits(max_memory=SCRATCH + 1000))
    assert sol.status == Status.LIMIT and sol.limit == Limit.MEMORY and sol.stats.nodes_expanded == 0


def test_a_path_search_checks_its_arrays_and_caps_the_states_it_expands():
    board = parse(BY_ID["serpentine-100"].text)
    marked = replace(board, marked=(board.tiles()[0], board.tiles()[-1]))
    sol = solve(marked, "path", {}, SearchControl(), Limits(max_memory=SCRATCH + 10_000))
    assert sol.status == Status.LIMIT and sol.limit == Limit.MEMORY
    sol = solve(marked, "path", {}, SearchControl(), Limits(max_states=1500))
    assert sol.status == Status.LIMIT and sol.limit == Limit.STATES and sol.stats.nodes_expanded == 1500
