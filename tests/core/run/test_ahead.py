"""Compiling ahead in worker processes: the preferred family first, waiting for a family, and a
search that waits for the pool rather than compiling beside it."""
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from puzzle_explorer.core.kernels.signature import Kernel
from puzzle_explorer.core.run import ahead
from puzzle_explorer.core.run.progress import CancelledBeforeSearch, Phase, SearchControl

ROOT = Path(__file__).resolve().parents[3]


class Noted:
    """Stands in for a numba dispatcher in a worker process: compiling it takes no time."""

    def compile(self, signature) -> None:
        pass


def fake_kernels(family: str) -> list[Kernel]:
    """Three kernels a family (imported by name in the workers)."""
    if family == "broken":
        raise RuntimeError("no kernels here")
    return [Kernel(f"{family}{i}", Noted(), ()) for i in range(3)]


@pytest.mark.processes
def test_the_preferred_family_compiles_first_and_every_kernel_is_reported():
    reports = []
    pool = ahead.Ahead(["a", "b", "c"], fake_kernels, jobs=1, on_report=reports.append)
    pool.prefer("c")
    pool.start()
    try:
        assert pool.wait("a", timeout=60) is True
        pool.join()
    finally:
        pool.stop()
    starts = [r.family for r in reports if r.kind == "start"]
    assert starts == ["c", "a", "b"]
    kernels = sorted((r.family, r.index, r.name) for r in reports if r.kind == "kernel")
    assert kernels == [(f, i, f"{f}{i}") for f in "abc" for i in range(3)]
    assert pool.failures() == {} and not pool.pending("b")


@pytest.mark.processes
def test_a_family_split_over_workers_is_compiled_whole_and_a_failure_is_named():
    reports = []
    pool = ahead.Ahead(["a", "broken"], fake_kernels, jobs=4, on_report=reports.append).start()
    try:
        pool.join()
    finally:
        pool.stop()
    assert sorted(r.index for r in reports if r.kind == "kernel") == [0, 1, 2]
    assert {r.part for r in reports if r.family == "a" and r.kind == "done"} == {0, 1}
    assert "no kernels here" in pool.failures()["broken"]
    assert pool.wait("broken", 1) is False


class Pending:
    """A pool that is still compiling `family` until released."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.preferred = None

    def pending(self, family):
        return not self.release.is_set()

    def wait(self, family, timeout=None):
        self.preferred = family
        return True if self.release.wait(timeout) else None


def test_a_search_waits_for_the_pool_shown_as_compiling_and_a_cancel_ends_the_wait():
    pool = Pending()
    ahead.run_in_background(pool)
    try:
        control = SearchControl()
        waiting = threading.Thread(target=ahead.wait_for, args=("klotski", control))
        waiting.start()
        waiting.join(0.3)
        assert waiting.is_alive() and control.phase == Phase.COMPILING and pool.preferred == "klotski"
        pool.release.set()
        waiting.join(5)
        assert not waiting.is_alive()

        pool.release.clear()
        control = SearchControl()
        control.cancel()
        with pytest.raises(CancelledBeforeSearch):
            ahead.wait_for("klotski", control)
    finally:
        ahead.run_in_background(None)
    ahead.wait_for("klotski", SearchControl())  # no pool: nothing to wait for


def test_the_worker_count_follows_the_cores_and_the_work():
    assert ahead.default_jobs(1) == 1
    assert 1 <= ahead.default_jobs(1000) <= 1000
    # sixteen workers for six families: each family in three pieces, so that none is idle
    pool = ahead.Ahead(list("abcdef"), fake_kernels, jobs=16)
    assert pool.jobs == 16 and pool.pieces() == 18
    assert ahead.Ahead(list("abcdef"), fake_kernels, jobs=2).pieces() == 6


def test_one_family_loads_without_the_others():
    code = ("import sys; from puzzle_explorer.puzzles import registry; registry.ids(); registry.declared(); "
            "registry.get('die'); "
            "print(sorted({m.split('.')[2] for m in sys.modules if m.startswith('puzzle_explorer.puzzles.') "
            "and m.count('.') >= 3}))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "'die'" in done.stdout
    for other in ("klotski", "cube8", "knights", "link", "tiles"):
        assert f"'{other}'" not in done.stdout


def test_what_the_packages_declare_is_what_their_families_say():
    from puzzle_explorer.puzzles import registry

    for family_id, declared in registry.declared().items():
        family = registry.get(family_id)
        assert (declared.id, declared.title, declared.description) == (family.id, family.title, family.description)
    assert registry.ids() == list(registry.families())


def test_a_family_command_line_loads_no_other_family():
    code = ("import sys; from puzzle_explorer.cli.main import build_parser; "
            "args = build_parser().parse_args(['solve', 'die', '--preset', sys.argv[1]]); "
            "print(args.family, sorted({m.split('.')[2] for m in sys.modules "
            "if m.startswith('puzzle_explorer.puzzles.') and m.count('.') >= 3}))")
    from puzzle_explorer.puzzles import registry

    preset = registry.get("die").presets[0].id
    done = subprocess.run([sys.executable, "-c", code, preset], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("die ") and "'die'" in done.stdout
    for other in ("klotski", "cube8", "knights", "link", "tiles"):
        assert f"'{other}'" not in done.stdout
