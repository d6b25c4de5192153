"""One distance table for the whole test run, built through the command line into a
temporary cache directory (never the user's)."""
import contextlib
import fcntl
import io
import os

import pytest

from puzzle_explorer.puzzles.cube8 import table as T
from tests.kernel_cache import use_cache

BUILT: dict = {}  # what the build command printed


@pytest.fixture(scope="session")
def table_dir(tmp_path_factory):
    """Built once for the run: the xdist workers share the run's temporary folder, and the first to
    take the lock builds the table there (through the command line, saving what it printed) while
    the others wait for it; a second conftest that imports this fixture finds it built as well."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the run's folder, above each worker's own
    folder = root / "cube8-cache"
    said = root / "cube8-build-output.txt"
    with open(root / "cube8-cache.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not said.exists():
            folder.mkdir(exist_ok=True)
            mp = pytest.MonkeyPatch()
            mp.setenv("PUZZLE_EXPLORER_CACHE", str(folder))
            try:
                from puzzle_explorer.cli.main import main
                printed = io.StringIO()
                with contextlib.redirect_stdout(printed):
                    assert main(["solve", "cube8", "--build-table"]) == 0
            finally:
                mp.undo()
            said.write_text(printed.getvalue())
    BUILT["output"] = said.read_text()
    assert (folder / T.FILE_NAME).stat().st_size == T.SIZE
    return folder


@pytest.fixture
def with_table(table_dir, monkeypatch):
    """The cache directory holds a built table."""
    return use_cache(monkeypatch, table_dir)
