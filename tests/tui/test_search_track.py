"""The search track keeps a bounded number of snapshots: the newest whole, the older evenly thinned."""
import pytest

from puzzle_explorer.tui.model.track import SearchTrack


@pytest.mark.parametrize("recent, older, added", [(10, 10, 5), (10, 10, 20), (10, 10, 21), (10, 10, 1000),
                                                  (1, 1, 50), (100, 30, 12_345)])
def test_the_bound_holds_and_the_newest_are_whole(recent, older, added):
    track = SearchTrack(recent, older)
    for i in range(1, added + 1):
        track.add(f"snapshot {i}")
        assert len(track) <= recent + older
    numbers = [track.number(i) for i in range(len(track))]
    assert numbers == sorted(set(numbers))  # in the order they came
    assert [track[i] for i in range(len(track))] == [f"snapshot {n}" for n in numbers]
    newest = list(range(max(1, added - recent + 1), added + 1))
    assert numbers[-len(newest):] == newest
    kept_older = numbers[:-len(newest)]
    assert all(n % track.stride == 0 for n in kept_older)  # evenly spaced: every stride-th
    assert len(kept_older) >= min(older // 2, (added - recent) // track.stride)
    assert track.thinned == (len(track) < added)
    assert (track.describe() != "") == track.thinned


def test_a_snapshot_is_found_again_after_thinning():
    track = SearchTrack(4, 4)
    for i in range(1, 9):
        track.add(i)
    assert track.index_of(3) == 2 and track[2] == 3
    for i in range(9, 40):
        track.add(i)
    i = track.index_of(3)
    assert track.number(i) <= 3 or i == 0  # gone: the nearest kept before it, or the oldest kept
    assert track[track.index_of(39)] == 39
