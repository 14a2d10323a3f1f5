"""Cell-level figures of the reading engines on synthetic photographed cells written by **test-split**
writers (handwriting that was NOT used in training; the glyph bank's train/test split, docs/data.md).

    python bench/bench_reader.py                       # 30 pages, seed 3, the decoder's bar
    python bench/bench_reader.py --pages 10 --json /tmp/bench.json
    python bench/bench_reader.py --writers train       # the same pages written by the training writers
    python bench/bench_reader.py --model /tmp/run/reader.onnx --second none   # a candidate network alone
    python bench/bench_reader.py --no-gate             # every cell read by the networks (no gate)

The cells are made by ``tools/make_cells.py`` exactly like the validation cells (forms of both editions,
3 and 4 seats, filled, photographed by the camera simulator, rectified with a small locator error, cut
with ``digitize.cells.crop`` on a jittered box), from another seed than the validation set; every cell of
a page is kept (``--keep natural``), or the training mix (``--keep training``).

Per kind and overall: exact reading rate; *confident wrong* = wrong with confidence >= the bar (errors
nobody is told about); *doubts* = confidence < the bar (cells the referee looks at); the exact rate among
the 30 % most confident cells; seconds per cell (the CNN in batches of 64 on one core; tesseract one cell
at a time). Tesseract runs on a sample of the same cells when its binary is installed.

``--writers train`` writes the same pages (same seed: same forms, contents and photos) with the hands of
the **train** split instead: the difference between the two runs is what unseen handwriting costs (the
writer gap); what both share comes from the photos and the network.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT, ROOT / "tools"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

import make_cells as mc  # noqa: E402
from digitize.decode import CONFIDENCE_BAR  # noqa: E402
from digitize.reader import CellReader, EngineUnavailable  # noqa: E402

PAGES, SEED = 30, 3
BAR = CONFIDENCE_BAR
TOP_SHARE = 0.3
TESSERACT_CELLS = 600
KEEP_NATURAL = {k: 1.0 for k in mc.KINDS}


def figures(results, labels, kinds, bar: float) -> dict:
    """{row name: {cells, exact, confident_wrong, doubts, top30}} for every kind, 'written' and 'all'."""
    ok = np.array([r.text == lab for r, lab in zip(results, labels)], bool)
    conf = np.array([r.confidence for r in results], float)
    kinds = np.array(kinds)
    rows = {}
    groups = [(k, kinds == k) for k in mc.KINDS] + [("written (all but empty)", kinds != "empty"),
                                                     ("all cells", np.ones(len(ok), bool))]
    for name, sel in groups:
        n = int(sel.sum())
        if not n:
            continue
        c, o = conf[sel], ok[sel]
        top = np.argsort(-c, kind="stable")[:max(1, int(round(TOP_SHARE * n)))]
        rows[name] = {"cells": n, "exact": float(o.mean()), "confident_wrong": float((~o & (c >= bar)).mean()),
                      "doubts": float((c < bar).mean()), "top30": float(o[top].mean())}
    return rows


def table(rows: dict, title: str, seconds: float) -> str:
    out = [f"**{title}** ({seconds * 1000:.2f} ms per cell)", "",
           "| cells | n | exact | confident wrong | doubts | exact in top 30 % |",
           "| --- | ---: | ---: | ---: | ---: | ---: |"]
    for name, r in rows.items():
        out.append(f"| {name} | {r['cells']} | {r['exact']:.1%} | {r['confident_wrong']:.2%} | {r['doubts']:.1%} "
                   f"| {r['top30']:.1%} |")
    return "\n".join(out)


def _reader(model, second, gate: bool = True) -> CellReader:
    """The packaged reader, or ``model`` with ``second`` ('none' or absent: alone); ``gate=False``: without the
    gate (a given ``model`` has none anyway)."""
    off = {} if gate else {"gate": None}
    if second is None:
        return CellReader(model, **off)     # the packaged networks, or ``model`` alone
    return CellReader(model, second=None if second == "none" else second, **off)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pages", type=int, default=PAGES)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--bar", type=float, default=BAR)
    ap.add_argument("--keep", choices=("natural", "training"), default="natural")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--tesseract-cells", type=int, default=TESSERACT_CELLS, help="0: skip tesseract")
    ap.add_argument("--writers", choices=("test", "train"), default="test",
                    help="whose handwriting fills the pages: test (unseen, default) or train (seen in training)")
    ap.add_argument("--model", default=None, help="main network ONNX (its JSON beside it; default: the packaged one)")
    ap.add_argument("--second", default=None,
                    help="second-opinion ONNX, or 'none' (default: the packaged one with the packaged model)")
    ap.add_argument("--no-gate", action="store_true", help="read every cell with the networks (no gate)")
    ap.add_argument("--json", default=None)
    args = ap.parse_args(argv)

    t = time.time()
    keep = KEEP_NATURAL if args.keep == "natural" else None
    samples = mc.make_cells(args.pages, args.writers, args.seed, "test", args.workers, keep=keep)
    crops = [s.image for s in samples]
    labels = [s.label for s in samples]
    kinds = [s.kind for s in samples]
    whose = "test-split writers (not used in training)" if args.writers == "test" else \
        "train-split writers (the network's own training hands)"
    print(f"{len(samples)} cells from {args.pages} synthetic photographed pages, {whose}, "
          f"made in {time.time() - t:.0f} s\n")

    cv2.setNumThreads(1)
    reader = _reader(args.model, args.second, gate=not args.no_gate)
    reader.read(crops[:64])  # warm up
    t = time.time()
    results = reader.read(crops)
    cnn_s = (time.time() - t) / len(crops)
    report = {"cells": len(crops), "pages": args.pages, "seed": args.seed, "bar": args.bar, "writers": args.writers,
              "model": args.model or "packaged", "second": args.second or ("packaged" if not args.model else "none"),
              "more": "packaged" if reader.more_meta else "none", "gate": "packaged" if reader.gate_meta else "none",
              "cnn": {"seconds_per_cell": cnn_s, "rows": figures(results, labels, kinds, args.bar)}}
    print(table(report["cnn"]["rows"], f"CNN+CTC reader ({report['model']}, second opinion {report['second']}, "
                                       f"third and fourth opinions {report['more']}, gate (empty cells, dashes) "
                                       f"{report['gate']}), bar {args.bar}", cnn_s))

    confusions: dict[tuple[str, str], int] = {}
    for r, lab in zip(results, labels):
        if r.text != lab:
            confusions[(lab, r.text)] = confusions.get((lab, r.text), 0) + 1
    common = sorted(confusions.items(), key=lambda kv: -kv[1])[:15]
    print("\nmost common misreadings (written -> read: count): "
          + ", ".join(f"{a!r}->{b!r}: {n}" for (a, b), n in common))

    if args.tesseract_cells > 0:
        try:
            from digitize.tesseract_engine import TesseractReader

            engine = TesseractReader()
        except EngineUnavailable as exc:
            print(f"\ntesseract skipped: {exc}")
        else:
            rng = np.random.default_rng(args.seed)
            pick = np.sort(rng.choice(len(crops), size=min(args.tesseract_cells, len(crops)), replace=False))
            t = time.time()
            tres = engine.read([crops[i] for i in pick])
            tess_s = (time.time() - t) / len(pick)
            rows = figures(tres, [labels[i] for i in pick], [kinds[i] for i in pick], args.bar)
            same = figures([results[i] for i in pick], [labels[i] for i in pick], [kinds[i] for i in pick], args.bar)
            report["tesseract"] = {"version": engine.version, "cells": len(pick), "seconds_per_cell": tess_s,
                                   "rows": rows, "cnn_on_same_cells": same}
            print("\n" + table(rows, f"tesseract {engine.version} (psm 7, whitelist), {len(pick)} of the cells, "
                                     f"bar {args.bar}", tess_s))
            print(f"\n(the CNN on the same {len(pick)} cells: exact {same['all cells']['exact']:.1%}, written "
                  f"{same.get('written (all but empty)', {}).get('exact', float('nan')):.1%})")
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
