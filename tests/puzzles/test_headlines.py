"""Each family's headline: what the search found, in the family's words, checked against references.

The headline is the first line of the Stats pane and of the CLI summary. A census or a count
says its counts (never '0 moves'); a proof by theory names its argument and ran no search.
"""
import threading

import pytest

from puzzle_explorer.core.kernels.counters import STORED
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.runner import Job
from puzzle_explorer.core.run.search import Limits, Stats
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles import registry
from puzzle_explorer.puzzles.interface import Solution, Step, plain_headline
from tests.puzzles.klotski import reference as klotski_reference
from tests.puzzles.knights import reference as knights_reference
from tests.puzzles.link import reference as link_reference
from tests.puzzles.tiles import reference as tiles_reference
from tests.puzzles.tiles.conftest import pdb_cache, pdb_dir  # noqa: F401  (fixtures: small databases in a temporary cache)


def solve(family_id: str, text: str, solver: str, **options) -> tuple[Solution, str]:
    family = registry.get(family_id)
    solution = Job(lambda control: family.solve(family.parse(text), solver, options, control, Limits())).run()
    return solution, family.headline(solution)


@pytest.mark.parametrize("text,moves", [("AAb/AA./c.d", "unit"), ("AAb/AA./c.d", "free"), ("AA./AAb/..b", "free"),
                                        ("AA.c/AAb./d..e", "straight")])
def test_klotski_census_says_its_counts(text, moves):
    solution, headline = solve("klotski", text, "census", moves=moves)
    census = solution.details["census"]
    board = registry.get("klotski").parse(text)
    target = board.target_piece()
    goal = board.goal_cell()
    best, states = klotski_reference.shortest(text, target.letter, goal, moves, census=True)
    assert census["states"] == states and census["goal_depth"] == best
    goals = f"{census['goal_states']:,}" if census["goal_states"] else "none"
    assert headline == f"census: {states:,} positions · {goals} at the goal · deepest {census['max_depth']}"
    assert "0 moves" not in headline


def test_klotski_shortest_path_says_shortest():
    solution, headline = solve("klotski", "AAb/AA./c.d", "bfs")
    assert headline == f"{solution.length} moves, shortest" and solution.length > 0


def test_klotski_census_stored_counter_only_grows():
    """Sampled while the census runs, 'stored' never goes down and ends at the census total. 横刀立马
    with a row of two 2x1 pieces below: 688,774 positions, about 130 ms here, so that a busy machine
    still samples it mid-way (横刀立马's own census ends within a few ms)."""
    family = registry.get("klotski")
    board = family.parse("HAAI/HAAI/JBBK/JNOK/P..Q/RRSS")
    samples = []
    control_box = {}

    def task(control: SearchControl):
        control_box["control"] = control
        return family.solve(board, "census", {"moves": "unit"}, control, Limits())

    job = Job(task)
    done = threading.Event()

    def sample():
        while not done.is_set():
            control = control_box.get("control")
            if control is not None:
                samples.append(int(control.counters[STORED]))
            done.wait(0.0002)

    sampler = threading.Thread(target=sample)
    sampler.start()
    try:
        solution = job.run()
    finally:
        done.set()
        sampler.join()
    total = solution.details["census"]["states"]
    assert samples == sorted(samples)
    assert len(set(samples)) > 2  # it was seen growing, not only at the ends
    assert int(job.control.counters[STORED]) == total


@pytest.mark.parametrize("size,start", [((5, 5), (0, 0)), ((5, 5), (2, 2)), ((3, 4), (0, 0)), ((5, 4), (0, 0))])
def test_knights_count_says_how_many_tours(size, start):
    w, h = size
    text = f"size: {w}x{h}\nstart: {start[0] + 1},{start[1] + 1}"
    solution, headline = solve("knights", text, "count")
    expected = knights_reference.count_tours(w, h, start)
    where = f"{start[0] + 1},{start[1] + 1}"
    if expected:
        assert headline == f"{expected:,} tour{'s' if expected != 1 else ''} from {where}"
    else:
        assert headline.startswith("proved: no tour on") and "0 tours" not in headline


@pytest.mark.parametrize("text,words", [
    ("size: 5x5\ntour: closed", "proved: no closed tour on 5x5 (Schwenk's theorem)"),
    ("size: 4x7\ntour: closed", "proved: no closed tour on 4x7 (Schwenk's theorem)"),
    ("size: 5x5\nstart: 2,1", "proved: no tour on 5x5 from 2,1 (the colours argument)"),
])
def test_knights_proof_by_theory_says_so_and_searches_nothing(text, words):
    for solver in ("warnsdorff", "count"):
        solution, headline = solve("knights", text, solver)
        assert solution.status == Status.UNSOLVABLE and not solution.searched
        assert headline == words


def test_knights_tour_found():
    solution, headline = solve("knights", "size: 8x8", "warnsdorff")
    assert headline == "tour found from 1,1: 63 moves"


def test_die_headlines():
    solution, headline = solve("die", "S.#.../G...../....../....../....../#.....", "dfs")
    assert headline == f"tour found: {solution.length} rolls"
    solution, headline = solve("die", "S.#.../G...../....../....../....../#.....", "all")
    n = solution.details["solutions"]
    assert n > 0 and headline == f"{n:,} tour{'s' if n != 1 else ''} (mark at the goal: up)"
    # an odd board whose start and goal colours make a tour impossible: proved by parity, no search
    solution, headline = solve("die", "SG./.../...", "dfs")
    assert solution.status == Status.UNSOLVABLE and not solution.searched
    assert headline == "proved: no tour (the parity argument)"


def test_link_headlines():
    solution, headline = solve("link", "AB\nBA\nmarked: 1,1 2,2", "path")
    best = link_reference.fewest(["AB", "BA"], (0, 0), (1, 1))
    assert headline == f"{best} segments, fewest (1,1 → 2,2)"
    solution, headline = solve("link", "AB\nAB", "clear")
    assert headline == "board cleared: 2 pairs"
    solution, headline = solve("link", "AB\nBA", "clear")  # each pair needs 4 segments, 3 allowed
    assert headline == "proved: cannot be cleared (every order searched)" and solution.searched
    solution, headline = solve("link", "AAA\nB.B", "clear")
    assert headline == "proved: cannot be cleared (kind 'A' has 3 tiles)" and not solution.searched


def test_link_path_needs_two_marks():
    link = registry.get("link")
    path = next(s for s in link.solvers if s.id == "path")
    assert path.needs(link.parse("AB\nBA")) == "two marked cells (m marks one)"
    assert path.needs(link.parse("AB\nBA\nmarked: 1,1 2,2")) is None


def test_cube8_headline():
    solution, headline = solve("cube8", "start: 2,2\nWWW\nWWW\nWRE", "bibfs")
    assert headline == "10 rolls, shortest"


def test_plain_default_for_a_family_without_a_headline():
    start = [Step("start", None)]
    two = start + [Step("a", None), Step("b", None)]
    assert plain_headline(Solution(Status.SOLVED, two, Stats()), "moves", shortest=True) == "2 moves, shortest"
    assert plain_headline(Solution(Status.SOLVED, start[:1] + [Step("a", None)], Stats()), "rolls") == "1 roll"
    assert plain_headline(Solution(Status.SOLVED, start, Stats())) == "solved at the start: no moves needed"
    assert plain_headline(Solution(Status.UNSOLVABLE, start, Stats(1, 1))).startswith("proved unsolvable")


def tiles_board(tiles: tuple[int, ...], width: int) -> str:
    return "/".join(" ".join(str(t) for t in tiles[y:y + width]) for y in range(0, len(tiles), width))


@pytest.mark.parametrize("solver,options", [("idastar", {"heuristic": "linear-conflict"}), ("astar", {}),
                                            ("bibfs", {}), ("bfs", {})])
def test_tiles_shortest_answers_say_shortest(solver, options):
    goal = tiles_reference.solved(3, 2)
    for tiles, d in sorted(tiles_reference.distances(3, 2, goal).items())[::37]:
        solution, headline = solve("tiles", tiles_board(tiles, 3), solver, **options)
        if d == 0:
            assert headline == "solved at the start: no moves needed"
        else:
            assert headline == f"{d} move{'s' if d != 1 else ''}, shortest"


def test_tiles_auto_says_which_search_it_chose(pdb_cache):
    solution, headline = solve("tiles", "8 6 7/2 5 4/3 . 1", "auto")
    assert headline == "31 moves, shortest, by IDA* with the 4-4 pattern databases"
    assert solution.details["chosen"] == "IDA* with the 4-4 pattern databases"


def test_tiles_parity_is_a_proof_by_theory():
    for text, words in [("1 2 3/4 5 6/8 7 .", "an odd permutation, blank distance 0"),
                        ("1 2 3/4 5 6/8 . 7", "an even permutation, blank distance 1"),
                        ("2 1/3 .", "an odd permutation, blank distance 0"),
                        (". 1 2 3 4 5/6 7 8 9 10 11/12 13 14 15 16 17/18 19 20 21 22 23/24 25 26 27 28 29/"
                         "30 31 32 33 34 35", "an odd permutation, blank distance 10")]:
        solution, headline = solve("tiles", text, "auto")
        assert solution.status == Status.UNSOLVABLE and not solution.searched
        assert headline == f"proved unsolvable by the parity rule: {words}"
        assert len(headline) <= 76  # the timeline's one line at 80 columns
        assert "every reachable position was searched" not in headline


@pytest.mark.parametrize("tiles", [(1, 2, 3, 4, 5, 0), (0, 5, 4, 3, 2, 1), (2, 1, 3, 4, 5, 0)])
def test_tiles_census_says_its_counts(tiles):
    solution, headline = solve("tiles", tiles_board(tiles, 3), "census")
    goal = tiles_reference.solved(3, 2)
    reach = tiles_reference.distances(3, 2, tiles)  # every board reachable from this one, by BFS
    deepest = max(reach.values())
    where = f"the goal {reach[goal]} moves away" if goal in reach else "the goal out of reach"
    assert headline == f"census: {len(reach):,} positions · {where} · deepest {deepest}"
    assert "0 moves" not in headline.replace("the goal 0 moves away", "")


def test_tiles_row_by_row_says_it_is_not_shortest():
    solution, headline = solve("tiles", "2 3 8 4 5/1 7 13 9 10/6 11 19 24 20/16 . 12 15 23/22 17 21 18 14", "rows")
    assert solution.length >= 42  # the preset's shortest
    assert headline == f"{solution.length} moves, not shortest (row by row)"


def test_tiles_a_stopped_search_says_what_it_proved():
    solution = Job(lambda control: registry.get("tiles").solve(
        registry.get("tiles").parse("15 2 12 11/14 13 9 5/1 3 8 7/. 10 6 4\ngoal: blank first"), "idastar",
        {"heuristic": "manhattan"}, control, Limits(max_states=5000))).run()
    headline = registry.get("tiles").headline(solution)
    assert solution.status == Status.LIMIT
    bound = solution.details["shortest_at_least"]
    assert 40 <= bound <= 65  # the start's Manhattan distance at least; Korf's #88 takes 65
    assert headline == f"stopped: the state cap was reached · no answer shorter than {bound} moves"
