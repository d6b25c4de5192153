"""A stop signal while a large answer is written waits for its end: the JSON document on stdout is
whole (or absent), never half of one, and the command still exits 128 + the signal."""
import json
import os
import select
import signal
import subprocess
import sys

import pytest

from tests.cli.commands import ROOT
from tests.cli.signals.process import COMPILE_WAIT_S

pytestmark = [pytest.mark.processes, pytest.mark.realtime]


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_while_a_large_answer_is_written_leaves_it_whole(signum):
    # 4 MB of tour: the pipe holds 64 KiB, so the writer is stuck mid-document until it is read
    proc = subprocess.Popen([sys.executable, "-m", "puzzle_explorer", "solve", "knights", "--size", "300x300",
                             "--json"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        ready, _, _ = select.select([proc.stdout], [], [], COMPILE_WAIT_S)
        assert ready, "no output"
        first = os.read(proc.stdout.fileno(), 1)  # the document has begun
        proc.send_signal(signum)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    answer = json.loads(first + out)
    assert answer["status"] == "solved" and len(answer["tour"]) == 300 * 300
    assert proc.returncode == 128 + signum
    assert b"Traceback" not in err and err.count(b"\n") <= 1, err
