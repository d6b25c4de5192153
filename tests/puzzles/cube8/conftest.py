"""One distance table for the whole test session, built through the command line into a
temporary cache directory (never the user's)."""
import contextlib
import io

import pytest

from puzzle_explorer.puzzles.cube8 import table as T
from tests.kernel_cache import use_cache

BUILT: dict = {}  # what the build command printed


@pytest.fixture(scope="session")
def table_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cube8-cache")
    mp = pytest.MonkeyPatch()
    mp.setenv("PUZZLE_EXPLORER_CACHE", str(folder))
    try:
        from puzzle_explorer.cli.main import main
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            assert main(["solve", "cube8", "--build-table"]) == 0
        BUILT["output"] = printed.getvalue()
    finally:
        mp.undo()
    assert (folder / T.FILE_NAME).stat().st_size == T.SIZE
    return folder


@pytest.fixture
def with_table(table_dir, monkeypatch):
    """The cache directory holds a built table."""
    return use_cache(monkeypatch, table_dir)
