"""The actors of core/scale/counts_ray.py in this process, without Ray: the same CountsActor objects,
asked what CountsPool asks of them, each step's actors taken in a random order. The tests of a sweep's
split (and the fuzz target, under bounds checks) run on it; a Ray cluster runs the same actors for
the tests that ask for one."""
import random

import numpy as np

from puzzle_explorer.core.scale.counts_ray import CountsActor


class HerePool:
    def __init__(self, parts, sweep, order=0):
        self.parts = parts
        self.rng = random.Random(order)
        self.actors = [CountsActor(i, parts, sweep, []) for i in range(parts)]

    def _shuffled(self):
        at = list(range(self.parts))
        self.rng.shuffle(at)
        return at

    def ready(self, tick):
        pass

    def seed(self, pairs, tick):
        return sum(self.actors[i].seed(pairs) for i in self._shuffled())

    def step(self, step, room, tick):
        whole = 0
        for i in self._shuffled():
            whole += self.actors[i].expand(step, room)
            tick()
        runs = [a.runs() for a in self.actors]
        runs = [r if isinstance(r, tuple) else (r,) for r in runs]
        n = 0
        for p in self._shuffled():
            n += self.actors[p].merge(room, *[runs[src][p] for src in self._shuffled()])
        return n, whole

    def keep(self, name, tick):
        for a in self.actors:
            a.keep(name)

    def held(self, tick, name=None):
        return np.concatenate([a.held(name) for a in self.actors])

    def call(self, method, tick):
        return [a.call(method) for a in self.actors]

    def cross(self, method, name, tick):
        return [a.call(method, b.kept_item(name)) for a in self.actors for b in self.actors]

    def stop(self, code):
        for a in self.actors:
            a.stop(code)
