"""Cutting cells out of a rectified page: the one convention the locator, the reader and the
synthetic training data share.

A *rectified page* is the sheet warped flat onto the layout's millimetre grid at
:data:`PX_PER_MM` pixels per millimetre (A4 -> 1680 x 2376 px, grey uint8, ink dark on
white). A *cell crop* is a cell's box plus :data:`CROP_MARGIN` of the cell height on every
side (handwriting overflows its box, and the reader must see a little of the printed lines to
learn to ignore them), padded with white where it runs off the page; a table head box is cut
without one (:func:`margin_for`).

>>> from digitize.layout import Box
>>> cell_rect(Box(10, 20, 12.5, 4.4))
(76, 156, 184, 199)
>>> page = np.full((2376, 1680), 255, np.uint8)
>>> crop(page, Box(10, 20, 12.5, 4.4)).shape
(43, 108)
"""
from __future__ import annotations

import cv2
import numpy as np

from digitize.cell_values import GAME_REF
from digitize.layout import Box

#: Resolution of the rectified page (8 px/mm = 203.2 dpi: a 4.4 mm row is 35 px tall).
PX_PER_MM = 8.0
#: Border added around a cell box, as a share of the cell's height, on every side.
CROP_MARGIN = 0.1
#: The border of a table head box (Serie, Tisch, Start-Nr.): none. The head's boxes are framed by thick lines, and
#: the start number's box by two (its own and its seat block's), which a margin brings into the crop as strokes
#: beside the figures; cut to the box, the committed networks (trained with CROP_MARGIN on every cell) read the
#: head cells of seed 8's photos right 208 times of 242 instead of 188, of seed 7's 147 of 174 instead of 136 (body
#: cells read worse without their margin: 7,017 of 7,811 written cells instead of 7,273).
HEAD_MARGIN = 0.0
#: The border of a cell's context crop (the reader's context network, ``tools/train_context.py``): this share of the
#: cell's height left and right, and above and below; a figure written over the cell's lines is seen whole, with its
#: neighbours' writing around it, and the cell's frame always where the crop puts it.
CONTEXT_MARGIN = (0.55, 0.4)
#: The footer's box the context network does not read: the loss money total, twice a row's height (the network was
#: trained on the game rows' and the footer's row-high cells).
CONTEXT_NOT = ("footer.money_total",)
#: Nor a seat's won and lost counts in a game row: narrow cells beside the seat's total, whose digits fill their
#: context crop. Asked about them too, on the cached readings of the benchmark's four draws (168 photos) it made 25
#: counts wrong and 28 right, one of them wrong without a doubt, and cost three accepted sheets their last right cell;
#: without them no sheet lost one (docs/reader.md, "The context network").
CONTEXT_NOT_FIELDS = ("won", "lost")
#: dpi of a page rendered at the rectified resolution (for digitize.form.render_png).
RECTIFIED_DPI = PX_PER_MM * 25.4


#: Points per side of the grid :func:`share_off_photo` samples a cell's quad with.
OFF_PHOTO_GRID = 10


def share_off_photo(quad, shape: tuple[int, ...]) -> float:
    """The share of a cell that lies off the photo: ``quad`` its four corners in photo pixels, in order around it
    (:attr:`digitize.locate.Located.quads`), ``shape`` the photo's (H, W, ...); sampled on a grid of
    :data:`OFF_PHOTO_GRID` x :data:`OFF_PHOTO_GRID` points of the quad. Where the page runs off the photo the
    rectified page repeats the photo's edge, and the reader sees no writing there.

    >>> square = [(0, 0), (10, 0), (10, 10), (0, 10)]
    >>> share_off_photo(square, (20, 20)), share_off_photo(square, (20, 5)), share_off_photo(square, (3, 3))
    (0.0, 0.5, 0.91)
    """
    q = np.asarray(quad, np.float64).reshape(4, 2)
    h, w = shape[:2]
    if q[:, 0].min() >= 0 and q[:, 0].max() < w and q[:, 1].min() >= 0 and q[:, 1].max() < h:
        return 0.0  # every sampled point is a convex mix of the corners: all on the photo (nearly every cell)
    t = (np.arange(OFF_PHOTO_GRID) + 0.5) / OFF_PHOTO_GRID
    u, v = (a.ravel()[:, None] for a in np.meshgrid(t, t))
    pts = (1 - u) * (1 - v) * q[0] + u * (1 - v) * q[1] + u * v * q[2] + (1 - u) * v * q[3]
    off = (pts[:, 0] < 0) | (pts[:, 0] >= w) | (pts[:, 1] < 0) | (pts[:, 1] >= h)
    return round(float(off.mean()), 4)


def margin_for(ref: str) -> float:
    """The crop border of cell ``ref``: :data:`HEAD_MARGIN` for the table head, :data:`CROP_MARGIN` elsewhere.

    >>> margin_for("table.start_number.2"), margin_for("g3.p2.total")
    (0.0, 0.1)
    """
    return HEAD_MARGIN if ref.startswith("table.") else CROP_MARGIN


def read_in_context(ref: str) -> bool:
    """Whether cell ``ref`` is one the context network reads (``digitize.pipeline.decode_reads``, when the list doubts
    it): a game row's cell but a seat's counts (:data:`CONTEXT_NOT_FIELDS`), or the footer's but
    :data:`CONTEXT_NOT`; not the table head's or a signature box (networks of their own).

    >>> [read_in_context(r) for r in ("g3.plus", "g3.p2.total", "footer.won.2", "footer.money_total", "g3.p2.won")]
    [True, True, True, False, False]
    >>> read_in_context("table.table"), read_in_context("signature.1")
    (False, False)
    """
    if GAME_REF.match(ref):
        return ref.rsplit(".", 1)[1] not in CONTEXT_NOT_FIELDS
    return ref.startswith("footer.") and ref not in CONTEXT_NOT


def weigh_in_context(ref: str) -> bool:
    """Whether the context network's sure opinion of cell ``ref`` (one it reads: :func:`read_in_context`) counts as
    much as the networks that read it before (``digitize.reader.CONTEXT_SURE``): a game row's cell, not the
    footer's. On the cached readings of the benchmark's four draws the footer's sure opinions, weighed up, made three
    written cells of the accepted photos wrong (a loss money "1,50" that every network read "2,50", a bonus "550"
    read "50" and its score) and none right (docs/reader.md, "The context network").

    >>> weigh_in_context("g3.plus"), weigh_in_context("footer.bonus.1")
    (True, False)
    """
    return bool(GAME_REF.match(ref))


def cell_rect(box: Box, px_per_mm: float = PX_PER_MM, margin=CROP_MARGIN) -> tuple[int, int, int, int]:
    """Pixel bounds ``(x0, y0, x1, y1)`` (ends exclusive) of the crop of ``box``; ``margin`` a share of the box's
    height on every side, or a pair (left and right, top and bottom).

    >>> from digitize.layout import Box
    >>> cell_rect(Box(10, 10, 20, 5), 1.0, 0.2), cell_rect(Box(10, 10, 20, 5), 1.0, (1.0, 0.2))
    ((9, 9, 31, 16), (5, 9, 35, 16))
    """
    mx, my = margin if isinstance(margin, tuple) else (margin, margin)
    pad_x, pad_y = mx * box.h, my * box.h
    x0 = int(round((box.x - pad_x) * px_per_mm))
    y0 = int(round((box.y - pad_y) * px_per_mm))
    x1 = int(round((box.x + box.w + pad_x) * px_per_mm))
    y1 = int(round((box.y + box.h + pad_y) * px_per_mm))
    return x0, y0, max(x1, x0 + 1), max(y1, y0 + 1)


def crop(page: np.ndarray, box: Box, px_per_mm: float = PX_PER_MM, margin=CROP_MARGIN) -> np.ndarray:
    """A new grey crop of ``box`` from ``page`` (grey uint8), white where it leaves the page."""
    x0, y0, x1, y1 = cell_rect(box, px_per_mm, margin)
    h, w = page.shape[:2]
    out = np.full((y1 - y0, x1 - x0), 255, np.uint8)
    sx0, sy0, sx1, sy1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if sx1 > sx0 and sy1 > sy0:
        src = page[sy0:sy1, sx0:sx1]
        if src.ndim == 3:
            src = cv2.cvtColor(src, cv2.COLOR_BGR2GRAY)
        out[sy0 - y0:sy1 - y0, sx0 - x0:sx1 - x0] = src
    return out
