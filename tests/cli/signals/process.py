"""The command line as a real process, stopped by a signal at a chosen moment.

Standard error is a pseudo-terminal, so the command shows its progress line
("compiling solver…", "searching: …"); the signal goes out once that shows
the moment wanted.
"""
from __future__ import annotations

import os
import pty
import re
import subprocess
import sys
import threading
import time
from dataclasses import dataclass

from tests.cli.commands import ROOT

# Long enough for a cold kernel cache to compile on a busy machine.
COMPILE_WAIT_S = 900


@dataclass
class Ended:
    code: int
    out: str
    err: str  # with the progress line's terminal codes
    waited_s: float  # from the signal to the exit


# What the interpreter says when a signal finds it still starting, before any of the program's code
# runs (on a loaded machine that takes a second): no program can take a signal then.
INTERPRETER_STARTING = ("init_import_site: Failed to import the site module", "Could not import runpy module")


def interpreter_starting(err: str) -> bool:
    return any(words in err for words in INTERPRETER_STARTING)


def shows(err: bytearray, marker: str | re.Pattern[str]) -> bool:
    if isinstance(marker, str):
        return marker.encode() in err
    return marker.search(err.decode(errors="replace")) is not None


def _drain(fd: int, into: bytearray) -> None:
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # EIO: the other side closed
            return
        if not chunk:
            return
        into.extend(chunk)


def stop_when(args: list[str], marker: str | re.Pattern[str], signum: int, *, env: dict | None = None,
              settle_s: float = 0.0, stdin: bytes | None = None) -> Ended:
    """Run `puzzle-explorer ARGS`, send signum once stderr shows marker, a text or a pattern (and settle_s later)."""
    primary, secondary = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "puzzle_explorer", *args], cwd=ROOT,
                            env={**os.environ, **(env or {})},
                            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=secondary)
    os.close(secondary)
    err = bytearray()
    reader = threading.Thread(target=_drain, args=(primary, err), daemon=True)
    reader.start()
    out_box: dict[str, bytes] = {}
    stdout_reader = threading.Thread(target=lambda: out_box.setdefault("out", proc.stdout.read()), daemon=True)
    stdout_reader.start()
    try:
        if stdin is not None:
            proc.stdin.write(stdin)
            proc.stdin.close()
        deadline = time.monotonic() + COMPILE_WAIT_S
        while not shows(err, marker):
            if proc.poll() is not None:
                raise AssertionError(f"ended before {marker!r} (status {proc.returncode}): {err.decode(errors='replace')}")
            if time.monotonic() > deadline:
                raise AssertionError(f"no {marker!r} after {COMPILE_WAIT_S} s: {err.decode(errors='replace')}")
            time.sleep(0.02)
        time.sleep(settle_s)
        sent = time.monotonic()
        proc.send_signal(signum)
        code = proc.wait(timeout=60)
        waited = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        stdout_reader.join(10)
        reader.join(10)
        os.close(primary)
    return Ended(code, out_box.get("out", b"").decode(), err.decode(errors="replace"), waited)
