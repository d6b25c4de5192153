"""The kernel fuzz target: every solver of every family on random small boards, against plain references.

Collected only with --fuzz; `make fuzz` runs it with NUMBA_BOUNDSCHECK=1, so an
index that leaves its array raises instead of corrupting memory. Each family
module draws its boards from random.Random(FUZZ_SEED + its own offset): the same
seed gives the same boards, and a failure names the seed and the board.

A kernel gone wrong may also just never end (a lone klotski piece stepping off
the board made the census wander through made-up positions for ever): a case
that runs past CASE_LIMIT_S ends the run, naming the case and dumping every
thread's stack, rather than leaving CI to hang.
"""
import faulthandler
import os
import sys
import threading

import pytest

SEED = int(os.environ.get("FUZZ_SEED", "1106"))
# The share of each family's random cases to run: CI runs fewer than `make fuzz` (see the Makefile).
# Each draw keeps at least one case of each of its generators, so every kind of board of every family
# still reaches every kernel; the cases kept are the first ones of the full draw, the same boards.
SHARE = float(os.environ.get("FUZZ_SHARE", "1"))
CASE_LIMIT_S = float(os.environ.get("FUZZ_CASE_LIMIT_S", "600"))  # compilation included: the first case of a family compiles its kernels


def pytest_report_header(config):
    bounds = os.environ.get("NUMBA_BOUNDSCHECK", "unset")
    return (f"kernel fuzz: FUZZ_SEED={SEED} (set it to draw other boards), FUZZ_SHARE={SHARE:g}, "
            f"NUMBA_BOUNDSCHECK={bounds}")


def _give_up(nodeid: str, capture) -> None:
    if capture is not None:
        capture.suspend_global_capture(in_=True)  # pytest holds fd 2 while a test runs
    sys.stderr.write(f"\nFUZZ_SEED={SEED} {nodeid}: still running after {CASE_LIMIT_S:.0f} s; stacks:\n")
    sys.stderr.flush()
    faulthandler.dump_traceback(file=sys.stderr, all_threads=True)
    os._exit(3)


@pytest.fixture(autouse=True)
def case_time_limit(request):
    capture = request.config.pluginmanager.getplugin("capturemanager")
    timer = threading.Timer(CASE_LIMIT_S, _give_up, (request.node.nodeid, capture))
    timer.daemon = True
    timer.start()
    yield
    timer.cancel()


def _kernels_run() -> tuple[list[str], list[str]]:
    """The warm-up's kernels (every family's kernels()) this process ran, and those it did not: a
    kernel's signature is in its dispatcher once it was called (or compiled) here. Kernels run only in
    worker processes the fuzz starts (the command line, local workers) count as not run here."""
    from numba import typeof

    from puzzle_explorer.puzzles import registry

    ran, not_run = [], []
    for family_id in registry.families():
        for k in registry.kernels_of(family_id):
            name = f"{family_id}:{k.name}"
            (ran if tuple(map(typeof, k.args)) in k.dispatcher.signatures else not_run).append(name)
    return ran, not_run


KERNELS_SEEN: dict[str, set] = {"ran": set(), "all": set()}


def pytest_sessionfinish(session):
    if not session.config.getoption("--fuzz"):
        return
    ran, not_run = _kernels_run()
    if hasattr(session.config, "workeroutput"):  # an xdist worker: the controller adds them up
        session.config.workeroutput["kernels_ran"] = ran
        session.config.workeroutput["kernels_all"] = ran + not_run
    else:
        KERNELS_SEEN["ran"].update(ran)
        KERNELS_SEEN["all"].update(ran + not_run)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    output = getattr(node, "workeroutput", {})
    KERNELS_SEEN["ran"].update(output.get("kernels_ran", ()))
    KERNELS_SEEN["all"].update(output.get("kernels_all", ()))


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """Says which of the warm-up's kernels the fuzz ran in its own processes: a smaller FUZZ_SHARE must
    still run all of them (compare the line with that of a full run)."""
    if not config.getoption("--fuzz") or not KERNELS_SEEN["all"]:
        return
    missing = sorted(KERNELS_SEEN["all"] - KERNELS_SEEN["ran"])
    terminalreporter.write_line(f"kernel fuzz: {len(KERNELS_SEEN['ran'])} of {len(KERNELS_SEEN['all'])} kernels ran "
                                f"in the test processes" + (f"; not here: {', '.join(missing)}" if missing else ""))
