"""xdist groups of the knights tests (kept out of reference.py: a change there, a kernel module of
the tests, would change the suite's kernel folder)."""
import pytest

# The tests that count 6x5's open tours from the corner by brute force (seconds) run on one xdist
# worker, where reference.py's cache then counts them once for all of them.
SIX_BY_FIVE_FROM_THE_CORNER = pytest.mark.xdist_group("knights-6x5-brute-force")

# The tests that ask the brute force about every square of 5x5 (about 2 s for open and closed
# together, where no closed tour exists and every path is tried) run on one xdist worker too.
FIVE_BY_FIVE_EVERY_SQUARE = pytest.mark.xdist_group("knights-5x5-brute-force")
