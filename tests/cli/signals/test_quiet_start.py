"""Ctrl-C at any moment of a command's start, imports included, in the command and in the workers
it is starting: exit 130 and at most one line on stderr, never a traceback.

A terminal's Ctrl-C goes to the whole process group, so the command runs in a group of its own and
the signal goes to the group, as a terminal sends it."""
import os
import signal
import subprocess
import sys
import time

import psutil
import pytest

from tests.cli.commands import ROOT

pytestmark = [pytest.mark.processes, pytest.mark.realtime]

COUNT = ["solve", "knights", "--size", "6x6", "--count", "--workers", "2", "--json"]


def ctrl_c(args: list[str], when) -> subprocess.CompletedProcess:
    """Run `puzzle-explorer ARGS` in a process group of its own; Ctrl-C the group once when(proc) says."""
    proc = subprocess.Popen([sys.executable, "-m", "puzzle_explorer", *args], cwd=ROOT, start_new_session=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 300
        while not when(proc) and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.005)
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    return subprocess.CompletedProcess(proc.args, proc.returncode, out.decode(), err.decode())


def after(seconds):
    started = time.monotonic()
    return lambda proc: time.monotonic() - started >= seconds


def workers_starting(proc) -> bool:
    """The command has begun starting its worker processes (they are still importing)."""
    try:
        return any("multiprocessing" in " ".join(c.cmdline()) for c in psutil.Process(proc.pid).children(True))
    except psutil.Error:
        return False


@pytest.mark.parametrize("when", [after(0.05), after(0.25), after(0.6), workers_starting],
                         ids=["0.05s", "0.25s", "0.6s", "workers-starting"])
def test_ctrl_c_while_starting_is_quiet(when):
    done = ctrl_c(COUNT, when)
    assert done.returncode in (130, -signal.SIGINT), done.stderr
    assert "Traceback" not in done.stderr and done.stderr.count("\n") <= 1, done.stderr


def test_only_the_program_itself_leaves_quietly_on_an_early_ctrl_c():
    """`python -m pytest` (or any program importing the command line) keeps its own Ctrl-C: only the
    command, or `python -m puzzle_explorer`, is ended quietly before main() takes the signals."""
    from puzzle_explorer.cli.main import started_as_the_program

    assert started_as_the_program("/usr/local/bin/puzzle-explorer")
    assert started_as_the_program("/src/puzzle_explorer/__main__.py")
    assert not started_as_the_program("/venv/lib/python3.11/site-packages/pytest/__main__.py")
    assert not started_as_the_program("/venv/bin/pytest")
