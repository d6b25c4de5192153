"""The exit statuses of every command, in one table: the command line (cli/), the families' commands
(puzzles/) and the light commands that answer before the rest loads all return these.

Shells read 128 + N as "ended by signal N"; interrupts.py turns a stop signal into that status.
"""
from __future__ import annotations

import signal
from enum import IntEnum

SIGNALLED = 128  # a status above this says the command was ended by signal (status - 128)


class ExitCode(IntEnum):
    OK = 0  # done: a finished search (solved or proved unsolvable), or one stopped by a limit it names
    # no answer and not the input's fault: a split search lost its workers, a race's answers contradict
    # each other (a solver is wrong), kernels that did not compile
    FAULT = 1
    BAD_INPUT = 2  # one line on stderr says what is wrong and where
    INTERRUPTED = SIGNALLED + signal.SIGINT  # 130: Ctrl-C
    TERMINATED = SIGNALLED + signal.SIGTERM  # 143


def after_signal(signum: int) -> int:
    """The status of a command ended by signal `signum`, as shells expect."""
    return SIGNALLED + int(signum)
