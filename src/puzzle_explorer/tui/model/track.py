"""The search track: a search's snapshots as steps of the timeline, in bounded memory.

A search publishes ten snapshots a second for as long as it runs, so the track
keeps the newest RECENT whole and thins the older ones evenly: of those it
keeps every `stride`-th (by arrival), at most OLDER of them, and doubles the
stride when they would be more. The track's memory is then at most
RECENT + OLDER snapshots whatever the length of the search.
"""
from __future__ import annotations

from bisect import bisect_right
from collections import deque
from collections.abc import Sequence
from typing import TypeVar, overload

T = TypeVar("T")

RECENT = 1000  # 100 s of snapshots at 10 a second, every one kept
OLDER = 1000  # the older ones kept, evenly spaced


class SearchTrack(Sequence[T]):
    """Snapshots (any items) in arrival order, the older ones thinned; numbered 1, 2, ... as they arrived."""

    def __init__(self, recent: int | None = None, older: int | None = None) -> None:
        self.recent_room = RECENT if recent is None else recent
        self.older_room = OLDER if older is None else older
        self._recent: deque[tuple[int, T]] = deque()
        self._older: list[tuple[int, T]] = []
        self.stride = 1
        self.added = 0
        self.generation = 0  # goes up whenever items leave: indices before it may have shifted

    def add(self, item: T) -> None:
        self.added += 1
        self._recent.append((self.added, item))
        if len(self._recent) <= self.recent_room:
            return
        number, oldest = self._recent.popleft()
        self.generation += 1
        if number % self.stride == 0:
            self._older.append((number, oldest))
        if len(self._older) > self.older_room:
            self.stride *= 2
            self._older = [(n, x) for n, x in self._older if n % self.stride == 0]

    def __len__(self) -> int:
        return len(self._older) + len(self._recent)

    def _entry(self, index: int) -> tuple[int, T]:
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("snapshot index out of range")
        older = len(self._older)
        return self._older[index] if index < older else self._recent[index - older]

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        return self._entry(index)[1]

    def number(self, index: int) -> int:
        """The arrival number (1 for the first snapshot) of the item at index."""
        return self._entry(index)[0]

    def index_of(self, number: int) -> int:
        """The index of the item with this arrival number, or of the last one kept before it (the
        oldest kept if none is)."""
        if self._recent and number >= self._recent[0][0]:
            return len(self._older) + min(len(self._recent) - 1, number - self._recent[0][0])
        return max(0, bisect_right(self._older, number, key=lambda entry: entry[0]) - 1)

    @property
    def thinned(self) -> bool:
        """Some snapshots were let go."""
        return len(self) < self.added

    def describe(self) -> str:
        """What is kept, in words, when not everything is ('2,000 of 5,321 kept: the older every 4th')."""
        if not self.thinned:
            return ""
        return (f"{len(self):,} of {self.added:,} kept: the newest {len(self._recent):,} and every "
                f"{_ordinal(self.stride)} before")


def _ordinal(n: int) -> str:
    if n == 1:
        return "one"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
