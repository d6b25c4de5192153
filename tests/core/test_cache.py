"""Where compiled kernels are cached: one folder per source version and bounds-check setting."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from core import cache

ROOT = Path(__file__).resolve().parents[2]


def test_the_suite_compiles_into_the_folder_named_after_the_sources():
    # pytest loads numba before the test packages (to read its warning filters); the folder must hold anyway
    import numba.core.config

    expected = cache.cache_base() / cache.folder_name(cache.source_digest(ROOT), cache.bounds_checked())
    assert numba.core.config.CACHE_DIR == str(expected)
    assert os.environ["NUMBA_CACHE_DIR"] == str(expected)


@pytest.mark.parametrize("value,checked", [("1", True), ("2", True), ("0", False), ("", False), ("yes", False)])
def test_bounds_check_setting(monkeypatch, value, checked):
    monkeypatch.setenv("NUMBA_BOUNDSCHECK", value)
    assert cache.bounds_checked() is checked


def test_checked_builds_never_share_a_folder():
    assert cache.folder_name("abc", True) != cache.folder_name("abc", False)
    assert cache.folder_name("abc", True).startswith("numba-abc")


@pytest.mark.parametrize("checked", [False, True])
def test_numba_loaded_first_still_gets_the_folder(tmp_path, checked):
    env = {**os.environ, "PUZZLE_EXPLORER_CACHE": str(tmp_path), "NUMBA_BOUNDSCHECK": "1" if checked else "0"}
    env.pop("NUMBA_CACHE_DIR", None)
    code = "import numba.core.config as c; import core; print(c.CACHE_DIR); print(c.BOUNDSCHECK)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                         check=True).stdout.split()
    digest = cache.source_digest(ROOT)
    assert out[0] == str(tmp_path / cache.folder_name(digest, checked))
    assert out[1] == ("1" if checked else "0")
