"""Whether a change of the code changes what skatscan reads: digitize photos and write everything it outputs.

    python bench/bench_same.py OUT.json [--photos 8] [--seed 7] [--cache DIR]
    python bench/bench_same.py OUT.json --against REF.json

The photos: the four 12 MP photos of bench/bench_speed.py (``photo_12mp``: seeds 7 and 8 at tables of three and
four) and the first ``--photos`` synthetic photos of bench/bench_digitize.py's set (seed ``--seed``, test writers).
For each: the full skatscan.list/1 JSON (``Digitized.list_json`` without its seconds) and every cell reading (text,
confidence, candidates, as the reader gave them, floats exact). Run once with the old code (``PYTHONPATH`` at it)
and once with the new; ``--against`` compares with the first run's file and lists what differs. ``--cache``: a
folder that keeps the photos between runs (drawing them takes longer than reading them).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from digitize.locate import LocateError  # noqa: E402
from digitize.pipeline import digitize_image  # noqa: E402


def photos(n: int, seed: int, cache: Path | None):
    """(name, BGR image) of each photo, drawn or from ``cache``."""
    from bench_digitize import photo_12mp
    from digitize.synth.dataset import make_sample
    jobs = [(f"12mp-{s}-{seats}", lambda s=s, seats=seats: cv2.imdecode(photo_12mp(s, seats), cv2.IMREAD_COLOR))
            for s in (7, 8) for seats in (3, 4)]
    jobs += [(f"set-{seed}-{i}", lambda i=i: make_sample(seed * 1000 + i, split="test").photo.image) for i in range(n)]
    for name, draw in jobs:
        path = cache / f"{name}.png" if cache else None
        if path is not None and path.is_file():
            yield name, cv2.imread(str(path), cv2.IMREAD_COLOR)
            continue
        image = draw()
        if path is not None:
            cv2.imwrite(str(path), image)
        yield name, image


def output(image: np.ndarray) -> dict:
    """Everything digitize outputs for ``image`` but its timings."""
    try:
        d = digitize_image(image)
    except LocateError as exc:
        return {"error": str(exc)}
    doc = d.list_json()
    doc["photo"].pop("seconds")
    reads = [[r.ref, r.text, r.confidence, [list(c) for c in r.candidates]] for r in d.reads]
    return {"list": doc, "reads": reads}


def differences(a, b, where: str = "") -> list[str]:
    if isinstance(a, dict) and isinstance(b, dict):
        return [d for k in sorted(set(a) | set(b)) for d in differences(a.get(k), b.get(k), f"{where}/{k}")]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [d for k, (x, y) in enumerate(zip(a, b)) for d in differences(x, y, f"{where}/{k}")]
    return [] if a == b else [f"{where}: {a!r} != {b!r}"]


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--photos", type=int, default=8)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--cache", type=Path)
    ap.add_argument("--against", type=Path)
    args = ap.parse_args(argv)
    cv2.setNumThreads(1)
    if args.cache:
        args.cache.mkdir(parents=True, exist_ok=True)
    result = {}
    for name, image in photos(args.photos, args.seed, args.cache):
        result[name] = output(image)
        print(f"  {name}: {len(result[name].get('reads', []))} cells", file=sys.stderr)
    Path(args.out).write_text(json.dumps(result, ensure_ascii=False, indent=0, sort_keys=True), encoding="utf-8")
    if args.against:
        diff = differences(json.loads(args.against.read_text(encoding="utf-8")), result)
        print("\n".join(diff[:40]) or f"identical: {len(result)} photos")
        sys.exit(1 if diff else 0)


if __name__ == "__main__":
    main()
