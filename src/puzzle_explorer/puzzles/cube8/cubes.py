"""The cubes, their rolls and the board's symmetries, in plain Python (no numpy, no numba).

A cube's faces come in opposite pairs of one colour: white, blue and red.
Its orientation is which colour points up (the top), which along the x
axis (left/right) and which along the y axis (front/back): one of the six
orders of the three colours. Orientation number o = 2 * top + p, where p
says which of the two other colours lies along x (0: the lower-numbered).
Every cube starts as o = 0: white on top, blue along x, red along y.

Rolling a cube left or right turns it about the y axis, so its top and
x-axis colours trade places; rolling it up or down trades top and y-axis.
Either way the order of the three colours changes by one swap, and the
empty square moves to a neighbouring square, so the sum of the cubes'
permutation parities plus the empty square's x + y keeps its parity:
exactly half of the 9 * 6**8 positions can be reached from a start.

A position is a tuple of 9 squares in row-major order (index y * 3 + x,
0-based), each an orientation number or EMPTY.

Positions of one parity are numbered densely (`index`): the empty square,
then the orientations of the first seven cubes in reading order as base-6
digits, then only the top of the eighth (its x-axis colour follows from the
parity). That gives SPACE = 9 * 3 * 6**7 = 7,558,272 numbers per parity.
"""
from __future__ import annotations

from collections.abc import Iterator
from itertools import permutations

COLOURS = "WBR"  # white, blue, red: colour numbers 0, 1, 2
WHITE, BLUE, RED = 0, 1, 2
COLOUR_NAMES = ("white", "blue", "red")
EMPTY = -1
SIDE = 3
SQUARES = 9
START_ORIENTATION = 0  # white top, blue along x, red along y

ORIENTATIONS = tuple(
    (top, *sorted(c for c in range(3) if c != top)[::1 - 2 * p]) for top in range(3) for p in range(2)
)  # o -> (top, x-axis colour, y-axis colour)
ORIENTATION_OF = {faces: o for o, faces in enumerate(ORIENTATIONS)}


def _parity(perm: tuple[int, ...]) -> int:
    return sum(1 for i in range(3) for j in range(i + 1, 3) if perm[i] > perm[j]) % 2


ROLL_X = tuple(ORIENTATION_OF[(x, t, y)] for t, x, y in ORIENTATIONS)  # rolled left or right
ROLL_Y = tuple(ORIENTATION_OF[(y, x, t)] for t, x, y in ORIENTATIONS)  # rolled up or down
PARITY = tuple(_parity(faces) for faces in ORIENTATIONS)
TOP = tuple(faces[0] for faces in ORIENTATIONS)

# The four ways the empty square can move: (dx, dy); the cube rolls the other way.
DIRECTIONS = ((0, -1), (0, 1), (-1, 0), (1, 0))
ROLL_NAMES = {(0, -1): "up", (0, 1): "down", (-1, 0): "left", (1, 0): "right"}

BASE7 = 6 ** 7
PER_EMPTY = 3 * BASE7  # numbers per place of the empty square
SPACE = SQUARES * PER_EMPTY
# Goal positions of one pattern differ only in the x-axis colours of the first seven cubes
# (the eighth's follows from the parity): their numbers are a base plus these offsets.
GOAL_OFFSETS = tuple(sum(6 ** k for k in range(7) if mask >> k & 1) for mask in range(128))
GOAL_SPAN = max(GOAL_OFFSETS) + 1


def xy(square: int) -> tuple[int, int]:
    return square % SIDE, square // SIDE


def square_at(x: int, y: int) -> int:
    return y * SIDE + x


def start_position(empty: int) -> tuple[int, ...]:
    """Every cube in the start orientation, the empty square at `empty`."""
    return tuple(EMPTY if s == empty else START_ORIENTATION for s in range(SQUARES))


def empty_of(position: tuple[int, ...]) -> int:
    return position.index(EMPTY)


def parity(position: tuple[int, ...]) -> int:
    """The quantity no roll changes: cube parities plus the empty square's x + y, mod 2."""
    x, y = xy(empty_of(position))
    return (sum(PARITY[o] for o in position if o != EMPTY) + x + y) % 2


def rolls(position: tuple[int, ...]) -> Iterator[tuple[int, int, tuple[int, ...]]]:
    """(cube's square, empty square, next position) for each cube that can roll."""
    e = empty_of(position)
    ex, ey = xy(e)
    for dx, dy in DIRECTIONS:
        cx, cy = ex + dx, ey + dy
        if not (0 <= cx < SIDE and 0 <= cy < SIDE):
            continue
        c = square_at(cx, cy)
        table = ROLL_X if dx else ROLL_Y
        after = list(position)
        after[e] = table[position[c]]
        after[c] = EMPTY
        yield c, e, tuple(after)


def index(position: tuple[int, ...]) -> int:
    """The position's number among those of its parity (see the module notes)."""
    e = empty_of(position)
    cubes = [o for o in position if o != EMPTY]
    n = e * PER_EMPTY + (cubes[7] // 2) * BASE7
    for k in range(7):
        n += cubes[k] * 6 ** k
    return n


def position(number: int, par: int) -> tuple[int, ...]:
    """The position of parity `par` numbered `number` (the inverse of `index`)."""
    e, rest = divmod(number, PER_EMPTY)
    cubes = []
    for _ in range(7):
        rest, digit = divmod(rest, 6)
        cubes.append(digit)
    top = rest
    x, y = xy(e)
    need = (par - sum(PARITY[o] for o in cubes) - x - y) % 2
    cubes.append(next(o for o in (2 * top, 2 * top + 1) if PARITY[o] == need))
    it = iter(cubes)
    return tuple(EMPTY if s == e else next(it) for s in range(SQUARES))


# --- symmetry -------------------------------------------------------------------------
# The board's eight symmetries, each a map of squares plus whether it swaps the x and y
# axes. A swap turns a cube's x-axis colour into its y-axis colour; relabelling blue <->
# red as well keeps the start orientation the start orientation, so every symmetry maps
# start positions to start positions and rolls to rolls. Up to symmetry there are three
# starts: a corner, an edge and the centre.
Symmetry = tuple[tuple[int, ...], bool]  # square -> square, and whether the x and y axes swap

def _maps() -> tuple[Symmetry, ...]:
    out = []
    for swap in (False, True):
        for fx in (False, True):
            for fy in (False, True):
                def f(x: int, y: int, swap: bool = swap, fx: bool = fx, fy: bool = fy) -> tuple[int, int]:
                    if swap:
                        x, y = y, x
                    return (2 - x if fx else x), (2 - y if fy else y)
                out.append((tuple(square_at(*f(*xy(s))) for s in range(SQUARES)), swap))
    return tuple(out)


SYMMETRIES = _maps()
RELABEL = (WHITE, RED, BLUE)  # colour -> colour under an axis swap
SWAPPED = tuple(ORIENTATION_OF[(RELABEL[t], RELABEL[y], RELABEL[x])] for t, x, y in ORIENTATIONS)
START_CLASSES = (square_at(0, 0), square_at(1, 0), square_at(1, 1))  # corner, edge, centre


def canonical(start: int) -> tuple[int, Symmetry]:
    """(start class 0..2, a symmetry taking `start` to that class's square)."""
    for cls, rep in enumerate(START_CLASSES):
        for sym in SYMMETRIES:
            if sym[0][start] == rep:
                return cls, sym
    raise AssertionError("every square is some class's image")


def map_position(position: tuple[int, ...], sym: Symmetry) -> tuple[int, ...]:
    squares, swap = sym
    out = [EMPTY] * SQUARES
    for s, o in enumerate(position):
        out[squares[s]] = o if o == EMPTY or not swap else SWAPPED[o]
    return tuple(out)


def unmap_position(position: tuple[int, ...], sym: Symmetry) -> tuple[int, ...]:
    """The inverse of map_position (every symmetry's colour change is its own inverse)."""
    squares, swap = sym
    return tuple(position[squares[s]] if position[squares[s]] == EMPTY or not swap
                 else SWAPPED[position[squares[s]]] for s in range(SQUARES))


def map_pattern(pattern: tuple[int, ...], sym: Symmetry) -> tuple[int, ...]:
    """A pattern of top colours (EMPTY for the empty square) under a symmetry."""
    squares, swap = sym
    out = [EMPTY] * SQUARES
    for s, c in enumerate(pattern):
        out[squares[s]] = c if c == EMPTY or not swap else RELABEL[c]
    return tuple(out)


def goal_base(pattern: tuple[int, ...]) -> int:
    """The number of the pattern's goal position whose first seven cubes all have p = 0.

    Adding GOAL_OFFSETS gives every goal position of the parity the number refers to.
    """
    e = pattern.index(EMPTY)
    tops = [c for c in pattern if c != EMPTY]
    n = e * PER_EMPTY + tops[7] * BASE7
    for k in range(7):
        n += 2 * tops[k] * 6 ** k
    return n


def matches(position: tuple[int, ...], pattern: tuple[int, ...]) -> bool:
    """True when the position shows the pattern from above."""
    return all((o == EMPTY) if c == EMPTY else (o != EMPTY and TOP[o] == c) for o, c in zip(position, pattern))


assert sorted(permutations(range(3))) == sorted(ORIENTATIONS)
assert ORIENTATIONS[START_ORIENTATION] == (WHITE, BLUE, RED)
