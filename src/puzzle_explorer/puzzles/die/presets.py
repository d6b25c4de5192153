"""Named boards. Every count below was proved by this project's exhaustive search.

Each note gives the number of tours with the marked face on top at the goal
(`up`, the default rule) and with it elsewhere (`not-up`); under the rule
`any` there are as many as both together.
"""
from puzzle_explorer.puzzles.interface import Preset


def _open(width: int, height: int, goal: str = "bottom-left") -> str:
    rows = [["."] * width for _ in range(height)]
    rows[0][0] = "S"
    if goal == "bottom-left":
        rows[height - 1][0] = "G"
    else:  # top-right
        rows[0][width - 1] = "G"
    return "/".join("".join(r) for r in rows)


PRESETS = (
    Preset("classic-8x8", "Classic 8x8", _open(8, 8),
           "the classic puzzle, top-left corner to bottom-left; tours: 1 up, 1 not-up"),
    Preset("mirrored-8x8", "Mirrored 8x8", _open(8, 8, "top-right"),
           "the classic board mirrored along its diagonal; tours: 1 up, 1 not-up"),
    Preset("neighbours-6x6", "Neighbours 6x6", "SG..../....../....../....../....../......",
           "the goal next to the start; tours: 0 up, 1 not-up"),
    Preset("blocked-6x6", "Blocked 6x6", "S.#.../G...../....../....../....../#.....",
           "two blocked cells; tours: 1 up, 0 not-up"),
    Preset("corners-7x7", "Corners 7x7", _open(7, 7, "top-right"),
           "colour parity allows a tour, yet the search proves there is none; tours: 0 up, 0 not-up"),
    Preset("blocked-8x8", "Blocked 8x8", "S......./......#./......../......../......../......../....G.#./....#...",
           "three blocked cells, the goal inside; tours: 0 up, 1 not-up"),
    Preset("open-9x9", "Open 9x9", _open(9, 9),
           "corner to corner down the left side; tours: 2 up, 0 not-up"),
    Preset("open-10x10", "Open 10x10", _open(10, 10),
           "tours: 0 up, 8 not-up (about 1.9 million nodes to prove)"),
    Preset("walls-12x12", "Walls 12x12",
           "S.........../............/...#......G./...#......#./...#......#./...#......../...#......../"
           "............/............/............/............/...##.......",
           "the largest size; tours: 1 up, 0 not-up (about 3 million nodes to prove)"),
    Preset("ledge-12x12", "Ledge 12x12",
           "S.........../#.........../#.........../#####......./#...#......./#.........../..........##/"
           "............/............/............/.G........../............",
           "a walled ledge; tours: 1 up, 3 not-up (about 2 million nodes to prove)"),
)

BY_ID = {p.id: p for p in PRESETS}
