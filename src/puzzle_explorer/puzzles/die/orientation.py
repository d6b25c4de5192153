"""The die's 24 orientations, how a roll changes them, and where the marked face points.

An orientation says which face looks in each of the six directions. The
faces are a standard die's pips (opposite faces add up to 7); the marked
face (the heart) is the 1. The start orientation has the 1 on top, the 2
facing south (towards someone reading the board from below) and the 3 to
the east, the usual right-handed die.

North is up the screen (y - 1), east is to the right (x + 1). A roll tips
the die a quarter turn over the edge it rolls towards: rolling east sends
the top face east, the east face down, the bottom face west and the west
face up; the north and south faces keep pointing where they did.
"""
from __future__ import annotations

import numpy as np

# Directions a face can point; the first four are also the directions of a roll.
EAST, WEST, NORTH, SOUTH, UP, DOWN = range(6)
DIRECTIONS = ("east", "west", "north", "south", "up", "down")
ROLLS = DIRECTIONS[:4]
STEP = {EAST: (1, 0), WEST: (-1, 0), NORTH: (0, -1), SOUTH: (0, 1)}  # (dx, dy) of a roll
OPPOSITE = {EAST: WEST, WEST: EAST, NORTH: SOUTH, SOUTH: NORTH, UP: DOWN, DOWN: UP}

# Readable without colour: where the mark faces, as an arrow and as a letter.
ARROW = {EAST: "→", WEST: "←", NORTH: "↑", SOUTH: "↓", UP: "●", DOWN: "○"}
LETTER = {EAST: "E", WEST: "W", NORTH: "N", SOUTH: "S", UP: "U", DOWN: "D"}

MARK_FACE = 1
Faces = tuple[int, int, int, int, int, int]  # the pips facing east, west, north, south, up, down
START: Faces = (3, 4, 5, 2, 1, 6)

# For a roll towards d: which old direction's face ends up in each new direction.
_FROM = {
    EAST: {EAST: UP, DOWN: EAST, WEST: DOWN, UP: WEST},
    WEST: {WEST: UP, DOWN: WEST, EAST: DOWN, UP: EAST},
    NORTH: {NORTH: UP, DOWN: NORTH, SOUTH: DOWN, UP: SOUTH},
    SOUTH: {SOUTH: UP, DOWN: SOUTH, NORTH: DOWN, UP: NORTH},
}


def roll_faces(faces: Faces, direction: int) -> Faces:
    """The faces after one roll towards direction (EAST, WEST, NORTH or SOUTH)."""
    moved = _FROM[direction]
    return tuple(faces[moved.get(d, d)] for d in range(6))  # type: ignore[return-value]


def _enumerate() -> list[Faces]:
    """Every orientation reachable by rolling from START, START first (there are 24)."""
    found = [START]
    index = {START: 0}
    i = 0
    while i < len(found):
        for r in range(4):
            nxt = roll_faces(found[i], r)
            if nxt not in index:
                index[nxt] = len(found)
                found.append(nxt)
        i += 1
    return found


ORIENTATIONS: list[Faces] = _enumerate()
INDEX = {faces: i for i, faces in enumerate(ORIENTATIONS)}
COUNT = len(ORIENTATIONS)
assert COUNT == 24

# Tables the kernels use: ROLL[o, r] is the orientation after rolling o towards r;
# MARK[o] is the direction the marked face points in orientation o.
ROLL = np.array([[INDEX[roll_faces(f, r)] for r in range(4)] for f in ORIENTATIONS], dtype=np.int64)
MARK = np.array([f.index(MARK_FACE) for f in ORIENTATIONS], dtype=np.int64)
TOP = np.array([f[UP] for f in ORIENTATIONS], dtype=np.int64)


def mark_direction(orientation: int) -> int:
    """Where the marked face points in this orientation (EAST … DOWN)."""
    return int(MARK[orientation])


def face(orientation: int, direction: int) -> int:
    """The pips on the face pointing in direction."""
    return ORIENTATIONS[orientation][direction]


# Goal-face rules: what the marked face must do at the goal cell.
GOAL_FACES = ("up", "not-up", "any")
GOAL_UP, GOAL_NOT_UP, GOAL_ANY = range(3)


def goal_face_ok(rule: int, orientation: int) -> bool:
    """Whether the die may finish in this orientation under the goal-face rule."""
    up = MARK[orientation] == UP
    return bool(up) if rule == GOAL_UP else (not up) if rule == GOAL_NOT_UP else True
