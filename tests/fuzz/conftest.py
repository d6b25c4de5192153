"""The kernel fuzz target: every solver of every family on random small boards, against plain references.

Collected only with --fuzz; `make fuzz` runs it with NUMBA_BOUNDSCHECK=1, so an
index that leaves its array raises instead of corrupting memory. Each family
module draws its boards from random.Random(SEED + its own offset): the same
seed gives the same boards, and a failure names the seed and the board.
"""
import os

SEED = int(os.environ.get("FUZZ_SEED", "1106"))


def pytest_report_header(config):
    bounds = os.environ.get("NUMBA_BOUNDSCHECK", "unset")
    return f"kernel fuzz: FUZZ_SEED={SEED} (set it to draw other boards), NUMBA_BOUNDSCHECK={bounds}"
