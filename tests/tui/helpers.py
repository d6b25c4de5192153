"""Driving the app in tests."""
import asyncio
import time

from puzzles import registry
from tui.app import PuzzleApp

KLOTSKI = "klotski"


def klotski_app(text: str | None = None, name: str | None = None, warm: bool = False) -> PuzzleApp:
    family = registry.get(KLOTSKI)
    board = family.parse(text) if text is not None else None
    return PuzzleApp(KLOTSKI, board, name, warm=warm)


async def wait_for(pilot, condition, timeout: float = 60.0, what: str = "condition"):
    """Let the app run until condition() holds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await pilot.pause(0.05)
        await asyncio.sleep(0)
