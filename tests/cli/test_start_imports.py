"""A command line loads what its command needs: a solve neither the app (textual), nor the other
families, nor the other commands' modules (the warm-up, the server, the race)."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Runs the command up to its search, then lists what is loaded (the search itself is the
# kernels' business, and compiling them here would make this test slow on an empty cache).
# With PROBE_AS_PROGRAM set, the probe passes for the `puzzle-explorer` program itself.
PROBE = """
import gc, os, sys
import puzzle_explorer
if os.environ.get("PROBE_AS_PROGRAM"):
    sys.argv[0] = os.path.join(os.path.dirname(puzzle_explorer.__file__), "__main__.py")
from puzzle_explorer.puzzles.kit import cli_support

def listed(*args, **kwargs):
    print(repr({"modules": sorted(sys.modules), "collecting": gc.isenabled(), "frozen": gc.get_freeze_count()}))
    raise SystemExit(0)

cli_support.run_job = listed
from puzzle_explorer.cli.main import main
main(sys.argv[1:])
"""


def probe(*argv: str, as_program: bool = False) -> dict:
    env = {**os.environ, "PROBE_AS_PROGRAM": "1" if as_program else ""}
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    found: dict = eval(done.stdout.strip().splitlines()[-1])
    return found


def loaded_by(*argv: str) -> set[str]:
    return set(probe(*argv)["modules"])


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
    # a plain search needs no census engines nor worker pools: those load for a census alone
    assert not loaded & {"multiprocessing", "concurrent.futures.process", "puzzle_explorer.core.scale.census",
                         "puzzle_explorer.core.scale.partitioned"}, loaded & {"multiprocessing", "puzzle_explorer.core.scale.census"}


def test_the_program_collects_garbage_again_once_its_command_has_loaded():
    # held while numba and the family load (the collector would walk their objects over and
    # over), frozen out of later collections, and collecting again before the search starts
    seen = probe("solve", "klotski", "--preset", "hengdao-lima", as_program=True)
    assert seen["collecting"] and seen["frozen"] > 10_000, (seen["collecting"], seen["frozen"])
    # a library caller's process is left as it is
    seen = probe("solve", "klotski", "--preset", "hengdao-lima")
    assert seen["collecting"] and seen["frozen"] == 0, (seen["collecting"], seen["frozen"])
