"""How a search ended, as users read it: its status and the limit that ended it. Kernels return
the plain codes of core/kernels/codes.py (here too, for the Python code that reads them);
core/run/search.py's kernel_status turns a code into a status."""
from enum import Enum


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
