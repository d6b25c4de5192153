"""The ray engine on a real local cluster (two CPUs), and without Ray installed. Few and small:
starting a cluster takes seconds."""
import logging
import subprocess
import sys

import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.core.scale.engine import EngineSpec
from puzzle_explorer.core.scale.tasks import run_tasks
from puzzle_explorer.puzzles.die.board import parse
from puzzle_explorer.puzzles.die.solve import solve as solve_die
from puzzle_explorer.puzzles.die.solve import tours_json
from puzzle_explorer.puzzles.knights.board import Board
from puzzle_explorer.puzzles.knights.solve import solve
from tests.core.scale.tasks_probe import DieOnce, Square

pytest.importorskip("ray")


def test_ray_runs_the_tasks_in_order_and_retries_one_whose_worker_died(ray_cluster, tmp_path):
    tasks = [Square(n) for n in range(10)]
    tasks[3] = DieOnce(Square(3), str(tmp_path / "died"))
    run = run_tasks(tasks, EngineSpec("ray", workers=2), SearchControl())
    assert [r.value for r in run.results] == [n * n for n in range(10)]
    assert run.status == Status.SOLVED and run.retried == 1 and run.engine == "ray"


def test_ray_counts_knights_and_die_tours_as_one_process_does(ray_cluster):
    board = Board(5, 5, (0, 0))
    local = solve(board, "count", {"workers": 1, "all_starts": True}, SearchControl(), Limits())
    remote = solve(board, "count", {"engine": "ray", "workers": 2, "all_starts": True}, SearchControl(), Limits())
    assert remote.details["engine"] == "ray" and remote.details["tasks"] > 2
    assert remote.details["per_square"] == local.details["per_square"]
    assert remote.stats.nodes_expanded == local.stats.nodes_expanded
    # the die's context is written by its kernel: Ray's read-only arrays must not reach it
    die = parse("S...../....../.G..../......")
    here = solve_die(die, "all", {"goal_face": "any", "workers": 1}, SearchControl(), Limits())
    there = solve_die(die, "all", {"goal_face": "any", "engine": "ray", "workers": 2, "subtrees": 6},
                      SearchControl(), Limits())
    assert there.details["engine"] == "ray" and there.details["solutions"] == here.details["solutions"] > 0
    assert tours_json(there.tours) == tours_json(here.tours)


def test_left_open_the_ray_workers_are_every_cpu_of_the_cluster_not_this_machines_cores(ray_cluster, monkeypatch):
    import puzzle_explorer.core.scale.cuts
    import puzzle_explorer.core.scale.tasks

    monkeypatch.setattr(puzzle_explorer.core.scale.tasks, "cores", lambda: 1)  # this machine: one core; the cluster: two CPUs
    monkeypatch.setattr(puzzle_explorer.core.scale.cuts, "TRIAL_NODES", 10)  # split at once rather than try it here
    die = parse("S...../....../.G..../......")
    here = solve_die(die, "all", {"goal_face": "any", "workers": 1}, SearchControl(), Limits())
    there = solve_die(die, "all", {"goal_face": "any", "engine": "ray"}, SearchControl(), Limits())
    assert there.details["engine"] == "ray" and there.details["workers"] == 2 and there.details["tasks"] >= 2
    assert there.details["solutions"] == here.details["solutions"] > 0


def test_an_estimate_for_a_named_ray_cluster_gives_the_time_on_its_cpus(ray_cluster, monkeypatch):
    import puzzle_explorer.core.scale.tasks
    from puzzle_explorer.puzzles.kit.engines import estimate_workers

    monkeypatch.setattr(puzzle_explorer.core.scale.tasks, "cores", lambda: 1)  # this machine: one core; the cluster: two CPUs
    named = EngineSpec("ray", address="127.0.0.1:6379")  # joined already: the address is not dialled
    assert estimate_workers(named, 3600.0) == 2
    assert estimate_workers(EngineSpec("ray"), 3600.0) == 1  # a cluster started for the run: this machine's
    assert estimate_workers(EngineSpec("ray", 3, "127.0.0.1:6379"), 3600.0) == 3  # asked for: kept


@pytest.mark.processes
def test_the_ray_engine_without_ray_says_how_to_install_it():
    hide = ("import sys; sys.modules['ray'] = None; "
            "from puzzle_explorer.cli.main import main; sys.exit(main(['solve', 'knights', '--size', '5x5', '--count', "
            "'--engine', 'ray']))")
    out = subprocess.run([sys.executable, "-c", hide], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2
    assert "pip install 'puzzle-explorer[cluster]'" in out.stderr and "Traceback" not in out.stderr


@pytest.mark.processes
@pytest.mark.parametrize("search", [["knights", "--size", "5x5", "--count"],
                                    ["klotski", "--preset", "hengdao-lima", "--census"]], ids=["tree", "census"])
def test_an_address_nobody_answers_at_is_refused_in_one_line(search):
    args = ["solve", *search, "--engine", "ray", "--address", "127.0.0.1:1"]
    out = subprocess.run([sys.executable, "-c", f"import sys; from puzzle_explorer.cli.main import main; sys.exit(main({args!r}))"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 2
    assert "no Ray cluster answers at 127.0.0.1:1" in out.stderr and "Traceback" not in out.stderr


def test_ray_is_joined_with_its_workers_deaf_to_ctrl_c():
    """As local workers are (interrupts.children_deaf): the cluster's processes start with SIGINT
    blocked, and each worker blocks it itself first thing (deaf_worker), whatever Ray does."""
    import signal

    from puzzle_explorer.core.scale import ray_cluster

    seen = {}

    class FakeRay:
        def init(self, **kwargs):
            seen["blocked"] = signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, set())
            seen["runtime_env"] = kwargs.get("runtime_env")
            seen["quiet"] = kwargs.get("logging_level") == logging.ERROR

    ray_cluster._join(FakeRay(), EngineSpec("ray", workers=1))
    assert seen == {"blocked": True, "quiet": True,  # Ray's own log lines on joining: errors only
                    "runtime_env": {"worker_process_setup_hook": "puzzle_explorer.core.scale.ray_cluster.deaf_worker"}}
    seen["runtime_env"]["env_vars"] = {"X": "1"}  # as ray.init writes into it
    ray_cluster._join(FakeRay(), EngineSpec("ray", workers=1))
    assert seen["runtime_env"] == {"worker_process_setup_hook": "puzzle_explorer.core.scale.ray_cluster.deaf_worker"}
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, set())  # this process hears it again
    import threading

    def in_a_thread():
        ray_cluster.deaf_worker()
        seen["worker"] = signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, set())

    thread = threading.Thread(target=in_a_thread)
    thread.start()
    thread.join()
    assert seen["worker"]


def test_a_cluster_is_joined_from_the_app_whose_stderr_has_no_descriptor(monkeypatch):
    """ray.init enables faulthandler on sys.stderr; the app captures it in an object whose fileno is -1,
    and a census or count on Ray started from the app failed to join ("file.fileno() is not a valid file
    descriptor"). The call gets a stderr with a descriptor, and the app's comes back after it."""
    import faulthandler
    import io

    from puzzle_explorer.core.scale import ray_cluster

    class Captured(io.StringIO):
        def fileno(self):
            return -1

    class FakeRay:
        def init(self, **kwargs):
            faulthandler.enable(all_threads=False)  # what Ray's connect does

    captured = Captured()
    was_enabled = faulthandler.is_enabled()  # (pytest's own, on the real stderr)
    monkeypatch.setattr(sys, "stderr", captured)
    with pytest.raises(RuntimeError):
        faulthandler.enable(all_threads=False)
    try:
        ray_cluster._join(FakeRay(), EngineSpec("ray", workers=1))
        assert sys.stderr is captured
    finally:
        faulthandler.disable()
        if was_enabled:
            faulthandler.enable(file=sys.__stderr__)


@pytest.mark.ray
@pytest.mark.xdist_group("ray")
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_ray_worker_of_a_cluster_started_for_a_run_is_deaf_to_ctrl_c():
    import ray

    from puzzle_explorer.core.scale.ray_cluster import cluster
    from tests.core.scale.tasks_probe import sigint_blocked

    if ray.is_initialized():
        ray.shutdown()  # (another test's cluster: this one must be joined as a run joins it)
    with cluster(EngineSpec("ray", workers=1)) as joined:
        assert joined.get(joined.remote(sigint_blocked).remote())
