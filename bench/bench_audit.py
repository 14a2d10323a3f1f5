"""How fast the auditor is: 48-game four-seat lists audited per second on one core.

    python bench/bench_audit.py [--lists 10000]

The lists are simulated (audit.simulate), one in five with a seeded error, so that the
correction runs too. Target (issue): 10,000 lists in under 10 s.
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from audit.auditor import audit  # noqa: E402
from audit.simulate import ERROR_KINDS, seeded, simulate  # noqa: E402


def make_lists(n: int, distinct: int = 500):
    rng = random.Random(2024)
    pool = []
    for i in range(distinct):
        if i % 5 == 0:
            pool.append(seeded(rng, ERROR_KINDS[i // 5 % len(ERROR_KINDS)], 4)[0])
        else:
            pool.append(simulate(rng, seats=4, early_end=False))
    return [pool[i % distinct] for i in range(n)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lists", type=int, default=10_000)
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})      # one core
    lists = make_lists(args.lists)
    start = time.perf_counter()
    findings = 0
    for sl in lists:
        findings += len(audit(sl).findings)
    seconds = time.perf_counter() - start
    print(f"audited {len(lists)} lists of 48 games in {seconds:.2f} s on one core "
          f"({len(lists) / seconds:,.0f} lists/s, {findings} findings) — "
          f"Python {platform.python_version()}, {platform.processor() or platform.machine()}")


if __name__ == "__main__":
    main()
