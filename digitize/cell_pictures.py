"""A cell's picture for the referee: cut from the photo around the cell, upright, the cell outlined.

The review report's list page shows every reading in doubt beside the box where the referee writes what the paper
says ("Zweifel entscheiden"): with the cell's picture there the referee decides it at a glance instead of looking
for the cell on the photo of the whole list (a list read in doubt has some thirty such cells). The picture shows a
little of the cell's neighbours too (:data:`MARGIN_X`, :data:`MARGIN_Y`): a figure written over the cell's line is
seen whole, and so is the row it belongs to.

It is cut through the cell's quad on the photo (``CellReading.box``: top-left, top-right, bottom-right and
bottom-left corner of the printed cell, in the page's own order), so the picture of a list photographed turned or
askew comes out upright and square.
"""
from __future__ import annotations

from typing import Iterable, Sequence

import cv2
import numpy as np

#: Height (px) of the cell in its picture: about a game row's height on the report's copy of a phone photo
#: (``digitize.pipeline.REPORT_WIDTH``, 1600 px wide: a 4.4 mm row is 30-45 px high), so it is hardly scaled.
CELL_H = 40
#: The neighbourhood shown around the cell, in cell heights: left and right, above and below.
MARGIN_X = 0.6
MARGIN_Y = 0.5
#: Widest picture (px): a signature box or a long footer cell is shrunk to it.
MAX_W = 420
#: The cell's outline (BGR): the orange of a doubt on the report's photo (``digitize.annotate.DOUBT``).
OUTLINE = (0, 140, 255)
JPEG_QUALITY = 85


def cell_picture(image: np.ndarray, quad: Sequence, scale: float = 1.0) -> np.ndarray:
    """The picture of the cell whose corners on the photo are ``quad`` (4 (x, y), in photo px of the photo the
    list was read from; ``scale`` maps them onto ``image``, a reduced copy of that photo): a new BGR uint8 image,
    the cell :data:`CELL_H` px high with :data:`MARGIN_X` / :data:`MARGIN_Y` of its height around it (at most
    :data:`MAX_W` wide), outlined in :data:`OUTLINE`; where it reaches past the photo's edge the edge repeated."""
    q = np.asarray(quad, np.float64).reshape(4, 2) * float(scale)
    tl, tr, br, bl = q
    w = (np.linalg.norm(tr - tl) + np.linalg.norm(br - bl)) / 2
    h = (np.linalg.norm(bl - tl) + np.linalg.norm(br - tr)) / 2
    cell_h = float(CELL_H)
    cell_w = cell_h * w / max(h, 1e-6)
    if cell_w + 2 * MARGIN_X * cell_h > MAX_W:      # a wide box: the whole picture shrunk to MAX_W
        cell_h *= MAX_W / (cell_w + 2 * MARGIN_X * cell_h)
        cell_w = cell_h * w / max(h, 1e-6)
    mx, my = MARGIN_X * cell_h, MARGIN_Y * cell_h
    size = (max(1, int(round(cell_w + 2 * mx))), max(1, int(round(cell_h + 2 * my))))
    dst = np.array([[mx, my], [mx + cell_w, my], [mx + cell_w, my + cell_h], [mx, my + cell_h]], np.float32)
    img = np.asarray(image)
    if img.ndim == 2:
        img = cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
    m = cv2.getPerspectiveTransform(q.astype(np.float32), dst)
    out = cv2.warpPerspective(img[:, :, :3], m, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    cv2.polylines(out, [np.round(dst).astype(np.int32)], True, OUTLINE, 1, cv2.LINE_AA)
    return out


def cell_pictures(image: np.ndarray, boxes: dict, refs: Iterable[str], scale: float = 1.0) -> dict[str, bytes]:
    """JPEG pictures (:func:`cell_picture`) of the cells ``refs`` whose quads ``boxes`` (ref -> quad or None, as
    ``CellReading.box``) gives; a cell without a quad, or one whose picture cannot be made, has none."""
    out = {}
    for ref in refs:
        quad = boxes.get(ref)
        if quad is None:
            continue
        try:
            picture = cell_picture(image, quad, scale)
        except (cv2.error, ValueError):
            continue        # a degenerate quad (three corners on a line): no picture rather than no report
        ok, buf = cv2.imencode(".jpg", picture, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
        if ok:
            out[ref] = buf.tobytes()
    return out
