"""Editing with the keyboard's operations, and drawings that read without colour."""
import pytest
from rich.console import Console

from puzzle_explorer.core.errors import InputError
from puzzle_explorer.core.run.progress import SearchControl
from puzzle_explorer.core.run.search import Limits
from puzzle_explorer.puzzles import registry
from puzzle_explorer.puzzles.die import FAMILY
from puzzle_explorer.puzzles.die.board import open_board, parse
from puzzle_explorer.puzzles.die.editor import ACTIONS
from puzzle_explorer.puzzles.die.solve import solve
from puzzle_explorer.puzzles.interface import View
from tests.keys import keys_taken_while_editing

ACT = {a.id: a.apply for a in ACTIONS}


def plain(renderable, width=100) -> str:
    console = Console(width=width, no_color=True, color_system=None, record=True)
    console.print(renderable)
    return console.export_text()


def test_the_family_is_registered_with_its_hooks():
    fam = registry.get("die")
    assert fam is FAMILY
    assert {s.id for s in fam.solvers} == {"dfs", "all"}
    assert fam.dimensions(fam.new_board()) == (8, 8)
    assert fam.format(fam.new_board()) == fam.format(fam.parse(fam.presets[0].text))
    for a in ACTIONS:
        assert a.key not in keys_taken_while_editing() and not a.key.startswith(("ctrl+", "f"))
    assert len({a.key for a in ACTIONS}) == len(ACTIONS)


def test_block_start_goal_and_clear():
    b = open_board(4, 4)
    b, cur = ACT["block"](b, (2, 1), "")
    assert (2, 1) in b.blocked and cur == (2, 1)
    b, _ = ACT["block"](b, (2, 1), "")
    assert (2, 1) not in b.blocked
    b, _ = ACT["start"](b, (3, 3), "")
    b, _ = ACT["goal"](b, (1, 1), "")
    assert (b.start, b.goal) == ((3, 3), (1, 1))
    b, _ = ACT["start"](b, (1, 1), "")  # onto the goal: they swap
    assert (b.start, b.goal) == ((1, 1), (3, 3))
    b, _ = ACT["block"](b, (0, 0), "")
    b, _ = ACT["clear"](b, (0, 0), "")
    assert not b.blocked


def test_edits_refuse_with_a_reason():
    b = open_board(4, 4)
    with pytest.raises(InputError, match="the start cannot be blocked"):
        ACT["block"](b, (0, 0), "")
    b, _ = ACT["block"](b, (2, 2), "")
    with pytest.raises(InputError, match="blocked"):
        ACT["goal"](b, (2, 2), "")
    with pytest.raises(InputError, match="no blocked cells"):
        ACT["clear"](open_board(4, 4), (0, 0), "")
    with pytest.raises(InputError, match="1x1 to 12x12"):
        ACT["wider"](open_board(12, 3), (0, 0), "")
    with pytest.raises(InputError, match="edge being removed"):
        ACT["shorter"](open_board(4, 4), (0, 0), "")  # the goal is on the bottom row


def test_resize_keeps_what_fits_and_moves_the_cursor_inside():
    b = parse("S..#/..../G...")
    wider, cur = ACT["wider"](b, (3, 2), "")
    assert wider.width == 5 and wider.blocked == b.blocked
    narrower, cur = ACT["narrower"](b, (3, 2), "")
    assert narrower.width == 3 and not narrower.blocked and cur == (2, 2)


def test_edits_drop_a_drawn_tour():
    sol = solve(parse("S.#.../G...../....../....../....../#....."), "dfs", {}, SearchControl(), Limits())
    shown = sol.steps[5].board
    assert len(shown.tour) == 6
    edited, _ = ACT["block"](shown, (5, 5), "")
    assert edited.tour == ()


def test_empty_board_reads_without_colour():
    text = plain(FAMILY.render(parse("S.#/.../G..")))
    lines = text.splitlines()
    assert lines[0].split() == ["S", "·", "██"]  # eight open cells: one digit and a glyph a cell
    assert lines[2].split() == ["G", "·", "·"]


def test_a_step_shows_the_path_the_die_and_where_the_mark_faces():
    sol = solve(parse("S.#.../G...../....../....../....../#....."), "dfs", {}, SearchControl(), Limits())
    step = sol.steps[3]
    x, y, _ = step.board.tour[-1]
    text = plain(FAMILY.render(step.board, View(highlight=step.highlight)))
    mark = step.data["mark"]
    arrow = {"north": "↑", "south": "↓", "east": "→", "west": "←", "up": "●", "down": "○"}[mark]
    where = {"up": "on top", "down": "underneath"}.get(mark, f"faces {mark}")
    assert f"die {x + 1},{y + 1} · cell 4/34" in text and f"mark ♥ {where} {arrow}" in text
    assert "1●" in text and f"4{arrow}" in text
    assert "[♥]" in text or mark == "down"  # the heart is on a visible face unless underneath
    assert "G" in text  # the goal is not reached yet
    last = plain(FAMILY.render(sol.steps[-1].board))
    assert "34●" in last and "G" not in last.splitlines()[1]


@pytest.mark.parametrize("size,cols", [((8, 8), 6), ((12, 12), 5), ((6, 6), 8), ((12, 12), 3)])
def test_the_die_and_its_legend_keep_within_the_pane(size, cols):
    """A narrow pane (60x20's shows 6 cells of 8x8) gets the die's description shortened, or under the
    die, and the legend on two lines: no line is wider than the cells shown, and nothing is lost."""
    from dataclasses import replace
    classic = next(p for p in FAMILY.presets if p.id == "classic-8x8")
    rolled = solve(FAMILY.parse(classic.text), "dfs", {}, SearchControl(), Limits()).steps[4].board
    board = replace(open_board(*size), tour=rolled.tour)  # five cells down the first column
    x, y, _ = board.tour[-1]
    wide = FAMILY.cell_size(0, board)[0]
    text = plain(FAMILY.render(board, View(cells=(cols, size[1]))))
    lines = [line.rstrip() for line in text.splitlines()]
    assert max(len(line) for line in lines) <= cols * wide
    n = len(board.tour)
    assert (f"{x + 1},{y + 1} · {n}/" in text or f"die {x + 1},{y + 1} · cell {n}/" in text) and "top shows" in text
    assert " ".join(" ".join(lines).split()).count("mark: ↑N ↓S →E ←W ● up ○ down") == 1
    full = plain(FAMILY.render(board))  # no pane: the long words, the legend on one line
    assert f"die {x + 1},{y + 1} · cell {len(board.tour)}/" in full and "mark: ↑N ↓S →E ←W ● up ○ down" in full


def test_viewport_cursor_and_overview():
    b = open_board(12, 12)
    text = plain(FAMILY.render(b, View(cursor=(1, 0), origin=(1, 0), cells=(4, 3))))
    lines = text.splitlines()
    assert len(lines) == 3 and lines[0].startswith("[   ·]   ·")
    small = plain(FAMILY.render(b, View(zoom=1)))
    assert small.splitlines()[0].startswith(" S · ·") and FAMILY.cell_size(1) == (2, 1)


def test_cells_are_as_wide_as_the_longest_tour_number():
    assert FAMILY.cell_size(0, open_board(8, 8)) == (4, 1)  # 64: the classic board fits 80 columns
    assert FAMILY.cell_size(0, open_board(12, 12)) == (5, 1)
    last = plain(FAMILY.render(solve(open_board(4, 4), "dfs", {}, SearchControl(), Limits()).steps[-1].board))
    assert all(len(line.rstrip()) <= 4 * 4 + 1 for line in last.splitlines()[:4])
