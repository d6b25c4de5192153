"""Distance tables: the merge of kept levels, lookups, files and their checks."""
import json

import numpy as np
import pytest

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.kernels import tables
from puzzle_explorer.core.run.progress import SearchControl


def test_merged_runs_give_every_word_its_level():
    rng = np.random.default_rng(1)
    words = rng.choice(2**40, size=5000, replace=False).astype(np.uint64)
    levels = np.sort(rng.integers(0, 300, size=5000))  # more than 255 levels: two bytes a distance
    runs, sizes = [], []
    for d in range(300):
        mine = np.sort(words[levels == d])
        runs.append(mine)
        sizes.append(mine.shape[0])
    table = tables.from_runs(np.concatenate(runs), sizes, SearchControl().counters)
    assert table.dist.dtype == np.uint16
    assert np.all(table.keys[1:] > table.keys[:-1])
    assert np.array_equal(table.lookup(words), levels)
    assert table.by_distance() == [int(n) for n in np.bincount(levels)]
    missing = np.array([w for w in range(10) if w not in set(words.tolist())], dtype=np.uint64)
    assert np.all(table.lookup(missing) == tables.ABSENT)
    assert np.all(table.dist[np.searchsorted(table.keys, table.farthest(3))] == levels.max())


def sample_table():
    keys = np.array([3, 9, 10, 40], dtype=np.uint64)
    return tables.SortedTable(keys, np.array([0, 2, 1, 2], dtype=np.uint8), {"moves": "unit", "pieces": ["1x1"]},
                              {"from": "all"})


def test_a_table_file_round_trips(tmp_path):
    path = tables.save(sample_table(), tmp_path / "t.tbl", "klotski")
    again = tables.load(path, "klotski", {"moves": "unit", "pieces": ["1x1"]})
    assert np.array_equal(again.keys, [3, 9, 10, 40]) and np.array_equal(again.dist, [0, 2, 1, 2])
    assert again.scope == {"from": "all"} and list(again.lookup([9, 11])) == [2, tables.ABSENT]


@pytest.mark.parametrize("family,identity,message", [
    ("cube8", {"moves": "unit", "pieces": ["1x1"]}, "is for klotski, not cube8"),
    ("klotski", {"moves": "free", "pieces": ["1x1"]}, "moves unit in the table, free here"),
    ("klotski", {"moves": "unit", "pieces": ["1x1", "2x2"]}, "pieces [1x1] in the table, [1x1 2x2] here"),
])
def test_a_table_for_another_board_is_refused_in_one_line(tmp_path, family, identity, message):
    path = tables.save(sample_table(), tmp_path / "t.tbl", "klotski")
    with pytest.raises(InputError, match=message.replace("[", r"\[").replace("]", r"\]")) as caught:
        tables.load(path, family, identity)
    assert "\n" not in str(caught.value)


def test_damaged_and_foreign_files_are_refused(tmp_path):
    good = tables.save(sample_table(), tmp_path / "t.tbl", "klotski")
    data = good.read_bytes()
    ident = {"moves": "unit", "pieces": ["1x1"]}
    cases = {
        "other.tbl": (b"hello\n", "is not a distance table"),
        "cut.tbl": (data[:-3], "is damaged"),
        "long.tbl": (data + b"x", "is damaged"),
        "header.tbl": (tables.MAGIC + b"{not json\n", "header is damaged"),
    }
    newer = data.replace(b'"version": 1', b'"version": 9')
    cases["newer.tbl"] = (newer, "format version 9")
    start = len(data) - 4 * 8 - 4  # the four words, then their four one-byte distances
    keys = np.frombuffer(data[start:start + 32], dtype=np.uint64).copy()
    keys[[0, 1]] = keys[[1, 0]]
    cases["order.tbl"] = (data[:start] + keys.tobytes() + data[start + 32:], "not in order")
    for name, (content, message) in cases.items():
        path = tmp_path / name
        path.write_bytes(content)
        with pytest.raises(InputError, match=message):
            tables.load(path, "klotski", ident)
    with pytest.raises(InputError, match="cannot read the table"):
        tables.load(tmp_path / "none.tbl", "klotski", ident)
    with pytest.raises(InputError, match="more than the memory budget"):
        tables.load(good, "klotski", ident, budget=8)
    header = json.loads(data[len(tables.MAGIC):data.index(b"\n", len(tables.MAGIC))])
    assert header["family"] == "klotski" and header["identity"] == ident and header["kind"] == "sorted"


def test_a_table_loads_in_chunks_and_stops_between_them(tmp_path, monkeypatch):
    """A table of gigabytes takes seconds to read and check: loaded a chunk at a time, the same
    table, and a stop between two chunks ends it (LoadStopped)."""
    path = tmp_path / "t.tbl"
    keys = np.arange(0, 3000, 3, dtype=np.uint64)
    dist = (np.arange(keys.shape[0]) % 7).astype(np.uint8)
    tables.save(tables.SortedTable(keys, dist, {"moves": "unit"}, {}), path, "klotski")
    monkeypatch.setattr(tables, "LOAD_CHUNK", 64)
    again = tables.load(path, "klotski", {"moves": "unit"})
    assert np.array_equal(again.keys, keys) and np.array_equal(again.dist, dist)
    looks = []

    def stopped():
        looks.append(1)
        return len(looks) > 20

    with pytest.raises(tables.LoadStopped):
        tables.load(path, "klotski", {"moves": "unit"}, stopped=stopped)
    assert len(looks) == 21
