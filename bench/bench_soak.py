"""Soak: a long batch with some broken files, as after a big tournament.

    python bench/bench_soak.py [--photos 300] [--bad 0.05] [--width 1200] [--workers 2]

Makes the photos (synthetic lists, test handwriting), breaks about ``--bad`` of them
(truncated JPEG, random bytes, an empty file, a text file named .jpg), runs
``skatscan scan DIR --report OUT`` as a referee would, and reports the time, the peak memory
(the program and its workers) and whether every good photo has its result and every bad one
its one-line reason. Then it runs the same command again: everything must be skipped.
"""
from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from digitize.synth.dataset import make_sample  # noqa: E402


def make_photos(folder: Path, n: int, bad_share: float, width: int, seed: int) -> set[str]:
    rng = random.Random(seed)
    bad = set(rng.sample(range(n), max(1, round(n * bad_share))))
    names = set()
    for i in range(n):
        path = folder / f"s{1 + i // 40}-t{1 + i % 40}.jpg"
        if i in bad:
            kind = i % 4
            if kind == 0:
                sample = make_sample(seed * 1000 + i, split="test", width=width)
                data = sample.photo.jpeg_bytes[: len(sample.photo.jpeg_bytes) // 3]
            elif kind == 1:
                data = bytes(rng.randrange(256) for _ in range(5000))
            elif kind == 2:
                data = b""
            else:
                data = "Serie 1 Tisch 3: bitte nachtragen\n".encode()
            path.write_bytes(data)
            names.add(path.name)
        else:
            sample = make_sample(seed * 1000 + i, split="test", width=width)
            path.write_bytes(sample.photo.jpeg_bytes)
        print(f"  made {i + 1}/{n}", end="\r", file=sys.stderr)
    print(file=sys.stderr)
    return names


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--photos", type=int, default=300)
    ap.add_argument("--bad", type=float, default=0.05)
    ap.add_argument("--width", type=int, default=1200)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="skatscan-soak-") as tmp:
        photos, report = Path(tmp) / "photos", Path(tmp) / "report"
        photos.mkdir()
        bad = make_photos(photos, args.photos, args.bad, args.width, args.seed)
        cmd = [sys.executable, "-m", "skatscan", "scan", str(photos), "--report", str(report),
               "--workers", str(args.workers)]
        start = time.perf_counter()
        run = subprocess.run(cmd, capture_output=True, text=True)
        seconds = time.perf_counter() - start
        peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        lines = [x for x in run.stderr.splitlines() if x.startswith("skatscan: ")]
        reported = {Path(x.split(": ")[1]).name for x in lines if "/photos/" in x}
        done = {p.name.replace(".list.json", ".jpg") for p in (report / "results").glob("*.list.json")}
        manifest = json.loads((report / "results" / "manifest.json").read_text())
        good = {p.name for p in photos.iterdir()} - bad
        start = time.perf_counter()
        rerun = subprocess.run(cmd, capture_output=True, text=True)
        rerun_seconds = time.perf_counter() - start
        print("| photos | broken | exit | seconds | s/photo | peak memory (largest process) | good with result | "
              "broken with one-line reason | rerun (all skipped) |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        print(f"| {args.photos} ({args.width} px, {args.workers} workers) | {len(bad)} | {run.returncode} | "
              f"{seconds:.0f} | {seconds / args.photos:.2f} | {peak_mb:.0f} MB | {len(good & done)}/{len(good)} | "
              f"{len(bad & reported)}/{len(bad)} | {rerun_seconds:.1f} s, exit {rerun.returncode} |")
        missing = sorted(good - done)
        if missing:
            print("good photos without a result:", ", ".join(missing[:10]),
                  "| reasons:", "; ".join(manifest.get(m[:-4], {}).get("problem", "?") for m in missing[:5]))


if __name__ == "__main__":
    main()
