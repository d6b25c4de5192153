"""Clearing whole boards and hints, against exhaustive search over every removal order."""
import random

import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.puzzles.link.board import Board, parse
from puzzle_explorer.puzzles.link.presets import BY_ID
from puzzle_explorer.puzzles.link.solve import solve
from tests.puzzles.link import reference
from tests.searching import cancelled_once_searching


def random_small_board(rng):
    w, h = rng.randint(2, 5), rng.randint(2, 4)
    n = rng.choice([4, 6, 8, 10])
    n = min(n, w * h - (w * h) % 2)
    kinds = rng.randint(1, 3)
    tiles = []
    for _ in range(n // 2):
        k = "ABC"[rng.randrange(kinds)]
        tiles += [k, k]
    cells = tiles + ["."] * (w * h - len(tiles))
    rng.shuffle(cells)
    return tuple("".join(cells[y * w:(y + 1) * w]) for y in range(h))


def replay_with_reference(board, sol):
    """Every step removes a pair the reference says links, and the board ends empty."""
    rows = board.rows
    limit = board.play_limit()
    for step in sol.steps[1:]:
        a, b = (tuple(v - 1 for v in cell) for cell in step.data["pair"])
        assert {(a, b), (b, a)} & set(reference.moves(rows, limit, board.outside)), (rows, step.data)
        corners = [tuple(v - 1 for v in c) for c in step.data["path"]]
        assert reference.check_path(rows, a, b, corners, board.outside)
        assert len(corners) - 1 == step.data["segments"] <= limit
        rows = reference.remove(rows, a, b, board.gravity)
        assert step.board.rows == rows
    assert all(ch == "." for r in rows for ch in r)


@pytest.mark.parametrize("seed", range(6))
def test_random_small_boards_against_every_order(seed):
    rng = random.Random(seed)
    verdicts = set()
    for _ in range(70):
        rows = random_small_board(rng)
        board = Board(rows, max_segments=rng.choice([1, 2, 3, 3, 4]), outside=rng.random() < 0.7,
                      gravity=rng.random() < 0.4)
        want = reference.clearable(rows, board.play_limit(), board.outside, board.gravity)
        sol = solve(board, "clear", {}, SearchControl(), Limits())
        assert sol.status == (Status.SOLVED if want else Status.UNSOLVABLE), (rows, board)
        verdicts.add(want)
        if want:
            replay_with_reference(board, sol)
            assert sol.length == len(board.tiles()) // 2
    assert verdicts == {True, False}


@pytest.mark.parametrize("seed", range(3))
def test_hints_keep_the_board_clearable(seed):
    rng = random.Random(100 + seed)
    for _ in range(40):
        rows = random_small_board(rng)
        board = Board(rows, gravity=rng.random() < 0.4, max_segments=rng.choice([2, 3]))
        want = reference.clearable(rows, board.play_limit(), board.outside, board.gravity)
        sol = solve(board, "hint", {}, SearchControl(), Limits())
        if not want:
            assert sol.status == Status.UNSOLVABLE and "no removal keeps" in sol.details["reason"]
            continue
        a, b = (tuple(v - 1 for v in c) for c in sol.details["hint"]["pair"])
        assert {(a, b), (b, a)} & set(reference.moves(rows, board.play_limit(), board.outside))
        after = reference.remove(rows, a, b, board.gravity)
        assert reference.clearable(after, board.play_limit(), board.outside, board.gravity)
        assert sol.steps[-1].board.marked == (a, b)


def test_crossed_needs_four_segments():
    board = parse(BY_ID["crossed"].text)
    assert solve(board, "clear", {}, SearchControl(), Limits()).status == Status.UNSOLVABLE
    sol = solve(board, "clear", {"max_segments": 4}, SearchControl(), Limits())
    assert sol.status == Status.SOLVED and sol.length == 2


def test_odd_kind_is_refused_with_the_reason():
    sol = solve(parse("AAA."), "clear", {}, SearchControl(), Limits())
    assert sol.status == Status.UNSOLVABLE and "kind 'A' has 3 tiles" in sol.details["reason"]


def test_one_segment_needs_a_partner_in_line():
    board = Board(("A.", ".A"), max_segments=1)
    sol = solve(board, "clear", {}, SearchControl(), Limits())
    assert sol.status == Status.UNSOLVABLE and "row or column" in sol.details["reason"]
    assert not reference.clearable(board.rows, 1)


@pytest.mark.parametrize("preset", ["starter", "classic-12x8", "shisen-18x8", "gravity-10x6"])
def test_clearable_presets_replay(preset):
    board = parse(BY_ID[preset].text)
    sol = solve(board, "clear", {}, SearchControl(), Limits())
    assert sol.status == Status.SOLVED
    replay_with_reference(board, sol)


def test_state_cap_ends_with_limit():
    board = parse(BY_ID["shisen-deadlock"].text)
    sol = solve(board, "clear", {}, SearchControl(), Limits(max_states=500))
    assert sol.status == Status.LIMIT and sol.limit == Limit.STATES
    assert sol.stats.states_seen <= 500


def test_cancel_stops_the_search():
    board = parse(BY_ID["shisen-long"].text)
    sol = cancelled_once_searching(lambda control: solve(board, "clear", {}, control, Limits())).run()
    assert sol.status == Status.CANCELLED
    assert 0 < sol.stats.nodes_expanded


def test_rule_options_override_the_board():
    board = Board(("AB", "BA"))
    assert solve(board, "clear", {"max_segments": 4, "outside": "no"}, SearchControl(), Limits()).status == \
        Status.UNSOLVABLE
    gravity = Board(("A.", "BA", "AB"), gravity=True)
    want = reference.clearable(gravity.rows, 3, True, False)
    sol = solve(gravity, "clear", {"gravity": "no"}, SearchControl(), Limits())
    assert (sol.status == Status.SOLVED) == want and sol.details["gravity"] is False


def test_a_hint_cut_short_still_offers_a_linked_pair():
    board = parse(BY_ID["shisen-deadlock"].text)
    sol = solve(board, "hint", {}, SearchControl(), Limits(max_states=50))
    assert sol.status == Status.LIMIT
    a, b = (tuple(v - 1 for v in c) for c in sol.details["unchecked"]["pair"])
    assert {(a, b), (b, a)} & set(reference.moves(board.rows, 3))
