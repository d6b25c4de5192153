"""Random test cases: start squares and patterns, with the reference's answers.

The answers take the plain reference seconds of Python, so they are worked out when a test first
asks, once per process, rather than when pytest collects the module (in every worker)."""
import functools
import random

from tests.puzzles.cube8 import reference as R


def walked_pattern(rng, begin, rolls):
    """The tops after `rolls` random rolls from begin (its answer is at most `rolls`)."""
    pos = begin
    for _ in range(rolls):
        pos = rng.choice(R.neighbours(pos))
    return "".join("E" if c is None else c[0] for c in pos)


def uniform_pattern(rng):
    letters = [rng.choice("WBR") for _ in range(9)]
    letters[rng.randrange(9)] = "E"
    return "".join(letters)


def random_boards(seed, n_walked, n_uniform, max_walk=24):
    """[(x, y 0-based start, 9-letter pattern)]."""
    rng = random.Random(seed)
    out = []
    for i in range(n_walked + n_uniform):
        x, y = rng.randrange(3), rng.randrange(3)
        if i < n_walked:
            pattern = walked_pattern(rng, R.start(x, y), rng.randrange(max_walk + 1))
        else:
            pattern = uniform_pattern(rng)
        out.append((x, y, pattern))
    return out


@functools.cache
def random_cases(seed, n_walked, n_uniform, max_walk=24):
    """((x, y 0-based start, 9-letter pattern, reference answer)), the boards of random_boards."""
    return tuple((x, y, pattern, R.fewest_rolls(R.start(x, y), pattern))
                 for x, y, pattern in random_boards(seed, n_walked, n_uniform, max_walk))


def rows(pattern):
    return "/".join(pattern[i:i + 3] for i in (0, 3, 6))
