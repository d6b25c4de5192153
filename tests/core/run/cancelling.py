"""Cancelling a run from another thread, and timing how long it takes to stop."""
import threading
import time


def cancel_while_running(run, cancel, wait):
    """run() in a thread; once wait() returns, cancel(), then join: (what run returned, seconds from the
    cancel until the thread ended). The thread must end within 2 s."""
    holder = {}
    thread = threading.Thread(target=lambda: holder.setdefault("out", run()))
    thread.start()
    wait()
    asked = time.perf_counter()
    cancel()
    thread.join(2.0)
    took = time.perf_counter() - asked
    assert not thread.is_alive()
    return holder["out"], took
