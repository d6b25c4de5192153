"""Link puzzles (连连看 Lianliankan, Shisen-Sho): fewest-segment paths and clearing whole boards.

The family object loads on first use (`puzzles.link.FAMILY`), so a worker process that
runs one of the family's kernels imports only the modules that kernel needs.
"""


def __getattr__(name: str):
    if name == "FAMILY":
        from puzzles.link.family import FAMILY
        return FAMILY
    raise AttributeError(f"module 'puzzles.link' has no attribute {name!r}")
