"""Looking for worker processes a search left behind."""
import psutil


def workers_alive() -> list:
    """Child processes that are pool workers (the stdlib's resource tracker is not one, nor the fork
    server the partitioned census keeps for its next run)."""
    out = []
    for p in psutil.Process().children(recursive=True):
        try:
            line = " ".join(p.cmdline())
        except psutil.Error:
            continue
        if "resource_tracker" not in line and "multiprocessing.forkserver" not in line:
            out.append(p)
    return out


def census_workers() -> list:
    """The partitioned census's local workers: the processes its fork server (a child of this
    process) forked, whose command line is the server's."""
    out = []
    for server in psutil.Process().children():
        try:
            if "multiprocessing.forkserver" in " ".join(server.cmdline()):
                out.extend(server.children(recursive=True))
        except psutil.Error:
            continue
    return out
