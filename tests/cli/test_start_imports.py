"""A command line loads what its command needs: a solve neither the app (textual), nor the other
families, nor the other commands' modules (the warm-up, the server, the race)."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Runs the command up to its search, then lists what is loaded (the search itself is the
# kernels' business, and compiling them here would make this test slow on an empty cache).
PROBE = """
import sys
from puzzle_explorer.puzzles.kit import cli_support

def listed(*args, **kwargs):
    print(sorted(sys.modules))
    raise SystemExit(0)

cli_support.run_job = listed
from puzzle_explorer.cli.main import main
main(sys.argv[1:])
"""


def loaded_by(*argv: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return set(eval(done.stdout.strip().splitlines()[-1]))


def test_a_family_solve_loads_only_that_family_and_no_other_command():
    loaded = loaded_by("solve", "klotski", "--preset", "hengdao-lima")
    assert "puzzle_explorer.puzzles.klotski.solve" in loaded  # the probe saw the command reach its search
    tops = {name.split(".")[0] for name in loaded}
    assert not tops & {"textual", "ray"}, tops & {"textual", "ray"}
    families = {name.split(".")[2] for name in loaded if name.startswith("puzzle_explorer.puzzles.")
                and name.count(".") >= 3}
    assert families <= {"klotski", "kit"}, families
    commands = {name for name in loaded if name.startswith("puzzle_explorer.cli.")}
    assert commands == {"puzzle_explorer.cli.main", "puzzle_explorer.cli.parser"}, commands
    assert "puzzle_explorer.tui" not in loaded
