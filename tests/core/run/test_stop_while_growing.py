"""A stop that cuts a hash table's growth short ends the search at once.

The grow functions give up when the stop flag is raised; a search that went
on inserting into the full table used to probe for a free slot forever. A
star-shaped graph fills the first table within one expansion, long before
the searches look at the flag again.
"""
import threading

import numpy as np
import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits, shortest_path
from puzzle_explorer.core.run.status import Status
from tests.core.graph_puzzle import make_graph

N = 5000
ALGORITHMS = ["bfs", "bibfs", "astar", "idastar"]


def star_with_islands():
    """0 joins 1..N-1; a few nodes beyond stand alone (goals no search can reach)."""
    return [list(range(1, N))] + [[0] for _ in range(1, N)] + [[] for _ in range(4)]


def run_with_timeout(fn, seconds):
    box = []
    worker = threading.Thread(target=lambda: box.append(fn()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert box, f"the search did not end within {seconds} s of a stop"
    return box[0]


@pytest.mark.parametrize("algo", ALGORITHMS)
def test_stop_before_the_table_grows_ends_the_search(algo):
    adj = star_with_islands()
    islands = list(range(N, len(adj)))
    ctx = make_graph(adj, set(islands))
    control = SearchControl()
    control.cancel()
    out = run_with_timeout(lambda: shortest_path(algo, np.array([0], dtype=np.uint64), ctx, control, Limits(),
                                                 goals=np.array(islands, dtype=np.uint64)), 120)
    assert out.status == Status.CANCELLED
