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
CASE_LIMIT_S = float(os.environ.get("FUZZ_CASE_LIMIT_S", "600"))  # compilation included: the first case of a family compiles its kernels


def pytest_report_header(config):
    bounds = os.environ.get("NUMBA_BOUNDSCHECK", "unset")
    return f"kernel fuzz: FUZZ_SEED={SEED} (set it to draw other boards), NUMBA_BOUNDSCHECK={bounds}"


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
