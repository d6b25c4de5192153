"""The one engine seam (core/scale/engines.py): the spec picks the engine, whose workers run both a
tree's tasks and a census's partitions; Ray is imported only when the ray engine is chosen."""
import subprocess
import sys

from puzzle_explorer.core.scale import engines
from puzzle_explorer.core.scale.engine import EngineSpec


def test_the_local_engine_has_the_workers_asked_for_or_one_per_core(monkeypatch):
    monkeypatch.setattr(engines, "cores", lambda: 6)
    with engines.open_engine(EngineSpec(workers=3)) as asked, engines.open_engine(EngineSpec()) as open_:
        assert isinstance(asked, engines.LocalEngine) and isinstance(open_, engines.LocalEngine)
        assert (asked.workers(), open_.workers()) == (3, 6)


def test_the_local_engine_imports_no_ray():
    """Every split search goes through the seam; with the local engine none of them may load Ray."""
    probe = ("import sys\n"
             "from puzzle_explorer.core.scale import census, engines, partitioned, split_paths, tasks\n"
             "from puzzle_explorer.core.scale.engine import EngineSpec\n"
             "with engines.open_engine(EngineSpec(workers=2)) as engine:\n"
             "    assert isinstance(engine, engines.LocalEngine)\n"
             "print('ray' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"


GIB = 2 ** 30


class _Cluster:
    """A joined cluster's resources, as the ray module reports them."""

    def __init__(self, memory, free):
        self.memory, self.free = memory, free

    def cluster_resources(self):
        return {"CPU": 8.0, **({"memory": float(self.memory)} if self.memory else {})}

    def available_resources(self):
        return {"CPU": 8.0, **({"memory": float(self.free)} if self.memory else {})}


def test_a_ray_clusters_budget_is_its_memory_not_this_machines(monkeypatch):
    """The actors hold a split search's states, so --max-memory is held to the cluster's memory (two
    nodes of 100 GiB here, more than this machine has), with the note saying so past it; left open, a
    share of what the cluster has free; and a cluster that reports no memory is taken for this machine."""
    from puzzle_explorer.core.run import memory
    from puzzle_explorer.core.scale.ray_cluster import cluster_budget

    ray = _Cluster(200 * GIB, 150 * GIB)
    assert cluster_budget(ray, 120 * GIB) == (120 * GIB, None)
    budget, note = cluster_budget(ray, 300 * GIB)
    assert budget == 200 * GIB and "more than the Ray cluster's 200.0 GiB: the budget is 200.0 GiB" in note
    assert cluster_budget(ray, None) == (int(150 * GIB * memory.DEFAULT_SHARE), None)
    assert engines.RayEngine(EngineSpec("ray"), ray).budget(300 * GIB) == (200 * GIB, note)
    monkeypatch.setattr(memory, "available_bytes", lambda: 8 * GIB)
    monkeypatch.setattr("puzzle_explorer.core.scale.ray_cluster.available_bytes", lambda: 8 * GIB)
    assert cluster_budget(_Cluster(0, 0), None)[0] == int(8 * GIB * memory.DEFAULT_SHARE)
    assert cluster_budget(_Cluster(0, 0), 10 * 2 ** 40)[0] == memory.machine_bytes()
