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
