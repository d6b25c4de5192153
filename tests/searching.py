"""A job cancelled at a known moment: once its search is under way, whatever the machine's speed."""
from puzzle_explorer.core.run.progress import Phase
from puzzle_explorer.core.run.runner import Job


def cancelled_once_searching(task) -> Job:
    """A Job of task that cancels itself at its first snapshot of a search that has expanded nodes
    (a cancel on a timer may come while the kernels still load: another case, CancelledBeforeSearch)."""

    def cancel_once_searching(snapshot) -> None:
        if snapshot.phase == Phase.SEARCHING and snapshot.expanded > 0:
            job.cancel()

    job = Job(task, on_progress=cancel_once_searching)
    return job
