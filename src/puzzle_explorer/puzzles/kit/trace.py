"""`--trace FILE`: one JSON line per progress snapshot of a search, for plotting it with other tools.

Each line is an object:

    t             seconds of search so far (compilation excluded)
    phase         "searching", or "done" on the last line; before the search, the work it waits for
                  ("estimating", "listing goals", "loading the table", "building the table", "cutting"),
                  whose lines carry only t, phase, counters and subtrees (moments spent compiling are
                  left out)
    counters      nodes_expanded, frontier, depth, stored, max_frontier, solutions. nodes_expanded (named as in
                  `--json`'s stats), solutions and
                  max_frontier add up over the whole job and never go down; the others are the running
                  search's own and go up and down with it
    subtrees      a search split over workers: [finished, of how many] (absent when not split)
    kind          what the live picture shows: bfs, astar, idastar, bibfs, backtrack, census, reach, table
                  (absent before the first picture)
    depth         the depth of the node the search works on
    path          the path to that node as the family's moves (the JSON moves `--json` prints), only its
                  newest part when `cut` is true; path_length counts the whole path in positions or nodes
    goal_side     bidirectional search: the goal side's path as moves, goal_side_length its length
    g, h, f, bound, deepest   where the search has them (A*, IDA*, backtracking)
    layers        the size of each finished layer so far (BFS, census; the cells per segment count of a
                  path search), the first being layer layers_from; growing: the layer in progress so far
    iterations    IDA*: [bound, nodes] of each finished iteration
    note          what the family says of the picture
"""
from __future__ import annotations

import json
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.files import close_quietly, side_file_failed
from puzzle_explorer.core.run.progress import WORKING, Phase, Snapshot

TRACED = WORKING | {Phase.SEARCHING, Phase.DONE}


def snapshot_json(s: Snapshot) -> dict[str, Any]:
    """One snapshot as the trace's JSON object."""
    out: dict[str, Any] = {
        "t": round(s.elapsed_s, 6),
        "phase": s.phase,
        "counters": {"nodes_expanded": s.expanded, "frontier": s.frontier, "depth": s.depth, "stored": s.stored,
                     "max_frontier": s.max_frontier, "solutions": s.solutions},
    }
    if s.tasks:
        out["subtrees"] = [s.tasks_done, s.tasks]
    live = s.live
    if live is None or s.phase in WORKING:  # the picture is the search's: before it, a stale one
        return out
    out["kind"] = live.kind
    out["depth"] = live.depth
    view = s.view
    if live.kind not in ("census", "reach", "table"):
        out["path"] = list(view.moves) if view is not None else None
        out["path_length"] = live.length
        out["cut"] = live.cut
    if live.kind == "bibfs":
        out["goal_side"] = list(view.other_moves) if view is not None else None
        out["goal_side_length"] = live.other_length
    for name in ("g", "h", "f", "bound", "deepest"):
        value = getattr(live, name)
        if value is not None:
            out[name] = value
    if live.kind == "idastar":
        out["iterations"] = [list(pair) for pair in live.iterations]
        out["growing"] = live.growing
    elif live.history:
        out["layers"] = list(live.layers)
        out["layers_from"] = live.history_from
        out["growing"] = live.growing
    if view is not None and view.note:
        out["note"] = view.note
    return out


@contextmanager
def trace_to(path: str | None) -> Iterator[Callable[[Snapshot], None] | None]:
    """A writer of snapshots to the file at path (None: no trace). Bad paths are input errors."""
    if path is None:
        yield None
        return
    try:
        f = open(path, "w", encoding="utf-8", buffering=1)  # a line at a time: `tail -f` follows it
    except OSError as exc:
        raise InputError(f"--trace {path}: cannot write it ({exc.strerror or exc})") from None

    failed = False

    def write(s: Snapshot) -> None:
        # A file that stops taking lines (a full disk) ends the trace, not the search: the answer
        # is printed and the command line names the failure after it.
        nonlocal failed
        if failed or s.phase not in TRACED:  # not the moments spent compiling
            return
        try:
            f.write(json.dumps(snapshot_json(s), ensure_ascii=False) + "\n")
        except OSError as exc:
            failed = True
            side_file_failed("--trace", path, exc)

    try:
        yield write
    finally:
        error = close_quietly(f)
        if error is not None and not failed:
            side_file_failed("--trace", path, error)
