"""Compiling ahead: the count anyone can read, the warm-up covering exactly what the solvers run,
and the `warm` command that make runs after installing."""
import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from numba import typeof

from puzzle_explorer.core.kernels.signature import Kernel
from puzzle_explorer.core.run import warmup
from puzzle_explorer.core.run.progress import Phase, SearchControl
from puzzle_explorer.puzzles import registry
from puzzle_explorer.tui.widgets.stats import compiling_line

ROOT = Path(__file__).resolve().parents[3]


class SlowKernel:
    """Stands in for a numba dispatcher: compile() waits until released."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.compiled: list[tuple] = []

    def compile(self, signature) -> None:
        assert self.release.wait(10)
        self.compiled.append(signature)


def test_the_count_of_compiled_kernels_shows_in_a_waiting_search():
    kernels = [Kernel(f"k{i}", SlowKernel(), (i,)) for i in range(3)]
    seen = []
    worker = threading.Thread(target=warmup.compile_kernels,
                              args=("fam", kernels, lambda k, done, s: seen.append((k.name, done))))
    worker.start()
    control = SearchControl()
    control.compiling()
    try:
        kernels[0].dispatcher.release.set()
        for _ in range(200):
            if control.snapshot().compiled == 1:
                break
            threading.Event().wait(0.01)
        s = control.snapshot()
        assert (s.phase, s.compiling, s.compiled, s.kernels) == (Phase.COMPILING, "fam", 1, 3)
        assert warmup.progress().current == "k1"
        assert compiling_line(s) == "[bold yellow]compiling fam: 1/3 kernels[/bold yellow] (only the first time)"
    finally:
        for k in kernels:
            k.dispatcher.release.set()
        worker.join()
    assert seen == [("k0", 1), ("k1", 2), ("k2", 3)]
    assert [k.dispatcher.compiled for k in kernels] == [[(typeof(i),)] for i in range(3)]
    assert warmup.progress() == warmup.Progress("fam", 3, 3)
    later = SearchControl()
    later.compiling()  # a solve compiling on its own, nothing ahead of it: no count to show
    assert (later.snapshot().compiled, later.snapshot().kernels) == (0, 0)
    assert compiling_line(later.snapshot()) == "[bold yellow]compiling the solver[/bold yellow] (only the first time)"


def test_a_failed_compile_leaves_no_stale_count():
    class Broken:
        def compile(self, signature):
            raise RuntimeError("no")

    with pytest.raises(RuntimeError):
        warmup.compile_kernels("fam", [Kernel("bad", Broken(), ())])
    assert not warmup.progress().active


def _probe(family_id: str, *orders: str) -> dict:
    """Each order's fresh process (forked from one that loaded the modules): {order: signatures added}."""
    done = subprocess.run([sys.executable, "-m", "tests.core.warm_probe", family_id, *orders], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.processes
@pytest.mark.parametrize("family_id", list(registry.families()))
def test_warm_up_compiles_exactly_the_signatures_the_solvers_run(family_id):
    found = _probe(family_id, "warm-first", "solve-first")
    missing, unused = found["warm-first"], found["solve-first"]
    assert missing == [], f"solvers compiled what the warm-up lacks: {missing}"
    assert unused == [], f"the warm-up compiled what no solver runs: {unused}"


@pytest.mark.processes
def test_warm_command_compiles_every_family_once():
    command = [sys.executable, "-m", "puzzle_explorer", "warm", "--json"]
    done = subprocess.run(command + ["--force", "--jobs", "2"], cwd=ROOT, capture_output=True, text=True,
                          timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout)
    assert set(report["families"]) == set(registry.families())
    for family_id, entry in report["families"].items():
        names = [k.name for k in registry.get(family_id).kernels()]
        assert [k["name"] for k in entry["kernels"]] == names
        assert entry["cpu_s"] >= 0 and entry["wall_s"] >= 0
    again = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert again.returncode == 0 and "compiled_already" in json.loads(again.stdout)
