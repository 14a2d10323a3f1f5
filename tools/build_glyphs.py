#!/usr/bin/env python3
"""Build ``digitize/data/glyphs.npz``, skatscan's bank of real handwritten glyphs.

In:  the four handwriting sets of the shared data folder (default ``/work/shared/data``, see its README):

=================  ==========================================================  ==========================
source (id)        file and format                                             licence
=================  ==========================================================  ==========================
skatlist (0)       ``skatlist-chars/chars.train.ubyte``: 181-byte records,     MIT, Copyright 2023, 2024
                   label byte (0-9 digit, 10 = X/+ mark, 11 = dash/minus),     Carsten Paproth
                   then 15 x 12 grey pixels, dark ink on light paper           (cpaproth/Skatliste)
mnist (1)          ``opencv-digits/digits.png``: 20 x 20 cells, white on       Apache-2.0 (OpenCV sample),
                   black, 50 rows x 100 columns, 5 rows per digit 0..9         pixels MNIST CC BY-SA 3.0
                                                                               (Y. LeCun, C. Cortes)
semeion (2)        ``uci-semeion/semeion.txt``: 256 binary pixels (16 x 16),   CC BY 4.0, Semeion Research
                   10 one-hot label columns                                    Center
optdigits (3)      ``uci-optdigits/optdigits-orig.{tra,tes}``: count line,     CC BY 4.0, E. Alpaydin,
                   then per digit 32 lines of 0/1 and a label line             C. Kaynak
=================  ==========================================================  ==========================

Out: one compressed ``.npz`` (default ``digitize/data/glyphs.npz``, about 2 MB) with, for N glyphs:

* ``images``  uint8 (N, GLYPH_HEIGHT, GLYPH_MAX_WIDTH): dark ink (0) on white paper (255); glyph i fills
  ``images[i, :heights[i], :widths[i]]``, the rest is white padding.
* ``heights``, ``widths`` uint8 (N,): the glyph's size. Every glyph is cropped to its ink's bounding box and
  scaled to ``GLYPH_HEIGHT`` keeping its aspect ratio; a glyph wider than ``GLYPH_MAX_WIDTH`` at that height
  (dashes) is scaled to that width instead, so its height is smaller.
* ``labels`` uint8 (N,): 0-9 digit, 10 = X or + mark, 11 = dash / minus.
* ``sources`` uint8 (N,): index into ``source_names``.
* ``records`` int32 (N,): the record's index in its source file (for optdigits: in its .tra or .tes file);
  neighbouring records of skatlist and optdigits come from the same writer.
* ``splits`` uint8 (N,): 0 = train, 1 = test (names in ``split_names``).
* ``typical`` uint8 (N,): 1 when the glyph looks like its label, both as stored and redrawn from its centre
  lines the way the renderer writes it -- each time at least 4 of its 7 nearest glyphs (HOG features, same
  split only) share its label; 0 for smudged or badly cut glyphs, and 0 for every glyph listed in
  ``tools/glyph_review.csv`` (a person looked at it as the renderer draws it and would not read it as its
  label: :func:`reviewed_illegible`). The renderer's writers use typical glyphs; the flag is a convenience,
  the reader may train on all.
* ``source_names``, ``split_names``: string arrays; ``glyph_height``, ``glyph_max_width``: the array geometry.

Normalisation (the same for every source): the raw pixels become an ink map in [0, 1] (1 = ink; the Skat
list glyphs are rescaled between their paper and ink levels, and printed grid-line remnants along the cell
edges and small fragments of neighbouring glyphs touching the border are removed), which is cropped to the
ink's bounding box, enlarged ``HI_RES_FACTOR`` times with cubic interpolation, blurred by about half a
source pixel and thresholded at half the ink level -- so the 16 x 16 and 32 x 32 binary bitmaps lose their
staircase edges -- and then area-averaged down to ``GLYPH_HEIGHT``, giving a smooth anti-aliased glyph
with ``GREY_LEVELS`` grey levels (which also keeps the file small).
Semeion digits were stretched to fill their 16 x 16 box by the data's authors, so their width is scaled back
to a typical aspect ratio per digit (``SEMEION_ASPECT``). Exact duplicate images are dropped (first kept),
so no identical array is in both splits.

Train/test split -- the handwriting behind accuracy figures must not be seen in training:

* optdigits: ``optdigits-orig.tra`` (30 writers) -> train, ``optdigits-orig.tes`` (14 other writers) -> test.
* skatlist: records are cut in order from photographed lists, so neighbours share a writer. The final
  contiguous 20 % (records 3840..4799) -> test; a guard band of ``SKAT_GUARD`` records before it
  (3740..3839) is dropped, so that a list cut at the boundary is less likely to feed both splits; records
  0..3739 -> train.
* semeion: the file is ordered in rounds (20 or 40 glyphs of digit 0, then of 1, ..., 9; about ten writers
  per round, each writing every digit twice). The final round, the contiguous records 1195..1592 (25 %),
  -> test; records 0..1194 -> train.
* MNIST (OpenCV digits.png): the writers are not known. For every digit the last of its five rows of 100
  cells (a contiguous 20 % block of the sheet) -> test, the first four rows -> train.

Handwriting fonts (Debian fonts-dkg-handwriting etc.) are *not* used: the real glyphs do not run short for
any class (the Skat list file alone holds 655 German ones, 161 sevens, many of them crossed, 355 X/+ marks
and 734 dashes), and the renderer (``digitize.synth.handwriting``) can cross a seven or flag a one itself.
Note that the Skat list writers of the test block mark "not playing" mostly with a slash: about 90 % of the
test dashes are slashes, against about 4 % in train.

Usage::

    python tools/build_glyphs.py [--data /work/shared/data] [--out digitize/data/glyphs.npz] [--preview p.png]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cv2
import numpy as np

GLYPH_HEIGHT = 28  # px, the stored height of every glyph
GLYPH_MAX_WIDTH = 56  # px, the width of the stored array; wider glyphs are scaled down to fit
HI_RES_FACTOR = 4  # the smoothing works at this many times the stored height
INK_LEVEL = 0.5  # ink-map level of the stroke edge after smoothing
GREY_LEVELS = 16  # stored grey levels (0, 17, ..., 255): keeps the npz small, enough for anti-aliasing
BBOX_LEVEL = 0.3  # ink-map level that counts as ink when cropping
SMOOTH_SIGMA_SRC_PX = {  # blur before thresholding, in source pixels
    "skatlist": 0.35,
    "mnist": 0.35,
    "semeion": 0.6,
    "optdigits": 0.6,
}
SKAT_SHAPE = (15, 12)
SKAT_RECORD = 1 + SKAT_SHAPE[0] * SKAT_SHAPE[1]
SKAT_TEST_FRACTION = 0.2
SKAT_GUARD = 100  # records dropped before the skatlist test block
SKAT_PAPER_WINDOW = 5  # px; the paper level is the local maximum over this window
SKAT_INK_PERCENTILE = 95  # this percentile of the ink becomes full ink
SKAT_MIN_CONTRAST = 0.25  # ink maps fainter than this are stretched less
SKAT_INK_LEVEL = 0.55  # ink-map level of the stroke edge for the (blurry, grey) Skat list glyphs
SKAT_LINE_BAND = 3  # rows at the top and bottom searched for printed grid lines
SKAT_LINE_HOT = 0.3  # a pixel this inky (relative to the darkest) counts for the line test
SKAT_ROW_LINE_FILL = 0.85  # an edge row this full of ink is a grid line
SKAT_COL_LINE_FILL = 0.8  # an edge column this full of ink is a grid line
SKAT_FRAGMENT_BAND = 4  # rows / columns at the edges where flat (tall) pieces are grid-line remnants
SKAT_COMPONENT_KEEP = 0.3  # components at least this fraction of the largest are kept
SKAT_MIN_FRAGMENT = 3  # px; smaller components not touching the border are dropped
MNIST_CELL = 20
MNIST_ROWS_PER_DIGIT = 5
MNIST_TEST_ROW = 4  # the last of the five rows of every digit
SEMEION_TEST_START = 1195  # first record of the last round
SEMEION_ASPECT = {0: 0.75, 1: 0.45, 2: 0.75, 3: 0.7, 4: 0.75, 5: 0.7, 6: 0.7, 7: 0.7, 8: 0.7, 9: 0.7}
OPT_SIZE = 32
DASH_LABEL = 11
TYPICAL_SIZE = 32  # px, glyphs are compared as squares of this size
TYPICAL_K = 7  # neighbours asked
TYPICAL_VOTES = 4  # of them must share the label
TYPICAL_ASPECT_WEIGHT = 2.0  # weight of the log aspect ratio beside the HOG features
REDRAW_SCALE = 4  # centre lines are redrawn at this many times the glyph size ...
REDRAW_PEN = 2  # ... with a pen this many glyph pixels wide

SOURCE_NAMES = ("skatlist", "mnist", "semeion", "optdigits")
SPLIT_NAMES = ("train", "test")
LABEL_NAMES = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "X", "-")


def normalise(ink: np.ndarray, source: str, *, x_scale: float = 1.0, level: float = INK_LEVEL) -> np.ndarray | None:
    """Turn an ink map into a stored glyph.

    In: ``ink`` float (h, w) in [0, 1], 1 = ink, already cleaned; ``source`` (selects the blur);
    ``x_scale`` stretches the width (aspect correction); ``level`` is the ink level of the stroke edge.
    Out: uint8 (gh, gw) glyph, 0 = ink on 255 = paper, ``gh == GLYPH_HEIGHT`` unless the glyph is wider
    than ``GLYPH_MAX_WIDTH``; ``None`` when there is no ink.
    """
    ys, xs = np.nonzero(ink > BBOX_LEVEL)
    if ys.size == 0:
        return None
    crop = np.pad(ink[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1].astype(np.float32), 1)
    h, w = crop.shape
    fy = GLYPH_HEIGHT * HI_RES_FACTOR / max(h - 2, 1)
    fx = fy * x_scale
    big = cv2.resize(crop, (max(2, round(w * fx)), max(2, round(h * fy))), interpolation=cv2.INTER_CUBIC)
    sigma = SMOOTH_SIGMA_SRC_PX[source] * fy
    big = cv2.GaussianBlur(big, (0, 0), sigma)
    mask = (big > level * float(big.max() if big.max() < 1.0 else 1.0)).astype(np.float32)
    ys, xs = np.nonzero(mask)
    if ys.size == 0:
        return None
    mask = mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    bh, bw = mask.shape
    gh, gw = GLYPH_HEIGHT, max(1, round(bw * GLYPH_HEIGHT / bh))
    if gw > GLYPH_MAX_WIDTH:
        gw, gh = GLYPH_MAX_WIDTH, max(2, round(bh * GLYPH_MAX_WIDTH / bw))
    small = cv2.resize(mask, (gw, gh), interpolation=cv2.INTER_AREA)
    levels = np.round(small * (GREY_LEVELS - 1)) * (255.0 / (GREY_LEVELS - 1))
    return np.clip(255.0 - levels, 0, 255).round().astype(np.uint8)


def skat_ink(record: np.ndarray, label: int = 0) -> np.ndarray:
    """Clean one Skat list cell.

    In: uint8 (15, 12) grey, dark ink on light paper; its label (a dash keeps only its largest component).
    Out: float32 (15, 12) ink map in [0, 1] (1 = ink): the paper level is estimated locally (grey closing),
    printed grid lines along the edges, small fragments of neighbouring glyphs touching the border and flat
    pieces of grid line along the edges are removed, and the ink is scaled so its dark end is 1.
    """
    g = record.astype(np.float32)
    paper = cv2.dilate(g, np.ones((SKAT_PAPER_WINDOW, SKAT_PAPER_WINDOW), np.uint8))
    paper = cv2.blur(paper, (3, 3))
    ink = np.clip((paper - g) / np.maximum(paper, 1.0), 0.0, 1.0)
    hot = ink > SKAT_LINE_HOT * max(float(ink.max()), 1e-3)
    rows, cols = SKAT_SHAPE
    for r in list(range(SKAT_LINE_BAND)) + list(range(rows - SKAT_LINE_BAND, rows)):
        if hot[r].mean() >= SKAT_ROW_LINE_FILL:
            ink[r] = 0.0
    for c in (0, cols - 1):
        if hot[:, c].mean() >= SKAT_COL_LINE_FILL:
            ink[:, c] = 0.0
    top = float(np.percentile(ink[ink > 0.05], SKAT_INK_PERCENTILE)) if np.any(ink > 0.05) else 1.0
    ink = np.clip(ink / max(top, SKAT_MIN_CONTRAST), 0.0, 1.0)
    binary = (ink > BBOX_LEVEL).astype(np.uint8)
    n, lab, stats, _ = cv2.connectedComponentsWithStats(binary, connectivity=8)
    if n <= 2:
        return ink
    areas = stats[1:, cv2.CC_STAT_AREA]
    biggest = int(areas.max())
    out = ink.copy()
    for i in range(1, n):
        x, y, w, h, area = stats[i]
        touches = x == 0 or y == 0 or x + w == cols or y + h == rows
        keep = area >= SKAT_COMPONENT_KEEP * biggest or (not touches and area >= SKAT_MIN_FRAGMENT)
        in_row_band = y + h <= SKAT_FRAGMENT_BAND or y >= rows - SKAT_FRAGMENT_BAND
        in_col_band = x + w <= SKAT_FRAGMENT_BAND - 1 or x >= cols - SKAT_FRAGMENT_BAND + 1
        line_piece = (in_row_band and w >= 2 * h) or (in_col_band and h >= 2 * w)
        if area < biggest and (line_piece or label == DASH_LABEL):
            keep = False
        if not keep:
            out[lab == i] = 0.0
    return out


def read_skatlist(path: Path):
    """Yield (label, glyph, record index, split) from the Skat list records."""
    data = np.fromfile(path, dtype=np.uint8)
    data = data.reshape(-1, SKAT_RECORD)
    n = len(data)
    test_start = n - round(n * SKAT_TEST_FRACTION)
    for i, rec in enumerate(data):
        if test_start - SKAT_GUARD <= i < test_start:
            continue
        split = 1 if i >= test_start else 0
        label = int(rec[0])
        glyph = normalise(skat_ink(rec[1:].reshape(SKAT_SHAPE), label), "skatlist", level=SKAT_INK_LEVEL)
        if glyph is not None:
            yield label, glyph, i, split


def read_mnist(path: Path):
    """Yield (label, glyph, cell index, split) from OpenCV's digits.png (white ink on black)."""
    sheet = cv2.imread(str(path), cv2.IMREAD_GRAYSCALE)
    if sheet is None:
        raise FileNotFoundError(path)
    rows, cols = sheet.shape[0] // MNIST_CELL, sheet.shape[1] // MNIST_CELL
    for r in range(rows):
        label = r // MNIST_ROWS_PER_DIGIT
        split = 1 if r % MNIST_ROWS_PER_DIGIT == MNIST_TEST_ROW else 0
        for c in range(cols):
            cell = sheet[r * MNIST_CELL : (r + 1) * MNIST_CELL, c * MNIST_CELL : (c + 1) * MNIST_CELL]
            glyph = normalise(cell.astype(np.float32) / 255.0, "mnist")
            if glyph is not None:
                yield label, glyph, r * cols + c, split


def read_semeion(path: Path):
    """Yield (label, glyph, record index, split) from semeion.txt (16 x 16 binary, ink = 1)."""
    table = np.loadtxt(path, dtype=np.float32)
    for i, row in enumerate(table):
        label = int(row[256:266].argmax())
        split = 1 if i >= SEMEION_TEST_START else 0
        glyph = normalise(row[:256].reshape(16, 16), "semeion", x_scale=SEMEION_ASPECT[label])
        if glyph is not None:
            yield label, glyph, i, split


def read_optdigits(path: Path, split: int):
    """Yield (label, glyph, record index, split) from an optdigits-orig file (32 x 32 of 0/1, ink = 1)."""
    lines = path.read_text().split("\n")
    i, record = 1, 0  # line 0 holds the count
    while i + OPT_SIZE < len(lines):
        bitmap = np.array([[c == "1" for c in lines[i + k].strip()] for k in range(OPT_SIZE)], dtype=np.float32)
        label = int(lines[i + OPT_SIZE])
        glyph = normalise(bitmap, "optdigits")
        if glyph is not None:
            yield label, glyph, record, split
        i += OPT_SIZE + 1
        record += 1


def build(data: Path) -> dict[str, np.ndarray]:
    """Read all four sets and return the arrays of the npz (see the module docstring)."""
    streams = [
        (0, read_skatlist(data / "skatlist-chars" / "chars.train.ubyte")),
        (1, read_mnist(data / "opencv-digits" / "digits.png")),
        (2, read_semeion(data / "uci-semeion" / "semeion.txt")),
        (3, read_optdigits(data / "uci-optdigits" / "optdigits-orig.tra", 0)),
        (3, read_optdigits(data / "uci-optdigits" / "optdigits-orig.tes", 1)),
    ]
    images, heights, widths, labels, sources, records, splits = [], [], [], [], [], [], []
    seen: set[bytes] = set()
    dropped = 0
    for source, stream in streams:
        for label, glyph, record, split in stream:
            h, w = glyph.shape
            canvas = np.full((GLYPH_HEIGHT, GLYPH_MAX_WIDTH), 255, np.uint8)
            canvas[:h, :w] = glyph
            key = canvas.tobytes()
            if key in seen:
                dropped += 1
                continue
            seen.add(key)
            images.append(canvas)
            heights.append(h)
            widths.append(w)
            labels.append(label)
            sources.append(source)
            records.append(record)
            splits.append(split)
    print(f"dropped {dropped} exact duplicates", file=sys.stderr)
    return {
        "images": np.stack(images),
        "heights": np.array(heights, np.uint8),
        "widths": np.array(widths, np.uint8),
        "labels": np.array(labels, np.uint8),
        "sources": np.array(sources, np.uint8),
        "records": np.array(records, np.int32),
        "splits": np.array(splits, np.uint8),
        "source_names": np.array(SOURCE_NAMES),
        "split_names": np.array(SPLIT_NAMES),
        "glyph_height": np.array(GLYPH_HEIGHT),
        "glyph_max_width": np.array(GLYPH_MAX_WIDTH),
    }


def _square(glyph: np.ndarray, size: int = TYPICAL_SIZE) -> np.ndarray:
    """Centre a glyph in a white square and scale it to ``size`` (TYPICAL_SIZE for the HOG features)."""
    h, w = glyph.shape
    side = max(h, w)
    canvas = np.full((side, side), 255, np.uint8)
    canvas[(side - h) // 2 : (side - h) // 2 + h, (side - w) // 2 : (side - w) // 2 + w] = glyph
    return cv2.resize(canvas, (size, size), interpolation=cv2.INTER_AREA)


def _hog_features(squares: list[np.ndarray], aspects: np.ndarray) -> np.ndarray:
    """HOG features of square grey images plus the weighted log aspect ratio: float32 (N, F)."""
    # every parameter spelled out: OpenCV 5 turned gamma correction on by default where 4.x had it off, and the
    # packaged bank's flags were computed without it (the same features under both, checked to the last bit)
    hog = cv2.HOGDescriptor((TYPICAL_SIZE, TYPICAL_SIZE), (16, 16), (8, 8), (8, 8), 9, 1, -1.0,
                            cv2.HOGDescriptor_L2Hys, 0.2, False, 64, False)
    feats = np.array([hog.compute(sq).ravel() for sq in squares], np.float32)
    return np.hstack([feats, TYPICAL_ASPECT_WEIGHT * np.log(aspects)[:, None]]).astype(np.float32)


def _redrawn(glyph: np.ndarray) -> np.ndarray:
    """The glyph as the renderer writes it: its centre lines drawn with an even pen, same size, ink dark."""
    from digitize.glyphs import centre_lines  # the renderer's own centre lines

    h, w = glyph.shape
    canvas = np.full((h * REDRAW_SCALE, w * REDRAW_SCALE), 255, np.uint8)
    lines = [np.round((line + 0.5) * REDRAW_SCALE - 0.5).astype(np.int32) for line in centre_lines(glyph)]
    cv2.polylines(canvas, lines, False, 0, REDRAW_PEN * REDRAW_SCALE, cv2.LINE_AA)
    return cv2.resize(canvas, (w, h), interpolation=cv2.INTER_AREA)


def _agreement(feats: np.ndarray, labels: np.ndarray, splits: np.ndarray) -> np.ndarray:
    """Per glyph: how many of its TYPICAL_K nearest other glyphs of the same split share its label."""
    votes = np.zeros(len(labels), np.int32)
    for split in range(len(SPLIT_NAMES)):
        idx = np.nonzero(splits == split)[0]
        knn = cv2.ml.KNearest_create()
        knn.train(feats[idx], cv2.ml.ROW_SAMPLE, labels[idx].astype(np.float32))
        _, _, neighbours, _ = knn.findNearest(feats[idx], TYPICAL_K + 1)
        # the nearest is the glyph itself (the bank has no duplicates); skip it
        votes[idx] = (neighbours[:, 1:].astype(int) == labels[idx, None]).sum(axis=1)
    return votes


def typicality(arrays: dict[str, np.ndarray]) -> np.ndarray:
    """Flag glyphs that look like their label, both as stored and as the renderer redraws them.

    Out: uint8 (N,), 1 = typical. For the stored image and for its redrawn centre lines
    (``digitize.glyphs.centre_lines``, an even pen) in turn: HOG features plus the log aspect ratio; among the
    ``TYPICAL_K`` nearest other glyphs of the same split at least ``TYPICAL_VOTES`` must carry the same label.
    Computed within each split, so no test glyph influences a train flag. Smudged or badly cut glyphs (mostly
    from the 15 x 12 Skat list cells) and glyphs whose centre lines lose their shape fail; the renderer
    builds its writers from typical glyphs. Rebuild the npz when ``centre_lines`` changes.
    """
    images, heights, widths = arrays["images"], arrays["heights"], arrays["widths"]
    glyphs = [images[i, : heights[i], : widths[i]] for i in range(len(images))]
    aspects = widths.astype(np.float32) / heights.astype(np.float32)
    labels, splits = arrays["labels"], arrays["splits"]
    stored = _agreement(_hog_features([_square(g) for g in glyphs], aspects), labels, splits)
    redrawn = _agreement(_hog_features([_square(_redrawn(g)) for g in glyphs], aspects), labels, splits)
    return ((stored >= TYPICAL_VOTES) & (redrawn >= TYPICAL_VOTES)).astype(np.uint8)


REVIEW_FILE = Path(__file__).resolve().parent / "glyph_review.csv"


def reviewed_illegible(arrays: dict[str, np.ndarray], path: Path = REVIEW_FILE) -> np.ndarray:
    """The glyphs a person marked as not reading as their label (``path``, a CSV of source, split, record, label).

    Out: bool (N,). A listed glyph that is not in the bank, or whose label differs, is an error (the review
    was made on another build): ValueError naming the row.
    """
    where = {
        (SOURCE_NAMES[s], SPLIT_NAMES[p], int(r)): i
        for i, (s, p, r) in enumerate(zip(arrays["sources"], arrays["splits"], arrays["records"]))
    }
    marked = np.zeros(len(arrays["labels"]), bool)
    rows = [(n, line) for n, line in enumerate(path.read_text().splitlines(), start=1)
            if line and not line.startswith("#")]
    for n, line in rows[1:]:                    # after the header line
        source, split, record, label = line.split(",")
        i = where.get((source, split, int(record)))
        if i is None or LABEL_NAMES[arrays["labels"][i]] != label:
            raise ValueError(f"{path.name}: line {n} ({line}) names no glyph of this bank")
        marked[i] = True
    return marked


def preview(arrays: dict[str, np.ndarray], path: Path, per_row: int = 40) -> None:
    """Write a contact sheet: for every source and label, the first ``per_row`` glyphs of each split."""
    tiles = []
    for s in range(len(SOURCE_NAMES)):
        for label in range(len(LABEL_NAMES)):
            for split in range(2):
                idx = np.nonzero(
                    (arrays["sources"] == s) & (arrays["labels"] == label) & (arrays["splits"] == split)
                )[0][:per_row]
                if idx.size == 0:
                    continue
                row = np.full((GLYPH_HEIGHT + 2, per_row * (GLYPH_MAX_WIDTH // 2 + 4)), 200, np.uint8)
                x = 0
                for i in idx:
                    w = int(arrays["widths"][i])
                    h = int(arrays["heights"][i])
                    if x + w > row.shape[1]:
                        break
                    row[1 : 1 + h, x : x + w] = arrays["images"][i, :h, :w]
                    x += w + 3
                tiles.append(row)
    cv2.imwrite(str(path), np.vstack(tiles))


def report(arrays: dict[str, np.ndarray]) -> str:
    """Return a table of glyph counts per label, source and split."""
    lines = ["source     split " + " ".join(f"{n:>5}" for n in LABEL_NAMES) + "   total"]
    for s, name in enumerate(SOURCE_NAMES):
        for split, sname in enumerate(SPLIT_NAMES):
            sel = (arrays["sources"] == s) & (arrays["splits"] == split)
            counts = np.bincount(arrays["labels"][sel], minlength=len(LABEL_NAMES))
            lines.append(f"{name:<10} {sname:<5} " + " ".join(f"{c:>5}" for c in counts) + f" {sel.sum():>7}")
    for split, sname in enumerate(SPLIT_NAMES):
        sel = arrays["splits"] == split
        counts = np.bincount(arrays["labels"][sel], minlength=len(LABEL_NAMES))
        lines.append(f"{'all':<10} {sname:<5} " + " ".join(f"{c:>5}" for c in counts) + f" {sel.sum():>7}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Command line entry: build the npz, print the counts."""
    root = Path(__file__).resolve().parents[1]
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=Path("/work/shared/data"))
    parser.add_argument("--out", type=Path, default=root / "digitize" / "data" / "glyphs.npz")
    parser.add_argument("--preview", type=Path, default=None, help="also write a contact sheet PNG")
    args = parser.parse_args(argv)
    if not (hasattr(cv2, "ml") and hasattr(cv2, "HOGDescriptor")):
        # checked before the sources are read: the typical flags need both
        print(f"build_glyphs: OpenCV {cv2.__version__} here lacks cv2.ml or HOGDescriptor; install the contrib build "
              f"pyproject.toml pins (opencv-contrib-python-headless) in place of any other OpenCV wheel",
              file=sys.stderr)
        return 2
    arrays = build(args.data)
    arrays["typical"] = (typicality(arrays).astype(bool) & ~reviewed_illegible(arrays)).astype(np.uint8)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out, **arrays)
    print(report(arrays))
    print(f"wrote {args.out} ({args.out.stat().st_size / 1e6:.2f} MB, {len(arrays['labels'])} glyphs)")
    if args.preview:
        preview(arrays, args.preview)
    return 0


if __name__ == "__main__":
    sys.exit(main())
