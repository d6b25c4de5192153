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
from tests.cli.signals.process import interpreter_starting

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
    for attempt in range(1, 4):  # the interpreter was still starting, before the program: a moment later
        if not interpreter_starting(done.stderr):
            break
        done = ctrl_c(COUNT, after(0.5 * attempt))
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


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_stop_once_the_command_is_done_leaves_at_once_with_its_output_whole(signum):
    """Between main()'s end and the interpreter's (atexit handlers, finalizing), a stop signal ends
    the process with 128 + the signal and what it wrote, never a traceback nor a death by the signal."""
    code = ("import os, signal, sys, time; from puzzle_explorer.core.run import interrupts; "
            "interrupts.leave_quietly_on_stop(); sys.stdout.write('answer'); "
            f"os.kill(os.getpid(), {int(signum)}); time.sleep(30)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (128 + signum, "answer", "")


def test_a_stop_turned_into_an_import_error_is_the_stop_all_same(capsys, monkeypatch):
    """A KeyboardInterrupt raised inside the import of a compiled module comes out as an error of that
    module's (numpy: 'PyCapsule_Import could not import module "datetime"'): once a stop signal has
    arrived, that is the stop, in one line."""
    from puzzle_explorer.cli import main as cli_main

    def importing(argv):
        try:
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(5)
        except KeyboardInterrupt:
            raise ImportError('PyCapsule_Import could not import module "datetime"') from None
        return 0

    monkeypatch.setattr(cli_main, "command", importing)
    assert cli_main.main(["solve", "klotski"]) == 143
    assert capsys.readouterr().err == "interrupted\n"


def test_a_stop_caught_in_code_made_from_a_string_still_exits_128_plus_the_signal(tmp_path):
    """CPython marks a KeyboardInterrupt raised inside code made from a string (exec, eval: defining a
    dataclass or a namedtuple, as imports do) unhandled for the whole process, even once the program has
    caught it, and `python -m` then ends the process by SIGINT whatever status main() returned. The
    command caught the stop and said so; it must still exit 143, not die of SIGINT."""
    (tmp_path / "sitecustomize.py").write_text(
        "from puzzle_explorer.cli import main\n"
        "def command(argv):\n"
        "    exec('import os, signal\\nos.kill(os.getpid(), signal.SIGTERM)\\nfor _ in range(10**8): pass')\n"
        "    return 0\n"
        "main.command = command\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, "-m", "puzzle_explorer", "solve", "klotski"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout, done.stderr) == (143, "", "interrupted\n")
