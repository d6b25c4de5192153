"""Every family's searches, stopped mid-search by a node cap: the path their live picture holds, drawn
by the family's decoder, replays as legal moves from the start (each family's plain reference
checks them), and is as long as the depth the picture reports."""
from collections import deque
from dataclasses import replace

import pytest

from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.core.run.status import Status
from puzzle_explorer.puzzles import registry
from tests.puzzles.cube8 import reference as cube8_ref
from tests.puzzles.die import reference as die_ref
from tests.puzzles.klotski import reference as klotski_ref
from tests.puzzles.link import reference as link_ref


def preset(family_id: str, preset_id: str):
    family = registry.get(family_id)
    return family, family.parse(next(p for p in family.presets if p.id == preset_id).text)


def stopped(family, board, solver: str, nodes: int, options: dict | None = None, cap_in_limits: bool = False):
    """Solve with a node cap; the picture and the family's view of it once the cap stopped the search."""
    control = SearchControl()
    if cap_in_limits:  # tree searches take --max-states as their node cap
        solution = family.solve(board, solver, options or {}, control, Limits(max_states=nodes))
    else:
        with control.node_cap(nodes):
            solution = family.solve(board, solver, options or {}, control, Limits())
    assert solution.status == Status.LIMIT, "the cap must stop the search before it ends"
    picture = control.live()
    assert picture is not None
    return picture, control.decode(picture)


# --- klotski -----------------------------------------------------------------------------------------

SMALL = "BAAC/BAAC/DEFG/H..I"  # 3,700 positions, 36 moves to the goal (unit moves)


def replay_klotski(board, moves, convention):
    """The board after moves, each checked legal by the reference."""
    cells = [(m["piece"], (m["from"][0] - 1, m["from"][1] - 1), (m["to"][0] - 1, m["to"][1] - 1)) for m in moves]
    klotski_ref.check_moves(board.inline(), cells, convention, None, None)
    for move in moves:
        to = (move["to"][0] - 1, move["to"][1] - 1)
        piece = board.piece(move["piece"])
        board = board.with_pieces([piece.moved_to(*to) if p is piece else p for p in board.pieces])
    return board


@pytest.mark.parametrize("algo", ["bfs", "astar", "idastar", "bibfs"])
@pytest.mark.parametrize("convention", ["unit", "free"])
def test_klotski_paths_replay_from_the_start(algo, convention):
    family, board = preset("klotski", "hengdao-lima")
    picture, view = stopped(family, board, algo, 3000, {"moves": convention})
    assert picture.kind == algo and not picture.cut
    end = replay_klotski(board, view.moves, convention)
    assert end.inline() == view.board.inline()
    if algo == "bibfs":
        assert len(view.moves) + len(view.other_moves) == picture.depth
        goal_board = replay_klotski(view.other, (), convention)
        assert goal_board is view.other
        return
    assert len(view.moves) == picture.depth == picture.length - 1
    if algo in ("astar", "idastar"):
        assert picture.g == picture.depth and picture.f <= 81  # never past the shortest answer (admissible h)


def test_klotski_bibfs_goal_side_replays_from_a_goal_position():
    family, board = preset("klotski", "hengdao-lima")
    picture, view = stopped(family, board, "bibfs", 3000, {"moves": "unit"})
    # the goal side's path runs from a goal position to the backward node: undone, it ends at the goal
    first = view.other
    for move in reversed(view.other_moves):
        frm, to = move["to"], move["from"]
        letter = first.piece_at((frm[0] - 1, frm[1] - 1)).letter
        first = replay_klotski(first, [{"piece": letter, "from": frm, "to": to}], "unit")
    target = first.target_piece()
    assert (target.x, target.y) == board.goal_cell()
    assert len(view.other_moves) == picture.other_length - 1


def reference_layers(rows: str, convention: str) -> tuple[dict, list[int]]:
    """Positions (as reference keys) with their distance from the start, and the layer sizes."""
    width, height, walls, pieces = klotski_ref.read(rows)
    target = max(pieces, key=lambda l: pieces[l][2] * pieces[l][3])
    dist = {klotski_ref.key(pieces, target, False): 0}
    queue = deque([pieces])
    while queue:
        cur = queue.popleft()
        d = dist[klotski_ref.key(cur, target, False)]
        for letter, nx, ny in klotski_ref.successors(width, height, walls, cur, convention):
            nxt = {l: list(v) for l, v in cur.items()}
            nxt[letter][0], nxt[letter][1] = nx, ny
            k = klotski_ref.key(nxt, target, False)
            if k not in dist:
                dist[k] = d + 1
                queue.append(nxt)
    sizes = [0] * (max(dist.values()) + 1)
    for d in dist.values():
        sizes[d] += 1
    return dist, sizes


def reference_key(board):
    _, _, _, pieces = klotski_ref.read(board.inline())
    return klotski_ref.key(pieces, board.target_piece().letter, False)


def test_klotski_bfs_layers_and_census_sample_match_a_plain_bfs():
    family = registry.get("klotski")
    board = replace(family.parse(SMALL), goal=(0, 2))  # 44 moves away: BFS expands 1,275 positions first
    dist, sizes = reference_layers(SMALL, "unit")
    picture, view = stopped(family, board, "bfs", 1024, {"moves": "unit"})
    assert list(picture.layers) == sizes[: len(picture.layers)]
    assert dist[reference_key(view.board)] == picture.depth
    control = SearchControl()
    family.solve(board, "census", {"moves": "unit"}, control, Limits())
    picture = control.live()
    view = control.decode(picture)
    assert picture.kind == "census" and list(picture.layers) == sizes
    assert dist[reference_key(view.board)] == picture.depth


# --- cube8 -------------------------------------------------------------------------------------------

def reference_position(board) -> tuple:
    from puzzle_explorer.puzzles.cube8 import cubes as C

    return tuple(None if o == C.EMPTY else tuple(C.COLOURS[c] for c in C.ORIENTATIONS[o])
                 for o in board.position())


@pytest.mark.parametrize("algo", ["bibfs", "idastar"])
def test_cube8_paths_are_rolls_from_the_start(algo):
    from puzzle_explorer.puzzles.cube8 import cubes as C

    family, board = preset("cube8", "cap-thirty")
    picture, view = stopped(family, board, algo, 3000)
    assert picture.kind == algo
    par = C.parity(board.position())

    def reference_path(entries):
        return [reference_position(replace(board, cubes=C.position(int(n), par))) for n in entries]

    path = reference_path(picture.path)
    assert path[0] == reference_position(board)
    for a, b in zip(path, path[1:]):
        assert b in cube8_ref.neighbours(a)
    assert len(view.moves) == len(path) - 1
    assert reference_position(view.board) == path[-1]
    if algo == "idastar":
        assert len(path) - 1 == picture.depth and picture.f <= picture.bound
        return
    goal_side = reference_path(picture.other)
    assert cube8_ref.shows(goal_side[0], board.pattern_text(""))
    for a, b in zip(goal_side, goal_side[1:]):
        assert b in cube8_ref.neighbours(a)
    assert len(path) - 1 + len(goal_side) - 1 == picture.depth


def test_cube8_table_sweep_shows_a_position_at_its_depth_and_the_layers_before():
    from puzzle_explorer.puzzles.cube8 import cubes as C
    from puzzle_explorer.puzzles.cube8.solve import build_table

    control = SearchControl()
    with control.node_cap(3000):
        built, _ = build_table(control)
    assert built is None
    picture = control.live()
    assert picture.kind == "bfs" and picture.cut and len(picture.path) == 1
    square = C.START_CLASSES[0]
    start = cube8_ref.start(square % 3, square // 3)
    seen, layer, sizes = {start}, [start], [1]
    for _ in range(picture.depth):
        layer = list({n for p in layer for n in cube8_ref.neighbours(p) if n not in seen})
        seen.update(layer)
        sizes.append(len(layer))
    assert reference_position(control.decode(picture).board) in set(layer)  # picture.depth rolls away
    assert list(picture.layers) == sizes[:picture.depth]  # the levels finished before it


# --- die ---------------------------------------------------------------------------------------------

def test_die_partial_tour_is_legal_rolls():
    family, board = preset("die", "blocked-8x8")
    picture, view = stopped(family, board, "dfs", 1000, {"goal_face": "any"}, cap_in_limits=True)
    cell, mark = board.start, die_ref.UP
    seen = {cell}
    for move in view.moves:
        dx, dy = die_ref.STEP[move["roll"]]
        cell = (cell[0] + dx, cell[1] + dy)
        assert cell == (move["to"][0] - 1, move["to"][1] - 1)
        assert board.is_open(cell) and cell not in seen
        seen.add(cell)
        mark = die_ref.TURN[move["roll"]](*mark)
        assert die_ref.NAMES[mark] == move["mark"] != "up"
    assert len(view.moves) == picture.depth and picture.deepest >= picture.depth


# --- knights -----------------------------------------------------------------------------------------

def knight_moves(cells):
    for a, b in zip(cells, cells[1:]):
        assert sorted((abs(a[0] - b[0]), abs(a[1] - b[1]))) == [1, 2], (a, b)


@pytest.mark.parametrize("solver, options, preset_id, nodes", [
    ("backtrack", {}, "classic-6x6", 5000),
    ("count", {}, "classic-6x6", 5000),  # the pruned search (Warnsdorff order only reorders it)
])
def test_knights_backtracking_paths_are_knight_moves(solver, options, preset_id, nodes):
    family, board = preset("knights", preset_id)
    picture, view = stopped(family, board, solver, nodes, options, cap_in_limits=True)
    squares = [board.cell(int(s)) for s in picture.path]
    assert squares[0] == board.start and len(set(squares)) == len(squares)
    assert not set(squares) & set(board.blocked)
    knight_moves(squares)
    assert len(view.moves) == picture.depth == len(squares) - 1
    assert picture.deepest >= picture.depth


def test_knights_walk_on_a_large_board_keeps_its_newest_squares():
    family, board = preset("knights", "big-200")
    picture, view = stopped(family, board, "warnsdorff", 5000, cap_in_limits=True)
    assert picture.cut and picture.length == picture.depth + 1 > len(picture.path)
    squares = [board.cell(int(s)) for s in picture.path]
    knight_moves(squares)
    assert len(set(squares)) == len(squares)
    tour = view.board.tour
    assert tour.first == picture.length - len(squares)  # numbered as on the whole walk
    assert "newest" in view.note


def test_knights_line_by_line_decisions_are_knight_moves():
    family, board = preset("knights", "thin-4x50")
    picture, view = stopped(family, board, "warnsdorff", 3000, cap_in_limits=True)
    decided = view.highlight
    assert len(decided) == min(picture.depth, board.squares)
    ends = {}
    for move in view.moves:
        a = (move["from"][0] - 1, move["from"][1] - 1)
        b = (move["to"][0] - 1, move["to"][1] - 1)
        knight_moves([a, b])
        assert a in decided and b in decided
        for c in (a, b):
            ends[c] = ends.get(c, 0) + 1
    assert max(ends.values(), default=0) <= 2  # pieces of one tour: no square has three moves


# --- link --------------------------------------------------------------------------------------------

def test_link_path_search_reaches_cells_with_their_fewest_segments():
    family, board = preset("link", "walled-13x11")
    tiles = board.tiles()
    a, b = tiles[0], tiles[-1]
    board = replace(board, marked=(a, b))
    picture, view = stopped(family, board, "path", 40, {"max_segments": 0}, cap_in_limits=True)
    assert picture.kind == "reach"
    reached = dict(view.board.reach)
    assert reached
    for cell, segments in reached.items():
        assert link_ref.fewest(board.rows, a, cell, board.outside) == segments, cell
    assert max(reached.values()) <= picture.depth


@pytest.mark.parametrize("preset_id, gravity", [("shisen-deadlock", False), ("shisen-long", True)])
def test_link_clearing_path_replays_as_legal_removals(preset_id, gravity):
    family, board = preset("link", preset_id)
    board = replace(board, gravity=gravity)
    picture, view = stopped(family, board, "clear", 500)
    rows = board.rows
    for move in view.moves:
        p, q = ((c[0] - 1, c[1] - 1) for c in move["pair"])
        assert rows[p[1]][p[0]] == rows[q[1]][q[0]] == move["kind"]
        assert link_ref.fewest(rows, p, q, board.outside, board.play_limit()) is not None
        rows = link_ref.remove(rows, p, q, board.gravity)
    assert len(view.moves) == picture.depth > 0 and picture.deepest >= picture.depth
    assert rows == view.board.rows


# --- tiles -------------------------------------------------------------------------------------------

HARDEST_8 = 31  # moves from the preset hardest-8a to the goal


def replay_tiles(tiles, width, moves) -> tuple:
    """The tiles after moves, each checked to slide a tile beside the blank into it."""
    tiles = list(tiles)
    for m in moves:
        (fx, fy), (tx, ty) = (m["from"][0] - 1, m["from"][1] - 1), (m["to"][0] - 1, m["to"][1] - 1)
        assert abs(fx - tx) + abs(fy - ty) == 1, m
        frm, to = fy * width + fx, ty * width + tx
        assert tiles[to] == 0 and tiles[frm] == m["tile"] != 0, m
        tiles[to], tiles[frm] = tiles[frm], 0
    return tuple(tiles)


def manhattan(tiles, goal, width) -> int:
    at = {t: (i % width, i // width) for i, t in enumerate(goal)}
    return sum(abs(i % width - at[t][0]) + abs(i // width - at[t][1]) for i, t in enumerate(tiles) if t != 0)


@pytest.mark.parametrize("solver, options", [
    ("idastar", {"heuristic": "manhattan"}),  # the family's own IDA*: the blank's cells on its stack
    ("idastar", {"heuristic": "linear-conflict"}),
    ("bfs", {}), ("astar", {}), ("bibfs", {}),  # the engine's searches over packed positions
])
def test_tiles_paths_replay_as_slides_from_the_start(solver, options):
    family, board = preset("tiles", "hardest-8a")
    picture, view = stopped(family, board, solver, 3000, options, cap_in_limits=solver == "idastar")
    assert picture.kind == solver and not picture.cut
    w, goal = board.width, board.goal_tiles()
    assert replay_tiles(board.tiles, w, view.moves) == tuple(view.board.tiles)
    if solver == "bibfs":
        assert replay_tiles(goal, w, view.other_moves) == tuple(view.other.tiles)  # the goal side, from the goal
        assert len(view.moves) + len(view.other_moves) == picture.depth
        return
    assert len(view.moves) == picture.depth == picture.length - 1
    if solver == "astar":
        assert picture.g == picture.depth and picture.f <= HARDEST_8
    if solver == "idastar":
        h = manhattan(view.board.tiles, goal, w)
        assert picture.g == picture.depth and picture.f <= picture.bound <= HARDEST_8
        assert picture.h == h if options["heuristic"] == "manhattan" else (picture.h >= h and (picture.h - h) % 2 == 0)
        assert picture.iterations and all(bound <= HARDEST_8 for bound, _ in picture.iterations)


def test_tiles_census_shows_a_position_of_its_layer():
    family, board = preset("tiles", "two-by-four")
    control = SearchControl()
    family.solve(board, "census", {}, control, Limits())
    picture = control.live()
    view = control.decode(picture)
    assert picture.kind == "census" and sum(picture.layers) == 20160  # a 2x4 board's half of 8!
    assert sorted(view.board.tiles) == sorted(board.tiles)
