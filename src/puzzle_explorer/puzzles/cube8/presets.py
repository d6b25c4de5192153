"""Named boards: easy ones, the contest's 30-roll limit on either side, and the farthest
pattern from each kind of start (a corner, an edge, the centre).

Each length is the shortest solution, found by every solver of this family
(tests/cube8 checks them); no pattern is out of reach from any start.
"""
from puzzle_explorer.puzzles.interface import Preset


def _preset(id_: str, name: str, start: str, pattern: str, rolls: int, gloss: str) -> Preset:
    rows = pattern.split("/")
    text = f"start: {start}\n" + "\n".join(rows) + "\n"
    return Preset(id_, name, text, f"{gloss}; shortest {rolls} rolls")


PRESETS = (
    _preset("three-rolls", "Three rolls", "2,1", "RBW/RWW/EWW", 3, "a short warm-up from the top edge"),
    _preset("white-across", "White across", "1,1", "WWW/WWW/WWE", 20,
            "carry the empty square to the far corner with every top white again"),
    _preset("centre-ten", "Centre, ten rolls", "2,2", "WWW/WWW/WRE", 10, "from the centre"),
    _preset("cap-thirty", "At the limit", "1,1", "WWE/BWB/RRR", 30, "exactly the contest's 30-roll limit"),
    _preset("past-the-cap", "Past the limit", "1,1", "WER/BWB/RRR", 31,
            "one roll past the contest's limit: the contest answer is -1"),
    _preset("farthest-corner", "Farthest from a corner", "1,1", "ERR/BWB/RRR", 32,
            "no pattern is farther from a corner start"),
    _preset("farthest-centre", "Farthest from the centre", "2,2", "RRR/BEB/RRR", 36,
            "no pattern is farther from the centre start"),
    _preset("farthest-edge", "Farthest of all", "2,1", "BRB/BEB/BRB", 37,
            "no pattern is farther from any start"),
)

BY_ID = {p.id: p for p in PRESETS}
