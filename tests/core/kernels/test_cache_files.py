"""numba's kernel cache files, checked before they are read and saved in turn: a damaged file is
removed and its kernel compiled again (one note), never a traceback or an LLVM abort."""
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numba
import pytest

from puzzle_explorer.core.kernels import cache_files

ROOT = Path(__file__).resolve().parents[3]


def garble(path: Path, how: str) -> None:
    """Damage a cache file as a full disk, a killed process or a copy from elsewhere would."""
    raw = path.read_bytes()
    if how == "truncated":
        path.write_bytes(raw[: len(raw) // 2])
    elif how == "random":
        path.write_bytes(os.urandom(len(raw)))
    elif how == "wrong version":
        path.write_bytes(raw.replace(cache_files.HEADER, b"puzzle-explorer kernel cache 1, numba 0.1.0\n", 1))
    elif how == "flipped byte":  # deep in the machine code: it still unpickles, and LLVM would abort on it
        i = len(raw) * 3 // 4
        path.write_bytes(raw[:i] + bytes([raw[i] ^ 0xFF]) + raw[i + 1:])
    elif how == "plain numba":  # numba's own format, as an earlier version of the program wrote it
        path.write_bytes(cache_files.unseal(raw))
    else:
        raise ValueError(how)


DAMAGE = ["truncated", "random", "wrong version", "flipped byte", "plain numba"]


@pytest.fixture
def files(tmp_path, monkeypatch):
    monkeypatch.setattr(cache_files, "_noted", False)
    return cache_files.CheckedCacheFile(str(tmp_path), "kernel-1.py311", ("stamp", 1))


def test_what_is_saved_loads_back(files):
    files.save(("sig", 1), {"code": b"\x7fELF" * 100})
    files.save(("sig", 2), [1, 2, 3])
    assert files.load(("sig", 1)) == {"code": b"\x7fELF" * 100}
    assert files.load(("sig", 2)) == [1, 2, 3]
    assert files.load(("sig", 3)) is None


@pytest.mark.parametrize("how", DAMAGE)
def test_a_damaged_data_file_is_removed_with_one_note(files, tmp_path, capsys, how):
    files.save(("sig", 1), {"code": b"\x7fELF" * 100})
    files.save(("sig", 2), "other")
    data = tmp_path / "kernel-1.py311.1.nbc"
    garble(data, how)
    assert files.load(("sig", 1)) is None
    assert files.load(("sig", 1)) is None  # still one note
    assert not data.exists()
    assert capsys.readouterr().err == cache_files.NOTE
    assert files.load(("sig", 2)) == "other"  # the rest of the kernel's cache stays
    files.save(("sig", 1), "compiled again")
    assert files.load(("sig", 1)) == "compiled again"


@pytest.mark.parametrize("how", DAMAGE)
def test_a_damaged_index_is_removed_with_one_note(files, tmp_path, capsys, how):
    files.save(("sig", 1), "code")
    index = tmp_path / "kernel-1.py311.nbi"
    garble(index, how)
    assert files.load(("sig", 1)) is None
    assert not index.exists()
    assert capsys.readouterr().err == cache_files.NOTE
    files.save(("sig", 1), "compiled again")
    assert files.load(("sig", 1)) == "compiled again"


def test_an_edited_source_recompiles_quietly(files, tmp_path, capsys):
    files.save(("sig", 1), "code")
    edited = cache_files.CheckedCacheFile(str(tmp_path), "kernel-1.py311", ("stamp", 2))
    assert edited.load(("sig", 1)) is None
    assert capsys.readouterr().err == ""


SAVER = """
import sys
from puzzle_explorer.core.kernels import cache_files
files = cache_files.CheckedCacheFile(sys.argv[1], "kernel-1.py311", "stamp")
for i in range(60):
    files.save((sys.argv[2], i), (sys.argv[2], i))
"""


@pytest.mark.processes
def test_two_processes_saving_one_kernels_signatures_at_once_lose_none(tmp_path):
    # numba numbers a new signature's data file from the index it has just read: without the
    # lock, the two would overwrite each other's index entries and data files
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    procs = [subprocess.Popen([sys.executable, "-c", SAVER, str(tmp_path), tag], env=env) for tag in "ab"]
    assert [p.wait(timeout=120) for p in procs] == [0, 0]
    files = cache_files.CheckedCacheFile(str(tmp_path), "kernel-1.py311", "stamp")
    for tag in "ab":
        for i in range(60):
            assert files.load((tag, i)) == (tag, i)


KERNELS = """
from puzzle_explorer.core.kernels.jit import kernel

@kernel
def triple(n):
    return 3 * n

@kernel
def square(n):
    return n * n

@kernel
def halve(x):
    return x / 2

@kernel
def negate(n):
    return -n
"""
RUN = "import puzzle_explorer.core, tiny; print(tiny.triple(3), tiny.square(4), tiny.halve(5.0), tiny.negate(6))"


@pytest.mark.processes
def test_real_kernels_with_damaged_cache_files_compile_again_once(tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "tiny.py").write_text(textwrap.dedent(KERNELS))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(tmp_path / "src")]),
           "PUZZLE_EXPLORER_CACHE": str(tmp_path / "cache")}
    env.pop("NUMBA_CACHE_DIR", None)
    env.pop("PUZZLE_EXPLORER_TEST_KERNELS", None)

    def run():
        done = subprocess.run([sys.executable, "-c", RUN], env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        assert done.stdout.split() == ["9", "16", "2.5", "-6"]
        return done.stderr

    assert run() == ""
    found = {p.name.split(".")[1].split("-")[0] + p.suffix: p for p in (tmp_path / "cache").rglob("tiny.*")}
    assert len(found) == 8, found  # an index and a data file each
    garble(found["triple.nbc"], "truncated")
    garble(found["square.nbc"], "random")
    garble(found["halve.nbc"], "flipped byte")
    garble(found["negate.nbi"], "wrong version")
    assert run() == cache_files.NOTE
    assert run() == ""  # healed


def _never_compiled(n):
    return n + 1


def test_a_kernels_cache_is_opened_when_first_used_not_when_defined():
    from numba import njit

    from puzzle_explorer.core.kernels import jit  # noqa: F401  (installs the cache files)

    dispatcher = njit(cache=True)(_never_compiled)
    assert isinstance(dispatcher._cache, cache_files.OpenedOnFirstUse)
    assert dispatcher._cache._cache is None  # nothing checked nor created in the folder yet
    assert dispatcher._cache.cache_path.startswith(numba.core.config.CACHE_DIR)  # numba's own, on first use
    assert dispatcher._cache._cache is not None
