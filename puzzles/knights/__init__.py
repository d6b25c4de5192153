"""Knight's tours on any board up to 1000x1000: open or closed, from any square, around blocked squares.

The family object loads on first use (`puzzles.knights.FAMILY`), so a worker process that
runs one of the family's kernels imports only the modules that kernel needs.
"""


def __getattr__(name: str):
    if name == "FAMILY":
        from puzzles.knights.family import FAMILY
        return FAMILY
    raise AttributeError(f"module 'puzzles.knights' has no attribute {name!r}")
