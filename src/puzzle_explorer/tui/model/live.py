"""A search's snapshot as a step the board pane can draw: the live position and a caption of its numbers."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from puzzle_explorer.core.run.progress import Snapshot
from puzzle_explorer.puzzles.interface import Step


@dataclass(frozen=True)
class LiveStep(Step):
    """A step of the search track. `note` is the family's word on the picture (a path held in part);
    `other` a bidirectional search's goal-side board."""

    note: str = ""
    other: Any = None
    elapsed_s: float = 0.0


def caption(snapshot: Snapshot) -> str:
    """The picture's numbers in a line: 'depth 34 · g 34 h 12 f 46 · bound 50', 'depth 40 · deepest 52'."""
    live = snapshot.live
    if live is None:
        return f"depth {snapshot.depth:,} · no position shown yet"
    if live.kind == "table":
        return "read from a table: no search to show"
    if live.kind == "census":
        return f"layer {live.depth:,}"
    if live.kind == "reach":
        return f"{live.depth} segments"
    text = f"depth {live.depth:,}"
    if live.kind == "bibfs":
        text += f" (start side {max(0, live.length - 1)}, goal side {max(0, live.other_length - 1)})"
    if live.g is not None:
        text += f" · g {live.g} h {live.h} f {live.f}"
    if live.bound is not None:
        text += f" · bound {live.bound}"
    if live.deepest is not None:
        text += f" · deepest {live.deepest:,}"
    return text


def live_step(snapshot: Snapshot, start_board: Any) -> LiveStep:
    """The snapshot as a step: the family's drawing of its picture, or the start board if it has none."""
    view = snapshot.view
    label = f"{snapshot.elapsed_s:.1f} s · {caption(snapshot)}"
    if view is None:
        return LiveStep(label, start_board, elapsed_s=snapshot.elapsed_s)
    return LiveStep(label, view.board, view.highlight, note=view.note, other=view.other,
                    elapsed_s=snapshot.elapsed_s)
