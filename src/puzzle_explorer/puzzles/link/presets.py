"""Named link boards: the contest sample, the reference solver's worst case, traps, and boards to clear."""
from puzzle_explorer.puzzles.interface import Preset


def _rows(*rows: str) -> str:
    return "\n".join(rows) + "\n"


def walled_13x11() -> str:
    """13x11, one A walled in by B tiles, the other A in open space: no path at any segment count."""
    grid = [["."] * 13 for _ in range(11)]
    grid[2][2] = "A"
    grid[5][8] = "A"
    for x, y in ((8, 4), (7, 5), (9, 5), (8, 6)):
        grid[y][x] = "B"
    return _rows(*("".join(r) for r in grid)) + "marked: 3,3 9,6\n"


def serpentine(side: int = 100) -> str:
    """A side x side maze of walls (#) with one winding corridor from A at the top to A at the bottom."""
    grid = [["."] * side for _ in range(side)]
    for y in range(1, side - 1, 2):
        gap = side - 1 if y % 4 == 1 else 0
        for x in range(side):
            if x != gap:
                grid[y][x] = "#"
    grid[0][0] = "A"
    grid[side - 1][0] = "A"
    return _rows(*("".join(r) for r in grid)) + f"outside: no\nmarked: 1,1 1,{side}\n"


PRESETS = (
    Preset("starter", "Starter 8x6", _rows(
        "CEAEAFFB", "EDFCBCBB", "CDDADDDB", "EEAACABB", "EDFFCFDB", "CAFCEEFA"),
        "six kinds, clearable; the board the app starts with"),
    Preset("the-game", "The Game (contest sample)", _rows(
        "XXXXX", "X...X", "XXX.X", ".XXX.") + "marked: 2,3 5,3\n",
        "the classic contest's sample: 2,3 to 5,3 takes 4 segments, round the outside"),
    Preset("walled-13x11", "Walled in, 13x11", walled_13x11(),
           "one end enclosed, the other in the open: no path however many segments"),
    Preset("direction-trap", "Direction trap", _rows(
        "XX..X.", "X.X...", "XX.XXX", "..XX..", "XXXX..") + "marked: 1,3 5,3\n",
        "1,3 to 5,3 takes 4 segments round the outside; remembering only cells gives 6"),
    Preset("crossed", "Crossed pairs", _rows("AB", "BA"),
           "no order clears it with 3 segments (each pair needs 4)"),
    Preset("classic-12x8", "Classic 12x8", _rows(
        "LDOKDOALKAII", "NKBFJOFLOBJN", "CCMNFMNJJPFK", "LKFDEPPOHLFN", "NIIOHEDGGLAK", "JGPBDEEAABMP",
        "JHCHDBCABGMP", "CHGMECIIHMGE"),
        "sixteen kinds, clearable"),
    Preset("shisen-18x8", "Shisen-Sho 18x8", _rows(
        "HYYVZfAhhFfNZKNAVF", "iKQEUMUQUDKTTKEUVO", "IgBOMGbMeGjjRbOZWI", "HgBeAafPeiDNPaAZhI",
        "IDHHGiefBQDNGBQdhL", "ccRRYYLjJdddJLjRVO", "iFJSgCFMSJcCCgWCcL", "TbaESXPXaEWWXbTSXP"),
        "the classic layout: 36 kinds, four of each, clearable"),
    Preset("shisen-deadlock", "Shisen-Sho, no way out", _rows(
        "GEDFFLHKLYfJAIZVgN", "XCbAKegCbQJfLCaXah", "DDdfMJQOgSPBOEdTYc", "TibUgIBFiZhjUOTWYN",
        "ZEcUKWiTPMVUjPEhMR", "DHdShKRIQRGicLRajZ", "OAJeSGBNcaVdGBSFPV", "NfIMHeHCjWXWeYXAQb"),
        "a shuffled 18x8 that cannot be cleared: the proof searches some 35,000 positions"),
    Preset("shisen-long", "Shisen-Sho, a long search", _rows(
        "JHAFYAKVNXiIcgTXMU", "WCSgAHfceNdAIGRHia", "TQRGBMZScGjjQbIOLX", "RZQIefDeOYSLOBPNJU",
        "GMCNjjdaVfYEgTdQaU", "DRVDWhChhiHWKcTeFS", "PfFPiEOYPDJXbJMELC", "bdFbKUBZVWLhKZaBgE"),
        "a shuffled 18x8 that can be cleared, found after some 380,000 positions"),
    Preset("gravity-10x6", "Gravity 10x6", _rows(
        "CHDHDGEAAD", "HHEDDDHABA", "BFEFGCEEBB", "CFFGGGCHBD", "ABAAFEEECC", "BFBAGDCCFF") + "gravity: yes\n",
        "eight kinds; tiles fall after each removal; clearable"),
    Preset("serpentine-100", "Serpentine 100x100", serpentine(),
           "one corridor winding through a 100x100 maze: the path takes 99 segments"),
)

BY_ID = {p.id: p for p in PRESETS}
