"""Named boards: the article's test cases, the chessboard, thin and huge boards, boards with holes.

Every preset's answer was checked by the project's own solvers (tests/knights).
"""
from puzzle_explorer.puzzles.interface import Preset

PRESETS = (
    Preset("classic-4x4", "Classic 4x4 from 1,1", "S.../..../..../....",
           "no tour: plain backtracking visits 2223 squares to prove it"),
    Preset("classic-5x5-centre", "Classic 5x5 from 3,3", "...../...../..S../...../.....",
           "plain backtracking finds a tour after 11077 squares"),
    Preset("classic-5x5-corner", "Classic 5x5 from 1,1", "S..../...../...../...../.....",
           "plain backtracking finds a tour after 76497 squares; 304 tours in all"),
    Preset("classic-6x6", "Classic 6x6 from 4,2", "....../...S../....../....../....../......",
           "plain backtracking finds a tour after 2029720 squares"),
    Preset("classic-7x7", "Classic 7x7 from 3,3", "......./......./..S..../......./......./......./.......",
           "plain backtracking finds a tour after 12799463 squares"),
    Preset("chessboard", "Chessboard 8x8", "S......./......../......../......../......../......../......../........",
           "open tour from the corner"),
    Preset("chessboard-closed", "Closed tour 8x8",
           "S......./......../......../......../......../......../......../........\ntour: closed",
           "a closed (re-entrant) tour"),
    Preset("odd-minority", "5x5 from 2,1", ".S.../...../...../...../.....",
           "no tour: 2,1 is on the colour with fewer squares"),
    Preset("thin-3x10-closed", "3x10 closed", "S........./........../..........\ntour: closed",
           "the smallest closed tour three squares wide"),
    Preset("thin-4x50", "4x50 from 1,1", "size: 50x4\nstart: 1,1",
           "four wide: open tours start and end on an edge line"),
    Preset("ring-8x8", "8x8 with the centre blocked",
           "S......./......../......../...##.../...##.../......../......../........",
           "a tour around a hole"),
    Preset("big-200", "200x200 from the centre", "size: 200x200\nstart: 100,100",
           "Warnsdorff's rule on 40,000 squares"),
    Preset("big-1000", "1000x1000 from 1,1", "size: 1000x1000\nstart: 1,1",
           "a million squares; pan with the arrows, zoom out for the overview"),
    Preset("big-1000-closed", "1000x1000 closed", "size: 1000x1000\nstart: 500,500\ntour: closed",
           "a closed tour on a million squares"),
)
BY_ID = {p.id: p for p in PRESETS}
