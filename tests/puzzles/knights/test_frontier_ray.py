"""Meeting in the middle split over actors by hash partition (frontier_ray.py, core/scale/counts_ray.py): the
same total as one process, on any number of actors and in any order, against the brute force; on a
real Ray cluster through the command line; stops and checkpoints."""
import random

import numpy as np
import pytest

from puzzle_explorer.core.kernels.counters import STOP_CANCEL
from puzzle_explorer.core.scale import counts_ray
from puzzle_explorer.core.scale.engine import EngineSpec
from puzzle_explorer.puzzles.knights import frontier, frontier_count, frontier_ray, meet
from tests.core.scale.counts_here import HerePool
from tests.puzzles.knights.reference import count_tours
from tests.puzzles.knights.test_cli import run_cli


def _none():
    pass


def _brute_total(w, h, blocked):
    cells = [(x, y) for y in range(h) for x in range(w) if (x, y) not in blocked]
    return sum(count_tours(w, h, c, False, tuple(sorted(blocked))) for c in cells)


def _random_plan(seed):
    rng = random.Random(seed)
    while True:
        w, h = rng.randint(3, 5), rng.randint(3, 5)
        squares = [(x, y) for y in range(h) for x in range(w)]
        blocked = frozenset(rng.sample(squares, rng.randint(0, 3)))
        p = meet.plan(w, h, blocked)
        if p is not None:
            return w, h, blocked, p


@pytest.mark.parametrize("seed", range(16))
def test_random_boards_split_over_actors_against_the_brute_force(seed):
    """Boards up to 5x5 with squares blocked at random, their halves' states spread over 1 to 5 actors
    taken in a random order: every actor's share of every step, and the join summed over every pair of
    shares, give the brute force's total."""
    w, h, blocked, p = _random_plan(seed)
    parts = 1 + seed % 5
    assert frontier_ray.count_met(p, HerePool(parts, frontier_ray.Halves(plan=p), seed), frontier.NO_ROOM, _none) == \
        _brute_total(w, h, blocked), (w, h, sorted(blocked), parts)


@pytest.mark.parametrize("w,h,parts", [(5, 6, 4), (6, 6, 3), (5, 7, 2)])
def test_published_counts_on_several_actors_step_by_step(w, h, parts):
    """A083386 and A306281 (5x6's halves differ, 6x6's and 5x7's are alike); each edge's states, summed
    over the actors, are the one-process sweep's, and no key lives on two actors."""
    p = meet.plan(w, h, frozenset())
    one = []
    whole = meet.count(p, np.zeros(64, dtype=np.int64), on_step=lambda e, n: one.append(n))
    pool = HerePool(parts, frontier_ray.Halves(plan=p), 7)
    split = []
    assert frontier_ray.count_met(p, pool, frontier.NO_ROOM, _none, lambda e, n: split.append(n)) == whole
    assert split == one
    tops = [a.kept_item.remote(frontier_ray.TOP)[0] for a in pool.actors]
    keys = np.concatenate([top[0::2] for top in tops])
    assert np.unique(keys).shape[0] == keys.shape[0] == sum(top.shape[0] // 2 for top in tops)


def test_the_buckets_go_to_their_owners():
    rng = np.random.default_rng(3)
    pairs = np.empty(2000, dtype=np.uint64)
    pairs[0::2] = rng.integers(0, 2 ** 63, 1000, dtype=np.uint64)
    pairs[1::2] = np.arange(1000, dtype=np.uint64)
    runs = counts_ray.split(pairs, 5)
    assert sum(r.shape[0] for r in runs) == 2000
    for p, r in enumerate(runs):
        assert all(counts_ray.split(r, 5)[q].shape[0] == (r.shape[0] if q == p else 0) for q in range(5))
    back = np.concatenate(runs).reshape(-1, 2)
    assert sorted(map(tuple, back.tolist())) == sorted(map(tuple, pairs.reshape(-1, 2).tolist()))


def test_a_stop_and_the_room_on_the_actors():
    p = meet.plan(5, 6, frozenset())
    pool = HerePool(3, frontier_ray.Halves(plan=p))
    with pytest.raises(frontier.Stopped):
        frontier_ray.count_met(p, pool, frontier.NO_ROOM, lambda: pool.stop(STOP_CANCEL))
    with pytest.raises(frontier.OutOfRoom):
        frontier_ray.count_met(p, HerePool(3, frontier_ray.Halves(plan=p)), 30, _none)


@pytest.mark.parametrize("w,h", [(5, 6), (5, 5)])
def test_a_checkpoint_saved_on_actors_resumes_in_one_process_and_back(w, h):
    """The states gathered from the actors after an edge are the one-process sweep's checkpoint: resumed
    here, or spread over actors again, either gives the whole total."""
    p = meet.plan(w, h, frozenset())
    whole = meet.count(p, np.zeros(64, dtype=np.int64))
    saved = []
    assert frontier_ray.count_met(p, HerePool(3, frontier_ray.Halves(plan=p)), frontier.NO_ROOM, _none, on_saved=saved.append,
                          due=lambda: True) == whole
    assert [s.step for s in saved] == list(range(1, p.swept + 1))
    for at in saved[1::5]:
        assert meet.count(p, np.zeros(64, dtype=np.int64), at=at) == whole, at.step
        assert frontier_ray.count_met(p, HerePool(2, frontier_ray.Halves(plan=p), at.step), frontier.NO_ROOM, _none, at=at) == whole
    here = []
    meet.count(p, np.zeros(64, dtype=np.int64), on_saved=here.append)
    for at in here[::4]:
        assert frontier_ray.count_met(p, HerePool(4, frontier_ray.Halves(plan=p)), frontier.NO_ROOM, _none, at=at) == whole


def test_a_checkpoint_on_ray_that_could_not_be_gathered_here_is_refused_before_the_cluster_starts(
        monkeypatch, tmp_path):
    """A checkpoint gathers every actor's states into this process: 7x7's halves (39.5 million states at
    the peak, both halves' saved) need about 2.4 GiB here, so with 1 GiB free the count is refused at once,
    and with 8 GiB it goes as far as starting the cluster."""
    from puzzle_explorer.core.errors import InputError
    from puzzle_explorer.core.run.progress import SearchControl
    from puzzle_explorer.core.run.search import Limits
    from puzzle_explorer.puzzles.knights import frontier_count
    from puzzle_explorer.puzzles.knights.board import Board

    started = []
    monkeypatch.setattr(frontier_count, "counts_on_ray", lambda *args: started.append(1) or 1 / 0)
    file = str(tmp_path / "7x7.npz")

    def count(free):
        monkeypatch.setattr(frontier_count, "available_bytes", lambda: free)
        return frontier_count.count(Board(7, 7, (0, 0)), True, SearchControl(), Limits(max_memory=12 * 2 ** 30), {},
                                    checkpoint=file, engine=EngineSpec("ray", workers=2))

    with pytest.raises(InputError, match="--checkpoint with --engine ray .* about 2.4 GiB"):
        count(2 ** 30)
    assert not started
    with pytest.raises(ZeroDivisionError):
        count(8 * 2 ** 30)
    assert started


def test_the_actors_hold_what_the_clusters_memory_allows_not_this_machines(monkeypatch):
    """A count on Ray is planned against --max-memory as given (8x8's halves, 177 GiB, more than this
    machine has, were refused before the cluster was asked), then held to the cluster's memory once it
    is joined: 8x8 on a cluster of 100 GiB ends before it begins, saying both figures; 5x6 on one of
    300 GiB counts, its budget the cluster's (held to it, with the note the command prints)."""
    from contextlib import contextmanager

    from puzzle_explorer.core.run.progress import SearchControl
    from puzzle_explorer.core.run.search import Limits
    from puzzle_explorer.core.run.status import Limit, Status
    from puzzle_explorer.puzzles.knights import frontier_count
    from puzzle_explorer.puzzles.knights.board import Board

    gib = 2 ** 30
    cluster = []

    @contextmanager
    def on_here(spec, sweep, modules, control=None, order=None):
        yield HerePool(spec.workers, sweep, memory=cluster[-1])

    monkeypatch.setattr(frontier_count, "counts_on_ray", on_here)

    def count(w, h, memory, max_memory):
        cluster.append(memory)
        return frontier_count.count(Board(w, h, (0, 0)), True, SearchControl(), Limits(max_memory=max_memory), {},
                                    engine=EngineSpec("ray", workers=2))

    sol = count(8, 8, 100 * gib, 300 * gib)
    assert sol.status == Status.LIMIT and sol.limit == Limit.MEMORY
    assert "expected to need 177.0 GiB" in sol.details["note"] and "the Ray cluster's budget is 100.0 GiB" in \
        sol.details["note"]
    monkeypatch.setattr(frontier_count, "table_fits", lambda board, budget: False)
    sol = count(5, 6, 300 * gib, 400 * gib)
    f = sol.details["frontier"]
    assert sol.details["solutions"] == 2 * 18784 and f["engine"] == "ray"
    assert f["budget_bytes"] == 300 * gib - frontier_count.SCRATCH and "the Ray cluster's 300.0 GiB" in f["budget_note"]


def test_auto_counts_8x8_on_a_cluster_with_the_frontier_counter():
    """8x8 from every square, --max-memory 300G on Ray: the frontier counter's halves (177 GiB) are
    chosen over a search that would never end, as they are not for this machine alone."""
    from puzzle_explorer.core.run.progress import SearchControl
    from puzzle_explorer.core.run.search import Limits
    from puzzle_explorer.puzzles.knights.board import Board
    from puzzle_explorer.puzzles.knights.solve import _frontier_chosen

    board, limits = Board(8, 8, (0, 0)), Limits(max_memory=300 * 2 ** 30)
    assert _frontier_chosen(board, "auto", True, EngineSpec("ray", workers=2), SearchControl(), limits)
    assert not _frontier_chosen(board, "auto", True, EngineSpec("local", workers=2), SearchControl(), limits)


def test_a_ray_cluster_gives_the_same_totals(ray_cluster):
    """Real actors, the buckets carried by the object store and added up in a shuffled order."""
    from puzzle_explorer.core.scale.engines import counts_on_ray

    for w, h, parts in [(5, 6, 3)]:  # (halves alike and not, on more actors: in this process, above)
        p = meet.plan(w, h, frozenset())
        with counts_on_ray(EngineSpec("ray", workers=parts), frontier_ray.Halves(plan=p), [frontier_ray.__name__],
                           order=parts) as pool:
            pool.ready(_none)
            assert pool.parts == parts
            assert frontier_ray.count_met(p, pool, frontier.NO_ROOM, _none) == meet.count(p, np.zeros(64, dtype=np.int64))
    p = meet.plan(5, 6, frozenset())
    with counts_on_ray(EngineSpec("ray", workers=2), frontier_ray.Halves(plan=p), [frontier_ray.__name__]) as pool:
        with pytest.raises(frontier.Stopped):  # the actors' own exception, raised here
            frontier_ray.count_met(p, pool, frontier.NO_ROOM, lambda: pool.stop(STOP_CANCEL))


def test_the_command_line_counts_on_ray_actors(capsys, monkeypatch, ray_cluster):
    """--engine ray on a count that meets in the middle: the states on the cluster's actors, said so."""
    monkeypatch.setattr(frontier_count, "table_fits", lambda board, budget: False)
    code, out, _ = run_cli(capsys, "--size", "5x6", "--count", "--all-starts", "--method", "frontier",
                           "--engine", "ray", "--workers", "2")
    assert code == 0, out
    assert "37,568 tours from every square" in out and frontier_count.MEET_NAME in out
    assert "workers: 2 Ray actors, each holding a share of the states (at most " in out and " resident in one)" in out


def _cells(w, h, blocked=frozenset(), closed=False):
    return frontier_ray.Cells(width=w, height=h, blocked=frozenset(blocked), closed=closed)


@pytest.mark.parametrize("seed", range(16))
def test_the_cell_by_cell_sweep_split_over_actors_against_the_brute_force(seed):
    """The free-ends sweep (open) and closed tours, boards up to 5x5 with squares blocked at random (or
    none, which folds mirror images at each line's end), over 1 to 4 actors in a random order."""
    rng = random.Random(seed)
    w, h = rng.randint(3, 5), rng.randint(3, 5)
    squares = [(x, y) for y in range(h) for x in range(w)]
    blocked = frozenset(rng.sample(squares, rng.randint(0, 3) if seed % 3 else 0))
    closed = seed % 4 == 0
    cells = _cells(w, h, blocked, closed)
    found = frontier_ray.count_cells(cells, HerePool(1 + seed % 4, cells, seed), frontier.NO_ROOM, _none)
    if closed:
        free = [c for c in squares if c not in blocked]
        assert 2 * found == count_tours(w, h, free[0], True, tuple(sorted(blocked))), (w, h, sorted(blocked))
    else:
        assert 2 * found == _brute_total(w, h, blocked), (w, h, sorted(blocked))


@pytest.mark.parametrize("w,h,closed,parts", [(3, 12, False, 3), (6, 5, False, 2), (6, 6, True, 3)])
def test_the_cell_by_cell_sweep_on_actors_step_by_step(w, h, closed, parts):
    """Each step's states, summed over the actors, are the one-process sweep's (folds included); the
    total is A118067's 3x12 (directed, halved), A083386's 5x6, and 6x6's 9,862 closed tours."""
    one = []
    sweep = frontier.sweep_of(w, h, frozenset())
    paths = frontier.sweep_count(sweep, None, closed, np.zeros(64, dtype=np.int64),
                                 on_step=lambda p: one.append(p.states))[None]
    split = []
    cells = _cells(w, h, closed=closed)
    assert frontier_ray.count_cells(cells, HerePool(parts, cells, 1), frontier.NO_ROOM, _none,
                                    lambda p: split.append(p.states)) == paths
    assert split == one
    assert paths == {(3, 12): 114496 // 2, (6, 5): 18784, (6, 6): 9862}[(w, h)]


def test_the_cell_by_cell_sweep_checkpoints_either_way():
    """A checkpoint gathered from the actors resumes in one process, and one saved here on the actors."""
    sweep = frontier.sweep_of(5, 6, frozenset())
    counters = np.zeros(64, dtype=np.int64)
    here = []
    paths = frontier.sweep_count(sweep, None, False, counters, on_saved=here.append)[None]
    cells = _cells(5, 6)
    saved = []
    assert frontier_ray.count_cells(cells, HerePool(3, cells), frontier.NO_ROOM, _none, on_saved=saved.append,
                                    due=lambda: True) == paths
    assert [s.step for s in saved] == [s.step for s in here]
    for at in saved[::6]:
        assert frontier.sweep_count(sweep, None, False, counters, at=at)[None] == paths, at.step
    for at in here[::6]:
        assert frontier_ray.count_cells(cells, HerePool(2, cells), frontier.NO_ROOM, _none, at=at) == paths, at.step


def test_a_closed_count_on_a_ray_cluster(capsys, ray_cluster):
    """Closed tours from a square on Ray actors: 6x6's 9,862 cycles, walked either way."""
    code, out, _ = run_cli(capsys, "--size", "6x6", "--closed", "--count", "--method", "frontier",
                           "--engine", "ray", "--workers", "2")
    assert code == 0, out
    assert "19,724" in out and "workers: 2 Ray actors, each holding a share of the states" in out
