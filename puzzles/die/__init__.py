"""Rolling-die tours: roll a die with a marked face over every open cell once, start to goal.

The family object loads on first use (`puzzles.die.FAMILY`), so a worker process that
runs one of the family's kernels imports only the modules that kernel needs.
"""


def __getattr__(name: str):
    if name == "FAMILY":
        from puzzles.die.family import FAMILY
        return FAMILY
    raise AttributeError(f"module 'puzzles.die' has no attribute {name!r}")
