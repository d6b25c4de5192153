"""The command line under bad input from the same generators: exit status 2 and exactly one line on
standard error, never a traceback. In-process for speed; a few real processes for the whole path."""
import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.puzzles import registry
from tests.cli.commands import ROOT, run_cli
from tests.puzzles.properties.boards import BOARDS, TRAPS, near_board

FAMILIES = sorted(BOARDS)
EXAMPLES = int(os.environ.get("PROPERTY_EXAMPLES", 60))
FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

# Options every family takes, and each family's own, with what could be typed into them.
COMMON = ["--max-states", "--timeout", "--max-memory"]
OWN = {
    "klotski": ["--goal", "--target", "--moves", "--algo"],
    "cube8": ["--start", "--pattern", "--cap", "--algo"],
    "die": ["--start", "--goal", "--blocked", "--keep", "--goal-face"],
    "knights": ["--start", "--blocked", "--algo", "--order"],
    "link": ["--from", "--to", "--max-segments", "--kinds", "--seed"],
    "tiles": ["--size", "--seed", "--goal", "--goal-blank", "--algo", "--heuristic", "--pdb", "--shuffle"],
}
VALUES = st.sampled_from(TRAPS) | st.text(max_size=8) | st.integers(-2**70, 2**70).map(str)


def rejected(family: str, text: str) -> bool:
    fam = registry.get(family)
    try:
        fam.validate(fam.parse(text))
    except InputError:
        return True
    return False


@st.composite
def bad_command(draw, family: str) -> list[str]:
    """`solve FAMILY --board TEXT [options]` whose board text the family rejects."""
    text = draw(near_board(family))
    assume(rejected(family, text))
    args = ["solve", family, draw(st.sampled_from(["--board=", "--board"]))]
    args[-1:] = [args[-1] + text] if args[-1].endswith("=") else [args[-1], text]
    for option in draw(st.lists(st.sampled_from(COMMON + OWN[family]), max_size=3, unique=True)):
        args.append(f"{option}={draw(VALUES)}")
    return args


def one_line_error(code, err):
    assert code == 2, err
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err


@pytest.mark.parametrize("family", FAMILIES)
@FUZZ
@given(data=st.data())
def test_bad_boards_and_options_in_process(capsys, family, data):
    code, out, err = run_cli(capsys, *data.draw(bad_command(family)))
    one_line_error(code, err)
    assert out == ""


def _as_argv(args: list[str]) -> bool:
    """What a real command line can carry: no NUL, and text the file system encoding can write."""
    try:
        return not any("\0" in a for a in args) and all(os.fsencode(a) for a in args)
    except UnicodeEncodeError:
        return False


@pytest.mark.processes
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_bad_boards_and_options_as_real_processes(data):
    args = data.draw(st.sampled_from(FAMILIES).flatmap(bad_command))
    assume(_as_argv(args))
    done = subprocess.run([sys.executable, "-m", "puzzle_explorer", *args], cwd=ROOT, capture_output=True, timeout=300,
                          stdin=subprocess.DEVNULL)
    one_line_error(done.returncode, done.stderr.decode(errors="replace"))
    assert done.stdout == b""
