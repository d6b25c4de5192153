"""Tour counts and tours against the plain reference in reference.py (no pruning there at all)."""
import random
import re

import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import COUNT, Limits, search_paths
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles.die import analysis
from puzzle_explorer.puzzles.die.board import Board, open_board, parse
from puzzle_explorer.puzzles.die.kernels.tour import N_ORIENT, index, make_context
from puzzle_explorer.puzzles.die.presets import BY_ID, PRESETS
from puzzle_explorer.puzzles.die.solve import solve, tours_json
from tests.puzzles.die import reference

RULES = ("up", "not-up", "any")


def random_board(rng, max_side, p_blocked, ends_ok, min_side=1):
    """A random board; with ends_ok, start and goal are drawn until the checks on the board pass."""
    while True:
        w, h = rng.randint(min_side, max_side), rng.randint(min_side, max_side)
        cells = [(x, y) for x in range(w) for y in range(h)]
        blocked = {c for c in cells if rng.random() < p_blocked}
        free = [c for c in cells if c not in blocked]
        if len(free) < 2:
            continue
        start, goal = rng.sample(free, 2)
        board = Board(w, h, frozenset(blocked), start, goal)
        if not ends_ok or analysis.obstacle(board) is None:
            return board


def as_tuples(solution):
    """The solution's tours as sorted tuples of (x, y, mark name), the reference's form."""
    paths = tours_json(solution.tours)
    return sorted(tuple((p["cell"][0] - 1, p["cell"][1] - 1, p["mark"]) for p in path) for path in paths)


def boards(seed, n, max_side, p_blocked, ends_ok):
    rng = random.Random(seed)
    return [random_board(rng, max_side, p_blocked, ends_ok) for _ in range(n)]


# Tours are rare: boards with several are pinned here, each tried under every rule.
SEVERAL = ["......./.S...../......G", "SG.../...../...../.....", "S...../....../.G..../......",
           "....../.S..G./......"]
CASES = ([(b, RULES[i % 3]) for i, b in enumerate(boards(1, 60, 5, 0.15, False) + boards(2, 90, 6, 0.08, True))]
         + [(parse(text), rule) for text in SEVERAL for rule in RULES])


@pytest.mark.parametrize("i", range(len(CASES)))
def test_every_tour_matches_the_reference(i):
    board, rule = CASES[i]
    args = (board.width, board.height, board.blocked, board.start, board.goal)
    expected = reference.tours(*args, rule)
    sol = solve(board, "all", {"goal_face": rule, "keep": 1000}, SearchControl(), Limits())
    assert sol.details["solutions"] == len(expected), board.inline()
    assert as_tuples(sol) == sorted(tuple(t) for t in expected)
    assert sol.status == (Status.SOLVED if expected else Status.UNSOLVABLE)
    assert sol.details["count_complete"]
    first = solve(board, "dfs", {"goal_face": rule}, SearchControl(), Limits())
    assert first.status == sol.status
    if expected:
        tour = as_tuples(first)[0]
        reference.check_tour(*args, rule, list(tour))
        assert first.length == len(tour) - 1


@pytest.mark.parametrize("i", range(0, len(CASES), 3))
def test_without_pruning_the_same_tours_from_more_nodes(i):
    """The plain search (pruning off, no checks on the whole board) finds every tour the pruned one
    does, and the pruning never makes the search bigger."""
    board, rule = CASES[i]
    expected = reference.tours(board.width, board.height, board.blocked, board.start, board.goal, rule)
    pruned = solve(board, "all", {"goal_face": rule, "keep": 1000}, SearchControl(), Limits())
    plain = solve(board, "all", {"goal_face": rule, "keep": 1000, "pruning": False}, SearchControl(), Limits())
    assert as_tuples(plain) == sorted(tuple(t) for t in expected), board.inline()
    assert plain.status == pruned.status and plain.details["pruning"] is False
    assert plain.searched  # no proof on the whole board: it searches
    assert pruned.stats.nodes_expanded <= plain.stats.nodes_expanded
    first = solve(board, "dfs", {"goal_face": rule, "pruning": False}, SearchControl(), Limits())
    assert first.status == pruned.status


def test_pruning_cuts_the_classic_board_down():
    board = parse(BY_ID["neighbours-6x6"].text)
    pruned = solve(board, "all", {"goal_face": "any"}, SearchControl(), Limits())
    plain = solve(board, "all", {"goal_face": "any", "pruning": False}, SearchControl(), Limits())
    assert plain.details["solutions"] == pruned.details["solutions"]
    assert plain.stats.nodes_expanded > 10 * pruned.stats.nodes_expanded


def test_the_random_boards_include_tours():
    """The comparison above is only worth something if many boards have tours, some several."""
    counts = [len(reference.tours(b.width, b.height, b.blocked, b.start, b.goal, rule)) for b, rule in CASES]
    assert sum(c > 0 for c in counts) >= 30 and sum(c >= 2 for c in counts) >= 4 and max(counts) >= 3


@pytest.mark.parametrize("seed", range(3))
def test_proofs_on_the_whole_board_never_refute_a_board_with_tours(seed):
    rng = random.Random(100 + seed)
    refuted = 0
    for _ in range(150):
        b = random_board(rng, 5, 0.1, False)
        why = analysis.obstacle(b)
        bare = reference.bare_paths(b.width, b.height, b.blocked, b.start, b.goal)
        if why is not None:
            refuted += 1
            assert bare == 0, (b.inline(), why)
        if analysis.parity_obstacle(b) is not None:
            assert bare == 0, b.inline()
    assert refuted > 50


@pytest.mark.parametrize("seed", range(4))
def test_pruning_is_exact_on_bare_paths(seed):
    """Without the marked-face rule there are many paths: the pruned search must count each one."""
    rng = random.Random(200 + seed)
    total = 0
    for _ in range(40):
        b = random_board(rng, 5, 0.06, True, min_side=3)
        expected = reference.bare_paths(b.width, b.height, b.blocked, b.start, b.goal)
        ctx = make_context(b.width, b.height, b.open_cells(), b.goal, 2, never_up=False)
        root = index(b.width + 2, *b.start) * N_ORIENT
        out = search_paths(ctx, root, len(b.open_cells()) - 1, COUNT, 1, SearchControl())
        assert out.solutions == expected, b.inline()
        total += expected
    assert total > 80


# The top half of the reference program's answer, as its program prints it: where the mark points on each
# cell (1 east, 2 west, 3 north, 4 south, 5 up, 6 down). The answer is symmetric top to bottom.
REFERENCE_HALF = ["54444444", "46244416", "66262616", "33162333"]
REFERENCE_NAMES = {"1": "east", "2": "west", "3": "north", "4": "south", "5": "up", "6": "down"}
MIRROR = {"north": "south", "south": "north"}


def test_the_classic_puzzle_has_one_tour_and_it_is_the_reference_one():
    board = parse(BY_ID["classic-8x8"].text)
    sol = solve(board, "all", {"goal_face": "up"}, SearchControl(), Limits())
    assert sol.status == Status.SOLVED and sol.details["solutions"] == 1
    marks = {tuple(p["cell"]): p["mark"] for p in tours_json(sol.tours)[0]}
    for y, row in enumerate(REFERENCE_HALF):
        for x, digit in enumerate(row):
            assert marks[(x + 1, y + 1)] == REFERENCE_NAMES[digit]
            assert marks[(x + 1, 8 - y)] == MIRROR.get(REFERENCE_NAMES[digit], REFERENCE_NAMES[digit])
    tour = as_tuples(sol)[0]
    reference.check_tour(8, 8, set(), (0, 0), (0, 7), "up", list(tour))


@pytest.mark.parametrize("rule,count", [("up", 1), ("not-up", 1), ("any", 2)])
def test_the_classic_board_under_each_goal_rule(rule, count):
    sol = solve(open_board(8, 8), "all", {"goal_face": rule}, SearchControl(), Limits())
    assert sol.details["solutions"] == count
    for path in as_tuples(sol):
        reference.check_tour(8, 8, set(), (0, 0), (0, 7), rule, list(path))


def note_counts(preset):
    """The tour counts a preset's note promises: {'up': 1, 'not-up': 0, …}."""
    return {rule: int(n) for n, rule in re.findall(r"(\d+) (not-up|up|any)\b", preset.note)}


@pytest.mark.parametrize("preset", ["neighbours-6x6", "blocked-6x6", "corners-7x7"])
def test_small_presets_against_the_reference(preset):
    b = parse(BY_ID[preset].text)
    every = reference.tours(b.width, b.height, b.blocked, b.start, b.goal, "any")
    for rule in RULES:
        expected = [t for t in every if {"up": t[-1][2] == "up", "not-up": t[-1][2] != "up", "any": True}[rule]]
        sol = solve(b, "all", {"goal_face": rule}, SearchControl(), Limits())
        assert sol.details["solutions"] == len(expected)
        if rule != "any":
            assert note_counts(BY_ID[preset])[rule] == len(expected)


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.id)
def test_preset_notes_tell_the_truth(preset):
    """Counted in this process: starting workers would cost more than the largest count. The count
    spread over workers is tests/core/scale/test_die_split.py's, and the workers a large preset
    gets by itself test_kept_tours_are_capped_and_browsable's."""
    promised = note_counts(preset)
    assert set(promised) == {"up", "not-up"}
    for rule, n in promised.items():
        sol = solve(parse(preset.text), "all", {"goal_face": rule, "workers": 1}, SearchControl(), Limits())
        assert sol.details["solutions"] == n, rule


def test_one_cell_board():
    b = parse("S")
    up = solve(b, "all", {"goal_face": "up"}, SearchControl(), Limits())
    assert up.status == Status.SOLVED and up.details["solutions"] == 1 and up.length == 0
    assert solve(b, "dfs", {"goal_face": "not-up"}, SearchControl(), Limits()).status == Status.UNSOLVABLE


@pytest.mark.processes
def test_kept_tours_are_capped_and_browsable():
    b = parse(BY_ID["open-10x10"].text)
    sol = solve(b, "all", {"goal_face": "not-up", "keep": 3}, SearchControl(), Limits())
    assert sol.details["solutions"] == 8 and len(sol.tours) == 3
    assert len(sol.alternatives) == 2
    simple = (str, int, float, bool, type(None))
    assert all(isinstance(v, simple) or isinstance(v, dict) and all(isinstance(x, simple) for x in v.values())
               for v in sol.details.values())  # small, for display (the estimate: one row of figures)
    for steps in [sol.steps] + sol.alternatives:
        assert len(steps) == 100
        for i, step in enumerate(steps):
            assert len(step.board.tour) == i + 1  # the path so far, the die where it stands
            assert step.highlight == {step.board.tour[-1][:2]}
        assert steps[-1].data["to"] == [1, 10] and steps[-1].data["mark"] != "up"


def test_unsolvable_says_why():
    sol = solve(parse(BY_ID["corners-7x7"].text), "dfs", {}, SearchControl(), Limits())
    assert sol.status == Status.UNSOLVABLE and "exhaustive" in sol.details["proof"]
    sol = solve(parse("S.G/..."), "all", {}, SearchControl(), Limits())
    assert sol.status == Status.UNSOLVABLE and sol.details["proof"].startswith("parity")
    assert sol.details["solutions"] == 0 and sol.stats.nodes_expanded == 0


@pytest.mark.processes
@pytest.mark.realtime
def test_cancel_and_timeout_end_the_search():
    from puzzle_explorer.core.run.runner import Job

    board = open_board(12, 12)
    control = SearchControl()
    control.cancel()
    sol = solve(board, "all", {}, control, Limits())
    assert sol.status == Status.CANCELLED and not sol.details["count_complete"]
    # the limit counts the estimate before the count too: the search's own time is what is left of it
    job = Job(lambda c: solve(board, "all", {"goal_face": "any"}, c, Limits(timeout_s=1.0)), timeout_s=1.0)
    sol = job.run()
    assert sol.status == Status.LIMIT and sol.limit.value == "time"
    assert sol.stats.elapsed_s < 1.0
