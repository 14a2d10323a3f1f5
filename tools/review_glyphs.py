#!/usr/bin/env python3
"""Help a person review the glyph bank for legibility: which glyphs do not read as their label?

The renderer writes every digit with a glyph of ``digitize/data/glyphs.npz``, drawn along its centre lines. A
glyph whose drawing a person would not read as its label without hesitation (a 2 drawn as an L, a 0 as a U, a
German 1 whose long flag makes it an uncrossed 7) teaches the reader that an L may be a 2, and in the benchmark
asks it to read what a referee could not. ``tools/glyph_review.csv`` lists the glyphs a person marked so;
``tools/build_glyphs.py`` clears their ``typical`` flag, so no writer uses them.

The review has three steps, this script does the first two and the last:

1. ``propose``: an out-of-fold classifier (a small CNN on the glyphs as the renderer draws them, 5 folds, so
   every glyph is judged by a network that never saw it; PyTorch, a training-time tool like
   ``train_reader.py``) gives every usable glyph the probability of its own label. Glyphs below ``--below``
   (and, with ``--all-of test``, every usable glyph of that split) are put on numbered contact sheets, one
   label per sheet, drawn as the renderer draws them.
2. A person looks at every sheet and writes the numbers of the glyphs that do not read as the sheet's
   label into a marks file, one line per sheet: ``SHEET: n n n`` (``rev_2_0: 0 1 5``).
3. ``apply``: the marked glyphs are added to ``tools/glyph_review.csv`` (keyed by source, split and record,
   so the list survives a rebuild); then rebuild the bank with ``tools/build_glyphs.py``.

Usage::

    pip install torch==2.13.0
    python tools/review_glyphs.py propose --out /tmp/review [--below 0.9] [--all-of test]
    # look at /tmp/review/*.png, write /tmp/review/marks.txt
    python tools/review_glyphs.py apply --out /tmp/review
    python tools/build_glyphs.py
"""
from __future__ import annotations

import argparse
import csv
import json
import sys
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from build_glyphs import LABEL_NAMES, REVIEW_FILE, SOURCE_NAMES, SPLIT_NAMES, _redrawn, _square  # noqa: E402
from digitize import glyphs  # noqa: E402
from digitize.glyphs import GlyphBank  # noqa: E402
from digitize.synth.handwriting import glyph_usable  # noqa: E402

SIZE = 32  # px, the classifier's square input
FOLDS = 5
EPOCHS = 12
PER_SHEET = 150
PER_ROW = 15


def out_of_fold(bank: GlyphBank, seed: int = 0) -> np.ndarray:
    """float32 (N, 12): every glyph's label probabilities from a CNN trained on the other folds."""
    import torch
    from torch import nn

    torch.manual_seed(seed)
    torch.set_num_threads(2)
    x = np.stack([_square(_redrawn(bank.glyph(i)), SIZE) for i in range(len(bank))]).astype(np.float32)
    xt = torch.from_numpy(1.0 - x[:, None] / 255.0)
    yt = torch.from_numpy(bank.labels.astype(np.int64))
    rng = np.random.default_rng(seed)
    fold = rng.integers(0, FOLDS, len(bank))
    probs = np.zeros((len(bank), len(LABEL_NAMES)), np.float32)
    for f in range(FOLDS):
        net = nn.Sequential(
            nn.Conv2d(1, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(32, 64, 3, padding=1), nn.BatchNorm2d(64), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(64, 96, 3, padding=1), nn.BatchNorm2d(96), nn.ReLU(), nn.MaxPool2d(2),
            nn.Flatten(), nn.Dropout(0.3), nn.Linear(96 * (SIZE // 8) ** 2, len(LABEL_NAMES)))
        opt = torch.optim.Adam(net.parameters(), 2e-3)
        train = np.nonzero(fold != f)[0]
        for _ in range(EPOCHS):
            net.train()
            order = rng.permutation(train)
            for j in range(0, len(order), 128):
                batch = order[j:j + 128]
                dy, dx = (int(v) for v in rng.integers(-2, 3, 2))
                loss = nn.functional.cross_entropy(net(torch.roll(xt[batch], (dy, dx), (2, 3))), yt[batch])
                opt.zero_grad()
                loss.backward()
                opt.step()
        net.eval()
        test = np.nonzero(fold == f)[0]
        with torch.no_grad():
            probs[test] = torch.softmax(net(xt[test]), 1).numpy()
        print(f"fold {f + 1}/{FOLDS}: {np.mean(probs[test].argmax(1) == bank.labels[test]):.1%} right", file=sys.stderr)
    return probs


def drawn_tile(bank: GlyphBank, index: int, number: int) -> np.ndarray:
    """The glyph's centre lines drawn with an even pen (as the renderer writes it), numbered."""
    tile = np.full((70, 64), 255, np.uint8)
    lines = bank.strokes(index)
    pts = np.vstack(lines)
    x0, y0 = pts.min(axis=0)
    x1, y1 = pts.max(axis=0)
    scale = 50 / max(y1 - y0, (x1 - x0) * 0.8, 1)
    for line in lines:
        cv2.polylines(tile, [((np.asarray(line) - (x0, y0)) * scale + (6, 4)).astype(np.int32)], False, 0, 3,
                      cv2.LINE_AA)
    cv2.putText(tile, str(number), (1, 68), cv2.FONT_HERSHEY_PLAIN, 0.9, 110, 1)
    return np.pad(tile, 1, constant_values=160)


def contact_sheet(bank: GlyphBank, indices: list[int], path: Path) -> None:
    tiles = [drawn_tile(bank, i, n) for n, i in enumerate(indices)]
    while len(tiles) % PER_ROW:
        tiles.append(np.full_like(tiles[0], 255))
    rows = [np.hstack(tiles[j:j + PER_ROW]) for j in range(0, len(tiles), PER_ROW)]
    cv2.imwrite(str(path), np.vstack(rows))


def propose(out: Path, below: float, all_of: str | None) -> None:
    bank = GlyphBank.load("all")
    splits = _splits()
    probs = out_of_fold(bank)
    own = probs[np.arange(len(bank)), bank.labels]
    usable = np.array([bank.typical[i] and glyph_usable(bank, i) for i in range(len(bank))])
    pick = usable & (own < below)
    if all_of is not None:
        pick |= usable & (splits == SPLIT_NAMES.index(all_of))
    out.mkdir(parents=True, exist_ok=True)
    sheets = {}
    for label in range(len(LABEL_NAMES)):
        idx = [int(i) for i in np.nonzero(pick & (bank.labels == label))[0]]
        for k in range(0, len(idx), PER_SHEET):
            name = f"rev_{label}_{k // PER_SHEET}"
            sheets[name] = idx[k:k + PER_SHEET]
            contact_sheet(bank, sheets[name], out / f"{name}.png")
    (out / "sheets.json").write_text(json.dumps(sheets))
    print(f"{int(pick.sum())} of {int(usable.sum())} usable glyphs on {len(sheets)} sheets in {out}; "
          f"write {out / 'marks.txt'} (a line per sheet: 'rev_2_0: 0 1 5'), then run apply")


def _splits() -> np.ndarray:
    """The split index (into SPLIT_NAMES) of every glyph of the packaged bank, in the order of
    ``GlyphBank.load("all")`` (the bank keeps no split per glyph)."""
    with np.load(glyphs._data_path()) as z:
        return z["splits"]


def apply(out: Path) -> None:
    bank = GlyphBank.load("all")
    splits = _splits()
    sheets = json.loads((out / "sheets.json").read_text())
    rows = set()
    for line in (out / "marks.txt").read_text().splitlines():
        if not line.strip():
            continue
        name, numbers = line.split(":")
        for n in numbers.split():
            i = sheets[name.strip()][int(n)]
            rows.add((SOURCE_NAMES[bank.sources[i]], SPLIT_NAMES[splits[i]], int(bank.records[i]),
                      LABEL_NAMES[bank.labels[i]]))
    text = REVIEW_FILE.read_text().splitlines()
    header = [line for line in text if line.startswith("#") or line.startswith("source,")]
    old = {tuple(r[:2]) + (int(r[2]), r[3]) for r in csv.reader(line for line in text if line not in header)}
    merged = sorted(old | rows, key=lambda r: (r[1] != "train", r[0], r[2]))
    REVIEW_FILE.write_text("\n".join(header + [",".join(map(str, r)) for r in merged]) + "\n")
    print(f"{len(rows - old)} glyphs added, {len(merged)} in {REVIEW_FILE.name}; now run tools/build_glyphs.py")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("step", choices=["propose", "apply"])
    ap.add_argument("--out", type=Path, default=Path("/tmp/glyph_review"))
    ap.add_argument("--below", type=float, default=0.9, help="propose glyphs whose own label is less probable")
    ap.add_argument("--all-of", choices=SPLIT_NAMES, help="propose every usable glyph of this split as well")
    args = ap.parse_args(argv)
    if args.step == "propose":
        propose(args.out, args.below, args.all_of)
    else:
        apply(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
