"""The one table of exit statuses: what shells and scripts read from every command."""
import os
import signal

import pytest

from puzzle_explorer.core.run import interrupts
from puzzle_explorer.core.run.exit_codes import ExitCode, after_signal
from puzzle_explorer.core.run.interrupts import Interrupts


def test_the_statuses_scripts_rely_on():
    assert [int(code) for code in ExitCode] == [0, 1, 2, 130, 143]
    assert ExitCode.INTERRUPTED == after_signal(signal.SIGINT)
    assert ExitCode.TERMINATED == after_signal(signal.SIGTERM)


def test_a_stop_signal_decides_the_status():
    caught = Interrupts()
    assert caught.exit_status(ExitCode.OK) == 0
    caught.signal = signal.SIGTERM
    assert caught.exit_status(ExitCode.OK) == ExitCode.TERMINATED


def test_a_stop_signal_while_a_document_is_written_waits_for_its_end():
    written = []
    with interrupts.catching() as caught:
        with pytest.raises(KeyboardInterrupt):
            with interrupts.holding():
                os.kill(os.getpid(), signal.SIGINT)
                written.append("the rest of the document")
        assert written and caught.exit_status(0) == 130
