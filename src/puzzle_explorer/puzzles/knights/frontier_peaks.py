"""The most states a frontier count holds at once, by the board's two sides, as measured here (open
tours): what the guesses of its memory and time start from, and which of the two total-only sweeps
counts a board from every square faster.

A peak grows with the board's length, fast at first and then hardly at all (the frontier is a line
across the shorter side; a longer board only lets more of its patterns be reached). A board between
two measured lengths takes the longer one's figure. Past the longest measured, a width whose figures
had stopped growing takes the last one; the others grow by PAST_MEASURED a line. The 7- and 8-wide
figures are projections (docs/knights.md): no sweep of them but 7x7's halves has reached its peak.
"""
from __future__ import annotations

from dataclasses import dataclass

# Growth a line past the longest measured board where the peak was still growing: the most any width
# grew by between two measured lengths (6-wide halves, 1.9 to 7.3 million from 6x7 to 6x8).
PAST_MEASURED = 4
UNKNOWN = 10 ** 12  # a width no table has: more than any budget


@dataclass(frozen=True)
class Peaks:
    """Peaks measured by width, then by length; `settled`: the widths whose peak had stopped growing
    at the longest board measured."""

    measured: dict[int, dict[int, int]]
    settled: frozenset[int]

    def at(self, width: int, length: int) -> int:
        """The peak for a board `width` across and `length` long."""
        by_length = self.measured.get(width)
        if by_length is None:
            return UNKNOWN
        longer = [n for n in by_length if n >= length]
        if longer:
            return by_length[min(longer)]
        longest = max(by_length)
        if width in self.settled:
            return by_length[longest]
        return min(UNKNOWN, by_length[longest] * int(PAST_MEASURED ** (length - longest)))


# One start square (and closed tours). 6x6 from a corner 2,552,727, 6x7 7,014,631, 6x8 11,428,748,
# 6x9 and 6x10 16,375,890, 6x12 17,274,646 (other squares held fewer: 6x6 from (2,2) 1,409,745, 6x8
# from (2,3) 8,739,092; 5x16 from a corner 637,659). The other widths take the figures of a sweep with
# no start, which holds more: 3- to 5-wide the longest boards measured, whose peak had stopped
# growing; 7x7, folded with its mirror images, held 299,784,901 states at step 39 of 64 and still grew
# 1.3-1.5x a step; 8x8 held 178,989,295 at step 29 of 81, growing 1.77x (docs/knights.md). (The 3- to
# 5-wide figures are an earlier stop's, above what the same boards held when FREE_ENDS was measured.)
FROM_A_START = Peaks({1: {1: 1}, 2: {1: 1}, 3: {30: 2_200}, 4: {20: 20_000}, 5: {16: 1_000_000},
                      6: {6: 2_600_000, 7: 7_100_000, 8: 11_500_000, 9: 16_400_000, 10: 16_400_000,
                          12: 17_300_000},
                      7: {7: 660_000_000}, 8: {8: 150_000_000_000}}, frozenset(range(1, 7)))
# Free ends, the total from every square in one sweep (any cell may become one of the two ends):
# 3x30 1,133; 4x20 10,865; 5x12 to 5x16 748,294; 6x6 3,767,635, 6x7 11,837,242, 6x8 16,430,097,
# 6x9 19,992,015, 6x10 20,724,256, 6x12 20,869,442; 7- and 8-wide as for one start.
FREE_ENDS = Peaks({1: {1: 1}, 2: {1: 1}, 3: {30: 1_200}, 4: {20: 11_000}, 5: {16: 750_000},
                   6: {6: 3_800_000, 7: 11_900_000, 8: 16_500_000, 9: 20_000_000, 10: 20_800_000, 12: 21_000_000},
                   7: {7: 660_000_000}, 8: {8: 150_000_000_000}}, frozenset(range(1, 7)))
# Meeting in the middle (meet.py), the most states a half's edge held, with bare vertices that have
# one edge left taken for tour ends: 3x30 2,152; 4x20 19,580; 5x5 13,574, 5x6 33,903, 5x8 160,282,
# 5x9 307,440, 5x10 626,800, 5x12 951,284, 5x14 1,022,745, 5x16 1,026,117; 6x6 798,796, 6x7 1,921,495,
# 6x8 7,300,543, 6x9 10,981,007, 6x10 22,347,002; 7x7 39,474,695. 8x8 held 167,160,510 at edge 51 of
# 84: its figure carries that on as 7x7 grew from the same share of its edges to its peak (11.5x).
MEET = Peaks({1: {1: 1}, 2: {1: 1}, 3: {30: 2_200}, 4: {20: 20_000},
              5: {5: 14_000, 6: 34_000, 8: 161_000, 9: 308_000, 10: 627_000, 12: 952_000, 14: 1_023_000,
                  16: 1_027_000},
              6: {6: 800_000, 7: 1_922_000, 8: 7_301_000, 9: 10_982_000, 10: 22_348_000},
              7: {7: 39_474_695}, 8: {8: 1_900_000_000}}, frozenset(range(1, 6)))

# The longest board, by its width, whose total from every square meeting in the middle counted faster
# here than the free-ends sweep (both on 2 threads: 5x9 0.6 s against 1.2 s, 5x10 2.2 s against 1.9 s;
# 6x8 28 s against 51 s, 6x9 164 s against 80 s, 6x10 328 s against 115 s). A long half reaches more of
# its frontier's patterns, and the join pairs up more of them, while the free-ends sweep's peak
# settles. 3- and 4-wide boards take under a second either way (4x20 meets in 0.09 s against 0.13 s);
# 7- and 8-wide free-ends sweeps would not fit one machine's memory.
MEETS_FASTER_UP_TO = {5: 9, 6: 8}


def meets_faster(width: int, length: int) -> bool:
    """Whether meeting in the middle counts this board's total from every square faster than the
    free-ends sweep."""
    return length <= MEETS_FASTER_UP_TO.get(width, length)
