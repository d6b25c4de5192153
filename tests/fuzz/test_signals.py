"""Ctrl-C or SIGTERM at a random moment of a real command, in every family and every phase: compiling
from an empty cache, estimating, listing goals, building and loading tables, cutting, searching with
workers, printing. Whatever the moment, the command ends as promised: exit 130 or 143 (0 if it had
finished; or, during the interpreter's own last moments, its death by the signal, which a shell
reports as 130 or 143 too), standard output empty or one whole JSON document, at most one line on standard error,
and no worker process left behind.

Each case draws its moment and its signal from random.Random(FUZZ_SEED + its index) and prints
them, so a failure can be run again as it was. The moment falls anywhere in the case's span, about
as long as the command runs here (from EARLIEST_S: a signal before it may find the interpreter
itself still starting, before any of the program's code can take it); --timeout ends the longer
ones within it, so the whole target takes about a minute.
"""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field

import psutil
import pytest

from tests.cli.commands import ROOT
from tests.cli.signals.process import interpreter_starting
from tests.fuzz.conftest import SEED
from tests.kernel_cache import with_kernels

pytestmark = [pytest.mark.processes, pytest.mark.realtime]

EARLIEST_S = 0.3  # before this the interpreter itself may still be starting (runpy): no program's code runs yet
EXIT_S = 60  # from the signal to the exit, at most (a compile the signal abandons may finish its kernel first)
GONE_S = 5  # for the workers to be gone after the command exits


@dataclass(frozen=True)
class Case:
    id: str
    args: list[str]
    span_s: float  # the moments drawn: EARLIEST_S to this many seconds after the start
    cache: str = "kernels"  # "kernels": the suite's compiled kernels, no tables; "empty": nothing at all
    table: bool = False  # the case reads the klotski table the fixture saves
    env: dict[str, str] = field(default_factory=dict)


TABLE_ARGS = ["solve", "klotski", "--preset", "hengdao-lima", "--moves", "unit"]
CASES = [
    Case("compiling from an empty cache", ["solve", "klotski", "--preset", "hengdao-lima", "--json"], 6.0,
         cache="empty"),
    Case("klotski goal listing and bibfs", ["solve", "klotski", "--preset", "hengdao-lima", "--algo", "bibfs",
                                            "--json"], 5.0),
    Case("klotski census from the goal, table kept", [*TABLE_ARGS, "--census", "--from-goal", "--save-table",
                                                      "{tmp}/kept.tbl", "--json"], 5.0),
    Case("klotski answer from a table", [*TABLE_ARGS, "--table", "{table}", "--json"], 4.0, table=True),
    Case("knights estimate, cut, count on workers", ["solve", "knights", "--size", "6x6", "--count", "--workers",
                                                     "2", "--timeout", "4", "--json"], 7.0),
    Case("die estimate, cut, every tour on workers", ["solve", "die", "--preset", "classic-8x8", "--all",
                                                      "--workers", "2", "--timeout", "4", "--json"], 7.0),
    Case("link sample estimate and clearing", ["solve", "link", "--preset", "shisen-18x8", "--clear", "--timeout",
                                               "4", "--json"], 7.0),
    Case("tiles pattern databases built in the solve", ["solve", "tiles", "--preset", "hardest-8a", "--algo",
                                                        "idastar", "--heuristic", "pdb", "--json"], 5.0),
    Case("cube8 distance table built in the solve", ["solve", "cube8", "--preset", "cap-thirty", "--algo", "table",
                                                     "--timeout", "6", "--json"], 8.0),
]


@pytest.fixture(scope="module")
def saved_table(tmp_path_factory):
    """A klotski table from the goal, saved by the command line."""
    path = tmp_path_factory.mktemp("table") / "hdlm.tbl"
    done = subprocess.run([sys.executable, "-m", "puzzle_explorer", *TABLE_ARGS, "--census", "--from-goal",
                           "--save-table", str(path), "--json"], cwd=ROOT, capture_output=True, text=True,
                          timeout=900)
    assert done.returncode == 0 and path.exists(), done.stderr
    return path


@dataclass
class Ended:
    code: int
    out: str
    err: str
    workers: list[psutil.Process]  # every process the command started, seen while it ran


def signalled(args: list[str], env: dict[str, str], signum: int, after_s: float) -> Ended:
    """Run the command in a session of its own and send signum after_s seconds after its start: SIGINT
    to the whole group, as a terminal's Ctrl-C goes, SIGTERM to the command alone, as `kill` sends it."""
    proc = subprocess.Popen([sys.executable, "-m", "puzzle_explorer", *args], cwd=ROOT, env=env,
                            start_new_session=True, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    seen: dict[int, psutil.Process] = {}
    me = psutil.Process(proc.pid)

    def look() -> None:
        try:
            for child in me.children(recursive=True):
                seen.setdefault(child.pid, child)
        except psutil.Error:
            pass

    sent = time.monotonic() + after_s
    try:
        while proc.poll() is None and time.monotonic() < sent:
            look()
            time.sleep(0.02)
        if proc.poll() is None:
            look()
            if signum == signal.SIGINT:
                os.killpg(proc.pid, signal.SIGINT)
            else:
                proc.send_signal(signum)
        out, err = proc.communicate(timeout=EXIT_S)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    return Ended(proc.returncode, out.decode(errors="replace"), err.decode(errors="replace"), list(seen.values()))


def alive(p: psutil.Process) -> bool:
    try:
        return p.is_running() and p.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


@pytest.mark.parametrize("index", range(len(CASES)), ids=[c.id for c in CASES])
def test_a_signal_at_a_random_moment_ends_the_command_as_promised(index, tmp_path, request):
    case = CASES[index]
    rng = random.Random(SEED + index)
    signum = rng.choice([signal.SIGINT, signal.SIGTERM])
    after_s = round(rng.uniform(EARLIEST_S, case.span_s), 3)
    table = str(request.getfixturevalue("saved_table")) if case.table else ""
    args = [a.format(tmp=tmp_path, table=table) for a in case.args]
    cache = tmp_path / "cache"
    env = {**os.environ, **case.env,
           "PUZZLE_EXPLORER_CACHE": str(with_kernels(cache) if case.cache == "kernels" else cache)}
    print(f"FUZZ_SEED={SEED} {case.id}: {signal.Signals(signum).name} after {after_s} s")
    ended = signalled(args, env, signum, after_s)
    while interpreter_starting(ended.err) and after_s < case.span_s:  # before the program: a moment later
        after_s += 0.5
        ended = signalled(args, env, signum, after_s)
    print(f"  exit {ended.code}, {len(ended.out)} characters out, {len(ended.workers)} processes started, "
          f"stderr {ended.err[-160:]!r}")
    said = f"{case.id}, {signal.Signals(signum).name} after {after_s} s (FUZZ_SEED={SEED}): {ended}"
    # -signum: the signal came while the interpreter was finalizing, once the command was done and its
    # output whole; Python has given the signals back to the system by then, and a shell reports that
    # death as 128 + signum all the same
    assert ended.code in (0, 128 + signum, -signum), said
    assert "Traceback" not in ended.err, said
    assert ended.err.count("\n") <= 1, said
    if ended.out:
        assert ended.out.endswith("\n") and ended.out.count("\n") == 1, said
        json.loads(ended.out)
    gone = time.monotonic() + GONE_S
    left = [p for p in ended.workers if alive(p)]
    while left and time.monotonic() < gone:
        time.sleep(0.1)
        left = [p for p in left if alive(p)]
    for p in left:
        p.kill()
    assert not left, f"{said}: left behind {[p.pid for p in left]}"
