"""The program ends as soon as its command is done, the exit hooks run and its output whole."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The program itself (its __main__ as argv[0]), with an exit hook of its own.
PROBE = """
import atexit, os, sys
import puzzle_explorer
sys.argv[0] = os.path.join(os.path.dirname(puzzle_explorer.__file__), "__main__.py")
atexit.register(lambda: sys.stdout.write("exit hooks ran\\n"))
from puzzle_explorer.cli.main import main
sys.exit(main(sys.argv[1:]))
"""


def program(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", PROBE, *argv], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, env=os.environ)


def test_a_finished_command_runs_the_exit_hooks_and_keeps_its_status_and_output():
    done = program("list")
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert lines[0].startswith("klotski") and lines[-1] == "exit hooks ran"
    done = program("solve", "klotski", "--preset", "no-such-board")
    assert done.returncode == 2 and "no-such-board" in done.stderr
