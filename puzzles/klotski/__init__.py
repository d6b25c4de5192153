"""Sliding-block puzzles: Huarong Dao (华容道) and any rectangular pieces on boards up to 8x8.

The family object loads on first use (`puzzles.klotski.FAMILY`), so a worker process that
runs one of the family's kernels imports only the modules that kernel needs.
"""


def __getattr__(name: str):
    if name == "FAMILY":
        from puzzles.klotski.family import FAMILY
        return FAMILY
    raise AttributeError(f"module 'puzzles.klotski' has no attribute {name!r}")
