"""The 24-orientation model: closed under rolls, reversible, and the reference program's mark table."""
import itertools

import pytest

from puzzle_explorer.puzzles.die import orientation as o
from tests.puzzles.die.reference import NAMES, TURN

# The reference program's table, in its numbering (1 east, 2 west, 3 north, 4 south, 5 up, 6 down): where the
# mark points after rolling east, west, north, south, for each direction it pointed before.
REFERENCE_TABLE = {1: (6, 5, 1, 1), 2: (5, 6, 2, 2), 3: (3, 3, 6, 5), 4: (4, 4, 5, 6), 5: (1, 2, 3, 4), 6: (2, 1, 4, 3)}


def test_there_are_24_distinct_orientations_of_a_proper_die():
    assert o.COUNT == 24 == len(set(o.ORIENTATIONS))
    for faces in o.ORIENTATIONS:
        assert sorted(faces) == [1, 2, 3, 4, 5, 6]
        for a, b in ((o.EAST, o.WEST), (o.NORTH, o.SOUTH), (o.UP, o.DOWN)):
            assert faces[a] + faces[b] == 7  # opposite faces of a standard die
    # every (top, north) pair of adjacent faces occurs once: the whole rotation group
    pairs = {(f[o.UP], f[o.NORTH]) for f in o.ORIENTATIONS}
    assert len(pairs) == 24


def test_start_has_the_mark_on_top():
    assert o.ORIENTATIONS[0] == o.START and o.MARK[0] == o.UP and o.TOP[0] == o.MARK_FACE


@pytest.mark.parametrize("roll", range(4))
def test_a_roll_then_the_opposite_roll_restores_the_die(roll):
    back = o.OPPOSITE[roll]
    for state in range(o.COUNT):
        assert o.ROLL[o.ROLL[state, roll], back] == state


@pytest.mark.parametrize("roll", range(4))
def test_four_rolls_the_same_way_restore_the_die(roll):
    for state in range(o.COUNT):
        s = state
        seen = []
        for _ in range(4):
            s = int(o.ROLL[s, roll])
            seen.append(s)
        assert s == state
        assert len(set(seen)) == 4  # and not sooner: a quarter turn each time


def test_mark_directions_agree_with_the_reference_table():
    for state in range(o.COUNT):
        before = int(o.MARK[state]) + 1
        after = tuple(int(o.MARK[o.ROLL[state, r]]) + 1 for r in range(4))
        assert after == REFERENCE_TABLE[before]


def test_rolls_agree_with_turning_vectors_for_every_face():
    """Each face, as a vector turned by the reference's rotations, ends where the tables say."""
    unit = {v: k for k, v in NAMES.items()}
    for state, roll in itertools.product(range(o.COUNT), range(4)):
        faces = o.ORIENTATIONS[state]
        after = o.ORIENTATIONS[o.ROLL[state, roll]]
        for d in range(6):
            turned = TURN[o.ROLLS[roll]](*unit[o.DIRECTIONS[d]])
            assert after[o.DIRECTIONS.index(NAMES[turned])] == faces[d]


def test_goal_face_rules():
    up_states = [s for s in range(o.COUNT) if o.MARK[s] == o.UP]
    assert len(up_states) == 4
    for s in range(o.COUNT):
        assert o.goal_face_ok(o.GOAL_UP, s) == (s in up_states)
        assert o.goal_face_ok(o.GOAL_NOT_UP, s) == (s not in up_states)
        assert o.goal_face_ok(o.GOAL_ANY, s)
