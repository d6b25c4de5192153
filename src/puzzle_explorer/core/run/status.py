"""How a search ended: the codes kernels return and the statuses users see."""
from enum import Enum

# Return codes of every kernel (plain ints so kernels can return them).
FOUND = 0      # reached a goal (or finished a census / count normally)
EXHAUSTED = 1  # explored everything reachable: no goal exists
STOPPED = 2    # the stop flag was raised (cancel or timeout; the runner knows which)
CAP = 3        # the state cap was reached
MEMORY = 4     # going on would pass the memory budget


class Status(str, Enum):
    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    CANCELLED = "cancelled"
    LIMIT = "limit"


class Limit(str, Enum):
    """Which limit ended a search with status `limit`."""

    STATES = "states"
    MEMORY = "memory"
    TIME = "time"
    DEPTH = "depth"


LIMIT_TEXT = {
    Limit.STATES: "the state cap was reached",
    Limit.MEMORY: "the memory budget was reached",
    Limit.TIME: "the time limit was reached",
    Limit.DEPTH: "the depth limit was reached",
}
