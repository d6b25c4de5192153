"""xdist groups of the knights tests (kept out of reference.py: a change there, a kernel module of
the tests, would change the suite's kernel folder)."""
import pytest

# The tests that count 6x5's open tours from the corner by brute force (seconds) run on one xdist
# worker, where reference.py's cache then counts them once for all of them.
SIX_BY_FIVE_FROM_THE_CORNER = pytest.mark.xdist_group("knights-6x5-brute-force")
