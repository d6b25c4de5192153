"""The census from the goal on sliding tiles, checked against plain breadth-first search and optimal solves:
every position of small boards (either goal convention, and goals in any order), the numbering behind
the table, the hardest positions, the moves play offers, and what happens past the budget."""
import json
import random
from math import factorial

import numpy as np
import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Limit, Status
from puzzle_explorer.puzzles.tiles import distances as TD
from puzzle_explorer.puzzles.tiles.board import Board, parse
from puzzle_explorer.puzzles.tiles.kernels import ranks as R
from puzzle_explorer.puzzles.tiles.solve import solve
from tests.cli import commands as cli
from tests.puzzles.tiles.reference import distances as reference
from tests.puzzles.tiles.reference import neighbours, solved

SHAPES = [(2, 2), (3, 2), (2, 3), (4, 2), (2, 4), (3, 3)]


def census(board, **options):
    return solve(board, "distances", {"keep": True, **options}, SearchControl(), Limits())


def goals(width, height, rng):
    """Blank last (the default), blank first (Korf's), and one goal in a random order."""
    shuffled = list(solved(width, height))
    rng.shuffle(shuffled)
    return [None, solved(width, height, blank_first=True), tuple(shuffled)]


@pytest.mark.parametrize("width,height", SHAPES)
def test_every_position_is_as_far_as_plain_bfs_says(width, height):
    rng = random.Random(width * 10 + height)
    numbered: dict[tuple[int, ...], int] = {}  # a board's number is its own, whatever the goal: ranked once
    for goal in goals(width, height, rng):
        start = Board(width, height, goal or solved(width, height), goal)
        sol = census(start, hardest=3)
        table, c = sol.table, sol.details["census"]
        truth = reference(width, height, start.goal_tiles())
        assert sol.status == Status.SOLVED
        assert c["states"] == sum(c["by_distance"]) == len(truth) == factorial(width * height) // 2
        assert c["max_distance"] == max(truth.values())
        assert c["by_distance"] == [list(truth.values()).count(d) for d in range(c["max_distance"] + 1)]
        assert c["farthest"] == sum(1 for d in truth.values() if d == c["max_distance"])
        boards = list(truth)
        for tiles in boards:
            if tiles not in numbered:
                numbered[tiles] = R.rank(tiles, width)
        numbers = np.array([numbered[tiles] for tiles in boards])
        assert sorted(numbers) == list(range(len(truth)))  # a perfect numbering: no gaps, no two alike
        assert list(table.table.dist[numbers]) == [truth[tiles] for tiles in boards]
        for tiles in rng.sample(boards, min(200, len(boards))):  # as play reads it: board -> number -> distance
            here = Board(width, height, tiles, goal)
            assert table.space.board(table.space.word(here)) == here
            assert table.distance(here) == truth[tiles]
        for text in c["hardest"]:
            assert truth[parse(text).tiles] == c["max_distance"]
            assert parse(text).goal_tiles() == start.goal_tiles()  # the goal travels with the text


@pytest.mark.parametrize("width,height", SHAPES + [(5, 2), (2, 5)])
def test_a_sample_of_positions_agrees_with_an_optimal_solve(width, height):
    rng = random.Random(7 + width * height)
    for goal in goals(width, height, rng):
        start = Board(width, height, goal or solved(width, height), goal)
        sol = census(start)
        for _ in range(6):
            tiles = list(start.goal_tiles())
            rng.shuffle(tiles)
            here = Board(width, height, tuple(tiles), goal)
            best = solve(here, "bibfs", {}, SearchControl(), Limits())
            if best.status == Status.UNSOLVABLE:  # the other class: not in the table
                assert sol.table.distance(here) is None and sol.table.space.word(here) is None
            else:
                assert sol.table.distance(here) == best.length


def test_the_hardest_eight_puzzles_are_the_two_at_31_moves():
    sol = census(parse("1 2 3/4 5 6/7 8 ."), hardest=10)
    c = sol.details["census"]
    assert c["max_distance"] == 31 and c["farthest"] == 2 and len(c["hardest"]) == 2
    for text in c["hardest"]:
        assert solve(parse(text), "bibfs", {}, SearchControl(), Limits()).length == 31
    assert c["by_distance"][:4] == [1, 2, 4, 8]


def test_the_live_picture_shows_a_position_of_the_level_being_swept():
    control = SearchControl()
    board = parse("1 2 3/4 5 6/7 8 .")
    sol = solve(board, "distances", {}, control, Limits())
    view = control.decode(control.live())
    shown = view.board
    assert (shown.width, shown.height, shown.goal) == (3, 3, None)
    assert sol.table is None and solve(shown, "bibfs", {}, SearchControl(), Limits()).length == control.live().depth


def test_a_solution_read_off_the_table_is_a_shortest_one():
    board = parse("8 6 7/2 5 4/3 . 1")
    sol = census(board)
    assert sol.details["census"]["start_distance"] == sol.length == 31
    tiles = list(board.tiles)
    for step in sol.steps[1:]:
        assert step.board.tiles != tuple(tiles)
        tiles = list(step.board.tiles)
    assert sol.steps[-1].board.solved()


def test_a_start_of_the_other_parity_is_proved_unsolvable():
    board = parse("2 1 3/4 5 6/7 8 .")
    whole = census(board)
    assert whole.status == Status.UNSOLVABLE and whole.details["census"]["states"] == 181_440
    assert whole.details["census"]["start_in_component"] is False
    alone = census(board, scope="component")
    assert alone.status == Status.UNSOLVABLE and not alone.searched
    assert "permutation" in alone.details["census"]["note"]


def test_the_moves_are_the_slides_into_the_blank_each_arrow_moving_its_tile_that_way():
    rng = random.Random(11)
    for width, height in SHAPES:
        for _ in range(5):
            tiles = list(solved(width, height))
            rng.shuffle(tiles)
            board = Board(width, height, tuple(tiles))
            moves = TD.moves(board, {})
            b = board.tiles.index(0)
            expected = set()
            for c in neighbours(width, height, b):
                after = list(board.tiles)
                after[b], after[c] = after[c], 0
                expected.add(tuple(after))
            assert {m.board.tiles for m in moves} == expected
            for m in moves:
                (x, y) = m.mark  # the tile's cell; the arrow takes it onto the blank's
                step = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[m.arrow]
                assert (x + step[0], y + step[1]) == (b % width, b // width)
                assert m.board.tiles[b] == board.tiles[y * width + x]


def test_the_numbering_of_a_class_on_larger_boards_goes_both_ways():
    rng = random.Random(3)
    for width, height in [(4, 3), (4, 4), (5, 5), (6, 6)]:
        for _ in range(20):
            tiles = list(solved(width, height))
            rng.shuffle(tiles)
            cls = R.board_class(tiles, width)
            number = R.rank(tiles, width)
            assert 0 <= number < factorial(width * height) // 2
            assert R.unrank(number, width * height, width, cls) == tuple(tiles)


def test_a_board_on_one_line_keeps_its_goal():
    for text in ["8 6 7/2 5 4/3 . 1", "8 6 7/2 5 4/3 . 1/goal: blank first", "1 . 3/2 4 5/6 7 8/goal: 8 7 6 / 5 4 3 / 2 1 ."]:
        board = parse(text)
        assert parse(TD.one_line(board)) == board


def test_a_table_past_the_budget_is_refused_before_the_census_with_its_estimate():
    board = parse("1 2 3/4 5 6/7 8 .")
    sol = solve(board, "distances", {"keep": True}, SearchControl(), Limits(max_memory=100_000))
    assert sol.status == Status.LIMIT and sol.limit == Limit.MEMORY and sol.stats.nodes_expanded == 0
    assert sol.details["estimate"] == {**sol.details["estimate"], "table_bytes": 181_440, "fits": False}
    counted = solve(board, "distances", {}, SearchControl(), Limits(max_memory=100_000))  # nothing kept
    assert counted.status == Status.LIMIT and counted.limit == Limit.MEMORY
    assert "181,440 positions" in counted.details["census"]["note"]
    fifteen = solve(parse("1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 ."), "distances", {"keep": True}, SearchControl(),
                    Limits())
    assert fifteen.status == Status.LIMIT and "10,461,394,944,000 positions" in fifteen.details["census"]["note"]


def test_the_state_cap_stops_the_sweep():
    board = parse("1 2 3/4 5 6/7 8 .")
    sol = solve(board, "distances", {}, SearchControl(), Limits(max_states=1000))
    assert sol.status == Status.LIMIT and sol.limit == Limit.STATES
    c = sol.details["census"]
    assert 1000 < c["states"] == sum(c["by_distance"]) <= 1004
    # what the sweep has: the levels it finished whole, then part of the next
    truth = list(reference(3, 3, board.goal_tiles()).values())
    last = len(c["by_distance"]) - 1
    assert c["by_distance"][:last] == [truth.count(d) for d in range(last)]
    assert 0 < c["by_distance"][last] < truth.count(last)


def test_the_cli_writes_a_table_and_answers_from_it(capsys, tmp_path):
    path = tmp_path / "eight.tbl"
    code, out, err = cli.run_cli(capsys, "solve", "tiles", "--board", "8 6 7/2 5 4/3 . 1", "--goal-blank", "first",
                                 "--census", "--from-goal", "--hardest", "2", "--save-table", str(path), "--json")
    assert code == 0, err
    data = json.loads(out)
    c = data["census"]
    assert c["states"] == 181_440 == data["table"]["positions"] == data["table"]["bytes"]
    assert data["estimate"]["fits"] is True and c["max_distance"] == 31
    for text in c["hardest"]:
        assert text.endswith("/goal: blank first")
    code, out, err = cli.run_cli(capsys, "solve", "tiles", "--board", c["hardest"][0], "--table", str(path), "--json")
    solved_ = json.loads(out)
    assert code == 0 and solved_["solver"] == "table" and solved_["length"] == 31
    assert solved_["stats"]["nodes_expanded"] == 0
    code, out, _ = cli.run_cli(capsys, "solve", "tiles", "--board", "8 6 7/2 5 4/3 . 1", "--goal-blank", "first",
                               "--table", str(path), "--census", "--from-goal", "--json")
    assert json.loads(out)["census"]["by_distance"] == c["by_distance"]


@pytest.mark.parametrize("damage,message", [
    ("other goal", "is for another board: goal"),
    ("garbage", "is not a distance table"),
    ("truncated", "is damaged"),
    ("klotski", "is for klotski, not tiles"),
])
def test_a_bad_table_file_is_one_line_and_status_2(capsys, tmp_path, damage, message):
    path = tmp_path / "t.tbl"
    code, _, err = cli.run_cli(capsys, "solve", "tiles", "--board", "2 1/3 .", "--census", "--from-goal",
                               "--save-table", str(path))
    assert code == 0, err
    board = ["--board", "2 1/3 ."]
    if damage == "other goal":
        board += ["--goal-blank", "first"]
    elif damage == "garbage":
        path.write_bytes(b"not a table\n")
    elif damage == "truncated":
        path.write_bytes(path.read_bytes()[:-3])
    elif damage == "klotski":
        cli.run_cli(capsys, "solve", "klotski", "--board", "A./..", "--census", "--from-goal", "--save-table",
                    str(path))
    code, out, err = cli.run_cli(capsys, "solve", "tiles", *board, "--table", str(path))
    assert code == 2 and message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_the_cli_bars_and_the_refusal_of_a_fifteen_table(capsys):
    code, out, _ = cli.run_cli(capsys, "solve", "tiles", "--preset", "hardest-8a", "--census", "--from-goal")
    assert code == 0
    lines = out.splitlines()
    at = lines.index("positions per distance (moves to the goal):")
    bars = lines[at + 1:at + 17]
    assert all(len(line) <= 80 for line in bars)
    assert sum(int(line.split()[-1].replace(",", "")) for line in bars) == 181_440
    assert "from the goal: 181,440 positions · start 31 moves away · farthest 31 (2)" in out
    code, out, _ = cli.run_cli(capsys, "solve", "tiles", "--preset", "korf-1", "--census", "--from-goal",
                               "--save-table", "never.tbl", "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "limit" and data["estimate"]["fits"] is False
    assert data["estimate"]["table_bytes"] == factorial(16) // 2


@pytest.mark.parametrize("args,message", [
    (["--census", "--algo", "bfs"], "give one of them"),
    (["--table", "t.tbl", "--algo", "bfs"], "leave out --algo"),
    (["--hardest", "2"], "--hardest goes with --census --from-goal"),
])
def test_options_that_do_not_go_together(capsys, args, message):
    code, _, err = cli.run_cli(capsys, "solve", "tiles", "--board", "2 1/3 .", *args)
    assert code == 2 and message in err and "Traceback" not in err


@pytest.mark.parametrize("width,height", [(2, 2), (3, 3), (2, 4)])
def test_the_sweep_on_many_threads_fills_the_table_one_thread_does(width, height):
    """Slices of the table swept at once, positions two threads meet marked once: the same table,
    level counts and total as one thread, on any number of threads."""
    from puzzle_explorer.core.kernels.codes import FOUND
    from puzzle_explorer.core.kernels.counters import EXPANDED, STORED, new_counters

    space = TD.TilesSpace(Board(width, height, solved(width, height)))
    weights = R.halves(space.cells - 1)
    goal = R.rank(space.goal, width)
    runs = []
    for workers in (1, 3, 7):
        dist, levels, counters = np.empty(space.count, dtype=np.uint8), np.zeros(255, dtype=np.int64), new_counters()
        code, reached = TD.sweep_table(dist, goal, width, space.cells, space.cls, weights, space.count, counters,
                                       levels, workers)
        assert (code, reached) == (FOUND, space.count)
        assert counters[STORED] == counters[EXPANDED] == space.count  # every thread's share counted once
        runs.append((dist, levels))
    for dist, levels in runs[1:]:
        assert np.array_equal(dist, runs[0][0]) and np.array_equal(levels, runs[0][1])
