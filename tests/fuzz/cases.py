"""Drawing reproducible fuzz cases: each case knows its seed, and says it when it fails."""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from tests.fuzz.conftest import SEED, SHARE


@dataclass
class Case:
    """One board of one family's fuzz run."""

    family: str
    index: int
    kind: str  # which generator drew it (random, lone piece, largest ...)
    board: object
    extra: dict = field(default_factory=dict)

    def where(self) -> str:
        """What to quote when the case fails: the seed that draws it again, and the board."""
        text = self.extra.get("text") or getattr(self.board, "inline", lambda: repr(self.board))()
        rest = {k: v for k, v in self.extra.items() if k not in ("text", "answers")}
        return f"FUZZ_SEED={SEED} {self.family} case {self.index} ({self.kind}): {text!r}" + (f" {rest}" if rest else "")

    def __str__(self) -> str:
        return f"{self.index}-{self.kind}"


def draw(family: str, offset: int, count: int, generators: list) -> list[Case]:
    """count cases: generator i of the list draws case i mod len(list), so every kind appears.

    A generator returns (kind, board, extra) or None to be asked again. Under FUZZ_SHARE below 1,
    the first cases of the same draw, at least one from each generator.
    """
    count = min(count, max(len(generators), math.ceil(count * SHARE)))
    rng = random.Random(SEED * 1_000_003 + offset)
    out = []
    while len(out) < count:
        gen = generators[len(out) % len(generators)]
        made = gen(rng)
        if made is not None:
            kind, board, extra = made
            out.append(Case(family, len(out), kind, board, extra))
    return out
