"""The cube8 distance table for the races that use its table solver (built once a session)."""
from tests.puzzles.cube8.conftest import table_dir, with_table  # noqa: F401  (fixtures)
