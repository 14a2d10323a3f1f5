"""Synthetic cell crops for training and checking the cell reader, made like the real pipeline.

One *page* at a time: a blank form (edition "skatscan" or "dskv", 3 or 4 seats, the usual or a smaller
number of game rows) is rendered at ``RECTIFIED_DPI``, every cell is filled by simulated hands
(:mod:`digitize.synth.handwriting`, writers of one glyph split only) with content drawn per column
(numbers, money, marks, dashes, signatures, empty cells; unused rows crossed out, now and then a
cancelled row struck through), the page is photographed by the camera simulator
(:mod:`digitize.synth.camera`: perspective, curl, uneven light, shadow, blur, noise, JPEG, 720-4000 px
wide) and warped back onto the layout's millimetre grid with the exact mapping plus a small smooth
locator error, turned grey (usually as OpenCV does, sometimes with other channel weights), and cut
into cells with :func:`digitize.cells.crop` on the layout boxes, the box shifted and scaled a little
(the locator is off by about a pixel).

Labels (:data:`digitize.reader.CHARSET`): the written text ("36", "-94", "3,50", "4,-"), "X" for any
mark (X, + or slanted cross), "-" for a dash, "~" for a signature, "#" for a cell under a stroke of a
crossed-out row (what is under it does not matter), "" for an empty cell.

Kinds (for the figures per kind): ``number``, ``money``, ``mark``, ``dash``, ``empty``, ``strike``,
``signature``, ``printed``.

*Printed* pages (``--printed``, ``make_page(printed=True)``): skatscan forms with series, table and start
numbers printed by the form code (:func:`digitize.form.render_png`, rendered at 100-400 dpi and resampled
to the rectified resolution), photographed and cut like the others; their printed cells have the kind
``printed`` and the printed text as label (band sheets of such pages are header bands, each from its own
form). When the QR code is not decoded, the pipeline reads the printed head like any other cell.

Two outputs:

* ``mode="train"``: per cell a *wide* crop (the crop rectangle plus :data:`WIDE_PAD` px on every side)
  and the cell box, so the training script can cut a freshly jittered crop every epoch
  (:func:`jittered_crop`);
* ``mode="test"``: the final crop, jittered once (seeded), as the reader gets it.

Usage (from the repo root)::

    python tools/make_cells.py --split test --pages 40 --seed 7 --out /tmp/cells_test.npz --sheet /tmp/sheet.png

Everything random comes from ``--seed``: the same arguments give the same file. Pages are made in
``--workers`` processes (the page seeds fix the result, not the worker count).
"""
from __future__ import annotations

import argparse
import functools
import hashlib
import math
import sys
from dataclasses import dataclass, replace
from multiprocessing import Pool
from pathlib import Path
from typing import Optional

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from audit.model import MARK_FIELDS  # noqa: E402
from audit.values import MAX_MATADORS, NULL_VALUES, game_value  # noqa: E402
from digitize.cells import CROP_MARGIN, PX_PER_MM, RECTIFIED_DPI, cell_rect, crop, margin_for  # noqa: E402
from digitize.form import render_png  # noqa: E402
from digitize.layout import DEFAULT_GAMES, EDITIONS, Box, layout_for  # noqa: E402
from digitize.reader import SIGNATURE, STRIKE  # noqa: E402
from digitize.synth import handwriting as hw  # noqa: E402
from digitize.synth.camera import CameraEffects, photograph  # noqa: E402
from digitize.synth.fill import MONEY_FIRST_P, outside_share, split_signature_box  # noqa: E402

# ------------------------------------------------------------------------------------------------ constants

KINDS = ("number", "money", "mark", "dash", "empty", "strike", "signature", "printed")
#: Forms drawn: editions and seats uniformly; the usual number of games with this chance, else fewer.
P_DEFAULT_GAMES = 0.75
MIN_GAMES = 20
#: Writers: a new hand takes over the game rows after a block of this many rows with this chance; the
#: footer and every signature have their own hand.
WRITER_BLOCK_ROWS = (3, 12)
P_NEW_WRITER = 0.6
#: Share of writers that run over the cell borders a lot (their writing overflows into neighbours).
P_SPILLER = 0.15
SPILL_OVERFLOW = (0.1, 0.2)
#: Crossed-out unused rows at the end of the list (chance, rows), and a cancelled single row.
P_CROSS_OUT = 0.7
CROSS_OUT_ROWS = (2, 16)
P_CANCELLED_ROW = 0.3
P_CONTENT_UNDER_STROKE = 0.15
#: A cell counts as struck when the stroke runs this many box heights inside its box (ink length);
#: a stroke shorter than that but not zero makes the cell ambiguous (not used).
STRIKE_MIN_LENGTH = 0.5
STRIKE_INK = 0.3
#: Locator error: smooth offset field of this sd (px) varying over this many mm; crop box shift sd and
#: limit (px) and relative size sd (w, h).
LOCATOR_SD_PX = 0.6
LOCATOR_CELL_MM = 40.0
JITTER_SD_PX = 0.7
JITTER_MAX_PX = 2.5
SCALE_SD = (0.02, 0.03)
#: Wide crops (training): this many px around the crop rectangle (more than the jitter can move).
WIDE_PAD = 4
#: Grey conversion: chance of channel weights other than OpenCV's, and their spread.
P_OTHER_GREY = 0.3
GREY_WEIGHT_SD = 0.15
#: Photo widths (px) and their chances: mostly 12 MP phone photos, some messenger-resized ones, a few
#: video frames (CameraEffects.random would draw its TYPICAL_WIDTHS uniformly: too many tiny photos).
PHOTO_WIDTHS = {720: 0.04, 960: 0.04, 1080: 0.04, 1200: 0.05, 1536: 0.06, 1600: 0.06, 2000: 0.08, 2268: 0.08,
                3000: 0.15, 3024: 0.15, 3456: 0.1, 4000: 0.15}
#: When the photo shows the page finer than this (photo px per rectified px), it is area-shrunk first.
MAX_PHOTO_SCALE = 1.25
#: Cells kept per label kind (the rest is dropped: a page has many empty cells and few money cells).
#: Band sheets: chance of a page made of stacked footer / header bands, chance of a footer band, layout.
P_BAND_SHEET = 0.45
P_FOOTER_BAND = 0.75
BAND_TOP_MM = 8.0
BAND_GAP_MM = 3.0
KEEP = {"number": 0.5, "money": 1.0, "mark": 0.45, "dash": 0.6, "empty": 0.2, "strike": 1.0, "signature": 1.0,
        "printed": 1.0}
#: The training set keeps more numbers (the hard kind).
KEEP_TRAIN = dict(KEEP, number=0.65)

#: Printed pages (``make_page(printed=True)``): skatscan forms with series, table and start numbers printed by
#: the form code (:func:`digitize.form.render_png`), rendered at one of these dpi and resampled to the
#: rectified resolution (the print and the photo resolution vary); band sheets of such pages are header bands.
PRINTED_DPI = (100, 150, 200, 300, 400)
#: Printed values drawn: series 1..9 mostly, table 1..60 mostly, start numbers 1..240 mostly (up to 999).
PRINTED_SERIES = (1, 10)
PRINTED_TABLE = (1, 61)
PRINTED_START = (1, 241)
P_PRINTED_BIG = 0.2
#: Chance that a printed page leaves one of its start numbers (or series/table) to be written by hand.
P_PRINTED_MISSING = 0.15
#: Cells kept per kind on printed pages (the printed cells all; the rest is ordinary training data).
KEEP_PRINTED = dict({k: 0.03 for k in KINDS}, printed=1.0, empty=0.01)

#: Grundwert: value and weight (Grand and Kreuz most often, Null 23 for every Null game).
BASE_P = {9: 0.12, 10: 0.13, 11: 0.15, 12: 0.2, 23: 0.1, 24: 0.3}
#: Matadors "mit/ohne N": weights of N = 1..11.
MATADOR_P = np.array([30, 28, 18, 10, 5, 3, 2, 1.5, 1, 0.8, 0.5])
#: Money schedule for the synthetic amounts: per lost game up to 3, then per further game (EUR).
MONEY_FIRST, MONEY_FIRST_N, MONEY_LATER = 0.5, 3, 1.0


# ------------------------------------------------------------------------------------------ content


def slot_of(ref: str) -> str:
    """The column kind of a cell reference: ``g3.p2.total`` -> ``total``, ``footer.points.2`` ->
    ``footer.points``, ``signature.1`` -> ``signature``, ``table.start_number.2`` -> ``start_number``,
    ``table.series`` -> ``title``, ``g4.hand`` -> ``mark``."""
    parts = ref.split(".")
    if parts[0] == "footer":
        return "money_total" if parts[1] == "money_total" else f"footer.{parts[1]}"
    if parts[0] == "signature":
        return "signature"
    if parts[0] == "table":
        return "start_number" if parts[1] == "start_number" else "title"
    field = parts[-1]
    if field in MARK_FIELDS or field == "passed":
        return "mark"
    return field


def _weighted(rng: np.random.Generator, options: dict):
    keys = list(options)
    p = np.array([options[k] for k in keys], float)
    return keys[int(rng.choice(len(keys), p=p / p.sum()))]


def game_row_value(rng: np.random.Generator) -> int:
    """A plausible game value (18..264 mostly): base, matadors and levels of a random game."""
    base = _weighted(rng, BASE_P)
    if base == 23:
        return NULL_VALUES[(bool(rng.random() < 0.25), bool(rng.random() < 0.15))]
    top = MAX_MATADORS[base]
    p = MATADOR_P[:top] / MATADOR_P[:top].sum()
    mat = int(rng.choice(top, p=p)) + 1
    hand = bool(rng.random() < 0.2)
    schneider = bool(rng.random() < 0.15)
    schwarz = bool(rng.random() < 0.03)
    return game_value(base, mit=mat, hand=hand, schneider=schneider or schwarz, schwarz=schwarz)


def running_total(rng: np.random.Generator) -> int:
    """A running total or final score: -999..2000, mostly 0..1200, negative now and then."""
    r = rng.random()
    if r < 0.12:
        return -int(min(rng.exponential(180) + 1, 999))
    if r < 0.25:
        return int(rng.integers(18, 100))
    return int(min(rng.gamma(2.2, 260), 2000))


def count(rng: np.random.Generator, zero: bool = False) -> int:
    """A won/lost count 1..30 (0..30 with ``zero``), small ones most often."""
    lo = 0 if zero else 1
    return int(min(lo + rng.geometric(0.14) - 1 + (0 if zero else 0), 30))


def money(rng: np.random.Generator, total: bool = False) -> str:
    """A euro amount as written: "0,50", "3,50", "4,-", "4,00", "12,50", now and then "4"."""
    if total:
        cents = int(rng.integers(1, 70)) * 50
    else:
        lost = int(rng.integers(1, 16))
        cents = int(round(100 * (min(lost, MONEY_FIRST_N) * MONEY_FIRST + max(lost - MONEY_FIRST_N, 0) * MONEY_LATER)))
        if rng.random() < 0.2:
            cents = int(rng.integers(1, 40)) * 50
    euros, rest = divmod(cents, 100)
    if rest:
        return f"{euros},{rest:02d}" if rng.random() < 0.9 else f"{euros},{rest // 10}"
    style = rng.random()
    return f"{euros},-" if style < 0.45 else (f"{euros},00" if style < 0.9 else f"{euros}")


def number_for(slot: str, rng: np.random.Generator, seats: int) -> str:
    """A realistic number for a cell of ``slot`` (see :func:`slot_of`), as text."""
    if slot == "base":
        return str(_weighted(rng, BASE_P))
    if slot in ("mit", "ohne"):
        return str(int(rng.choice(11, p=MATADOR_P / MATADOR_P.sum())) + 1)
    if slot == "plus":
        return str(game_row_value(rng))
    if slot == "minus":
        return str(2 * game_row_value(rng))
    if slot in ("total", "footer.points"):
        return str(running_total(rng))
    if slot in ("won", "lost"):
        return str(count(rng))
    if slot in ("footer.won", "footer.lost"):
        return str(count(rng, zero=True))
    if slot == "footer.bonus":
        return str(50 * (count(rng, zero=True) - min(count(rng, zero=True), 12)))
    if slot == "footer.others_lost":
        return str((40 if seats == 3 else 30) * int(rng.integers(0, 25)))
    if slot == "footer.score":
        return str(running_total(rng) + int(rng.integers(0, 12)) * 50 + int(rng.integers(0, 20)) * 30)
    if slot == "start_number":
        return str(int(rng.integers(1, 1000)) if rng.random() < 0.3 else int(rng.integers(1, 200)))
    if slot == "title":
        return str(int(rng.integers(1, 60)))
    raise KeyError(slot)


#: What goes into a cell of each slot: kind -> weight (for training balance, not the real frequencies).
FILL = {
    "base": {"number": 0.8, "empty": 0.2},
    "mit": {"number": 0.55, "empty": 0.45},
    "ohne": {"number": 0.35, "empty": 0.65},
    "mark": {"mark": 0.4, "empty": 0.58, "dash": 0.02},
    "plus": {"number": 0.55, "empty": 0.4, "dash": 0.05},
    "minus": {"number": 0.4, "empty": 0.55, "dash": 0.05},
    "total": {"number": 0.5, "dash": 0.2, "empty": 0.3},
    "won": {"number": 0.45, "dash": 0.2, "empty": 0.35},
    "lost": {"number": 0.35, "dash": 0.2, "empty": 0.45},
    "footer.points": {"number": 0.9, "empty": 0.1},
    "footer.won": {"number": 0.85, "empty": 0.1, "dash": 0.05},
    "footer.lost": {"number": 0.85, "empty": 0.1, "dash": 0.05},
    "footer.bonus": {"number": 0.9, "empty": 0.1},
    "footer.others_lost": {"number": 0.9, "empty": 0.1},
    "footer.score": {"number": 0.9, "empty": 0.1},
    "footer.money": {"money": 0.75, "empty": 0.15, "dash": 0.1},
    "money_total": {"money": 0.8, "empty": 0.2},
    "signature": {"signature": 0.6, "empty": 0.4},  # the dskv edition: money too, see content_for
    "start_number": {"number": 0.85, "empty": 0.15},
    "title": {"number": 0.7, "empty": 0.3},
}
#: The DSkV form's signature box (it has no money row): the money beside the player's signature, as the
#: synthetic lists (digitize.synth.fill) and real lists have it, or either alone, or nothing. Until session 8
#: the box held one of them only, and the reader read a box with both as a signature alone.
DSKV_SIGNATURE_FILL = {"money_signature": 0.45, "signature": 0.2, "money": 0.2, "empty": 0.15}
#: Marks: the writer's own style, or explicitly a + or a slanted cross.
MARK_CONTENT = {"X": 0.85, "+": 0.08, "x": 0.07}


@dataclass(frozen=True)
class Content:
    """What is written into one cell: ``kind`` (one of KINDS but "strike"), ``text`` for the renderer
    (a number, amount, "X"/"+"/"x", "—" for a dash; "" for nothing; "~" for a signature) and ``label``
    (the reader's text). ``signed``: an amount in a DSkV signature box has the player's signature
    "after" it (to its right) or "before" it; the label then holds both, left to right ("3,50~")."""

    kind: str
    text: str
    label: str
    signed: str = ""


EMPTY = Content("empty", "", "")


def content_for(slot: str, edition: str, seats: int, rng: np.random.Generator) -> Content:
    """Draw the content of one cell of ``slot`` on a form of ``edition`` and ``seats``."""
    fill = dict(FILL[slot])
    if slot == "signature" and edition == "dskv":  # the plain form: money goes into the signature box
        fill = dict(DSKV_SIGNATURE_FILL)
    kind = _weighted(rng, fill)
    if kind == "money_signature":
        text = money(rng)
        first = bool(rng.random() < MONEY_FIRST_P)
        return Content("money", text, text + SIGNATURE if first else SIGNATURE + text,
                       signed="after" if first else "before")
    if kind == "empty":
        return EMPTY
    if kind == "dash":
        return Content("dash", "—", "-")
    if kind == "mark":
        return Content("mark", _weighted(rng, MARK_CONTENT), "X")
    if kind == "signature":
        return Content("signature", SIGNATURE, SIGNATURE)
    if kind == "money":
        text = money(rng, total=slot == "money_total")
        return Content("money", text, text)
    text = number_for(slot, rng, seats)
    return Content("number", text, text)


# ------------------------------------------------------------------------------------------- pages


@functools.lru_cache(maxsize=16)
def blank_page(seats: int, games: int, edition: str) -> np.ndarray:
    """The blank form at RECTIFIED_DPI as grey uint8 (cached; read-only)."""
    img = render_png(layout_for(seats, games, edition), dpi=RECTIFIED_DPI)
    img.flags.writeable = False
    return img


@functools.lru_cache(maxsize=1)
def _writer_pool(split: str, seed: int, n: int) -> tuple:
    """``n`` writers of ``split`` drawn once per worker (a writer takes ~0.1 s to draw)."""
    rng = np.random.default_rng([seed, 991])
    return tuple(hw.Writer.random(rng, split) for _ in range(n))


WRITERS_PER_SPLIT = 400


def _writer(rng: np.random.Generator, split: str, pool_seed: int) -> hw.Writer:
    """A writer of ``split``: one of a fixed pool (seeded), with a fresh ink and placement habit now and then."""
    pool = _writer_pool(split, pool_seed, WRITERS_PER_SPLIT)
    w = pool[int(rng.integers(len(pool)))]
    if rng.random() < 0.3:
        w = w.with_ink(str(rng.choice(list(hw.INKS), p=[hw.INK_P[k] for k in hw.INKS])), rng)
    if rng.random() < 0.3:
        w = replace(w, align=float(rng.choice(hw.ALIGN_CHOICES, p=hw.ALIGN_P)),
                    height=float(rng.uniform(*hw.DIGIT_HEIGHT)))
    if rng.random() < P_SPILLER:
        w = replace(w, overflow=float(rng.uniform(*SPILL_OVERFLOW)))
    return w


def _px_box(box: Box) -> tuple[float, float, float, float]:
    return box.x * PX_PER_MM, box.y * PX_PER_MM, box.w * PX_PER_MM, box.h * PX_PER_MM


def _paint(page: np.ndarray, mask: np.ndarray, colour, x0: int, y0: int) -> None:
    """Composite ``mask`` (alpha) at page (x0, y0) into ``page`` in place (page is this module's own copy)."""
    h, w = mask.shape
    H, W = page.shape[:2]
    ax0, ay0, ax1, ay1 = max(x0, 0), max(y0, 0), min(x0 + w, W), min(y0 + h, H)
    if ax0 >= ax1 or ay0 >= ay1:
        return
    region = page[ay0:ay1, ax0:ax1]
    sub = mask[ay0 - y0:ay1 - y0, ax0 - x0:ax1 - x0]
    page[ay0:ay1, ax0:ax1] = hw.composite(region, sub, colour)


def _local(box) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) -> (x, y, w, h)."""
    x0, y0, x1, y1 = box
    return float(x0), float(y0), float(x1 - x0), float(y1 - y0)


def _write_cell(page: np.ndarray, box: Box, content: Content, writer: hw.Writer, rng: np.random.Generator,
                margin: float = 0.6) -> float:
    """Write ``content`` into ``box`` of ``page`` (in place, the page is a private copy). Out: the share
    of the ink that falls outside the cell's crop rectangle (overflowing writing the reader cannot see)."""
    bx, by, bw, bh = _px_box(box)
    pad = int(math.ceil(margin * bh))
    x0, y0 = int(math.floor(bx)) - pad, int(math.floor(by)) - pad
    size = (int(math.ceil(bh)) + 2 * pad + 1, int(math.ceil(bw)) + 2 * pad + 1)
    local = (bx - x0, by - y0, bw, bh)
    if content.kind == "signature":
        mask = hw.signature_mask(size, writer, rng, box=local)
    elif content.signed:
        # the amount at row size on one side of the box, the signature beside it (as digitize.synth.fill draws it)
        whole = (bx - x0, by - y0, bx - x0 + bw, by - y0 + bh)
        money_box, sign_box = split_signature_box(whole, content.signed == "after", rng)
        mask = np.maximum(hw.ink_mask(content.text, size, writer, rng, box=_local(money_box)),
                          hw.signature_mask(size, writer, rng, box=_local(sign_box)))
    else:
        mask = hw.ink_mask(content.text, size, writer, rng, box=local)
    _paint(page, mask, writer.colour, x0, y0)
    return outside_share(mask, x0, y0, cell_rect(box), margin=0.0)


def _cross_out(page: np.ndarray, strike: np.ndarray, region: Box, row_h: float, writer: hw.Writer,
               rng: np.random.Generator, style: Optional[str] = None) -> None:
    """Cross out ``region`` (mm) with one cross-out of ``writer``: onto ``page`` and its alpha into
    ``strike`` (both private arrays, changed in place)."""
    bx, by, bw, bh = _px_box(region)
    pad = int(math.ceil(row_h * PX_PER_MM))
    x0, y0 = int(math.floor(bx)) - pad, int(math.floor(by)) - pad
    size = (int(math.ceil(bh)) + 2 * pad + 1, int(math.ceil(bw)) + 2 * pad + 1)
    mask = hw.cross_out_mask(size, writer, rng, box=(bx - x0, by - y0, bw, bh), style=style,
                             row_height=row_h * PX_PER_MM)
    _paint(page, mask, writer.colour, x0, y0)
    H, W = strike.shape
    ax0, ay0, ax1, ay1 = max(x0, 0), max(y0, 0), min(x0 + size[1], W), min(y0 + size[0], H)
    strike[ay0:ay1, ax0:ax1] = np.maximum(strike[ay0:ay1, ax0:ax1], mask[ay0 - y0:ay1 - y0, ax0 - x0:ax1 - x0])


def _smooth_field(rng: np.random.Generator, shape: tuple[int, int], cell_px: float, sd: float) -> np.ndarray:
    gh = max(2, int(math.ceil(shape[0] / cell_px)) + 2)
    gw = max(2, int(math.ceil(shape[1] / cell_px)) + 2)
    coarse = rng.normal(0.0, sd, (gh, gw)).astype(np.float32)
    return cv2.resize(coarse, (shape[1], shape[0]), interpolation=cv2.INTER_CUBIC)


def rectify(photo, page_shape: tuple[int, int], rng: np.random.Generator,
            step: int = 8) -> tuple[np.ndarray, np.ndarray, float]:
    """Warp ``photo`` (camera.Photo) back onto the page grid (``page_shape`` (H, W) px at PX_PER_MM) with the
    exact mapping plus a smooth locator error. Out: (BGR uint8 rectified page, bool mask of the page
    pixels the photo saw, photo px per page px)."""
    H, W = page_shape
    ys, xs = np.arange(0, H + step, step, dtype=np.float64), np.arange(0, W + step, step, dtype=np.float64)
    gx, gy = np.meshgrid(xs, ys)
    pts = np.stack([gx, gy], -1)
    cell = LOCATOR_CELL_MM * PX_PER_MM / step
    pts = pts + np.stack([_smooth_field(rng, gx.shape, cell, LOCATOR_SD_PX),
                          _smooth_field(rng, gx.shape, cell, LOCATOR_SD_PX)], -1)
    q = photo.to_photo(pts)
    image = photo.image
    # photo px per page px; shrink a much finer photo first (as a careful rectifier would)
    scale = float(np.median(np.hypot(*np.moveaxis(np.diff(q, axis=1), -1, 0)) / step))
    if scale > MAX_PHOTO_SCALE:
        f = 1.0 / scale
        image = cv2.resize(image, (max(1, round(image.shape[1] * f)), max(1, round(image.shape[0] * f))),
                           interpolation=cv2.INTER_AREA)
        q = (q + 0.5) * (image.shape[1] / photo.image.shape[1]) - 0.5
    # per-pixel maps: bilinear between the grid points (grid point k sits on page pixel k * step)
    fx_ = np.ascontiguousarray(np.broadcast_to((np.arange(W, dtype=np.float32) / step)[None, :], (H, W)))
    fy_ = np.ascontiguousarray(np.broadcast_to((np.arange(H, dtype=np.float32) / step)[:, None], (H, W)))
    mx = cv2.remap(np.ascontiguousarray(q[..., 0], np.float32), fx_, fy_, cv2.INTER_LINEAR)
    my = cv2.remap(np.ascontiguousarray(q[..., 1], np.float32), fx_, fy_, cv2.INTER_LINEAR)
    ih, iw = image.shape[:2]
    seen = (mx >= 0) & (mx <= iw - 1) & (my >= 0) & (my <= ih - 1)
    out = cv2.remap(image, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return out, seen, scale


def to_grey(bgr: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """BGR -> grey uint8: OpenCV's weights, or (P_OTHER_GREY) jittered ones (cameras and pipelines differ)."""
    if rng.random() >= P_OTHER_GREY:
        return cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY)
    w = np.clip(np.array([0.114, 0.587, 0.299]) + rng.normal(0.0, GREY_WEIGHT_SD, 3), 0.02, None)
    w = w / w.sum()
    return np.clip(bgr.astype(np.float32) @ w.astype(np.float32), 0, 255).astype(np.uint8)


def jitter_box(box: Box, rng: np.random.Generator) -> Box:
    """The box as an imperfect locator finds it: shifted by about a pixel, a few per cent off in size."""
    dx, dy = np.clip(rng.normal(0.0, JITTER_SD_PX, 2), -JITTER_MAX_PX, JITTER_MAX_PX) / PX_PER_MM
    sw, sh = 1.0 + rng.normal(0.0, SCALE_SD[0]), 1.0 + rng.normal(0.0, SCALE_SD[1])
    w, h = box.w * sw, box.h * sh
    cx, cy = box.x + box.w / 2 + dx, box.y + box.h / 2 + dy
    return Box(cx - w / 2, cy - h / 2, w, h)


def wide_crop(page: np.ndarray, box: Box, pad: int = WIDE_PAD) -> tuple[np.ndarray, tuple[int, int]]:
    """The crop rectangle of ``box`` plus ``pad`` px on every side (white off the page).
    Out: (grey uint8 crop, page (x, y) of its top-left pixel)."""
    x0, y0, x1, y1 = cell_rect(box)
    x0, y0, x1, y1 = x0 - pad, y0 - pad, x1 + pad, y1 + pad
    out = np.full((y1 - y0, x1 - x0), 255, np.uint8)
    H, W = page.shape[:2]
    sx0, sy0, sx1, sy1 = max(x0, 0), max(y0, 0), min(x1, W), min(y1, H)
    if sx1 > sx0 and sy1 > sy0:
        out[sy0 - y0:sy1 - y0, sx0 - x0:sx1 - x0] = page[sy0:sy1, sx0:sx1]
    return out, (x0, y0)


def jittered_crop(wide: np.ndarray, origin: tuple[int, int], box: Box, rng: np.random.Generator,
                  margin: float = CROP_MARGIN) -> np.ndarray:
    """A crop as :func:`digitize.cells.crop` cuts it for a jittered ``box`` (with ``margin``: the cell's
    :func:`digitize.cells.margin_for`), taken out of a wide crop (see :func:`wide_crop`; not modified); the
    jitter is limited to the wide crop's pad."""
    x0, y0, x1, y1 = cell_rect(jitter_box(box, rng), margin=margin)
    ox, oy = origin
    h, w = wide.shape
    x0, y0 = min(max(x0 - ox, 0), w - 1), min(max(y0 - oy, 0), h - 1)
    x1, y1 = min(max(x1 - ox, x0 + 1), w), min(max(y1 - oy, y0 + 1), h)
    return wide[y0:y1, x0:x1].copy()


@dataclass(frozen=True)
class Sample:
    """One cell: ``image`` (final crop, or wide crop in train mode), ``origin`` (page px of a wide crop's
    top-left, else None), ``box`` (mm), ``label``, ``kind``, ``ref``, ``page`` (page seed),
    ``photo_px_per_mm`` (how finely the photo showed the page), ``cut`` (share of the cell's own writing
    outside its crop: overflowing writing)."""

    image: np.ndarray
    origin: Optional[tuple[int, int]]
    box: Box
    label: str
    kind: str
    ref: str
    page: int
    photo_px_per_mm: float = 0.0
    cut: float = 0.0


def _strike_state(strike: np.ndarray, box: Box, pen_px: float) -> str:
    """"struck", "clear" or "ambiguous": how much cross-out ink lies inside ``box``."""
    x0, y0, x1, y1 = box.to_px(RECTIFIED_DPI)
    inner = strike[y0 + 1:y1 - 1, x0 + 1:x1 - 1]
    n = float(np.count_nonzero(inner > STRIKE_INK))
    if n == 0:
        return "clear"
    length = n / max(pen_px, 1.0)
    return "struck" if length >= STRIKE_MIN_LENGTH * (y1 - y0) else "ambiguous"


def _game_of(ref: str) -> Optional[int]:
    """The game row of a cell reference (``g12.base`` -> 12), None for header and footer cells."""
    return int(ref[1:].split(".")[0]) if ref.startswith("g") else None


def _band_sheet(lay, rng: np.random.Generator, printed: bool = False
                ) -> tuple[np.ndarray, dict[str, tuple[str, Box]], dict[str, str]]:
    """A sheet of stacked copies of the form's footer band (with the last game row above it) or of its
    header band (start numbers): many footer/header cells per photo, each in its printed surroundings.
    ``printed``: header bands only, each cut from its own form with printed values (:func:`printed_blank`).
    Out: (grey page, {key: (cell reference, box on this sheet)}, {key: printed text})."""
    blank = blank_page(lay.seats, lay.games, lay.edition)
    p_footer = 0.0 if printed else P_FOOTER_BAND
    values: dict[str, str] = {}
    sheet = np.full_like(blank, 255)
    cells = lay.cells()
    y = BAND_TOP_MM
    out: dict[str, tuple[str, Box]] = {}
    k = 0
    while True:
        src, printed_values = printed_blank(lay, rng) if printed else (blank, {})
        if rng.random() < p_footer:
            top, bottom = lay.rows[-1].y - 1.0, lay.footer.y2 + 1.0
            refs = [r for r in cells if not r.startswith(("g", "table"))] + [
                r for r in cells if _game_of(r) == lay.games]
        else:
            top, bottom = lay.header.y - 1.0, lay.body.y + lay.rows[0].h + 1.0
            refs = [r for r in cells if r.startswith("table.start_number") or _game_of(r) == 1]
        if y + bottom - top > lay.page.h - BAND_TOP_MM:
            break
        dy = y - top
        s0, s1 = int(round(top * PX_PER_MM)), int(round(bottom * PX_PER_MM))
        d0 = int(round(y * PX_PER_MM))
        sheet[d0:d0 + s1 - s0] = src[s0:s1]
        dy = (d0 - s0) / PX_PER_MM
        for r in refs:
            b = cells[r]
            out[f"b{k}:{r}"] = (r, Box(b.x, b.y + dy, b.w, b.h))
            if r in printed_values:
                values[f"b{k}:{r}"] = printed_values[r]
        y += bottom - top + BAND_GAP_MM
        k += 1
    return sheet, out, values


def printed_blank(lay, rng: np.random.Generator) -> tuple[np.ndarray, dict[str, str]]:
    """The blank form of ``lay`` with drawn series, table and start numbers printed by the form code, rendered
    at one of :data:`PRINTED_DPI` and resampled to RECTIFIED_DPI. Out: (grey page, {cell reference: printed
    text}); now and then (:data:`P_PRINTED_MISSING`) one value is not printed (written by hand instead)."""
    def number(lo_hi, big=999):
        return int(rng.integers(1, big + 1)) if rng.random() < P_PRINTED_BIG else int(rng.integers(*lo_hi))
    series, table = number(PRINTED_SERIES, 99), number(PRINTED_TABLE)
    starts: list = [str(number(PRINTED_START)) for _ in range(lay.seats)]
    if rng.random() < P_PRINTED_MISSING:
        k = int(rng.integers(lay.seats + 2))
        if k < lay.seats:
            starts[k] = None
        elif k == lay.seats:
            series = None
        else:
            table = None
    dpi = int(rng.choice(PRINTED_DPI))
    img = render_png(lay, series, table, starts, dpi=dpi)
    ref = blank_page(lay.seats, lay.games, lay.edition)
    interp = cv2.INTER_AREA if dpi > RECTIFIED_DPI else cv2.INTER_LINEAR
    img = cv2.resize(img, (ref.shape[1], ref.shape[0]), interpolation=interp)
    values = {}
    if series is not None:
        values["table.series"] = str(series)
    if table is not None:
        values["table.table"] = str(table)
    for k, n in enumerate(starts, start=1):
        if n is not None:
            values[f"table.start_number.{k}"] = n
    return img, values


def make_page(seed: int, split: str, mode: str = "train", pool_seed: int = 0,
              keep: Optional[dict] = None, printed: bool = False, pad: int = WIDE_PAD) -> list[Sample]:
    """Fill, photograph, rectify and cut one page; deterministic given the arguments.

    ``split`` "train" or "test" (the glyph bank split all writers come from), ``mode`` "train" (wide
    crops) or "test" (final jittered crops). A share :data:`P_BAND_SHEET` of the pages are sheets of
    stacked footer or header bands (:func:`_band_sheet`). Out: the kept cells (``keep``: share kept
    per kind, default :data:`KEEP`). ``printed``: a skatscan form with series, table and start numbers
    printed (:func:`printed_blank`; kind "printed", label the printed text), band sheets of header bands.
    ``pad``: the wide crops' pad (px; more for a reader shown the cell among its neighbours)."""
    keep = KEEP if keep is None else keep
    base = [seed, 17] if not printed else [seed, 17, 1]
    rng = np.random.default_rng(base)
    # the writing and the camera draw from streams of their own: the same page written by other hands (the
    # other split, or glyphs left out) keeps its contents, its photo and its crops
    hand_rng, camera_rng = np.random.default_rng(base + [3]), np.random.default_rng(base + [4])
    edition = EDITIONS[int(rng.integers(len(EDITIONS)))]
    if printed:
        edition = "skatscan"
    seats = int(rng.choice((3, 4)))
    games = (DEFAULT_GAMES[seats] if rng.random() < P_DEFAULT_GAMES
             else int(rng.integers(MIN_GAMES, DEFAULT_GAMES[seats] + 1)))
    lay = layout_for(seats, games, edition)
    band = rng.random() < P_BAND_SHEET
    if band:
        grey_blank, cells, printed_values = _band_sheet(lay, rng, printed)
    else:
        grey_blank, printed_values = printed_blank(lay, rng) if printed else (blank_page(seats, games, edition), {})
        cells = {r: (r, b) for r, b in lay.cells().items()}
    page = cv2.cvtColor(grey_blank, cv2.COLOR_GRAY2BGR)
    strike = np.zeros(page.shape[:2], np.float32)

    # who writes where: blocks of game rows, the footer (each band of a band sheet), each signature
    row_writer = {}
    w = _writer(rng, split, pool_seed)
    for g in range(1, games + 1):
        if g > 1 and (g - 1) % int(rng.integers(*WRITER_BLOCK_ROWS)) == 0 and rng.random() < P_NEW_WRITER:
            w = _writer(rng, split, pool_seed)
        row_writer[g] = w
    band_writer = {}

    # crossed-out rows at the end, a cancelled row (full pages only)
    crossed, cancelled = set(), None
    if not band:
        if rng.random() < P_CROSS_OUT:
            n = int(rng.integers(*CROSS_OUT_ROWS))
            crossed = set(range(max(games - n + 1, 2), games + 1))
        cancelled = int(rng.integers(1, games + 1)) if rng.random() < P_CANCELLED_ROW else None

    plan: dict[str, Content] = {}
    for key, (ref, box) in cells.items():
        c = content_for(slot_of(ref), edition, seats, rng)
        if key in printed_values:
            c = Content("printed", printed_values[key], printed_values[key])
        if _game_of(ref) in crossed and rng.random() > P_CONTENT_UNDER_STROKE:
            c = EMPTY
        plan[key] = c
    cut: dict[str, float] = {}
    for key, c in plan.items():
        if c.kind in ("empty", "printed"):
            continue
        ref, box = cells[key]
        game = _game_of(ref)
        if ref.startswith("signature"):
            wr = _writer(rng, split, pool_seed)
        elif game is not None and not band:
            wr = row_writer[game]
        else:
            tile = key.split(":")[0]
            if tile not in band_writer:
                band_writer[tile] = _writer(rng, split, pool_seed)
            wr = band_writer[tile]
        cut[key] = _write_cell(page, box, c, wr, hand_rng)

    row_h = lay.rows[0].h
    strike_pen = 0.0
    if crossed:
        first, last = lay.row(min(crossed)), lay.row(max(crossed))
        left = lay.column("base").x if rng.random() < 0.7 else lay.columns[0].x
        wr = row_writer[max(crossed)]
        region = Box(left, first.y, lay.columns[-1].x2 - left, last.y2 - first.y)
        _cross_out(page, strike, region, row_h, wr, hand_rng)
        strike_pen = max(strike_pen, wr.pen_width * row_h * PX_PER_MM * 1.1)
    if cancelled is not None:
        r = lay.row(cancelled)
        left = lay.column("base").x
        wr = row_writer[cancelled]
        _cross_out(page, strike, Box(left, r.y, lay.columns[-1].x2 - left, r.h), row_h, wr, hand_rng, style="line")
        strike_pen = max(strike_pen, wr.pen_width * row_h * PX_PER_MM * 1.1)

    # photograph and warp back
    frame = (lay.grid.x / lay.page.w, (lay.grid.y - 2) / lay.page.h, lay.grid.x2 / lay.page.w,
             lay.grid.y2 / lay.page.h) if not band else (0.08, 0.02, 0.92, 0.98)
    width = int(_weighted(camera_rng, PHOTO_WIDTHS))
    photo = photograph(page, camera_rng, effects=CameraEffects.random(camera_rng, keep=frame, width=width))
    rect, seen, scale = rectify(photo, page.shape[:2], camera_rng)
    grey = to_grey(rect, camera_rng)

    out = []
    for key, (ref, box) in cells.items():
        c = plan[key]
        label, kind = c.label, c.kind
        # drawn for every cell, whatever the writing did: the other cells keep their draws
        chance, jittered = rng.random(), jitter_box(box, rng)
        if strike_pen:
            state = _strike_state(strike, box, strike_pen)
            if state == "ambiguous":
                continue
            if state == "struck":
                label, kind = STRIKE, "strike"
        if chance >= keep[kind]:
            continue
        x0, y0, x1, y1 = cell_rect(box)
        if not seen[max(y0, 0):y1, max(x0, 0):x1].all():
            continue
        if mode == "train":
            image, origin = wide_crop(grey, box, pad)
        else:
            image, origin = crop(grey, jittered, margin=margin_for(ref)), None
        out.append(Sample(image, origin, box, label, kind, ref, seed, round(scale * PX_PER_MM, 3),
                          round(cut.get(key, 0.0), 4)))
    return out


# ------------------------------------------------------------------------------------------ storage


def _page_job(args):
    seed, split, mode, pool_seed, keep, printed, pad = args
    return make_page(seed, split, mode, pool_seed, keep, printed, pad)


def make_cells(pages: int, split: str, seed: int, mode: str = "train", workers: int = 1,
               keep: Optional[dict] = None, printed: bool = False, pad: int = WIDE_PAD) -> list[Sample]:
    """Cells of ``pages`` pages (page seeds derived from ``seed``), in page order; ``keep``, ``printed`` and
    ``pad`` as for :func:`make_page`."""
    if split not in ("train", "test"):
        raise ValueError(f"split must be train or test, not {split!r}")
    seeds = [int(s) for s in np.random.default_rng(seed).integers(0, 2**31 - 1, pages)]
    jobs = [(s, split, mode, seed, keep, printed, pad) for s in seeds]
    if workers > 1:
        with Pool(workers) as pool:
            parts = pool.map(_page_job, jobs, chunksize=1)
    else:
        parts = [_page_job(j) for j in jobs]
    return [s for part in parts for s in part]


#: What the cells are made from: a file of cells made by other versions of these is stale (train_reader makes
#: it anew).
GENERATOR_FILES = ("tools/make_cells.py", "digitize/synth/handwriting.py", "digitize/synth/camera.py",
                   "digitize/glyphs.py", "digitize/data/glyphs.npz", "digitize/form.py", "digitize/layout.py",
                   "digitize/cells.py")


def generator_fingerprint(files=GENERATOR_FILES, root: Path = ROOT) -> str:
    """A short hash of the files the cells are made from (:data:`GENERATOR_FILES`, relative to ``root``)."""
    h = hashlib.sha256()
    for name in files:
        h.update(name.encode() + b"\0" + (root / name).read_bytes())
    return h.hexdigest()[:16]


def save(path: str | Path, samples: list[Sample], **meta) -> None:
    """Write samples to an npz without pickles: images flattened with their shapes; ``meta`` (strings) beside
    them, with the :func:`generator_fingerprint` as ``generator`` unless given."""
    meta.setdefault("generator", generator_fingerprint())
    shapes = np.array([s.image.shape for s in samples], np.int32).reshape(-1, 2)
    flat = np.concatenate([s.image.ravel() for s in samples]) if samples else np.zeros(0, np.uint8)
    origins = np.array([s.origin if s.origin is not None else (0, 0) for s in samples], np.int32).reshape(-1, 2)
    boxes = np.array([(s.box.x, s.box.y, s.box.w, s.box.h) for s in samples], np.float64).reshape(-1, 4)
    np.savez_compressed(path, pixels=flat, shapes=shapes, origins=origins, boxes=boxes,
                        labels=np.array([s.label for s in samples], dtype="U12"),
                        kinds=np.array([s.kind for s in samples], dtype="U12"),
                        refs=np.array([s.ref for s in samples], dtype="U32"),
                        pages=np.array([s.page for s in samples], np.int64),
                        photo_px_per_mm=np.array([s.photo_px_per_mm for s in samples], np.float32),
                        cut=np.array([s.cut for s in samples], np.float32),
                        meta_keys=np.array(list(meta), dtype="U64"),
                        meta_values=np.array([str(v) for v in meta.values()], dtype="U256"))


def load(path: str | Path) -> dict:
    """Read a file written by :func:`save`: dict with ``images`` (list of uint8 arrays), ``origins``,
    ``boxes`` (list of Box), ``labels``, ``kinds``, ``refs``, ``pages``, ``meta``."""
    with np.load(path, allow_pickle=False) as z:
        shapes, flat = z["shapes"], z["pixels"]
        ends = np.cumsum([h * w for h, w in shapes])
        starts = np.concatenate([[0], ends[:-1]]).astype(np.int64)
        images = [flat[a:a + h * w].reshape(h, w) for a, (h, w) in zip(starts, shapes)]
        return {"images": images, "origins": [tuple(o) for o in z["origins"].tolist()],
                "boxes": [Box(*b) for b in z["boxes"].tolist()], "labels": [str(s) for s in z["labels"]],
                "kinds": [str(s) for s in z["kinds"]], "refs": [str(s) for s in z["refs"]],
                "pages": z["pages"].tolist(), "photo_px_per_mm": z["photo_px_per_mm"].tolist(),
                "cut": z["cut"].tolist(), "meta": dict(zip(z["meta_keys"].tolist(), z["meta_values"].tolist()))}


def contact_sheet(images: list[np.ndarray], labels: list[str], cols: int = 12, cell=(60, 150)) -> np.ndarray:
    """A grey contact sheet of crops with their labels (for eyeballing the data)."""
    h, w = cell
    rows = int(math.ceil(len(images) / cols))
    sheet = np.full((rows * (h + 14), cols * w), 255, np.uint8)
    for i, (img, lab) in enumerate(zip(images, labels)):
        r, c = divmod(i, cols)
        s = min((h - 2) / img.shape[0], (w - 4) / img.shape[1], 2.0)
        im = cv2.resize(img, (max(1, int(img.shape[1] * s)), max(1, int(img.shape[0] * s))),
                        interpolation=cv2.INTER_NEAREST)
        y, x = r * (h + 14), c * w
        sheet[y:y + im.shape[0], x:x + im.shape[1]] = im
        cv2.putText(sheet, repr(lab), (x + 2, y + h + 10), cv2.FONT_HERSHEY_SIMPLEX, 0.4, 0, 1, cv2.LINE_AA)
    return sheet


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--split", choices=("train", "test"), default="test")
    ap.add_argument("--mode", choices=("train", "test"), default=None, help="default: as the split")
    ap.add_argument("--pages", type=int, default=20)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", default=None)
    ap.add_argument("--sheet", default=None, help="write a contact sheet PNG of the first cells")
    ap.add_argument("--printed", action="store_true", help="skatscan forms with series, table and start numbers "
                    "printed (cells of kind 'printed'; of the other kinds only a few kept)")
    ap.add_argument("--pad", type=int, default=WIDE_PAD, help="train mode: px around each wide crop (default "
                    "%(default)s; more for a reader shown the cell among its neighbours)")
    args = ap.parse_args(argv)
    mode = args.mode or args.split
    samples = make_cells(args.pages, args.split, args.seed, mode, args.workers,
                         keep=KEEP_PRINTED if args.printed else None, printed=args.printed, pad=args.pad)
    kinds = {k: sum(s.kind == k for s in samples) for k in KINDS}
    print(f"{len(samples)} cells from {args.pages} pages ({args.split} writers): {kinds}")
    if args.out:
        save(args.out, samples, split=args.split, mode=mode, pages=args.pages, seed=args.seed, pad=args.pad)
    if args.sheet:
        rng = np.random.default_rng(0)
        pick = rng.choice(len(samples), size=min(240, len(samples)), replace=False)
        imgs = [samples[i].image if mode == "test" else
                jittered_crop(samples[i].image, samples[i].origin, samples[i].box, rng, margin_for(samples[i].ref))
                for i in pick]
        cv2.imwrite(args.sheet, contact_sheet(imgs, [samples[i].label for i in pick]))


if __name__ == "__main__":
    main()
