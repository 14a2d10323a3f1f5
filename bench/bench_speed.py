"""Where the time of a 12-megapixel photo goes, on one core.

    python bench/bench_speed.py [--seeds 7,8] [--seats 3,4] [--rounds 3] [--no-dash]

The whole digitize (JPEG decode, locate, read, decode with its second look) of the 12 MP photos
bench/bench_digitize.py times (``photo_12mp``: sample SEED's list at a table of SEATS, test writers), each
photo ROUNDS times in turn in one process, pinned to one core with OpenCV on one thread. Per photo: the
fastest round and the median, each stage of the fastest round, how many cells the gate passed as empty or as
a dash and how many the networks read. ``--no-dash`` runs a second reader beside the packaged one whose
gate passes no dash (its dash threshold above 1), alternating with it round by round, so that the two are
timed under the same conditions (docs/reader.md, "The gate").
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cv2  # noqa: E402

import digitize.pipeline as pipeline  # noqa: E402
from digitize.reader import CellReader  # noqa: E402

from bench_digitize import photo_12mp  # noqa: E402


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="7,8", help="sample seeds, comma-separated (default: %(default)s)")
    ap.add_argument("--seats", default="3,4", help="tables of three and/or four (default: %(default)s)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--no-dash", action="store_true", help="time a reader whose gate passes no dash beside it")
    args = ap.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    cv2.setNumThreads(1)
    photos = {(seed, seats): photo_12mp(seed, seats) for seed in map(int, args.seeds.split(","))
              for seats in map(int, args.seats.split(","))}
    readers = {"packaged": CellReader()}
    if args.no_dash:
        readers["no dash"] = CellReader(gate_thresholds={**readers["packaged"].gate_thresholds, "-": 1.01})
    times: dict = {}
    best: dict = {}
    for _ in range(args.rounds):
        for name, reader in readers.items():
            pipeline._ENGINES["skatscan"] = reader
            for key, data in photos.items():
                t0 = time.perf_counter()
                image = cv2.imdecode(data, cv2.IMREAD_COLOR)
                t1 = time.perf_counter()
                d = pipeline.digitize_image(image)
                total = time.perf_counter() - t0
                times.setdefault((name, key), []).append(total)
                if total <= min(times[(name, key)]):
                    passed = [r for r in d.reads if not r.probs and not r.ref.startswith("signature.")]
                    best[(name, key)] = {"jpeg": t1 - t0, **{k: d.timings[k] for k in ("locate", "read", "decode")},
                                         "cells": len(d.reads), "empty": sum(r.text == "" for r in passed),
                                         "dash": sum(r.text == "-" for r in passed)}
    pipeline._ENGINES.pop("skatscan", None)
    print(f"12 MP photos (4000 x 3000 JPEG), one core, {args.rounds} rounds each, in turn\n")
    print("| reader | seed | seats | fastest s | median s | JPEG | locate | read | decode | cells | gate: empty | "
          "gate: dash | networks read |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for (name, (seed, seats)), ts in times.items():
        b = best[(name, (seed, seats))]
        print(f"| {name} | {seed} | {seats} | {min(ts):.2f} | {statistics.median(ts):.2f} | {b['jpeg']:.2f} | "
              f"{b['locate']:.2f} | {b['read']:.2f} | {b['decode']:.2f} | {b['cells']} | {b['empty']} | {b['dash']} | "
              f"{b['cells'] - b['empty'] - b['dash']} |")


if __name__ == "__main__":
    main()
