"""A race gives each solver the answer it gives alone, in every family, and judges the answers."""
import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.race import DONE
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles import race as R
from puzzle_explorer.puzzles import registry
from tests.puzzles.race import fake

# family, board text, the entries as (solver id, options), whether node counts must match exactly
CASES = {
    "klotski": ("AAb./AAc./d.ee/fg..", [("bfs", {}), ("bibfs", {}), ("astar", {"moves": "unit"}),
                                         ("idastar", {"moves": "unit"}), ("census", {})]),
    "cube8": ("start: 2,2\nRWW\nWEW\nWWB", [("bibfs", {}), ("idastar", {})]),
    "die": ("S..../...../..G..", [("dfs", {}), ("dfs", {"pruning": False}), ("all", {}),
                                  ("all", {"pruning": False, "goal_face": "any"})]),
    "knights": ("size: 5x5\nstart: 1,1", [("backtrack", {}), ("warnsdorff", {}), ("warnsdorff-backtrack", {}),
                                         ("count", {})]),
    "link": ("AB.B/A..C/C...", [("clear", {}), ("hint", {}), ("clear", {"outside": "no"})]),
}


def race_of(family, specs, limits=Limits()):
    race = R.entries(family, [solver for solver, _ in specs], limits)
    return [R.Entry(e.name, e.solver, {**e.options, **options}, e.limits) for e, (_, options) in zip(race, specs)]


@pytest.mark.parametrize("family_id", list(CASES))
def test_each_answer_is_the_one_the_solver_gives_alone(family_id):
    family = registry.get(family_id)
    text, specs = CASES[family_id]
    board = family.parse(text)
    race = race_of(family, specs)
    report = R.run(family, board, race, slots=2)
    assert not report.disagreements
    for entry, result in zip(race, report.results):
        alone = family.solve(board, entry.solver.id, dict(entry.options), SearchControl(), Limits())
        got = result.solution
        assert result.lane.state == DONE and got is not None, entry.name
        assert (got.status, got.length, got.limit) == (alone.status, alone.length, alone.limit), entry.name
        # every kernel here is single-threaded and deterministic, the census's two threads included
        assert got.stats.nodes_expanded == alone.stats.nodes_expanded, entry.name
        assert got.stats.states_seen == alone.stats.states_seen, entry.name
        assert family.headline(got) == family.headline(alone)
        if got.steps and alone.steps:
            assert [s.data for s in got.steps] == [s.data for s in alone.steps], entry.name


def test_the_die_race_shows_what_the_pruning_saves():
    family = registry.get("die")
    report = R.run(family, family.parse("S..../...../..G.."), race_of(family, [("all", {}), ("all", {"pruning": False})]))
    pruned, plain = report.results
    assert pruned.entry.name == "all" and plain.entry.name == "all.2" and plain.entry.label() == "all.2 pruning=no"
    assert pruned.solution.details["solutions"] == plain.solution.details["solutions"]
    assert pruned.stats.nodes_expanded < plain.stats.nodes_expanded
    assert not report.disagreements


def test_shortest_marks_and_a_solver_that_is_not_optimal():
    family = fake.FAMILY
    report = R.run(family, 3, race_of(family, [("honest", {}), ("slow", {})]))
    honest, slow = report.results
    assert (honest.shortest, honest.excess) == (True, 0)
    assert (slow.shortest, slow.excess) == (False, 2)
    assert not report.disagreements


def test_optimal_solvers_that_disagree_are_caught():
    family = fake.FAMILY
    report = R.run(family, 3, race_of(family, [("honest", {}), ("wrong", {}), ("slow", {})]))
    assert report.disagreements == ["optimal solvers disagree on the length: honest 3, wrong 4"]
    assert all(r.shortest is None for r in report.results)  # nothing is proved when they disagree
    # a different rule asks another question: those answers are not compared
    report = R.run(family, 3, race_of(family, [("honest", {}), ("wrong", {"rule": "b"})]))
    assert report.disagreements == []
    assert [r.shortest for r in report.results] == [True, True]


def test_an_answer_shorter_than_the_optimal_one_is_caught():
    family = fake.FAMILY
    report = R.run(family, 3, race_of(family, [("wrong", {}), ("lucky", {}), ("slow", {})]))
    assert report.disagreements == ["lucky found 3, shorter than optimal wrong's 4"]
    assert [r.shortest for r in report.results] == [None, None, None]


def test_a_solver_that_proves_no_answer_against_one_that_finds_one():
    family = registry.get("klotski")
    board = family.parse("AAb./AAc./d.ee/fg..")
    race = race_of(family, [("bfs", {}), ("astar", {})])
    prepared = R.prepare(family, board, race)
    prepared.run()
    # what a wrong bfs would say: every position searched, no way to the goal
    lane = prepared.lanes[0]
    lane.result = R.Solution(Status.UNSOLVABLE, lane.result.steps[:1], lane.result.stats, solver="bfs")
    report = R.judge(race, prepared, "klotski")
    assert report.disagreements == ["bfs proved there is no answer, but astar found one"]


def test_a_board_a_solver_cannot_take_is_refused_with_the_reason():
    family = registry.get("link")
    with pytest.raises(R.InputError, match="path cannot run on this board: it needs two marked cells"):
        R.prepare(family, family.parse("AB.B/A..C/C..."), race_of(family, [("path", {}), ("clear", {})]))
