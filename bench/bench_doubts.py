"""How often a finding told as an error on paper does not survive the referee's reading of a cell read in doubt.

    python bench/bench_doubts.py [--start 0] [--lists 12000]

The property of tests/audit/test_doubt_properties.py (every finding told as an error on paper is still one, same
code, game and seat (a footer finding its line too), after the referee reads any one doubtful cell as any one of the
reader's candidates), over a sweep of seeded lists instead of the test's 100 drawn examples: list ``seed`` has 3 or
4 seats by the seed's parity, its kind (tournament, tournament, home, private), penalties entered (home and private
lists only) and 1-5 cells in doubt in turn from the seed (tests/audit/doubtful_lists.py). Prints each list that
breaks the property (seed, seats, kind, penalties, doubts; the cell, the reading, and the finding that went or
became doubtful) and the count. Takes about a minute a core per 1,100 lists.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from audit.auditor import audit  # noqa: E402
from tests.audit.doubtful_lists import doubtful_list, key, lost_sure_findings, settled  # noqa: E402

KINDS = ("tournament", "tournament", "home", "private")


def params(seed: int) -> tuple[int, str, bool, int]:
    """(seats, kind, penalties, doubts) of the sweep's list ``seed``."""
    kind = KINDS[(seed // 2) % len(KINDS)]
    return 3 + seed % 2, kind, (seed // 8) % 2 == 0 and kind != "tournament", 1 + (seed // 16) % 5


def broken(seed: int) -> list[str]:
    """What breaks the property on list ``seed``: a line per finding that went or became doubtful."""
    seats, kind, penalties, doubts = params(seed)
    sl = doubtful_list(seed, seats, kind, penalties, doubts=doubts)
    out = []
    for ref, value, f in lost_sure_findings(sl, audit):
        after = {key(a) for a in audit(settled(sl, ref, value)).findings}
        how = "doubtful" if key(f) in after else "gone"
        out.append(f"{seed} ({seats} seats, {kind}, penalties {penalties}, {doubts} doubts): {ref} read {value!r}: "
                   f"{f.key} (game {f.game}, seat {f.seat}{', ' + f.field if f.code == 'footer' else ''}) {how}")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--lists", type=int, default=12000)
    args = ap.parse_args()
    lists = 0
    for seed in range(args.start, args.start + args.lists):
        lines = broken(seed)
        lists += bool(lines)
        for line in lines:
            print(line, flush=True)
    print(f"{lists} of {args.lists} lists (seeds {args.start}-{args.start + args.lists - 1}) break the property")
    return 0


if __name__ == "__main__":
    sys.exit(main())
