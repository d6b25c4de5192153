"""A damaged kernel cache heals: real cache files a solve loads, truncated, overwritten with random
bytes, given another version's header or one flipped byte deep in the machine code (which LLVM
would abort on), are removed and compiled again with one note, and every family still answers
right; the run after that is quiet.

Each family's solve runs as the command line, in a copy of the suite's kernel folder: until a run
compiles nothing, to learn which files it loads (numba's NUMBA_DEBUG_CACHE lines) and its answer,
then once with a few of those files damaged, once more healed. Recompiling the damaged kernels
takes a while, so this lives in the fuzz target.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numba.core.config
import pytest

from puzzle_explorer.core.kernels import cache_files
from tests.cli.commands import ROOT
from tests.core.kernels.test_cache_files import DAMAGE, garble
from tests.fuzz.conftest import SHARE

pytestmark = pytest.mark.processes

SOLVES = {
    "klotski": ["--board", "AB./.../...", "--target", "A", "--goal", "2,3", "--algo", "bfs"],
    "cube8": ["--preset", "cap-thirty", "--algo", "bibfs"],
    "die": ["--preset", "blocked-6x6"],
    "knights": ["--size", "5x5", "--count", "--workers", "1"],
    "link": ["--preset", "walled-13x11", "--clear"],
    "tiles": ["--board", "1 2 3/4 5 6/7 . 8", "--algo", "idastar", "--heuristic", "manhattan"],
}


def solve(family: str, cache: Path, debug: bool = False) -> tuple[dict, str, list[Path], bool]:
    """The solve's answer, its stderr, the cache files it loaded and whether it saved any (with debug:
    numba's NUMBA_DEBUG_CACHE lines)."""
    env = {**os.environ, "PUZZLE_EXPLORER_CACHE": str(cache)}
    env.pop("NUMBA_CACHE_DIR", None)
    if debug:
        env["NUMBA_DEBUG_CACHE"] = "1"
    done = subprocess.run([sys.executable, "-m", "puzzle_explorer", "solve", family, *SOLVES[family], "--json"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    lines = done.stdout.splitlines()
    loaded = [Path(line.split(" from ")[1].strip("'")) for line in lines if line.startswith("[cache] data loaded")]
    answer = json.loads(next(line for line in lines if line.startswith("{")))
    saved = any(line.startswith("[cache] data saved") for line in lines)
    return {k: answer[k] for k in ("status", "length", "moves")}, done.stderr, loaded, saved


@pytest.mark.parametrize("family", sorted(SOLVES))
def test_a_damaged_cache_heals_and_every_family_answers_right(tmp_path, family):
    kernels = Path(numba.core.config.CACHE_DIR)  # this suite's folder: the subprocess looks for its name
    shutil.copytree(kernels, tmp_path / kernels.name, ignore=shutil.ignore_patterns("*.lock"))
    # Until a run compiles nothing: a run that compiles a kernel may load another only to compile it
    # in (a helper the suite compiled for another family: hashset.is_full), which the next run, with
    # that kernel saved, never reads, and damage there would go unseen.
    right, _, loaded, saved = solve(family, tmp_path, debug=True)
    for _ in range(2):
        if saved:
            right, _, loaded, saved = solve(family, tmp_path, debug=True)
    assert not saved, "the solve still compiled kernels on its third run"
    assert loaded, "the solve loaded no kernel from the cache"
    # The smallest files: each damaged kernel compiles again, and small machine code compiles fast.
    # A share of the fuzz below 1 (CI's) damages one file a family, the kinds of damage taking
    # turns over the families: every kind still meets a real kernel (and test_cache_files.py
    # damages one every way in the suite).
    smallest = sorted(loaded, key=lambda p: p.stat().st_size)
    turn = sorted(SOLVES).index(family)
    kinds = DAMAGE if SHARE >= 1 else [DAMAGE[turn % len(DAMAGE)]]
    for path, kind in zip(smallest, kinds):
        garble(path, kind)
    first = smallest[0]  # and an index: kernel.py311.3.nbc is listed in kernel.py311.nbi
    garble(first.with_name(first.name.rsplit(".", 2)[0] + ".nbi"), "random")
    again, err, _, _ = solve(family, tmp_path)
    assert again == right
    assert err.count(cache_files.NOTE) == 1, err
    healed, err, _, _ = solve(family, tmp_path)
    assert healed == right
    assert cache_files.NOTE not in err, err
