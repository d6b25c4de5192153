"""core/scale/counts_ray.py's CountsPool in this process, without Ray: the pool's own code, given a
stand-in for the ray module whose actors are plain objects and whose calls are answered at once. The
tests of a sweep's split (and the fuzz target, under bounds checks) run on it; a Ray cluster runs
the same pool for the tests that ask for one. `order` shuffles the order the owners add up what
they were handed, as on a cluster the buckets arrive in any order."""
from types import SimpleNamespace

from puzzle_explorer.core.scale.counts_ray import CountsPool


class _Method:
    def __init__(self, bound, returns=1):
        self.bound, self.returns = bound, returns

    def options(self, num_returns=1):
        return _Method(self.bound, num_returns)

    def remote(self, *args):
        got = self.bound(*args)  # a sweep's exception is raised here, as gather raises it on a cluster
        return list(got) if self.returns > 1 else got


class _Actor:
    def __init__(self, obj):
        self._obj = obj

    def __getattr__(self, name):
        return _Method(getattr(self._obj, name))


class _ActorClass:
    def __init__(self, cls):
        self.cls = cls

    def remote(self, *args):
        return _Actor(self.cls(*args))


class _NoException(Exception):
    """Never raised: the stand-in's calls raise the actor's own exception where they are made."""


def ray_here(memory=0):
    """The stand-in, reporting `memory` bytes over the cluster's nodes (0: none, as if unknown)."""
    resources = {"memory": float(memory)} if memory else {}
    return SimpleNamespace(**{**vars(RAY_HERE), "cluster_resources": lambda: resources,
                              "available_resources": lambda: resources})


RAY_HERE = SimpleNamespace(
    cluster_resources=lambda: {},
    available_resources=lambda: {},
    remote=lambda **options: _ActorClass,
    put=lambda value: value,
    wait=lambda refs, num_returns, timeout: (refs, []),
    get=lambda refs: refs,
    kill=lambda actor: None,
    exceptions=SimpleNamespace(RayActorError=_NoException, WorkerCrashedError=_NoException,
                               ObjectLostError=_NoException, RayTaskError=_NoException),
)


def HerePool(parts, sweep, order=0, memory=0):  # noqa: N802 (it stands where a pool class is named)
    return CountsPool(ray_here(memory), parts, sweep, [], order=order)
