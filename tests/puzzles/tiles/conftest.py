"""Pattern databases for the tests go into a temporary cache folder, and the app's files into the
test's own: never the user's."""
import pytest

from tests.kernel_cache import use_cache, with_kernels
from tests.tui.conftest import user_dirs  # noqa: F401  (autouse: the app's boards and recovery copies go to the test's folder)


@pytest.fixture(scope="session")
def pdb_dir(tmp_path_factory):
    return with_kernels(tmp_path_factory.mktemp("tiles-cache"))  # worker processes load the kernels


@pytest.fixture
def pdb_cache(pdb_dir, monkeypatch):
    """A cache folder shared by the session (small databases are built there once)."""
    return use_cache(monkeypatch, pdb_dir)

