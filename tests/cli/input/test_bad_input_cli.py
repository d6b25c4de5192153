"""Every bad input the issue found is one line on standard error and exit status 2, never a traceback."""
import io
import json
import os
import subprocess
import sys

import pytest

from tests.cli.commands import ROOT, one_line_error, run_cli

HUGE = "9" * 5000
C_LONG_PLUS_ONE = str(2**63)


def with_stdin(monkeypatch, data: bytes):
    """Standard input as a strict UTF-8 text stream over these bytes (a strict UTF-8 locale)."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="strict"))


@pytest.mark.parametrize("family", ["cube8", "link"])
@pytest.mark.parametrize("number", ["²", "+-1", "--1", "٣", HUGE])
def test_contest_numbers_that_int_or_isdigit_would_take(capsys, monkeypatch, family, number):
    first = f"{number} 1\n" if family == "cube8" else f"2 {number}\n"
    with_stdin(monkeypatch, first.encode())
    code, out, err = run_cli(capsys, "solve", family, "--contest")
    one_line_error(code, err, "line 1: expected")
    assert out == ""


def test_link_contest_pair_numbers(capsys, monkeypatch):
    with_stdin(monkeypatch, "2 1\nXX\n1 1 2 ²\n".encode())
    code, out, err = run_cli(capsys, "solve", "link", "--contest")
    one_line_error(code, err, "board 1, line 3: expected a pair")


def test_a_byte_that_is_not_utf8_on_links_contest_input_names_the_line(capsys, monkeypatch):
    with_stdin(monkeypatch, b"2 1\nXX\n1 1 2 1\n0 0 0 0\n2 1\nX\xffX\n")
    code, out, err = run_cli(capsys, "solve", "link", "--contest")
    one_line_error(code, err, "line 6: byte 0xff at column 2 is not UTF-8 text")
    assert out.startswith("Board #1:\nPair 1: 1 segments.\n")  # the board before it was answered


def test_a_byte_that_is_not_utf8_on_cube8_contest_input_names_the_line(capsys, monkeypatch):
    with_stdin(monkeypatch, b"1 1\nWWE\nBWB\n\xc3RR\n")
    code, out, err = run_cli(capsys, "solve", "cube8", "--contest", "--algo", "bibfs")
    one_line_error(code, err, "line 4: byte 0xc3 at column 1 is not UTF-8 text")


@pytest.mark.parametrize("args,words", [
    (["solve", "die", "--size", "3x²"], "--size '3x²' is not a size WxH"),
    (["solve", "knights", "--size", "3x²"], "--size '3x²' is not a size WxH"),
    (["solve", "link", "--generate", "²x3"], "--generate '²x3' is not a size WxH"),
    (["solve", "link", "--board", "AB\nBA\nsegments: ²", "--clear"], "line 3: segments: expects a whole number"),
    (["solve", "link", "--board", "AB/BA/segments: " + HUGE, "--clear"], "segments: expects a whole number"),
    (["solve", "die", "--size", HUGE + "x3"], "must be at most"),
    (["solve", "knights", "--size", "8x8", "--start", HUGE + ",1"], "--start"),
    (["solve", "knights", "--board", "size: 8x8/start: 1," + HUGE], "start"),
    (["solve", "klotski", "--board", "AA./AA./...", "--goal", "1," + HUGE], "--goal"),
    (["solve", "cube8", "--start", "1,1", "--pattern", "WWW/WEW/WWW", "--max-states", HUGE], "--max-states"),
    (["solve", "klotski", "--board", "A.", "--max-memory", "1e999"], "--max-memory: '1e999' is not a size"),
    (["solve", "cube8", "--preset", "farthest-edge", "--cap", "99999999999999999999"], "--cap"),
    (["solve", "cube8", "--contest", "--cap", "99999999999999999999"], "--cap"),
    (["solve", "link", "--board", "AB/BA", "--clear", "--max-segments", C_LONG_PLUS_ONE], "--max-segments"),
    (["solve", "link", "--generate", "4x4", "--seed", C_LONG_PLUS_ONE], "--seed"),
    (["solve", "klotski", "--board", "A.", "--timeout", "nan"], "--timeout: 'nan' is not a number"),
    (["solve", "klotski", "--board", "A.", "--timeout", "inf"], "--timeout: 'inf' is not a number"),
    (["solve", "klotski", "--board", "A.", "--timeout", "1e999"], "--timeout"),
    (["solve", "klotski", "--board", "A.", "--timeout", "  7 "], "--timeout: '  7 ' is not a number"),
    (["solve", "klotski", "--board", "A.", "--max-states", " 7"], "--max-states: ' 7' is not a whole number"),
    (["solve", "klotski", "--file", "/dev/zero"], "/dev/zero is larger than 16 MiB"),
    (["open", "klotski", "--file", "/dev/zero"], "/dev/zero is larger than 16 MiB"),
])
def test_bad_numbers_and_files(capsys, args, words):
    one_line_error(*run_cli(capsys, *args)[::2], words)


@pytest.mark.parametrize("args,words", [
    (["solve", "klotski", "--board", "A\n.", "--goal", "1\n2"], "--goal '1\\n2' is not x,y"),
    (["solve", "klotski", "--board", "A.", "--algo", "x\ny"], "invalid choice: 'x\\ny'"),
    (["solve", "klotski", "--board", "A.", "x\ny"], "unrecognized arguments: x\\ny"),
    (["solve", "klotski", "--file", "no\nsuch"], "cannot read board file no\\nsuch"),
    (["solve", "link", "--board", "AB", "--from", "1,1", "--to", "9\n,1"], "--to '9\\n,1' is not x,y"),
    (["solve", "die", "--preset", "a\u2028b"], "unknown preset 'a\\u2028b'"),
])
def test_a_newline_inside_an_argument_is_shown_escaped_on_one_line(capsys, args, words):
    one_line_error(*run_cli(capsys, *args)[::2], words)


def run_process(args, stdin=b"", env=None, **kw):
    return subprocess.run([sys.executable, "-m", "puzzle_explorer", *args], cwd=ROOT, input=stdin, capture_output=True,
                          env={**os.environ, **(env or {})}, timeout=300, **kw)


@pytest.mark.processes
def test_as_real_processes_under_a_strict_utf8_locale():
    """The cases that depend on the process itself: argv decoding, the locale's stdin, exit status."""
    strict = {"LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8:strict"}
    for args, stdin, words in [
        (["solve", "link", "--contest"], b"2 1\nX\xffX\n", "line 2: byte 0xff at column 2 is not UTF-8 text"),
        (["solve", "die", "--size", "3x²"], b"", "is not a size WxH"),
        (["solve", "klotski", "--board", "A.", "--goal", "1\n2"], b"", "'1\\n2' is not x,y"),
    ]:
        done = run_process(args, stdin, env=strict)
        one_line_error(done.returncode, done.stderr.decode(), words)


@pytest.mark.processes
def test_json_into_a_pipe_closed_early_is_a_quiet_exit():
    """`--json | head -c 10`: the reader leaves; no BrokenPipeError, nothing on stderr."""
    head = subprocess.Popen(["head", "-c", "10"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    done = subprocess.run([sys.executable, "-m", "puzzle_explorer", "solve", "knights", "--size", "200x200", "--json"],
                          cwd=ROOT, stdout=head.stdin, stderr=subprocess.PIPE, timeout=300)
    head.stdin.close()
    assert head.stdout.read() == b'{"status":'
    head.wait()
    assert done.returncode == 0
    assert done.stderr == b""


def test_json_output_itself_is_whole_when_read(capsys):
    code, out, err = run_cli(capsys, "solve", "knights", "--size", "5x5", "--json")
    assert code == 0 and json.loads(out)["status"] == "solved"


@pytest.mark.parametrize("option, words", [("--board", "unknown character '-'"), ("--file", "cannot read board file --")])
def test_a_double_dash_as_an_options_value_is_that_text(capsys, option, words):
    """Python 3.11's argparse would hand the option an empty list for `--board=--`."""
    code, out, err = run_cli(capsys, "solve", "knights", f"{option}=--")
    one_line_error(code, err, words)
