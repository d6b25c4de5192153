"""Where compiled kernels are cached: one folder per source version, for the app, the test
suite (whose test puzzles the app cannot import) and bounds-checked builds apart."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from puzzle_explorer.core.run import cache

ROOT = Path(__file__).resolve().parents[3]


def test_the_suite_compiles_into_its_own_folder_named_after_the_sources():
    # pytest loads numba before the test packages (to read its warning filters); the folder must hold anyway
    import numba.core.config

    assert cache.test_kernels()
    expected = cache.cache_base() / cache.folder_name(cache.source_digest(ROOT / "src" / "puzzle_explorer", True), cache.bounds_checked(), True)
    # the run's own cache folder links to the kernels of the user's (tests/conftest.py)
    assert Path(numba.core.config.CACHE_DIR).resolve() == expected.resolve()
    assert Path(os.environ["NUMBA_CACHE_DIR"]).resolve() == expected.resolve()


@pytest.mark.parametrize("value,checked", [("1", True), ("2", True), ("0", False), ("", False), ("yes", False)])
def test_bounds_check_setting(monkeypatch, value, checked):
    monkeypatch.setenv("NUMBA_BOUNDSCHECK", value)
    assert cache.bounds_checked() is checked


def test_folders_never_shared():
    names = {cache.folder_name("abc", checked, tests) for checked in (False, True) for tests in (False, True)}
    assert len(names) == 4 and all(n.startswith("numba-abc") for n in names)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG folders are Linux's")
def test_the_cache_is_the_users_cache_folder_unless_one_is_named(monkeypatch, tmp_path):
    monkeypatch.delenv("PUZZLE_EXPLORER_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.cache_base() == tmp_path / "xdg" / "puzzle-explorer"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache.cache_base() == tmp_path / "home" / ".cache" / "puzzle-explorer"
    monkeypatch.setenv("PUZZLE_EXPLORER_CACHE", str(tmp_path / "mine"))
    assert cache.cache_base() == tmp_path / "mine"


def test_test_kernels_count_only_for_the_suite():
    assert cache.source_digest(ROOT / "src" / "puzzle_explorer", True) != cache.source_digest(ROOT / "src" / "puzzle_explorer", False)  # tests/core has test puzzles


def folder_in_a_fresh_process(tmp_path, checked, tests, numba_first):
    env = {**os.environ, "PUZZLE_EXPLORER_CACHE": str(tmp_path), "NUMBA_BOUNDSCHECK": "1" if checked else "0"}
    env.pop("NUMBA_CACHE_DIR", None)
    env.pop(cache.TEST_KERNELS_ENV, None)
    if tests:
        env[cache.TEST_KERNELS_ENV] = "1"
    code = ("import numba.core.config as c; " if numba_first else "") + \
        "import puzzle_explorer.core; import numba.core.config as c; print(c.CACHE_DIR); print(c.BOUNDSCHECK)"
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          check=True).stdout.split()


@pytest.mark.processes
@pytest.mark.parametrize("checked", [False, True])
@pytest.mark.parametrize("tests", [False, True])
def test_each_process_finds_its_folder(tmp_path, checked, tests):
    out = folder_in_a_fresh_process(tmp_path, checked, tests, numba_first=tests)
    assert out[0] == str(tmp_path / cache.folder_name(cache.source_digest(ROOT / "src" / "puzzle_explorer", tests), checked, tests))
    assert out[1] == ("1" if checked else "0")


def package(tmp_path, files: dict[str, str]) -> Path:
    root = tmp_path / "puzzle_explorer"
    for name, text in {"__init__.py": "", "core/__init__.py": "", "puzzles/__init__.py": "", **files}.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def test_the_folder_changes_with_what_reaches_machine_code_and_only_with_it(tmp_path):
    root = package(tmp_path, {
        "core/kernels/__init__.py": "",
        "core/kernels/codes.py": "FOUND = 0\n",
        "core/kernels/search.py": "from puzzle_explorer.core.kernels.jit import kernel\n"
                                  "from puzzle_explorer.core.kernels.codes import (  # a list over lines\n"
                                  "    FOUND,\n)\nimport puzzle_explorer.puzzles.toy.limits as L\n\n"
                                  "@kernel\ndef search(x):\n    return FOUND + L.MOST\n",
        "core/kernels/jit.py": "def kernel(fn):\n    return fn\n",
        "puzzles/toy/__init__.py": "",
        "puzzles/toy/limits.py": "MOST = 3\n",
        "puzzles/toy/solve.py": "from puzzle_explorer.core.kernels.search import search\n\nTEXT = 'solved'\n",
        "puzzles/toy/cli.py": "HELP = 'toy'\n",
    })
    names = {str(p.relative_to(root)) for p in cache.kernel_sources(root)}
    assert names == {"__init__.py", "core/__init__.py", "core/kernels/__init__.py", "core/kernels/search.py",
                     "core/kernels/codes.py", "core/kernels/jit.py", "puzzles/__init__.py", "puzzles/toy/__init__.py",
                     "puzzles/toy/limits.py"}
    before = cache.source_digest(root)
    for name, text in (("puzzles/toy/solve.py", "TEXT = 'done'\n"), ("puzzles/toy/cli.py", "HELP = 'a toy'\n")):
        (root / name).write_text(text)
        assert cache.source_digest(root) == before, name  # the Python around the kernels: the same machine code
    for name, text in (("core/kernels/codes.py", "FOUND = 1\n"), ("puzzles/toy/limits.py", "MOST = 4\n"),
                       ("core/kernels/search.py", "# a comment\n" + (root / "core/kernels/search.py").read_text())):
        (root / name).write_text(text)
        after = cache.source_digest(root)
        assert after != before, name  # a constant a kernel reads, or the kernel itself: compiled again
        before = after


def test_every_kernel_module_of_the_package_and_what_it_imports_count():
    root = ROOT / "src" / "puzzle_explorer"
    names = {str(p.relative_to(root)) for p in cache.kernel_sources(root)}
    for kernels in (root / "puzzles").glob("*/kernels"):
        assert {str(p.relative_to(root)) for p in kernels.glob("*.py") if p.name != "__init__.py"} <= names
    assert {"core/kernels/census.py", "core/kernels/codes.py", "core/kernels/counters.py", "core/kernels/jit.py"} <= names
    assert not {"puzzles/tiles/solve.py", "puzzles/klotski/cli.py", "core/scale/partitioned.py"} & names
