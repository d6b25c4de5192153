"""`make bench`: every benchmark, each against its peer program in the same run.

    python -m bench [SECTION ...]     sections: the modules bench/<name>.py with a run(report, bin_dir)
"""
from __future__ import annotations

import importlib
import pkgutil
import sys

from bench import harness
from puzzle_explorer import core  # noqa: F401  (the kernel cache, before numba loads)

SKIP = {"harness"}


def sections() -> list[str]:
    import bench
    return [m.name for m in pkgutil.iter_modules(bench.__path__) if m.name not in SKIP and not m.name.startswith("_")]


def main(argv: list[str]) -> int:
    wanted = argv or sections()
    unknown = [w for w in wanted if w not in sections()]
    if unknown:
        print(f"unknown section(s): {', '.join(unknown)}; have: {', '.join(sections())}")
        return 2
    bin_dir = harness.build_peers()
    report = harness.Report()
    for name in wanted:
        print(f"\n== {name} ==", flush=True)
        importlib.import_module(f"bench.{name}").run(report, bin_dir)
    report.save(harness.WORK / "results.json")
    missed = [r.what for r in report.rows if r.ok is False]
    print(f"\n{len(report.rows)} measurements, {len(missed)} below their goal"
          + (": " + "; ".join(missed) if missed else ""))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
